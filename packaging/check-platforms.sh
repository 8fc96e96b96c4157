#!/usr/bin/env bash
# Checks petstore where CI has no machine of its own: Windows under Wine, macOS by compiling, and the release
# artefacts by building them twice. What each check proves and what it does not: docs/install.md, Platforms.
#
#   bash packaging/check-platforms.sh [windows] [macos] [reproducible]     (no argument: all three)
#
# windows       the zip that packaging/build.sh wrote, under Wine, against the Linux sandbox on 127.0.0.1:
#               `auth login` into the Credential Manager, `auth token` in a new process gives the same key back,
#               `auth status` and `doctor` name where it is, `pets list` with it, `auth logout` removes it; the
#               same with `--storage file`; the config directory is %APPDATA%\petstore\config. Every step's exit
#               code, stdout and stderr are compared whole. Needs wine64, unzip and the MinGW-w64 gcc.
# macos         `cargo check --workspace` for aarch64-apple-darwin and x86_64-apple-darwin, zig compiling the C
#               (cargo-zigbuild, and zig from PyPI's ziglang). No link: that needs Apple's SDK.
# reproducible  packaging/build.sh again, after cargo has forgotten the two binaries of every target, and
#               dist/'s SHA256SUMS compared with the first build's.
set -euo pipefail
cd "$(dirname "$0")/.."
. packaging/target-dir.sh
dist=$target_dir/dist

fail() {
    echo "error: $*" >&2
    exit 1
}

