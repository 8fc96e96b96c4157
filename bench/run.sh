#!/usr/bin/env bash
# petstore's performance benchmark: petstore against curl, xh, xargs and wrk, side by side, against a sandbox
# API that this script starts itself on loopback; tables of mean times, ratios and peak memory at the end.
#
#   bench/run.sh                          # everything: about 3 minutes on 2 cores, after one-time installs
#   BENCH_BULK_N=1000 bench/run.sh        # a quicker bulk section (1,000 pets instead of 10,000)
#
# What it measures (each with hyperfine: warm-up runs, then a bounded number of runs):
#   1. Start-up:  `petstore --version` against `curl --version` and `xh --version`.
#   2. A list of 100 pets: `petstore pets list --limit 100 --json` with the key from PETSTORE_API_KEY, against
#      `curl -s -H 'Authorization: Bearer KEY' URL` and `xh`.
#   2b. The same list, `petstore --env bench pets list --limit 100 --json`, by where the key comes from, in
#      one hyperfine run with xh, inside tests/keyring-session.sh (a private D-Bus session and a throwaway
#      gnome-keyring): PETSTORE_API_KEY; `auth login --storage kernel` (the kernel's persistent keyring); the
#      Secret Service with its copy in the kernel's cache (warm); and the Secret Service with that copy
#      dropped before each run (`keyctl invalidate`, cold). `secret-tool lookup` of the same item (libsecret's
#      own client) is shown for comparison. `auth status` must name each source before anything is timed.
#      Every command starts through env(1), the only way to give one command its own environment with
#      hyperfine -N; what env adds (`env true` against `true`, in the same run) is subtracted from each row.
#   3. Bulk: BENCH_BULK_N pets (10,000) with `petstore pets add --file F.ndjson`, against a shell loop of curl,
#      `xargs -P8 curl`, and `curl --parallel --parallel-max 8 -K CONFIG` (one process, reused connections: the
#      strongest single-process peer). Every tool gets a fresh sandbox, and afterwards the id of one more pet
#      proves that every request created exactly one pet. The sandbox's ceiling is wrk's rate with the same
#      POST (same body shape, same headers, same concurrency) for BENCH_WRK_SECONDS, shown as the time it
#      needs for BENCH_BULK_N requests. The shell loop and xargs run once each (~60-90 s and ~55-65 s at
#      10,000 on 2 cores); the others BENCH_BULK_RUNS times.
#   4. Bulk over a slow link (bench/latency.sh, also runnable alone): BENCH_LATENCY_N records (1,000) into a
#      sandbox with `--latency 50`, then `--latency 20..80`, petstore's defaults against `--concurrency` 8, 16,
#      64 and `curl --parallel` (50 at once) in one hyperfine run each; and a sandbox of `--max-connections 16`,
#      the defaults against `--concurrency 16`. Its table (latency.txt) is printed at the end.
#   5. CPU per record (bench/cpu.sh, also runnable alone): instructions per record under callgrind (counted,
#      so repeatable on a busy machine), CPU time per request under `perf stat` for petstore and wrk, and
#      rounds of wrk then petstore (defaults and --concurrency 8), each ratio from one round; median and spread.
#   6. Over HTTPS (bench/tls.sh, also runnable alone): the sandbox's --tls (h2) and --tls --http1, and nginx
#      as a TLS front for a plain-HTTP sandbox (h2; HTTP/1.1), with --latency 50 and without: bulk add of 2,000
#      against h2load (256 streams; 256 connections), start-up and a list of 100 against xh --verify, CPU per
#      record and peak RSS at 2,000 and 10,000 records.
#   Peak RSS of each (`/usr/bin/time -f %M`, the largest of 5 runs; for bulk, the largest over all runs).
#      For the shell loop and xargs it is the largest single process (one curl), not the sum of the eight
#      that xargs keeps alive.
#
# Ratios are petstore's mean (or peak RSS) divided by the peer's: below 1.0, petstore is faster (smaller).
# The goals (from the issue) are checked at the end: start-up and list <= 1.0 against curl and xh; bulk <= 1.0
# against curl --parallel and <= 2.0 against the wrk ceiling; list peak RSS <= curl's; in 2b, the warm cache
# and --storage kernel each <= 1.0 against xh and <= 1.10 against PETSTORE_API_KEY (the cold cache is shown,
# not checked).
#
# It installs what is missing: hyperfine, wrk, curl, h2load (nghttp2-client, by bench/tls.sh), nginx-light (by
# bench/tls.sh), time (GNU /usr/bin/time), dbus-daemon, gnome-keyring,
# libsecret-tools and keyutils with apt-get (sudo when not root), and xh with `cargo install xh --locked` (a few
# minutes of compiling, once). It builds `cargo build --release -p petstore -p petstore-sandbox` (the release
# profile in Cargo.toml: fat LTO, one codegen unit, stripped, panic=abort) and runs copies of the binaries, so a
# rebuild during the run changes nothing. All traffic is to 127.0.0.1; every sandbox it starts is stopped on exit.
#
# Settings (environment variables):
#   BENCH_BULK_N        pets in the bulk section (10000)
#   BENCH_CONCURRENCY   requests in flight for petstore, xargs -P, curl --parallel-max and wrk -c (8)
#   BENCH_RUNS          hyperfine runs for start-up and list (200; 20 warm-up runs first)
#   BENCH_BULK_RUNS     hyperfine runs for petstore and curl --parallel in the bulk section (5; 1 warm-up)
#   BENCH_WRK_SECONDS   how long wrk measures the ceiling (5)
#   BENCH_OUT           where hyperfine's JSON and CSV exports and the table go (default: a new temp dir,
#                       kept and named at the end)
#   BENCH_NO_INSTALL=1  never install anything: a missing tool is an error (xh, the keyring: a skipped row)
#
# Numbers depend on the machine and on what else runs on it: the header prints the CPU count and load.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SELF="$ROOT/bench/run.sh"
KEY=sandbox # the sandbox's built-in key; every tool sends it as `Authorization: Bearer sandbox`

