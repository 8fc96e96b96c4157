//! Everything petstore writes: results on stdout, and warnings, notes, request logs and errors on stderr.
//!
//! One [`Output`] decides the format, colour, quietness and which streams are terminals. Renderers take a
//! writer and flags, so they are testable without a process. This module renders; it never calls the API.
#![allow(clippy::print_stdout, clippy::print_stderr)]

/// A line on the stderr of `$streams` ([`streams::Streams`]) that never panics: a write to a stderr that went
/// away (a closed terminal: EIO; `2>&-`) is dropped, as there is nowhere left to say anything.
macro_rules! to_stderr {
    ($streams:expr) => {{
        use std::io::Write as _;
        let _ = writeln!($streams.stderr());
    }};
    ($streams:expr, $($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($streams.stderr(), $($arg)*);
    }};
}

mod columns;
mod csv;
pub mod jq;
pub mod pager;
mod progress;
mod prompt;
mod request_log;
pub mod safe;
pub mod screen;
mod stream;
mod streams;
mod table;
pub(crate) mod terminal;
mod words;
mod wrap;

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};
use miette::GraphicalTheme;
use reqwest::StatusCode;
use serde::Serialize;

use crate::error::{Error, code};
use petstore_core::api::{self, Pet};

pub use crate::shell_words::suggested_shell_word;
pub use columns::Layout;
pub use progress::{BatchProgress, Outcome, Progress, thousands};
pub use prompt::{AGENT_VAR, ASSISTANT_VARS, CannotAsk, Question};
pub use stream::{CreatedPets, NotShown, Shown, TABLE_ROWS};
pub use streams::Captured;
pub use table::{Field, Fit, Rows};
pub use terminal::{ColorChoice, TerminalSettings, Terminals};
pub use words::{duration_words, listed};

const ERROR: Style = AnsiColor::Red.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();
pub(crate) const HELP: Style = AnsiColor::Cyan.on_default().bold();
const DIM: Style = Style::new().dimmed();

/// `--output`: how records are printed (each one's words for `--help` are in [`crate::cli`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    Table,
    Tsv,
    Csv,
    Json,
    Ndjson,
}

impl OutputFormat {
    /// As `--output` takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            OutputFormat::Table => "table",
            OutputFormat::Tsv => "tsv",
            OutputFormat::Csv => "csv",
            OutputFormat::Json => "json",
            OutputFormat::Ndjson => "ndjson",
        }
    }
}

/// How results are printed and what may go to stderr.
#[derive(Debug, Clone)]
pub struct Output {
    format: OutputFormat,
    jq: Option<jq::Program>,
    quiet: bool,
    verbose: bool,
    layout: Layout,
    progress: Progress,
    terminals: Terminals,
    stdout_color: bool,
    stderr_color: bool,
    /// Set once a deprecation warning has been printed: there is at most one per run.
    deprecation_warned: Arc<AtomicBool>,
    /// A failure is one JSON line on stderr ([`crate::error::ErrorDocument`]), not prose.
    json_errors: bool,
    /// Where it all goes: the process's streams, or a test's buffers.
    streams: streams::Streams,
    /// `PETSTORE_AGENT`, as start-up read it ([`Output::assistant`]).
    agent: Option<bool>,
}

/// The variable that asks for failures as JSON in every mode: `PETSTORE_ERROR_FORMAT=json`.
pub const ERROR_FORMAT_VAR: &str = "PETSTORE_ERROR_FORMAT";

/// Whether failures are written as JSON: in a JSON mode (`--json`, `-o json`, `-o ndjson`, `--jq`), or with
/// `PETSTORE_ERROR_FORMAT=json`. The one place that decides, for parsed flags and for raw arguments alike.
pub fn json_errors(json_mode: bool) -> bool {
    json_mode || std::env::var_os(ERROR_FORMAT_VAR).is_some_and(|format| format == "json")
}

