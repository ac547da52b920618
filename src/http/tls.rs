//! Direct TLS (`server.tls_cert_file` and `server.tls_key_file`): rustls with the `ring`
//! provider. Handshakes run in tasks of their own, so a client slow to finish one holds up no
//! other; the finished connections wait for axum in a queue.
//!
//! Over TLS the live streams are served by hyper like every other request: the light path of
//! `live_socket` peeks at the plain TCP bytes, which TLS hides.

use super::handoff::{Handoff, HandoffListener};
use anyhow::Context;
use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use futures_util::StreamExt;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::server::TlsStream;

/// How long a new connection may take to finish its handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The acceptor of the certificate chain and key in the PEM files; errors name the key.
pub fn acceptor(cert_file: &Path, key_file: &Path) -> anyhow::Result<TlsAcceptor> {
    let cert_pem = std::fs::read(cert_file).with_context(|| {
        format!("while reading config key `server.tls_cert_file` ({})", cert_file.display())
    })?;
    let chain = CertificateDer::pem_slice_iter(&cert_pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| anyhow::anyhow!("{error:?}"))
        .with_context(|| {
            format!("config key `server.tls_cert_file` ({}) is not PEM", cert_file.display())
        })?;
    if chain.is_empty() {
        anyhow::bail!(
            "config key `server.tls_cert_file` ({}) holds no certificate",
            cert_file.display()
        );
    }
    let key_pem = std::fs::read(key_file).with_context(|| {
        format!("while reading config key `server.tls_key_file` ({})", key_file.display())
    })?;
    let key = PrivateKeyDer::from_pem_slice(&key_pem)
        .map_err(|error| anyhow::anyhow!("{error:?}"))
        .with_context(|| {
            format!(
                "config key `server.tls_key_file` ({}) holds no PEM private key",
                key_file.display()
            )
        })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("while choosing the TLS versions")?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .context("the keys `server.tls_cert_file` and `server.tls_key_file` do not match")?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// `router` with every event stream (the live streams) ending once `stopping` turns true:
/// over TLS hyper serves them, and a graceful stop waits for every open response, which a
/// live stream never finishes by itself (`live_socket` ends its own the same way).
pub fn ending_streams_on_stop(router: Router, stopping: watch::Receiver<bool>) -> Router {
    router.layer(axum::middleware::from_fn(move |request: Request, next: Next| {
        let stopping = stopping.clone();
        async move {
            let response = next.run(request).await;
            let is_stream = response
                .headers()
                .get(header::CONTENT_TYPE)
                .is_some_and(|value| value.as_bytes().starts_with(b"text/event-stream"));
            if !is_stream {
                return response;
            }
            let (parts, body) = response.into_parts();
            let until_stopped = async move {
                let mut stopping = stopping;
                super::live_socket::until_stopping(&mut stopping).await;
            };
            let body = Body::from_stream(body.into_data_stream().take_until(until_stopped));
            Response::from_parts(parts, body)
        }
    }))
}

/// Accepts on `listener` in a task of its own, each handshake in its own task; axum serves the
/// connections whose handshake finished.
pub fn accept_tls(
    listener: TcpListener,
    acceptor: TlsAcceptor,
) -> std::io::Result<HandoffListener<TlsStream<TcpStream>>> {
    let (handoff, accepted) = HandoffListener::new(listener.local_addr()?);
    tokio::spawn(accept_loop(listener, acceptor, handoff));
    Ok(accepted)
}

/// Server loop: accepts until the runtime stops; a failed handshake only drops its connection.
async fn accept_loop(
    listener: TcpListener,
    acceptor: TlsAcceptor,
    handoff: Handoff<TlsStream<TcpStream>>,
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
        let (acceptor, handoff) = (acceptor.clone(), handoff.clone());
        tokio::spawn(async move {
            match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
                Ok(Ok(tls)) => {
                    let _ = handoff.send((tls, address)).await;
                }
                Ok(Err(error)) => tracing::debug!(%error, %address, "a TLS handshake failed"),
                Err(_) => tracing::debug!(%address, "a TLS handshake timed out"),
            }
        });
    }
}
