//! A JSON array read one element at a time: a small scanner finds where each element starts and ends (outside
//! strings, at nesting depth zero), and serde_json parses that element alone. serde_json's `StreamDeserializer`
//! reads whitespace-separated values, not an array's elements, and parsing the whole array would hold it all.
//! An element longer than [`MAX_RECORD_BYTES`] is scanned to its end without being kept.

use std::io::{self, BufRead};

use super::{BOM, Invalid, MAX_RECORD_BYTES, Parsed, Raw, Record, new_pet_from_json_text, not_text, too_long};

/// The elements of one JSON array, each with the line it starts on.
pub(super) struct Elements<R> {
    input: R,
    /// The line of the next byte to read.
    line: u64,
    state: State,
    element: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the `[`.
    Start,
    /// After the `[`, before the first element or the `]`.
    First,
    /// After an element, before its `,` or the `]`.
    After,
    /// After the `]`, or after a flaw that leaves the rest unreadable.
    Done,
}

impl<R: BufRead> Elements<R> {
    pub(super) fn new(input: R) -> Elements<R> {
        Elements { input, line: 1, state: State::Start, element: Vec::new() }
    }

    pub(super) fn next(&mut self) -> Option<io::Result<Parsed>> {
        self.step().transpose()
    }

    fn step(&mut self) -> io::Result<Option<Parsed>> {
        loop {
            match self.state {
                State::Done => return Ok(None),
                State::Start => {
                    if self.input.fill_buf()?.starts_with(BOM) {
                        self.input.consume(BOM.len());
                    }
                    self.skip_whitespace()?;
                    match self.peek()? {
                        Some(b'[') => {
                            self.bump(b'[');
                            self.state = State::First;
                        }
                        None => return Ok(Some(self.flaw("the file is empty: expected a JSON array, `[...]`"))),
                        Some(0) => return Ok(Some(self.not_text())),
                        Some(b'{') => {
                            return Ok(Some(self.flaw(
                                "expected a JSON array, `[...]`, found an object: for one object per line, use `--format ndjson`",
                            )));
                        }
                        Some(other) => {
                            let message = format!("expected a JSON array, `[...]`, found {}", shown_byte(other));
                            return Ok(Some(self.flaw(&message)));
                        }
                    }
                }
                State::First => {
                    self.skip_whitespace()?;
                    if self.peek()? == Some(b']') {
                        self.bump(b']');
                        return self.end();
                    }
                    return self.element().map(Some);
                }
                State::After => {
                    self.skip_whitespace()?;
                    match self.peek()? {
                        Some(b',') => {
                            self.bump(b',');
                            self.skip_whitespace()?;
                            if self.peek()? == Some(b']') {
                                return Ok(Some(
                                    self.flaw("a `,` before the closing `]`: JSON allows no trailing comma"),
                                ));
                            }
                            return self.element().map(Some);
                        }
                        Some(b']') => {
                            self.bump(b']');
                            return self.end();
                        }
                        None => return Ok(Some(self.flaw("the file ends before the array's closing `]`"))),
                        Some(0) => return Ok(Some(self.not_text())),
                        Some(other) => {
                            let message = format!("expected `,` or `]` after an element, found {}", shown_byte(other));
                            return Ok(Some(self.flaw(&message)));
                        }
                    }
                }
            }
        }
    }

    /// After the `]`: only whitespace may follow.
    fn end(&mut self) -> io::Result<Option<Parsed>> {
        self.state = State::Done;
        self.skip_whitespace()?;
        match self.peek()? {
            None => Ok(None),
            Some(_) => Ok(Some(self.flaw("unexpected text after the array's closing `]`"))),
        }
    }

