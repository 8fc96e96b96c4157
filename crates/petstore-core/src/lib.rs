//! petstore-core: the Pet Store API's domain, under the `petstore` command line.
//!
//! [`api`] is the HTTP client (models, requests, transport errors) and the leaf: it imports nothing else here.
//! [`config`] reads and edits the config file and the environments it names; [`credentials`] says where each
//! environment's API key lives and stores, finds and removes it; [`bulk`] reads and writes the record files
//! of a bulk add, one record at a time; [`batch`] sends them, paced, through a `create` it is given. Each
//! module with failures of its own has its own error enum: what went wrong, in the domain's terms. Nothing
//! here prints, reads a terminal or knows a command line (beyond `clap::ValueEnum` derives behind the `clap`
//! feature): the CLI's `error.rs` gives each error its wording for users, one hint and an exit code. The
//! modules depend one way: `credentials` on `config` and `api`; `batch` on `bulk` and `api`; `config` and
//! `bulk` on `api`.

pub mod api;
pub mod batch;
pub mod bulk;
pub mod catalog;
pub mod config;
pub mod credentials;
pub mod journal;
pub mod snapshot;
pub mod user_file;
pub mod watch;
