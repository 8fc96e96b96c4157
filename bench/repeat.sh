#!/usr/bin/env bash
# A repeat import (issue 57, point 1): `petstore pets add --file` of BENCH_REPEAT_N records (2,000) over HTTPS
# and HTTP/2 through nginx (bench/lib.sh `start_front`) to a sandbox BENCH_REPEAT_LATENCY ms away (50), as a
# first import (no memory of the server: WORK/config/servers.json removed before) and as a second one (the
# memory the previous petstore run left), against `h2load -n N -m 256 -c 1` sending the same POST.
#
#   bench/repeat.sh        # BENCH_BIN=DIR for given binaries; BENCH_REPEAT_ROUNDS paired rounds (7)
#
# One sandbox and one nginx for the whole run, so that the base URL, and so the memory's key, stays the same
# (the records accumulate: --max-pets 100000000). Each round runs the three in a rotating order; the wall
# clock of each process, start-up and handshakes included. Prints each round, then the medians and the
# median of each round's ratio to h2load. The floor: N × latency ÷ 256.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_REPEAT_N:-2000}
LATENCY=${BENCH_REPEAT_LATENCY:-50}
ROUNDS=${BENCH_REPEAT_ROUNDS:-7}

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '\n== %s\n' "$*" >&2; }
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need h2load nghttp2-client
need_front
bench_work petstore-repeat-work
bench_binaries
export PETSTORE_API_KEY=$KEY

seq 1 "$N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"
printf '%s' '{"name":"bench-1","categoryId":2,"status":"available"}' >"$WORK/body.json"

start_sandbox --latency "$LATENCY"
start_front
export PETSTORE_BASE_URL=$FRONT_URL PETSTORE_CACERT=$FRONT_CA
memory=$PETSTORE_CONFIG_DIR/servers.json
p_cmd=(petstore -q pets add --file "$WORK/pets.ndjson")
h_cmd=(h2load -n "$N" -m 256 -c 1 -d "$WORK/body.json" -H 'content-type: application/json'
    -H "authorization: Bearer $KEY" "$FRONT_URL/pets")

# Wall clock of "$@" in seconds, stdout to WORK/run.out.
timed() {
    local start end
    start=$(date +%s%N)
    "$@" </dev/null >"$WORK/run.out" 2>"$WORK/run.err" || { cat "$WORK/run.err" >&2; die "failed: $*"; }
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }'
}

run() {
    case $1 in
    first) rm -f "$memory"; timed "${p_cmd[@]}" ;;
    second) [[ -s $memory ]] || die "no memory before a second import"; timed "${p_cmd[@]}" ;;
    h2load)
        timed "${h_cmd[@]}"
        grep -q "requests: $N total, $N started, $N done, $N succeeded" "$WORK/run.out" || die "h2load failed"
        ;;
    esac
}

echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(uname -sm), $(nproc) CPUs," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $(h2load --version | head -n 1);" \
    "nginx $(nginx -v 2>&1 | sed 's/^nginx version: //'); $N records, sandbox --latency $LATENCY behind nginx (ssl http2)"
rm -f "$memory"
run first >/dev/null # primes the memory, and the sandbox
: >"$WORK/rounds"
orders=("first second h2load" "second h2load first" "h2load first second")
for round in $(seq "$ROUNDS"); do
    declare -A t=()
    # A second import follows a petstore run: after `first` it is the memory a first import left.
    for who in ${orders[$(((round - 1) % 3))]}; do
        [[ $who == second && ! -s $memory ]] && run first >/dev/null
        t[$who]=$(run "$who")
    done
    printf 'round %d: first %s s, second %s s, h2load %s s\n' "$round" "${t[first]}" "${t[second]}" "${t[h2load]}" >&2
    echo "${t[first]} ${t[second]} ${t[h2load]}" >>"$WORK/rounds"
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
ratios() { awk -v c="$1" '{ print $c / $3 }' "$WORK/rounds" | sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.2f-%.2f", a, b }'; }
printf '%-16s %10s %16s %12s\n' "" median "÷ h2load (median)" range
for col in 1 2 3; do
    name=$(echo "first-import second-import h2load" | cut -d' ' -f"$col")
    m=$(awk -v c="$col" '{ print $c }' "$WORK/rounds" | median)
    r=$(awk -v c="$col" '{ print $c / $3 }' "$WORK/rounds" | median)
    printf '%-16s %8.3f s %16.2f %12s\n' "$name" "$m" "$r" "$(ratios "$col")"
done
awk -v n="$N" -v l="$LATENCY" 'BEGIN { printf "floor: %.2f s (N x latency / 256)\n", n * l / 1000 / 256 }'
echo "petstore: PETSTORE_BASE_URL=FRONT_URL PETSTORE_CACERT=CA ${p_cmd[*]//$WORK/WORK}"
echo "h2load: ${h_cmd[*]//$WORK/WORK}"
