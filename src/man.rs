//! The man pages, one per command, built from the clap tree ([`crate::cli::Cli`]) like the completion scripts,
//! so that a new command gets its page without anyone writing it. `man/` holds them as committed, and a test
//! byte-compares the two.

use std::collections::BTreeMap;

use clap::CommandFactory;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, roman};

use crate::cli::Cli;

/// Every page, by file name (`petstore-pets-add.1`): clap_mangen's sections, then EXAMPLES, EXIT STATUS,
/// ENVIRONMENT and FILES from the long help, and SEE ALSO.
pub fn pages() -> BTreeMap<String, Vec<u8>> {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
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
    man.render_synopsis_section(&mut out).expect(written);
    man.render_description_section(&mut out).expect(written);
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out).expect(written);
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out).expect(written);
    }
    let mut roff = Roff::default();
    let examples = if parent.is_none() {
        blocks.get("Examples").cloned()
    } else {
        cmd.get_after_long_help().map(|h| h.to_string().lines().skip(1).map(str::to_owned).collect())
    };
    if let Some(examples) = examples {
        preformatted(&mut roff, "EXAMPLES", &examples);
    }
    for (title, block) in [("EXIT STATUS", "Exit codes"), ("ENVIRONMENT", "Environment variables"), ("FILES", "Files")]
    {
        let lines = blocks.get(block).map_or(&[][..], Vec::as_slice);
        preformatted(&mut roff, title, lines);
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

/// The root's long help, split into its titled blocks ("Exit codes", "Environment variables", ...).
fn help_blocks(cmd: &clap::Command) -> BTreeMap<String, Vec<String>> {
    let text = cmd.get_after_long_help().map(|h| h.to_string()).unwrap_or_default();
    let mut blocks = BTreeMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines();
        let title = lines.next().unwrap_or_default().trim_end_matches(':').to_owned();
        blocks.insert(title, lines.map(str::to_owned).collect());
    }
    blocks
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
                let heading = format!(".SH \"{section}\"\n.nf\n");
                let body = page.split_once(&heading).map(|(_, rest)| rest).unwrap_or_default();
                assert!(!body.starts_with(".fi"), "{name}: {section} is empty");
            }
        }
    }
}
