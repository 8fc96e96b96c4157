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

# Starts a sandbox on a free port (unless the options given say `--addr`) with no pets (unless they say
# `--seed-pets N`) and room for 100,000,000, with
# the options given; sets SANDBOX_URL and SANDBOX_PID. With `--tls`, the sandbox's CA goes to WORK/ca.pem, named
# by SANDBOX_CA (empty without `--tls`).
start_sandbox() {
    local out="$WORK/sandbox.$RANDOM.url"
    : >"$out" # read before the sandbox writes it, it must exist: `head` on a missing file ends the script
    local seed=(--seed-pets 0) ca=() addr=(--addr 127.0.0.1:0)
    [[ " $* " == *" --seed-pets "* ]] && seed=()
    [[ " $* " == *" --addr "* ]] && addr=()
    SANDBOX_CA=""
    if [[ " $* " == *" --tls "* ]]; then
        SANDBOX_CA=$WORK/ca.pem
        rm -f "$SANDBOX_CA"
        ca=(--ca-out "$SANDBOX_CA")
    fi
    petstore-sandbox "${addr[@]}" -q "${seed[@]}" --max-pets 100000000 "${ca[@]}" "$@" >"$out" \
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

# What the front below needs: nginx (Debian's nginx-light; /usr/sbin, where Debian puts it, may not be on PATH),
# openssl and ss.
need_front() {
    [[ -x /usr/sbin/nginx && ":$PATH:" != *:/usr/sbin:* ]] && PATH=$PATH:/usr/sbin
    need nginx nginx-light
    need openssl openssl
    need ss iproute2
}

# A private CA made with openssl, once per WORK, and a certificate it signs for 127.0.0.1 and localhost: ECDSA
# P-256, as the sandbox's own. Sets FRONT_CA (the CA's certificate, for PETSTORE_CACERT and `xh --verify`).
front_ca() {
    local dir=$WORK/front-ca
    FRONT_CA=$dir/ca.pem
    [[ -s $FRONT_CA ]] && return 0
    mkdir -p "$dir"
    {
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -keyout "$dir/ca.key" \
            -out "$FRONT_CA" -subj "/CN=petstore bench CA" \
            -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign &&
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$dir/leaf.key" \
                -out "$dir/leaf.csr" -subj "/CN=127.0.0.1" &&
            printf '%s\n' "subjectAltName=IP:127.0.0.1,DNS:localhost" "basicConstraints=critical,CA:FALSE" \
                "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" >"$dir/leaf.ext" &&
            openssl x509 -req -in "$dir/leaf.csr" -CA "$FRONT_CA" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
                -extfile "$dir/leaf.ext" -out "$dir/leaf.pem"
    } >"$dir/openssl.log" 2>&1 ||
        { cat "$dir/openssl.log" >&2; rm -f "$FRONT_CA"; die "openssl could not make the CA"; }
}

# nginx (Debian's nginx-light) as the TLS front production runs behind, for the sandbox started last (plain
# HTTP, no `--tls`): run as the user running the bench, in the foreground (`daemon off`), with its config, pid,
# error log and temp files in WORK/nginx and the certificate of `front_ca`. It listens on two free loopback
# ports, HTTPS with HTTP/2 and HTTP/1.1 by ALPN (FRONT_URL) and HTTPS with HTTP/1.1 alone (FRONT_H1_URL, the
# same server without `http2`), and passes every request to the sandbox over HTTP/1.1 connections it keeps
# alive (`upstream` with `keepalive`). Sets FRONT_URL, FRONT_H1_URL, FRONT_CA and FRONT_PID. Settings:
# BENCH_FRONT_WORKERS (nginx's worker_processes: auto, one a CPU, as Debian's nginx.conf has it),
# BENCH_FRONT_KEEPALIVE (idle upstream connections each worker keeps: 64).
start_front() {
    front_ca
    local dir=$WORK/nginx upstream=${SANDBOX_URL#http://} nginx port h1_port user=""
    upstream=${upstream%%/*}
    [[ $SANDBOX_URL == http://* ]] || die "the front wants a plain-HTTP sandbox, not $SANDBOX_URL"
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
    rm -rf "$dir"
    mkdir -p "$dir"
    # Workers leave root for `nobody` unless told otherwise, and could not reach WORK (0700).
    [[ $(id -u) -eq 0 ]] && user="user $(id -un) $(id -gn);"
    for _ in 1 2 3 4 5; do
        # Two ports below the kernel's ephemeral range (where the sandbox's come from), free a moment ago.
        port=$((20000 + RANDOM % 12000)) h1_port=$((20000 + RANDOM % 12000))
        [[ $port != "$h1_port" && -z $(ss -Htln "( sport = :$port or sport = :$h1_port )") ]] || continue
        cat >"$dir/nginx.conf" <<CONF
$user
worker_processes ${BENCH_FRONT_WORKERS:-auto};
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $dir/client_body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    ssl_certificate $WORK/front-ca/leaf.pem;
    ssl_certificate_key $WORK/front-ca/leaf.key;
    ssl_protocols TLSv1.2 TLSv1.3;
    keepalive_requests 1000000;
    http2_max_concurrent_streams 256;
    upstream sandbox {
        server $upstream;
        keepalive ${BENCH_FRONT_KEEPALIVE:-64};
        keepalive_requests 1000000;
    }
    server {
        listen 127.0.0.1:$port ssl http2;
        location / {
            proxy_pass http://sandbox;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }
    }
    server {
        listen 127.0.0.1:$h1_port ssl;
        location / {
            proxy_pass http://sandbox;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }
    }
}
CONF
        rm -f "$dir/nginx.pid"
        "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" -g 'daemon off;' </dev/null >/dev/null \
            2>>"$dir/error.log" &
        FRONT_PID=$!
        PIDS+=("$FRONT_PID")
        # nginx writes its pid once it has bound its ports; a port taken meanwhile ends it (after 2.5 s).
        for _ in $(seq 100); do
            [[ -s $dir/nginx.pid ]] && break
            kill -0 "$FRONT_PID" 2>/dev/null || break
            sleep 0.05
        done
        if [[ -s $dir/nginx.pid ]]; then
            FRONT_URL=https://127.0.0.1:$port/v1 FRONT_H1_URL=https://127.0.0.1:$h1_port/v1
            return 0
        fi
        stop_front
    done
    cat "$dir/error.log" >&2
    die "nginx did not start"
}

stop_front() {
    kill "$FRONT_PID" 2>/dev/null || true
    wait "$FRONT_PID" 2>/dev/null || true
}
