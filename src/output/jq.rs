//! `--jq EXPRESSION`: jq filters over petstore's JSON output, in-process with the jaq crates (no external jq).

use std::io::Write;

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use jaq_json::Val;

use super::safe;
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

/// A jq expression known to compile. It keeps the text and compiles again where it runs: the compiled form
/// is not `Send`, and compiling takes well under a millisecond.
#[derive(Debug, Clone)]
pub struct Program {
    code: String,
}

type Filter = jaq_core::compile::Filter<jaq_core::Native<data::JustLut<Val>>>;

impl Program {
    /// Checks `code`; a mistake is an error pointing into the expression.
    pub fn new(code: &str) -> Result<Program, Error> {
        compile(code)?;
        Ok(Program { code: code.to_owned() })
    }

    /// Runs the program on `document` and writes each result on its own line: strings as raw text (like
    /// `jq -r`), anything else as compact JSON, both escaped by [`safe`] when stdout is a `terminal`. The first
    /// runtime error stops it.
    pub fn run(&self, document: &serde_json::Value, w: &mut impl Write, terminal: bool) -> Result<(), Error> {
        self.compiled()?.run(document, w, terminal)
    }

    /// The program compiled, to run on many inputs in turn (`--output ndjson`: one per record).
    pub fn compiled(&self) -> Result<Compiled, Error> {
        Ok(Compiled { filter: compile(&self.code)? })
    }
}

/// A compiled program, for one thread.
pub struct Compiled {
    filter: Filter,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled")
    }
}

impl Compiled {
    /// As [`Program::run`].
    pub fn run(&self, document: &serde_json::Value, w: &mut impl Write, terminal: bool) -> Result<(), Error> {
        let filter = &self.filter;
        let bytes = serde_json::to_vec(document).expect("a JSON value serialises");
        let input = jaq_json::read::parse_single(&bytes).map_err(|err| Error::Jq { message: err.to_string() })?;
        let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
        for value in filter.id.run((ctx, input)).map(unwrap_valr) {
            match value {
                Ok(Val::TStr(text)) if terminal => {
                    writeln!(w, "{}", safe::escape(&String::from_utf8_lossy(&text), safe::Newlines::Keep))?;
                }
                Ok(Val::TStr(text)) => {
                    w.write_all(&text)?;
                    w.write_all(b"\n")?;
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
}

fn compile(code: &str) -> Result<Filter, Error> {
    let formats = jaq_core::load::parse(FORMAT_DEFS, |p| p.defs()).expect("the format definitions parse");
    let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs()).chain(formats);
    let funs = jaq_core::funs().chain(jaq_std::funs()).chain(jaq_json::funs());
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
    Compiler::default().with_funs(funs).compile(modules).map_err(|errors| {
        match errors.into_iter().next().and_then(|(_, undefined)| undefined.into_iter().next()) {
            Some((name, kind)) => at(name, format!("undefined {} `{name}`", kind.as_str())),
            None => at("", "the expression does not compile".into()),
        }
    })
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
