//! What the answers tell of the connection they came over: whether it is HTTP/2, where requests are streams
//! of one connection (no handshake each) and the server says how many it takes at once
//! (SETTINGS_MAX_CONCURRENT_STREAMS): the HTTP stack holds back the streams past that number until one ends,
//! rather than sending them. A batch starts faster there (`batch::limiter`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether an answer came over HTTP/2, shared by a client, its clones (which share its connections) and
/// whoever reads it.
#[derive(Debug, Clone, Default)]
pub struct Multiplexed(Arc<AtomicBool>);

impl Multiplexed {
    /// Whether an answer came over HTTP/2.
    pub fn seen(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Takes note of the protocol an answer came over.
    pub fn answered_over(&self, version: reqwest::Version) {
        if version == reqwest::Version::HTTP_2 && !self.seen() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}
