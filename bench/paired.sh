#!/usr/bin/env bash
# Start-up and a list of 100 (issue 44, goal 2) as the median of paired rounds: petstore against xh, over plain
# HTTP, over HTTPS with HTTP/2 (the sandbox's --tls) and at start-up (`--version`).
#
#   bench/paired.sh          # BENCH_PAIRED_ROUNDS (9) rounds of BENCH_PAIRED_RUNS (20) runs each
#
# Each round is one `hyperfine -N` run of both commands (5 warm-up runs, then BENCH_PAIRED_RUNS each,
# interleaved by hyperfine's order; which goes first alternates by round); a round's ratio is petstore's
# median ÷ xh's median. The figure is the median of the rounds' ratios, with their range, and the medians of
# each tool's medians. Rounds, not one long run, so that a burst of load on a shared machine moves one round,
# not the figure. BENCH_BIN and BENCH_OUT as in bench/tls.sh.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
ROUNDS=${BENCH_PAIRED_ROUNDS:-9}
RUNS=${BENCH_PAIRED_RUNS:-20}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-paired.XXXXXX")}
mkdir -p "$OUT"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '\n== %s\n' "$*" >&2; }
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need hyperfine hyperfine
export PATH="$HOME/.cargo/bin:$PATH"
command -v xh >/dev/null || die "xh is missing (cargo install xh --locked)"
command -v python3 >/dev/null || die "python3 is missing (it works out the medians)"

bench_work petstore-paired-work
bench_binaries
export PETSTORE_API_KEY=$KEY

# One row: ROUNDS paired rounds of petstore's command ($2) and xh's ($3), named $1.
row() {
    local name=$1 ours=$2 theirs=$3 round
    for round in $(seq "$ROUNDS"); do
        local order=("$ours" "$theirs")
        ((round % 2 == 0)) && order=("$theirs" "$ours")
        hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/$name.$round.json" "${order[@]}" >/dev/null 2>&1 ||
            die "hyperfine failed: $name"
    done
    python3 - "$OUT" "$name" "$ROUNDS" "$ours" "$theirs" <<'PY' | tee -a "$OUT/paired.txt"
import json, statistics, sys
out, name, rounds, ours, theirs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
ratios, mine, peer = [], [], []
for r in range(1, rounds + 1):
    results = {res["command"]: res["median"] for res in json.load(open(f"{out}/{name}.{r}.json"))["results"]}
    mine.append(results[ours]); peer.append(results[theirs]); ratios.append(results[ours] / results[theirs])
print(f"    {name:<22} {statistics.median(mine)*1e3:8.2f} ms {statistics.median(peer)*1e3:8.2f} ms"
      f"   {statistics.median(ratios):5.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
print(f"      (petstore: {ours}; xh: {theirs})")
PY
}

{
    printf 'petstore %s, %s, %s CPUs, load average %s at the start; %s, %s\n' \
        "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')" "$(uname -sm)" "$(nproc)" \
        "$(cut -d' ' -f1-3 /proc/loadavg)" "$(xh --version | head -1)" "$(hyperfine --version)"
    printf 'median of %s paired rounds of %s runs; a round: petstore median / xh median\n' "$ROUNDS" "$RUNS"
    printf '    %-22s %11s %11s   %s\n' "" petstore xh "ratio (range)"
} | tee "$OUT/paired.txt"

say "start-up"
row start-up "petstore --version" "xh --version"

say "a list of 100 over plain HTTP"
start_sandbox --seed-pets 150
export PETSTORE_BASE_URL=$SANDBOX_URL
row "list, plain HTTP" "petstore pets list --limit 100 --json" \
    "xh --ignore-stdin $SANDBOX_URL/pets?limit=100 Authorization:'Bearer $KEY'"
stop_sandbox

say "a list of 100 over HTTPS, HTTP/2"
start_sandbox --seed-pets 150 --tls
export PETSTORE_BASE_URL=$SANDBOX_URL PETSTORE_CACERT=$SANDBOX_CA
row "list, HTTPS h2" "petstore pets list --limit 100 --json" \
    "xh --ignore-stdin --verify $SANDBOX_CA $SANDBOX_URL/pets?limit=100 Authorization:'Bearer $KEY'"
stop_sandbox

printf '    load average %s at the end\n' "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/paired.txt"
say "the table and exports are in $OUT"
