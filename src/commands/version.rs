//! `petstore version`: what this build is and which API it speaks, for bug reports and scripts.

use serde::Serialize;

use crate::context::Context;
use crate::error::Error;
use crate::output::{Field, Rows};

/// The version of the Pet Store API this client implements, and the path its operations live under.
pub const API_VERSION: &str = "1.0.0";
pub const API_BASE_PATH: &str = "/v1";

/// Print the version, the commit it was built from, and the API version it speaks
///
/// `petstore --version` prints the version alone. This adds what a bug report needs: the git commit of the
/// build (none when it was built from a source archive), the target it was built for, and the version of
/// the Pet Store API it speaks. It works offline and reads no configuration.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  petstore version
  petstore version --json | jq -r .commit")]
pub struct VersionArgs {
    #[command(flatten)]
    pub columns: crate::commands::formats::ColumnArgs,
}

/// The JSON field names of `petstore version`, the names `--columns` takes.
pub const KEYS: &[&str] = &["version", "commit", "target", "apiVersion"];

/// What `petstore version` reports.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct BuildInfo {
    pub version: &'static str,
    /// The full git commit hash, when built from a git checkout.
    pub commit: Option<&'static str>,
    pub target: &'static str,
    pub api_version: &'static str,
    pub api_base_path: &'static str,
}

impl BuildInfo {
    /// This build's.
    pub fn current() -> BuildInfo {
        BuildInfo {
            version: env!("CARGO_PKG_VERSION"),
            commit: option_env!("PETSTORE_BUILD_COMMIT"),
            target: env!("PETSTORE_BUILD_TARGET"),
            api_version: API_VERSION,
            api_base_path: API_BASE_PATH,
        }
    }
}

/// Prints the build's information as a one-row table, TSV or JSON.
impl VersionArgs {
    /// What `version` says about itself: one record, under [`KEYS`].
    pub fn about(&self) -> crate::commands::About<'_> {
        crate::commands::About::new("version", crate::commands::formats::Prints::Records(KEYS, &self.columns))
    }
}

pub fn run(ctx: &Context, _args: &VersionArgs) -> Result<(), Error> {
    let info = BuildInfo::current();
    ctx.output.records(&info, || Rows {
        header: vec!["VERSION", "COMMIT", "TARGET", "API"],
        keys: KEYS.to_vec(),
        rows: vec![vec![
            Field::new(info.version),
            info.commit.map_or_else(Field::missing, |commit| Field::new(&commit[..commit.len().min(12)])),
            Field::new(info.target),
            Field::new(format!("{} ({})", info.api_version, info.api_base_path)),
        ]],
        fit: Vec::new(),
    })
}
