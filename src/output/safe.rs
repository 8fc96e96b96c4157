//! What a terminal may be sent. Text from elsewhere (a server's names and messages, a config file, a header,
//! an argument) can hold characters that a terminal obeys rather than shows: C0 controls such as ESC (which
//! opens the sequences that set the window title, write the clipboard or clear the screen), DEL, C1 controls
//! (U+009B is CSI on many terminals), bidirectional controls that reorder what is shown, and invisible
//! characters that make two different names look alike. This module owns the list ([`is_unsafe`]) and the
//! escaping; renderers call it and never escape on their own.
//!
//! The rule, stream by stream:
//! - stdout carries data. At a terminal each unsafe character is shown escaped: `\u{1b}` in text, `\u001b`
//!   in JSON (so the document stays valid JSON and means the same). Piped, stdout is never escaped: a script
//!   gets the bytes the API sent (TSV's own escapes of tab, newline, CR and backslash apart).
//! - stderr carries messages (errors, hints, warnings, notes, `-v` lines, progress lines), one line each: they
//!   are escaped whether stderr is a terminal or not, so a log file shows what a terminal would, and a message
//!   stays on its line.
//!
//! Escaping is idempotent: escaped text holds no unsafe character, so escaping it again changes nothing.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether the text may span lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Newlines {
    /// Multi-line text (a `--jq` result, a response body, a file's excerpt): newline and tab are layout, and
    /// kept; a terminal only moves its cursor forward for them.
    Keep,
    /// One line (a table cell, a TSV field, a message): newline and tab are escaped too.
    Escape,
}

/// Whether a terminal would act on `c`, or show nothing for it, rather than show it.
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        // C0, DEL, C1.
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Bidirectional controls: the Arabic letter mark, LRM and RLM, the embeddings and overrides, the
        // isolates.
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        // Invisible: zero-width space, non-joiner and joiner, word joiner and the invisible operators, the
        // deprecated format characters, the byte order mark, the line and paragraph separators, the Mongolian
        // vowel separator, and the interlinear annotation controls.
        | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{206a}'..='\u{206f}' | '\u{feff}'
        | '\u{2028}' | '\u{2029}' | '\u{180e}' | '\u{fff9}'..='\u{fffb}'
        // The rest of Unicode's default-ignorable code points (DerivedCoreProperties.txt), which a terminal
        // shows as nothing, so that `Rex` and `Rex` with tags look alike: the soft hyphen, the combining
        // grapheme joiner, the Hangul fillers, the Khmer inherent vowels, the Mongolian variation selectors,
        // the variation selectors, the noncharacters' neighbours U+FFF0..U+FFF8, the shorthand format
        // controls, the musical format controls, and the tags (U+E0000..U+E0FFF, variation selectors 17-256
        // included).
        | '\u{ad}' | '\u{34f}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}' | '\u{180b}'..='\u{180f}'
        | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{ffa0}' | '\u{fff0}'..='\u{fff8}'
        | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}'
    )
}

/// The most bytes of a table cell, after escaping: a cell a person reads is a line at most, and a name of
/// 3,000,000 combining marks (one grapheme, no width) must not make one 6 MB.
pub const CELL_MAX_BYTES: usize = 4096;

/// The most graphemes (user-perceived characters) of a table cell: more than any terminal is wide.
pub const CELL_MAX_GRAPHEMES: usize = 1024;

/// A table cell's text within [`CELL_MAX_BYTES`] and [`CELL_MAX_GRAPHEMES`], ending in `…` when cut (a
/// grapheme longer than what is left is cut between its characters). The display width is cut later, by the
/// table. Time is linear in the text's length.
pub fn bounded_cell(text: &str) -> Cow<'_, str> {
    use unicode_segmentation::UnicodeSegmentation;
    if text.len() <= CELL_MAX_BYTES && text.graphemes(true).nth(CELL_MAX_GRAPHEMES).is_none() {
        return Cow::Borrowed(text);
    }
    // Room for the `…`, one grapheme of 3 bytes.
    let budget = CELL_MAX_BYTES - '…'.len_utf8();
    let mut end = 0;
    for (count, (at, grapheme)) in text.grapheme_indices(true).enumerate() {
        if count == CELL_MAX_GRAPHEMES - 1 {
            break;
        }
        if at + grapheme.len() > budget {
            end = grapheme
                .char_indices()
                .map(|(i, c)| at + i + c.len_utf8())
                .take_while(|&e| e <= budget)
                .last()
                .unwrap_or(at);
            break;
        }
        end = at + grapheme.len();
    }
    Cow::Owned(format!("{}…", &text[..end]))
}

