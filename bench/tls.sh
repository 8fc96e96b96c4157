#!/usr/bin/env bash
# Over HTTPS, the path users take (run by bench/run.sh as its section 6, or alone): petstore against h2load and
# xh, against the sandbox's `--tls` (HTTP/2 and HTTP/1.1 by ALPN; petstore and xh take HTTP/2) and
# `--tls --http1` (HTTP/1.1 only), with `--latency 50` (a server 50 ms away) and without, side by side; and
# through a real front, as production runs: nginx (Debian's nginx-light) terminating TLS for a plain-HTTP sandbox.
#
#   bench/tls.sh                          # builds the release binaries if missing; about 3 minutes on 2 cores
#
#   6a. Bulk: `petstore pets add --file` of BENCH_TLS_N records (2,000) with its defaults, against h2load
#       sending the same POST as often: `h2load -n N -m 256 -c 1` (one connection, 256 streams: the server's
#       SETTINGS_MAX_CONCURRENT_STREAMS, 128 by default, is what it gets) over h2, `h2load --h1 -n N -c 256`
#       (256 connections) over HTTP/1.1. h2load does not verify the certificate; petstore trusts the sandbox's
#       CA (PETSTORE_CACERT). BENCH_TLS_ROUNDS paired runs (5): petstore and h2load alternate, which goes
#       first alternates, each run has a fresh sandbox (records accumulate), and the id of one more pet
#       proves each created exactly N pets. Wall clock of the whole process for both, start and handshakes
#       included. The median of each, and the median of the rounds' ratios (petstore ÷ h2load of the same
#       round). The floor at 50 ms: N × 50 ms ÷ (streams or connections at once).
#   6b. Start-up (`petstore --version` against `xh --version`), and `petstore pets list --limit 100 --json`
#       against `xh --verify ROOTS URL Authorization:...` over each protocol and latency, in one hyperfine run
#       each (BENCH_TLS_RUNS runs after 5 warm-up; the ratio is petstore's mean ÷ xh's). Both through the
#       same wrapper (WORK/wrap: `sh` execs `env -i` with the same variables, which execs the tool) and
#       trusting the same roots (petstore: the system bundle and PETSTORE_CACERT; xh: ROOTS, a file of the
#       system bundle and the CA).
#   6c. CPU per record and memory, latency 0, over each protocol: `/usr/bin/time -f '%e %U %S %M'` of the
#       defaults at BENCH_TLS_N and at 10,000 records (BENCH_TLS_BIG), three runs each (medians): user+system
#       CPU per record is (CPU(10,000) - CPU(2,000)) ÷ 8,000, start-up and handshakes left out; h2load's the
#       same way. Peak RSS at 2,000 and at 10,000: flat means the same.
#
# The front (rows `nginx` and `nginx-h1`, in every section): `start_front` in bench/lib.sh. A private CA made
# with openssl signs a certificate for 127.0.0.1 and localhost (ECDSA P-256, as the sandbox's); nginx, in the
# foreground with its config, pid, error log and temp files in the work dir (`access_log off`), listens with
# `ssl http2` (h2 and HTTP/1.1 by ALPN: row `nginx`) and, on a second port, with `ssl` alone (HTTP/1.1 only:
# row `nginx-h1`, since petstore has no flag for HTTP/1.1), allows 256 streams (`http2_max_concurrent_streams`)
# and a million requests a connection (`keepalive_requests`), and passes each request to the sandbox (no
# `--tls`; `--latency 50` in the 50 ms rows) over HTTP/1.1 connections it keeps alive (`upstream` with
# `keepalive 64`). petstore trusts the CA (PETSTORE_CACERT), xh too (`--verify`); the config is copied to
# BENCH_OUT/nginx.conf. The count of pets is checked at the sandbox, behind the front.
#
# Every command that made a figure is printed with it (the sandbox's options, then the command).
#
# Settings: BENCH_TLS_N (2000), BENCH_TLS_BIG (10000), BENCH_TLS_ROUNDS (5), BENCH_TLS_RUNS (30), BENCH_OUT
# (where the table and exports go; a new temp dir by default), BENCH_BIN (a directory with petstore and
# petstore-sandbox; default: the release build, built if missing), BENCH_TLS_SECTIONS (which of a, b and c to
# run: "a b c"), BENCH_TLS_ROWS (which servers: "h2 h1 h2-128 h2-16 nginx nginx-h1"; h2-128 and h2-16 are
# in section a only; e.g. "nginx nginx-h1" for the front alone), BENCH_FRONT_WORKERS (nginx's worker_processes:
# auto) and BENCH_FRONT_KEEPALIVE (its upstream keepalive: 64), BENCH_NO_INSTALL=1 (install nothing).
# It installs h2load (Debian's nghttp2-client), hyperfine, GNU time and, for the front, nginx-light with
# apt-get, and xh with `cargo install xh --locked`, when missing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_TLS_N:-2000}
BIG=${BENCH_TLS_BIG:-10000}
ROUNDS=${BENCH_TLS_ROUNDS:-5}
RUNS=${BENCH_TLS_RUNS:-30}
SECTIONS=" ${BENCH_TLS_SECTIONS:-a b c} "
ROWS=" ${BENCH_TLS_ROWS:-h2 h1 h2-128 h2-16 nginx nginx-h1} "
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-tls.XXXXXX")}
mkdir -p "$OUT"
began=$(date +%s)

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '\n== %s\n' "$*" >&2; }
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need h2load nghttp2-client
need hyperfine hyperfine
need curl curl
[[ -x /usr/bin/time ]] || apt_install time || die "/usr/bin/time is missing (Debian package time)"
[[ $ROWS == *" nginx"* ]] && need_front
export PATH="$HOME/.cargo/bin:$PATH"
if [[ $SECTIONS == *" b "* ]] && ! command -v xh >/dev/null; then
    [[ -z ${BENCH_NO_INSTALL:-} ]] || die "xh is missing (cargo install xh --locked)"
    say "xh is missing: installing it with \`cargo install xh --locked\` (compiles for a few minutes, once)"
    cargo install xh --locked >&2
