//! The assistant clients `petstore agent setup` knows: where each keeps its MCP servers, in what format, under
//! which key, and where it reads skills. Each path is the one the client's own documentation gives (docs/mcp.md:
//! Setting up assistants); a project's files are in the current directory.

use std::path::{Path, PathBuf};

/// An assistant client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Client {
    /// Claude Code: `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json`), a project's `.mcp.json`
    ClaudeCode,
    /// Claude Desktop: `claude_desktop_config.json` in its config directory; no project files
    ClaudeDesktop,
    /// Cursor: `~/.cursor/mcp.json`, a project's `.cursor/mcp.json`
    Cursor,
    /// VS Code: the user profile's `mcp.json`, a project's `.vscode/mcp.json`
    Vscode,
    /// Codex: `~/.codex/config.toml` (`$CODEX_HOME/config.toml`), a project's `.codex/config.toml`
    Codex,
    /// Gemini CLI: `~/.gemini/settings.json`, a project's `.gemini/settings.json`
    Gemini,
    /// Every client above; with no `--client`, those installed here
    All,
}

impl Client {
    /// Every client, in the order reports list them.
    pub const EACH: [Client; 6] =
        [Client::ClaudeCode, Client::ClaudeDesktop, Client::Cursor, Client::Vscode, Client::Codex, Client::Gemini];

    /// The name `--client` takes.
    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::ClaudeDesktop => "claude-desktop",
            Client::Cursor => "cursor",
            Client::Vscode => "vscode",
            Client::Codex => "codex",
            Client::Gemini => "gemini",
            Client::All => "all",
        }
    }
}

/// Where the servers are: the user's files, or the project's (the current directory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The user's own config, for every project
    User,
    /// The project in the current directory, in files that can be committed with it
    Project,
}

/// A config file's format, and where the servers are in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON (comments allowed where the client allows them): the servers are an object under `key`; `typed`
    /// entries carry `"type": "stdio"`, as the client's documentation writes them.
    Json { key: &'static str, typed: bool },
    /// TOML: the servers are the table `mcp_servers`, one table each.
    Toml,
}

/// The directories a client's paths start from.
#[derive(Debug, Clone)]
pub struct Dirs {
    pub home: PathBuf,
    /// The platform's config directory: `$XDG_CONFIG_HOME` or `~/.config`, `~/Library/Application Support`,
    /// `%APPDATA%`.
    pub config: PathBuf,
    /// The project's directory: the current one (empty when it is gone).
    pub project: PathBuf,
    pub claude_config_dir: Option<PathBuf>,
    pub codex_home: Option<PathBuf>,
}

impl Dirs {
    /// The user's and the project's directories, from the environment.
    pub fn from_env() -> Option<Dirs> {
        let base = directories::BaseDirs::new()?;
        let var = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
        Some(Dirs {
            home: base.home_dir().to_owned(),
            config: base.config_dir().to_owned(),
            // Empty when the current directory is gone: the user's files need none.
            project: std::env::current_dir().unwrap_or_default(),
            claude_config_dir: var("CLAUDE_CONFIG_DIR"),
            codex_home: var("CODEX_HOME"),
        })
    }
}

/// Where one client keeps its servers in one scope.
#[derive(Debug, Clone)]
pub struct Place {
    pub path: PathBuf,
    pub format: Format,
    /// What shows that the client is installed here: its own directory (or file).
    pub sign: PathBuf,
    /// The skill's file (`.../skills/petstore/SKILL.md`), for a client that reads skills.
    pub skill: Option<PathBuf>,
}

impl Place {
    /// Whether the client is installed here, as far as its files show.
    pub fn installed(&self) -> bool {
        self.sign.exists()
    }
}

