#!/usr/bin/env bash
# CPU per record and peak RSS of `petstore pets add --file` over HTTPS and HTTP/2 through nginx, latency 0,
# by allocator, without a rebuild: glibc's malloc (what the binary links), and jemalloc and mimalloc put in
# its place with LD_PRELOAD (Debian's libjemalloc2 and libmimalloc2.0; Rust's System allocator calls
# malloc, so every allocation of the process goes to the preloaded one, as with a `#[global_allocator]`
# built in, bar its sized-free fast path).
#
#   bench/alloc.sh        # BENCH_BIN=DIR for given binaries; BENCH_ALLOC_ROUNDS (5)
#
# Each round runs every allocator at 2,000 and at 10,000 records (BENCH_ALLOC_SMALL, BENCH_ALLOC_BIG), in a
# rotating order, one sandbox and one nginx for the whole run; CPU per record is (user+system at 10,000 -
# at 2,000) ÷ 8,000 (start-up, handshakes left out), per round; peak RSS (`/usr/bin/time -f %M`) at 10,000 and
# of `petstore --version`. Medians of the rounds.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
SMALL=${BENCH_ALLOC_SMALL:-2000}
BIG=${BENCH_ALLOC_BIG:-10000}
ROUNDS=${BENCH_ALLOC_ROUNDS:-5}

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '\n== %s\n' "$*" >&2; }
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need_front
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian package time)"
lib=/usr/lib/$(uname -m)-linux-gnu
declare -A PRELOAD=([glibc]="" [jemalloc]=$lib/libjemalloc.so.2 [mimalloc]=$lib/libmimalloc.so.2)
for a in jemalloc mimalloc; do
    [[ -e ${PRELOAD[$a]} ]] || die "${PRELOAD[$a]} is missing (apt-get install libjemalloc2 libmimalloc2.0)"
done
bench_work petstore-alloc-work
bench_binaries
export PETSTORE_API_KEY=$KEY
seq 1 "$BIG" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/big.ndjson"
head -n "$SMALL" "$WORK/big.ndjson" >"$WORK/small.ndjson"
start_sandbox
start_front
export PETSTORE_BASE_URL=$FRONT_URL PETSTORE_CACERT=$FRONT_CA

# `cpu-seconds peak-KiB` of petstore with allocator $1 and args $2...
measure() {
    local alloc=$1
    shift
    /usr/bin/time -f '%U %S %M' -o "$WORK/time" env ${PRELOAD[$alloc]:+LD_PRELOAD=${PRELOAD[$alloc]}} \
        petstore "$@" </dev/null >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; die "failed: $alloc $*"; }
    awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$WORK/time"
}

echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(uname -sm), $(nproc) CPUs," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; through nginx (ssl http2) to the sandbox, latency 0"
: >"$WORK/rounds"
allocs=(glibc jemalloc mimalloc)
for round in $(seq "$ROUNDS"); do
    for i in 0 1 2; do
        alloc=${allocs[$(((round + i) % 3))]}
        read -r small _ < <(measure "$alloc" -q pets add --file "$WORK/small.ndjson")
        read -r big rss < <(measure "$alloc" -q pets add --file "$WORK/big.ndjson")
        read -r _ vrss < <(measure "$alloc" --version)
        per=$(awk -v b="$big" -v s="$small" -v n=$((BIG - SMALL)) 'BEGIN { printf "%.2f", (b - s) / n * 1e6 }')
        printf '%s %s %s %s\n' "$alloc" "$per" "$rss" "$vrss" | tee -a "$WORK/rounds" >&2
    done
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
printf '%-9s %16s %16s %18s\n' allocator "CPU/record (µs)" "peak RSS 10,000" "peak RSS --version"
for alloc in "${allocs[@]}"; do
    per=$(awk -v a="$alloc" '$1 == a { print $2 }' "$WORK/rounds" | median)
    rss=$(awk -v a="$alloc" '$1 == a { print $3 }' "$WORK/rounds" | median)
    vrss=$(awk -v a="$alloc" '$1 == a { print $4 }' "$WORK/rounds" | median)
    printf '%-9s %16s %13.1f MiB %15.1f MiB\n' "$alloc" "$per" "$(echo "$rss / 1024" | bc -l)" "$(echo "$vrss / 1024" | bc -l)"
done
echo "petstore: [LD_PRELOAD=LIB] petstore -q pets add --file WORK/{small,big}.ndjson (PETSTORE_BASE_URL=FRONT_URL)"