fi

bench_work petstore-tls-work
bench_binaries
export PETSTORE_API_KEY=$KEY

seq 1 "$BIG" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/big.ndjson"
head -n "$N" "$WORK/big.ndjson" >"$WORK/pets.ndjson"
printf '%s' '{"name":"bench-1","categoryId":2,"status":"available"}' >"$WORK/body.json"

# The sandbox options of each protocol: h2 with room for h2load's 256 streams, as the sandbox's default (128)
# and as a server allowing few (16), where the client's HTTP/2 stack holds the other streams back; h1 alone.
# Behind nginx (the front) the sandbox speaks plain HTTP: nginx does TLS, h2 (or HTTP/1.1 alone: nginx-h1).
declare -A SERVE=([h2]="--tls --max-streams 256" [h2-128]="--tls" [h2-16]="--tls --max-streams 16" [h1]="--tls --http1"
    [nginx]="" [nginx-h1]="")
# How many requests each of those carries at once (h2load: -m 256, or -c 256).
declare -A AT_ONCE=([h2]=256 [h2-128]=128 [h2-16]=16 [h1]=256 [nginx]=256 [nginx-h1]=256)
# The protocol each one's clients get by ALPN.
declare -A ALPN=([h2]=h2 [h2-128]=h2 [h2-16]=h2 [h1]=http/1.1 [nginx]=h2 [nginx-h1]=http/1.1)

# Starts a fresh server for row $1 (a key of SERVE) with the sandbox options given after it: the sandbox, and
# nginx in front of it for the nginx rows. Points petstore at it and at its CA; sets URL and CA for the others.
fresh_server() {
    local row=$1
    shift
    # shellcheck disable=SC2086 # the options are words
    start_sandbox ${SERVE[$row]} "$@"
    URL=$SANDBOX_URL CA=$SANDBOX_CA
    if [[ $row == nginx* ]]; then
        start_front
        URL=$FRONT_URL CA=$FRONT_CA
        [[ $row == nginx-h1 ]] && URL=$FRONT_H1_URL
        [[ -e $OUT/nginx.conf ]] || sed "s#$WORK#WORK#g" "$WORK/nginx/nginx.conf" >"$OUT/nginx.conf"
    fi
    export PETSTORE_BASE_URL=$URL PETSTORE_CACERT=$CA
}