    /// Reads one element, up to (not including) the `,` or `]` that ends it, and checks it. Past
    /// [`MAX_RECORD_BYTES`] the element is no longer kept, only scanned for its end.
    fn element(&mut self) -> io::Result<Parsed> {
        let line = self.line;
        self.element.clear();
        let mut len = 0usize;
        let (mut depth, mut in_string, mut escaped) = (0u32, false, false);
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            let mut taken = 0;
            let (mut ended, mut nul) = (false, false);
            for &byte in buf {
                if byte == 0 {
                    nul = true;
                    break;
                }
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if byte == b'\\' {
                        escaped = true;
                    } else if byte == b'"' {
                        in_string = false;
                    }
                } else {
                    match byte {
                        b'"' => in_string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' if depth > 0 => depth -= 1,
                        b'}' | b']' | b',' if depth == 0 => {
                            ended = true;
                            break;
                        }
                        _ => {}
                    }
                }
                if byte == b'\n' {
                    self.line += 1;
                }
                taken += 1;
            }
            len += taken;
            if len <= MAX_RECORD_BYTES {
                self.element.extend_from_slice(&buf[..taken]);
            }
            self.input.consume(taken);
            // A NUL after a whole element leaves the element to be read, and the NUL to end the array.
            if nul && (depth > 0 || in_string || self.element.trim_ascii().is_empty()) {
                return Ok(self.not_text());
            }
            if nul {
                break;
            }
            if ended {
                break;
            }
        }
        self.state = State::After;
        if len > MAX_RECORD_BYTES {
            return Ok(Err(too_long(line)));
        }
        let text = self.element.trim_ascii_end();
        Ok(new_pet_from_json_text(text).map(|pet| Record::new(line, pet)).map_err(|(offset, problems)| Invalid {
            line: line + offset,
            problems,
            raw: Some(Raw::Json(text.to_vec())),
        }))
    }

    /// A NUL byte: the file is not text, and the end of reading.
    fn not_text(&mut self) -> Parsed {
        self.state = State::Done;
        Err(not_text(self.line))
    }

    /// A flaw after which the array cannot be followed: reported at the current line, and the end of reading.
    fn flaw(&mut self, message: &str) -> Parsed {
        self.state = State::Done;
        Err(Invalid::whole(self.line, message))
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(self.input.fill_buf()?.first().copied())
    }

    /// Consumes the byte just peeked.
    fn bump(&mut self, byte: u8) {
        if byte == b'\n' {
            self.line += 1;
        }
        self.input.consume(1);
    }

    fn skip_whitespace(&mut self) -> io::Result<()> {
        while let Some(byte) = self.peek()? {
            if !matches!(byte, b' ' | b'\t' | b'\r' | b'\n') {
                break;
            }
            self.bump(byte);
        }
        Ok(())
    }
}

