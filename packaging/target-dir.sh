# Sourced by build.sh and check.sh: sets `target_dir`, where cargo puts what it builds (`target/`, or
# CARGO_TARGET_DIR, or a cargo config's `build.target-dir`). cargo-deb finds it the same way, for the
# `target/release/` assets in Cargo.toml.
target_dir=$(cargo metadata --format-version 1 --no-deps --locked | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
if [ -z "$target_dir" ]; then
    echo "error: cannot tell where cargo puts what it builds (\`cargo metadata\` names no target directory)" >&2
    exit 1
fi
