#!/usr/bin/env bash
# What `journal send` costs beside a batch of the same writes: BENCH_OUTBOX_N writes (300) in the outbox (a
# `pets add --file` to a port nothing listens on, so every record is `not_sent`), sent by `journal send --yes`
# to a sandbox on that port with `--tls` (HTTPS, HTTP/2: the path users take) and `--latency 50`; against
# `pets add --file` of the same records to a fresh sandbox of the same kind. BENCH_OUTBOX_ROUNDS paired rounds
# (5), which goes first alternating; reports each run's seconds and the median of the rounds' ratios (send ÷
# batch).
#
#   bench/outbox.sh                                   # builds the release binaries if missing
#   BENCH_BIN=target/debug BENCH_OUTBOX_ROUNDS=3 bench/outbox.sh
#
# Every run must create exactly N animals, or the script stops.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_OUTBOX_N:-300}  # at most 300: the check lists them, 100 of each status at most
ROUNDS=${BENCH_OUTBOX_ROUNDS:-5}

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '%s\n' "$*" >&2; }

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_work petstore-outbox-work
bench_binaries

seq 1 "$N" | awk 'BEGIN { split("available pending sold", s) } { printf "{\"name\":\"outbox-%d\",\"categoryId\":%d,\"status\":\"%s\"}\n", $1, $1 % 5 + 1, s[$1 % 3 + 1] }' >"$WORK/pets.ndjson"

SANDBOX_CA=""
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# `petstore ARGS` against SANDBOX_URL with config directory $CONFIG; its wall-clock seconds in WORK/time.
petstore_timed() {
    PETSTORE_CONFIG_DIR="$CONFIG" PETSTORE_BASE_URL="$SANDBOX_URL" PETSTORE_API_KEY=$KEY \
        PETSTORE_CACERT="$SANDBOX_CA" /usr/bin/time -f '%e' -o "$WORK/time" petstore "$@" >/dev/null 2>"$WORK/err"
}

created() {
    local count
    count=$(PETSTORE_CONFIG_DIR="$CONFIG" PETSTORE_BASE_URL="$SANDBOX_URL" PETSTORE_API_KEY=$KEY \
        PETSTORE_CACERT="$SANDBOX_CA" petstore pets list --all --json 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
    [[ $count == "$N" ]] || die "$1 created $count animals, not $N"
}

# `journal send` of N outbox writes; prints its seconds.
send() {
    CONFIG=$WORK/config-send
    rm -rf "$CONFIG"
    mkdir -p "$CONFIG"
    local port
    port=$(free_port)
    SANDBOX_URL=https://127.0.0.1:$port/v1 SANDBOX_CA=""
    petstore_timed pets add --file "$WORK/pets.ndjson" --progress none && die "a batch to a closed port succeeded"
    start_sandbox --tls --latency 50 --addr "127.0.0.1:$port"
    petstore_timed journal send --yes || { cat "$WORK/err" >&2; die "journal send failed"; }
    cat "$WORK/time"
    created "journal send"
    stop_sandbox
}

# `pets add --file` of the same N records; prints its seconds.
batch() {
    CONFIG=$WORK/config-batch
    rm -rf "$CONFIG"
    mkdir -p "$CONFIG"
    start_sandbox --tls --latency 50
    petstore_timed pets add --file "$WORK/pets.ndjson" --progress none || { cat "$WORK/err" >&2; die "batch failed"; }
    cat "$WORK/time"
    created "pets add --file"
    stop_sandbox
}

ratios=()
printf '%-6s %10s %10s %8s\n' round send_s batch_s ratio
for round in $(seq 1 "$ROUNDS"); do
    if ((round % 2)); then s=$(send); b=$(batch); else b=$(batch); s=$(send); fi
    ratio=$(awk -v s="$s" -v b="$b" 'BEGIN { printf "%.2f", s / b }')
    ratios+=("$ratio")
    printf '%-6s %10s %10s %8s\n' "$round" "$s" "$b" "$ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
printf 'median send / batch: %s (N=%s, latency 50 ms, HTTPS h2)\n' "$median" "$N"
