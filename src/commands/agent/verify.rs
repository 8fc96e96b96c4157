//! Whether an entry works: this program started as the strictest client starts it, then MCP's `initialize` and
//! `tools/list`, over stdio, with the official SDK's client.

use std::process::Stdio;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use tokio::io::AsyncReadExt;

/// How long the server has to start and list its tools: far more than it takes (tens of milliseconds).
const LIMIT: Duration = Duration::from_secs(20);

/// The most of the server's stderr a failure quotes.
const QUOTED: usize = 300;

/// The variables a server is started with, besides the entry's own: those the strictest client (Codex) passes.
const PASSED: [&str; 5] = ["HOME", "PATH", "LANG", "SHELL", "TERM"];

/// The names of the tools `program` lists when started with `entry`'s arguments, or why it did not. Callers
/// pass this very program at its canonical path, never a command a file names. It is started as the strictest
/// client starts a server: with `HOME`, `PATH`, `LANG`, `SHELL` and `TERM` from this environment and the
/// entry's own variables, nothing else.
pub async fn tools(program: &std::path::Path, entry: &super::edit::Entry) -> Result<Vec<String>, String> {
    let mut cmd = tokio::process::Command::new(program);
    cmd.args(&entry.args).kill_on_drop(true).env_clear();
    cmd.envs(PASSED.iter().filter_map(|name| Some((name, std::env::var_os(name)?))));
    cmd.envs(entry.env.iter().map(|(name, value)| (name, value)));
    let (transport, stderr) = TokioChildProcess::builder(cmd)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| format!("`{}` cannot be started: {err}", program.display()))?;
    let listed = tokio::time::timeout(LIMIT, async {
        let running = ().serve(transport).await.map_err(|err| format!("`initialize` failed: {err}"))?;
        let tools = running.list_all_tools().await.map_err(|err| format!("`tools/list` failed: {err}"));
        let _ = running.cancel().await;
        tools
    })
    .await
    .unwrap_or_else(|_| Err(format!("it did not list its tools within {} s", LIMIT.as_secs())));
    match listed {
        Ok(tools) => Ok(tools.into_iter().map(|tool| tool.name.into_owned()).collect()),
        Err(why) => {
            // What the server said on the way out names the cause (an unknown environment, a bad flag).
            let mut said = String::new();
            if let Some(mut stderr) = stderr {
                let _ = tokio::time::timeout(Duration::from_secs(2), stderr.read_to_string(&mut said)).await;
            }
            let said = said.lines().map(str::trim).find(|line| !line.is_empty());
            Err(match said.map(|said| said.chars().take(QUOTED).collect::<String>()) {
                None => why,
                Some(said) if said.len() < QUOTED => format!("{why}; it said: {}", said.trim_end_matches('.')),
                Some(said) => format!("{why}; it said: {said}"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_server_that_does_not_start_is_a_reason_quoting_what_it_said() {
        let entry = |command: &str, args: &[&str]| super::super::edit::Entry {
            command: command.to_owned(),
            args: args.iter().map(|arg| (*arg).to_owned()).collect(),
            env: Vec::new(),
        };
        let sh = std::path::Path::new("/bin/sh");
        let missing = tools("/nonexistent/petstore".as_ref(), &entry("petstore", &[])).await.unwrap_err();
        assert!(missing.starts_with("`/nonexistent/petstore` cannot be started: "), "{missing}");
        let said = tools(sh, &entry("x", &["-c", "echo 'error: no environment is named `shop`' >&2; exit 2"]))
            .await
            .unwrap_err();
        assert!(said.starts_with("`initialize` failed: "), "{said}");
        assert!(said.ends_with("; it said: error: no environment is named `shop`"), "{said}");
        // Only the variables a strict client passes, and the entry's own.
        let mut bare = entry("x", &["-c", "echo \"error: $HOME ${CARGO:-none} $MINE\" >&2"]);
        bare.env = vec![("MINE".to_owned(), "mine".to_owned())];
        let said = tools(sh, &bare).await.unwrap_err();
        let home = std::env::var("HOME").unwrap_or_default();
        assert!(said.ends_with(&format!("; it said: error: {home} none mine")), "{said}");
        let silent = tools(sh, &entry("x", &["-c", "exit 0"])).await.unwrap_err();
        assert!(silent.starts_with("`initialize` failed: ") && !silent.contains("it said"), "{silent}");
    }
}
