#!/usr/bin/env bash
# Checks what packaging/build.sh wrote into target/dist/ (or $CARGO_TARGET_DIR/dist/) as a user would meet it: lists each package,
# unpacks it into a throwaway root, and runs what it installed (the binary, a man page, the completions);
# checks that the package's Depends names every shared library the binary really loads; does the same for
# the archives (the static one: that it is static); unpacks the MCP Bundle with mcpb and asks its binary for
# the tools its manifest lists, and validates server.json against the MCP Registry's schema; checks the Windows
# zip's files (packaging/check-platforms.sh runs them under Wine), SHA256SUMS, the SBOMs and Cargo.toml's
# binstall names. Exits non-zero at the first thing missing or broken.
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

# An artefact that --no-windows or --no-musl left out is noted here; under CI (`CI` set) it is a failure.
absent() {
    [ -z "${CI:-}" ] || fail "$1 is missing (CI builds every artefact)"
    echo "note: $1 was not built (packaging/build.sh --no-windows or --no-musl): not checked"
}

# An archive, unpacked: every file, and its binaries working together.
check_archive() { # TARGET
    local archive="$dist/petstore-$version-$1.tar.gz" top="$root/archive-$1/petstore-$version-$1" path
    echo "== petstore-$version-$1.tar.gz"
    [ -f "$archive" ] || fail "$archive is missing"
    tar -tzvf "$archive"
    mkdir "$root/archive-$1"
    tar -xzf "$archive" -C "$root/archive-$1"
    for path in petstore petstore-sandbox README.md docs/exit-codes.md LICENSE-MIT LICENSE-APACHE man/petstore.1 \
        completions/petstore.bash completions/_petstore completions/petstore.fish; do
        [ -e "$top/$path" ] || fail "$archive lacks petstore-$version-$1/$path"
    done
    [ "$(ls "$top/man" | wc -l)" = "$(ls man | wc -l)" ] || fail "$archive does not hold every man page"
    [ "$(ls "$top/docs" | wc -l)" = "$(ls docs | wc -l)" ] || fail "$archive does not hold every page of docs/"
    [ "$("$top/petstore" --version)" = "petstore $version" ] || fail "the archived petstore --version is wrong"
    "$top/petstore-sandbox" -- "$top/petstore" pets list --limit 1 >/dev/null || fail "the archived binaries do not work together"
    man -l "$top/man/petstore.1" 2>/dev/null | grep -q "petstore" || fail "man -l cannot render the archived petstore.1"
    bash -c "source '$top/completions/petstore.bash' && complete -p petstore" || fail "the archived bash completion does not load"
}
check_archive "$target"

# The static build: no program interpreter and no shared library, so it runs on any x86_64 Linux; and it
# lists the sandbox's animals exactly as the dynamically linked build does.
musl=x86_64-unknown-linux-musl
if [ -f "$dist/petstore-$version-$musl.tar.gz" ]; then
    check_archive "$musl"
    top="$root/archive-$musl/petstore-$version-$musl"
    for binary in petstore petstore-sandbox; do
        ! readelf -lW "$top/$binary" | grep -q 'INTERP' || fail "the static $binary names a program interpreter"
        ! readelf -dW "$top/$binary" | grep -q 'NEEDED' || fail "the static $binary loads shared libraries"
    done
    [ "$("$top/petstore-sandbox" -- "$top/petstore" pets list)" = \
        "$("$root/archive-$target/petstore-$version-$target/petstore-sandbox" -- \
            "$root/archive-$target/petstore-$version-$target/petstore" pets list)" ] ||
        fail "the static petstore's pets list differs from the dynamically linked one's"
    echo "   static: no interpreter, no shared library; pets list matches the $target build"
else
    absent "petstore-$version-$musl.tar.gz"
fi

