//! The check pass of `pets add --file`: reads the whole input once before anything is sent, counts its
//! records, and lists the invalid ones (or, `--skip-invalid`, sets aside those it can write back whole). Stdin
//! is kept in a temporary file on the way, for the send pass to read again.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::Path;

use petstore_core::bulk::{Format, Reader};

use super::errors::unreadable;
use crate::error::{Error, RecordProblem, code};
use crate::output::thousands;

/// How many invalid records the check pass lists; it counts the rest.
const SHOWN_INVALID: u64 = 50;

/// After this many invalid records the check pass reads no further: the file is not what was meant, and
/// endless input that is not records must end too.
const MAX_INVALID: u64 = 10_000;

/// Reads the whole input once and counts its records: stdin is kept in a temporary file on the way. Gives the
/// input again, for the send pass.
pub(super) fn check_pass(
    name: &str,
    file: &Path,
    format: Format,
    stdin: bool,
    skip_invalid: bool,
) -> Result<(Checked, Box<dyn BufRead + Send>), Error> {
    let read_error = |source| unreadable(name, source);
    if stdin {
        let spool = tempfile::tempfile().map_err(read_error)?;
        let mut tee = Tee { input: io::stdin(), copy: BufWriter::new(spool) };
        let total = check(name, Reader::new(format, BufReader::new(&mut tee)).map_err(read_error)?, skip_invalid)?;
        // What the check pass did not read (after a JSON array's `]`) is whitespace; the spool has the rest.
        let mut spool = tee.copy.into_inner().map_err(|err| read_error(err.into_error()))?;
        spool.rewind().map_err(read_error)?;
        Ok((total, Box::new(BufReader::new(spool))))
    } else {
        let open = || File::open(file).map(BufReader::new).map_err(read_error);
        let total = check(name, Reader::new(format, open()?).map_err(read_error)?, skip_invalid)?;
        Ok((total, Box::new(open()?)))
    }
}

/// What the check pass found: how many valid records, and the lines of the invalid ones `--skip-invalid` sets
/// aside.
pub(super) struct Checked {
    pub valid: u64,
    pub set_aside: HashSet<u64>,
}

/// The check pass: reads every record and counts them, or lists the invalid ones (exit 2); with
/// `skip_invalid`, an invalid record that can be written back whole is set aside instead. It stops reading
/// at [`MAX_INVALID`] invalid records, set aside or not, so that endless input that is not records (`yes |`)
/// ends too.
fn check<R: BufRead>(name: &str, reader: Reader<R>, skip_invalid: bool) -> Result<Checked, Error> {
    let mut checked = Checked { valid: 0, set_aside: HashSet::new() };
    let (mut invalid, mut list, mut records) = (0, Vec::new(), Vec::new());
    for parsed in reader {
        match parsed.map_err(|source| unreadable(name, source))? {
            Ok(_) => checked.valid += 1,
            Err(record) if skip_invalid && record.raw.is_some() => {
                checked.set_aside.insert(record.line);
            }
            Err(record) => {
                invalid += 1;
                records.extend(RecordProblem::of(&record));
                if invalid <= SHOWN_INVALID {
                    list.push(format!("  {record}"));
                }
            }
        }
        if invalid + checked.set_aside.len() as u64 == MAX_INVALID {
            let stopped = format!("reading stopped after {} invalid records", thousands(MAX_INVALID));
            list.push(match invalid.saturating_sub(SHOWN_INVALID) {
                0 => format!("  {stopped}"),
                more => format!("  … and {} more; {stopped}", thousands(more)),
            });
            return Err(invalid_records(name, MAX_INVALID, &list, records, false));
        }
    }
    if invalid > SHOWN_INVALID {
        list.push(format!("  … and {} more", thousands(invalid - SHOWN_INVALID)));
    }
    match invalid {
        0 => Ok(checked),
        count => Err(invalid_records(name, count, &list, records, skip_invalid)),
    }
}

/// Copies what is read from `input` to `copy`: stdin, kept for the send pass.
struct Tee<R, W> {
    input: R,
    copy: W,
}

impl<R: Read, W: Write> Read for Tee<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        self.copy.write_all(&buf[..n])?;
        Ok(n)
    }
}

/// `count` invalid records in `name`, listed one a line, and each problem of each for a program: nothing was
/// sent. Under `--skip-invalid` they are those it cannot set aside.
fn invalid_records(name: &str, count: u64, list: &[String], records: Vec<RecordProblem>, skip_invalid: bool) -> Error {
    let noun = if count == 1 { "record" } else { "records" };
    let message = format!("{count} invalid {noun} in `{name}`, so nothing was sent:\n{}", list.join("\n"));
    let hint = if skip_invalid {
        "`--skip-invalid` sets aside only records it can write back whole, and not a flaw in the file itself, a NUL \
         byte or a record over 1 MiB: fix them and run again"
    } else {
        "fix them and run again (every record is checked before any is sent), or pass `--skip-invalid` to send the \
         valid ones and set these aside"
    };
    Error::new(&code::INVALID_RECORDS, message).with_hint(hint).with_records(records)
}
