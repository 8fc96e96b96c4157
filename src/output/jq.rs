//! `--jq EXPRESSION`: jq filters over petstore's JSON output, in-process with the jaq crates (no external jq).

use std::cell::RefCell;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use jaq_core::data::{DataT, HasLut};
use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Lut, ValT, Vars, unwrap_valr};
use jaq_json::Val;

use super::safe;
use crate::error::{Error, code, line_column};
use crate::signals::Signal;
use petstore_core::credentials::API_KEY_VAR;

/// jq's `@csv` and `@tsv`, which the jaq library crates do not define (jaq-std has `@sh`, `@text`, `@html`,
/// `@uri`, `@base64` and `@base64d`; jaq-json has `@json`; `@csv` and `@tsv` live only in jaq's binary).
/// Written from jq's manual: strings quoted (CSV) or escaped (TSV), numbers and booleans as JSON, null empty.
const FORMAT_DEFS: &str = r#"
def @csv: if type != "array" then error("\(type) cannot be csv-formatted, only an array can be") else
  map(if type == "string" then "\"" + (split("\"") | join("\"\"")) + "\""
      elif type == "number" or type == "boolean" then tojson
      elif type == "null" then ""
      else error("\(type) is not valid in a csv row") end) | join(",") end;
def @tsv: if type != "array" then error("\(type) cannot be tsv-formatted, only an array can be") else
  map(if type == "string" then split("\\") | join("\\\\") | split("\t") | join("\\t")
        | split("\n") | join("\\n") | split("\r") | join("\\r")
      elif type == "number" or type == "boolean" then tojson
      elif type == "null" then ""
      else error("\(type) is not valid in a tsv row") end) | join("\t") end;
"#;

/// The stacks a filter's thread is tried with, largest first. Only what a filter uses is ever touched (the
/// rest is address space, not memory), so a shallow filter costs no more than on a small stack. The large one
/// is for what jaq does by recursion outside [`EVAL_STACK_BYTES`]'s watch: dropping and printing a value that
/// `reduce` nested (`reduce range(3000000) as $i (.; [.]) | length` takes about 1 GiB of heap and a few
/// hundred MiB of stack to free), so that such a value is bounded by memory and time, as any value is, and
/// not by a stack overflow that aborts petstore. A system that will not reserve it (strict overcommit, a
/// 32-bit target) gets the smaller one.
#[cfg(target_pointer_width = "64")]
const STACK_BYTES: &[usize] = &[4096 * 1024 * 1024, 256 * 1024 * 1024];
#[cfg(not(target_pointer_width = "64"))]
const STACK_BYTES: &[usize] = &[256 * 1024 * 1024];

/// How much of [`STACK_BYTES`] evaluating a filter may take: jaq evaluates a call to a function, and nested
/// array and object constructors, by recursion on the native stack, so `def f: [f]; f` would otherwise grow
/// until the process aborts. The rest is left for dropping and printing what the filter made.
const EVAL_STACK_BYTES: usize = 128 * 1024 * 1024;

/// The deepest result printed: jq's own limit for the JSON it reads. A deeper value (built by `reduce` or a
/// loop, which need no stack) is an error rather than a printer's recursion.
pub const MAX_DEPTH: usize = 10_000;

/// The longest one run of a filter may take inside a bulk add (on each created pet with `-o ndjson`, else on
/// the document of them all): the batch waits for it, so a filter that never ends must not hold the batch,
/// and what it has done must still be written down. Far more than any filter over pets needs.
pub const BATCH_TIME: Duration = Duration::from_secs(10);

/// How much petstore's memory may grow during one run of a filter inside a bulk add (read from the resident
/// size, on Linux, every 10 ms).
pub const BATCH_MEMORY: u64 = 1024 * 1024 * 1024;

/// Inside a bulk add, once a signal has come, the longest the filter may take, all its runs together: the
/// batch has written down what it did before it shows what it made, so a slow filter gets this much, and one
/// that was running when the signal came is stopped at once. In all, not for each run: a batch whose answers
/// come in after the signal runs the filter on each, and 32 runs of a second each would outlast the grace the
/// requests have ([`petstore_core::batch::SIGNAL_GRACE`]) and the 10 s `docker stop` leaves.
pub const AFTER_SIGNAL: Duration = Duration::from_secs(1);

/// When a bounded run first saw that a signal had come: [`AFTER_SIGNAL`] counts from here.
static SIGNAL_SEEN_AT: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();