/// The global output flags, resolved once at start-up ([`crate::startup`]): what [`Output::new`] and
/// [`crate::commands::formats::configure`] take. The default: no output flag given (the format as the terminal
/// decides, `--color auto`).
#[derive(Debug, Clone, Default)]
pub struct OutputSettings {
    /// `--output FORMAT`, as given.
    pub output: Option<OutputFormat>,
    /// `--json`.
    pub json: bool,
    /// `--jq PROGRAM`.
    pub jq: Option<String>,
    /// Whether JSON was asked for: `--json`, `--jq`, `--output json` or `--output ndjson`.
    pub json_mode: bool,
    /// Whether a failure is written as JSON ([`json_errors`]).
    pub json_errors: bool,
    /// `--color`.
    pub color: ColorChoice,
    /// `--quiet`.
    pub quiet: bool,
    /// `--verbose`.
    pub verbose: bool,
    /// `PETSTORE_AGENT`: whether an AI assistant runs petstore, when it says.
    pub agent: Option<bool>,
}

impl OutputSettings {
    /// The settings of `--json`: results and failures as JSON.
    pub fn json() -> OutputSettings {
        OutputSettings { json: true, json_mode: true, json_errors: true, ..OutputSettings::default() }
    }

    /// The flag that chose the format, as typed, for messages: `--json` or `--output tsv`.
    pub fn format_flag(&self) -> Option<String> {
        match (self.json, self.output) {
            (true, _) => Some("--json".to_owned()),
            (false, Some(format)) => Some(format!("--output {}", format.as_str())),
            (false, None) => None,
        }
    }
}

impl Output {
    /// Resolves the format, colour, `--quiet` and `--verbose` against the real (or faked) terminals.
    pub fn new(settings: &OutputSettings) -> Result<Output, Error> {
        let terminals = Terminals::detect();
        let color = |is_terminal| terminal::use_color(settings.color, is_terminal);
        let colors = (color(terminals.stdout), color(terminals.stderr));
        Output::resolve(settings, terminals, colors, streams::Streams::Process)
    }

    /// An output that writes to buffers in memory, for unit tests: the [`Captured`] handle reads back what
    /// went to stdout and to stderr. Neither stream is a terminal (so TSV rather than a table, and messages
    /// one line each), and colour is only on with `--color always`, whatever the environment says. A bad
    /// `--jq` in `settings` panics.
    pub fn captured(settings: &OutputSettings) -> (Output, Captured) {
        Output::captured_with(settings, false)
    }

    /// [`Output::captured`], with stdout and stderr taken for 80-column terminals when `at_terminal` (a table,
    /// notes for a person, a progress bar), as `PETSTORE_TEST_TERMINAL` fakes them; stdin is never one.
    pub fn captured_with(settings: &OutputSettings, at_terminal: bool) -> (Output, Captured) {
        let terminals = Terminals::faked(at_terminal, terminal::DEFAULT_WIDTH);
        let color = settings.color == ColorChoice::Always;
        let (streams, captured) = streams::Streams::captured();
        let output = Output::resolve(settings, terminals, (color, color), streams).expect("a valid `--jq` program");
        (output, captured)
    }

    /// The settings resolved against `terminals`, with the colour of stdout and stderr decided.
    fn resolve(
        settings: &OutputSettings,
        terminals: Terminals,
        (stdout_color, stderr_color): (bool, bool),
        streams: streams::Streams,
    ) -> Result<Output, Error> {
        let format = match (settings.output, settings.json || settings.jq.is_some()) {
            (Some(format), _) => format,
            (None, true) => OutputFormat::Json,
            (None, false) if terminals.stdout => OutputFormat::Table,
            (None, false) => OutputFormat::Tsv,
        };
        let jq = settings.jq.as_deref().map(jq::Program::new).transpose()?;
        Ok(Output {
            json_errors: settings.json_errors,
            format,
            jq,
            quiet: settings.quiet,
            verbose: settings.verbose,
            layout: Layout::default(),
            progress: Progress::Auto,
            terminals,
            stdout_color,
            stderr_color,
            deprecation_warned: Arc::new(AtomicBool::new(false)),
            streams,
            agent: settings.agent,
        })
    }

