#!/usr/bin/env bash
# CPU per record of a bulk add, and its time against the sandbox's ceiling (run by bench/run.sh as its section
# 5, or alone): figures that a shared, noisy machine can still compare from one commit to the next.
#
#   bench/cpu.sh                          # builds the release binaries if missing; 2-4 minutes on 2 cores
#
#   5a. Instructions per record (valgrind --tool=callgrind: counted, not timed, so the same from run to run
#       within about 1%): `petstore pets add --file` of BENCH_CPU_N records (10,000) with
#       `--concurrency 8`, and of one record, both into a fresh release sandbox; per record is
#       (I(N) - I(1)) / (N - 1), start-up left out. The sandbox is not counted, only petstore.
#   5b. CPU time per request (`perf stat -e task-clock`, and `instructions` where the machine counts them):
#       petstore for N records, and wrk (-t1 -c8, the same POST) for BENCH_WRK_SECONDS, divided by the
#       requests each made.
#   5c. Wall clock against the ceiling: BENCH_CPU_ROUNDS rounds, each one wrk run (its rate gives the time N
#       requests need) and then petstore with its defaults and with `--concurrency 8`, each into a fresh
#       sandbox, so that each ratio compares runs made under the same load. The median ratio and its spread
#       (min-max) are printed, and petstore's peak RSS (the largest, `/usr/bin/time -f %M`). After each run the
#       id of one more pet proves that it created exactly N pets.
#
# Settings: BENCH_CPU_N (10000), BENCH_CPU_ROUNDS (7), BENCH_WRK_SECONDS (2), BENCH_OUT (where the table goes;
# a new temp dir by default), BENCH_BIN (a directory with petstore and petstore-sandbox; default: the release
# build, built if missing), BENCH_NO_CALLGRIND=1 (skip 5a).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_CPU_N:-10000}
ROUNDS=${BENCH_CPU_ROUNDS:-7}
WRK_SECONDS=${BENCH_WRK_SECONDS:-2}
CONC=8
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-cpu.XXXXXX")}
mkdir -p "$OUT"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '\n== %s\n' "$*" >&2; }
for tool in wrk curl perf; do command -v "$tool" >/dev/null || die "$tool is missing (apt-get install wrk curl linux-perf)"; done
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (apt-get install time)"
if [[ -z ${BENCH_NO_CALLGRIND:-} ]]; then
    command -v valgrind >/dev/null || die "valgrind is missing (apt-get install valgrind), or set BENCH_NO_CALLGRIND=1"
fi

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_work petstore-cpu-work
bench_binaries
PETSTORE=$WORK/bin/petstore
export PETSTORE_API_KEY=$KEY
unset PETSTORE_ENV PETSTORE_TIMEOUT HTTP_PROXY HTTPS_PROXY http_proxy https_proxy ALL_PROXY all_proxy

seq 1 "$N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"
head -n 1 "$WORK/pets.ndjson" >"$WORK/one.ndjson"
cat >"$WORK/post.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"name":"bench-1","categoryId":2,"status":"available"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $KEY"
EOF

# Starts a fresh sandbox (bench/lib.sh); sets URL and PETSTORE_BASE_URL to it.
fresh_sandbox() {
    start_sandbox
    URL=$SANDBOX_URL
    export PETSTORE_BASE_URL=$URL
}

# Instructions petstore executes (callgrind's total, every thread) for the records of file $1.
instructions() {
    local file=$WORK/callgrind.$RANDOM
    fresh_sandbox
    valgrind --tool=callgrind --callgrind-out-file="$file" "$PETSTORE" -q pets add --file "$1" --concurrency "$CONC" \
        </dev/null >/dev/null 2>"$WORK/valgrind.err" || { cat "$WORK/valgrind.err" >&2; die "petstore failed under valgrind"; }
    created_exactly "$(wc -l <"$1")"
    awk '/^summary:/ { print $2 }' "$file"
}

{
    echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(uname -sm), $(nproc) CPUs," \
        "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $N records, $CONC in flight for wrk"
} >"$OUT/cpu-header.txt"
cat "$OUT/cpu-header.txt" >&2

: >"$OUT/cpu.txt"
if [[ -z ${BENCH_NO_CALLGRIND:-} ]]; then
    say "5a. instructions per record (callgrind), --concurrency $CONC"
    i_n=$(instructions "$WORK/pets.ndjson")
    i_1=$(instructions "$WORK/one.ndjson")
    awk -v a="$i_n" -v b="$i_1" -v n="$N" 'BEGIN {
        printf "5a. instructions (callgrind): %d records %.1f M, 1 record %.1f M: %.0f per record\n",
            n, a / 1e6, b / 1e6, (a - b) / (n - 1)
    }' | tee -a "$OUT/cpu.txt"