# The MCP Bundle, unpacked by mcpb as a host unpacks it: its files, the static Linux binary and the Windows one
# with their modes, the command a host resolves on each platform, the manifest as mcpb validates it and as
# petstore serves it; and server.json, as the registry's schema has it, naming this bundle by its file name and
# SHA-256.
bundle="$dist/petstore-$version.mcpb"
windows=x86_64-pc-windows-gnu
zip="$dist/petstore-$version-$windows.zip"
if [ -f "$bundle" ]; then
    echo "== petstore-$version.mcpb"
    . packaging/mcpb/tools.sh
    unzip -l "$bundle"
    [ "$(zipinfo -1 "$bundle")" = "$(printf '%s\n' LICENSE-APACHE LICENSE-MIT manifest.json server/petstore server/petstore.exe)" ] ||
        fail "$bundle does not hold exactly LICENSE-APACHE, LICENSE-MIT, manifest.json, server/petstore and server/petstore.exe"
    # Both binaries are stored with Unix mode 755 (a zip made elsewhere may store none), which mcpb's unpack
    # and the apps give the files they write.
    python3 - "$bundle" <<'PY' || fail "the bundle's binaries are not stored executable (mode 755)"
import sys, zipfile
for info in zipfile.ZipFile(sys.argv[1]).infolist():
    if info.filename.startswith("server/"):
        mode = info.external_attr >> 16
        assert info.create_system == 3 and mode & 0o777 == 0o755, \
            f"{info.filename}: mode {oct(mode & 0o777)} (made by system {info.create_system}), not 0o755 (Unix)"
PY
    "$mcpb" unpack "$bundle" "$root/mcpb" >/dev/null || fail "mcpb cannot unpack $bundle"
    for binary in petstore petstore.exe; do
        [ -x "$root/mcpb/server/$binary" ] || fail "the bundle's server/$binary is not executable once unpacked"
    done
    "$mcpb" validate "$root/mcpb/manifest.json" || fail "mcpb finds the bundle's manifest.json invalid"
    cmp -s "$root/mcpb/manifest.json" packaging/mcpb/manifest.json || fail "the bundle's manifest.json is not packaging/mcpb/manifest.json"
    cmp -s "$root/mcpb/server/petstore" "$root/archive-$musl/petstore-$version-$musl/petstore" ||
        fail "the bundle's server/petstore is not the static archive's petstore"
    # The bundle is built only with the zip, whose petstore.exe it carries.
    [ -f "$zip" ] || fail "$zip is missing, and the bundle carries its petstore.exe"
    cmp -s "$root/mcpb/server/petstore.exe" <(unzip -p "$zip" "petstore-$version-$windows/petstore.exe") ||
        fail "the bundle's server/petstore.exe is not the Windows zip's petstore.exe"
    # The command an app starts, as mcpb's own library resolves the manifest on each platform (win32 through
    # the manifest's platform_overrides): the binary for that platform, in the unpacked bundle, with `mcp`.
    node - "$root/mcpb" <<'JS' || fail "the bundle's manifest does not start the bundle's binary on each platform"
const { pathToFileURL } = require("url");
const bundle = process.argv[2];
const entry = require.resolve("@anthropic-ai/mcpb", { paths: [`${process.cwd()}/packaging/mcpb`] });
const expected = { linux: "server/petstore", win32: "server/petstore.exe" };
import(pathToFileURL(entry)).then(async ({ getMcpConfigForManifest }) => {
    const manifest = require(`${bundle}/manifest.json`);
    for (const [platform, binary] of Object.entries(expected)) {
        Object.defineProperty(process, "platform", { value: platform });
        const config = await getMcpConfigForManifest({ manifest, extensionPath: bundle, systemDirs: {}, userConfig: {}, pathSeparator: "/" });
        if (config.command !== `${bundle}/${binary}` || JSON.stringify(config.args) !== '["mcp"]')
            throw new Error(`on ${platform} the app would start ${config.command} ${JSON.stringify(config.args)}, not ${binary} mcp`);
        require("fs").accessSync(config.command, require("fs").constants.X_OK);
        console.log(`   ${platform}: ${binary} mcp`);
    }
}).catch((error) => { console.error(`error: ${error.message}`); process.exit(1); });
JS
    # The tools the manifest lists are those `petstore mcp` serves without --allow-writes, word for word,
    # asked of the bundle's binary over stdio with nothing of this machine's petstore set up.
    mkdir "$root/mcpb-home"
    env -i HOME="$root/mcpb-home" PATH=/usr/bin:/bin timeout 30 python3 - "$root/mcpb" "$version" <<'PY' ||
