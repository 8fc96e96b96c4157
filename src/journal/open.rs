//! The journal opened once a run, and its failure said once: apart from the rest of the journal's room, for
//! the context to open it without needing what needs the context.

use std::sync::atomic::{AtomicBool, Ordering};

use petstore_core::journal::Journal;

use crate::output::Output;

/// Whether the journal's failure was said already: once a run.
static WARNED: AtomicBool = AtomicBool::new(false);

/// The journal of this run: in [`petstore_core::journal::dir`] when `on` (`PETSTORE_JOURNAL` not off); off,
/// with a warning, when it cannot be opened.
pub fn open(output: &Output, on: bool) -> Journal {
    if !on {
        return Journal::off();
    }
    let Some(dir) = petstore_core::journal::dir() else {
        warn(output, "there is no state directory for it");
        return Journal::off();
    };
    match Journal::open(&dir) {
        Ok(journal) => journal,
        Err(err) => {
            warn(output, &format!("`{}` cannot be written: {err}", dir.join(petstore_core::journal::FILE).display()));
            Journal::off()
        }
    }
}

/// Says, once a run, that the journal failed and why.
pub(super) fn warn(output: &Output, why: &str) {
    if !WARNED.swap(true, Ordering::Relaxed) {
        output.warning(&format!(
            "the journal of writes is off for this run, as {why}; writes go on unrecorded (docs/journal.md)"
        ));
    }
}
