//! `fairhall serve` on a real port: started, waited for, stopped on drop; requests over HTTP.

use crate::support::binary::fairhall;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long the server may take to start, and to stop after SIGTERM.
pub const START_TIMEOUT: Duration = Duration::from_secs(30);

pub const STOP_TIMEOUT: Duration = Duration::from_secs(5);

/// Removes ANSI colour sequences (in case the log is coloured despite NO_COLOR).
fn strip_ansi(line: &str) -> String {
    let mut plain = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(character) = chars.next() {
        if character == '\u{1b}' {
            for inner in chars.by_ref() {
                if inner.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(character);
        }
    }
    plain
}

/// The address from the log line "fairhall is serving address=...".
fn serving_address(line: &str) -> Option<String> {
    let line = strip_ansi(line);
    let (_, rest) = line.split_once("fairhall is serving")?;
    let (_, rest) = rest.split_once("address=")?;
    rest.split_whitespace().next().map(str::to_string)
}

/// Kills the server if the test fails before stopping it.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// `fairhall [global_args] serve` on a free port; returns the server and its address.
pub fn start_with(data_dir: &std::path::Path, global_args: &[&str]) -> (Server, String) {
    let mut child = fairhall(data_dir)
        .args(global_args)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("a stdout pipe");
    let server = Server(child);
    let (sender, receiver) = mpsc::channel();
    // Drains the log for the server's whole life so the pipe never fills.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(address) = serving_address(&line) {
                let _ = sender.send(address);
            }
        }
    });
    let address = receiver.recv_timeout(START_TIMEOUT).expect("the server logs its address");
    (server, address)
}

/// POSTs `body` as JSON to the server at `base`, with the session token when given.
pub fn post(base: &str, path: &str, body: &Value, token: Option<&str>) -> Value {
    let mut request = ureq::post(&format!("{base}{path}"));
    if let Some(token) = token {
        request = request.header("token", token);
    }
    let mut response = request.send_json(body).expect("the server answers");
    response.body_mut().read_json().expect("an envelope")
}

/// GETs `path` from the server at `base` with the session token.
pub fn get(base: &str, path: &str, token: &str) -> Value {
    let response = ureq::get(&format!("{base}{path}")).header("token", token).call();
    response.expect("the server answers").body_mut().read_json().expect("an envelope")
}