    /// Whether a failure is written as JSON ([`json_errors`]).
    pub fn json_errors(&self) -> bool {
        self.json_errors
    }

    /// Whether `--quiet` silences notes, warnings and what a command did.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// An output for reporting an error that came before the real one could be made (a bad `--jq`): plain,
    /// coloured as `--color` says, or JSON when `json_errors`.
    pub fn fallback(color: ColorChoice, json_errors: bool) -> Output {
        let terminals = Terminals::detect();
        let settings = OutputSettings { json_errors, output: Some(OutputFormat::Tsv), ..OutputSettings::default() };
        let colors = (false, terminal::use_color(color, terminals.stderr));
        Output::resolve(&settings, terminals, colors, streams::Streams::Process).expect("no `--jq` program")
    }

    /// Whether stdout is a terminal (or a test's fake one): what is printed there passes [`safe`].
    /// Whether records print as a table, with the columns `--columns` did not choose: a column that is
    /// empty in every row may then be left out.
    pub fn default_table(&self) -> bool {
        self.format == OutputFormat::Table && !self.layout.chose_columns()
    }

    /// Whether stdout gets colour (`--color`, `NO_COLOR`): what the full screen of `petstore ui` draws with.
    pub fn stdout_color(&self) -> bool {
        self.stdout_color
    }

    pub fn stdout_is_terminal(&self) -> bool {
        self.terminals.stdout
    }

    /// Whether stderr is a terminal: notes meant for a person only appear there.
    pub fn stderr_is_terminal(&self) -> bool {
        self.terminals.stderr
    }

    /// A list of pets: JSON array, table or TSV.
    pub fn pets(&self, pets: &[Pet]) -> Result<(), Error> {
        self.records(pets, || Rows::pets(pets))
    }

    /// One pet: a JSON object, or a one-row table or TSV line.
    pub fn pet(&self, pet: &Pet) -> Result<(), Error> {
        self.records(pet, || Rows::pets(std::slice::from_ref(pet)))
    }

    /// Records as the format says: `json` as one document (through `--jq` when given), one line per record
    /// for ndjson (an array's elements, or the one object), or `rows` as a table or TSV.
    pub fn records<T: Serialize + ?Sized>(&self, json: &T, rows_of: impl FnOnce() -> Rows) -> Result<(), Error> {
        if let Some(program) = &self.jq {
            let terminal = self.terminals.stdout;
            return self.filtered(|out| match (self.format, serde_json::to_value(json).expect("records serialise")) {
                // One run per record, as each line of ndjson would be.
                (OutputFormat::Ndjson, serde_json::Value::Array(items)) => {
                    items.iter().try_for_each(|item| program.run(item, out, terminal))
                }
                (_, document) => program.run(&document, out, terminal),
            });
        }
        let tty = self.terminals.stdout;
        let rows = matches!(self.format, OutputFormat::Table | OutputFormat::Tsv | OutputFormat::Csv).then(rows_of);
        if self.format == OutputFormat::Csv
            && let Some(what) = rows.as_ref().and_then(csv::unwritable)
        {
            return Err(Error::new(&code::CSV_CANNOT_HOLD, format!("`--output csv` cannot hold {what}")).with_hint(
                "`--output json` or `--output ndjson` keep every character, and `pets add --file` reads them back",
            ));
        }
        self.write_stdout(|w| match self.format {
            OutputFormat::Json => write_json(w, json, tty, tty),
            OutputFormat::Ndjson => match serde_json::to_value(json).expect("records serialise") {
                serde_json::Value::Array(items) => items.iter().try_for_each(|item| write_json(w, item, false, tty)),
                item => write_json(w, &item, false, tty),
            },
            OutputFormat::Table | OutputFormat::Tsv | OutputFormat::Csv => {
                self.write_rows(w, rows.expect("rows for a table, TSV or CSV"), true)
            }
        })?;
        Ok(())
    }