/// How often a bounded run is checked against its bounds and for signals while it runs.
const WATCH_EVERY: Duration = Duration::from_millis(10);

/// A jq expression known to compile. It keeps the text and compiles again where it runs, on a thread of its
/// own with a large stack (`STACK_BYTES`): the compiled form is not `Send`, and compiling takes well under a
/// millisecond.
#[derive(Debug, Clone)]
pub struct Program {
    code: String,
}

/// Why a run of a filter was stopped before it ended. Its thread is abandoned, never to run again (jaq cannot
/// be stopped from outside, and a release build aborts on a panic): it parks at the filter's next step, or
/// runs until the process ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// It recursed past 128 MiB of stack.
    TooDeep,
    /// It ran past [`BATCH_TIME`].
    TooLong,
    /// Memory grew past [`BATCH_MEMORY`] while it ran.
    TooLarge,
    /// A signal came while it ran, or it ran past [`AFTER_SIGNAL`] after one.
    Signal(Signal),
}

impl Stopped {
    /// Why, in words that follow "the filter was stopped: ".
    pub fn describe(self) -> String {
        match self {
            Stopped::TooDeep => format!(
                "the expression recursed too deep (more than {} MiB of stack); jq programs here may nest calls \
                 and constructors only so far",
                EVAL_STACK_BYTES / (1024 * 1024)
            ),
            Stopped::TooLong => {
                format!("it ran for {}, longer than a filter may in a bulk add", super::duration_words(BATCH_TIME))
            }
            Stopped::TooLarge => format!(
                "it took more than {} GiB of memory, more than a filter may in a bulk add",
                BATCH_MEMORY / (1024 * 1024 * 1024)
            ),
            Stopped::Signal(signal) => format!("{} while it ran", signal.describe()),
        }
    }
}

/// How a run of a filter failed.
#[derive(Debug)]
pub enum Failure {
    /// The filter's own error, or a result too deep to print: what came before it is written, and the
    /// filter may run again.
    Error(Error),
    /// It was stopped ([`Stopped`]); what it wrote before is kept.
    Stopped(Stopped),
}

/// jaq's data for petstore: the filter's lookup table, watched. jaq looks its table up at every step of
/// evaluation, so that is where the stack a filter has taken is measured, and where an abandoned run stops.
struct Guarded;

impl DataT for Guarded {
    type V<'a> = Val;
    type Data<'a> = Watch<'a>;
}

#[derive(Clone)]
struct Watch<'a> {
    lut: &'a Lut<Guarded>,
    run: &'a RunState,
}

/// What the filter's thread shares with its run: where its stack began, the output so far, and the way back
/// to the caller.
struct RunState {
    /// The address of a local of the filter's thread before evaluation starts.
    base: usize,
    /// Set by the caller when it gives up on the run.
    abandoned: Arc<AtomicBool>,
    /// What the filter has written so far.
    out: RefCell<Vec<u8>>,
    /// The run's end, for the caller.
    done: mpsc::Sender<Ran>,
}

/// What a run wrote, and how it ended.
type Ran = (Vec<u8>, Result<(), Failure>);

impl<'a> HasLut<'a, Guarded> for Watch<'a> {
    fn lut(&self) -> &'a Lut<Guarded> {
        if self.run.abandoned.load(Ordering::Relaxed) {
            park_for_ever();
        }
        let here = 0u8;
        if self.run.base.abs_diff(std::ptr::addr_of!(here) as usize) > EVAL_STACK_BYTES {
            // jaq has no way to stop it with an error: say so, and stop here.
            let out = std::mem::take(&mut *self.run.out.borrow_mut());
            let _ = self.run.done.send((out, Err(Failure::Stopped(Stopped::TooDeep))));
            park_for_ever();
        }
        self.lut
    }
}

/// The end of an abandoned run's thread: it holds what it made until the process ends, and takes no more
/// processor time.
fn park_for_ever() -> ! {
    loop {
        std::thread::park();
    }
}

type Filter = jaq_core::compile::Filter<jaq_core::Native<Guarded>>;

impl Program {
    /// Checks `code`; a mistake is an error pointing into the expression.
    pub fn new(code: &str) -> Result<Program, Error> {
        compile(code)?;
        Ok(Program { code: code.to_owned() })
    }

