#!/usr/bin/env bash
# What the journal of writes costs: a bulk add of BENCH_JOURNAL_N records (10,000) over HTTPS with HTTP/2 (the
# sandbox's `--tls`, the path users take), with the journal on (the default) and off (`PETSTORE_JOURNAL=off`),
# BENCH_JOURNAL_ROUNDS paired runs (11), which goes first alternating. Each run starts a fresh sandbox and a
# fresh journal. Reports each run's seconds (wall clock) and petstore's CPU seconds (user + system, GNU time),
# the median of each, and the median of the rounds' ratios (on ÷ off): the journal's cost is that ratio less 1.
# A run of 10,000 records takes about 0.2 s on loopback, so wall-clock ratios are noisy; CPU is steadier.
#
#   bench/journal.sh                          # builds the release binaries if missing; about 2 minutes
#   BENCH_JOURNAL_N=2000 BENCH_JOURNAL_ROUNDS=3 bench/journal.sh
#
# Every run must create exactly N animals, and a journalled run must leave 2 N lines in the journal, or the
# script stops.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_JOURNAL_N:-10000}
ROUNDS=${BENCH_JOURNAL_ROUNDS:-11}
command -v /usr/bin/time >/dev/null || die "GNU time is needed: apt-get install time"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '%s\n' "$*" >&2; }

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_work petstore-journal-work
bench_binaries

seq 1 "$N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"

# One bulk add with the journal `on` or `off`; prints its wall-clock and CPU seconds.
run() {
    local journal=$1 config="$WORK/config-$1"
    rm -rf "$config"
    mkdir -p "$config"
    start_sandbox --tls
    local off=()
    [[ $journal == off ]] && off=(PETSTORE_JOURNAL=off)
    env "${off[@]}" PETSTORE_CONFIG_DIR="$config" PETSTORE_BASE_URL="$SANDBOX_URL" PETSTORE_API_KEY=$KEY \
        PETSTORE_CACERT="$SANDBOX_CA" /usr/bin/time -f '%e %U %S' -o "$WORK/time" \
        petstore pets add --file "$WORK/pets.ndjson" --progress none >/dev/null \
        2>"$WORK/petstore.err" || { cat "$WORK/petstore.err" >&2; die "petstore failed"; }
    local elapsed
    elapsed=$(awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$WORK/time")
    created_exactly "$N"
    stop_sandbox
    if [[ $journal == on ]]; then
        local lines
        lines=$(wc -l <"$config/journal.ndjson")
        [[ $lines == $((2 * N)) ]] || die "the journal has $lines lines, not $((2 * N))"
    else
        [[ ! -e $config/journal.ndjson ]] || die "a journal was written with PETSTORE_JOURNAL=off"
    fi
    printf '%s' "$elapsed"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

say "load: $(cut -d' ' -f1-3 /proc/loadavg); N=$N over HTTPS h2, $ROUNDS paired rounds"
printf '%-6s %-9s %-9s %-7s %-9s %-9s %s\n' round on off ratio cpu-on cpu-off ratio
for file in on off ratio cpu-on cpu-off cpu-ratio; do : >"$WORK/$file"; done
for round in $(seq "$ROUNDS"); do
    if ((round % 2)); then on=$(run on); off=$(run off); else off=$(run off); on=$(run on); fi
    read -r on cpu_on <<<"$on"
    read -r off cpu_off <<<"$off"
    ratio=$(awk -v a="$on" -v b="$off" 'BEGIN { printf "%.3f", a / b }')
    cpu_ratio=$(awk -v a="$cpu_on" -v b="$cpu_off" 'BEGIN { printf "%.3f", a / b }')
    printf '%-6s %-9s %-9s %-7s %-9s %-9s %s\n' "$round" "${on}s" "${off}s" "$ratio" "${cpu_on}s" "${cpu_off}s" "$cpu_ratio"
    echo "$on" >>"$WORK/on"; echo "$off" >>"$WORK/off"; echo "$ratio" >>"$WORK/ratio"
    echo "$cpu_on" >>"$WORK/cpu-on"; echo "$cpu_off" >>"$WORK/cpu-off"; echo "$cpu_ratio" >>"$WORK/cpu-ratio"
done
printf '%-6s %-9s %-9s %-7s %-9s %-9s %s\n' median "$(median <"$WORK/on")s" "$(median <"$WORK/off")s" \
    "$(median <"$WORK/ratio")" "$(median <"$WORK/cpu-on")s" "$(median <"$WORK/cpu-off")s" "$(median <"$WORK/cpu-ratio")"