/// `text` with every unsafe character written as `\u{…}` (Rust's notation: `\u{1b}` for ESC). Text with
/// nothing to escape is returned as it is, without a copy. Backslashes stay as they are: a server can spell
/// `\u{1b}` itself, but that only shows as the text it is.
pub fn escape(text: &str, newlines: Newlines) -> Cow<'_, str> {
    let needs = |c: char| is_unsafe(c) && !(matches!(c, '\n' | '\t') && newlines == Newlines::Keep);
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs(c) { out.extend(c.escape_unicode()) } else { out.push(c) }
    }
    Cow::Owned(out)
}

/// A message for stderr: one line, escaped wherever stderr goes (see the module's rule).
pub fn message(text: &str) -> Cow<'_, str> {
    escape(text, Newlines::Escape)
}

/// A value shown between backticks inside a message (`` the animal `Rex` ``): escaped as [`message`] escapes,
/// and its own backticks too, as `\u{60}`, so that it cannot close the backticks around it and go on in the
/// message's voice (`` Rex`. Send it? ``).
pub fn in_backticks(text: &str) -> Cow<'_, str> {
    let escaped = message(text);
    if !escaped.contains('`') {
        return escaped;
    }
    Cow::Owned(escaped.replace('`', "\\u{60}"))
}

/// One value of data for stdout (a table cell, a TSV field, a line of text): escaped at a terminal, exact
/// otherwise.
pub fn data(text: &str, terminal: bool) -> Cow<'_, str> {
    if terminal { escape(text, Newlines::Escape) } else { Cow::Borrowed(text) }
}

/// Bytes from a server shown as text at a terminal (a response body that is not JSON): valid UTF-8 (invalid
/// sequences become U+FFFD), escaped but for newline and tab, and ending with a newline, so that the shell's
/// prompt starts on a line of its own.
pub fn terminal_text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = escape(&text, Newlines::Keep).into_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// JSON text for stdout: escaped ([`escape_json`]) at a terminal, exact otherwise.
pub fn json(text: &str, terminal: bool) -> Cow<'_, str> {
    if terminal { escape_json(text) } else { Cow::Borrowed(text) }
}

/// A file's or an expression's `text` for an error excerpt (miette's source code), and `span` (byte offsets
/// into `text`) moved to the same characters in the escaped text: a config file with a raw ESC shows it
/// escaped, with the label still under the right character.
pub fn escape_source(text: &str, span: std::ops::Range<usize>) -> (String, std::ops::Range<usize>) {
    // How long the text before byte `at` (from the character that starts there or next) is once escaped.
    let before = |at: usize| {
        let at = (at.min(text.len())..).find(|&at| text.is_char_boundary(at)).unwrap_or(text.len());
        escape(&text[..at], Newlines::Keep).len()
    };
    let start = before(span.start);
    (escape(text, Newlines::Keep).into_owned(), start..before(span.end).max(start))
}

/// JSON text (as serde_json writes it) with every unsafe character that JSON allows raw in a string (DEL, C1,
/// bidirectional and invisible characters; serde_json already escapes C0) written as a `\uXXXX` escape, so
/// that the document means the same and shows what it holds. Outside strings JSON has no such characters.
pub fn escape_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_unsafe_in_json) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_unsafe_in_json(c) {
            // A character past the Basic Multilingual Plane (a tag) is two: its UTF-16 surrogates.
            for unit in c.encode_utf16(&mut [0; 2]) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A request body bound for a terminal (`--dry-run`): JSON with [`escape_json`]'s escapes inside its strings,
/// then, like any other text, every unsafe character but newline and tab escaped (a CR between JSON's tokens
/// shows as `\u{d}`). Piped, a body is written as it is.
pub fn body_text(body: &str) -> String {
    escape(&json_escaped(body), Newlines::Keep).into_owned()
}

/// `text` with [`escape_json`]'s escapes when it is a JSON document, else as it is.
fn json_escaped(text: &str) -> Cow<'_, str> {
    if serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok() { escape_json(text) } else { Cow::Borrowed(text) }
}

