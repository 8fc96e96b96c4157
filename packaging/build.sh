#!/usr/bin/env bash
# Builds petstore's release binaries and writes the release artefacts into target/dist/ (or
# $CARGO_TARGET_DIR/dist/, wherever cargo's target directory is):
#   petstore_VERSION_ARCH.deb          the client, its man pages, completions, README and licences
#   petstore-sandbox_VERSION_ARCH.deb  the local API, in a package of its own
#   petstore-VERSION-TARGET.tar.gz     both binaries, man/, completions/, README, docs/ and licences
#   petstore-VERSION-x86_64-pc-windows-gnu.zip   petstore.exe and petstore-sandbox.exe, completions/, README,
#                                      docs/ and licences (built, not tested: docs/install.md)
# Needs cargo-deb (`cargo install cargo-deb --locked`) and dpkg-dev (`dpkg-shlibdeps` works out Depends); for
# the zip, the Rust target (`rustup target add x86_64-pc-windows-gnu`), Debian's gcc-mingw-w64-x86-64 as its
# linker, and zip.
# The archive's timestamps and owners come from the commit, so the same commit gives the same archive.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in cargo-deb dpkg-shlibdeps; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: \`$tool\` is missing" >&2
        echo "help: install it with \`cargo install cargo-deb --locked\` and \`apt-get install dpkg-dev\`" >&2
        exit 1
    fi
done

export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
cargo build --release --locked --workspace
# Where cargo puts what it builds: `target/`, or CARGO_TARGET_DIR, or a cargo config's `build.target-dir`.
# cargo-deb finds it the same way, for the `target/release/` assets in Cargo.toml.
target_dir=$(cargo metadata --format-version 1 --no-deps --locked | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
if [ -z "$target_dir" ]; then
    echo "error: cannot tell where cargo puts what it builds (\`cargo metadata\` names no target directory)" >&2
    exit 1
fi

release=$target_dir/release
version=$("$release/petstore" --version | awk '{print $2}')
target=$(rustc -vV | sed -n 's/^host: //p')
dist=$target_dir/dist
rm -rf "$dist"
mkdir -p "$dist"

# `--deb-revision ""` keeps the names as VERSION_ARCH, without cargo-deb's default `-1`.
cargo deb --no-build --locked --deb-revision "" -p petstore -o "$dist/"
cargo deb --no-build --locked --deb-revision "" -p petstore-sandbox -o "$dist/"

# The archive, laid out as ripgrep's and xh's are: one top directory named after the archive.
name="petstore-$version-$target"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp "$release/petstore" "$release/petstore-sandbox" README.md LICENSE-MIT LICENSE-APACHE "$stage/$name/"
cp -r man completions docs "$stage/$name/"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -cf - "$name" | gzip -n -9 > "$dist/$name.tar.gz"

# The Windows zip: the same files, with `.exe` binaries; man pages have no use there.
windows=x86_64-pc-windows-gnu
cargo build --release --locked --target "$windows" -p petstore -p petstore-sandbox
name="petstore-$version-$windows"
mkdir "$stage/$name"
cp "$target_dir/$windows/release/petstore.exe" "$target_dir/$windows/release/petstore-sandbox.exe" README.md \
    LICENSE-MIT LICENSE-APACHE "$stage/$name/"
cp -r completions docs "$stage/$name/"
find "$stage/$name" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
(cd "$stage" && find "$name" | LC_ALL=C sort | zip -q -X -9 -@ "$dist/$name.zip")

ls -l "$dist"
