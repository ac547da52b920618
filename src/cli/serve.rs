//! `fairhall serve`: the HTTP server with graceful shutdown.

use crate::clock::Clock;
use crate::config::Config;
use crate::http::{AppState, app};
use crate::scheduler::Scheduler;
use anyhow::Context;
use std::net::SocketAddr;
use std::time::Duration;

pub fn run(mut config: Config) -> anyhow::Result<()> {
    crate::logging::init(&config.log)?;
    let tls = tls_acceptor(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("while starting the async runtime")?;
    runtime.block_on(async move {
        crate::db::space::ensure_free_space(&config.server.data_dir, config.db.min_free_bytes)?;
        let _serve_lock = crate::backup::ServeLock::acquire_for_serve(&config.server.data_dir)?;
        // Before the migrations: a port in use is said before anything was changed.
        let listen = config.server.listen;
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .with_context(|| format!("while binding {listen} (server.listen or --listen)"))?;
        let console_listener = bind_console(&config).await?;
        let db = crate::startup::open(&mut config)?;
        crate::cli::shared::refuse_thin_edge(&db, &config.growth, None).await?;
        let (resealed, fingerprinted) = crate::cli::shared::seal_cards(&db, &config).await?;
        if resealed + fingerprinted > 0 {
            tracing::info!(resealed, fingerprinted, "card numbers sealed to their rows");
        }
        if config.backup.recipient.trim().is_empty() {
            tracing::warn!(
                "backups are NOT encrypted: archives hold the chain keys and the card-number keys \
                 in clear; set [backup] recipient to an age public key (docs/backups.md)"
            );
        }
        let open_files = crate::startup::raise_open_files_limit();
        tracing::info!(open_files, streams_max = config.live.streams_max, "open files limit");
        let grace = Duration::from_secs(config.server.shutdown_grace_secs);
        let chunk_bets = config.games.settle_chunk_bets;
        let scheduler = Scheduler::new(db.clone(), &config.server.data_dir, config.timezone())?
            .with_chunk_bets(chunk_bets)
            .with_undrawable_refund_secs(config.games.undrawable_refund_secs)
            .with_finance(crate::finance::FinanceSettings::from_config(&config))
            .with_growth(config.growth.clone())
            .with_ledger_check_every_secs(config.ledger.check_every_secs)
            .with_max_catch_up_secs(config.ledger.max_catch_up_secs);
        refuse_missing_keys(&scheduler, &config.server.data_dir).await?;
        let clock = serve_clock()?;
        // Before any request: what was written since the last check (by the CLI while the
        // server was down, or in its last seconds) is checked; a failure halts payments.
        scheduler.check_ledger_at_start(clock.now()).await;
        let notifications = spawn_notifications(&config, db.clone(), clock.clone());
        let state = AppState::new(config, db.clone(), clock.clone())?;
        spawn_backups(state.backup.clone(), clock.clone())?;
        let scheduler = scheduler.announcing(state.live.clone());
        // Stopped before the database closes; a failing tick only logs.
        let draws = tokio::spawn(scheduler.run(clock));
        tracing::info!(address = %listener.local_addr()?, "fairhall is serving");
        let (stop, stopping) = tokio::sync::watch::channel(false);
        let console = spawn_console(console_listener, &state, &stopping, tls.clone())?;
        let server = tokio::spawn(serve_http(listener, app(state), stopping.clone(), tls)?);
        notify_systemd_ready(db.clone(), stopping);
        shutdown_signal().await;
        notify_systemd_stopping();
        tracing::info!(grace_secs = grace.as_secs(), "shutting down: finishing open requests");
        let _ = stop.send(true);
        match tokio::time::timeout(grace, server).await {
            Ok(result) => result.context("the server task failed")?.context("the server failed")?,
            Err(_) => tracing::warn!("open requests did not finish within the grace period"),
        }
        if let Some(console) = console
            && tokio::time::timeout(grace, console).await.is_err()
        {
            tracing::warn!("open console requests did not finish within the grace period");
        }
        // A write the scheduler already queued still commits: the close drains the queue.
        draws.abort();
        notifications.abort();
        db.close().await.context("while closing the database")?;
        tracing::info!("stopped");
        Ok(())
    })
}

/// The console's own listener, when `console.listen` names one: bound before the migrations,
/// like the app's, so that a port in use is said before anything changed.
async fn bind_console(config: &Config) -> anyhow::Result<Option<tokio::net::TcpListener>> {
    let Some(address) = config.console.listen_address()? else {
        return Ok(None);
    };
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("while binding {address} (console.listen)"))?;
    Ok(Some(listener))
}

