//! What can go wrong with the config directory and its files, in the domain's terms. The CLI's `error.rs`
//! gives each its wording for users, its hint and its exit code.

use std::path::PathBuf;

/// A failure to find, read, lock, write or understand the config directory's files, or an edit the config
/// refuses.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot find a config directory: no home directory")]
    NoConfigDir,

    #[error("cannot read `{}`: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },

    #[error("cannot write `{}`: {source}; it is unchanged", path.display())]
    Write { path: PathBuf, source: std::io::Error },

    /// Something that is not a regular file where one is read or replaced (`kind`: "a directory", "a FIFO").
    #[error("`{}` is {kind}, not a regular file; petstore left it as it is", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },

    /// Another process held the directory's lock for `seconds`.
    #[error("another petstore kept the config locked for {seconds} s (`{}`); nothing was changed", path.display())]
    Locked { path: PathBuf, seconds: u64 },

    /// The file system under `path` does not support locks (ENOLCK: a network file system, often).
    #[error("cannot lock `{}`: its file system does not support locks ({source}); nothing was changed", path.display())]
    LockUnsupported { path: PathBuf, source: std::io::Error },

    /// A mistake in `path` at `span` (byte offsets into `text`). `text` is the file as read with every
    /// password a URL in it may hold masked, and `span` points into it; it is the raw text otherwise, not
    /// escaped for a terminal: that is the job of whoever shows it.
    #[error("{}:{}:{}: {message}", path.display(), line_column(text, span.start).0, line_column(text, span.start).1)]
    Syntax { path: PathBuf, text: String, span: std::ops::Range<usize>, message: String },

    /// `name` is none of the environments, whose names are `known`.
    #[error("unknown environment `{name}`; known: {}", known.iter().map(|known| format!("`{known}`")).collect::<Vec<_>>().join(", "))]
    UnknownEnvironment { name: String, known: Vec<String> },

    #[error("environment `{name}` exists already")]
    EnvironmentExists { name: String, built_in: bool },

    #[error("`{name}` is built in and cannot be removed")]
    BuiltInEnvironment { name: String },

    #[error("the edited config is not valid: {message}")]
    Edit { message: String },

    /// A file that others can change (or, the keys, read), which petstore will not use
    /// ([`super::exposure`]).
    #[error("{0}; petstore will not use it")]
    Exposed(super::Exposure),
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}
