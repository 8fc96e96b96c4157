//! The pets a batch creates (`pets add --file`), printed as they come rather than all at the end, so that
//! memory stays flat however many there are: TSV and `--json` in input order, `--output ndjson` as each
//! completes, tagged with its input line. A table needs every row for its widths, so it keeps at most
//! [`TABLE_ROWS`]; `--jq` needs the whole document, so it keeps them all, except with `--output ndjson`,
//! where it runs on each line as it completes. When stdout's reader goes away
//! (`| head -1`), it notes the broken pipe for the batch to stop on, and writes nothing more.

use std::io::{self, BufWriter, Write};

use serde::Serialize;

use super::{Output, OutputFormat, Rows, jq, safe};
use crate::error::Error;
use petstore_core::api::Pet;

/// The most rows a bulk add's table shows; the other formats print every pet.
pub const TABLE_ROWS: usize = 1_000;

/// Where a batch's created pets go, in the order the format wants.
pub struct CreatedPets {
    output: Output,
    out: BufWriter<Box<dyn Write + Send>>,
    /// Kept for a table or `--jq`.
    kept: Vec<Pet>,
    /// Created pets a table left out.
    left_out: u64,
    /// How many went into a streamed JSON array, TSV or CSV.
    streamed: u64,
    /// stdout's reader went away: nothing more is written.
    closed: bool,
    /// `--jq` for `--output ndjson`, compiled once.
    each: Option<jq::Program>,
    /// `--jq` was stopped on a pet: no later one goes through it.
    filter_stopped: bool,
}

/// Why `--jq` did not show a pet of a bulk add (or, at the end, the document of them all).
#[derive(Debug)]
pub enum NotShown {
    /// The filter's own error: the pets after it are filtered as usual.
    Failed(Error),
    /// The filter was stopped on it ([`jq::Stopped`]): no pet after it is filtered.
    Stopped(jq::Stopped),
    /// The filter was stopped on an earlier pet.
    StoppedBefore,
}

impl From<jq::Failure> for NotShown {
    fn from(failure: jq::Failure) -> NotShown {
        match failure {
            jq::Failure::Error(err) => NotShown::Failed(err),
            jq::Failure::Stopped(stopped) => NotShown::Stopped(stopped),
        }
    }
}

impl std::fmt::Debug for CreatedPets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CreatedPets").field("output", &self.output).finish_non_exhaustive()
    }
}

/// Whether `--jq` showed a pet (always, without `--jq`).
pub type Shown = Result<(), NotShown>;

/// One line of `--output ndjson`: the pet and the input line it came from; for a record that `--skip-existing`
/// did not send, `skipped` and the animal that exists.
#[derive(Serialize)]
struct Tagged<'a> {
    line: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<&'static str>,
    pet: &'a Pet,
}

impl Output {
    /// A sink for the pets a batch creates.
    pub fn created_pets(&self) -> CreatedPets {
        self.created_pets_into(self.streams.stdout_owned())
    }

    fn created_pets_into(&self, out: Box<dyn Write + Send>) -> CreatedPets {
        CreatedPets {
            output: self.clone(),
            out: BufWriter::new(out),
            kept: Vec::new(),
            left_out: 0,
            streamed: 0,
            closed: false,
            filter_stopped: false,
            each: self.jq.clone().filter(|_| self.format == OutputFormat::Ndjson),
        }
    }

    /// Whether created pets are printed as each completes (`--output ndjson`, through `--jq` if given) rather
    /// than in input order.
    pub fn streams_as_completed(&self) -> bool {
        self.format == OutputFormat::Ndjson
    }
}

impl CreatedPets {
    /// True once stdout's reader has gone away (`| head -1`): a write failed with a broken pipe, and nothing
    /// more is written.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Runs `write` unless stdout closed (then `closed` is the answer), noting a broken pipe, so the batch can
    /// tell a closed stdout from other failures and stop writing.
    fn noted<T>(&mut self, closed: T, write: impl FnOnce(&mut Self) -> io::Result<T>) -> io::Result<T> {
        if self.closed {
            return Ok(closed);
        }
        let result = write(self);
        self.closed |= result.as_ref().is_err_and(|err| err.kind() == io::ErrorKind::BrokenPipe);
        result
    }

    /// A pet as it is created, from input line `line`: printed now with `--output ndjson`, through `--jq`
    /// when given (which may not show it).
    pub fn completed(&mut self, line: u64, pet: &Pet) -> io::Result<Shown> {
        self.ndjson_line(Tagged { line, skipped: None, pet })
    }

    /// A record of input line `line` not sent because `pet` exists (`--skip-existing`): a line of its own with
    /// `--output ndjson` (through `--jq` when given), nothing in the other formats (the summary counts it).
    pub fn skipped(&mut self, line: u64, pet: &Pet) -> io::Result<Shown> {
        self.ndjson_line(Tagged { line, skipped: Some("exists"), pet })
    }

