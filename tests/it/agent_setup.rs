//! `petstore agent setup`: the `petstore` entry merged into each assistant client's own config file, every
//! other byte kept, started and listed before it is called installed; a second run unchanged; `--remove`
//! giving back the files as they were.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{Run, TestEnv};

/// A test's home with every client installed, each config file as a person left it (comments, other
/// servers, their own indentation) or absent, and the environment `shop`.
struct Homes {
    env: TestEnv,
    /// Each file and its text before (`None`: no file).
    files: Vec<(PathBuf, Option<&'static str>)>,
}

const CLAUDE_CODE: &str = "{\n  \"numStartups\": 3,\n  \"mcpServers\": {\n    \"other\": {\n      \"type\": \"stdio\",\n      \"command\": \"other-server\"\n    }\n  },\n  \"theme\": \"dark\"\n}\n";
const VSCODE: &str = "// my servers\n{\n\t\"inputs\": [],\n\t\"servers\": {\n\t\t// the weather\n\t\t\"weather\": {\"type\": \"stdio\", \"command\": \"weather\"},\n\t},\n}\n";
const CODEX: &str = "# Codex, as I like it\nmodel = \"o3\"\n\n[mcp_servers.docs]\ncommand = \"docs-server\" # local\nargs = [\"--port\", \"0\"]\n";
const GEMINI: &str = "{\n    \"theme\": \"Default\"\n}";

impl Homes {
    fn new() -> Homes {
        let env = TestEnv::new();
        let config = format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url());
        env.write_config(&config);
        let home = env.home().to_owned();
        // The same in the default directory, for runs without `PETSTORE_CONFIG_DIR` (project scope).
        std::fs::create_dir_all(home.join(".config/petstore")).unwrap();
        std::fs::write(home.join(".config/petstore/config.toml"), &config).unwrap();
        let files = vec![
            (home.join(".claude.json"), Some(CLAUDE_CODE)),
            (home.join(".config/Claude/claude_desktop_config.json"), None),
            (home.join(".cursor/mcp.json"), None),
            (home.join(".config/Code/User/mcp.json"), Some(VSCODE)),
            (home.join(".codex/config.toml"), Some(CODEX)),
            (home.join(".gemini/settings.json"), Some(GEMINI)),
        ];
        for dir in [".claude", ".config/Claude", ".cursor", ".config/Code/User", ".codex", ".gemini"] {
            std::fs::create_dir_all(home.join(dir)).unwrap();
        }
        for (path, text) in &files {
            if let Some(text) = text {
                std::fs::write(path, text).unwrap();
            }
        }
        Homes { env, files }
    }

    /// `petstore ARGS` without the sandbox's base URL in the environment, from `dir`.
    fn command_in(&self, dir: &Path, args: &[&str]) -> Command {
        let mut cmd = self.env.command();
        cmd.env_remove("PETSTORE_BASE_URL").current_dir(dir).args(args);
        cmd
    }

    fn run(&self, args: &[&str]) -> Run {
        Run::of(&mut self.command_in(self.env.home(), args))
    }

    /// `petstore ARGS` from `dir` with the config in its default directory, as a project's files need it.
    fn in_project(&self, dir: &Path, args: &[&str]) -> Run {
        Run::of(self.command_in(dir, args).env_remove("PETSTORE_CONFIG_DIR"))
    }

    /// The statuses `--json` reports, by client.
    fn statuses(&self, args: &[&str]) -> Vec<(String, String)> {
        let run = self.run(&[&["--json"], args].concat());
        let report: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|err| panic!("{err}: {run}"));
        report["clients"]
            .as_array()
            .unwrap()
            .iter()
            .map(|client| {
                (client["client"].as_str().unwrap().to_owned(), client["status"].as_str().unwrap().to_owned())
            })
            .collect()
    }

    fn text(&self, path: &Path) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

/// This binary's path as entries name it, in snapshots.
fn binary() -> String {
    env!("CARGO_BIN_EXE_petstore").to_owned()
}

