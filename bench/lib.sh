# Shared by the bench scripts (sourced, not run): a work directory removed at exit with every process the
# script started, the release binaries copied into it, and a sandbox on a free loopback port. The script sets
# ROOT and KEY, and defines `die` and `say`, before sourcing this (the tools below may be called at once).

# Makes WORK (a temp directory named after $1) and the exit trap that stops PIDS and removes WORK.
bench_work() {
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    PIDS=()
    trap bench_cleanup EXIT
    trap 'exit 130' INT TERM
}

bench_cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null && { wait "$pid" 2>/dev/null || true; }
    done
    rm -rf -- "$WORK"
    return 0
}

# Copies petstore and petstore-sandbox from BENCH_BIN (default: the release build, built if missing) into
# WORK/bin, puts them first on PATH, and gives petstore an empty config directory and no proxy.
bench_binaries() {
    if [[ -z ${BENCH_BIN:-} ]]; then
        [[ -x $ROOT/target/release/petstore && -x $ROOT/target/release/petstore-sandbox ]] ||
            cargo build --release -p petstore -p petstore-sandbox --manifest-path "$ROOT/Cargo.toml" >&2
        BENCH_BIN=$ROOT/target/release
    fi
    mkdir -p "$WORK/bin" "$WORK/config"
    cp "$BENCH_BIN/petstore" "$BENCH_BIN/petstore-sandbox" "$WORK/bin/"
    export PATH="$WORK/bin:$PATH" PETSTORE_CONFIG_DIR="$WORK/config"
    unset PETSTORE_ENV PETSTORE_TIMEOUT HTTP_PROXY HTTPS_PROXY http_proxy https_proxy ALL_PROXY all_proxy
}

# Starts a sandbox with no pets (unless the options given say `--seed-pets N`) and room for 100,000,000, with
# the options given; sets SANDBOX_URL and SANDBOX_PID. With `--tls`, the sandbox's CA goes to WORK/ca.pem, named
# by SANDBOX_CA (empty without `--tls`).
start_sandbox() {
    local out="$WORK/sandbox.$RANDOM.url"
    : >"$out" # read before the sandbox writes it, it must exist: `head` on a missing file ends the script
    local seed=(--seed-pets 0) ca=()
    [[ " $* " == *" --seed-pets "* ]] && seed=()
    SANDBOX_CA=""
    if [[ " $* " == *" --tls "* ]]; then
        SANDBOX_CA=$WORK/ca.pem
        rm -f "$SANDBOX_CA"
        ca=(--ca-out "$SANDBOX_CA")
    fi
    petstore-sandbox --addr 127.0.0.1:0 -q "${seed[@]}" --max-pets 100000000 "${ca[@]}" "$@" >"$out" \
        2>>"$WORK/sandbox.err" &
    SANDBOX_PID=$!
    PIDS+=("$SANDBOX_PID")
    for _ in $(seq 100); do
        SANDBOX_URL=$(head -n 1 "$out")
        [[ $SANDBOX_URL == http*://127.0.0.1:*/v1 ]] && return 0
        kill -0 "$SANDBOX_PID" 2>/dev/null || break
        sleep 0.05
    done
    cat "$WORK/sandbox.err" >&2
    die "the sandbox did not start"
}

stop_sandbox() {
    kill "$SANDBOX_PID" 2>/dev/null || true
    wait "$SANDBOX_PID" 2>/dev/null || true
}

# The id the sandbox gives the next pet: one more than the number of pets it has created.
next_id() {
    curl -sf ${SANDBOX_CA:+--cacert "$SANDBOX_CA"} -H "Authorization: Bearer $KEY" \
        -H 'Content-Type: application/json' -d '{"name":"probe","categoryId":1}' "$SANDBOX_URL/pets" | sed -n 's/^{"id":\([0-9]*\),.*/\1/p'
}

# curl's config for `curl --parallel -K WORK/curl.cfg`: one transfer per record of WORK/pets.ndjson (its own url,
# data and headers), `next` between them, to the sandbox started last.
bench_curl_config() {
    awk -v url="$SANDBOX_URL/pets" -v key="$KEY" '{
        gsub(/\\/, "\\\\"); gsub(/"/, "\\\"")
        if (NR > 1) print "next"
        printf "url = \"%s\"\ndata = \"%s\"\nheader = \"Content-Type: application/json\"\n", url, $0
        printf "header = \"Authorization: Bearer %s\"\noutput = \"/dev/null\"\nfail\nsilent\n", key
    }' "$WORK/pets.ndjson" >"$WORK/curl.cfg"
}

# Installs Debian packages with apt-get (through sudo when not root), unless BENCH_NO_INSTALL is set.
apt_install() {
    [[ -n ${BENCH_NO_INSTALL:-} ]] && return 1
    local sudo=()
    [[ $(id -u) -ne 0 ]] && sudo=(sudo)
    say "installing $* with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get install -y --no-install-recommends "$@" >&2 ||
        { "${sudo[@]}" apt-get update >&2 && "${sudo[@]}" apt-get install -y --no-install-recommends "$@" >&2; }
}

# COMMAND, installed from PACKAGE if missing, or the script stops.
need() { # COMMAND PACKAGE
    command -v "$1" >/dev/null || apt_install "$2" || die "$1 is missing (Debian package $2)"
}

# Checks that the sandbox created exactly $1 pets, then stops it.
created_exactly() {
    local got
    got=$(next_id)
    stop_sandbox
    [[ $got == $(($1 + 1)) ]] || die "the next id is ${got:-none}, not $(($1 + 1)): not every record created one pet"
}
