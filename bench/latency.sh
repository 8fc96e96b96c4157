#!/usr/bin/env bash
# Bulk over a slow link (run by bench/run.sh as its section 4, or alone): BENCH_LATENCY_N records (1,000) into a
# sandbox on loopback that holds each answer back (`--latency`), as a server tens of milliseconds away would.
#
#   bench/latency.sh                      # builds the release binaries if missing, about 1-2 minutes
#
#   4a. `--latency 50`, then 4b. `--latency 20..80`: in one hyperfine run each, `petstore pets add --file`
#       with its defaults (the concurrency found as it goes), with `--concurrency` 8, 16 and 64, and
#       `curl --parallel` (one process, 50 transfers at once: curl's default --parallel-max).
#   4c. A sandbox that takes 16 connections (`--max-connections 16`, the 17th gets 503 with `Retry-After: 1`)
#       and `--latency 50`: petstore's defaults against `--concurrency 16` (the best fixed setting there).
#
# Each hyperfine run has its own fresh sandbox; afterwards the id of one more pet proves that every run created
# exactly BENCH_LATENCY_N pets (none lost, none doubled). Ratios are the defaults' mean divided by each row's,
# from the same hyperfine run, so that they compare runs made under the same load: below 1.0, the defaults are
# faster. The load average is printed with the figures: the machine may be shared.
#
# Settings: BENCH_LATENCY_N (1000), BENCH_LATENCY_RUNS (5, after 1 warm-up), BENCH_OUT (where the exports and the
# table go; a new temp dir by default), BENCH_BIN (a directory with petstore and petstore-sandbox; default: the
# release build, built if missing).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_LATENCY_N:-1000}
RUNS=${BENCH_LATENCY_RUNS:-5}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-latency.XXXXXX")}
mkdir -p "$OUT"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
for tool in hyperfine curl; do command -v "$tool" >/dev/null || die "$tool is missing (bench/run.sh installs it)"; done

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_work petstore-latency-work
bench_binaries

seq 1 "$N" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/pets.ndjson"

# Starts a sandbox with the options given (bench/lib.sh); sets URL to it.
fresh_sandbox() {
    start_sandbox "$@"
    URL=$SANDBOX_URL
}


# One hyperfine run against a fresh sandbox started with SANDBOX_OPTIONS: $1 names it, the rest are
# `-n NAME COMMAND` pairs. Checks that every run created exactly N pets, then prints its table rows.
section() {
    local slug=$1 commands
    shift
    fresh_sandbox "${SANDBOX_OPTIONS[@]}"
    export PETSTORE_BASE_URL=$URL PETSTORE_API_KEY=$KEY
    bench_curl_config
    commands=$(($# / 3))
    echo "== $slug (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    hyperfine -N --style basic --warmup 1 --runs "$RUNS" --export-csv "$OUT/$slug.csv" \
        --export-json "$OUT/$slug.json" "$@" </dev/null >&2
    local expected=$(((RUNS + 1) * N * commands + 1)) got
    got=$(next_id)
    kill "$SANDBOX_PID" 2>/dev/null || true
    wait "$SANDBOX_PID" 2>/dev/null || true
    unset PETSTORE_BASE_URL PETSTORE_API_KEY
    [[ $got == "$expected" ]] || die "$slug: the next id is ${got:-none}, not $expected: a pet was lost or doubled"
    # mean, stddev; ratio: the defaults' mean over each row's.
    awk -F, -v slug="$slug" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" '
        NR > 1 { n++; name[n] = $1; mean[n] = $2; sd[n] = $3; if ($1 ~ /defaults/) base = $2 }
        END { for (i = 1; i <= n; i++)
                printf "%-16s %-44s %8.3f s ± %.3f   defaults ÷ this: %.2f   (load %s)\n",
                    slug, name[i], mean[i], sd[i], base / mean[i], load }' "$OUT/$slug.csv" | tee -a "$OUT/latency.txt"
}

file="--file $WORK/pets.ndjson"
link_rows=(
    -n "petstore pets add --file (defaults)" "petstore -q pets add $file"
    -n "petstore ... --concurrency 8" "petstore -q pets add $file --concurrency 8"
    -n "petstore ... --concurrency 16" "petstore -q pets add $file --concurrency 16"
    -n "petstore ... --concurrency 64" "petstore -q pets add $file --concurrency 64"
    -n "curl --parallel -K (50 at once)" "curl -s --parallel -K $WORK/curl.cfg"
)
: >"$OUT/latency.txt"
{
    echo "petstore $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'), $(nproc) CPUs, $N records," \
        "$RUNS runs each after 1 warm-up; $(curl --version | head -n 1 | cut -d' ' -f1-2), $(hyperfine --version)"
} | tee -a "$OUT/latency.txt" >&2
SANDBOX_OPTIONS=(--latency 50)
section "4a-latency-50" "${link_rows[@]}"
SANDBOX_OPTIONS=(--latency 20..80)
section "4b-latency-20-80" "${link_rows[@]}"
SANDBOX_OPTIONS=(--latency 50 --max-connections 16)
section "4c-16-connections" \
    -n "petstore pets add --file (defaults)" "petstore -q pets add $file" \
    -n "petstore ... --concurrency 16" "petstore -q pets add $file --concurrency 16"
echo "bench: the exports and latency.txt are in $OUT" >&2
cat "$OUT/latency.txt"
