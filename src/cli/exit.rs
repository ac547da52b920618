//! The exit codes scripts can trust. A command fails with `anyhow::Error`; `code` maps it:
//! 0 success, 1 refused or failed, 2 wrong usage (clap's own), 3 a check found problems
//! (`ChecksFailed`: verify, doctor, a restore's archive check), 4 the named thing does not
//! exist (`NotFound`).

use std::fmt;

/// The command failed or was refused (the message says why).
pub const FAILED: u8 = 1;
/// The command line itself is wrong; clap exits with it before any work.
pub const USAGE: u8 = 2;
/// A check ran to the end and found problems (they were printed).
pub const CHECKS_FAILED: u8 = 3;
/// The user, id or file the command names does not exist.
pub const NOT_FOUND: u8 = 4;

/// A check found problems; the summary is the error's message.
#[derive(Debug)]
pub struct ChecksFailed(pub String);

impl fmt::Display for ChecksFailed {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl std::error::Error for ChecksFailed {}

/// What the command names does not exist; the message says what was looked for.
#[derive(Debug)]
pub struct NotFound(pub String);

impl fmt::Display for NotFound {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl std::error::Error for NotFound {}

/// The process exit code of a failed command.
pub fn code(error: &anyhow::Error) -> u8 {
    if error.downcast_ref::<ChecksFailed>().is_some() {
        CHECKS_FAILED
    } else if error.downcast_ref::<NotFound>().is_some() {
        NOT_FOUND
    } else {
        FAILED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_failure_has_its_code() {
        assert_eq!(code(&anyhow::Error::new(ChecksFailed("2 problems".into()))), CHECKS_FAILED);
        let missing = anyhow::Error::new(NotFound("no user 7".into())).context("while showing");
        assert_eq!(code(&missing), NOT_FOUND);
        assert_eq!(code(&anyhow::anyhow!("refused")), FAILED);
        assert_eq!(USAGE, 2, "clap's own usage exit code");
    }
}