BULK_N=${BENCH_BULK_N:-10000}
CONC=${BENCH_CONCURRENCY:-8}
RUNS=${BENCH_RUNS:-200}
BULK_RUNS=${BENCH_BULK_RUNS:-5}
WRK_SECONDS=${BENCH_WRK_SECONDS:-5}
RSS_RUNS=5

say() { printf '\n== %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

# The peak RSS in KiB of a command given as one string (split as hyperfine -N splits it): the largest of
# RSS_RUNS runs, each after the command $2 (optional, given the same way), as hyperfine's --prepare.
peak_rss() {
    local cmd=$1 prepare=${2:-} file max=0 value
    local -a run prep=()
    file=$(mktemp)
    eval "run=($cmd)"
    [[ -n $prepare ]] && eval "prep=($prepare)"
    for _ in $(seq "$RSS_RUNS"); do
        if ((${#prep[@]})); then "${prep[@]}" </dev/null >/dev/null 2>&1 || die "failed: $prepare"; fi
        /usr/bin/time -f %M -o "$file" -- "${run[@]}" </dev/null >/dev/null 2>&1 || die "failed: $cmd"
        value=$(tail -n 1 "$file")
        ((value > max)) && max=$value
    done
    rm -f "$file"
    echo "$max"
}

# The largest value in a file of `/usr/bin/time -f %M -a` lines.
max_rss_in() { awk '$1 ~ /^[0-9]+$/ && $1 > m { m = $1 } END { print m + 0 }' "$1"; }

# Appends one row of results: SECTION LABEL MEAN_S STDDEV_S RSS_KIB ROLE (base: petstore's row that peers are
# compared with; peer; info: shown without a ratio).
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$OUT/results.tsv"; }

# Reads hyperfine's CSV export: the mean and standard deviation (seconds) of the command named $2.
csv_stat() { awk -F, -v name="$2" -v col="$3" 'NR > 1 && $1 == name { print ($col == "" ? "-" : $col) }' "$1"; }

# hyperfine with the exports that the table is made from. $1: the export's base name; the rest: options and
# `-n NAME COMMAND` pairs.
hf() {
    local name=$1
    shift
    hyperfine -N --style basic --export-json "$OUT/$name.json" --export-csv "$OUT/$name.csv" "$@" </dev/null >&2
}

# ---------------------------------------------------------------------------------------------------------------
# Section 2b, run by the outer script inside tests/keyring-session.sh: `run.sh --keyring-inner WORK OUT URL`.
# The same list with the key from each place petstore can read it, in one hyperfine run with xh, so that the
# ratios compare runs made under the same load. Writes its rows to OUT/results.tsv.
if [[ ${1:-} == --keyring-inner ]]; then
    WORK=$2 OUT=$3 URL=$4
    unset PETSTORE_API_KEY PETSTORE_BASE_URL PETSTORE_ENV
    export PETSTORE_CONFIG_DIR="$WORK/keyring-config" PETSTORE_NO_INPUT=1
    kernel_dir="$WORK/kernel-config"
    mkdir -p "$PETSTORE_CONFIG_DIR" "$kernel_dir"
    # The kernel's copies outlive this session (the cache for key_cache_ttl, the persistent keyring for days):
    # logging out removes them.
    logout() {
        petstore -q auth logout --env bench </dev/null >/dev/null 2>&1 || true
        PETSTORE_CONFIG_DIR=$kernel_dir petstore -q auth logout --env bench </dev/null >/dev/null 2>&1 || true
    }
    trap logout EXIT
    # Two config directories, each with an environment `bench`: the key in the Secret Service (and cached in
    # the user keyring), or in the kernel's persistent keyring alone (`--storage kernel`).
    petstore -q env add bench "$URL" >/dev/null
    printf %s "$KEY" | petstore -q auth login --env bench --no-verify >/dev/null
    grep -q 'key_storage = "keyring"' "$PETSTORE_CONFIG_DIR/config.toml" || die "the key did not go to the keyring"
    PETSTORE_CONFIG_DIR=$kernel_dir petstore -q env add bench "$URL" >/dev/null
    printf %s "$KEY" | PETSTORE_CONFIG_DIR=$kernel_dir petstore -q auth login --env bench --storage kernel \
        --no-verify >/dev/null
    grep -q 'key_storage = "kernel"' "$kernel_dir/config.toml" || die "the key did not go to the kernel keyring"

    # The cache's entry, and hyperfine --prepare commands for it. With -N, hyperfine splits a prepare command
    # as it splits the others, without a shell: hence `bash -c`. Every command gets one, so that all runs
    # follow a prepare alike; only the cold one's drops the entry (none there is fine: cold already).
    cache_entry="petstore-cache:bench:$PETSTORE_CONFIG_DIR"
    invalidate="bash -c 'id=\$(keyctl search @u user \"\$0\" 2>/dev/null) || exit 0; keyctl invalidate \"\$id\"' $cache_entry"
    look="bash -c 'keyctl search @u user \"\$0\" >/dev/null 2>&1; exit 0' $cache_entry"
    # The SOURCE column of `auth status` for a command given as one string, `petstore` replaced by
    # `petstore auth status` (and `pets list ...` dropped).
    source_of() {
        eval "set -- ${1%% pets list*} auth status -o tsv --columns keySource"
        "$@" </dev/null 2>/dev/null | tail -n 1
    }

    # hyperfine -N cannot give one command an environment of its own, and PETSTORE_API_KEY and the kernel's
    # config directory need one: every command starts through env(1), even those that need nothing from it,
    # so that each pays the same extra exec. `env true` against `true` measures that exec; it is subtracted
    # from every row.
    cmd="petstore --env bench pets list --limit 100 --json"
    # Name (for hyperfine), command, role, prepare, label (for the table).
    variants=(
        "PETSTORE_API_KEY" "env PETSTORE_API_KEY=$KEY $cmd" var "$look" "PETSTORE_API_KEY set (no store read)"
        "storage kernel" "env PETSTORE_CONFIG_DIR=$kernel_dir $cmd" kernel "$look" "--storage kernel"
        "keyring cache warm" "env $cmd" warm "$look" "keyring, kernel cache warm"
        "keyring cache cold" "env $cmd" cold "$invalidate" "keyring, cache cold (dropped before each run)"
        "xh" "env xh --ignore-stdin '$URL/pets?limit=100' 'Authorization:Bearer $KEY'" xh "$look"
        "xh URL Authorization:..."
    )
    # The same item read by libsecret's own client, for comparison (shown, not checked).
    if command -v secret-tool >/dev/null &&
        [[ $(secret-tool lookup service petstore username bench 2>/dev/null) == "$KEY" ]]; then
        variants+=("secret-tool" "env secret-tool lookup service petstore username bench" info "$look"
            "secret-tool lookup (libsecret's client)")
    fi
    variants+=("env true" "env true" launcher "$look" "" "true" "true" launcher "$look" "")

    # Each command lists the same 100 pets, and each petstore reads its key where it is meant to.
    for ((i = 0; i < ${#variants[@]}; i += 5)); do
        [[ ${variants[i + 2]} == launcher ]] && continue
        [[ ${variants[i + 2]} == info ]] && continue
        eval "set -- ${variants[i + 1]}"
        count=$("$@" </dev/null | grep -o '"id"' | wc -l)
        [[ $count -eq 100 ]] || die "${variants[i]} listed $count pets, not 100"
    done
    check_source() { # COMMAND EXPECTED
        local got
        got=$(source_of "$1")
        [[ $got == "$2" ]] || die "\`${1%% pets list*} auth status\` shows the key's source as '$got', not '$2'"
    }
    check_source "env PETSTORE_API_KEY=$KEY $cmd" PETSTORE_API_KEY
    check_source "env PETSTORE_CONFIG_DIR=$kernel_dir $cmd" kernel
    eval "set -- $invalidate"
    "$@"
    check_source "env $cmd" keyring # and that read fills the cache again:
    check_source "env $cmd" "kernel cache"

    args=()
    for ((i = 0; i < ${#variants[@]}; i += 5)); do
        args+=(--prepare "${variants[i + 3]}")
    done
    for ((i = 0; i < ${#variants[@]}; i += 5)); do
        args+=(-n "${variants[i]}" "${variants[i + 1]}")
    done
    hf list-sources --warmup 10 --runs "$RUNS" "${args[@]}"
    csv="$OUT/list-sources.csv"
    launcher=$(awk -v a="$(csv_stat "$csv" "env true" 2)" -v b="$(csv_stat "$csv" "true" 2)" 'BEGIN { print a - b }')
    for ((i = 0; i < ${#variants[@]}; i += 5)); do
        role=${variants[i + 2]}
        [[ $role == launcher ]] && continue
        mean=$(awk -v m="$(csv_stat "$csv" "${variants[i]}" 2)" -v l="$launcher" 'BEGIN { print m - l }')
        prepare=""
        [[ $role == cold ]] && prepare=$invalidate
        row 2b "${variants[i + 4]}" "$mean" "$(csv_stat "$csv" "${variants[i]}" 3)" \
            "$(peak_rss "${variants[i + 1]}" "$prepare")" "$role"
    done
    row 2b "env (the launcher: subtracted from each row)" "$launcher" - - launcher
    exit 0
fi

# ---------------------------------------------------------------------------------------------------------------
# Tools.

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need hyperfine hyperfine
need wrk wrk
need curl curl
[[ -x /usr/bin/time ]] || apt_install time || die "/usr/bin/time is missing (Debian package time)"
export PATH="$HOME/.cargo/bin:$PATH"
if ! command -v xh >/dev/null && [[ -z ${BENCH_NO_INSTALL:-} ]]; then
    say "xh is missing: installing it with \`cargo install xh --locked\` (compiles for a few minutes, once)"
    cargo install xh --locked >&2
fi
keyring_ok=1
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null ||
    ! command -v secret-tool >/dev/null || ! command -v keyctl >/dev/null; then
    apt_install dbus-daemon gnome-keyring libsecret-tools keyutils || keyring_ok=""
fi

say "building: cargo build --release -p petstore -p petstore-sandbox"
(cd "$ROOT" && cargo build --release -p petstore -p petstore-sandbox >&2)

# The work directory, its cleanup, start_sandbox, stop_sandbox and next_id. The sandbox refuses (507) more
# added pets than --max-pets, so start_sandbox makes room: the bulk runs add BULK_N each, and wrk adds as many
# as it can.
bench_work petstore-bench
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-bench-results.XXXXXX")}
mkdir -p "$OUT"
: >"$OUT/results.tsv"
# The release binaries first on PATH; petstore reads no config of the user's (an empty config directory).
BENCH_BIN=$ROOT/target/release bench_binaries

xh_version=$(command -v xh >/dev/null && xh --version | head -n 1 || echo "not installed")
{
    echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(uname -sm)," \
        "$(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), load average" \
        "$(cut -d' ' -f1-3 /proc/loadavg) at the start"
    echo "$(curl --version | head -n 1 | cut -d' ' -f1-3), $xh_version, $(hyperfine --version)," \
        "$(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2)"
} >"$OUT/header.txt"
cat "$OUT/header.txt" >&2

# ---------------------------------------------------------------------------------------------------------------
say "1. start-up"
startup=(-n "petstore --version" "petstore --version" -n "curl --version" "curl --version")
command -v xh >/dev/null && startup+=(-n "xh --version" "xh --version")
hf startup --warmup 20 --runs "$RUNS" "${startup[@]}"
for ((i = 1; i < ${#startup[@]}; i += 3)); do
    name=${startup[i]} role=peer
    [[ $name == petstore* ]] && role=base
    row 1 "$name" "$(csv_stat "$OUT/startup.csv" "$name" 2)" "$(csv_stat "$OUT/startup.csv" "$name" 3)" \
        "$(peak_rss "${startup[i + 1]}")" "$role"
done

# ---------------------------------------------------------------------------------------------------------------
say "2. a list of 100 pets"
start_sandbox --seed-pets 150
export PETSTORE_BASE_URL=$SANDBOX_URL PETSTORE_API_KEY=$KEY
list=(
    -n "petstore pets list --limit 100 --json" "petstore pets list --limit 100 --json"
    -n "curl -s -H 'Authorization: Bearer ...' URL" "curl -s -H 'Authorization: Bearer $KEY' '$SANDBOX_URL/pets?limit=100'"
)
command -v xh >/dev/null &&
    list+=(-n "xh URL Authorization:..." "xh --ignore-stdin '$SANDBOX_URL/pets?limit=100' 'Authorization:Bearer $KEY'")
for ((i = 1; i < ${#list[@]}; i += 3)); do # each prints the same 100 pets
    eval "set -- ${list[i + 1]}"
    count=$("$@" </dev/null | grep -o '"id"' | wc -l)
    [[ $count -eq 100 ]] || die "${list[i]} listed $count pets, not 100"
done
hf list --warmup 20 --runs "$RUNS" "${list[@]}"
for ((i = 1; i < ${#list[@]}; i += 3)); do
    name=${list[i]} role=peer
    [[ $name == petstore* ]] && role=base
    row 2 "$name" "$(csv_stat "$OUT/list.csv" "$name" 2)" "$(csv_stat "$OUT/list.csv" "$name" 3)" \
        "$(peak_rss "${list[i + 1]}")" "$role"
done
if [[ -n $keyring_ok ]]; then
    say "2b. the same list by where the key comes from, with a real keyring (tests/keyring-session.sh)"
    (
        unset PETSTORE_API_KEY PETSTORE_BASE_URL
        "$ROOT/tests/keyring-session.sh" "$SELF" --keyring-inner "$WORK" "$OUT" "$SANDBOX_URL"
    ) || { echo "bench: the keyring run failed; its rows are left out" >&2; keyring_ok=""; }
fi
unset PETSTORE_BASE_URL PETSTORE_API_KEY
stop_sandbox

# ---------------------------------------------------------------------------------------------------------------
say "3. bulk: $BULK_N pets, $CONC in flight"
# The same records for every tool, as NDJSON (petstore), one JSON per line (the loop, xargs) and a curl config.
seq 1 "$BULK_N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"
cat >"$WORK/post.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"name":"bench-1","categoryId":2,"status":"available"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $KEY"
EOF

# Runs one bulk tool against a fresh sandbox: hyperfine with WARMUP and RUNS, each run under /usr/bin/time,
# then checks that the sandbox created exactly BULK_N pets per run. $4 builds the command from $SANDBOX_URL.
bulk() { # NAME WARMUP RUNS COMMAND-FUNCTION ROLE
    local name=$1 warmup=$2 runs=$3 make=$4 role=$5 cmd rss="$WORK/rss.$RANDOM" expected got slug
    slug=bulk-$(printf %s "$name" | tr -c 'a-zA-Z0-9' - | tr -s - | cut -c1-30)
    start_sandbox --seed-pets 0
    export PETSTORE_BASE_URL=$SANDBOX_URL PETSTORE_API_KEY=$KEY
    cmd=$("$make")
    hf "$slug" --warmup "$warmup" --runs "$runs" -n "$name" "/usr/bin/time -f %M -a -o $rss $cmd"
    expected=$(((warmup + runs) * BULK_N + 1))
    got=$(next_id)
    stop_sandbox
    unset PETSTORE_BASE_URL PETSTORE_API_KEY
    [[ $got == "$expected" ]] ||
        die "$name: the next id is ${got:-none}, not $expected: not every request created exactly one pet"
    local sd=-
    ((runs > 1)) && sd=$(csv_stat "$OUT/$slug.csv" "$name" 3)
    row 3 "$name" "$(csv_stat "$OUT/$slug.csv" "$name" 2)" "$sd" "$(max_rss_in "$rss")" "$role"
}

petstore_cmd() { echo "petstore pets add --file $WORK/pets.ndjson --concurrency $CONC"; }
petstore_default_cmd() { echo "petstore pets add --file $WORK/pets.ndjson"; }
curl_parallel_cmd() {
    bench_curl_config
    echo "curl -s --parallel --parallel-max $CONC -K $WORK/curl.cfg"
}
curl_loop_cmd() {
    cat >"$WORK/loop.sh" <<EOF
while IFS= read -r pet; do
    curl -sf -o /dev/null -H 'Content-Type: application/json' -H 'Authorization: Bearer $KEY' -d "\$pet" $SANDBOX_URL/pets || exit 1
done <$WORK/pets.ndjson
EOF
    echo "bash $WORK/loop.sh"
}
curl_xargs_cmd() {
    cat >"$WORK/xargs.sh" <<EOF
xargs -P$CONC -d '\n' -I{} curl -sf -o /dev/null -H 'Content-Type: application/json' -H 'Authorization: Bearer $KEY' -d {} $SANDBOX_URL/pets <$WORK/pets.ndjson
EOF
    echo "bash $WORK/xargs.sh"
}

# petstore pets add --file is new: if this build has none, or it fails, its row says so and the rest goes on.
petstore_bulk=""
start_sandbox --seed-pets 0
head -n 2 "$WORK/pets.ndjson" >"$WORK/two.ndjson"
if PETSTORE_BASE_URL=$SANDBOX_URL PETSTORE_API_KEY=$KEY petstore -q pets add --file "$WORK/two.ndjson" \
    --concurrency "$CONC" </dev/null >/dev/null 2>"$WORK/add-file.err" && [[ $(next_id) == 3 ]]; then
    petstore_bulk=1
else
    echo "bench: petstore pets add --file is not available: $(head -n 1 "$WORK/add-file.err")" >&2
fi
stop_sandbox

if [[ -n $petstore_bulk ]]; then
    bulk "petstore pets add --file" 1 "$BULK_RUNS" petstore_cmd base
    # No comma in a name: the mean is read back from hyperfine's CSV export with `awk -F,`.
    bulk "petstore pets add --file (no --concurrency)" 1 "$BULK_RUNS" petstore_default_cmd peer
else
    row 3 "petstore pets add --file" "-" "-" "-" missing
fi
bulk "curl --parallel --parallel-max $CONC -K" 1 "$BULK_RUNS" curl_parallel_cmd peer
bulk "xargs -P$CONC curl" 0 1 curl_xargs_cmd peer
bulk "shell loop of curl" 0 1 curl_loop_cmd peer

say "3b. the sandbox's ceiling: wrk -t1 -c$CONC -d${WRK_SECONDS}s, the same POST"
start_sandbox --seed-pets 0
/usr/bin/time -f %M -o "$WORK/wrk.rss" wrk -t1 -c"$CONC" -d"${WRK_SECONDS}s" -s "$WORK/post.lua" "$SANDBOX_URL/pets" \
    </dev/null | tee "$OUT/wrk.txt" >&2
stop_sandbox
grep -qE 'Non-2xx|Socket errors' "$OUT/wrk.txt" && die "wrk saw errors (see above)"
rate=$(awk '/^Requests\/sec:/ { print $2 }' "$OUT/wrk.txt")
row 3 "wrk ceiling ($BULK_N requests at $(printf '%.0f' "$rate")/s)" "$(awk -v n="$BULK_N" -v r="$rate" 'BEGIN { print n / r }')" \
    "-" "$(max_rss_in "$WORK/wrk.rss")" peer

# ---------------------------------------------------------------------------------------------------------------
say "4. bulk over a slow link: sandbox --latency 50 and 20..80, and a server of 16 connections (bench/latency.sh)"
BENCH_BIN="$WORK/bin" BENCH_OUT="$OUT" bash "$ROOT/bench/latency.sh" >/dev/null ||
    echo "bench: the latency section failed; see above" >&2

# ---------------------------------------------------------------------------------------------------------------
say "5. CPU per record (callgrind, perf stat) and the wall clock against wrk's ceiling, round by round (bench/cpu.sh)"
command -v valgrind >/dev/null || apt_install valgrind || true
command -v perf >/dev/null || apt_install linux-perf || true
BENCH_BIN="$WORK/bin" BENCH_OUT="$OUT" BENCH_CPU_N="$BULK_N" bash "$ROOT/bench/cpu.sh" >/dev/null ||
    echo "bench: the CPU section failed; see above" >&2

# ---------------------------------------------------------------------------------------------------------------
say "6. over HTTPS: h2 and HTTP/1.1, 50 ms and 0 ms, against h2load and xh (bench/tls.sh)"
BENCH_BIN="$WORK/bin" BENCH_OUT="$OUT" bash "$ROOT/bench/tls.sh" >/dev/null ||
    echo "bench: the HTTPS section failed; see above" >&2

# ---------------------------------------------------------------------------------------------------------------
# The table: one line per command, ratios against the section's petstore row.
table() {
    awk -F'\t' '
        function t(s) { return s == "-" ? "-" : (s >= 1 ? sprintf("%.2f s", s) : sprintf("%.2f ms", s * 1000)) }
        function mib(k) { return k == "-" ? "-" : sprintf("%.1f MiB", k / 1024) }
        function ratio(a, b) { return (a == "" || a == "-" || b == "" || b == "-" || b == 0) ? "-" : sprintf(a / b < 0.1 ? "%.2g" : "%.2f", a / b) }
        $1 == "2b" { next } # the table of key sources, below
        { n++; sec[n] = $1; name[n] = $2; mean[n] = $3; sd[n] = $4; rss[n] = $5; role[n] = $6
          if ($6 == "base") { bmean[$1] = $3; brss[$1] = $5 } }
        END {
            title[1] = "1. start-up"; title[2] = "2. list of 100"; title[3] = "3. bulk add"
            printf "| %-46s | %10s | %9s | %18s | %9s | %14s |\n", "command", "mean", "± σ", "petstore ÷ this", "peak RSS", "RSS: petstore ÷"
            printf "|%s|%s|%s|%s|%s|%s|\n", "------------------------------------------------", "-----------:", "----------:", "-------------------:", "----------:", "---------------:"
            for (i = 1; i <= n; i++) {
                if (sec[i] != last) { printf "| **%s** | | | | | |\n", title[sec[i]]; last = sec[i] }
                r = "-"; rr = "-"
                if (role[i] == "peer") { r = ratio(bmean[sec[i]], mean[i]); rr = ratio(brss[sec[i]], rss[i]) }
                if (role[i] == "base") { r = "(1.00)"; rr = "(1.00)" }
                if (role[i] == "missing") { r = "not available" }
                printf "| %-46s | %10s | %9s | %18s | %9s | %14s |\n", name[i], t(mean[i]), t(sd[i]), r, mib(rss[i]), rr
            }
        }' "$OUT/results.tsv"
}

# Section 2b's table: each source's mean (less the launcher's) ÷ xh's and ÷ PETSTORE_API_KEY's, from one run.
sources_table() {
    awk -F'\t' '
        function t(s) { return s == "-" ? "-" : sprintf("%.2f ms", s * 1000) }
        function mib(k) { return k == "-" ? "-" : sprintf("%.1f MiB", k / 1024) }
        function ratio(a, b) { return (a == "" || a == "-" || b == "" || b == "-" || b == 0) ? "-" : sprintf("%.2f", a / b) }
        $1 != "2b" { next }
        { n++; name[n] = $2; mean[n] = $3; sd[n] = $4; rss[n] = $5; role[n] = $6
          if ($6 == "xh") { x = $3 } if ($6 == "var") { v = $3 } }
        END {
            if (!n) exit
            printf "| %-46s | %10s | %9s | %6s | %18s | %9s |\n", "2b. list of 100: where the key comes from", "mean", "± σ", "÷ xh", "÷ PETSTORE_API_KEY", "peak RSS"
            printf "|%s|%s|%s|%s|%s|%s|\n", "------------------------------------------------", "-----------:", "----------:", "-------:", "-------------------:", "----------:"
            for (i = 1; i <= n; i++) {
                rx = "-"; rv = "-"
                if (role[i] != "info" && role[i] != "launcher") { rx = ratio(mean[i], x); rv = ratio(mean[i], v) }
                printf "| %-46s | %10s | %9s | %6s | %18s | %9s |\n", name[i], t(mean[i]), t(sd[i]), rx, rv, mib(rss[i])
            }
        }' "$OUT/results.tsv"
}

# The goals: each ratio and whether it is met.
goals() {
    awk -F'\t' '
        function check(label, a, b, limit) {
            if (a == "" || b == "" || a == "-" || b == "-") { printf "  %-52s %s\n", label, "not measured"; return }
            printf "  %-52s %6.2f  (goal <= %.2f)  %s\n", label, a / b, limit, a / b <= limit ? "met" : "NOT MET"
        }
        $1 == 1 && $2 ~ /^petstore/ { s_p = $3 } $1 == 1 && $2 ~ /^curl/ { s_c = $3 } $1 == 1 && $2 ~ /^xh/ { s_x = $3 }
        $1 == 2 && $6 == "base" { l_p = $3; r_p = $5 } $1 == 2 && $2 ~ /^curl/ { l_c = $3; r_c = $5 }
        $1 == 2 && $2 ~ /^xh/ { l_x = $3 }
        $1 == "2b" { k[$6] = $3 }
        $1 == 3 && $6 == "base" { b_p = $3 } $1 == 3 && $2 ~ /^curl --parallel/ { b_c = $3 } $1 == 3 && $2 ~ /^wrk/ { b_w = $3 }
        END {
            print "Goals (petstore ÷ peer):"
            check("start-up: petstore --version ÷ curl --version", s_p, s_c, 1)
            check("start-up: petstore --version ÷ xh --version", s_p, s_x, 1)
            check("list of 100 (PETSTORE_API_KEY) ÷ curl", l_p, l_c, 1)
            check("list of 100 (PETSTORE_API_KEY) ÷ xh", l_p, l_x, 1)
            check("bulk ÷ curl --parallel", b_p, b_c, 1)
            check("bulk ÷ wrk ceiling", b_p, b_w, 2)
            check("peak RSS, list: petstore ÷ curl", r_p, r_c, 1)
            print "Goals, 2b (one run, the launcher subtracted):"
            check("list, kernel cache warm ÷ xh", k["warm"], k["xh"], 1)
            check("list, kernel cache warm ÷ PETSTORE_API_KEY", k["warm"], k["var"], 1.1)
            check("list, --storage kernel ÷ xh", k["kernel"], k["xh"], 1)
            check("list, --storage kernel ÷ PETSTORE_API_KEY", k["kernel"], k["var"], 1.1)
            if (k["cold"] != "" && k["var"] != "") {
                print "Not a goal, the cost of a Secret Service read (cache cold):"
                printf "  %-52s %6.2f\n", "list, cache cold ÷ xh", k["cold"] / k["xh"]
                printf "  %-52s %+6.2f ms\n", "cache cold, over PETSTORE_API_KEY", (k["cold"] - k["var"]) * 1000
                printf "  %-52s %+6.2f ms\n", "kernel cache warm, over PETSTORE_API_KEY", (k["warm"] - k["var"]) * 1000
            }
        }' "$OUT/results.tsv"
}

echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >>"$OUT/header.txt"
{
    echo
    cat "$OUT/header.txt"
    echo "Bulk: $BULK_N pets, $CONC in flight; peak RSS for xargs and the loop is the largest single process."
    echo
    table
    echo
    sources_table
    echo
    goals
    if [[ -s $OUT/latency.txt ]]; then
        echo
        echo "4. Bulk over a slow link (bench/latency.sh): ratios are the defaults' mean over each row's, same run"
        cat "$OUT/latency.txt"
    fi
    if [[ -s $OUT/cpu.txt ]]; then
        echo
        echo "5. CPU per record and the ceiling, round by round (bench/cpu.sh)"
        cat "$OUT/cpu-header.txt" "$OUT/cpu.txt"
    fi
    if [[ -s $OUT/tls.txt ]]; then
        echo
        echo "6. Over HTTPS (bench/tls.sh)"
        cat "$OUT/tls-header.txt" "$OUT/tls.txt"
    fi
} | tee "$OUT/table.md"
echo
echo "bench: hyperfine's exports and this table (table.md) are in $OUT"