    /// A line of `--output ndjson`, through `--jq` when given; nothing in the other formats.
    fn ndjson_line(&mut self, tagged: Tagged<'_>) -> io::Result<Shown> {
        if !self.output.streams_as_completed() {
            return Ok(Ok(()));
        }
        self.noted(Ok(()), |sink| {
            if sink.each.is_some() {
                return sink.filtered(&serde_json::to_value(tagged).expect("a pet serialises"));
            }
            let text = serde_json::to_string(&tagged)?;
            writeln!(sink.out, "{}", safe::json(&text, sink.output.terminals.stdout)).map(Ok)
        })
    }

    /// `value` through `--jq` (`--output ndjson`), within a bulk add's bounds: what it wrote goes out, even
    /// before a failure. Once it has been stopped, nothing more goes through it.
    fn filtered(&mut self, value: &serde_json::Value) -> io::Result<Shown> {
        let Some(program) = &self.each else { return Ok(Ok(())) };
        if self.filter_stopped {
            return Ok(Err(NotShown::StoppedBefore));
        }
        let (out, result) = program.run_in_batch(value, self.output.terminals.stdout);
        self.out.write_all(&out)?;
        let shown = result.map_err(NotShown::from);
        self.filter_stopped = matches!(shown, Err(NotShown::Stopped(_)));
        Ok(shown)
    }

    /// The next created pet in input order: printed now as TSV or in a JSON array, kept for a table or `--jq`.
    pub fn in_order(&mut self, pet: Pet) -> io::Result<()> {
        self.noted((), |sink| sink.write_in_order(pet))
    }

    fn write_in_order(&mut self, pet: Pet) -> io::Result<()> {
        if self.output.jq.is_some() && !self.output.streams_as_completed() {
            self.kept.push(pet);
            return Ok(());
        }
        match self.output.format {
            OutputFormat::Ndjson => {}
            OutputFormat::Tsv | OutputFormat::Csv => {
                self.output.write_pet_row(&mut self.out, &pet, self.streamed == 0)?;
                self.streamed += 1;
            }
            OutputFormat::Json => {
                self.out.write_all(if self.streamed == 0 { b"[" } else { b"," })?;
                if self.output.terminals.stdout {
                    // serde_json's own indentation, one level in: JSON text has no raw newline in a string.
                    let text = serde_json::to_string_pretty(&pet).expect("a pet serialises");
                    write!(self.out, "\n  {}", safe::json(&text.replace('\n', "\n  "), true))?;
                } else {
                    serde_json::to_writer(&mut self.out, &pet)?;
                }
                self.streamed += 1;
            }
            OutputFormat::Table if self.kept.len() < TABLE_ROWS => self.kept.push(pet),
            OutputFormat::Table => self.left_out += 1,
        }
        Ok(())
    }

    /// Sends what is buffered on its way, so a reader of the pipe sees each line soon after it is made.
    pub fn flush(&mut self) -> io::Result<()> {
        self.noted((), |sink| sink.out.flush())
    }