    /// Bytes as they are (a completion script).
    pub fn write_raw(&self, bytes: &[u8]) -> io::Result<()> {
        self.write_stdout(|w| w.write_all(bytes))
    }

    /// The body of an answer to `petstore api`. Piped, the server's bytes as they are; on a terminal, JSON
    /// indented and anything else as text, both escaped by [`safe`] so that no escape sequence from a server
    /// reaches the terminal. With `--jq` and `filter`, the JSON body through the expression. No body
    /// (HEAD, 204) prints nothing, `--jq` or not.
    pub fn response_body(&self, body: &[u8], filter: bool) -> Result<(), Error> {
        if body.is_empty() {
            return Ok(());
        }
        let document = || serde_json::from_slice::<serde_json::Value>(body).ok();
        let tty = self.terminals.stdout;
        if let Some(program) = self.jq.as_ref().filter(|_| filter) {
            let Some(document) = document() else {
                return Err(jq::jq_error("the response body is not JSON"));
            };
            return self.filtered(|out| program.run(&document, out, tty));
        }
        if !tty {
            // A JSON body gets the final newline a line-reading program (`while read`, `wc -l`) expects: JSON
            // does not care. Any other body is written byte for byte.
            if !body.ends_with(b"\n") && document().is_some() {
                return Ok(self.write_raw(&[body, b"\n"].concat())?);
            }
            return Ok(self.write_raw(body)?);
        }
        match document() {
            Some(document) => self.write_stdout(|w| write_json(w, &document, true, true))?,
            None => self.write_stdout(|w| w.write_all(safe::terminal_text(body).as_bytes()))?,
        }
        Ok(())
    }

    /// `petstore api --include`: the answer's status and headers on stderr, values escaped as messages, then an
    /// empty line, as in HTTP.
    pub fn response_head(&self, status: StatusCode, headers: &reqwest::header::HeaderMap) {
        let mut stderr = self.streams.stderr();
        let _ = writeln!(stderr, "HTTP {status}");
        for (name, value) in headers {
            let _ = writeln!(stderr, "{name}: {}", safe::message(&String::from_utf8_lossy(value.as_bytes())));
        }
        let _ = writeln!(stderr);
    }

    /// Whether results are JSON: `--json`, `--output json|ndjson` or `--jq`.
    pub fn is_json(&self) -> bool {
        self.jq.is_some() || matches!(self.format, OutputFormat::Json | OutputFormat::Ndjson)
    }

    /// One event of a stream (`pets watch`): a compact JSON line on stdout, written at once, whether the format
    /// is `json` or `ndjson`; through `--jq` when given, once per event.
    pub fn event<T: Serialize>(&self, json: &T) -> Result<(), Error> {
        if let Some(program) = &self.jq {
            let document = serde_json::to_value(json).expect("events serialise");
            return self.filtered(|out| program.run(&document, out, self.terminals.stdout));
        }
        Ok(self.write_stdout(|w| write_json(w, json, false, self.terminals.stdout))?)
    }

    /// A result that is one line of text.
    pub fn line(&self, text: &str) -> io::Result<()> {
        self.lines(&[text])
    }