root=$(mktemp -d)
sandbox_pid=""
cleanup() {
    [ -z "$sandbox_pid" ] || kill "$sandbox_pid" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT

# Runs COMMAND with STDIN and compares its exit code, stdout and stderr (carriage returns removed) with the
# expected ones, whole; shows the difference when they differ.
#   expect WHAT EXIT STDOUT STDERR STDIN COMMAND...   (STDOUT, STDERR: the lines, or "" for nothing)
expect() {
    local what=$1 code=$2 out=$3 err=$4 input=$5 got=0
    shift 5
    printf %s "$input" | "$@" >"$root/stdout" 2>"$root/stderr" || got=$?
    tr -d '\r' <"$root/stdout" >"$root/stdout.got"
    tr -d '\r' <"$root/stderr" >"$root/stderr.got"
    if [ -n "$out" ]; then printf '%s\n' "$out" >"$root/stdout.want"; else : >"$root/stdout.want"; fi
    if [ -n "$err" ]; then printf '%s\n' "$err" >"$root/stderr.want"; else : >"$root/stderr.want"; fi
    local bad=""
    [ "$got" = "$code" ] || bad="exit code $got, not $code"
    diff -u "$root/stdout.want" "$root/stdout.got" >"$root/stdout.diff" || bad="${bad:+$bad; }stdout differs"
    diff -u "$root/stderr.want" "$root/stderr.got" >"$root/stderr.diff" || bad="${bad:+$bad; }stderr differs"
    if [ -n "$bad" ]; then
        cat "$root/stdout.diff" "$root/stderr.diff" >&2
        fail "$what: $bad"
    fi
    echo "   ok: $what"
}

windows() {
    local version windows=x86_64-pc-windows-gnu host top wine wineserver appdata config_dir key=wine-round-trip-7f3a
    version=$("$target_dir/release/petstore" --version | awk '{print $2}')
    host=$(rustc -vV | sed -n 's/^host: //p')
    local zip="$dist/petstore-$version-$windows.zip" archive="$dist/petstore-$version-$host.tar.gz"
    echo "== Windows under Wine: petstore-$version-$windows.zip"
    [ -f "$zip" ] && [ -f "$archive" ] || fail "$zip or $archive is missing; run bash packaging/build.sh"
    wine=$(command -v wine64 || command -v wine || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } ||
        fail "Wine is not installed (apt-get install wine64)")
    wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)
    unzip -q "$zip" -d "$root/zip"
    tar -xzf "$archive" -C "$root"
    top="$root/zip/petstore-$version-$windows"
    # Debian 12's Wine 8.0 lacks bcryptprimitives.dll, which Rust's standard library loads: a stand-in is built
    # next to the program for this check only (packaging/wine/).
    x86_64-w64-mingw32-gcc -shared -O2 -o "$top/bcryptprimitives.dll" packaging/wine/bcryptprimitives.c -ladvapi32

    # A Windows user of its own: a fresh Wine prefix, a home of its own, and none of petstore's variables.
    mkdir "$root/home"
    local clean=(env -u PETSTORE_API_KEY -u PETSTORE_BASE_URL -u PETSTORE_ENV -u PETSTORE_CONFIG_DIR
        -u PETSTORE_CACERT -u XDG_CONFIG_HOME HOME="$root/home" WINEPREFIX="$root/wine" WINEDEBUG=-all)
    local exe=("${clean[@]}" "$wine" "$top/petstore.exe")
    appdata=$("${clean[@]}" "$wine" cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')
    [[ $appdata == 'C:\users\'*'\AppData\Roaming' ]] || fail "Wine's %APPDATA% is \`$appdata\`"
    config_dir=$("${clean[@]}" "$wine" winepath -u "$appdata\\petstore\\config" 2>/dev/null | tr -d '\r')
    config_dir=${config_dir%/}
    echo "   Wine $("$wine" --version), %APPDATA% = $appdata"

    # The Linux sandbox on loopback, accepting this key alone.
    "$root/petstore-$version-$host/petstore-sandbox" --addr 127.0.0.1:0 --api-key "$key" -q >"$root/sandbox.out" &
    sandbox_pid=$!
    local tries=0
    until [ -s "$root/sandbox.out" ]; do
        tries=$((tries + 1))
        [ "$tries" -lt 100 ] || fail "the sandbox printed no address within 10 s"
        sleep 0.1
    done
    local url
    url=$(head -1 "$root/sandbox.out")
    local animals
    animals=$(env PETSTORE_CONFIG_DIR="$root/linux-config" PETSTORE_BASE_URL="$url" PETSTORE_API_KEY="$key" \
        "$root/petstore-$version-$host/petstore" pets list)

    # The Credential Manager's entries, as Wine keeps them: in the registry, one key per target.
    credentials() {
        "${clean[@]}" "$wine" reg query 'HKCU\Software\Wine\Credential Manager' /s 2>/dev/null | tr -d '\r' |
            grep -c '^HKEY_CURRENT_USER\\Software\\Wine\\Credential Manager\\Generic: local:' || true
    }

    expect "env add writes %APPDATA%\\petstore\\config\\config.toml" 0 "" \
        "added \`local\` ($url); log in with \`petstore auth login --env local\`" "" \
        "${exe[@]}" env add local "$url"
    [ -f "$config_dir/config.toml" ] || fail "env add wrote no $appdata\\petstore\\config\\config.toml"
    [ ! -e "$root/home/.config/petstore" ] || fail "petstore.exe wrote into the Unix home's ~/.config"

    # The default store: the Credential Manager.
    expect "auth login stores the key in the Credential Manager" 0 "" \
        "logged in to \`local\` ($url): the API accepted it; the key is in the Windows Credential Manager" "$key" \
        "${exe[@]}" auth login --env local
    [ "$(credentials)" = 1 ] || fail "auth login left no Credential Manager entry for \`local\`"
    [ ! -e "$config_dir/credentials.toml" ] || fail "auth login wrote a credentials file"
    expect "auth token, in a new process, gives the same key back" 0 "$key" "" "" "${exe[@]}" auth token --env local
    expect "auth status: the key from the keyring, accepted" 0 "*	local	$url	keyring	****${key: -4}	accepted" "" "" \
        "${exe[@]}" auth status --env local
    "${exe[@]}" doctor --env local 2>&1 | tr -d '\r' >"$root/doctor" || { cat "$root/doctor"; fail "doctor under Wine failed"; }
    grep -Fqx "keyring	PASS	the Windows Credential Manager answers" "$root/doctor" &&
        grep -Fqx "key	PASS	from the Windows Credential Manager: ****${key: -4}" "$root/doctor" ||
        { cat "$root/doctor"; fail "doctor does not say that the key is in the Windows Credential Manager"; }
    echo "   ok: doctor: the key is from the Windows Credential Manager"
    expect "pets list with the stored key lists what the Linux build lists" 0 "$animals" "" "" \
        "${exe[@]}" pets list --env local
    expect "auth logout" 0 "" "logged out of \`local\`" "" "${exe[@]}" auth logout --env local
    [ "$(credentials)" = 0 ] || fail "auth logout left the Credential Manager entry for \`local\`"
    expect "auth token after logout: not logged in" 4 "" "error: not logged in to \`local\`
help: run \`petstore auth login --env local\`, or set \`PETSTORE_API_KEY\`" "" "${exe[@]}" auth token --env local

    # --storage file: the credentials file in %APPDATA%\petstore\config, and nothing in the Credential Manager.
    expect "auth login --storage file" 0 "" \
        "warning: stored the key for \`local\` in plain text in \`$appdata\\petstore\\config\\credentials.toml\` (readable by you alone)
logged in to \`local\` ($url): the API accepted it; the key is in the credentials file" "$key" \
        "${exe[@]}" auth login --env local --storage file
    grep -qx "local = \"$key\"" "$config_dir/credentials.toml" || fail "the credentials file does not hold the key"
    grep -qx 'key_storage = "file"' "$config_dir/config.toml" || fail "config.toml does not say key_storage = \"file\""
    [ "$(credentials)" = 0 ] || fail "auth login --storage file wrote into the Credential Manager"
    expect "auth token from the file" 0 "$key" "" "" "${exe[@]}" auth token --env local
    expect "auth status: the key from the file, accepted" 0 "*	local	$url	file	****${key: -4}	accepted" "" "" \
        "${exe[@]}" auth status --env local
    expect "pets list with the key from the file" 0 "$animals" "" "" "${exe[@]}" pets list --env local
    expect "auth logout from the file" 0 "" "logged out of \`local\`" "" "${exe[@]}" auth logout --env local
    ! grep -q "$key" "$config_dir/credentials.toml" || fail "auth logout left the key in the credentials file"
    expect "auth status after logout: no key" 4 "*	local	$url	none		not logged in: run \`petstore auth login --env local\`" \
        "error: \`local\` has no working key: not logged in: run \`petstore auth login --env local\`" "" \
        "${exe[@]}" auth status --env local

    # Wine's server outlives the programs for a few seconds: end it before its prefix is removed.
    "${clean[@]}" "$wineserver" -k || true
    kill "$sandbox_pid" 2>/dev/null || true
    wait "$sandbox_pid" 2>/dev/null || true
    sandbox_pid=""
    echo "Windows: the Credential Manager and file round trips pass under Wine"
}

macos() {
    command -v cargo-zigbuild >/dev/null || fail "cargo-zigbuild is missing (pip install cargo-zigbuild ziglang)"
    local target
    for target in aarch64-apple-darwin x86_64-apple-darwin; do
        echo "== macOS: cargo check --workspace --target $target (zig as the C compiler)"
        rustup target list --installed | grep -qx "$target" || fail "the Rust target $target is missing (rustup target add $target)"
        # A warning here is one no Linux or Windows build shows: a `cfg(target_os = "macos")` branch's.
        cargo-zigbuild check --workspace --locked --target "$target" 2>&1 | tee "$root/check.log"
        ! grep -q '^warning' "$root/check.log" || fail "the $target build has warnings"
    done
    echo "macOS: both targets compile (not linked: that needs Apple's SDK)"
}

reproducible() {
    echo "== reproducible: packaging/build.sh twice"
    [ -f "$dist/SHA256SUMS" ] || fail "$dist/SHA256SUMS is missing; run bash packaging/build.sh"
    cp "$dist/SHA256SUMS" "$root/first"
    local target flags=()
    # The same artefacts as the first build: what it left out, this one leaves out.
    ls "$dist"/*.zip >/dev/null 2>&1 || flags+=(--no-windows)
    ls "$dist"/*-x86_64-unknown-linux-musl.tar.gz >/dev/null 2>&1 || flags+=(--no-musl)
    # cargo builds the two binaries again from their sources (the libraries under them stay built); a different
    # time zone and umask must not show in the artefacts.
    cargo clean --release -p petstore -p petstore-sandbox
    for target in x86_64-unknown-linux-musl x86_64-pc-windows-gnu; do
        [ ! -d "$target_dir/$target" ] || cargo clean --release --target "$target" -p petstore -p petstore-sandbox
    done
    (umask 077 && TZ=Pacific/Kiritimati bash packaging/build.sh "${flags[@]}")
    diff -u "$root/first" "$dist/SHA256SUMS" || fail "the second build's artefacts differ from the first's"
    echo "reproducible: the second build gave the same bytes ($(wc -l <"$dist/SHA256SUMS") files)"
}

[ $# -gt 0 ] || set -- windows macos reproducible
for check in "$@"; do
    case $check in
        windows | macos | reproducible) "$check" ;;
        *) fail "unknown check \`$check\` (windows, macos or reproducible)" ;;
    esac
done
