//! systemd's service notifications (sd_notify(3)) for a `Type=notify` unit: one datagram per
//! state to the socket named by `NOTIFY_SOCKET`, written with std's `UnixDatagram` (the
//! protocol is a line of text; no crate needed). Outside systemd nothing is sent.

use std::os::unix::net::UnixDatagram;
use std::path::PathBuf;
use std::time::Duration;

/// The unit's notification socket, when systemd gave one.
pub struct Notifier {
    socket: UnixDatagram,
    target: Target,
}

enum Target {
    Path(PathBuf),
    /// A name in the abstract namespace (`NOTIFY_SOCKET=@name`).
    Abstract(Vec<u8>),
}

impl Notifier {
    /// The socket of `NOTIFY_SOCKET`; None when it is unset or empty.
    pub fn from_env() -> Option<Notifier> {
        let name = std::env::var_os("NOTIFY_SOCKET").filter(|name| !name.is_empty())?;
        let bytes = std::os::unix::ffi::OsStrExt::as_bytes(name.as_os_str()).to_vec();
        let target = match bytes.strip_prefix(b"@") {
            Some(abstract_name) => Target::Abstract(abstract_name.to_vec()),
            None => Target::Path(PathBuf::from(name)),
        };
        match UnixDatagram::unbound() {
            Ok(socket) => Some(Notifier { socket, target }),
            Err(error) => {
                tracing::warn!(%error, "cannot open a socket for systemd notifications");
                None
            }
        }
    }

    /// Sends `state` ("READY=1", "WATCHDOG=1", "STOPPING=1"); a failure only logs, as the
    /// server works on without systemd hearing of it.
    pub fn notify(&self, state: &str) {
        let sent = match &self.target {
            Target::Path(path) => self.socket.send_to(state.as_bytes(), path),
            Target::Abstract(name) => {
                use std::os::linux::net::SocketAddrExt;
                std::os::unix::net::SocketAddr::from_abstract_name(name)
                    .and_then(|address| self.socket.send_to_addr(state.as_bytes(), &address))
            }
        };
        if let Err(error) = sent {
            tracing::warn!(%error, state, "a systemd notification failed");
        }
    }
}

/// How often to send WATCHDOG=1: half of `WATCHDOG_USEC`, as sd_watchdog_enabled(3) advises.
/// None when the unit has no watchdog, or it is meant for another process (`WATCHDOG_PID`).
pub fn watchdog_interval() -> Option<Duration> {
    if let Ok(pid) = std::env::var("WATCHDOG_PID")
        && pid.trim() != std::process::id().to_string()
    {
        return None;
    }
    let usec: u64 = std::env::var("WATCHDOG_USEC").ok()?.trim().parse().ok()?;
    (usec > 0).then(|| Duration::from_micros(usec / 2))
}
