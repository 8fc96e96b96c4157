//! The man pages, one per command, built from the clap tree ([`crate::cli::Cli`]) like the completion scripts,
//! so that a new command gets its page without anyone writing it. `man/` holds them as committed, and a test
//! byte-compares the two.

use std::collections::BTreeMap;

use clap_mangen::Man;
use clap_mangen::roff::{Inline, Roff, bold, italic, roman};

/// Every page, by file name (`petstore-pets-add.1`): clap_mangen's sections, then EXAMPLES, EXIT STATUS,
/// ENVIRONMENT and FILES from the long help, and SEE ALSO.
pub fn pages() -> BTreeMap<String, Vec<u8>> {
    let root = crate::help_json::built();
    let blocks = help_blocks(&root);
    let mut pages = BTreeMap::new();
    walk(&root, None, &blocks, &mut pages);
    pages
}

fn walk(
    cmd: &clap::Command,
    parent: Option<&str>,
    blocks: &BTreeMap<String, Vec<String>>,
    pages: &mut BTreeMap<String, Vec<u8>>,
) {
    let man = Man::new(cmd.clone()).manual("petstore manual").source(format!("petstore {}", env!("CARGO_PKG_VERSION")));
    let name = man.get_filename();
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail.
    let written = "a write to memory";
    man.render_title(&mut out).expect(written);
    man.render_name_section(&mut out).expect(written);
    out.extend_from_slice(synopsis(cmd).as_bytes());
    man.render_description_section(&mut out).expect(written);
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out).expect(written);
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out).expect(written);
    }
    let mut roff = Roff::default();
    if let Some(examples) = help_blocks(cmd).remove("Examples") {
        preformatted(&mut roff, "EXAMPLES", &examples);
    }
    for (title, block) in [("EXIT STATUS", "Exit codes"), ("ENVIRONMENT", "Environment variables"), ("FILES", "Files")]
    {
        let lines = blocks.get(block).map_or(&[][..], Vec::as_slice);
        tagged(&mut roff, title, lines);
    }
    let mut see_also: Vec<String> = parent.map(|p| format!("{p}(1)")).into_iter().collect();
    see_also.extend(cmd.get_subcommands().map(|s| format!("{}(1)", s.get_display_name().unwrap_or(s.get_name()))));
    if !see_also.is_empty() {
        roff.control("SH", ["SEE ALSO"]);
        roff.text([roman(see_also.join(", "))]);
    }
    roff.to_writer(&mut out).expect(written);
    let this = name.trim_end_matches(".1").to_owned();
    pages.insert(name, out);
    for sub in cmd.get_subcommands() {
        walk(sub, Some(&this), blocks, pages);
    }
}

/// Stands for roff's unbreakable space (`\ `) until the page is rendered: the `roff` crate escapes backslashes.
const UNBREAKABLE_SPACE: &str = "\u{E000}";

/// SYNOPSIS as clap_mangen writes it, with each option's value named (`--status STATUS`), as `--help` does.
fn synopsis(cmd: &clap::Command) -> String {
    let mut line: Vec<Inline> = vec![bold(cmd.get_bin_name().unwrap_or_else(|| cmd.get_name()))];
    let value = |arg: &clap::Arg| -> String {
        let names = arg.get_value_names().map(|names| names.iter().map(ToString::to_string).collect::<Vec<_>>());
        let name = names.map_or_else(|| arg.get_id().as_str().to_uppercase(), |names| names.join(" "));
        let many = matches!(arg.get_action(), clap::ArgAction::Append)
            || arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        if many { format!("{name}...") } else { name }
    };
    for arg in cmd.get_arguments().filter(|arg| !arg.is_hide_set() && !arg.is_positional()) {
        let (open, close) = if arg.is_required_set() { ("", "") } else { ("[", "]") };
        line.push(roman(format!(" {open}")));
        match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => {
                line.extend([bold(format!("-{short}")), roman("|"), bold(format!("--{long}"))])
            }
            (Some(short), None) => line.push(bold(format!("-{short}"))),
            (None, Some(long)) => line.push(bold(format!("--{long}"))),
            (None, None) => {}
        }
        if arg.get_action().takes_values() {
            line.extend([roman(UNBREAKABLE_SPACE), italic(value(arg))]);
        }
        line.push(roman(close));
    }
    for arg in cmd.get_positionals().filter(|arg| !arg.is_hide_set()) {
        let (open, close) = if arg.is_required_set() { ("<", ">") } else { ("[", "]") };
        let last = if arg.is_last_set() { "-- " } else { "" };
        line.extend([roman(format!(" {last}{open}")), italic(value(arg)), roman(close)]);
    }
    if cmd.has_subcommands() {
        line.extend([roman(" <"), italic("subcommand"), roman(">")]);
    }
    let mut roff = Roff::default();
    roff.control("SH", ["SYNOPSIS"]);
    // No hyphen breaks a value name (`SEC-ONDS`), and no stretched spaces part an option from its value.
    roff.control("nh", []);
    roff.control("ad", ["l"]);
    roff.text(line);
    roff.control("ad", []);
    roff.control("hy", []);
    roff.render().replace(UNBREAKABLE_SPACE, "\\ ")
}

/// The root's long help, split into its titled blocks ("Exit codes", "Environment variables", ...).
pub(crate) fn help_blocks(cmd: &clap::Command) -> BTreeMap<String, Vec<String>> {
    let text = cmd.get_after_long_help().map(|h| h.to_string()).unwrap_or_default();
    let mut blocks = BTreeMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines();
        let title = lines.next().unwrap_or_default().trim_end_matches(':').to_owned();
        blocks.insert(title, lines.map(str::to_owned).collect());
    }
    blocks
}

/// A block of `  TAG   text` rows (continuation lines indented further) as a tagged list, which man fills to
/// the reader's width: the help's 80-column layout plus man's indent would not fit 80 columns.
fn tagged(roff: &mut Roff, title: &str, lines: &[String]) {
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in lines {
        let line = line.strip_prefix("  ").unwrap_or(line);
        match rows.last_mut() {
            Some((_, text)) if line.starts_with(' ') => {
                text.push(' ');
                text.push_str(line.trim());
            }
            _ => {
                let (tag, text) = line.split_once("  ").unwrap_or((line, ""));
                rows.push((tag.to_owned(), text.trim().to_owned()));
            }
        }
    }
    roff.control("SH", [title]);
    for (tag, text) in rows {
        roff.control("TP", []);
        roff.text([bold(tag)]);
        roff.text([roman(text)]);
    }
}

fn preformatted(roff: &mut Roff, title: &str, lines: &[String]) {
    roff.control("SH", [title]);
    roff.control("nf", []);
    for line in lines {
        roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
    }
    roff.control("fi", []);
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_page_has_the_root_s_blocks() {
        let pages = super::pages();
        assert!(pages.contains_key("petstore.1") && pages.contains_key("petstore-pets-add.1"), "{:?}", pages.keys());
        for (name, page) in &pages {
            let page = String::from_utf8_lossy(page);
            for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] {
                let quoted = format!(".SH \"{section}\"\n.TP\n");
                let plain = format!(".SH {section}\n.TP\n");
                assert!(page.contains(&quoted) || page.contains(&plain), "{name}: {section} is empty");
            }
        }
    }
}
