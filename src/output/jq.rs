//! `--jq EXPRESSION`: jq filters over petstore's JSON output, in-process with the jaq crates (no external jq).

use std::io::Write;

use jaq_core::data::{DataT, HasLut};
use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Lut, ValT, Vars, unwrap_valr};
use jaq_json::Val;

use super::safe;
use crate::credentials::API_KEY_VAR;
use crate::error::{Error, line_column};

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

/// A jq expression known to compile. It keeps the text and compiles again where it runs, on a thread of its
/// own with a large stack ([`STACK_BYTES`]): the compiled form is not `Send`, and compiling takes well under a
/// millisecond.
#[derive(Debug, Clone)]
pub struct Program {
    code: String,
}

/// jaq's data for petstore: the filter's lookup table, watched. jaq looks its table up at every step of
/// evaluation, so that is where the stack a filter has taken is measured.
struct Guarded;

impl DataT for Guarded {
    type V<'a> = Val;
    type Data<'a> = Watch<'a>;
}

#[derive(Clone)]
struct Watch<'a> {
    lut: &'a Lut<Guarded>,
    /// The address of a local of the filter's thread before evaluation starts.
    base: usize,
}

impl<'a> HasLut<'a, Guarded> for Watch<'a> {
    fn lut(&self) -> &'a Lut<Guarded> {
        let here = 0u8;
        if self.base.abs_diff(std::ptr::addr_of!(here) as usize) > EVAL_STACK_BYTES {
            too_deep();
        }
        self.lut
    }
}

/// A filter that recursed past [`EVAL_STACK_BYTES`]. jaq has no way to stop it with an error (and a release
/// build aborts on a panic), so petstore reports it and exits here, as a usage error: nothing of the filter's
/// output has been printed yet.
fn too_deep() -> ! {
    let err = Error::Jq {
        message: format!(
            "the expression recursed too deep (more than {} MiB of stack); jq programs here may nest calls \
             and constructors only so far",
            EVAL_STACK_BYTES / (1024 * 1024)
        ),
    };
    eprintln!("error: {}", safe::message(&err.to_string()));
    std::process::exit(i32::from(err.exit_code()));
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
    /// runtime error stops it; what came before it is written.
    pub fn run(&self, document: &serde_json::Value, w: &mut impl Write, terminal: bool) -> Result<(), Error> {
        let (out, result) = std::thread::scope(|scope| {
            let mut failed = None;
            for &stack in STACK_BYTES {
                let spawned =
                    std::thread::Builder::new().name("jq".to_owned()).stack_size(stack).spawn_scoped(scope, || {
                        let mut out = Vec::new();
                        let result = run_here(&self.code, document, &mut out, terminal);
                        (out, result)
                    });
                match spawned {
                    Ok(worker) => {
                        return Ok(worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
                    }
                    Err(err) => failed = Some(err),
                }
            }
            let err = failed.map_or_else(|| "no stack size to try".to_owned(), |err| err.to_string());
            Err(Error::Jq { message: format!("cannot start the filter's thread: {err}") })
        })?;
        w.write_all(&out)?;
        result
    }

    /// The program, to run on many inputs in turn (`--output ndjson`: one per record).
    pub fn compiled(&self) -> Result<Compiled, Error> {
        Ok(Compiled { program: self.clone() })
    }
}

/// A program to run on many inputs in turn.
#[derive(Debug)]
pub struct Compiled {
    program: Program,
}

impl Compiled {
    /// As [`Program::run`].
    pub fn run(&self, document: &serde_json::Value, w: &mut impl Write, terminal: bool) -> Result<(), Error> {
        self.program.run(document, w, terminal)
    }
}

/// Compiles and runs `code` on this thread, which must have one of [`STACK_BYTES`] of stack.
fn run_here(code: &str, document: &serde_json::Value, w: &mut Vec<u8>, terminal: bool) -> Result<(), Error> {
    let base = 0u8;
    let filter = compile(code)?;
    let bytes = serde_json::to_vec(document).expect("a JSON value serialises");
    let input = jaq_json::read::parse_single(&bytes).map_err(|err| Error::Jq { message: err.to_string() })?;
    let data = Watch { lut: &filter.lut, base: std::ptr::addr_of!(base) as usize };
    let ctx = Ctx::<Guarded>::new(data, Vars::new([environment()]));
    for value in filter.id.run((ctx, input)).map(unwrap_valr) {
        match value {
            Ok(Val::TStr(text)) if terminal => {
                writeln!(w, "{}", safe::escape(&String::from_utf8_lossy(&text), safe::Newlines::Keep))?;
            }
            Ok(Val::TStr(text)) => {
                w.write_all(&text)?;
                w.write_all(b"\n")?;
            }
            Ok(value) if depth(&value) > MAX_DEPTH => {
                // Dropping it would recurse as deep as it nests: the process ends soon, and frees it then.
                std::mem::forget(value);
                return Err(Error::Jq { message: format!("a result nests deeper than {MAX_DEPTH} levels") });
            }
            Ok(value) => writeln!(w, "{}", safe::json(&value.to_string(), terminal))?,
            Err(err) => {
                // jaq shows an error's value as JSON; a string reads better as text.
                let text = err.to_string();
                let text = serde_json::from_str::<String>(&text).unwrap_or(text);
                return Err(Error::Jq { message: text });
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

fn compile(code: &str) -> Result<Filter, Error> {
    let formats = jaq_core::load::parse(FORMAT_DEFS, |p| p.defs()).expect("the format definitions parse");
    let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs()).chain(formats);
    let arena = Arena::default();
    let at = |part: &str, message: String| -> Error {
        let (line, column) = line_column(code, jaq_core::load::span(code, part).start);
        Error::JqExpression { position: format!("--jq:{line}:{column}"), message }
    };
    let modules = Loader::new(defs).load(&arena, File { code, path: () }).map_err(|errors| {
        let Some((_, error)) = errors.into_iter().next() else { return at("", "the expression is invalid".into()) };
        match error {
            jaq_core::load::Error::Lex(errors) => match errors.first() {
                Some((expect, part)) => at(part, format!("expected {}", expect.as_str())),
                None => at("", "the expression is invalid".into()),
            },
            jaq_core::load::Error::Parse(errors) => match errors.first() {
                Some((expect, part)) => at(part, format!("expected {}", expect.as_str())),
                None => at("", "the expression is invalid".into()),
            },
            jaq_core::load::Error::Io(_) => at("", "modules cannot be loaded here".into()),
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
    fn a_runtime_error_stops_with_its_message() {
        let mut out = Vec::new();
        let err = Program::new(".[] | tonumber").unwrap().run(&serde_json::json!(["x"]), &mut out, false).unwrap_err();
        assert!(err.to_string().starts_with("jq: "), "{err}");
    }
}