/// One word of a shell command (`--curl`), quoted so that a POSIX shell gives back exactly `word`; `None` for
/// a word holding NUL, which no shell word can (a message's suggested command uses
/// [`super::suggested_shell_word`], which drops it). At a `terminal`, a `json_body`'s unsafe characters inside
/// strings become JSON escapes (the same document); a word that still holds an unsafe character other than
/// newline and tab (a CR of CRLF line ends, ESC) is quoted bash's way, `$'…'`, with each such character's
/// bytes as `\xHH`: pasted into bash, zsh or ksh it sends every byte, and the terminal is sent none of them.
pub fn exact_shell_word(word: &str, terminal: bool, json_body: bool) -> Option<String> {
    if word.contains('\0') {
        return None;
    }
    let word = if terminal && json_body { json_escaped(word) } else { Cow::Borrowed(word) };
    if !terminal || !word.chars().any(|c| is_unsafe(c) && !matches!(c, '\n' | '\t')) {
        return shlex::try_quote(&word).ok().map(Cow::into_owned);
    }
    let mut out = String::with_capacity(word.len() + 16);
    out.push_str("$'");
    for c in word.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe(c) => {
                for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                    let _ = write!(out, "\\x{byte:02x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    Some(out)
}

/// Unsafe characters other than JSON's own whitespace (newline, tab, CR between tokens of pretty JSON).
fn is_unsafe_in_json(c: char) -> bool {
    is_unsafe(c) && !matches!(c, '\n' | '\t' | '\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One name holding every kind of hostile character the boundary must defuse.
    const HOSTILE: &str = "Rex\u{1b}]0;owned\u{7}\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}31m\u{7f}\r\u{8}\u{202e}god\u{2066}\u{200b}\u{feff}";

    #[test]
    fn text_shows_every_unsafe_character_escaped() {
        assert_eq!(
            escape(HOSTILE, Newlines::Escape),
            r"Rex\u{1b}]0;owned\u{7}\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\u{9b}31m\u{7f}\u{d}\u{8}\u{202e}god\u{2066}\u{200b}\u{feff}"
        );
        let escaped = escape(HOSTILE, Newlines::Escape);
        assert!(!escaped.chars().any(is_unsafe), "{escaped}");
    }

    #[test]
    fn newlines_are_kept_only_where_text_is_multi_line() {
        assert_eq!(escape("a\nb", Newlines::Keep), "a\nb");
        assert_eq!(escape("a\nb", Newlines::Escape), r"a\u{a}b");
        assert_eq!(escape("a\tb\r", Newlines::Keep), "a\tb\\u{d}");
        assert_eq!(escape("a\tb", Newlines::Escape), r"a\u{9}b");
    }

    #[test]
    fn escaping_twice_changes_nothing() {
        let once = escape(HOSTILE, Newlines::Escape).into_owned();
        assert_eq!(escape(&once, Newlines::Escape), once);
        assert_eq!(message(&once), once);
    }

    #[test]
    fn a_value_in_backticks_cannot_close_them() {
        assert_eq!(in_backticks("Rex`. Send it?\n`Tom"), r"Rex\u{60}. Send it?\u{a}\u{60}Tom");
        assert!(matches!(in_backticks("Rex"), Cow::Borrowed("Rex")));
        let once = in_backticks(HOSTILE).into_owned();
        assert_eq!(in_backticks(&once), once);
    }

    #[test]
    fn data_is_exact_unless_at_a_terminal() {
        assert_eq!(data(HOSTILE, false), HOSTILE);
        assert_eq!(data(HOSTILE, true), escape(HOSTILE, Newlines::Escape));
        let json = serde_json::to_string(HOSTILE).unwrap();
        assert_eq!(self::json(&json, false), json);
    }

    #[test]
    fn terminal_text_is_valid_escaped_and_ends_its_line() {
        assert_eq!(terminal_text(b"a\x1b[2J\tb\nc\xff"), "a\\u{1b}[2J\tb\nc\u{fffd}\n");
        assert_eq!(terminal_text(b"done\n"), "done\n");
        assert_eq!(terminal_text(b""), "");
    }

    #[test]
    fn a_source_span_follows_its_characters_into_the_escaped_text() {
        let text = "[a]\nname = \"\u{1b}[2J\u{202e}x\"\nbad";
        let at = text.find("bad").unwrap();
        let (shown, span) = escape_source(text, at..at + 3);
        assert_eq!(shown, "[a]\nname = \"\\u{1b}[2J\\u{202e}x\"\nbad");
        assert_eq!(&shown[span], "bad");
        let esc = text.find('\u{1b}').unwrap();
        let (shown, span) = escape_source(text, esc..esc + 1);
        assert_eq!(&shown[span], r"\u{1b}");
        let (shown, span) = escape_source("ab", 2..2);
        assert_eq!((shown.as_str(), span), ("ab", 2..2));
    }

    #[test]
    fn safe_text_is_not_copied() {
        assert!(matches!(escape("Tom, the cat — 猫 🐈 a\\b", Newlines::Escape), Cow::Borrowed(_)));
    }

    #[test]
    fn json_stays_valid_and_means_the_same() {
        let document = serde_json::json!({ "name": HOSTILE, "note": "line\nbreak" });
        for text in [serde_json::to_string(&document).unwrap(), serde_json::to_string_pretty(&document).unwrap()] {
            let shown = escape_json(&text);
            assert!(!shown.chars().any(is_unsafe_in_json), "{shown}");
            assert_eq!(serde_json::from_str::<serde_json::Value>(&shown).unwrap(), document);
        }
        assert!(matches!(escape_json(r#"{"name":"Rex"}"#), Cow::Borrowed(_)));
    }

    #[test]
    fn shell_words_keep_every_byte_and_show_none_raw_at_a_terminal() {
        let body = "{\"name\": \"a\u{7f}b\u{202e}\"}\r\n";
        // Piped: the exact bytes, single-quoted.
        assert_eq!(exact_shell_word(body, false, true).unwrap(), format!("'{body}'"));
        // At a terminal: JSON escapes in the string, and the CRLF as bash's escapes.
        assert_eq!(exact_shell_word(body, true, true).unwrap(), r#"$'{"name": "a\\u007fb\\u202e"}\x0d\n'"#);
        assert_eq!(exact_shell_word("it's \u{1b}[2J", true, false).unwrap(), r"$'it\'s \x1b[2J'");
        assert_eq!(exact_shell_word("plain", true, true).unwrap(), "plain");
        assert_eq!(exact_shell_word("a\0b", false, false), None);
        assert_eq!(body_text(body), "{\"name\": \"a\\u007fb\\u202e\"}\\u{d}\n");
    }

    #[test]
    fn default_ignorable_characters_are_escaped_in_text_and_json() {
        let name = "Rex\u{e0052}\u{e0065}\u{ad}\u{34f}\u{3164}\u{115f}\u{fe0f}";
        assert_eq!(escape(name, Newlines::Escape), r"Rex\u{e0052}\u{e0065}\u{ad}\u{34f}\u{3164}\u{115f}\u{fe0f}");
        let json = serde_json::to_string(name).unwrap();
        let shown = escape_json(&json);
        assert_eq!(shown, r#""Rex\udb40\udc52\udb40\udc65\u00ad\u034f\u3164\u115f\ufe0f""#);
        assert_eq!(serde_json::from_str::<String>(&shown).unwrap(), name);
    }

    #[test]
    fn a_cell_is_bounded_by_bytes_and_graphemes() {
        assert!(matches!(bounded_cell("Rex"), Cow::Borrowed("Rex")));
        // One grapheme of 3,000,000 combining marks.
        let marks = format!("a{}", "\u{301}".repeat(3_000_000));
        let cell = bounded_cell(&marks);
        assert!(cell.len() <= CELL_MAX_BYTES && cell.starts_with('a') && cell.ends_with('…'), "{}", cell.len());
        let many = "x".repeat(5000);
        let cell = bounded_cell(&many);
        assert_eq!(cell.chars().count(), CELL_MAX_GRAPHEMES);
        assert!(cell.ends_with('…'));
        let fits = "x".repeat(CELL_MAX_GRAPHEMES);
        assert!(matches!(bounded_cell(&fits), Cow::Borrowed(_)));
    }
}
