//! The real binary on a temp data directory: `fairhall --data-dir DIR ...`, with a time limit,
//! its exit status and output (the process tests and the specs' few CLI checks).

use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// How long one CLI command may take before the test gives up on it.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Run {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{}\nstdout:\n{}\nstderr:\n{}", self.status, self.stdout, self.stderr)
    }
}

/// The binary, with a clean environment for its config and logs.
pub fn fairhall(data_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fairhall"));
    command
        .arg("--data-dir")
        .arg(data_dir)
        .env_remove("FAIRHALL_CONFIG")
        .env_remove("FAIRHALL_DATA_DIR")
        // `admin --by` defaults to $USER: without it, to "operator", whoever runs the tests.
        .env_remove("USER")
        // The audit log records these beside --by: absent unless a test sets them.
        .env_remove("SUDO_USER")
        .env_remove("LOGNAME")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "info");
    command
}

/// Runs `fairhall --data-dir <dir> <args>` with `stdin` as its input, within a time limit.
pub fn run_with_input(data_dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = fairhall(data_dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(mut input) = child.stdin.take() {
        input.write_all(stdin.as_bytes()).expect("stdin is writable");
    }
    let pid = child.id();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    let Ok(output) = receiver.recv_timeout(COMMAND_TIMEOUT) else {
        let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
        panic!("fairhall {args:?} did not finish within {COMMAND_TIMEOUT:?}");
    };
    let output = output.expect("the binary ran");
    Run {
        status: output.status,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

pub fn run(data_dir: &Path, args: &[&str]) -> Run {
    run_with_input(data_dir, args, "")
}

/// Creates an empty hall in `data_dir` (`fairhall migrate`, a first start): every other
/// command refuses a data directory without a database.
pub fn new_hall(data_dir: &Path) {
    succeed(data_dir, &["migrate"]);
}

/// `count` moments spread over one and a half times `one_run` (a fixed linear congruential
/// walk from `seed`): killing a command at each, some land before its commit, some after.
pub fn kill_moments(one_run: Duration, count: usize, mut seed: u64) -> Vec<Duration> {
    let span = (one_run.as_micros() as u64 * 3 / 2).max(1);
    (0..count)
        .map(|_| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            Duration::from_micros((seed >> 33) % span)
        })
        .collect()
}

/// Starts `fairhall ARGS` on `data_dir` and kills it with SIGKILL after `delay`.
pub fn killed_after(data_dir: &Path, args: &[&str], delay: Duration) {
    let mut child = fairhall(data_dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(delay);
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
}

/// Runs `fairhall ARGS` and returns its standard output; fails the test unless it succeeded.
#[track_caller]
pub fn succeed(data_dir: &Path, args: &[&str]) -> String {
    let run = run(data_dir, args);
    assert!(run.status.success(), "fairhall {args:?}: {run:?}");
    run.stdout
}

/// Runs `fairhall ARGS`; fails the test unless it failed.
#[track_caller]
pub fn fail(data_dir: &Path, args: &[&str]) -> Run {
    let run = run(data_dir, args);
    assert!(!run.status.success(), "fairhall {args:?} should fail: {run:?}");
    run
}