fi

say "5b. CPU time per request (perf stat)"
events=task-clock
perf stat -x, -e instructions true 2>&1 >/dev/null | grep -q '^[0-9]' && events=task-clock,instructions
# perf's figures, `-x,` form, for the command after `--`: task-clock (ms) and instructions (or -).
perf_run() {
    local file=$WORK/perf.$RANDOM
    perf stat -x, -e "$events" -o "$file" -- "$@" </dev/null >"$WORK/perf.out" 2>>"$WORK/perf.err" ||
        { cat "$WORK/perf.err" >&2; die "failed under perf: $*"; }
    awk -F, '$3 == "task-clock" { t = $1 } $3 ~ /^instructions/ { i = ($1 ~ /^[0-9]/ ? $1 : "-") }
        END { print t, (i == "" ? "-" : i) }' "$file"
}
fresh_sandbox
read -r p_ms p_ins < <(perf_run "$PETSTORE" -q pets add --file "$WORK/pets.ndjson" --concurrency "$CONC")
created_exactly "$N"
fresh_sandbox
read -r w_ms w_ins < <(perf_run wrk -t1 -c"$CONC" -d"${WRK_SECONDS}s" -s "$WORK/post.lua" "$URL/pets")
stop_sandbox
w_req=$(awk '/requests in/ { print $1 }' "$WORK/perf.out")
grep -qE 'Non-2xx|Socket errors' "$WORK/perf.out" && die "wrk saw errors: $(cat "$WORK/perf.out")"
awk -v pm="$p_ms" -v pi="$p_ins" -v wm="$w_ms" -v wi="$w_ins" -v n="$N" -v wn="$w_req" 'BEGIN {
    printf "5b. CPU per request (perf stat): petstore %.1f us", pm * 1000 / n
    if (pi != "-") printf " (%.0f instructions)", pi / n
    printf ", wrk %.1f us", wm * 1000 / wn
    if (wi != "-") printf " (%.0f instructions)", wi / wn
    printf " (%d requests)\n", wn
}' | tee -a "$OUT/cpu.txt"

say "5c. wall clock against wrk's ceiling: $ROUNDS rounds"
: >"$WORK/rounds.tsv"
rss=$WORK/rss
: >"$rss"
# Seconds petstore takes for the N records, with the options given, into a fresh sandbox.
timed_add() {
    local start end
    fresh_sandbox
    start=$(date +%s%N)
    /usr/bin/time -f %M -a -o "$rss" "$PETSTORE" -q pets add --file "$WORK/pets.ndjson" "$@" </dev/null >/dev/null
    end=$(date +%s%N)
    created_exactly "$N"
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }'
}
for round in $(seq "$ROUNDS"); do
    fresh_sandbox
    wrk -t1 -c"$CONC" -d"${WRK_SECONDS}s" -s "$WORK/post.lua" "$URL/pets" </dev/null >"$WORK/wrk.txt"
    stop_sandbox
    grep -qE 'Non-2xx|Socket errors' "$WORK/wrk.txt" && die "wrk saw errors: $(cat "$WORK/wrk.txt")"
    rate=$(awk '/^Requests\/sec:/ { print $2 }' "$WORK/wrk.txt")
    ceiling=$(awk -v n="$N" -v r="$rate" 'BEGIN { printf "%.4f", n / r }')
    defaults=$(timed_add)
    fixed=$(timed_add --concurrency "$CONC")
    printf '%s\t%s\t%s\t%s\n' "$round" "$ceiling" "$defaults" "$fixed" | tee -a "$WORK/rounds.tsv" >&2
done
cp "$WORK/rounds.tsv" "$OUT/cpu-rounds.tsv"
# The median and range of column $1 of the rounds (ratios to the ceiling when $2 is set).
stats() {
    awk -F'\t' -v c="$1" -v r="${2:-}" '{ print (r ? $c / $2 : $c) }' "$WORK/rounds.tsv" | sort -g |
        awk '{ v[NR] = $1 } END { m = (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); printf "%.3f (%.3f-%.3f)", m, v[1], v[NR] }'
}
{
    echo "5c. $ROUNDS rounds, median (min-max): wrk ceiling $(stats 2) s; petstore defaults $(stats 3) s," \
        "--concurrency $CONC $(stats 4) s"
    echo "    ÷ the same round's ceiling: defaults $(stats 3 1), --concurrency $CONC $(stats 4 1) (goal <= 1.2)"
    echo "    petstore's peak RSS: $(awk '$1 ~ /^[0-9]+$/ && $1 > m { m = $1 } END { printf "%.1f MiB", m / 1024 }' "$rss")"
    echo "    load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
} | tee -a "$OUT/cpu.txt"
