//! Keys kept where teams keep them, read afresh on each run and never stored by petstore: a file named by
//! [`KEY_FILE_VAR`] (Docker and systemd secrets, a mounted volume) and a command recorded for an environment
//! (`env set NAME --key-command 'op read op://shop/petstore/key'`: a password manager, `pass`, a vault CLI).
//!
//! The command runs through the shell (`sh -c`; `cmd /C` on Windows) in a session of its own, so it has no
//! terminal to ask on; stdin is empty, stderr is discarded (it is the command's to word, and may hold what it
//! read), and its first line of stdout is the key. It gets [`COMMAND_TIMEOUT`], then it and whatever it started
//! are killed. No error here holds any of its output: only the command, as the user wrote it, and how it ended.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::ApiKey;

/// The environment variable naming a file whose first line is the key.
pub const KEY_FILE_VAR: &str = "PETSTORE_API_KEY_FILE";

/// How long a key command may take: long enough for a password manager's unlock on another screen (a desktop
/// app's prompt, a phone), short enough that a hung command does not hang a script for good.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// The most of a key file, or of a command's output, that is read: far past any key, and a bound on a wrong
/// file (`/dev/zero`) or a command that writes without end.
const MAX_BYTES: u64 = 64 * 1024;

/// Why a key could not be read from a file or a command. None of them holds what was read.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    #[error("cannot read `{}` ({KEY_FILE_VAR}): {source}", path.display())]
    FileUnreadable { path: PathBuf, source: io::Error },

    /// Others (not the owner, not the group) may read it: a key in it is no secret.
    #[error("`{}` ({KEY_FILE_VAR}) can be read by other users (mode {mode:03o}), so its key is not used", path.display())]
    FileExposed { path: PathBuf, mode: u32 },

    #[error("`{}` ({KEY_FILE_VAR}) has no key on its first line", path.display())]
    FileEmpty { path: PathBuf },

    /// Longer than 64 KiB: not a key file, and a key in it would have to be cut to be read.
    #[error("`{}` ({KEY_FILE_VAR}) is over {} KiB, so it is not read as a key file", path.display(), MAX_BYTES / 1024)]
    FileTooLarge { path: PathBuf },

    /// Not UTF-8: taken as it is, a key would be sent with bytes other than those written.
    #[error("`{}` ({KEY_FILE_VAR}) is not UTF-8 text", path.display())]
    FileNotText { path: PathBuf },

    /// A key with a control character in it, which no `Authorization` header can carry.
    #[error("the key on the first line of `{}` ({KEY_FILE_VAR}) holds a control character and cannot be sent", path.display())]
    FileUnsendable { path: PathBuf },

    #[error("the key command `{command}` could not be started: {source}")]
    CommandUnstartable { command: String, source: io::Error },

    #[error("the key command `{command}` failed ({status})")]
    CommandFailed { command: String, status: String },

    #[error("the key command `{command}` did not finish within {} seconds, so it was stopped", COMMAND_TIMEOUT.as_secs())]
    CommandTimedOut { command: String },

    #[error("the key command `{command}` printed no key on its first line")]
    CommandEmpty { command: String },
}

/// The key in the first line of `path`, which other users must not be able to read: the line exactly as
/// written (a UTF-8 byte-order mark before it and white space around it aside), from a file of at most
/// 64 KiB of UTF-8 text. Anything else is refused, naming the file, rather than read as another key.
pub fn from_file(path: &Path) -> Result<ApiKey, ExternalError> {
    let unreadable = |source| ExternalError::FileUnreadable { path: path.to_owned(), source };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = file.metadata().map_err(unreadable)?.permissions().mode() & 0o777;
        if mode & 0o004 != 0 {
            return Err(ExternalError::FileExposed { path: path.to_owned(), mode });
        }
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(ExternalError::FileTooLarge { path: path.to_owned() });
    }
    let text = String::from_utf8(bytes).map_err(|_| ExternalError::FileNotText { path: path.to_owned() })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let line = text.split('\n').next().unwrap_or_default();
    let key = ApiKey::new(line.to_owned()).ok_or_else(|| ExternalError::FileEmpty { path: path.to_owned() })?;
    if !key.is_sendable() {
        return Err(ExternalError::FileUnsendable { path: path.to_owned() });
    }
    Ok(key)
}

/// The key the command `command` prints first, run as the module says.
pub fn from_command(command: &str) -> Result<ApiKey, ExternalError> {
    from_command_within(command, COMMAND_TIMEOUT)
}