/// Serves the console on its own listener, if it has one.
fn spawn_console(
    listener: Option<tokio::net::TcpListener>,
    state: &AppState,
    stopping: &tokio::sync::watch::Receiver<bool>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> anyhow::Result<Option<tokio::task::JoinHandle<std::io::Result<()>>>> {
    let Some(listener) = listener else {
        return Ok(None);
    };
    tracing::info!(address = %listener.local_addr()?, "the console is serving");
    let console_app = crate::http::console_app(state.clone());
    Ok(Some(tokio::spawn(serve_http(listener, console_app, stopping.clone(), tls)?)))
}

/// The system clock: the only clock a release binary has.
#[cfg(not(feature = "test-clock"))]
fn serve_clock() -> anyhow::Result<Clock> {
    Ok(Clock::System)
}

/// A binary built with the cargo feature `test-clock` (the browser tests', never a release)
/// runs ahead by the offset in the file its environment names (`clock::test_clock`), and says
/// so loudly; without that variable it keeps the system clock.
#[cfg(feature = "test-clock")]
fn serve_clock() -> anyhow::Result<Clock> {
    use crate::clock::test_clock;
    let Some(path) = std::env::var_os(test_clock::ENV).map(std::path::PathBuf::from) else {
        tracing::warn!(
            "TEST BUILD: this binary has the `test-clock` feature (browser tests only; never serve \
             players with it); {} is not set, so the clock is the system clock",
            test_clock::ENV
        );
        return Ok(Clock::System);
    };
    let clock = Clock::offset_file(path.clone())?;
    tracing::warn!(
        offset_secs = clock.now() - Clock::System.now(),
        "TEST CLOCK ON: the time is the system time plus the seconds in {} ({}), which tests \
         raise to move this server forward. Browser tests only; never serve players with it",
        path.display(),
        test_clock::ENV
    );
    Ok(clock)
}

/// The HTTP server: live streams on their own light path (`http::live_socket`), everything
/// else through axum; both stop taking new work when `stopping` turns true. With `tls`, every
/// connection is HTTPS and served by axum, live streams included (`http::tls`).
fn serve_http(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    stopping: tokio::sync::watch::Receiver<bool>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> anyhow::Result<std::pin::Pin<Box<dyn Future<Output = std::io::Result<()>> + Send>>> {
    // `tap_io` (doing nothing) is what gives a listener of our own `ConnectInfo<SocketAddr>`.
    use axum::serve::ListenerExt;
    let mut stopped = stopping.clone();
    let until_stopped = async move { crate::http::live_socket::until_stopping(&mut stopped).await };
    if let Some(acceptor) = tls {
        let router = crate::http::tls::ending_streams_on_stop(router, stopping);
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let listener = crate::http::tls::accept_tls(listener, acceptor)?;
        return Ok(Box::pin(
            axum::serve(listener.tap_io(|_| {}), service)
                .with_graceful_shutdown(until_stopped)
                .into_future(),
        ));
    }
    let service = router.clone().into_make_service_with_connect_info::<SocketAddr>();
    let listener = crate::http::live_socket::divert_live(listener, router, stopping)?;
    Ok(Box::pin(
        axum::serve(listener.tap_io(|_| {}), service)
            .with_graceful_shutdown(until_stopped)
            .into_future(),
    ))
}

/// The TLS acceptor of `server.tls_cert_file` and `server.tls_key_file`, when both are set
/// (validation refuses one without the other); read before anything starts, so a bad file
/// stops `serve` at once.
fn tls_acceptor(config: &Config) -> anyhow::Result<Option<tokio_rustls::TlsAcceptor>> {
    let server = &config.server;
    if server.tls_cert_file.as_os_str().is_empty() {
        return Ok(None);
    }
    crate::http::tls::acceptor(&server.tls_cert_file, &server.tls_key_file).map(Some)
}

/// Under a `Type=notify` systemd unit: READY=1 now (the listener is bound and the scheduler
/// runs), then WATCHDOG=1 every half `WATCHDOG_USEC` for as long as the server is not
/// stopping and the database writer commits a no-op transaction in time; a stuck writer
/// stops the pings, so systemd restarts the service.
fn notify_systemd_ready(db: crate::db::Db, stopping: tokio::sync::watch::Receiver<bool>) {
    let Some(notifier) = crate::systemd::Notifier::from_env() else { return };
    notifier.notify("READY=1");
    let Some(interval) = crate::systemd::watchdog_interval() else { return };
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(interval);
        loop {
            ticks.tick().await;
            if *stopping.borrow() {
                break;
            }
            // An empty write still takes the write lock and commits through the writer thread.
            let write = db.write(|_| Ok(()));
            match tokio::time::timeout(interval, write).await {
                Ok(Ok(())) => notifier.notify("WATCHDOG=1"),
                _ => tracing::error!("the database writer did not answer: no watchdog ping"),
            }
        }
    });
}