/// A byte as a message quotes it.
fn shown_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() { format!("`{}`", byte as char) } else { format!("the byte 0x{byte:02x}") }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{invalid, pet, read, record_of, too_long_at};
    use super::super::{Format, Kind, MAX_RECORD_BYTES, Reader, Record};
    use crate::api::PetStatus;

    #[test]
    fn each_element_is_read_with_the_line_it_starts_on() {
        let text = "\u{feff} [\n  {\"name\": \"Rex\", \"categoryId\": 1},\n  {\n    \"name\": \"a, [b] {c} \\\"d\\\"\",\n    \"categoryId\": 2,\n    \"status\": \"pending\", \"tags\": [[1], {\"x\": \"]\"}]\n  }\n,{\"name\":\"Kit\",\"categoryId\":3}]\n";
        assert_eq!(
            read(Format::Json, text),
            vec![
                Ok(Record::new(2, pet("Rex", 1, None))),
                Ok(Record::new(3, pet("a, [b] {c} \"d\"", 2, Some(PetStatus::Pending)))),
                Ok(Record::new(8, pet("Kit", 3, None))),
            ]
        );
    }

    #[test]
    fn an_empty_array_has_no_records() {
        assert_eq!(read(Format::Json, " [ \n ] \n"), vec![]);
    }

    #[test]
    fn every_invalid_element_is_reported_and_reading_goes_on() {
        let text = "[\n{\"name\":\"Rex\",\"categoryId\":\"x\"},\n7,\n\"s\",\n{\"name\":\"ok\",\"categoryId\":1},\n{\"name\":\n\"a\" \"categoryId\":1}\n]";
        assert_eq!(
            read(Format::Json, text),
            vec![
                invalid(2, "`categoryId` must be an integer, got \"x\""),
                invalid(3, "expected a JSON object with `name` and `categoryId`, got 7"),
                invalid(4, "expected a JSON object with `name` and `categoryId`, got \"s\""),
                Ok(Record::new(5, pet("ok", 1, None))),
                invalid(7, "not valid JSON: expected `,` or `}` (column 5)"),
            ]
        );
    }

    #[test]
    fn flaws_in_the_array_itself_end_the_reading() {
        assert_eq!(read(Format::Json, ""), vec![invalid(1, "the file is empty: expected a JSON array, `[...]`")]);
        assert_eq!(
            read(Format::Json, "\n{\"name\":\"a\",\"categoryId\":1}"),
            vec![invalid(
                2,
                "expected a JSON array, `[...]`, found an object: for one object per line, use `--format ndjson`"
            )]
        );
        let one = Ok(Record::new(1, pet("a", 1, None)));
        assert_eq!(
            read(Format::Json, "[{\"name\":\"a\",\"categoryId\":1},\n]"),
            vec![one.clone(), invalid(2, "a `,` before the closing `]`: JSON allows no trailing comma")]
        );
        assert_eq!(
            read(Format::Json, "[{\"name\":\"a\",\"categoryId\":1}\n"),
            vec![one.clone(), invalid(2, "the file ends before the array's closing `]`")]
        );
        assert_eq!(
            read(Format::Json, "[{\"name\":\"a\",\"categoryId\":1}}"),
            vec![one.clone(), invalid(1, "expected `,` or `]` after an element, found `}`")]
        );
        assert_eq!(
            read(Format::Json, "[{\"name\":\"a\",\"categoryId\":1}]\n[]"),
            vec![one, invalid(2, "unexpected text after the array's closing `]`")]
        );
        let parsed = read(Format::Json, "[{\"name\":\"a\",\"categoryId\":1");
        assert!(parsed[0].as_ref().unwrap_err().message().starts_with("not valid JSON: EOF"), "{parsed:?}");
    }

    #[test]
    fn elements_split_across_buffer_refills_are_whole() {
        let records: Vec<String> =
            (0..500).map(|i| format!("{{\"name\":\"pet-{i} \\\" ]\",\"categoryId\":{i}}}")).collect();
        let text = format!("[{}]", records.join(",\n"));
        let input = std::io::BufReader::with_capacity(7, text.as_bytes());
        let parsed: Vec<_> = super::super::Reader::new(Format::Json, input).unwrap().map(Result::unwrap).collect();
        assert_eq!(parsed.len(), 500);
        for (i, record) in parsed.into_iter().enumerate() {
            let record = record.unwrap();
            assert_eq!((record.line, record.pet.name), (i as u64 + 1, format!("pet-{i} \" ]")));
        }
    }

    #[test]
    fn an_element_past_the_bound_is_refused_and_reading_goes_on() {
        let text = format!(
            "[{},\n{} ,\n\"{}\",\n{{\"name\":\"ok\",\"categoryId\":2}}]",
            record_of(MAX_RECORD_BYTES),
            record_of(MAX_RECORD_BYTES + 1),
            "x".repeat(5 * MAX_RECORD_BYTES)
        );
        let mut reader = Reader::new(Format::Json, text.as_bytes()).unwrap();
        let parsed: Vec<_> = reader.by_ref().map(Result::unwrap).collect();
        assert_eq!(parsed.len(), 4);
        // Read whole at the bound; what is wrong with it is its name, past the API's bound on a name.
        let name_past = "`name` is longer than 131072 bytes".to_owned();
        assert_eq!(parsed[0].as_ref().map_err(|invalid| (invalid.line, invalid.message())).err(), Some((1, name_past)));
        assert_eq!(
            parsed[1..],
            [too_long_at(2), too_long_at(3), Ok(Record { number: 1, ..Record::new(4, pet("ok", 2, None)) })]
        );
        let Kind::Json(elements) = &reader.kind else { unreachable!() };
        assert!(elements.element.capacity() < 2 * MAX_RECORD_BYTES + 16, "{}", elements.element.capacity());
    }
}