    /// Runs the program on `document` and writes each result on its own line: strings as raw text (like
    /// `jq -r`), anything else as compact JSON, both escaped by [`safe`] when stdout is a `terminal`. The first
    /// runtime error stops it; what came before it is written. Only the stack is bounded: a command that only
    /// reads is ended whole by a signal.
    pub fn run(&self, document: &serde_json::Value, w: &mut impl Write, terminal: bool) -> Result<(), Error> {
        let (out, result) = self.run_within(document, terminal, false);
        w.write_all(&out)?;
        result.map_err(|failure| match failure {
            Failure::Error(err) => err,
            Failure::Stopped(stopped) => jq_error(stopped.describe()),
        })
    }

    /// As [`Program::run`], inside a bulk add: the run is also stopped after [`BATCH_TIME`], when memory grows
    /// by [`BATCH_MEMORY`], and at a signal ([`AFTER_SIGNAL`]), so that the batch goes on to write down what it
    /// did. Gives what the filter wrote, and how it ended.
    pub fn run_in_batch(&self, document: &serde_json::Value, terminal: bool) -> (Vec<u8>, Result<(), Failure>) {
        self.run_within(document, terminal, true)
    }

    /// A run bounded by its stack only ([`EVAL_STACK_BYTES`]), a command that only reads, which a signal ends
    /// whole; or, `batch`, by a bulk add's [`BATCH_TIME`], [`BATCH_MEMORY`] and signals ([`AFTER_SIGNAL`]) too.
    fn run_within(&self, document: &serde_json::Value, terminal: bool, batch: bool) -> Ran {
        let input = serde_json::to_vec(document).expect("a JSON value serialises");
        let (done, ended) = mpsc::channel();
        let abandoned = Arc::new(AtomicBool::new(false));
        let spawn = |stack: usize| {
            let (code, input, done, abandoned) = (self.code.clone(), input.clone(), done.clone(), abandoned.clone());
            std::thread::Builder::new().name("jq".to_owned()).stack_size(stack).spawn(move || {
                let base = 0u8;
                let run = RunState {
                    base: std::ptr::addr_of!(base) as usize,
                    abandoned,
                    out: RefCell::new(Vec::new()),
                    done,
                };
                let result = run_here(&code, &input, terminal, &run);
                let _ = run.done.send((run.out.take(), result));
            })
        };
        // The largest stack the system gives.
        let spawned =
            STACK_BYTES[1..].iter().fold(spawn(STACK_BYTES[0]), |spawned, &stack| spawned.or_else(|_| spawn(stack)));
        drop(done);
        let worker = match spawned {
            Ok(worker) => worker,
            Err(err) => {
                let message = format!("cannot start the filter's thread: {err}");
                return (Vec::new(), Err(Failure::Error(jq_error(message))));
            }
        };
        let watch = batch.then(Watcher::new);
        loop {
            match ended.recv_timeout(WATCH_EVERY) {
                Ok(ran) => return ran,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Some(stopped) = watch.as_ref().and_then(Watcher::over) {
                        abandoned.store(true, Ordering::Relaxed);
                        return (Vec::new(), Err(Failure::Stopped(stopped)));
                    }
                }
                // The thread ended without a word: it panicked, and said so on stderr.
                Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the filter's thread says how its run ended"),
                },
            }
        }
    }
}

/// Whether a run is past its bounds, seen from the thread that waits for it.
struct Watcher {
    started: Instant,
    /// The signals seen before the run began.
    signals: u64,
    /// The resident size before the run began, where it can be read.
    resident: Option<u64>,
}

impl Watcher {
    fn new() -> Watcher {
        if crate::signals::seen().1.is_some() {
            SIGNAL_SEEN_AT.get_or_init(Instant::now);
        }
        Watcher { started: Instant::now(), signals: crate::signals::seen().0, resident: resident_bytes() }
    }

    /// Why the run must stop now, if it must.
    fn over(&self) -> Option<Stopped> {
        let (signals, last) = crate::signals::seen();
        if let Some(signal) = last
            && (signals > self.signals || SIGNAL_SEEN_AT.get_or_init(Instant::now).elapsed() >= AFTER_SIGNAL)
        {
            return Some(Stopped::Signal(signal));
        }
        if self.started.elapsed() >= BATCH_TIME {
            return Some(Stopped::TooLong);
        }
        if let (Some(before), Some(now)) = (self.resident, resident_bytes())
            && now.saturating_sub(before) > BATCH_MEMORY
        {
            return Some(Stopped::TooLarge);
        }
        None
    }
}