import json, subprocess, sys
bundle, version = sys.argv[1:]
manifest = json.load(open(f"{bundle}/manifest.json"))
assert manifest["version"] == version, f"manifest.json says version {manifest['version']}, the crate {version}"
server = manifest["server"]
assert server["type"] == "binary" and server["entry_point"] == "server/petstore", "server is not the binary server/petstore"
assert server["mcp_config"] == {"command": "${__dirname}/server/petstore", "args": ["mcp"],
    "platform_overrides": {"win32": {"command": "${__dirname}/server/petstore.exe"}}}, \
    f"mcp_config is {server['mcp_config']}, not server/petstore mcp, and server/petstore.exe on win32"
# The bundle carries a Linux and a Windows binary, and none for macOS (darwin).
assert manifest["compatibility"]["platforms"] == ["linux", "win32"], \
    "the bundle's Linux and Windows binaries are not for " + str(manifest["compatibility"]["platforms"])

process = subprocess.Popen([f"{bundle}/server/petstore", "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(message):
    process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    process.stdin.flush()
def call(id, method, params):
    send({"id": id, "method": method, "params": params})
    answer = json.loads(process.stdout.readline())
    assert "result" in answer, f"petstore mcp answers {method} with {answer}"
    return answer["result"]
call(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "check.sh", "version": version}})
send({"method": "notifications/initialized"})
served = [{"name": tool["name"], "description": tool["description"]} for tool in call(2, "tools/list", {})["tools"]]
process.stdin.close()
assert process.wait() == 0, f"petstore mcp exited with {process.returncode} at the end of its input"
assert manifest["tools"] == served, f"manifest.json lists {manifest['tools']}, petstore mcp serves {served}"
print(f"   manifest: petstore {version}, server/petstore mcp (linux), server/petstore.exe mcp (win32); tools {', '.join(t['name'] for t in served)} as served")
PY
        fail "the bundle's manifest.json does not describe the bundle's petstore $version"

    echo "== server.json"
    [ -f "$dist/server.json" ] || fail "$dist/server.json is missing"
    "$ajv" validate --spec=draft7 --strict=false -c ajv-formats -s packaging/mcpb/server.schema.json \
        -d "$dist/server.json" --errors=text || fail "server.json does not follow the MCP Registry's schema"
    python3 - "$dist/server.json" packaging/mcpb/server.schema.json "$version" "$(sha256sum <"$bundle" | cut -d' ' -f1)" <<'PY' ||
import json, sys
path, schema_path, version, sha256 = sys.argv[1:]
server, schema = json.load(open(path)), json.load(open(schema_path))
assert server["$schema"] == schema["$id"], f"server.json names the schema {server['$schema']}, and {schema['$id']} is kept"
assert server["version"] == version, f"server.json says version {server['version']}, the crate {version}"
[package] = server["packages"]
assert package["registryType"] == "mcpb" and package["transport"] == {"type": "stdio"}, "the package is not an mcpb over stdio"
assert package["identifier"].startswith("https://") and package["identifier"].endswith(f"/petstore-{version}.mcpb"), \
    f"the package is {package['identifier']}, not the URL of petstore-{version}.mcpb"
assert package["fileSha256"] == sha256, f"fileSha256 is {package['fileSha256']}, and the bundle's SHA-256 {sha256}"
print(f"   {server['name']} {version}: {package['identifier']}, SHA-256 {sha256[:12]}...")
PY
        fail "server.json does not describe petstore-$version.mcpb as it was built"
else
    absent "petstore-$version.mcpb (and so server.json)"
    [ ! -f "$dist/server.json" ] || fail "$dist/server.json is there without the bundle it names"
fi

if [ -f "$zip" ]; then
    echo "== petstore-$version-$windows.zip (run under Wine by packaging/check-platforms.sh windows)"
    unzip -l "$zip"
    mkdir "$root/zip"
    unzip -q "$zip" -d "$root/zip"
    top="$root/zip/petstore-$version-$windows"
    for path in petstore.exe petstore-sandbox.exe README.md completions/_petstore.ps1; do
        [ -e "$top/$path" ] || fail "$zip lacks petstore-$version-$windows/$path"
    done
