//! What a verb's unit test runs over, with no process: a [`Context`] over [`Output::captured`], a sandbox
//! started in the test, and a temporary directory for the config and the journal.

use petstore_sandbox::Sandbox;
use serde_json::Value;

use crate::context::Context;
use crate::output::{Captured, Output, OutputSettings};

/// The key the test's sandbox takes, and the context sends.
const KEY: &str = "unit-test-key-0123456789";

/// A verb's world: the sandbox it talks to, its context and what it wrote.
#[derive(Debug)]
pub(crate) struct Verb {
    pub sandbox: Sandbox,
    pub ctx: std::sync::Arc<Context>,
    pub captured: Captured,
    pub dir: tempfile::TempDir,
}

impl Verb {
    /// A context for a sandbox of `config` (which takes [`KEY`]), writing plainly, as to pipes.
    pub fn new(config: petstore_sandbox::Config) -> Verb {
        let sandbox = Sandbox::start_with(config.api_keys([KEY]).quiet(true));
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir(dir.path().join("config")).expect("the config directory");
        let (output, captured) = Output::captured(&OutputSettings::default());
        let ctx = Context::for_test(output, &sandbox.base_url(), KEY, dir.path()).into();
        Verb { sandbox, ctx, captured, dir }
    }

    /// A sandbox with no animal in it.
    pub fn empty() -> Verb {
        Verb::new(petstore_sandbox::Config::default().seed_pets(0))
    }

    /// The journal's writes, oldest first, each without what differs from run to run: its id, times, request
    /// id and the sandbox's address.
    pub fn journal(&self) -> Vec<Value> {
        let read = petstore_core::journal::read(&self.dir.path().join("state")).expect("the journal");
        read.entries
            .iter()
            .map(|entry| {
                let mut value = serde_json::to_value(entry).expect("an entry");
                let object = value.as_object_mut().expect("an object");
                for varying in ["write", "at", "settledAt", "requestId"] {
                    object.remove(varying);
                }
                assert_eq!(object.remove("baseUrl"), Some(Value::String(self.sandbox.base_url())));
                value
            })
            .collect()
    }

    /// The animals in the sandbox, as `(id, name)`.
    pub fn pets(&self) -> Vec<(i64, String)> {
        let pets = self.sandbox.pets();
        pets.iter()
            .map(|pet| (pet["id"].as_i64().expect("an id"), pet["name"].as_str().expect("a name").to_owned()))
            .collect()
    }
}