/// Where `client` keeps its servers in `scope`; `None` for a scope it has no file for (Claude Desktop has no
/// project files).
pub fn place(client: Client, scope: Scope, dirs: &Dirs) -> Option<Place> {
    let project = scope == Scope::Project;
    let at = |user: PathBuf, in_project: &str| if project { dirs.project.join(in_project) } else { user };
    let skill = |dir: PathBuf| dir.join("skills").join("petstore").join("SKILL.md");
    let json = |key, typed| Format::Json { key, typed };
    let place = match client {
        Client::ClaudeCode => {
            // Its own directory: `$CLAUDE_CONFIG_DIR`, or `~/.claude`; the file is in the first, or in `~`.
            let own = dirs.claude_config_dir.clone().unwrap_or_else(|| dirs.home.join(".claude"));
            Place {
                path: at(dirs.claude_config_dir.as_ref().unwrap_or(&dirs.home).join(".claude.json"), ".mcp.json"),
                format: json("mcpServers", true),
                skill: Some(skill(at(own.clone(), ".claude"))),
                sign: own,
            }
        }
        Client::ClaudeDesktop if project => return None,
        Client::ClaudeDesktop => {
            let dir = dirs.config.join("Claude");
            Place {
                path: dir.join("claude_desktop_config.json"),
                format: json("mcpServers", false),
                sign: dir,
                skill: None,
            }
        }
        Client::Cursor => Place {
            path: at(dirs.home.join(".cursor").join("mcp.json"), ".cursor/mcp.json"),
            format: json("mcpServers", false),
            sign: dirs.home.join(".cursor"),
            skill: None,
        },
        Client::Vscode => Place {
            path: at(dirs.config.join("Code").join("User").join("mcp.json"), ".vscode/mcp.json"),
            format: json("servers", true),
            sign: dirs.config.join("Code"),
            skill: None,
        },
        Client::Codex => {
            // Its own directory: `$CODEX_HOME`, or `~/.codex`.
            let own = dirs.codex_home.clone().unwrap_or_else(|| dirs.home.join(".codex"));
            Place {
                path: at(own.join("config.toml"), ".codex/config.toml"),
                format: Format::Toml,
                sign: own,
                // Codex reads skills from `~/.agents/skills` and a project's `.agents/skills`.
                skill: Some(skill(at(dirs.home.join(".agents"), ".agents"))),
            }
        }
        Client::Gemini => Place {
            path: at(dirs.home.join(".gemini").join("settings.json"), ".gemini/settings.json"),
            format: json("mcpServers", false),
            sign: dirs.home.join(".gemini"),
            // Gemini reads `~/.agents/skills` before `~/.gemini/skills`: one copy there, shared with Codex, is
            // no conflict.
            skill: Some(skill(at(dirs.home.join(".agents"), ".agents"))),
        },
        Client::All => unreachable!("`all` is expanded before a place is looked up"),
    };
    Some(place)
}

/// Where `path` really is: every symlink on the way followed, a dangling one's target included, and the part
/// that does not exist yet put under the real path of the part that does.
pub fn real(path: &Path) -> std::io::Result<PathBuf> {
    resolve(path, 40)
}

fn resolve(path: &Path, links: u8) -> std::io::Result<PathBuf> {
    use std::path::Component;
    match std::fs::canonicalize(path) {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
        done => return done,
    }
    let parent = path.parent().filter(|parent| !parent.as_os_str().is_empty());
    if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_symlink()) {
        let Some(links) = links.checked_sub(1) else {
            return Err(std::io::Error::other("too many levels of symbolic links"));
        };
        let target = std::fs::read_link(path)?;
        return resolve(&parent.map_or_else(|| target.clone(), |parent| parent.join(&target)), links);
    }
    match (parent, path.components().next_back()) {
        (Some(parent), Some(Component::Normal(name))) => Ok(resolve(parent, links)?.join(name)),
        (Some(parent), Some(Component::ParentDir)) => {
            let parent = resolve(parent, links)?;
            Ok(parent.parent().unwrap_or(&parent).to_owned())
        }
        _ => Ok(path.to_owned()),
    }
}

