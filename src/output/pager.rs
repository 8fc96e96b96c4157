//! Long help through a pager at a terminal: `pets add --help` is over 200 lines, and at 80x24 its examples
//! scroll off before they can be read. The pager is `PETSTORE_PAGER`, else `PAGER`, else `less -FRX` where it
//! exists (`-F` leaves at once what fits one screen, `-R` shows colour, `-X` leaves the text on the screen).
//! Never when stdout is not a terminal, with `--no-pager`, or when the text fits the terminal; an empty
//! variable or `cat` means no pager.

use std::io::{IsTerminal, Write};
use std::process::{Command, Stdio};

/// The variable that names petstore's pager, before `PAGER`.
pub const PAGER_VAR: &str = "PETSTORE_PAGER";

/// Whether the raw arguments ask for no pager (`--no-pager` before `--`), read before clap parses them, as
/// help is shown when parsing stops.
pub fn no_pager_from_args(args: &[std::ffi::OsString]) -> bool {
    args.iter().skip(1).take_while(|arg| *arg != "--").any(|arg| arg == "--no-pager")
}

/// The pager's command line, run by the shell, as the variables say; `None` for none.
fn pager_command() -> Option<String> {
    let chosen = [PAGER_VAR, "PAGER"].iter().find_map(|name| std::env::var(name).ok());
    match chosen {
        Some(command) if command.trim().is_empty() || command.trim() == "cat" => None,
        Some(command) => Some(command),
        None => which_less().then(|| "less -FRX".to_owned()),
    }
}

/// Whether `less` is on `PATH`.
fn which_less() -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("less").is_file()))
}

/// Shows `text` through the pager when stdout is a terminal shorter than `text` and a pager is chosen; `None`
/// when it was not (the caller prints `text` itself), else how writing to the pager went (a pager left early,
/// `q`, is no failure). A pager that cannot run (126, 127) or exits with a failure may have shown nothing: it
/// is said to `failed`, in words, and `None` has the caller print `text`.
pub fn page(text: &str, failed: impl FnOnce(&str)) -> Option<std::io::Result<()>> {
    if !cfg!(unix) || !std::io::stdout().is_terminal() {
        return None;
    }
    let (_, rows) = terminal_size::terminal_size_of(std::io::stdout())?;
    if text.lines().count() < usize::from(rows.0) {
        return None;
    }
    let command = pager_command()?;
    // Ctrl-C belongs to the pager while it runs: it must not end petstore under it and leave the pager
    // drawing over the shell's prompt. A handler of tokio's, registered for the rest of this process, keeps
    // SIGINT from killing it.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_io().build().ok()?;
    let _entered = runtime.enter();
    #[cfg(unix)]
    let _held = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()).ok()?;
    let mut child = Command::new("sh").args(["-c", &command]).stdin(Stdio::piped()).spawn().ok()?;
    let written = child.stdin.take().map(|mut stdin| stdin.write_all(text.as_bytes())).unwrap_or(Ok(()));
    let waited = match child.wait() {
        Ok(status) if !status.success() => {
            let how = status.code().map_or_else(|| "killed by a signal".to_owned(), |code| format!("exit {code}"));
            failed(&format!("the pager `{command}` failed ({how}), so the help follows without it"));
            return None;
        }
        waited => waited.map(|_| ()),
    };
    Some(match written {
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => waited,
        written => written.and(waited),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_pager_is_read_before_the_double_dash_only() {
        let args = |list: &[&str]| list.iter().map(Into::into).collect::<Vec<std::ffi::OsString>>();
        assert!(no_pager_from_args(&args(&["petstore", "pets", "add", "--help", "--no-pager"])));
        assert!(!no_pager_from_args(&args(&["petstore", "pets", "add", "--help"])));
        assert!(!no_pager_from_args(&args(&["petstore", "api", "/", "--", "--no-pager"])));
    }
}