    /// A result of several lines of text, each made safe for the terminal as [`Output::line`] makes one: a line
    /// break between them is the result's own, one inside a line is shown escaped.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) -> io::Result<()> {
        let terminal = self.terminals.stdout;
        self.write_stdout(|w| lines.iter().try_for_each(|line| writeln!(w, "{}", safe::data(line.as_ref(), terminal))))
    }

    /// Like [`Output::value`], for a value whose words are several lines (`schema --list`, `agent setup`).
    pub fn value_lines<T: Serialize, S: AsRef<str>>(&self, json: &T, lines: &[S]) -> Result<(), Error> {
        if self.is_json() {
            return self.records(json, || unreachable!("a JSON format"));
        }
        Ok(self.lines(lines)?)
    }

    /// One JSON document on stdout, whatever the format (`help --json`, `schema`): indented at a terminal.
    pub fn document<T: Serialize + ?Sized>(&self, json: &T) -> Result<(), Error> {
        let terminal = self.terminals.stdout;
        Ok(self.write_stdout(|w| write_json(w, json, terminal, terminal))?)
    }

    /// A result that is one value (`config path`, `auth token`): `json` with `--json`, `--output json|ndjson`
    /// or `--jq`, else `text` on a line of its own (`-o table` and `-o csv` are refused before).
    pub fn value<T: Serialize>(&self, json: &T, text: &str) -> Result<(), Error> {
        self.value_lines(json, &[text])
    }

    /// A warning on stderr, unless `--quiet`; in a JSON mode, one line `{"warning": {"message": "..."}}`, so
    /// that every line a program must read on stderr is JSON.
    pub fn warning(&self, message: &str) {
        self.labelled("warning", WARNING, message);
    }

    /// `message` under `label` on stderr (`warning: ...`), unless `--quiet`; in a JSON mode, one line
    /// `{"LABEL": {"message": "..."}}`.
    fn labelled(&self, label: &str, style: Style, message: &str) {
        if self.quiet {
        } else if self.json_errors {
            let line = serde_json::json!({ label: { "message": message } });
            let _ = write_json(&mut self.streams.stderr(), &line, false, self.terminals.stderr);
        } else {
            let style = self.stderr_style(style);
            to_stderr!(
                self.streams,
                "{}",
                self.wrapped(&format!("{style}{label}:{style:#} "), &safe::message(message))
            );
        }
    }

    /// What a command did, on stderr (stdout carries results only), unless `--quiet`.
    pub fn status(&self, message: &str) {
        if !self.quiet {
            to_stderr!(self.streams, "{}", self.wrapped("", &safe::message(message)));
        }
    }

    /// A deprecation warning, unless one was printed already in this run (or `--quiet`).
    pub fn deprecation_warning(&self, message: &str) {
        if !self.deprecation_warned.swap(true, Ordering::SeqCst) {
            self.warning(message);
        }
    }

    /// A note that a script needs as much as a person (a list cut off, a blind spot): on stderr whether or not
    /// it is a terminal, unless `--quiet`; in a JSON mode, one line `{"note": {"message": "..."}}`, as a
    /// warning is.
    pub fn notice(&self, message: &str) {
        self.labelled("note", HELP, message);
    }

    /// A note for a person at a terminal: only when stderr is one, and not with `--quiet`.
    pub fn note(&self, message: &str) {
        if !self.quiet && self.terminals.stderr {
            let style = self.stderr_style(DIM);
            to_stderr!(self.streams, "{style}{}{style:#}", self.wrapped("", &safe::message(message)));
        }
    }

    /// An error on stderr: one line, and one line of help when there is a next step; in a JSON mode, one line
    /// of JSON ([`crate::error::ErrorDocument`]) and nothing else.
    ///
    /// The bytes go to stderr's descriptor at once, without the lock of `std::io::stderr`
    /// ([`crate::cleanup::write_stderr`]): this is `main`'s last message, and a command's thread that a signal
    /// abandoned may hold that lock for ever.
    pub fn error(&self, err: &Error) {
        let mut bytes = Vec::new();
        self.render_error(&mut bytes, err);
        self.streams.stderr_unlocked(&bytes);
    }

    fn render_error(&self, stderr: &mut Vec<u8>, err: &Error) {
        if self.json_errors {
            let _ = write_json(stderr, &err.to_document(), false, self.terminals.stderr);
            return;
        }
        let (error, help) = (self.stderr_style(ERROR), self.stderr_style(HELP));
        if let Some(source) = err.source_as::<crate::error::SourceError>() {
            // A mistake in a file the user edits: show the line it is on, escaped here, where it is printed (a
            // config file can hold a raw ESC); the span moves along with the escapes.
            let theme = if self.stderr_color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
            let mut text = String::new();
            let handler = miette::GraphicalReportHandler::new_themed(theme).with_links(false).with_width(100);
            if handler.render_report(&mut text, &ShownSource::of(source)).is_ok() {
                let _ = write!(stderr, "{text}");
                return;
            }
        }
        // Escaped wherever stderr goes; newlines are petstore's own (a list of invalid records): text from
        // elsewhere enters an error folded to one line (`api::error::one_line`) or quoted as JSON.
        let message = err.to_string();
        let message = safe::escape(&message, safe::Newlines::Keep);
        let label = if err.is_note() { format!("{help}note:{help:#} ") } else { format!("{error}error:{error:#} ") };
        let _ = writeln!(stderr, "{}", self.wrapped(&label, &message));
        if let Some(hint) = err.hint() {
            let _ = writeln!(stderr, "{}", self.wrapped(&format!("{help}help:{help:#} "), &safe::message(hint)));
        }
        // The id of the request the error came from, which the server's operators can find in their logs.
        // Escaped: a server's own id is the server's bytes.
        if let Some(id) = err.request_id() {
            let note = format!("request id `{}` (quote it to the server's operators)", safe::message(id));
            let _ = writeln!(stderr, "{}", self.wrapped(&format!("{help}note:{help:#} "), &note));
        }
    }

    /// `label` (as printed, styled or not) and `text`, wrapped to stderr's terminal between words:
    /// continuation lines start under the text; piped, one line.
    pub fn wrapped(&self, label: &str, text: &str) -> String {
        wrap::wrap(label, textwrap::core::display_width(label), text, self.terminals.stderr_width)
    }

    /// A failure that is no [`Error`] (a usage error clap found), as one JSON line on stderr.
    pub fn error_document(&self, document: &crate::error::ErrorDocument) {
        let _ = write_json(&mut self.streams.stderr(), document, false, self.terminals.stderr);
    }

    /// Reports exchanges: each request, answer and retry with `--verbose`, and deprecation notices always.
    pub fn request_observer(&self) -> Arc<dyn api::Observer> {
        Arc::new(request_log::RequestLog { output: self.clone() })
    }

    fn stderr_style(&self, style: Style) -> Style {
        if self.stderr_color { style } else { Style::new() }
    }

    fn write_stdout(
        &self,
        render: impl FnOnce(&mut io::BufWriter<Box<dyn Write>>) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut w = io::BufWriter::new(self.streams.stdout());
        render(&mut w)?;
        w.flush()
    }

    /// What `run` (`--jq`) wrote, on stdout; what came out before a runtime error is still written, as jq does.
    fn filtered(&self, run: impl FnOnce(&mut Vec<u8>) -> Result<(), Error>) -> Result<(), Error> {
        let mut out = Vec::new();
        let result = run(&mut out);
        self.write_stdout(|w| w.write_all(&out))?;
        result
    }
}

