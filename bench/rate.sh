#!/usr/bin/env bash
# A batch behind a rate limit: BENCH_RATE_N records (2,000) into a sandbox behind its own limiter
# (`--rate-limit RATE/s,burst=10`, a 429 at once for a request over it, as nginx's limit_req answers), at each
# rate of BENCH_RATES and each latency of BENCH_LATENCIES, without `Retry-After` (nginx sends none) and, with
# BENCH_RATE_RETRY_AFTER=1, with it. Reports elapsed / (N / rate): 1.00 is the pace the limit allows.
#
#   bench/rate.sh                                   # 3 rates x 3 latencies, about 4 minutes
#   BENCH_RATES="150" BENCH_LATENCIES="0 5" bench/rate.sh
#   BENCH_CLIENT=/path/to/old/petstore bench/rate.sh  # another petstore (the sandbox stays this one)
#
# A run past BENCH_RATE_LIMIT times N / rate (3) is stopped and shown as `>` that much; otherwise the sandbox
# must hold exactly N new pets (none lost, none doubled), or the script stops.
#
# Settings: BENCH_RATE_N (2000), BENCH_RATES ("50 150 500"), BENCH_LATENCIES ("0 5 100", ms), BENCH_RATE_BURST
# (10), BENCH_RATE_RETRY_AFTER (empty), BENCH_RATE_LIMIT (3), BENCH_BIN (a directory with petstore and
# petstore-sandbox; default: the release build, built if missing), BENCH_CLIENT (the petstore to measure).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_RATE_N:-2000}
RATES=${BENCH_RATES:-50 150 500}
LATENCIES=${BENCH_LATENCIES:-0 5 100}
BURST=${BENCH_RATE_BURST:-10}
LIMIT=${BENCH_RATE_LIMIT:-3}

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '%s\n' "$*" >&2; }

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_work petstore-rate-work
bench_binaries
[[ -n ${BENCH_CLIENT:-} ]] && cp "$BENCH_CLIENT" "$WORK/bin/petstore"

seq 1 "$N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"
retry=()
[[ -n ${BENCH_RATE_RETRY_AFTER:-} ]] && retry=(--rate-limit-retry-after)

say "load: $(cut -d' ' -f1-3 /proc/loadavg); N=$N, burst $BURST${retry:+, with Retry-After}"
printf '%-8s %-8s %-10s %-10s %s\n' rate latency elapsed floor ratio
for rate in $RATES; do
    for latency in $LATENCIES; do
        lat=()
        [[ $latency != 0 ]] && lat=(--latency "$latency")
        start_sandbox --rate-limit "$rate/s,burst=$BURST" "${retry[@]}" "${lat[@]}"
        floor=$(awk -v n="$N" -v r="$rate" 'BEGIN { printf "%.2f", n / r }')
        cap=$(awk -v f="$floor" -v l="$LIMIT" 'BEGIN { printf "%d", f * l + 5 }')
        started=$(date +%s.%N)
        code=0
        PETSTORE_BASE_URL=$SANDBOX_URL PETSTORE_API_KEY=$KEY timeout "$cap" \
            petstore pets add --file "$WORK/pets.ndjson" >/dev/null 2>"$WORK/petstore.err" || code=$?
        elapsed=$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
        if [[ $code == 124 ]]; then
            stop_sandbox
            printf '%-8s %-8s %-10s %-10s >%s\n' "$rate/s" "${latency}ms" ">${elapsed}s" "${floor}s" "$LIMIT"
            continue
        fi
        [[ $code == 0 ]] || { cat "$WORK/petstore.err" >&2; die "petstore exited $code"; }
        # The probe is one more request: wait for a token first.
        sleep 1
        created_exactly "$N"
        ratio=$(awk -v e="$elapsed" -v f="$floor" 'BEGIN { printf "%.3f", e / f }')
        printf '%-8s %-8s %-10s %-10s %s\n' "$rate/s" "${latency}ms" "${elapsed}s" "${floor}s" "$ratio"
    done
done