else
    absent "petstore-$version-$windows.zip"
fi

echo "== SHA256SUMS"
(cd "$dist" && sha256sum -c --strict SHA256SUMS) || fail "a checksum in SHA256SUMS does not match"
for file in "$dist"/*; do
    [ "$(basename "$file")" = SHA256SUMS ] && continue
    grep -q "  $(basename "$file")\$" "$dist/SHA256SUMS" || fail "SHA256SUMS lacks $(basename "$file")"
done

# Each SBOM describes its binary for its target: the keyring store of that platform is among its crates.
echo "== SBOMs"
for archive in "$dist"/petstore-"$version"-*.tar.gz "$dist"/petstore-"$version"-*.zip; do
    [ -f "$archive" ] || continue
    artefact_target=$(basename "$archive" | sed -e "s/^petstore-$version-//" -e 's/\.tar\.gz$//' -e 's/\.zip$//')
    case $artefact_target in
        *windows*) store=windows-native-keyring-store ;;
        *linux*) store=dbus-secret-service-keyring-store ;;
    esac
    for bin in petstore petstore-sandbox; do
        python3 - "$dist/petstore-$version-$artefact_target.$bin.cdx.json" "$bin" "$version" "$store" <<'PY' ||
import json, sys
path, binary, version, store = sys.argv[1:]
bom = json.load(open(path))
names = {c["name"] for c in bom["components"]}
assert bom["bomFormat"] == "CycloneDX", "not CycloneDX"
assert bom["metadata"]["component"]["name"] == binary, "describes " + bom["metadata"]["component"]["name"]
assert bom["metadata"]["component"]["version"] == version, "describes another version"
assert binary == "petstore-sandbox" or store in names, "lacks " + store
print(f"   {path.rsplit('/', 1)[1]}: {binary} {version}, {len(names)} crates")
PY
            fail "petstore-$version-$artefact_target.$bin.cdx.json is not the SBOM of $bin for $artefact_target"
    done
done

# `cargo binstall` finds the archives by Cargo.toml's [package.metadata.binstall]: its names, filled in as
# binstall fills them, name every archive in dist/ and the binaries inside.
echo "== binstall metadata"
for manifest in Cargo.toml sandbox/Cargo.toml; do
    python3 - "$manifest" "$dist" "$version" <<'PY' || fail "$manifest's [package.metadata.binstall] does not match the archives"
import os, sys, tomllib, zipfile, tarfile
manifest, dist, version = sys.argv[1:]
package = tomllib.load(open(manifest, "rb"))["package"]
binstall = package["metadata"]["binstall"]
for archive in sorted(os.listdir(dist)):
    if not archive.startswith(f"petstore-{version}-") or not archive.endswith((".tar.gz", ".zip")):
        continue
    target = archive[len(f"petstore-{version}-"):].removesuffix(".tar.gz").removesuffix(".zip")
    settings = dict(binstall, **binstall.get("overrides", {}).get(target, {}))
    suffix = {"tgz": ".tar.gz", "zip": ".zip"}[settings["pkg-fmt"]]
    ext = ".exe" if "windows" in target else ""
    fill = lambda template: (template.replace("{ name }", package["name"]).replace("{ version }", version)
        .replace("{ target }", target).replace("{ archive-suffix }", suffix).replace("{ binary-ext }", ext)
        .replace("{ bin }", package["name"]))
    url = fill(settings["pkg-url"])
    assert url.rsplit("/", 1)[1] == archive, f"{manifest}: pkg-url names {url} for {archive}"
    inside = fill(settings["bin-dir"])
    path = os.path.join(dist, archive)
    names = zipfile.ZipFile(path).namelist() if archive.endswith(".zip") else tarfile.open(path).getnames()
    assert inside in names, f"{archive} has no {inside}"
    print(f"   {manifest}: {target}: {url.rsplit('/', 1)[1]}, {inside}")
PY
done

echo "packaging: every check passed"