fn from_command_within(command: &str, timeout: Duration) -> Result<ApiKey, ExternalError> {
    let deadline = Instant::now() + timeout;
    let unstartable = |source| ExternalError::CommandUnstartable { command: command.to_owned(), source };
    let mut shell = shell(command);
    shell.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    let mut wrapped = process_wrap::std::CommandWrap::from(shell);
    #[cfg(unix)]
    wrapped.wrap(process_wrap::std::ProcessSession);
    #[cfg(windows)]
    wrapped.wrap(process_wrap::std::JobObject);
    let mut child = wrapped.spawn().map_err(unstartable)?;
    // From here a signal that ends petstore ends the command's session too ([`stop_all`]).
    let Some(_running) = Running::register(child.id()) else {
        let _ = child.kill();
        return Err(ExternalError::CommandFailed { command: command.to_owned(), status: "stopped".to_owned() });
    };
    let mut stdout = child.stdout().take().expect("stdout is piped");
    // Read on a thread of its own, so that a command that never ends its output cannot outlast the deadline;
    // what it read so far is shared, so that a first line can be taken before the output ends.
    let read = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let read = Arc::clone(&read);
        std::thread::spawn(move || -> io::Result<()> {
            let mut chunk = [0; 8192];
            loop {
                let n = match stdout.read(&mut chunk) {
                    Ok(0) => return Ok(()),
                    Ok(n) => n,
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                    Err(err) => return Err(err),
                };
                let mut read = read.lock().unwrap_or_else(PoisonError::into_inner);
                // What is past the bound is read and dropped, so the command is not blocked writing it.
                let room = (MAX_BYTES as usize).saturating_sub(read.len());
                read.extend_from_slice(&chunk[..n.min(room)]);
            }
        })
    };
    let timed_out = || ExternalError::CommandTimedOut { command: command.to_owned() };
    let mut pause = Duration::from_millis(1);
    let status: ExitStatus = loop {
        match child.try_wait().map_err(unstartable)? {
            Some(status) => break status,
            None if Instant::now() >= deadline => {
                let _ = child.kill();
                return Err(timed_out());
            }
            None => {
                std::thread::sleep(pause.min(deadline.saturating_duration_since(Instant::now())));
                pause = (pause * 2).min(Duration::from_millis(50));
            }
        }
    };
    // The command (the shell) has ended. What it left running may hold its stdout open (`sleep 60 &`): once
    // its first line is whole, that is the key, and what it left goes with its session (its job on Windows),
    // so that nothing of it outlives this call. Until then, its output is read up to the deadline.
    loop {
        if reader.is_finished() {
            reader.join().expect("the reader does not panic").map_err(unstartable)?;
            break;
        }
        if read.lock().unwrap_or_else(PoisonError::into_inner).contains(&b'\n') {
            let _ = child.kill();
            break;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            return Err(timed_out());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    if !status.success() {
        let status = match status.code() {
            Some(code) => format!("exit code {code}"),
            None => "ended by a signal".to_owned(),
        };
        return Err(ExternalError::CommandFailed { command: command.to_owned(), status });
    }
    let out = std::mem::take(&mut *read.lock().unwrap_or_else(PoisonError::into_inner));
    first_line(&out).ok_or_else(|| ExternalError::CommandEmpty { command: command.to_owned() })
}

/// The sessions (process groups) of the key commands running now, by their leader's id, for [`stop_all`];
/// `None` once it has run, so that a command that would start after it is stopped at once instead.
static RUNNING: Mutex<Option<Vec<u32>>> = Mutex::new(Some(Vec::new()));

/// A key command's place in [`RUNNING`], for as long as it runs.
struct Running(u32);

impl Running {
    /// `None` once [`stop_all`] has run.
    fn register(pid: u32) -> Option<Running> {
        let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
        running.as_mut()?.push(pid);
        Some(Running(pid))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(running) = RUNNING.lock().unwrap_or_else(PoisonError::into_inner).as_mut() {
            running.retain(|&pid| pid != self.0);
        }
    }
}

/// How long a key command has, after SIGTERM, to put right what it changed (a terminal it turned the echo of
/// off, as `pinentry` does) before it is killed.
#[cfg(unix)]
const STOP_GRACE: Duration = Duration::from_millis(200);

/// Ends every key command running now, with everything it started in its session, and any that would start
/// from now on: for a signal that ends petstore, whose thread that waits on a command is then abandoned (the
/// command would live on, re-parented). SIGTERM first, then, after at most 0.2 s, SIGKILL. Unix only;
/// on Windows a job object ends with the process. Whether one was running: it may have left a terminal it
/// asked on without echo, for the caller to put right.
pub fn stop_all() -> bool {
    let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner).take().unwrap_or_default();
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process_group, test_kill_process_group};
        let groups: Vec<Pid> = running.iter().filter_map(|&pid| Pid::from_raw(pid as i32)).collect();
        if groups.is_empty() {
            return false;
        }
        for &group in &groups {
            let _ = kill_process_group(group, Signal::TERM);
        }
        let until = Instant::now() + STOP_GRACE;
        while Instant::now() < until && groups.iter().any(|&group| test_kill_process_group(group).is_ok()) {
            std::thread::sleep(Duration::from_millis(10));
        }
        for &group in &groups {
            let _ = kill_process_group(group, Signal::KILL);
        }
        true
    }
    #[cfg(not(unix))]
    !running.is_empty()
}

