//! What `agent setup` did, or would do, per client: the report `--json` prints, and its lines in words.

use std::path::PathBuf;

use serde::Serialize;

use super::clients::{self, Dirs, Scope};

/// What `agent setup` did, or would do, for one client, as `--json` prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The entry was written (or, with `--status`, is there as `agent setup` writes it) and it starts.
    Installed,
    /// The entry was already there as `agent setup` writes it, and it starts.
    Unchanged,
    /// With `--remove`: the entry (or skill) was taken out.
    Removed,
    /// There is no entry (or skill).
    Absent,
    /// With `--status`: an entry is there, but not the one `agent setup` would write now.
    Differs,
    /// The client is not installed here (none of its files), or has no file for this scope.
    Skipped,
    /// The client reads no skills (`--skill`).
    Unsupported,
    /// Something went wrong: `reason` says what.
    Failed,
}

/// The name `--json` gives it, in words too: one spelling, serde's.
impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.serialize(f)
    }
}

/// `agent setup --json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct Report {
    /// `user` or `project`.
    pub scope: Scope,
    /// The environment the entry pins.
    pub env: String,
    /// The command each entry runs.
    pub command: String,
    pub args: Vec<String>,
    pub clients: Vec<ClientReport>,
}

/// One client's line of the report.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct ClientReport {
    pub client: &'static str,
    /// The client's config file; `null` for a scope it has none for.
    pub path: Option<PathBuf>,
    pub status: Status,
    /// The tools the entry listed when started (empty when it was not started).
    pub tools: Vec<String>,
    /// Why it failed, was skipped or differs; `null` otherwise.
    pub reason: Option<String>,
    /// With `--skill`: the skill's file and what became of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill: Option<SkillReport>,
    /// What the client still asks of its user before it runs the entry (an approval, a trusted folder);
    /// `null` when nothing, or when there is no working entry.
    pub next: Option<&'static str>,
}

/// What became of a client's skill.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(deny_unknown_fields)]
pub struct SkillReport {
    pub path: Option<PathBuf>,
    pub status: Status,
    pub reason: Option<String>,
}

/// The report in words: a line per client, `claude-code: installed ~/.claude.json (4 tools)`, and one for its
/// skill.
pub fn words(report: &Report, dirs: &Dirs) -> Vec<String> {
    let line = |what: String, path: &Option<PathBuf>, tools: usize, reason: &Option<String>| {
        let path = path.as_deref().map(|path| format!(" {}", clients::shown(path, dirs))).unwrap_or_default();
        let tools = match tools {
            0 => String::new(),
            n => format!(" ({n} {})", if n == 1 { "tool" } else { "tools" }),
        };
        let reason = reason.as_deref().map(|reason| format!(": {reason}")).unwrap_or_default();
        format!("{what}{path}{tools}{reason}")
    };
    let mut lines = Vec::new();
    for client in &report.clients {
        let name = client.client;
        lines.push(line(format!("{name}: {}", client.status), &client.path, client.tools.len(), &client.reason));
        lines.extend(client.next.map(|next| format!("{name}: next: {next}")));
        if let Some(skill) = &client.skill {
            lines.push(line(format!("{name}: skill {}", skill.status), &skill.path, 0, &skill.reason));
        }
    }
    lines
}
