#!/usr/bin/env bash
# Builds petstore's release binaries and writes the release artefacts into target/dist/ (or
# $CARGO_TARGET_DIR/dist/, wherever cargo's target directory is):
#   petstore_VERSION_ARCH.deb          the client, its man pages, completions, README and licences
#   petstore-sandbox_VERSION_ARCH.deb  the local API, in a package of its own
#   petstore-VERSION-TARGET.tar.gz     both binaries, man/, completions/, README, docs/ and licences, for the
#                                      host (x86_64-unknown-linux-gnu) and, statically linked, for
#                                      x86_64-unknown-linux-musl: one binary for any Linux distribution
#   petstore-VERSION-x86_64-pc-windows-gnu.zip   petstore.exe and petstore-sandbox.exe, completions/, README,
#                                      docs/ and licences (run under Wine by packaging/check-platforms.sh)
#   petstore-VERSION.mcpb              the MCP Bundle for assistants' desktop apps: `petstore mcp` (read-only)
#                                      on Linux and Windows, with the static x86_64 Linux petstore and the
#                                      zip's petstore.exe, packaging/mcpb/manifest.json and the licences
#   server.json                        the bundle's entry for the MCP Registry: packaging/server.json with the
#                                      bundle's SHA-256 (`fileSha256`) added
#   petstore-VERSION-TARGET.BINARY.cdx.json   the CycloneDX SBOM of each shipped binary (cargo-cyclonedx)
#   SHA256SUMS                         the SHA-256 of every file above (`sha256sum -c SHA256SUMS`)
#
#   bash packaging/build.sh [--no-windows] [--no-musl]
#
# --no-windows leaves out the zip and --no-musl the static archive; either leaves out the bundle and
# server.json too, since the bundle carries both binaries (each says so at the end); everything else is always
# built. Before building anything it checks every tool it will need and names each one missing with how to
# install it (docs/install.md: Building the packages), installs the bundle's npm tools (packaging/mcpb/tools.sh),
# and checks that the bundle's manifest is valid and that it and packaging/server.json carry the crate's version.
# Timestamps and owners in the archives come from the commit, so the same commit gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

windows=x86_64-pc-windows-gnu
musl=x86_64-unknown-linux-musl
build_windows=1
build_musl=1
build_bundle=1
for arg in "$@"; do
    case $arg in
        --no-windows) build_windows=0 ;;
        --no-musl) build_musl=0 ;;
        *)
            echo "error: unknown argument \`$arg\`" >&2
            echo "usage: bash packaging/build.sh [--no-windows] [--no-musl]" >&2
            exit 2
            ;;
    esac
done
# The bundle carries the static Linux petstore and the Windows petstore.exe: without either, no bundle (rather
# than one for Linux alone, which no app that installs bundles runs on).
[ "$build_musl" = 1 ] && [ "$build_windows" = 1 ] || build_bundle=0

# Every tool first, so that a missing one is named before minutes of building, not deep in cargo's output.
missing=()
need() { # COMMAND HOW-TO-INSTALL
    command -v "$1" >/dev/null 2>&1 || missing+=("\`$1\`: $2")
}
need_target() { # TARGET FLAG
    rustup target list --installed 2>/dev/null | grep -qx "$1" ||
        missing+=("the Rust target $1: \`rustup target add $1\` (or leave it out: $2)")
}
need cargo-deb "cargo install cargo-deb --locked"
need dpkg-shlibdeps "apt-get install dpkg-dev"
need cargo-cyclonedx "cargo install cargo-cyclonedx --locked"
need sha256sum "apt-get install coreutils"
need git "apt-get install git"
if [ "$build_musl" = 1 ]; then
    need_target "$musl" --no-musl
    need musl-gcc "apt-get install musl-tools (or leave the static archive and the bundle out: --no-musl)"
fi
if [ "$build_windows" = 1 ]; then
    need_target "$windows" --no-windows
    need x86_64-w64-mingw32-gcc "apt-get install gcc-mingw-w64-x86-64 (or leave the zip out: --no-windows)"
    need zip "apt-get install zip (or leave the zip and the bundle out: --no-windows)"