/// petstore's resident memory, in bytes, where the system says (Linux's `/proc/self/statm`, in pages of 4 KiB
/// or more: read as 4 KiB, so that the bound errs on the side of letting a filter run).
fn resident_bytes() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Compiles and runs `code` on `input` (JSON text) on this thread, which must have one of [`STACK_BYTES`] of
/// stack, writing to `run.out`.
fn run_here(code: &str, input: &[u8], terminal: bool, run: &RunState) -> Result<(), Failure> {
    let failed = |err: Error| Failure::Error(err);
    let filter = compile(code).map_err(failed)?;
    let input = jaq_json::read::parse_single(input).map_err(|err| failed(jq_error(err.to_string())))?;
    let data = Watch { lut: &filter.lut, run };
    let ctx = Ctx::<Guarded>::new(data, Vars::new([environment()]));
    let write = |bytes: &[&[u8]]| {
        let mut out = run.out.borrow_mut();
        for part in bytes {
            out.extend_from_slice(part);
        }
    };
    for value in filter.id.run((ctx, input)).map(unwrap_valr) {
        match value {
            Ok(Val::TStr(text)) if terminal => {
                let shown = safe::escape(&String::from_utf8_lossy(&text), safe::Newlines::Keep).into_owned();
                write(&[shown.as_bytes(), b"\n"]);
            }
            Ok(Val::TStr(text)) => write(&[&text, b"\n"]),
            Ok(value) if depth(&value) > MAX_DEPTH => {
                // Dropping it would recurse as deep as it nests: the process ends soon, and frees it then.
                std::mem::forget(value);
                return Err(failed(jq_error(format!("a result nests deeper than {MAX_DEPTH} levels"))));
            }
            Ok(value) => write(&[safe::json(&value.to_string(), terminal).as_bytes(), b"\n"]),
            Err(err) => {
                // jaq shows an error's value as JSON; a string reads better as text.
                let text = err.to_string();
                let text = serde_json::from_str::<String>(&text).unwrap_or(text);
                return Err(failed(jq_error(text)));
            }
        }
    }
    Ok(())
}

/// How deep `value` nests (a scalar: 0), counted without recursion, up to one past [`MAX_DEPTH`].
fn depth(value: &Val) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0)];
    while let Some((value, level)) = stack.pop() {
        deepest = deepest.max(level);
        if deepest > MAX_DEPTH {
            break;
        }
        match value {
            Val::Arr(items) => stack.extend(items.iter().map(|item| (item, level + 1))),
            Val::Obj(map) => stack.extend(map.values().map(|item| (item, level + 1))),
            _ => {}
        }
    }
    deepest
}

/// The environment a filter sees as `env` and `$ENV`: petstore's own, but for the API key
/// ([`API_KEY_VAR`]), which a filter must not be able to print. A name or value that is not UTF-8 comes as
/// valid text (U+FFFD for what is not).
fn environment() -> Val {
    let vars = std::env::vars_os().filter(|(name, _)| name != API_KEY_VAR).map(|(name, value)| {
        (Val::from(name.to_string_lossy().into_owned()), Val::from(value.to_string_lossy().into_owned()))
    });
    Val::from_map(vars).expect("strings are valid keys")
}

/// jaq-std's functions, with `env` replaced by [`environment`].
fn functions() -> impl Iterator<Item = jaq_core::native::Fun<Guarded>> {
    fn env<'a>(_: jaq_core::Cv<'a, Guarded>) -> jaq_core::ValXs<'a, Val> {
        jaq_core::native::bome(Ok(environment()))
    }
    let env: jaq_core::native::Filter<jaq_core::RunPtr<Guarded>> = ("env", jaq_core::native::v(0), env);
    jaq_core::funs()
        .chain(jaq_std::funs().filter(|(name, arity, _)| !(*name == "env" && arity.is_empty())))
        .chain(jaq_json::funs())
        .chain([jaq_core::native::run::<Guarded>(env)])
}

/// `--jq` failed on the document (exit 2), saying `message`; [`jq_message`] gives it back.
pub fn jq_error(message: impl Into<String>) -> Error {
    Error::new(&code::JQ, format!("jq: {}", message.into()))
}

/// What a `--jq` failure ([`jq_error`]) says, without its `jq: `; any other error's whole message.
pub fn jq_message(err: &Error) -> &str {
    err.message().strip_prefix("jq: ").filter(|_| err.is(&code::JQ)).unwrap_or(err.message())
}

