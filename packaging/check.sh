#!/usr/bin/env bash
# Checks what packaging/build.sh wrote into target/dist/ (or $CARGO_TARGET_DIR/dist/) as a user would meet it: lists each package,
# unpacks it into a throwaway root, and runs what it installed (the binary, a man page, the completions);
# checks that the package's Depends names every shared library the binary really loads; and does the same
# for the archive. Exits non-zero at the first thing missing or broken.
set -euo pipefail
cd "$(dirname "$0")/.."

. packaging/target-dir.sh
dist=$target_dir/dist
version=$("$target_dir/release/petstore" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
target=$(rustc -vV | sed -n 's/^host: //p')
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

fail() {
    echo "error: $*" >&2
    exit 1
}

# The packages on the real system that provide each shared library `binary` loads, as `dpkg -S` names them.
needed_packages() {
    local lib path
    for lib in $(objdump -p "$1" | awk '/NEEDED/ {print $2}'); do
        path=$(ldd "$1" | awk -v lib="$lib" '$1 == lib {print $3}')
        [ -n "$path" ] || fail "$1 needs $lib, which is not found"
        dpkg -S "$(readlink -f "$path")" 2>/dev/null | cut -d: -f1 | head -1 ||
            dpkg -S "$path" | cut -d: -f1 | head -1
    done | sort -u
}

check_depends() {
    local deb=$1 binary=$2 depends pkg
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "   Depends: $depends"
    for pkg in $(needed_packages "$binary"); do
        grep -Eq "(^|, )${pkg}( |,|$)" <<<"$depends" || fail "$deb: Depends lacks $pkg, which provides a library $binary loads"
    done
}

echo "== petstore_${version}_${arch}.deb"
deb="$dist/petstore_${version}_${arch}.deb"
[ -f "$deb" ] || fail "$deb is missing; run bash packaging/build.sh"
dpkg-deb -c "$deb"
dpkg-deb -x "$deb" "$root/deb"
for path in usr/bin/petstore usr/share/man/man1/petstore.1.gz usr/share/man/man1/petstore-pets-list.1.gz \
    usr/share/bash-completion/completions/petstore usr/share/zsh/vendor-completions/_petstore \
    usr/share/fish/vendor_completions.d/petstore.fish usr/share/doc/petstore/README.md usr/share/doc/petstore/docs/exit-codes.md \
    usr/share/doc/petstore/LICENSE-MIT usr/share/doc/petstore/LICENSE-APACHE usr/share/doc/petstore/copyright; do
    [ -e "$root/deb/$path" ] || fail "$deb does not install /$path"
done
# Every page in man/ is in the package, compressed.
for page in man/*.1; do
    [ -f "$root/deb/usr/share/man/man1/$(basename "$page").gz" ] || fail "$deb lacks $page"
done
[ "$("$root/deb/usr/bin/petstore" --version)" = "petstore $version" ] || fail "the packaged petstore --version is wrong"
"$root/deb/usr/bin/petstore" version
man -l "$root/deb/usr/share/man/man1/petstore-pets-add.1.gz" 2>/dev/null | grep -q "pets add" ||
    fail "man -l cannot render the packaged petstore-pets-add.1.gz"
bash -c "source '$root/deb/usr/share/bash-completion/completions/petstore' && complete -p petstore" ||
    fail "the packaged bash completion does not load"
check_depends "$deb" "$root/deb/usr/bin/petstore"

echo "== petstore-sandbox_${version}_${arch}.deb"
deb="$dist/petstore-sandbox_${version}_${arch}.deb"
[ -f "$deb" ] || fail "$deb is missing"
dpkg-deb -c "$deb"
dpkg-deb -x "$deb" "$root/sandbox"
"$root/sandbox/usr/bin/petstore-sandbox" --version
[ -e "$root/sandbox/usr/share/doc/petstore-sandbox/copyright" ] || fail "$deb has no copyright file"
check_depends "$deb" "$root/sandbox/usr/bin/petstore-sandbox"
# The two packages share no file, so both install side by side.
comm -12 <(dpkg-deb -c "$dist/petstore_${version}_${arch}.deb" | awk '$1 !~ /^d/ {print $6}' | sort) \
    <(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sort) | grep . && fail "the packages share files"

echo "== petstore-$version-$target.tar.gz"
archive="$dist/petstore-$version-$target.tar.gz"
[ -f "$archive" ] || fail "$archive is missing"
tar -tzvf "$archive"
mkdir "$root/archive"
tar -xzf "$archive" -C "$root/archive"
top="$root/archive/petstore-$version-$target"
for path in petstore petstore-sandbox README.md docs/exit-codes.md LICENSE-MIT LICENSE-APACHE man/petstore.1 \
    completions/petstore.bash completions/_petstore completions/petstore.fish; do
    [ -e "$top/$path" ] || fail "$archive lacks petstore-$version-$target/$path"
done
[ "$(ls "$top/man" | wc -l)" = "$(ls man | wc -l)" ] || fail "$archive does not hold every man page"
[ "$(ls "$top/docs" | wc -l)" = "$(ls docs | wc -l)" ] || fail "$archive does not hold every page of docs/"
[ "$("$top/petstore" --version)" = "petstore $version" ] || fail "the archived petstore --version is wrong"
"$top/petstore-sandbox" -- "$top/petstore" pets list --limit 1 >/dev/null || fail "the archived binaries do not work together"
man -l "$top/man/petstore.1" 2>/dev/null | grep -q "petstore" || fail "man -l cannot render the archived petstore.1"
bash -c "source '$top/completions/petstore.bash' && complete -p petstore" || fail "the archived bash completion does not load"

echo "== petstore-$version-x86_64-pc-windows-gnu.zip"
zip="$dist/petstore-$version-x86_64-pc-windows-gnu.zip"
[ -f "$zip" ] || fail "$zip is missing"
unzip -l "$zip"
mkdir "$root/zip"
unzip -q "$zip" -d "$root/zip"
top="$root/zip/petstore-$version-x86_64-pc-windows-gnu"
for path in petstore.exe petstore-sandbox.exe README.md completions/_petstore.ps1; do
    [ -e "$top/$path" ] || fail "$zip lacks petstore-$version-x86_64-pc-windows-gnu/$path"
done
# Run under Wine, when it is installed (CI installs it): `--version`, and `pets list` against the sandbox,
# which runs on Linux. Wine 8.0 (Debian 12) lacks bcryptprimitives.dll, which Rust's standard library loads:
# a stand-in is built next to the program for this check only (packaging/wine/).
wine=$(command -v wine64 || command -v wine || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } || true)
if [ -z "$wine" ]; then
    echo "note: Wine is not installed (apt-get install wine64): the Windows binaries were not run"
else
    x86_64-w64-mingw32-gcc -shared -O2 -o "$top/bcryptprimitives.dll" packaging/wine/bcryptprimitives.c -ladvapi32
    export WINEPREFIX="$root/wine" WINEDEBUG=-all
    shown=$("$wine" "$top/petstore.exe" --version | tr -d '\r')
    [ "$shown" = "petstore $version" ] || fail "petstore.exe --version under Wine printed \`$shown\`"
    shown=$("$wine" "$top/petstore-sandbox.exe" --version | tr -d '\r')
    [ "$shown" = "petstore-sandbox $version" ] || fail "petstore-sandbox.exe --version under Wine printed \`$shown\`"
    listed=$("$root/archive/petstore-$version-$target/petstore-sandbox" -- "$wine" "$top/petstore.exe" pets list --limit 3 |
        tr -d '\r')
    [ "$(wc -l <<<"$listed")" = 3 ] || fail "petstore.exe pets list under Wine printed: $listed"
    echo "petstore.exe and petstore-sandbox.exe run under $("$wine" --version)"
    # Wine's server outlives the programs for a few seconds: end it before its prefix is removed.
    "$(command -v wineserver || echo /usr/lib/wine/wineserver)" -k || true
fi

echo "packaging: every check passed"
