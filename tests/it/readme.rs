//! README's promises, checked: its first two commands (try it, run the tests) are the ones CI runs, and every
//! link from README and `docs/` to a file of the repository, and to a heading in it, resolves.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()))
}

/// The commands of README's first code block: every line that is not blank and not a comment.
fn first_commands() -> Vec<String> {
    let readme = read(&repo().join("README.md"));
    let block = readme.split("```sh\n").nth(1).expect("README has a ```sh block");
    let block = block.split("```").next().unwrap();
    block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_owned).collect()
}

#[test]
fn readmes_two_commands_are_the_ones_ci_runs() {
    let commands = first_commands();
    assert_eq!(commands.len(), 2, "README's first block must hold exactly two commands, has {commands:?}");
    let ci = read(&repo().join(".ci/run"));
    let ci_lines: Vec<&str> = ci.lines().map(str::trim).collect();
    for command in &commands {
        assert!(ci_lines.contains(&command.as_str()), ".ci/run does not run README's command `{command}`");
    }
    assert_eq!(commands[1], "./scripts/test", "README's test command is the set-up script");
    let script = repo().join("scripts/test");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&script).unwrap().permissions().mode();
        assert!(mode & 0o111 != 0, "scripts/test must be executable");
    }
    // The script ends in the README's old command, so that those who have the tools can keep using it.
    assert!(read(&script).lines().any(|l| l.starts_with("cargo test --workspace")));
}

/// The markdown files whose links are checked: README and everything under `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md")];
    if let Ok(entries) = std::fs::read_dir(repo().join("docs")) {
        for entry in entries.flatten() {
            if entry.path().extension().is_some_and(|e| e == "md") {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    files
}

/// The targets of the inline links `[text](target)` in `text`, outside code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push(after[..end].trim().to_owned());
            rest = &after[end..];
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, punctuation dropped but for `-` and `_`, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings (a repeated heading gets `-1`, `-2`, ... as on GitHub).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
        }
        if in_block || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

#[test]
fn every_link_to_a_file_or_heading_of_the_repository_resolves() {
    let mut broken = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target.as_str(), ""));
            let path = if file.is_empty() { doc.clone() } else { doc.parent().unwrap().join(file) };
            let shown = doc.strip_prefix(repo()).unwrap().display().to_string();
            if !path.exists() {
                broken.push(format!("{shown}: `{target}`: no such file"));
                continue;
            }
            let is_markdown = path.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && is_markdown && !anchors(&read(&path)).contains(anchor) {
                broken.push(format!("{shown}: `{target}`: no such heading"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_checker_sees_links_and_headings() {
    let text = "# Exit codes\n## `--json` and ndjson\nSee [x](docs/a.md#b) and `[not](code)`.\n```\n[no](x)\n```\n";
    assert_eq!(links(text), ["docs/a.md#b"]);
    assert_eq!(anchors(text), BTreeSet::from(["exit-codes".to_owned(), "--json-and-ndjson".to_owned()]));
}