/// STOPPING=1 to systemd, when under a `Type=notify` unit.
fn notify_systemd_stopping() {
    if let Some(notifier) = crate::systemd::Notifier::from_env() {
        notifier.notify("STOPPING=1");
    }
}

/// Refuses to serve when the key file lacks the keys of chains that still have periods to
/// draw: their bets could only wait (`admin room stuck|refund` handles them).
async fn refuse_missing_keys(
    scheduler: &Scheduler,
    data_dir: &std::path::Path,
) -> anyhow::Result<()> {
    let missing = scheduler.missing_keys().await?;
    if missing.is_empty() {
        return Ok(());
    }
    anyhow::bail!(
        "{} lacks the keys of seed chains that still have periods to draw: {}. Restore the key \
         file that belongs to this database (from the same backup); without it those periods \
         cannot be drawn, and `fairhall admin room refund` returns their stakes",
        data_dir.join(crate::games::fairness::chain_keys::KEY_FILE).display(),
        missing.join(", ")
    )
}

/// The daily backup job (`backup::schedule`), and SIGUSR1, which asks it for one now. Both
/// end with the runtime; a backup under way finishes first (the runtime waits for it).
fn spawn_backups(job: crate::backup::schedule::BackupJob, clock: Clock) -> anyhow::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let (ask, asked) = tokio::sync::mpsc::channel(1);
    let mut user_signal =
        signal(SignalKind::user_defined1()).context("while listening for SIGUSR1")?;
    tokio::spawn(async move {
        while user_signal.recv().await.is_some() {
            // A backup asked for and not yet begun covers a second signal too.
            let _ = ask.try_send(());
        }
    });
    tokio::spawn(job.run(clock, asked));
    Ok(())
}

/// The delivery job of the operator's notifications (`scheduler::notify`), stopped before the
/// database closes. It runs with no channel configured too: deliveries written while one was
/// are then given up in the log rather than left waiting.
fn spawn_notifications(
    config: &Config,
    db: crate::db::Db,
    clock: Clock,
) -> tokio::task::JoinHandle<()> {
    let settings = crate::notify::NotifySettings::from_config(config);
    let channels: Vec<&str> = settings.channels().iter().map(|channel| channel.code()).collect();
    tracing::info!(channels = channels.join(","), "operator notifications");
    tokio::spawn(crate::scheduler::notify::NotifyJob::new(db, settings).run(clock))
}

/// Resolves on SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = terminate => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}
