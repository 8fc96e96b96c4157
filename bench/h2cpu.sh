#!/usr/bin/env bash
# Instructions per record of a bulk add over HTTPS with HTTP/2, petstore against h2load (issue 44, goal 5):
# counted by valgrind's callgrind, not timed, so a shared machine gives the same figure from run to run.
#
#   bench/h2cpu.sh                        # builds the release binaries if missing; about 2 minutes
#
# For each client, (I(BENCH_H2CPU_BIG) - I(BENCH_H2CPU_N)) / (BIG - N): start-up and the TLS handshake left
# out. petstore runs `pets add --file` with its defaults (the journal on, as users have it, and off with
# PETSTORE_JOURNAL=off); h2load sends the same POST, `h2load -n N -m 256 -c 1`. Each run goes to a fresh
# `petstore-sandbox --tls --max-streams 256`; the sandbox is not counted. After each run the id of one more
# pet proves it created exactly that many pets. Every command is printed.
#
# Settings: BENCH_H2CPU_N (2000), BENCH_H2CPU_BIG (10000), BENCH_BIN (a directory with petstore and
# petstore-sandbox; default: the release build, built if missing), BENCH_NO_INSTALL=1 (install nothing).
# For a profile of where the instructions go: `callgrind_annotate --inclusive=yes FILE` on the files it keeps
# in BENCH_OUT (a build with symbols: `cargo build --release --config profile.release.strip=false`).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KEY=sandbox
N=${BENCH_H2CPU_N:-2000}
BIG=${BENCH_H2CPU_BIG:-10000}
OUT=${BENCH_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/petstore-h2cpu.XXXXXX")}
mkdir -p "$OUT"

die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
say() { printf '%s\n' "$*" >&2; }
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
need valgrind valgrind
need h2load nghttp2-client
need curl curl
bench_work petstore-h2cpu-work
bench_binaries
export PETSTORE_API_KEY=$KEY

seq 1 "$BIG" | awk '{ printf "{\"name\":\"bench-%d\",\"categoryId\":%d,\"status\":\"available\"}\n", $1, $1 % 5 + 1 }' \
    >"$WORK/$BIG.ndjson"
head -n "$N" "$WORK/$BIG.ndjson" >"$WORK/$N.ndjson"
printf '%s' '{"name":"bench-1","categoryId":2,"status":"available"}' >"$WORK/body.json"

# Instructions of one run of the client ($1: petstore, petstore-nojournal or h2load) for $2 records.
count() {
    local client=$1 n=$2 out="$OUT/callgrind.$1.$2" run
    start_sandbox --tls --max-streams 256
    case $client in
        petstore*)
            local journal=on
            [[ $client == petstore-nojournal ]] && journal=off
            # A fresh config directory, and so a fresh journal, each run.
            local config="$WORK/config.$client.$n"
            mkdir -p "$config"
            # Exported rather than given through `env`, whose exec valgrind would not follow.
            local -x PETSTORE_BASE_URL="$SANDBOX_URL" PETSTORE_CACERT="$SANDBOX_CA" PETSTORE_JOURNAL=$journal \
                PETSTORE_CONFIG_DIR="$config"
            say "  PETSTORE_JOURNAL=$journal PETSTORE_CONFIG_DIR=$config PETSTORE_BASE_URL=$SANDBOX_URL \\"
            say "    PETSTORE_CACERT=$SANDBOX_CA PETSTORE_API_KEY=$KEY"
            run=(petstore -q pets add --file "$WORK/$n.ndjson")
            ;;
        h2load)
            run=(h2load -n "$n" -m 256 -c 1 -d "$WORK/body.json" -H 'content-type: application/json'
                -H "authorization: Bearer $KEY" "$SANDBOX_URL/pets")
            ;;
    esac
    say "  ${run[*]}"
    valgrind --tool=callgrind --callgrind-out-file="$out" "${run[@]}" >/dev/null 2>"$out.err" ||
        { cat "$out.err" >&2; die "$client failed"; }
    created_exactly "$n"
    sed -n 's/.*Collected : //p' "$out.err"
}

say "petstore-sandbox --addr 127.0.0.1:0 --seed-pets 0 --max-pets 100000000 --tls --max-streams 256 (fresh each run)"
declare -A per
for client in petstore petstore-nojournal h2load; do
    small=$(count "$client" "$N")
    big=$(count "$client" "$BIG")
    per[$client]=$(((big - small) / (BIG - N)))
    say "$client: $small instructions for $N records, $big for $BIG: ${per[$client]} per record"
done
{
    printf '| client | instructions per record | ÷ h2load |\n|---|--:|--:|\n'
    for client in petstore petstore-nojournal h2load; do
        awk -v c="$client" -v p="${per[$client]}" -v h="${per[h2load]}" \
            'BEGIN { printf "| %s | %d | %.2f |\n", c, p, p / h }'
    done
} | tee "$OUT/h2cpu.md"
say "(callgrind files in $OUT)"
