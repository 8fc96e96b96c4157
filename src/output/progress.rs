//! A batch's progress on stderr: done/total, rate, time left and failures so far. `--progress auto` (the
//! default) draws a bar (indicatif) when stderr is a terminal and without `--quiet`; `--progress plain`
//! writes a line at most once a second and one at the end, with no cursor movement (screen readers, CI
//! logs), terminal or not; `--progress none` shows nothing. Lines about single records go above the bar, or
//! plainly to stderr when there is none.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

use super::streams::Streams;
use super::{Output, safe};

/// How often the bar redraws on its own, so the rate and time left move while answers are slow.
const TICK: Duration = Duration::from_millis(200);

/// How often `--progress plain` writes a line.
const PLAIN_EVERY: Duration = Duration::from_secs(1);

/// `--progress`: how a batch shows its progress on stderr (each one's words for `--help` are in
/// [`crate::cli`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Progress {
    #[default]
    Auto,
    Plain,
    None,
}

/// The progress of a batch of `total` records.
#[derive(Debug)]
pub struct BatchProgress {
    bar: Option<ProgressBar>,
    /// The records that ended otherwise than created or found, as the summary counts them.
    ended: Ended,
    /// Requests in flight at once, when the batch finds that number as it goes.
    concurrency: Option<usize>,
    /// For `--progress plain` (a lock only because `finish` takes `&self`).
    plain: Option<std::sync::Mutex<PlainProgress>>,
    /// The width of stderr's terminal, which the lines about records wrap to ([`super::wrap`]).
    width: Option<usize>,
    /// Where the lines go.
    streams: Streams,
}

/// How many records of a batch ended each way other than created or found: the figures the progress shows,
/// the same the summary gives.
#[derive(Debug, Default, Clone, Copy, serde::Serialize)]
pub struct Ended {
    pub failed: u64,
    pub unknown: u64,
    pub undecided: u64,
    pub invalid: u64,
}

impl Ended {
    /// `2 failed`, `1 unknown`: each figure that is not 0.
    fn words(&self) -> impl Iterator<Item = String> {
        let figures = [
            ("failed", self.failed),
            ("unknown", self.unknown),
            ("undecided", self.undecided),
            ("invalid", self.invalid),
        ];
        figures.into_iter().filter(|(_, n)| *n > 0).map(|(word, n)| format!("{} {word}", thousands(n)))
    }
}

/// How one record of a batch ended, for its progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Created,
    /// Not sent, as it exists (`--if-absent`).
    Exists,
    Failed,
    Unknown,
    Undecided,
    Invalid,
}

/// `--progress plain`'s state: what a line says, and when the last one was written.
#[derive(Debug)]
struct PlainProgress {
    total: u64,
    done: u64,
    started: Instant,
    last: Instant,
    /// In a JSON mode each line is a JSON document ([`ProgressLine`]).
    json: bool,
}

/// A line of `--progress plain` in a JSON mode: `{"progress": {...}}`, the same figures as the prose line.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressLine {
    done: u64,
    total: u64,
    per_second: u64,
    /// How many at once, when the batch finds that number as it goes (not on the last line).
    at_once: Option<usize>,
    /// Not on the last line, nor before there is a rate.
    seconds_left: Option<u64>,
    #[serde(flatten)]
    ended: Ended,
}

impl PlainProgress {
    /// `progress: 4,000 of 10,000 done (40%), 1,234/s, 32 at once, about 5 s left, 2 failed, 1 unknown`; the
    /// last line (`last`) gives no time left, as the batch may have stopped early, nor how many at once.
    fn write(&mut self, streams: &Streams, ended: Ended, concurrency: Option<usize>, last: bool) {
        self.last = Instant::now();
        let seconds = self.started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { self.done as f64 / seconds } else { 0.0 };
        let at_once = concurrency.filter(|_| !last);
        let seconds_left = (!last && self.done < self.total && rate > 0.0)
            .then(|| ((self.total - self.done) as f64 / rate).ceil() as u64);
        if self.json {
            let (done, total, per_second) = (self.done, self.total, rate.round() as u64);
            let line = ProgressLine { done, total, per_second, at_once, seconds_left, ended };
            let text = serde_json::to_string(&serde_json::json!({ "progress": line })).expect("a line serialises");
            to_stderr!(streams, "{text}");
            return;
        }
        let percent = (self.done * 100).checked_div(self.total).unwrap_or(100);
        let mut line = format!(
            "progress: {} of {} done ({percent}%), {}/s",
            thousands(self.done),
            thousands(self.total),
            thousands(rate.round() as u64)
        );
        let at_once = at_once.map(|concurrency| format!("{concurrency} at once"));
        let left = seconds_left.map(|left| format!("about {left} s left"));
        for part in at_once.into_iter().chain(left).chain(ended.words()) {
            line.push_str(&format!(", {part}"));
        }
        to_stderr!(streams, "{line}");
    }
}

impl Output {
    /// `--progress`.
    pub fn with_progress(mut self, progress: Progress) -> Output {
        self.progress = progress;
        self
    }