fn compile(code: &str) -> Result<Filter, Error> {
    let formats = jaq_core::load::parse(FORMAT_DEFS, |p| p.defs()).expect("the format definitions parse");
    let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs()).chain(formats);
    let arena = Arena::default();
    let at = |part: &str, message: String| -> Error {
        let (line, column) = line_column(code, jaq_core::load::span(code, part).start);
        Error::new(&code::JQ_EXPRESSION, format!("--jq:{line}:{column}: {message}"))
            .with_hint("`--jq` takes a jq expression, e.g. `.[] | select(.status == \"sold\") | .name`")
    };
    let modules = Loader::new(defs).load(&arena, File { code, path: () }).map_err(|errors| {
        let expected = match errors.into_iter().next().map(|(_, error)| error) {
            Some(jaq_core::load::Error::Lex(errors)) => errors.first().map(|(expect, part)| (expect.as_str(), *part)),
            Some(jaq_core::load::Error::Parse(errors)) => errors.first().map(|(expect, part)| (expect.as_str(), *part)),
            Some(jaq_core::load::Error::Io(_)) => return at("", "modules cannot be loaded here".into()),
            None => None,
        };
        match expected {
            Some((expect, part)) => at(part, format!("expected {expect}")),
            None => at("", "the expression is invalid".into()),
        }
    })?;
    Compiler::default().with_funs(functions()).with_global_vars(["$ENV"]).compile(modules).map_err(
        |errors| match errors.into_iter().next().and_then(|(_, undefined)| undefined.into_iter().next()) {
            Some((name, kind)) => at(name, format!("undefined {} `{name}`", kind.as_str())),
            None => at("", "the expression does not compile".into()),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(code: &str, input: serde_json::Value) -> String {
        let mut out = Vec::new();
        Program::new(code).unwrap().run(&input, &mut out, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn strings_print_raw_and_other_values_as_json() {
        let pets = serde_json::json!([{"id": 1, "name": "Rex", "status": "sold"}, {"id": 2, "name": "Tom", "status": "available"}]);
        assert_eq!(run(r#".[] | select(.status=="sold") | .name"#, pets.clone()), "Rex\n");
        assert_eq!(run("map(.id)", pets.clone()), "[1,2]\n");
        assert_eq!(run(".[0] | {id}", pets), "{\"id\":1}\n");
    }

    #[test]
    fn mistakes_point_into_the_expression() {
        let err = Program::new(".[] | ").unwrap_err();
        assert_eq!(err.to_string(), "--jq:1:7: expected term");
        let err = Program::new("nosuch(1)").unwrap_err();
        assert_eq!(err.to_string(), "--jq:1:1: undefined filter `nosuch`");
    }

    #[test]
    fn in_a_batch_a_filter_that_recurses_too_deep_is_stopped_and_the_next_run_goes_on() {
        let input = serde_json::json!({"line": 1, "pet": {"id": 1, "name": "Rex"}});
        let (out, result) = Program::new("def f: [f]; f").unwrap().run_in_batch(&input, false);
        assert!(out.is_empty());
        assert!(matches!(result, Err(Failure::Stopped(Stopped::TooDeep))), "{result:?}");
        // Outside a batch, the same is an error: the process does not end.
        let err = Program::new("def f: 1 + f; f").unwrap().run(&input, &mut Vec::new(), false).unwrap_err();
        assert!(err.to_string().starts_with("jq: the expression recursed too deep"), "{err}");
        let (out, result) = Program::new(".pet.name").unwrap().run_in_batch(&input, false);
        assert_eq!((String::from_utf8(out).unwrap(), result.is_ok()), ("Rex\n".to_owned(), true));
    }

    #[test]
    fn in_a_batch_the_filter_s_own_error_keeps_what_came_before_it() {
        let input = serde_json::json!([1, 2, "x", 4]);
        let (out, result) = Program::new(".[] | tonumber * 2").unwrap().run_in_batch(&input, false);
        assert_eq!(String::from_utf8(out).unwrap(), "2\n4\n");
        assert!(matches!(result, Err(Failure::Error(ref err)) if err.is(&code::JQ)), "{result:?}");
    }

    #[test]
    fn a_runtime_error_stops_with_its_message() {
        let mut out = Vec::new();
        let err = Program::new(".[] | tonumber").unwrap().run(&serde_json::json!(["x"]), &mut out, false).unwrap_err();
        assert!(err.to_string().starts_with("jq: "), "{err}");
    }
}