    /// Ends the output: closes the JSON array, prints the table or runs `--jq` (within a bulk add's bounds:
    /// `jq::Program::run_in_batch`), which may not show the pets. After stdout closed, only says so (a broken
    /// pipe).
    pub fn finish(mut self) -> Result<Shown, Error> {
        if self.closed {
            // What is buffered can never be written: dropping the writer must not try again.
            let (_, _) = self.out.into_parts();
            return Err(io::Error::from(io::ErrorKind::BrokenPipe).into());
        }
        if let Some(program) = self.output.jq.as_ref().filter(|_| !self.output.streams_as_completed()) {
            self.out.flush()?;
            let document = serde_json::to_value(&self.kept).expect("pets serialise");
            let (out, result) = program.run_in_batch(&document, self.output.terminals.stdout);
            // What came out before a failure is still written, as jq does.
            self.output.write_stdout(|w| w.write_all(&out))?;
            return Ok(result.map_err(NotShown::from));
        }
        match self.output.format {
            OutputFormat::Json if self.streamed == 0 => self.out.write_all(b"[]\n")?,
            OutputFormat::Json if self.output.terminals.stdout => self.out.write_all(b"\n]\n")?,
            OutputFormat::Json => self.out.write_all(b"]\n")?,
            // A header alone, for no pets.
            OutputFormat::Tsv | OutputFormat::Csv if self.streamed == 0 => {
                self.output.write_rows(&mut self.out, Rows::pets(&[]), true)?;
            }
            OutputFormat::Table => {
                self.output.write_rows(&mut self.out, Rows::pets(&self.kept), true)?;
                if self.left_out > 0 {
                    self.out.flush()?;
                    self.output.warning(&format!(
                        "the table shows the first {} created pets of {}; `--output tsv`, `json` or `ndjson` print them all",
                        self.kept.len(),
                        self.kept.len() as u64 + self.left_out
                    ));
                }
            }
            OutputFormat::Tsv | OutputFormat::Csv | OutputFormat::Ndjson => {}
        }
        self.out.flush()?;
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::output::{ColorChoice, OutputSettings};
    use petstore_core::api::PetStatus;

    /// What the sink wrote, shared with the test; or, `broken`, a reader that went away.
    #[derive(Clone, Default)]
    struct Written {
        bytes: Arc<Mutex<Vec<u8>>>,
        broken: bool,
    }

    impl Write for Written {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.broken {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.bytes.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            if self.broken { Err(io::ErrorKind::BrokenPipe.into()) } else { Ok(()) }
        }
    }

    impl Written {
        fn text(&self) -> String {
            String::from_utf8(self.bytes.lock().unwrap().clone()).unwrap()
        }
    }

    /// A sink in `format`, to a pipe (not a terminal), into `written`.
    fn sink(format: OutputFormat, written: &Written) -> CreatedPets {
        let json_mode = matches!(format, OutputFormat::Json | OutputFormat::Ndjson);
        let settings = OutputSettings {
            output: Some(format),
            json: false,
            jq: None,
            json_mode,
            json_errors: json_mode,
            color: ColorChoice::Never,
            quiet: true,
            verbose: false,
            agent: None,
        };
        let mut output = Output::new(&settings).unwrap();
        output.terminals.stdout = false;
        output.created_pets_into(Box::new(written.clone()))
    }

    fn pet(id: i64, name: &str) -> Pet {
        Pet { id, name: name.into(), category_id: 1, status: Some(PetStatus::Available) }
    }

    #[test]
    fn ndjson_prints_each_pet_as_it_completes_tagged_with_its_line() {
        let written = Written::default();
        let mut pets = sink(OutputFormat::Ndjson, &written);
        assert!(pets.completed(7, &pet(2, "Rex")).unwrap().is_ok());
        pets.in_order(pet(2, "Rex")).unwrap();
        assert!(pets.skipped(3, &pet(1, "Tom")).unwrap().is_ok());
        assert!(pets.finish().unwrap().is_ok());
        assert_eq!(
            written.text(),
            "{\"line\":7,\"pet\":{\"id\":2,\"name\":\"Rex\",\"categoryId\":1,\"status\":\"available\"}}\n\
             {\"line\":3,\"skipped\":\"exists\",\"pet\":{\"id\":1,\"name\":\"Tom\",\"categoryId\":1,\"status\":\"available\"}}\n"
        );
    }

    #[test]
    fn json_is_one_array_in_input_order_and_none_is_an_empty_one() {
        let written = Written::default();
        let mut pets = sink(OutputFormat::Json, &written);
        assert!(pets.completed(1, &pet(1, "Tom")).unwrap().is_ok(), "not printed as it completes");
        pets.in_order(pet(1, "Tom")).unwrap();
        pets.in_order(pet(2, "Rex")).unwrap();
        assert!(pets.finish().unwrap().is_ok());
        let document: serde_json::Value = serde_json::from_str(&written.text()).unwrap();
        assert_eq!(document.as_array().unwrap().iter().map(|p| p["name"].clone()).collect::<Vec<_>>(), ["Tom", "Rex"]);
        let empty = Written::default();
        assert!(sink(OutputFormat::Json, &empty).finish().unwrap().is_ok());
        assert_eq!(empty.text(), "[]\n");
    }

    #[test]
    fn tsv_streams_rows_without_a_header() {
        let written = Written::default();
        let mut pets = sink(OutputFormat::Tsv, &written);
        pets.in_order(pet(1, "Tom")).unwrap();
        pets.in_order(pet(2, "Rex")).unwrap();
        assert!(pets.finish().unwrap().is_ok());
        assert_eq!(written.text(), "1\tTom\t1\tavailable\n2\tRex\t1\tavailable\n");
    }

    #[test]
    fn a_captured_output_gets_the_pets_on_stdout_and_the_cut_tables_warning_on_stderr() {
        let settings = OutputSettings { output: Some(OutputFormat::Table), ..OutputSettings::default() };
        let (output, captured) = Output::captured(&settings);
        let mut pets = output.created_pets();
        for id in 1..=1001 {
            pets.in_order(pet(id, "Rex")).unwrap();
        }
        assert!(pets.finish().unwrap().is_ok());
        let stdout = captured.stdout();
        assert_eq!(stdout.lines().count(), 1 + TABLE_ROWS, "a header and the first {TABLE_ROWS} rows");
        assert!(stdout.lines().nth(1).unwrap().starts_with("1 "), "{}", stdout.lines().nth(1).unwrap());
        assert_eq!(
            captured.stderr(),
            "warning: the table shows the first 1000 created pets of 1001; `--output tsv`, `json` or `ndjson` print \
             them all\n"
        );
    }

    #[test]
    fn a_reader_that_went_away_closes_the_sink_and_nothing_more_is_written() {
        let written = Written { broken: true, ..Written::default() };
        let mut pets = sink(OutputFormat::Ndjson, &written);
        let first = pets.completed(1, &pet(1, "Tom")).and_then(|_| pets.flush());
        assert_eq!(first.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        assert!(pets.is_closed());
        assert!(pets.completed(2, &pet(2, "Rex")).unwrap().is_ok(), "a closed sink takes no more, quietly");
        assert!(pets.finish().unwrap_err().is_broken_pipe());
        assert_eq!(written.text(), "");
    }
}
