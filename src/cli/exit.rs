//! The exit codes scripts can trust. A command fails with `anyhow::Error`; `code` maps it:
//! 0 success, 1 refused or failed, 2 wrong usage (clap's own), 3 a check found problems
//! (`ChecksFailed`: verify, doctor, a restore's archive check), 4 the named thing does not
//! exist (`NotFound`), 141 the reader of its output went away (`fairhall admin ... | head`).

use std::any::Any;
use std::fmt;
use std::io::ErrorKind;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

/// The command failed or was refused (the message says why).
pub const FAILED: u8 = 1;
/// The command line itself is wrong; clap exits with it before any work.
pub const USAGE: u8 = 2;
/// A check ran to the end and found problems (they were printed).
pub const CHECKS_FAILED: u8 = 3;
/// The user, id or file the command names does not exist.
pub const NOT_FOUND: u8 = 4;
/// The reader of the command's output went away (`... | head`): the code of a Unix tool that
/// SIGPIPE ended (128 + 13). The command ends quietly: no message, no panic.
pub const BROKEN_PIPE: u8 = 141;

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
    if is_broken_pipe(error) {
        BROKEN_PIPE
    } else if error.downcast_ref::<ChecksFailed>().is_some() {
        CHECKS_FAILED
    } else if error.downcast_ref::<NotFound>().is_some() {
        NOT_FOUND
    } else {
        FAILED
    }
}

/// Whether `error` comes from writing to a reader that went away: the command ends quietly.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == ErrorKind::BrokenPipe)
    })
}

/// Makes a print to a closed output end the command quietly: `println!` panics when its
/// reader went away (Rust ignores SIGPIPE), so the panic hook stays silent for that panic and
/// `catch_broken_pipe` (the whole command) and `CatchBrokenPipe` (an audited change, which
/// still records its outcome) turn it into an error of kind `BrokenPipe`. Not for `serve`.
pub fn quiet_broken_pipes() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_broken_pipe_panic(info.payload()) {
            default(info);
        }
    }));
}

/// The message `print!`/`println!` panic with on a closed output ("failed printing to stdout:
/// Broken pipe (os error 32)").
fn is_broken_pipe_panic(payload: &(dyn Any + Send)) -> bool {
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied());
    message.is_some_and(|message| {
        message.starts_with("failed printing to std")
            && message.to_ascii_lowercase().contains("broken pipe")
    })
}

/// The error a caught broken-pipe panic becomes; any other panic goes on unwinding.
fn broken_pipe_error(payload: Box<dyn Any + Send>) -> anyhow::Error {
    if !is_broken_pipe_panic(payload.as_ref()) {
        std::panic::resume_unwind(payload);
    }
    anyhow::Error::new(std::io::Error::from(ErrorKind::BrokenPipe))
        .context("the output was closed before the command ended")
}

/// Runs the whole command, a print to a closed output becoming a `BrokenPipe` error.
pub fn catch_broken_pipe(command: impl FnOnce() -> anyhow::Result<()>) -> anyhow::Result<()> {
    std::panic::catch_unwind(AssertUnwindSafe(command))
        .unwrap_or_else(|payload| Err(broken_pipe_error(payload)))
}

/// A future whose print to a closed output ends it with a `BrokenPipe` error (boxed: pinning
/// the future needs no unsafe code).
pub struct CatchBrokenPipe<F: Future>(pub Pin<Box<F>>);

impl<F: Future<Output = anyhow::Result<()>>> Future for CatchBrokenPipe<F> {
    type Output = anyhow::Result<()>;

    fn poll(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = &mut self.0;
        match std::panic::catch_unwind(AssertUnwindSafe(|| inner.as_mut().poll(context))) {
            Ok(polled) => polled,
            Err(payload) => Poll::Ready(Err(broken_pipe_error(payload))),
        }
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

    #[test]
    fn a_closed_output_ends_the_command_with_its_own_code_and_other_panics_go_on() {
        let closed = anyhow::Error::new(std::io::Error::from(ErrorKind::BrokenPipe));
        assert_eq!(code(&closed.context("while printing")), BROKEN_PIPE);
        let caught =
            catch_broken_pipe(|| panic!("failed printing to stdout: Broken pipe (os error 32)"));
        assert_eq!(code(&caught.expect_err("a broken pipe")), BROKEN_PIPE);
        let other = std::panic::catch_unwind(|| catch_broken_pipe(|| panic!("another bug")));
        assert!(other.is_err(), "any other panic goes on unwinding");
    }
}