fi
if [ "$build_bundle" = 1 ]; then
    need node "install Node.js and npm (or leave the bundle out: --no-musl or --no-windows)"
    need npm "install Node.js and npm (or leave the bundle out: --no-musl or --no-windows)"
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "error: packaging/build.sh needs what is missing here:" >&2
    printf '  - %s\n' "${missing[@]}" >&2
    exit 1
fi

# The bundle's files, checked now rather than after minutes of building: its manifest as mcpb validates it, and
# the crate's version in it and in server.json, whose bundle name carries the version too.
if [ "$build_bundle" = 1 ]; then
    . packaging/mcpb/tools.sh
    "$mcpb" validate packaging/mcpb/manifest.json ||
        { echo "error: packaging/mcpb/manifest.json is not a valid MCP Bundle manifest (above: what mcpb says)" >&2; exit 1; }
    crate_version=$(cargo metadata --format-version 1 --no-deps --locked |
        node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).packages.find((p) => p.name === "petstore").version')
    node - "$crate_version" <<'JS'
const version = process.argv[2];
const manifest = require("./packaging/mcpb/manifest.json");
const server = require("./packaging/server.json");
const wrong = [];
if (manifest.version !== version) wrong.push(`packaging/mcpb/manifest.json's version is ${manifest.version}`);
if (server.version !== version) wrong.push(`packaging/server.json's version is ${server.version}`);
if (!server.packages[0].identifier.endsWith(`/v${version}/petstore-${version}.mcpb`))
    wrong.push(`packaging/server.json's package is ${server.packages[0].identifier}, not .../v${version}/petstore-${version}.mcpb`);
if (wrong.length > 0) {
    console.error(`error: the crate's version is ${version}, and ${wrong.join("; ")}`);
    process.exit(1);
}
JS
fi

export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
# Files are packed with the modes they have in git's checkout, whatever the umask of the one who builds, and
# zip's times (local times) are UTC's, whatever the time zone.
umask 022
export TZ=UTC
cargo build --release --locked --workspace
. packaging/target-dir.sh

release=$target_dir/release
version=$("$release/petstore" --version | awk '{print $2}')
host=$(rustc -vV | sed -n 's/^host: //p')
dist=$target_dir/dist
rm -rf "$dist"
mkdir -p "$dist"

# `--deb-revision ""` keeps the names as VERSION_ARCH, without cargo-deb's default `-1`.
cargo deb --no-build --locked --deb-revision "" -p petstore -o "$dist/"
cargo deb --no-build --locked --deb-revision "" -p petstore-sandbox -o "$dist/"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# One archive, laid out as ripgrep's and xh's are: one top directory named after the archive
# (Cargo.toml's [package.metadata.binstall] names the same paths).
tarball() { # TARGET RELEASE-DIR
    local name="petstore-$version-$1"
    mkdir "$stage/$name"
    cp "$2/petstore" "$2/petstore-sandbox" README.md LICENSE-MIT LICENSE-APACHE "$stage/$name/"
    cp -r man completions docs "$stage/$name/"
    tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
        -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"
}
tarball "$host" "$release"

notes=()
# The static build: musl's C library is linked in, so it runs on any x86_64 Linux, old or new, glibc or not.
# musl-gcc compiles the C in it (ring, the vendored libdbus).
if [ "$build_musl" = 1 ]; then
    CC_x86_64_unknown_linux_musl=musl-gcc cargo build --release --locked --target "$musl" -p petstore -p petstore-sandbox
    tarball "$musl" "$target_dir/$musl/release"
else
    notes+=("note: --no-musl: petstore-$version-$musl.tar.gz was not built")
fi

