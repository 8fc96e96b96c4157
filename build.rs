//! Records what `petstore version` tells about the build: the target it was built for, and the git commit
//! when it was built from a git checkout (a source archive has none, and says so).
//!
//! Two values do not justify a build-time dependency: vergen 10 needs a newer Rust than the project's, and
//! vergen-gitcl 1 brings two dozen build crates. `git` on the PATH is all this needs, and it is optional.

// A build script talks to cargo through stdout.
#![allow(clippy::print_stdout)]

use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PETSTORE_BUILD_COMMIT");
    println!("cargo::rustc-env=PETSTORE_BUILD_TARGET={}", std::env::var("TARGET").unwrap_or_default());
    // A packager building outside git (from a source archive) can say which commit it is.
    let commit = std::env::var("PETSTORE_BUILD_COMMIT").ok().filter(|c| !c.is_empty()).or_else(|| {
        // Rebuild when HEAD moves: HEAD itself, the branch it points to, and packed refs. `--git-path`
        // resolves each in a linked worktree as well.
        let branch = git(&["symbolic-ref", "-q", "HEAD"]);
        for path in ["HEAD", "packed-refs"].into_iter().chain(branch.as_deref()) {
            watch(git(&["rev-parse", "--path-format=absolute", "--git-path", path]));
        }
        git(&["rev-parse", "HEAD"])
    });
    if let Some(commit) = commit {
        println!("cargo::rustc-env=PETSTORE_BUILD_COMMIT={commit}");
    }
}

/// Reruns this script when `file` changes; a file that does not exist is not watched, as cargo would then
/// rerun it on every build.
fn watch(file: Option<String>) {
    if let Some(file) = file.filter(|file| std::path::Path::new(file).exists()) {
        println!("cargo::rerun-if-changed={file}");
    }
}

/// The trimmed output of a successful `git` command run in the package's directory, if any.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let output = Command::new("git").args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?.trim().to_owned();
    (output.status.success() && !text.is_empty()).then_some(text)
}