fn snapshot(name: &str, text: &str, home: &Path) {
    let text = text.replace(&binary(), "[PETSTORE]").replace(&home.display().to_string(), "[HOME]");
    insta::with_settings!({ filters => crate::common::filters(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

#[test]
fn setup_merges_one_entry_into_each_client_started_then_unchanged_and_removed_to_the_byte() {
    let homes = Homes::new();
    let run = homes.run(&["--env", "shop", "agent", "setup", "--yes"]);
    assert_eq!(run.code, 0, "{run}");
    snapshot("agent_setup_every_client", &run.to_string(), homes.env.home());
    let mut written = String::new();
    for (path, _) in &homes.files {
        written.push_str(&format!("== {}\n{}\n", path.display(), homes.text(path).unwrap()));
    }
    snapshot("agent_setup_every_client_files", &written, homes.env.home());

    let all = |status: &str| {
        pairs(&[
            ("claude-code", status),
            ("claude-desktop", status),
            ("cursor", status),
            ("vscode", status),
            ("codex", status),
            ("gemini", status),
        ])
    };
    assert_eq!(homes.statuses(&["--env", "shop", "agent", "setup", "--yes"]), all("unchanged"));
    assert_eq!(homes.statuses(&["--env", "shop", "agent", "setup", "--status"]), all("installed"));
    // `--status` reports the entries there, whichever environment is in use now.
    assert_eq!(homes.statuses(&["--env", "staging", "agent", "setup", "--status"]), all("installed"));

    let run = homes.run(&["--env", "shop", "agent", "setup", "--remove", "--yes"]);
    assert_eq!(run.code, 0, "{run}");
    for (path, before) in &homes.files {
        assert_eq!(homes.text(path).as_deref(), *before, "{}", path.display());
    }
    assert_eq!(homes.statuses(&["--env", "shop", "agent", "setup", "--remove", "--yes"]), all("absent"));
}

#[test]
fn the_json_report_names_each_client_its_file_status_and_tools() {
    let homes = Homes::new();
    let run = homes.run(&[
        "--env",
        "shop",
        "--json",
        "agent",
        "setup",
        "--client",
        "cursor,codex",
        "--allow-writes",
        "--yes",
    ]);
    assert_eq!(run.code, 0, "{run}");
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["env"], "shop");
    assert_eq!(report["command"], binary());
    assert_eq!(report["args"], serde_json::json!(["--env", "shop", "mcp", "--allow-writes"]));
    let clients = report["clients"].as_array().unwrap();
    assert_eq!(clients.len(), 2, "only the clients named: {run}");
    for (client, path) in clients.iter().zip([".cursor/mcp.json", ".codex/config.toml"]) {
        assert_eq!(client["path"], homes.env.home().join(path).display().to_string());
        assert_eq!(client["status"], "installed");
        assert_eq!(
            client["tools"],
            serde_json::json!(["list_pets", "find_pets", "add_pet", "add_pets", "list_writes"])
        );
        assert_eq!(client["reason"], Value::Null);
    }
    crate::schema::assert_valid("agent setup", &report, "agent setup --json");
}

#[test]
fn without_yes_where_nobody_can_answer_no_file_changes() {
    let homes = Homes::new();
    for terminal in [false, true] {
        let mut cmd =
            homes.command_in(homes.env.home(), &["--env", "shop", "agent", "setup", "--client", "cursor,gemini"]);
        if terminal {
            cmd.env("PETSTORE_TEST_TERMINAL", "1").args(["--color", "never"]);
        }
        let run = Run::of(&mut cmd);
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (
                2,
                "",
                "error: cannot ask before changing the assistants' files: stdin and stderr are not both terminals, \
                 so no file was changed\nhelp: pass `--yes` to write petstore into ~/.cursor/mcp.json, \
                 ~/.gemini/settings.json, or run it at a terminal to answer the question\n"
            ),
            "{run}"
        );
    }
    for (path, before) in &homes.files {
        assert_eq!(homes.text(path).as_deref(), *before, "{}", path.display());
    }
    // `--status` changes nothing, so it asks nothing.
    assert_eq!(homes.run(&["--env", "shop", "agent", "setup", "--status", "--client", "cursor"]).code, 0);
}

#[test]
fn a_file_it_cannot_parse_is_left_alone_and_named_and_the_others_are_set_up() {
    let homes = Homes::new();
    let cursor = homes.env.home().join(".cursor/mcp.json");
    std::fs::write(&cursor, "{\"mcpServers\": {\"a\": ").unwrap();
    let codex = homes.env.home().join(".codex/config.toml");
    std::fs::write(&codex, "mcp_servers = \"none\"\n").unwrap();
    let run = homes.run(&["--env", "shop", "agent", "setup", "--client", "cursor,codex,gemini", "--yes"]);
    snapshot("agent_setup_unparseable", &run.to_string(), homes.env.home());
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(homes.text(&cursor).unwrap(), "{\"mcpServers\": {\"a\": ");
    assert_eq!(homes.text(&codex).unwrap(), "mcp_servers = \"none\"\n");
}

#[test]
fn an_entry_setup_did_not_write_is_neither_replaced_nor_removed() {
    let homes = Homes::new();
    let cursor = homes.env.home().join(".cursor/mcp.json");
    let mine =
        "{\"mcpServers\": {\"petstore\": {\"command\": \"petstore\", \"args\": [\"mcp\"], \"env\": {\"X\": \"1\"}}}}\n";
    std::fs::write(&cursor, mine).unwrap();
    let run = homes.run(&["--env", "shop", "agent", "setup", "--client", "cursor", "--yes"]);
    snapshot("agent_setup_foreign_entry", &run.to_string(), homes.env.home());
    assert_eq!(run.code, 1, "{run}");
    let run = homes.run(&["--env", "shop", "agent", "setup", "--client", "cursor", "--remove", "--yes"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains("left alone: its `petstore` entry was not written by `agent setup`"), "{run}");
    assert_eq!(homes.text(&cursor).unwrap(), mine);

    // One as docs/mcp.md shows it by hand is replaced, and the reason says what it ran.
    std::fs::write(
        &cursor,
        "{\"mcpServers\": {\"petstore\": {\"command\": \"petstore\", \"args\": [\"--env\", \"staging\", \"mcp\"]}}}\n",
    )
    .unwrap();
    let run = homes.run(&["--env", "shop", "--json", "agent", "setup", "--client", "cursor", "--yes"]);
    assert_eq!(run.code, 0, "{run}");
    let report = run.json();
    assert_eq!(report["clients"][0]["status"], "installed");
    assert_eq!(report["clients"][0]["reason"], "replaced the entry that ran `petstore --env staging mcp`");
    assert_eq!(
        homes.statuses(&["--env", "shop", "agent", "setup", "--client", "cursor", "--remove", "--yes"]),
        pairs(&[("cursor", "removed")])
    );
    assert_eq!(homes.text(&cursor), None, "the file held nothing else, so it went");
}

/// `--status` calls any entry setup wrote installed, whatever its environment and `--allow-writes`, and
/// starts the entry it found.
#[test]
fn status_reports_the_entry_that_is_there() {
    let homes = Homes::new();
    let setup = ["--env", "shop", "agent", "setup", "--client", "codex", "--allow-writes", "--yes"];
    assert_eq!(homes.statuses(&setup), pairs(&[("codex", "installed")]));
    let run = homes.run(&["--json", "agent", "setup", "--client", "codex", "--status"]);
    let client = &run.json()["clients"][0];
    assert_eq!((&client["status"], client["tools"].as_array().unwrap().len()), (&"installed".into(), 5), "{run}");
}

/// At a terminal the report is a line per client, never one line with its breaks escaped.
#[test]
fn at_a_terminal_each_client_has_its_line() {
    let homes = Homes::new();
    let cmd = homes.command_in(homes.env.home(), &[]);
    let args = ["--env", "shop", "agent", "setup", "--status", "--client", "cursor,codex", "--color", "never"];
    let Some(run) = crate::common::pty::run_command_at_width(&cmd, &args, 80) else { return };
    assert_eq!(run.stdout, "cursor: absent ~/.cursor/mcp.json\ncodex: absent ~/.codex/config.toml\n", "{run}");
}

#[test]
fn only_installed_clients_are_set_up_unless_named() {
    let homes = Homes::new();
    std::fs::remove_dir_all(homes.env.home().join(".gemini")).unwrap();
    std::fs::remove_dir_all(homes.env.home().join(".cursor")).unwrap();
    let statuses = homes.statuses(&["--env", "shop", "agent", "setup", "--client", "all", "--yes"]);
    assert_eq!(statuses[2], ("cursor".to_owned(), "skipped".to_owned()));
    assert_eq!(statuses[5], ("gemini".to_owned(), "skipped".to_owned()));
    assert!(!homes.env.home().join(".cursor").exists());
    let statuses = homes.statuses(&["--env", "shop", "agent", "setup", "--client", "gemini", "--yes"]);
    assert_eq!(statuses, pairs(&[("gemini", "installed")]));
}

#[test]
fn the_skill_is_the_agent_guide_printed_installed_and_removed() {
    let homes = Homes::new();
    let printed = homes.run(&["agent", "setup", "--print-skill"]);
    let guide = homes.run(&["help", "agents"]);
    assert_eq!(printed.code, 0, "{printed}");
    let (front, body) = printed.stdout.strip_prefix("---\n").unwrap().split_once("\n---\n\n").unwrap();
    assert!(front.starts_with("name: petstore\ndescription: "), "{front}");
    assert_eq!(body, guide.stdout);

    let run =
        homes.run(&["--env", "shop", "agent", "setup", "--skill", "--client", "claude-code,codex,cursor", "--yes"]);
    snapshot("agent_setup_skill", &run.to_string(), homes.env.home());
    assert_eq!(run.code, 0, "{run}");
    for skill in [".claude/skills/petstore/SKILL.md", ".agents/skills/petstore/SKILL.md"] {
        assert_eq!(homes.text(&homes.env.home().join(skill)).as_deref(), Some(printed.stdout.as_str()), "{skill}");
    }
    let run = homes.run(&[
        "--env",
        "shop",
        "agent",
        "setup",
        "--skill",
        "--client",
        "claude-code,codex,gemini",
        "--remove",
        "--yes",
    ]);
    assert_eq!(run.code, 0, "{run}");
    assert!(!homes.env.home().join(".claude/skills/petstore").exists());
    assert!(!homes.env.home().join(".agents/skills/petstore").exists());
}

#[test]
fn project_scope_writes_into_the_current_directory() {
    let homes = Homes::new();
    let project = homes.env.home().join("shop-project");
    std::fs::create_dir_all(&project).unwrap();
    let args = ["--env", "shop", "agent", "setup", "--scope", "project", "--client", "vscode,claude-code", "--yes"];
    let run = homes.in_project(&project, &args);
    assert_eq!(run.code, 0, "{run}");
    let vscode = std::fs::read_to_string(project.join(".vscode/mcp.json")).unwrap();
    let claude = std::fs::read_to_string(project.join(".mcp.json")).unwrap();
    snapshot("agent_setup_project_files", &format!("{vscode}{claude}"), homes.env.home());
    assert_eq!(
        homes.text(&homes.env.home().join(".claude.json")).as_deref(),
        Some(CLAUDE_CODE),
        "the user's untouched"
    );

    let run = Run::of(&mut homes.command_in(
        &project,
        &["--env", "shop", "agent", "setup", "--scope", "project", "--client", "claude-desktop"],
    ));
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (
            2,
            "error: Claude Desktop has no project config: `--scope project` cannot set it up\nhelp: leave out `--client \
             claude-desktop`, or use `--scope user`\n"
        )
    );
}

#[test]
fn a_base_url_is_no_environment_to_pin() {
    let homes = Homes::new();
    // The sandbox's URL is `shop`'s, so it pins `shop`; a URL no environment has pins nothing.
    let run = Run::of(homes.env.command().args(["--base-url", "http://127.0.0.1:9/v1", "agent", "setup", "--yes"]));
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.starts_with("error: `agent setup` pins an environment by name"), "{run}");
    assert!(homes.text(&homes.env.home().join(".cursor/mcp.json")).is_none());
}

/// Started through a link (a package manager's, on `PATH`), the entry names the link, which outlives an
/// upgrade; a file a link leads to is changed in place, the link kept, also when it is emptied.
#[test]
fn links_stay_links() {
    let homes = Homes::new();
    let bin = homes.env.home().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("petstore");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_petstore"), &link).unwrap();
    let dotfiles = homes.env.home().join("dotfiles");
    std::fs::create_dir_all(&dotfiles).unwrap();
    let cursor = homes.env.home().join(".cursor/mcp.json");
    std::fs::write(dotfiles.join("cursor.json"), "{}\n").unwrap();
    std::os::unix::fs::symlink(dotfiles.join("cursor.json"), &cursor).unwrap();

    let mut by_name = homes.env.command();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let args = ["--env", "shop", "--json", "agent", "setup", "--client", "cursor", "--yes"];
    by_name.env_remove("PETSTORE_BASE_URL").env("PATH", &path);
    // The program as a shell finds it: by its name on PATH.
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c").arg("exec petstore \"$@\"").arg("sh").args(args).env_clear();
    let run = Run::of(cmd.envs(by_name.get_envs().filter_map(|(name, value)| Some((name, value?)))));
    assert_eq!(run.code, 0, "{run}");
    assert_eq!(run.json()["command"], link.display().to_string(), "{run}");
    assert!(std::fs::symlink_metadata(&cursor).unwrap().is_symlink());
    let written = std::fs::read_to_string(dotfiles.join("cursor.json")).unwrap();
    assert!(written.contains(&link.display().to_string()), "{written}");

    let run = homes.run(&["--env", "shop", "agent", "setup", "--client", "cursor", "--remove", "--yes"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(std::fs::symlink_metadata(&cursor).unwrap().is_symlink(), "the link stays");
    assert_eq!(std::fs::read_to_string(dotfiles.join("cursor.json")).unwrap(), "{}\n");
}

/// A file its owner made read-only is not changed; the others are.
#[test]
fn a_read_only_file_is_left_alone() {
    use std::os::unix::fs::PermissionsExt;
    let homes = Homes::new();
    let codex = homes.env.home().join(".codex/config.toml");
    std::fs::set_permissions(&codex, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = homes.run(&["--env", "shop", "agent", "setup", "--client", "codex,gemini", "--yes"]);
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(
        run.stdout.lines().next(),
        Some("codex: failed ~/.codex/config.toml: left alone: it is read-only"),
        "{run}"
    );
    assert_eq!(homes.text(&codex).as_deref(), Some(CODEX));
    assert_eq!(std::fs::metadata(&codex).unwrap().permissions().mode() & 0o777, 0o444);
}

/// A project's `.mcp.json` names a command of its own (a cloned repository's script): `--status`, `--remove`
/// and setup read and compare it, and start nothing but this program.
#[test]
fn a_command_a_project_names_is_never_started() {
    use std::os::unix::fs::PermissionsExt;
    let homes = Homes::new();
    let project = homes.env.home().join("cloned");
    std::fs::create_dir_all(project.join("bin")).unwrap();
    let marker = homes.env.home().join("ran");
    let script = project.join("bin/petstore");
    std::fs::write(&script, format!("#!/bin/sh\ntouch '{}'\n", marker.display())).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mcp = "{\"mcpServers\": {\"petstore\": {\"type\": \"stdio\", \"command\": \"bin/petstore\", \"args\": [\"--env\", \
               \"shop\", \"mcp\"], \"env\": {\"PETSTORE_CONFIG_DIR\": \"bin\"}}}}\n";
    std::fs::write(project.join(".mcp.json"), mcp).unwrap();
    let project_run = |args: &[&str]| {
        let scope = ["--scope", "project", "--client", "claude-code"];
        Run::of(&mut homes.command_in(&project, &[&["--env", "shop", "agent", "setup"], args, &scope[..]].concat()))
    };
    let run = project_run(&["--status"]);
    snapshot("agent_setup_status_starts_no_project_command", &run.to_string(), homes.env.home());
    assert!(!marker.exists(), "--status ran the project's script");

    // The same entry with an absolute path to the script, and then to this program with a project's `env`.
    for command in [script.display().to_string(), binary()] {
        std::fs::write(project.join(".mcp.json"), mcp.replace("bin/petstore", &command)).unwrap();
        let run = project_run(&["--status", "--json"]);
        assert_eq!(run.json()["clients"][0]["status"], "differs", "{run}");
        assert!(!marker.exists(), "--status ran {command}");
    }
    std::fs::write(project.join(".mcp.json"), mcp).unwrap();
    let run = project_run(&["--remove", "--yes"]);
    assert_eq!(run.code, 0, "{run}");
    assert!(!marker.exists(), "--remove ran the project's script");
}

/// Project scope stays in the project: a client directory or file that a link takes outside it (to the
/// user's own `~/.codex`, or a dangling link to a file elsewhere) is refused, and nothing is written.
#[test]
fn project_scope_refuses_a_link_out_of_the_project() {
    let homes = Homes::new();
    let home = homes.env.home();
    let project = home.join("repo");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(home.join("outside")).unwrap();
    std::os::unix::fs::symlink(home.join(".codex"), project.join(".codex")).unwrap();
    std::os::unix::fs::symlink(home.join("outside/new-file.json"), project.join(".mcp.json")).unwrap();
    let mut outputs = String::new();
    for client in ["codex", "claude-code"] {
        for mode in [&["--yes"][..], &["--status"], &["--remove", "--yes"]] {
            let args = [&["--env", "shop", "agent", "setup", "--scope", "project", "--client", client], mode].concat();
            let run = homes.in_project(&project, &args);
            outputs.push_str(&format!("$ {}\n{run}\n", args.join(" ")));
        }
    }
    snapshot("agent_setup_project_link_out", &outputs, home);
    assert_eq!(homes.text(&home.join(".codex/config.toml")).as_deref(), Some(CODEX));
    assert!(!home.join("outside/new-file.json").exists());
    assert!(std::fs::symlink_metadata(project.join(".mcp.json")).unwrap().is_symlink());
}

/// A client may start the server with only `HOME`, `PATH`, `LANG`, `SHELL` and `TERM` (Codex does): a config
/// found through `XDG_CONFIG_HOME` is pinned in the entry, and the entry so started lists the store's animals.
#[tokio::test]
async fn the_entry_works_started_with_only_the_variables_the_strictest_client_passes() {
    let homes = Homes::new();
    let home = homes.env.home();
    let xdg = home.join("xdg");
    std::fs::create_dir_all(xdg.join("petstore")).unwrap();
    std::fs::copy(homes.env.config_dir().join("config.toml"), xdg.join("petstore/config.toml")).unwrap();
    let with_xdg = |args: &[&str]| {
        let mut cmd = homes.command_in(home, args);
        cmd.env_remove("PETSTORE_CONFIG_DIR").env_remove("PETSTORE_API_KEY").env("XDG_CONFIG_HOME", &xdg);
        cmd
    };
    let login = ["auth", "login", "--env", "shop", "--insecure-storage", "-q"];
    let run = Run::with_stdin(&mut with_xdg(&login), &format!("{}\n", crate::common::KEY));
    assert_eq!(run.code, 0, "{run}");
    if homes.env.ca_file().exists() {
        // Over HTTPS, the sandbox's CA is the environment's own: no variable carries it to a bare server.
        let ca = homes.env.ca_file().display().to_string();
        assert_eq!(Run::of(&mut with_xdg(&["env", "set", "shop", "--cacert", &ca])).code, 0);
    }
    let run = Run::of(&mut with_xdg(&["--env", "shop", "agent", "setup", "--client", "claude-code", "--yes"]));
    assert_eq!(run.code, 0, "{run}");
    let written: Value = serde_json::from_str(&homes.text(&home.join(".claude.json")).unwrap()).unwrap();
    let entry = &written["mcpServers"]["petstore"];
    let dir = xdg.join("petstore").display().to_string();
    assert_eq!(entry["env"], serde_json::json!({"PETSTORE_CONFIG_DIR": dir}), "{run}");

    let mut cmd = tokio::process::Command::new(entry["command"].as_str().unwrap());
    cmd.args(entry["args"].as_array().unwrap().iter().map(|arg| arg.as_str().unwrap())).env_clear();
    let bare = [("HOME", home.to_str().unwrap()), ("PATH", "/usr/bin:/bin"), ("LANG", "C.UTF-8")];
    cmd.envs(bare).envs([("SHELL", "/bin/sh"), ("TERM", "dumb"), ("PETSTORE_CONFIG_DIR", &dir)]);
    let (running, _) = crate::mcp::connect(cmd, crate::mcp::Person::CannotBeAsked).await;
    let listed = crate::mcp::call(&running, "list_pets", serde_json::json!({"all": true})).await;
    assert_eq!(listed.structured_content.unwrap()["pets"].as_array().unwrap().len(), 5);
    running.cancel().await.unwrap();
}

/// A project's files are for committing: they never carry the user's own config directory, and a setup that
/// would need it is refused, naming the variable; nothing is written.
#[test]
fn project_scope_writes_no_config_directory_and_refuses_one_it_needs() {
    let homes = Homes::new();
    let project = homes.env.home().join("repo");
    std::fs::create_dir_all(&project).unwrap();
    let args = ["--env", "shop", "agent", "setup", "--scope", "project", "--client", "claude-code", "--yes"];
    let run = Run::of(&mut homes.command_in(&project, &args));
    snapshot("agent_setup_project_config_dir", &run.to_string(), homes.env.home());
    assert!(!project.join(".mcp.json").exists());
    let run = homes.in_project(&project, &args);
    assert_eq!(run.code, 0, "{run}");
    assert!(!homes.text(&project.join(".mcp.json")).unwrap().contains("\"env\""));
}

/// Codex and Gemini CLI both read `~/.agents/skills` (Gemini before its own folder): the skill is one copy
/// there, and removing it for one client keeps it while the other, installed, still reads it.
#[test]
fn one_skill_where_two_clients_read_one_folder() {
    let homes = Homes::new();
    let home = homes.env.home();
    let skill = home.join(".agents/skills/petstore/SKILL.md");
    let setup = |clients: &str, remove: bool| {
        let args = ["--env", "shop", "agent", "setup", "--skill", "--yes", "--client", clients];
        homes.run(&[&args[..], if remove { &["--remove"][..] } else { &[] }].concat())
    };
    let run = setup("codex,gemini", false);
    assert_eq!(run.code, 0, "{run}");
    assert!(skill.exists() && !home.join(".gemini/skills").exists(), "{run}");
    let mut outputs = String::new();
    for clients in ["gemini", "codex", "codex,gemini"] {
        let run = setup(clients, true);
        outputs.push_str(&format!("$ --client {clients} --remove\n{run}\n"));
    }
    snapshot("agent_setup_shared_skill", &outputs, home);
    assert!(!skill.exists());
}

/// What each client still asks of its user is part of the report (`next`), and one name in two scopes with
/// different entries is warned about, naming both files; no client's approval or trust is touched.
#[test]
fn the_report_says_what_each_client_still_asks_and_warns_of_one_name_in_two_scopes() {
    let homes = Homes::new();
    let project = homes.env.home().join("repo");
    std::fs::create_dir_all(&project).unwrap();
    let user = ["--env", "shop", "agent", "setup", "--client", "claude-code,codex,gemini", "--yes"];
    assert_eq!(homes.in_project(&project, &user).code, 0);
    let setup = ["--env", "shop", "agent", "setup", "--scope", "project", "--client", "claude-code,codex,gemini"];
    let run = homes.in_project(&project, &[&setup[..], &["--allow-writes", "--yes"]].concat());
    snapshot("agent_setup_next_and_two_scopes", &run.to_string(), homes.env.home());
    let run = homes.in_project(&project, &[&["--json"], &setup[..], &["--status"]].concat());
    let next: Vec<Value> = run.json()["clients"].as_array().unwrap().iter().map(|c| c["next"].clone()).collect();
    assert_eq!(
        next,
        [
            "approve `petstore` in Claude Code: it holds a project's servers until then",
            "trust the project in Codex: it reads `.codex/config.toml` only in a trusted project",
            "trust the folder in Gemini CLI: it disables servers in a folder it does not trust"
        ]
    );
    // The same entry in both scopes is no conflict.
    let run = homes.in_project(&project, &[&setup[..], &["--yes"]].concat());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{run}");
    assert_eq!(homes.text(&homes.env.home().join(".claude.json")).unwrap().matches("petstore").count(), 2);
}

/// An environment keeps its own CA file (`env set NAME --cacert FILE`, `env add ... --cacert FILE`), as an
/// absolute path, checked as `--cacert` is; every command trusts it for that environment, with no
/// `PETSTORE_CACERT`, and `--unset-cacert` removes it.
#[test]
fn an_environment_keeps_its_own_ca_file() {
    let env =
        TestEnv::with(petstore_sandbox::Config::default().seed_pets(5).tls(petstore_sandbox::Tls::generate().unwrap()));
    env.write_config(&format!("[environments.shop]\nbase_url = \"{}\"\n", env.sandbox.base_url()));
    let petstore = |args: &[&str]| {
        let mut cmd = env.command();
        cmd.env_remove("PETSTORE_CACERT").env_remove("PETSTORE_BASE_URL").current_dir(env.home()).args(args);
        Run::of(&mut cmd)
    };
    std::fs::copy(env.ca_file(), env.home().join("shop-ca.pem")).unwrap();
    assert_eq!(petstore(&["--env", "shop", "pets", "list"]).code, 5, "no CA: the TLS check fails");
    let mut outputs = String::new();
    for args in [
        &["env", "set", "shop", "--cacert", "shop-ca.pem"][..],
        &["--env", "shop", "env", "current"],
        &["env", "set", "shop", "--cacert", "config/config.toml"],
        &["env", "set", "shop", "--cacert", "shop-ca.pem", "--unset-cacert"],
    ] {
        outputs.push_str(&format!("$ petstore {}\n{}\n", args.join(" "), petstore(args)));
    }
    let ca = env.home().join("shop-ca.pem").display().to_string();
    assert!(env.read_config().contains(&format!("cacert = \"{ca}\"")), "{}", env.read_config());
    let run = petstore(&["--env", "shop", "--json", "pets", "list"]);
    assert_eq!((run.code, run.json().as_array().map(Vec::len)), (0, Some(5)), "{run}");
    let listed = petstore(&["--json", "env", "list"]).json();
    let shop = listed.as_array().unwrap().iter().find(|line| line["name"] == "shop").unwrap().clone();
    assert_eq!(shop["cacert"], ca.as_str());
    let doctor = petstore(&["--env", "shop", "doctor"]);
    assert!(doctor.stdout.contains(&format!("environment `shop` trusts its own CA file `{ca}` too")), "{doctor}");
    let url = env.sandbox.base_url();
    assert_eq!(petstore(&["env", "add", "other", url.as_str(), "--cacert", "shop-ca.pem"]).code, 0);
    assert_eq!(petstore(&["--env", "other", "pets", "list"]).code, 0);
    let run = petstore(&["env", "set", "shop", "--unset-cacert"]);
    outputs.push_str(&format!("$ petstore env set shop --unset-cacert\n{run}\n"));
    assert_eq!(petstore(&["--env", "shop", "pets", "list"]).code, 5, "its CA is gone");
    let text = outputs.replace(&env.home().display().to_string(), "[HOME]");
    insta::with_settings!({ filters => crate::common::filters(), prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("env_own_cacert", text);
    });
}
