//! Live streams outside hyper. A connection whose first request is `GET /api/live` is served by
//! a small task that reads the request head itself, passes it through the same router as every
//! other request (so sessions, tickets, caps and refusals are the router's), writes the
//! response head and then the stream's frames straight to the socket, and closes the
//! connection when the stream ends. An idle stream then holds its socket and its place in the
//! hub, about 1 kB, instead of hyper's two 8 kB connection buffers. Every other connection goes
//! to axum unchanged.

use super::handoff::{Handoff, HandoffListener};
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderName, HeaderValue, Request, Response};
use futures_util::StreamExt;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// What a live connection starts with.
const LIVE_PREFIX: &[u8] = b"GET /api/live";
/// Longest request head a live connection may send (cookies included).
const HEAD_MAX_BYTES: usize = 16 * 1024;
/// How long a new connection may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// Accepts on `listener` in a task of its own; live streams are served by `router` until
/// `stopping` turns true, and axum serves the other connections.
pub fn divert_live(
    listener: TcpListener,
    router: Router,
    stopping: watch::Receiver<bool>,
) -> std::io::Result<HandoffListener<TcpStream>> {
    let (handoff, accepted) = HandoffListener::new(listener.local_addr()?);
    tokio::spawn(accept_loop(listener, router, handoff, stopping));
    Ok(accepted)
}

/// Server loop: accepts until the runtime stops; each connection is sorted in a task of its
/// own, so a client slow to send its request holds up no other.
async fn accept_loop(
    listener: TcpListener,
    router: Router,
    handoff: Handoff<TcpStream>,
    stopping: watch::Receiver<bool>,
) {
    loop {
        let (stream, address) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, mostly: wait for some to be freed.
                tracing::warn!(%error, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let (router, handoff, stopping) = (router.clone(), handoff.clone(), stopping.clone());
        tokio::spawn(async move {
            if is_live(&stream).await {
                serve_live(stream, address, router, stopping).await;
            } else {
                let _ = handoff.send((stream, address)).await;
            }
        });
    }
}

/// Whether the connection's first bytes are `GET /api/live` (looked at, not consumed).
async fn is_live(stream: &TcpStream) -> bool {
    let mut first = [0u8; LIVE_PREFIX.len()];
    // A request line arrives whole nearly always; a few short waits cover one that is split.
    for _ in 0..20 {
        let seen = match tokio::time::timeout(HEAD_TIMEOUT, stream.peek(&mut first)).await {
            Ok(Ok(seen)) => seen,
            _ => return false,
        };
        if seen == 0 || first[..seen] != LIVE_PREFIX[..seen] {
            return false;
        }
        if seen == LIVE_PREFIX.len() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

/// One live connection: its request through the router, then the response written out until
/// the stream ends, the client goes or the server stops.
async fn serve_live(
    mut stream: TcpStream,
    address: SocketAddr,
    router: Router,
    stopping: watch::Receiver<bool>,
) {
    let Some(request) = read_request(&mut stream, address).await else {
        let _ = stream.write_all(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n").await;
        return;
    };
    let Ok(response) = router.oneshot(request).await;
    let (parts, body) = response.into_parts();
    if stream.write_all(&response_head(&Response::from_parts(parts, ()))).await.is_err() {
        return;
    }
    // A task of its own: this one's state (the router's future, the head's buffers) is freed
    // now instead of living as long as the stream.
    tokio::spawn(pump(stream, body, stopping));
}

/// Writes the response body to the socket until it ends, the client goes or the server stops.
async fn pump(mut stream: TcpStream, body: Body, mut stopping: watch::Receiver<bool>) {
    let mut frames = body.into_data_stream();
    loop {
        tokio::select! {
            frame = frames.next() => {
                let Some(Ok(frame)) = frame else { break };
                if stream.write_all(&frame).await.is_err() {
                    break;
                }
            }
            () = until_stopping(&mut stopping) => break,
        }
    }
    let _ = stream.shutdown().await;
}

/// Reads and parses the request head; its buffer is freed before the stream starts.
async fn read_request(stream: &mut TcpStream, address: SocketAddr) -> Option<Request<Body>> {
    let mut head = Vec::with_capacity(1024);
    let read = async {
        loop {
            let mut chunk = [0u8; 1024];
            let read = stream.read(&mut chunk).await.ok()?;
            if read == 0 {
                return None;
            }
            head.extend_from_slice(&chunk[..read]);
            if head.windows(4).any(|window| window == b"\r\n\r\n") {
                return Some(());
            }
            if head.len() > HEAD_MAX_BYTES {
                return None;
            }
        }
    };
    tokio::time::timeout(HEAD_TIMEOUT, read).await.ok()??;
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Request::new(&mut headers);
    parsed.parse(&head).ok()?;
    let mut request = Request::builder().method(parsed.method?).uri(parsed.path?);
    for header in parsed.headers.iter() {
        let name = HeaderName::from_bytes(header.name.as_bytes()).ok()?;
        request = request.header(name, HeaderValue::from_bytes(header.value).ok()?);
    }
    let mut request = request.body(Body::empty()).ok()?;
    request.extensions_mut().insert(ConnectInfo(address));
    Some(request)
}

/// `HTTP/1.1 <status>` and the response's headers; the connection closes after the body.
fn response_head(response: &Response<()>) -> Vec<u8> {
    let status = response.status();
    let reason = status.canonical_reason().unwrap_or("");
    let mut head = format!("HTTP/1.1 {} {reason}\r\n", status.as_u16()).into_bytes();
    for (name, value) in response.headers() {
        if name == axum::http::header::CONNECTION {
            continue;
        }
        head.extend_from_slice(name.as_str().as_bytes());
        head.extend_from_slice(b": ");
        head.extend_from_slice(value.as_bytes());
        head.extend_from_slice(b"\r\n");
    }
    head.extend_from_slice(b"connection: close\r\n\r\n");
    head
}

/// Resolves once `stopping` is true (never when its sender is gone without that).
pub async fn until_stopping(stopping: &mut watch::Receiver<bool>) {
    while !*stopping.borrow_and_update() {
        if stopping.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