# The Windows zip: the same files, with `.exe` binaries; man pages have no use there.
if [ "$build_windows" = 1 ]; then
    cargo build --release --locked --target "$windows" -p petstore -p petstore-sandbox
    name="petstore-$version-$windows"
    mkdir "$stage/$name"
    cp "$target_dir/$windows/release/petstore.exe" "$target_dir/$windows/release/petstore-sandbox.exe" README.md \
        LICENSE-MIT LICENSE-APACHE "$stage/$name/"
    cp -r completions docs "$stage/$name/"
    find "$stage/$name" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    (cd "$stage" && find "$name" | LC_ALL=C sort | zip -q -X -9 -@ "$dist/$name.zip")
else
    notes+=("note: --no-windows: petstore-$version-$windows.zip was not built")
fi

# The MCP Bundle: a zip of manifest.json, the static Linux binary as server/petstore, the zip's petstore.exe as
# server/petstore.exe (the manifest's win32 override runs it on Windows), and the licences, laid out as
# `mcpb pack` lays one out (files only, no directory entries). zip packs it, not `mcpb pack`, which stamps
# every entry with the time it runs: with zip the times are the commit's, so the same commit gives the same
# bytes. The static binary, because a bundle carries one binary for every Linux machine it is installed on.
# No macOS binary: build.sh builds none (Apple's SDK is needed to link one).
if [ "$build_bundle" = 1 ]; then
    mkdir -p "$stage/mcpb/server"
    install -m 644 packaging/mcpb/manifest.json LICENSE-MIT LICENSE-APACHE "$stage/mcpb/"
    install -m 755 "$target_dir/$musl/release/petstore" "$stage/mcpb/server/petstore"
    install -m 755 "$target_dir/$windows/release/petstore.exe" "$stage/mcpb/server/petstore.exe"
    find "$stage/mcpb" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
    (cd "$stage/mcpb" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | zip -q -X -D -9 -@ "$dist/petstore-$version.mcpb")
    # server.json names the bundle by its SHA-256, next to its URL, which clients check before they run it.
    node - packaging/server.json "$(sha256sum <"$dist/petstore-$version.mcpb" | cut -d' ' -f1)" >"$dist/server.json" <<'JS'
const [template, sha256] = process.argv.slice(2);
const server = JSON.parse(require("fs").readFileSync(template, "utf8"));
server.packages = server.packages.map((entry) =>
    Object.fromEntries(Object.entries(entry).flatMap(([key, value]) =>
        key === "identifier" ? [[key, value], ["fileSha256", sha256]] : [[key, value]])));
process.stdout.write(JSON.stringify(server, null, 2) + "\n");
JS
else
    left_out=$([ "$build_musl" = 1 ] || printf -- '--no-musl '; [ "$build_windows" = 1 ] || printf -- '--no-windows ')
    notes+=("note: ${left_out% }: petstore-$version.mcpb and server.json were not built (the bundle carries both the static Linux and the Windows petstore)")
fi

# The SBOMs: every crate compiled into each shipped binary (build-time ones left out), one CycloneDX file per
# binary and target. cargo-cyclonedx writes them next to each package's Cargo.toml, so it runs on a copy of
# the sources, whose path is then written as /petstore: the same commit gives the same SBOM wherever it is
# checked out.
sbom_targets=("$host")
[ "$build_musl" = 0 ] || sbom_targets+=("$musl")
[ "$build_windows" = 0 ] || sbom_targets+=("$windows")
mkdir "$stage/src"
git ls-files -z | xargs -0 cp --parents -t "$stage/src"
for target in "${sbom_targets[@]}"; do
    (cd "$stage/src" && cargo cyclonedx --quiet --format json --spec-version 1.5 --describe binaries \
        --no-build-deps --target "$target" --target-in-filename)
    for bin in petstore petstore-sandbox; do
        sed "s|$stage/src|/petstore|g" "$(find "$stage/src" -name "${bin}_bin_$target.cdx.json")" \
            >"$dist/petstore-$version-$target.$bin.cdx.json"
    done
done

(cd "$dist" && sha256sum -- * >SHA256SUMS)
ls -l "$dist"
if [ ${#notes[@]} -gt 0 ]; then
    printf '%s\n' "${notes[@]}"
fi
