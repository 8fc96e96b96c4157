//! Words for a POSIX shell in the commands petstore's messages suggest: a leaf that the errors and the output
//! both use, so that neither reaches into the other for it.

/// `text` as one word for a POSIX shell, quoted only when it must be (shlex), for a command a message
/// suggests. A NUL, which no path or argument can hold, is dropped rather than quoted; the message is escaped
/// where it is printed. (`--curl`'s words, which must give back every byte or be refused, are
/// [`crate::output::safe::exact_shell_word`]'s.)
pub fn suggested_shell_word(text: &str) -> String {
    match shlex::try_quote(text) {
        Ok(quoted) => quoted.into_owned(),
        Err(_) => suggested_shell_word(&text.replace('\0', "")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(suggested_shell_word("/home/me/.config/petstore"), "/home/me/.config/petstore");
        assert_eq!(suggested_shell_word("out/failed.csv"), "out/failed.csv");
        assert_eq!(suggested_shell_word("/tmp/my dir"), "'/tmp/my dir'");
        let quoted = suggested_shell_word("my failed's.csv");
        assert_eq!(shlex::split(&quoted).unwrap(), ["my failed's.csv"], "{quoted}");
        assert_eq!(shlex::split(&suggested_shell_word("a$b`c\"d")).unwrap(), ["a$b`c\"d"]);
    }
}
