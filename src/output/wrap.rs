//! Messages on stderr wrapped to the terminal's width: between words, never inside one; continuation lines
//! indented under the text, past the label (`error: `, `help: `, `warning: `, `note: `); and a span in
//! backticks (a command, a flag with its value, a path, a URL) kept whole, on a line of its own when it is
//! longer than the room left. Piped, or where the width is unknown, each message stays one line, as programs
//! read it. textwrap does the wrapping (miette already builds it): this module only says where words are.

use textwrap::core::Word;
use textwrap::{Options, WordSeparator, WordSplitter};

/// `label` (styled, as it is printed) then `text`, wrapped to `width` when there is one: continuation lines are
/// indented by `label_width`, the label's width as shown. Without a width, the label and the text as they are.
/// Lines of `text` (a list of invalid records) are wrapped one by one.
pub fn wrap(label: &str, label_width: usize, text: &str, width: Option<usize>) -> String {
    let Some(width) = width else { return format!("{label}{text}") };
    let indent = " ".repeat(label_width);
    let options = Options::new(width.max(label_width + 20))
        .initial_indent(label)
        .subsequent_indent(&indent)
        .word_separator(WordSeparator::Custom(words_outside_backticks))
        .word_splitter(WordSplitter::NoHyphenation)
        .break_words(false);
    textwrap::wrap(text, &options).join("\n")
}

/// A line that starts with its own label (`line 7: `, `help: `), wrapped as [`wrap`] wraps a message under
/// one: continuation lines start under the text after the label, a short one before the first `: `.
pub fn wrap_labelled(line: &str, width: Option<usize>) -> String {
    let label_end = line.find(": ").map(|at| at + 2).filter(|&end| end <= 24 && !line[..end].contains('`'));
    let (label, text) = line.split_at(label_end.unwrap_or(0));
    wrap(label, textwrap::core::display_width(label), text, width)
}

/// The words of `line`: split at spaces, but not between backticks, so that `petstore pets add --name Rex` is
/// one word. Each word keeps the spaces after it; spaces that start the line make a word of their own, so a
/// list's indentation stays.
fn words_outside_backticks(line: &str) -> Box<dyn Iterator<Item = Word<'_>> + '_> {
    let mut words = Vec::new();
    let (mut start, mut in_code) = (0, false);
    for (at, byte) in line.bytes().enumerate() {
        match byte {
            b'`' => in_code = !in_code,
            // The last space of a run ends the word.
            b' ' if !in_code && line.as_bytes().get(at + 1) != Some(&b' ') => {
                words.push(Word::from(&line[start..=at]));
                start = at + 1;
            }
            _ => {}
        }
    }
    if start < line.len() {
        words.push(Word::from(&line[start..]));
    }
    Box::new(words.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_under_the_text_and_spans_in_backticks_stay_whole() {
        let text = "`pets get` is deprecated and will be removed on 2030-12-05; use `petstore pets find --id 7` \
                    instead, which reads every list";
        let wrapped = wrap("warning: ", 9, text, Some(40));
        assert_eq!(
            wrapped,
            "warning: `pets get` is deprecated and\n         will be removed on 2030-12-05;\n         use \
             `petstore pets find --id 7`\n         instead, which reads every list"
        );
        for line in wrapped.lines() {
            assert!(unicode_width::UnicodeWidthStr::width(line) <= 40, "{line}");
        }
    }

    #[test]
    fn a_span_longer_than_the_line_is_kept_whole_on_its_own_line() {
        let url = "`https://api.your-store.example/v1/with/a/long/path`";
        let wrapped = wrap("error: ", 7, &format!("cannot reach {url} now"), Some(30));
        assert_eq!(wrapped, format!("error: cannot reach\n       {url}\n       now"));
    }

    #[test]
    fn a_line_with_its_own_label_wraps_under_its_text() {
        let line = "line 12: invalid, not sent: `name` is blank (empty or only white space): give the animal a name";
        assert_eq!(
            wrap_labelled(line, Some(50)),
            "line 12: invalid, not sent: `name` is blank (empty\n         or only white space): give the animal a\n         name"
        );
        assert_eq!(wrap_labelled(line, None), line);
    }

    #[test]
    fn without_a_width_the_message_is_one_line_and_a_list_keeps_its_indentation() {
        assert_eq!(wrap("help: ", 6, "a b c", None), "help: a b c");
        let list = "2 invalid records:\n  line 3: `name` is blank\n  line 4: bad";
        assert_eq!(wrap("error: ", 7, list, Some(80)), format!("error: {}", list.replace("\n", "\n       ")));
        // A label in colour takes no room: only what shows counts.
        assert_eq!(wrap("\u{1b}[1mnote:\u{1b}[0m ", 6, "x y", Some(80)), "\u{1b}[1mnote:\u{1b}[0m x y");
    }
}