/// The shell that runs a command line as the user wrote it.
fn shell(command: &str) -> Command {
    #[cfg(windows)]
    {
        let mut shell = Command::new("cmd");
        shell.arg("/C").arg(command);
        shell
    }
    #[cfg(not(windows))]
    {
        let mut shell = Command::new("sh");
        shell.arg("-c").arg(command);
        shell
    }
}

/// The key on the first line of `bytes`, without the line ending or the white space around it.
fn first_line(bytes: &[u8]) -> Option<ApiKey> {
    let line = bytes.split(|&byte| byte == b'\n').next().unwrap_or_default();
    ApiKey::new(String::from_utf8_lossy(line).into_owned())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_of_the_output_is_the_key() {
        let key = from_command("printf 'pk_one\\nsecond line\\n'; echo noise >&2").unwrap();
        assert_eq!(key.expose(), "pk_one");
        assert_eq!(from_command("printf '  pk_two  \\r\\n'").unwrap().expose(), "pk_two");
    }

    #[test]
    fn failures_name_the_command_and_nothing_it_printed() {
        let err = from_command("echo pk_leaked; echo pk_leaked >&2; exit 3").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the key command `echo pk_leaked; echo pk_leaked >&2; exit 3` failed (exit code 3)"
        );
        let err = from_command("echo; echo pk_second").unwrap_err();
        assert!(matches!(err, ExternalError::CommandEmpty { .. }), "{err}");
        let err = from_command("kill -9 $$").unwrap_err();
        assert!(err.to_string().ends_with("failed (ended by a signal)"), "{err}");
    }

    #[test]
    fn it_has_no_terminal_and_a_command_that_hangs_is_stopped_with_what_it_started() {
        // No controlling terminal: opening it fails.
        let err = from_command("exec 3</dev/tty && echo pk_had_a_terminal").unwrap_err();
        assert!(matches!(err, ExternalError::CommandFailed { .. }), "{err}");
        let marker = tempfile::NamedTempFile::new().unwrap();
        let path = marker.path().display().to_string();
        let started = Instant::now();
        let err = from_command_within(&format!("(sleep 2; echo late > {path}) & sleep 30"), Duration::from_millis(300))
            .unwrap_err();
        assert!(matches!(err, ExternalError::CommandTimedOut { .. }), "{err}");
        assert!(started.elapsed() < Duration::from_secs(10), "stopped at its deadline");
        // A command that ends at once but leaves a child holding its stdout is bounded too.
        let err = from_command_within("sleep 30 &", Duration::from_millis(300)).unwrap_err();
        assert!(matches!(err, ExternalError::CommandTimedOut { .. }), "{err}");
        std::thread::sleep(Duration::from_millis(2500));
        assert_eq!(std::fs::read_to_string(marker.path()).unwrap(), "", "what it started was killed with it");
    }

    #[test]
    fn a_command_that_ended_gives_its_first_line_though_a_child_it_left_holds_its_output() {
        for command in ["echo pk_left; sleep 60 &", "(sleep 60 &); echo pk_left"] {
            let started = Instant::now();
            assert_eq!(from_command_within(command, Duration::from_secs(20)).unwrap().expose(), "pk_left");
            assert!(started.elapsed() < Duration::from_secs(10), "{command}: waited for the child");
        }
    }

    #[test]
    fn a_key_file_gives_its_first_line_unless_others_can_read_it() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        std::fs::write(&path, "pk_from_file\nrest\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert_eq!(from_file(&path).unwrap().expose(), "pk_from_file");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let err = from_file(&path).unwrap_err();
        assert!(err.to_string().ends_with("can be read by other users (mode 644), so its key is not used"), "{err}");
        std::fs::write(&path, "\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(matches!(from_file(&path), Err(ExternalError::FileEmpty { .. })));
        assert!(matches!(from_file(&dir.path().join("none")), Err(ExternalError::FileUnreadable { .. })));
    }

    #[test]
    fn a_key_file_is_its_first_line_exactly_or_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        let with = |bytes: &[u8]| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::write(&path, bytes).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
            from_file(&path)
        };
        assert_eq!(with(b"\xef\xbb\xbfpk_bom\r\n").unwrap().expose(), "pk_bom", "a byte-order mark is no part of it");
        let mut long = b"pk_long\n".to_vec();
        long.resize(MAX_BYTES as usize, b'#');
        assert_eq!(with(&long).unwrap().expose(), "pk_long");
        long.push(b'#');
        assert!(matches!(with(&long), Err(ExternalError::FileTooLarge { .. })), "not cut at the bound");
        assert!(matches!(with(b"pk_\xff\n"), Err(ExternalError::FileNotText { .. })));
        assert!(matches!(with(b"pk_a\x01b\n"), Err(ExternalError::FileUnsendable { .. })));
        let err = with(b"pk_\xff").unwrap_err().to_string();
        assert!(err.contains(&path.display().to_string()) && !err.contains("pk_"), "{err}");
    }
}