    /// The progress for `total` records: as `--progress` says; by default a bar when stderr is a terminal
    /// (real, or faked under test), not `--quiet` and not a JSON mode.
    pub fn batch_progress(&self, total: u64) -> BatchProgress {
        let none = BatchProgress {
            bar: None,
            ended: Ended::default(),
            concurrency: None,
            plain: None,
            width: self.terminals.stderr_width,
            streams: self.streams.clone(),
        };
        match self.progress {
            Progress::None => return none,
            Progress::Plain => {
                let now = Instant::now();
                let plain = PlainProgress { total, done: 0, started: now, last: now, json: self.json_errors };
                return BatchProgress { plain: Some(std::sync::Mutex::new(plain)), ..none };
            }
            // In a JSON mode every line on stderr is a JSON document, which a bar's are not.
            Progress::Auto if self.quiet || !self.terminals.stderr || self.json_errors => return none,
            Progress::Auto => {}
        }
        let target = if self.terminals.faked {
            // Under test stderr is a pipe or a buffer, which indicatif would not draw on: draw anyway, 80
            // columns wide.
            ProgressDrawTarget::term_like(Box::new(FakeTerminal { streams: self.streams.clone() }))
        } else {
            ProgressDrawTarget::stderr()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target).with_style(style(self.stderr_color));
        bar.enable_steady_tick(TICK);
        BatchProgress { bar: Some(bar), ..none }
    }
}

/// `[#######>----------] 4,000/10,000 · 1,234/s · 5s left · 32 at once · 2 failed · 1 unknown`
fn style(color: bool) -> ProgressStyle {
    let bar = if color { "{bar:24.cyan/blue}" } else { "{bar:24}" };
    ProgressStyle::with_template(&format!("[{bar}] {{human_pos}}/{{human_len}} · {{rate}} · {{left}}{{msg}}"))
        .expect("the template is valid")
        .progress_chars("#>-")
        .with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}/s", thousands(state.per_sec().round() as u64));
        })
        .with_key("left", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}s left", state.eta().as_secs());
        })
}

impl BatchProgress {
    /// One more record done, as `outcome`.
    pub fn advance(&mut self, outcome: Outcome) {
        let counted = match outcome {
            Outcome::Created | Outcome::Exists => None,
            Outcome::Failed => Some(&mut self.ended.failed),
            Outcome::Unknown => Some(&mut self.ended.unknown),
            Outcome::Undecided => Some(&mut self.ended.undecided),
            Outcome::Invalid => Some(&mut self.ended.invalid),
        };
        let counted = counted.map(|count| *count += 1).is_some();
        if let Some(bar) = &self.bar {
            if counted {
                self.set_message();
            }
            bar.inc(1);
        }
        if let Some(plain) = self.plain.as_mut().and_then(|plain| plain.get_mut().ok()) {
            plain.done += 1;
            if plain.last.elapsed() >= PLAIN_EVERY {
                plain.write(&self.streams, self.ended, self.concurrency, false);
            }
        }
    }

    /// The batch now keeps `concurrency` requests in flight at once (only said when it finds that number as
    /// it goes).
    pub fn set_concurrency(&mut self, concurrency: usize) {
        self.concurrency = Some(concurrency);
        self.set_message();
    }

    /// The bar's message: how many at once, how many failed, unknown, undecided or invalid.
    fn set_message(&self) {
        let Some(bar) = &self.bar else { return };
        let at_once = self.concurrency.map(|concurrency| format!("{concurrency} at once"));
        bar.set_message(
            at_once.into_iter().chain(self.ended.words()).map(|part| format!(" · {part}")).collect::<String>(),
        );
    }

    /// A line about one record, on stderr above the bar.
    pub fn report(&self, line: &str) {
        let line = super::wrap::wrap_labelled(&safe::message(line), self.width);
        match &self.bar {
            Some(bar) => bar.println(line),
            None => to_stderr!(self.streams, "{line}"),
        }
    }

    /// A line after the bar is finished (a summary), on stderr even with `--quiet`.
    pub fn after(&self, line: &str) {
        to_stderr!(self.streams, "{}", super::wrap::wrap_labelled(&safe::message(line), self.width));
    }

    /// Draws the final state and leaves it on the screen.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.abandon();
        }
        if let Some(mut plain) = self.plain.as_ref().and_then(|plain| plain.lock().ok()) {
            plain.write(&self.streams, self.ended, None, true);
        }
    }
}

/// A number with thousands separators: `9,998`.
pub fn thousands(n: u64) -> String {
    indicatif::HumanCount(n).to_string()
}

/// stderr as an 80-column terminal, whatever it is: for `PETSTORE_TEST_TERMINAL`.
#[derive(Debug)]
struct FakeTerminal {
    /// Where it draws: the process's stderr, or a test's buffer.
    streams: Streams,
}

impl FakeTerminal {
    fn write(&self, text: &str) -> io::Result<()> {
        self.streams.stderr().write_all(text.as_bytes())
    }
}

impl TermLike for FakeTerminal {
    fn width(&self) -> u16 {
        80
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.write(&format!("\x1b[{n}A")) } else { Ok(()) }
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.write(&format!("\x1b[{n}B")) } else { Ok(()) }
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.write(&format!("\x1b[{n}C")) } else { Ok(()) }
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.write(&format!("\x1b[{n}D")) } else { Ok(()) }
    }
    fn write_line(&self, line: &str) -> io::Result<()> {
        self.write(&format!("{line}\n"))
    }
    fn write_str(&self, text: &str) -> io::Result<()> {
        self.write(text)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.write("\r\x1b[2K")
    }
    fn flush(&self) -> io::Result<()> {
        self.streams.stderr().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(9_998), "9,998");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