/// `path` as shown to a person: under the home directory as `~/...`.
pub fn shown(path: &Path, dirs: &Dirs) -> String {
    match path.strip_prefix(&dirs.home) {
        Ok(rest) if !dirs.home.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs() -> Dirs {
        Dirs {
            home: "/home/u".into(),
            config: "/home/u/.config".into(),
            project: "/work/shop".into(),
            claude_config_dir: None,
            codex_home: None,
        }
    }

    #[test]
    fn each_client_has_its_documented_files() {
        let dirs = dirs();
        let paths: Vec<(String, Option<String>, Option<String>)> = Client::EACH
            .iter()
            .flat_map(|&client| [Scope::User, Scope::Project].map(move |scope| (client, scope)))
            .map(|(client, scope)| match place(client, scope, &dirs) {
                Some(place) => (
                    format!("{} {scope:?}", client.name()),
                    Some(place.path.display().to_string()),
                    place.skill.map(|skill| skill.display().to_string()),
                ),
                None => (format!("{} {scope:?}", client.name()), None, None),
            })
            .collect();
        let expected = [
            ("claude-code User", Some("/home/u/.claude.json"), Some("/home/u/.claude/skills/petstore/SKILL.md")),
            ("claude-code Project", Some("/work/shop/.mcp.json"), Some("/work/shop/.claude/skills/petstore/SKILL.md")),
            ("claude-desktop User", Some("/home/u/.config/Claude/claude_desktop_config.json"), None),
            ("claude-desktop Project", None, None),
            ("cursor User", Some("/home/u/.cursor/mcp.json"), None),
            ("cursor Project", Some("/work/shop/.cursor/mcp.json"), None),
            ("vscode User", Some("/home/u/.config/Code/User/mcp.json"), None),
            ("vscode Project", Some("/work/shop/.vscode/mcp.json"), None),
            ("codex User", Some("/home/u/.codex/config.toml"), Some("/home/u/.agents/skills/petstore/SKILL.md")),
            (
                "codex Project",
                Some("/work/shop/.codex/config.toml"),
                Some("/work/shop/.agents/skills/petstore/SKILL.md"),
            ),
            ("gemini User", Some("/home/u/.gemini/settings.json"), Some("/home/u/.agents/skills/petstore/SKILL.md")),
            (
                "gemini Project",
                Some("/work/shop/.gemini/settings.json"),
                Some("/work/shop/.agents/skills/petstore/SKILL.md"),
            ),
        ];
        let expected: Vec<(String, Option<String>, Option<String>)> = expected
            .iter()
            .map(|(name, path, skill)| (name.to_string(), path.map(str::to_owned), skill.map(str::to_owned)))
            .collect();
        assert_eq!(paths, expected);
    }

    #[test]
    fn the_clients_own_variables_move_their_files() {
        let dirs = Dirs { claude_config_dir: Some("/c".into()), codex_home: Some("/x".into()), ..dirs() };
        assert_eq!(place(Client::ClaudeCode, Scope::User, &dirs).unwrap().path, Path::new("/c/.claude.json"));
        assert_eq!(place(Client::Codex, Scope::User, &dirs).unwrap().path, Path::new("/x/config.toml"));
        assert_eq!(shown(Path::new("/home/u/.cursor/mcp.json"), &dirs), "~/.cursor/mcp.json");
        assert_eq!(shown(Path::new("/work/shop/.mcp.json"), &dirs), "/work/shop/.mcp.json");
    }

    #[test]
    fn a_real_path_follows_links_dangling_ones_and_dot_dots() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let (project, outside) = (root.join("project"), root.join("outside"));
        std::fs::create_dir_all(&project).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, project.join(".codex")).unwrap();
        std::os::unix::fs::symlink("../outside/new.json", project.join(".mcp.json")).unwrap();
        std::os::unix::fs::symlink(root.join("gone/x"), project.join(".gemini")).unwrap();
        let real = |path: &str| real(&project.join(path)).unwrap();
        assert_eq!(real(".codex/config.toml"), outside.join("config.toml"));
        assert_eq!(real(".mcp.json"), outside.join("new.json"));
        assert_eq!(real(".gemini/settings.json"), root.join("gone/x/settings.json"));
        assert_eq!(real(".vscode/mcp.json"), project.join(".vscode/mcp.json"));
        assert_eq!(real(".vscode/../../outside"), outside);
    }
}