# Stops what fresh_server started but the sandbox, which created_exactly or stop_sandbox stops.
stop_front_of() {
    [[ $1 == nginx* ]] && stop_front
    return 0
}

# What serves row $1 with the sandbox options $2..., as the tables print it.
served_by() {
    local row=$1
    shift
    local words="${SERVE[$row]} $*"
    [[ $row == nginx* ]] && words="nginx ($([[ $row == nginx-h1 ]] && echo "ssl" || echo "ssl http2")) -> sandbox $*"
    echo "${words% }"
}

# h2load's command for $1 requests over protocol $2, to the server started last.
h2load_cmd() {
    local proto=(-m 256 -c 1)
    [[ ${ALPN[$2]} == http/1.1 ]] && proto=(--h1 -c 256)
    # h2load sends past the server's SETTINGS_MAX_CONCURRENT_STREAMS when it is this low, and the server
    # refuses those streams: it gets the server's number.
    [[ $2 == h2-16 ]] && proto=(-m 16 -c 1)
    echo h2load -n "$1" "${proto[@]}" -d "$WORK/body.json" -H "'content-type: application/json'" \
        -H "'authorization: Bearer $KEY'" "$URL/pets"
}

# One run of petstore (`petstore`) or h2load (`h2load`) with $2 records over protocol $3 and sandbox options
# $4..., in a fresh sandbox (behind a fresh nginx for its rows), under /usr/bin/time; sets FIGURES to `wall user
# system peak-KiB` (the wall clock in nanoseconds here: time's %e has 10 ms steps) and LAST_CMD to the command.
# Its stdout goes to WORK/run.out.
run_one() {
    local who=$1 n=$2 proto=$3 cmd start end
    shift 3
    fresh_server "$proto" "$@"
    if [[ $who == petstore ]]; then
        local file=$WORK/pets.ndjson
        ((n == BIG)) && file=$WORK/big.ndjson
        cmd="petstore -q pets add --file $file"
    else
        cmd=$(h2load_cmd "$n" "$proto")
    fi
    LAST_CMD=$cmd
    eval "set -- $cmd"
    start=$(date +%s%N)
    /usr/bin/time -f '%U %S %M' -o "$WORK/time" "$@" </dev/null >"$WORK/run.out" 2>"$WORK/run.err" ||
        { cat "$WORK/run.err" >&2; die "failed: $cmd"; }
    end=$(date +%s%N)
    if [[ $who == h2load ]]; then
        grep -q "requests: $n total, $n started, $n done, $n succeeded, 0 failed, 0 errored" "$WORK/run.out" ||
            die "h2load did not succeed $n times: $(grep -E '^requests|^status' "$WORK/run.out" | tr '\n' ' ')"
        grep -q "^status codes: $n 2xx" "$WORK/run.out" || die "h2load: $(grep '^status codes' "$WORK/run.out")"
        grep -q "Application protocol: ${ALPN[$proto]}\$" "$WORK/run.out" || die "h2load did not speak ${ALPN[$proto]}"
    fi
    created_exactly "$n"
    stop_front_of "$proto"
    FIGURES="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }') $(tail -n 1 "$WORK/time")"
}

# The median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

{
    echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(uname -sm), $(nproc) CPUs," \
        "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $(h2load --version | head -n 1)," \
        "$(xh --version 2>/dev/null | head -n 1), $(hyperfine --version)"
    [[ $ROWS == *" nginx"* ]] && echo "front: $(nginx -v 2>&1 | sed 's/^nginx version: //'), $(openssl version)," \
        "worker_processes ${BENCH_FRONT_WORKERS:-auto}, upstream keepalive ${BENCH_FRONT_KEEPALIVE:-64}"
} | tee "$OUT/tls-header.txt" >&2
: >"$OUT/tls.txt"

