//! `-- COMMAND` tied to the sandbox's life: a SIGKILL of the sandbox (an OOM kill, a CI runner's `kill -9`)
//! can run no code of its, so what it started must end by itself.
//!
//! - COMMAND is started through the sandbox's own binary (`petstore-sandbox __tethered PID -- COMMAND`), which
//!   asks Linux for SIGKILL when its parent dies (`PR_SET_PDEATHSIG`, kept across `exec`), checks that the
//!   parent is still there, and becomes COMMAND with `exec`: the same process, so signals passed on and exit
//!   codes are as before. No `unsafe` `pre_exec` hook is needed for it.
//! - The private directories (the config directory, the CA's) are watched by a guard, `petstore-sandbox
//!   __remove-when-closed DIR...`, in a process group of its own (a Ctrl-C at the terminal does not reach it):
//!   it waits for its stdin, a pipe only the sandbox holds open, to close, which happens however the sandbox
//!   ends, then removes them. After a normal end the sandbox has removed them already.
//!
//! What can remain: with the guard killed as well (`kill -9` of both), the directories stay in the temporary
//! directory, as any program's; off Linux, COMMAND outlives a SIGKILL of the sandbox.

use std::ffi::OsString;
use std::path::PathBuf;

/// The first argument that starts COMMAND tied to its parent.
pub const TETHERED: &str = "__tethered";

/// The first argument that starts the guard of the private directories.
pub const GUARD: &str = "__remove-when-closed";

/// Runs one of the hidden roles when the arguments ask for one; otherwise returns, for the sandbox to start.
pub fn run_role() {
    let mut args = std::env::args_os().skip(1);
    match args.next() {
        Some(role) if role == TETHERED => {
            stop_allocator_threads();
            become_command(args.collect())
        }
        Some(role) if role == GUARD => {
            stop_allocator_threads();
            guard(args.map(PathBuf::from).collect())
        }
        _ => {}
    }
}

/// jemalloc's background thread (.cargo/config.toml) is the server's, to give memory back while it runs. A
/// role's process becomes COMMAND with `exec`, or only waits: it stops that thread first. Otherwise, under load,
/// the thread was still starting others when `exec` took the process, each start failed (EAGAIN) and jemalloc
/// said so on stderr, which is COMMAND's, hundreds of lines at a time.
fn stop_allocator_threads() {
    #[cfg(target_os = "linux")]
    let _ = tikv_jemalloc_ctl::background_thread::write(false);
}

/// `PID -- COMMAND [ARGS]...`: dies with PID, then becomes COMMAND. An error before COMMAND runs is told as
/// the sandbox tells it, with the shell's exit codes (127, 126).
fn become_command(args: Vec<OsString>) -> ! {
    let [parent, dashes, command @ ..] = &args[..] else { std::process::exit(2) };
    if dashes != "--" || command.is_empty() {
        std::process::exit(2);
    }
    #[cfg(target_os = "linux")]
    {
        let parent = parent.to_str().and_then(|pid| pid.parse::<i32>().ok());
        if rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL)).is_err() {
            eprintln!("error: cannot tie `{}` to the sandbox's life", command[0].to_string_lossy());
            std::process::exit(1);
        }
        // The sandbox died before the death signal was asked for: nothing would send it now.
        if rustix::process::getppid().map(rustix::process::Pid::as_raw_nonzero).map(|pid| pid.get()) != parent {
            std::process::exit(1);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = parent;
    let err = exec(command);
    let shown = command[0].to_string_lossy();
    eprintln!("error: cannot run `{shown}`: {err}");
    std::process::exit(i32::from(crate::cannot_run_code(&shown, &err)))
}

#[cfg(unix)]
fn exec(command: &[OsString]) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    std::process::Command::new(&command[0]).args(&command[1..]).exec()
}

#[cfg(not(unix))]
fn exec(command: &[OsString]) -> std::io::Error {
    match std::process::Command::new(&command[0]).args(&command[1..]).status() {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(err) => err,
    }
}

/// Waits until stdin closes, then removes each directory in `dirs` with what is in it.
fn guard(dirs: Vec<PathBuf>) -> ! {
    let mut sink = [0u8; 64];
    loop {
        match std::io::Read::read(&mut std::io::stdin(), &mut sink) {
            Ok(0) => break,
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
    std::process::exit(0)
}

/// The command that runs `command` tied to this process's life, where that can be done; `command` itself
/// elsewhere.
pub fn command(command: &[String]) -> tokio::process::Command {
    match std::env::current_exe() {
        Ok(me) if cfg!(target_os = "linux") => {
            let mut tethered = tokio::process::Command::new(me);
            tethered.arg(TETHERED).arg(std::process::id().to_string()).arg("--").args(command);
            tethered
        }
        _ => {
            let mut plain = tokio::process::Command::new(&command[0]);
            plain.args(&command[1..]);
            plain
        }
    }
}

/// Starts the guard of `dirs`: they are removed once the returned child's stdin closes, which the sandbox
/// holds (and the kernel closes when the sandbox dies). `None` when it cannot be started: the sandbox still
/// removes them when it ends normally.
pub fn guard_dirs(dirs: &[&std::path::Path]) -> Option<tokio::process::Child> {
    if dirs.is_empty() {
        return None;
    }
    let me = std::env::current_exe().ok()?;
    let mut guard = tokio::process::Command::new(me);
    guard
        .arg(GUARD)
        .args(dirs)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    #[cfg(unix)]
    guard.process_group(0);
    guard.spawn().ok()
}