/// One JSON document, always newline-terminated: `pretty` (indented) for a person, compact for a pipe;
/// escaped by [`safe::json`] for a terminal.
fn write_json<T: Serialize + ?Sized>(w: &mut impl Write, value: &T, pretty: bool, terminal: bool) -> io::Result<()> {
    let text = if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }?;
    writeln!(w, "{}", safe::json(&text, terminal))
}

/// A [`crate::error::SourceError`] as it is shown on stderr: its message, file name and excerpt escaped by
/// [`safe`], the span moved along with the escapes.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
struct ShownSource {
    message: String,
    #[source_code]
    src: miette::NamedSource<String>,
    #[label("here")]
    span: miette::SourceSpan,
    #[help]
    help: String,
}

impl ShownSource {
    fn of(source: &crate::error::SourceError) -> ShownSource {
        let (message, path, text, span) = source.parts();
        let (shown, span) = safe::escape_source(text, span);
        ShownSource {
            message: safe::message(message).into_owned(),
            src: miette::NamedSource::new(safe::message(path), shown),
            span: span.into(),
            help: source.help().to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet() -> Pet {
        Pet { id: 7, name: "Rex".into(), category_id: 1, status: Some(api::PetStatus::Available) }
    }

    #[test]
    fn captured_results_go_to_stdout_and_messages_to_stderr_plainly() {
        let (output, captured) = Output::captured(&OutputSettings::default());
        output.pets(&[pet()]).unwrap();
        output.warning("the \x1b[31mred\x1b[0m cat");
        output.status("added 1 pet");
        output.note("only for a person at a terminal");
        assert_eq!(captured.stdout(), "7\tRex\t1\tavailable\n");
        assert_eq!(captured.stderr(), "warning: the \\u{1b}[31mred\\u{1b}[0m cat\nadded 1 pet\n");
    }

    #[test]
    fn a_captured_terminal_gets_a_table_and_notes_without_colour() {
        let (output, captured) = Output::captured_with(&OutputSettings::default(), true);
        output.pets(&[pet()]).unwrap();
        output.note("press q to quit");
        assert!(captured.stdout().starts_with("ID"), "a table: {}", captured.stdout());
        assert!(!captured.stdout().contains('\x1b'), "no colour: {:?}", captured.stdout());
        assert_eq!(captured.stderr(), "press q to quit\n");
    }

    #[test]
    fn quiet_silences_warnings_and_status_but_not_errors() {
        let settings = OutputSettings { quiet: true, ..OutputSettings::default() };
        let (output, captured) = Output::captured(&settings);
        output.warning("ignored");
        output.notice("ignored too");
        output.status("and this");
        output.error(&Error::new(&code::CSV_CANNOT_HOLD, "no room").with_hint("try json"));
        assert_eq!(captured.stdout(), "");
        assert_eq!(captured.stderr(), "error: no room\nhelp: try json\n");
    }

    #[test]
    fn in_a_json_mode_every_stderr_line_is_json() {
        let (output, captured) = Output::captured(&OutputSettings::json());
        output.pet(&pet()).unwrap();
        output.warning("careful");
        output.notice("cut off");
        assert_eq!(captured.stdout(), "{\"id\":7,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}\n");
        assert_eq!(
            captured.stderr(),
            "{\"warning\":{\"message\":\"careful\"}}\n{\"note\":{\"message\":\"cut off\"}}\n"
        );
    }

    #[test]
    fn verbose_logs_each_exchange_on_the_captured_stderr_and_a_deprecation_once() {
        let settings = OutputSettings { verbose: true, ..OutputSettings::default() };
        let (output, captured) = Output::captured(&settings);
        let log = output.request_observer();
        let url = reqwest::Url::parse("https://api.example.com/v1/pets?limit=1").unwrap();
        log.request(&reqwest::Method::GET, &url, &[("accept", "application/json".to_owned())]);
        log.retry(1, "timed out", std::time::Duration::from_millis(250));
        log.response(StatusCode::OK, &reqwest::header::HeaderMap::new(), std::time::Duration::from_micros(12_340));
        for _ in 0..2 {
            log.deprecated(&reqwest::Method::GET, &url, Some("@1"), None);
        }
        assert_eq!(
            captured.stderr(),
            format!(
                "> GET https://api.example.com/v1/pets?limit=1\n> accept: application/json\n* attempt 1 of {} failed \
                 (timed out); retrying in 250.0 ms\n< 200 OK (12.3 ms)\nwarning: the API deprecates `GET /v1/pets`\n",
                api::client::MAX_ATTEMPTS
            )
        );
        assert_eq!(captured.stdout(), "");
    }

    #[test]
    fn a_batch_progress_writes_its_lines_to_the_captured_stderr() {
        let (output, captured) = Output::captured(&OutputSettings::default());
        let progress = output.clone().with_progress(Progress::Plain).batch_progress(2);
        progress.report("line 3: refused");
        progress.finish();
        progress.after("added 0 pets");
        let stderr = captured.stderr();
        assert!(stderr.starts_with("line 3: refused\nprogress: 0 of 2 done (0%), 0/s\n"), "{stderr}");
        assert!(stderr.ends_with("added 0 pets\n"), "{stderr}");
        assert_eq!(captured.stdout(), "");
    }
}
