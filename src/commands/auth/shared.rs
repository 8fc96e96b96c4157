//! What the `auth` verbs share with each other and with `doctor` (as gh's `pkg/cmd/auth/shared/`): the verdict
//! an answer gives on a key, and how long a key lasts in the kernel's keyring.

use crate::error::{Error, code, exit};

/// What the API's answer to a list of one animal says about the key it was sent with. `auth status` and
/// `doctor` word it alike.
#[derive(Debug)]
pub enum Verdict<'a> {
    Accepted,
    /// A 401 or 403, with the server's explanation.
    Refused {
        status: u16,
        detail: String,
    },
    /// The answer says nothing about the key (no answer, a 5xx, a 404 for a wrong base URL...).
    Unknown(&'a Error),
}

impl<'a> Verdict<'a> {
    pub fn of(result: &'a Result<(), Error>) -> Verdict<'a> {
        match result {
            Ok(()) => Verdict::Accepted,
            Err(err) if err.is(&code::UNAUTHORIZED) => Verdict::Refused {
                status: err.http_status().unwrap_or_default(),
                detail: err.server_detail().unwrap_or_default(),
            },
            Err(other) => Verdict::Unknown(other),
        }
    }

    /// The exit code `auth status` gives for it.
    pub fn exit_code(&self) -> u8 {
        match self {
            Verdict::Accepted => exit::SUCCESS,
            Verdict::Refused { .. } => exit::AUTH,
            Verdict::Unknown(err) => err.exit_code(),
        }
    }
}

impl std::fmt::Display for Verdict<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::Refused { status, .. } => write!(f, "refused (HTTP {status})"),
            Verdict::Unknown(err) => write!(f, "unknown: {err}"),
        }
    }
}

/// What a key stored with `--storage kernel` lasts, in words for `auth login`, `auth status` and `doctor`.
pub fn kernel_lifetime() -> String {
    let unused = petstore_core::credentials::kernel::persistent_expiry()
        .map_or_else(|| "the kernel's persistent_keyring_expiry".to_owned(), crate::output::duration_words);
    format!("no file holds it; it survives logging out, is gone after {unused} unused, and does not survive a reboot")
}
