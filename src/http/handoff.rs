//! The listener axum serves when connections are accepted elsewhere: an accept loop of its own
//! (live streams diverted, or TLS handshakes finished) hands each connection over a queue.

use std::net::SocketAddr;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;

/// Connections accepted and waiting for axum to take them.
const HANDOFF_QUEUE: usize = 1024;

/// The sending end the accept loop hands connections to.
pub type Handoff<Io> = mpsc::Sender<(Io, SocketAddr)>;

/// What axum accepts from: the connections an accept loop handed over.
pub struct HandoffListener<Io> {
    connections: mpsc::Receiver<(Io, SocketAddr)>,
    local: SocketAddr,
}

impl<Io> HandoffListener<Io> {
    /// A listener for the socket bound at `local`, and the handoff its accept loop sends to.
    pub fn new(local: SocketAddr) -> (Handoff<Io>, HandoffListener<Io>) {
        let (handoff, connections) = mpsc::channel(HANDOFF_QUEUE);
        (handoff, HandoffListener { connections, local })
    }
}

impl<Io> axum::serve::Listener for HandoffListener<Io>
where
    Io: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Io = Io;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Io, SocketAddr) {
        match self.connections.recv().await {
            Some(connection) => connection,
            // The accept loop ended (it never does while the runtime runs): stop taking any.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        Ok(self.local)
    }
}