# ---------------------------------------------------------------------------------------------------------------
[[ $SECTIONS == *" a "* ]] && {
say "6a. bulk over TLS: $N records, $ROUNDS paired rounds, petstore's defaults against h2load"
{
    echo "6a. bulk add of $N records over TLS: medians of $ROUNDS paired rounds (fresh sandbox each run);"
    echo "    ratio: the median of each round's petstore ÷ h2load"
    printf '    %-8s %-8s %10s %10s %8s %8s   %s\n' protocol latency petstore h2load ratio floor "sandbox options"
} >>"$OUT/tls.txt"
: >"$OUT/tls-rounds.tsv"
for config in h2:50 h2:0 h1:50 h1:0 h2-128:50 h2-16:50 nginx:50 nginx:0 nginx-h1:50 nginx-h1:0; do
    proto=${config%:*} latency=${config#*:}
    [[ $ROWS == *" $proto "* ]] || continue
    lat=()
    ((latency > 0)) && lat=(--latency "$latency")
    : >"$WORK/pairs"
    for round in $(seq "$ROUNDS"); do
        order=(petstore h2load)
        ((round % 2 == 0)) && order=(h2load petstore)
        for who in "${order[@]}"; do
            run_one "$who" "$N" "$proto" "${lat[@]}"
            printf -v "t_$who" %s "${FIGURES%% *}"
            [[ $who == petstore ]] && p_cmd=$LAST_CMD || h_cmd=$LAST_CMD
        done
        # shellcheck disable=SC2154 # set by printf -v
        printf '%s\t%s\t%s\t%s\t%s\n' "$proto" "$latency" "$round" "$t_petstore" "$t_h2load" |
            tee -a "$OUT/tls-rounds.tsv" >&2
        printf '%s %s\n' "$t_petstore" "$t_h2load" >>"$WORK/pairs"
    done
    p=$(awk '{ print $1 }' "$WORK/pairs" | median)
    h=$(awk '{ print $2 }' "$WORK/pairs" | median)
    r=$(awk '{ print $1 / $2 }' "$WORK/pairs" | median)
    spread=$(awk '{ print $1 / $2 }' "$WORK/pairs" | sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.2f-%.2f", a, b }')
    streams=${AT_ONCE[$proto]}
    floor=$(awk -v n="$N" -v l="$latency" -v s="$streams" 'BEGIN { printf "%.2f s", n * l / 1000 / s }')
    printf '    %-8s %-8s %8.3f s %8.3f s %8.2f %8s   %s\n' "$proto" "$latency ms" "$p" "$h" "$r" "$floor" \
        "$(served_by "$proto" "${lat[@]}")" >>"$OUT/tls.txt"
    printf '      (ratios %s; petstore: %s; h2load: %s)\n' "$spread" "${p_cmd//$WORK/WORK}" \
        "${h_cmd//$WORK/WORK}" >>"$OUT/tls.txt"
done

}

# ---------------------------------------------------------------------------------------------------------------
[[ $SECTIONS == *" b "* ]] && {
say "6b. start-up and a list of 100 over TLS, against xh"
{
    echo "6b. hyperfine -N, $RUNS runs after 5 warm-up; ratio: petstore's mean ÷ xh's"
    printf '    %-30s %12s %12s %8s\n' "" petstore xh ratio
} >>"$OUT/tls.txt"
# One hyperfine run of petstore's command $2 against xh's $3; $1 names it.
versus() {
    local slug=$1
    hyperfine -N --style basic --warmup 5 --runs "$RUNS" --export-csv "$OUT/$slug.csv" \
        -n petstore "$2" -n xh "$3" </dev/null >&2
    awk -F, -v slug="$slug" 'NR > 1 { m[$1] = $2; s[$1] = $3 }
        END { printf "    %-30s %9.2f ms %9.2f ms %8.2f\n", slug, m["petstore"] * 1000, m["xh"] * 1000, m["petstore"] / m["xh"] }' \
        "$OUT/$slug.csv" >>"$OUT/tls.txt"
    printf '      (petstore: %s; xh: %s)\n' "${2//$WORK/WORK}" "${3//$WORK/WORK}" >>"$OUT/tls.txt"
}
# Both tools start the same way, through one wrapper: `sh` execs `env -i` with the same environment (what
# petstore reads and xh ignores), which execs the tool; about 2 ms of exec each, which a wrapper on one side
# only would charge to that side. And both trust the same roots: petstore the system bundle it reads plus the
# CA (PETSTORE_CACERT), xh a file of the system bundle and the CA (`--verify`): `--verify CA` alone would
# have xh parse one certificate where petstore parses the bundle.
cat >"$WORK/wrap" <<'WRAP'
#!/bin/sh
exec env -i PATH="$PATH" HOME="$HOME" PETSTORE_CONFIG_DIR="$PETSTORE_CONFIG_DIR" PETSTORE_API_KEY="$PETSTORE_API_KEY" \
    PETSTORE_BASE_URL="$PETSTORE_BASE_URL" PETSTORE_CACERT="$PETSTORE_CACERT" "$@"
WRAP
chmod +x "$WORK/wrap"
BUNDLE=""
for bundle in /etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt /etc/ssl/cert.pem; do
    [[ -s $bundle ]] && { BUNDLE=$bundle; break; }
done
[[ -n $BUNDLE ]] || die "no system bundle of root certificates found"
W=$WORK/wrap
versus "start-up" "$W petstore --version" "$W xh --version"
for proto in h2 h1 nginx nginx-h1; do
    [[ $ROWS == *" $proto "* ]] || continue
    for latency in 0 50; do
        lat=()
        ((latency > 0)) && lat=(--latency "$latency")
        fresh_server "$proto" --seed-pets 150 "${lat[@]}"
        cat "$BUNDLE" "$CA" >"$WORK/roots.pem"
        p_cmd="$W petstore pets list --limit 100 --json"
        x_cmd="$W xh --ignore-stdin --verify $WORK/roots.pem $URL/pets?limit=100 Authorization:'Bearer $KEY'"
        for cmd in "$p_cmd" "$x_cmd"; do # each lists the same 100 pets
            eval "set -- $cmd"
            count=$("$@" </dev/null | grep -o '"id"' | wc -l)
            [[ $count -eq 100 ]] || die "$cmd listed $count pets, not 100"
        done
        versus "list $proto, ${latency} ms" "$p_cmd" "$x_cmd"
        stop_front_of "$proto"
        stop_sandbox
    done
done

}

# ---------------------------------------------------------------------------------------------------------------
[[ $SECTIONS == *" c "* ]] && {
say "6c. CPU per record and peak RSS over TLS, latency 0: $N and $BIG records, 3 runs each"
{
    echo "6c. /usr/bin/time, latency 0, medians of 3 runs each; CPU per record: (user+sys at $BIG - at $N) ÷ $((BIG - N))"
    printf '    %-8s %-9s %12s %12s %14s %12s %12s\n' protocol who "CPU at $N" "CPU at $BIG" "CPU per record" \
        "RSS at $N" "RSS at $BIG"
} >>"$OUT/tls.txt"
for proto in h2 h1 nginx nginx-h1; do
    [[ $ROWS == *" $proto "* ]] || continue
    for who in petstore h2load; do
        for n in "$N" "$BIG"; do
            : >"$WORK/figures.$n"
            for _ in 1 2 3; do
                run_one "$who" "$n" "$proto"
                echo "$FIGURES" >>"$WORK/figures.$n"
            done
            cmds[$n]=$LAST_CMD
        done
        cpu() { awk '{ print $2 + $3 }' "$WORK/figures.$1" | median; }
        rss() { awk '{ print $4 }' "$WORK/figures.$1" | median; }
        awk -v p="$proto" -v w="$who" -v a="$(cpu "$N")" -v b="$(cpu "$BIG")" -v ra="$(rss "$N")" -v rb="$(rss "$BIG")" \
            -v d="$((BIG - N))" 'BEGIN { printf "    %-8s %-9s %10.2f s %10.2f s %11.1f us %8.1f MiB %8.1f MiB\n",
                p, w, a, b, (b - a) / d * 1e6, ra / 1024, rb / 1024 }' >>"$OUT/tls.txt"
        where=$(served_by "$proto")
        [[ $proto == nginx* ]] || where="sandbox $where"
        printf '      (%s, %s)\n' "${cmds[$BIG]//$WORK/WORK}" "$where" >>"$OUT/tls.txt"
    done
done

}

echo "    load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; the run took $(($(date +%s) - began)) s" >>"$OUT/tls.txt"
# Each sandbox had its own port: the commands name it URL.
sed -i -E 's#https://127\.0\.0\.1:[0-9]+/v1#URL#g' "$OUT/tls.txt"
echo "bench: the exports and tls.txt are in $OUT" >&2
cat "$OUT/tls-header.txt" "$OUT/tls.txt"
