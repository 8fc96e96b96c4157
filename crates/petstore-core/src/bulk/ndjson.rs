//! The NDJSON reader of `pets add --file`: one record a line, read without holding more than a record.

use std::io::{self, BufRead};

use super::record::{BOM, new_pet_from_json_text};
use super::{Invalid, MAX_RECORD_BYTES, Parsed, Raw, Record, not_text, too_long};

/// NDJSON: one object per line; the line number is the file's; blank lines are skipped. A line is read into
/// `buf` only up to [`MAX_RECORD_BYTES`] (and its line ending); the rest of a longer one is read and dropped.
pub(super) struct Ndjson<R> {
    input: R,
    line: u64,
    buf: Vec<u8>,
    /// After a NUL byte: nothing more is read.
    done: bool,
}

impl<R: BufRead> Ndjson<R> {
    /// How much the line buffer holds room for, for a test of the bound.
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// Records read from `input`, from its first line.
    pub(super) fn new(input: R) -> Ndjson<R> {
        Ndjson { input, line: 0, buf: Vec::new(), done: false }
    }

    pub(super) fn next(&mut self) -> Option<io::Result<Parsed>> {
        loop {
            if self.done {
                return None;
            }
            let (len, nul) = match self.read_line() {
                Ok(Some(read)) => read,
                Ok(None) => return None,
                Err(err) => return Some(Err(err)),
            };
            self.line += 1;
            if nul {
                self.done = true;
                return Some(Ok(Err(not_text(self.line))));
            }
            let mut text = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
            text = text.strip_suffix(b"\r").unwrap_or(text);
            if len > self.buf.len() || text.len() > MAX_RECORD_BYTES {
                return Some(Ok(Err(too_long(self.line))));
            }
            if self.line == 1 {
                text = text.strip_prefix(BOM).unwrap_or(text);
            }
            if text.trim_ascii().is_empty() {
                continue;
            }
            let line = self.line;
            return Some(Ok(new_pet_from_json_text(text).map(|pet| Record::new(line, pet)).map_err(
                |(offset, problems)| Invalid { line: line + offset, problems, raw: Some(Raw::Json(text.to_vec())) },
            )));
        }
    }

    /// Reads the next line, keeping at most [`MAX_RECORD_BYTES`] and a `\r\n` of it in `buf`: its whole length,
    /// and whether it stopped at a NUL byte. `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<(usize, bool)>> {
        self.buf.clear();
        let mut len = 0;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if available.is_empty() {
                return Ok((len > 0).then_some((len, false)));
            }
            let stop = available.iter().position(|&byte| byte == b'\n' || byte == 0);
            if let Some(at) = stop
                && available[at] == 0
            {
                return Ok(Some((len + at, true)));
            }
            let taken = stop.map_or(available.len(), |at| at + 1);
            let room = (MAX_RECORD_BYTES + 2).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&available[..taken.min(room)]);
            len += taken;
            self.input.consume(taken);
            if stop.is_some() {
                return Ok(Some((len, false)));
            }
        }
    }
}
