//! The integration tests: the real `petstore` binary against a real sandbox on 127.0.0.1, over plain HTTP, or
//! HTTPS with HTTP/1.1 or HTTP/2, as `PETSTORE_TEST_TRANSPORT` says (`common/transport.rs`).

// A test may say on stderr why it skipped itself.
#![allow(clippy::print_stderr)]

mod common;

mod agent_setup;
mod api;
mod auth;
mod batch_edges;
mod batch_filter;
mod batch_json;
mod batch_refusals;
mod cli;
mod complete_lists;
mod config_edges;
mod confirm;
mod contract;
mod conventions;
mod defaults_aliases;
mod doctor;
mod dry_run;
mod edges_round3;
mod env;
mod env_scope;
mod exposed_files;
mod forgiving_input;
mod formats;
mod generated;
mod help_fit;
mod http2;
mod if_absent_edges;
mod input_edges;
pub(crate) mod interrupts;
mod journal;
#[cfg(target_os = "linux")]
mod kernel_keyring;
#[cfg(unix)]
mod key_command_edges;
#[cfg(unix)]
mod key_sources;
mod keyring;
mod mcp;
mod mcp_edges;
mod mcp_inspector;
mod network;
mod offline;
mod output;
mod pets_add;
mod pets_add_file;
mod pets_get;
mod pets_list;
mod post_answers;
mod prompts;
mod rate_limit;
mod readme;
mod reconcile;
mod remembered;
mod render_edges;
mod request_ids;
mod resilience;
mod schema;
mod small_things;
mod spec_cases;
#[cfg(unix)]
mod special_files;
mod tables_fit;
mod terminal_gone;
mod terminal_safety;
#[cfg(target_os = "linux")]
mod ui;
mod watch;
