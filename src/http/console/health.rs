//! The console's health page: the checks of `/readyz`, the storage, the ledger check (how far
//! it has verified, and a halt), the last backup and the archives in `backup.dir`; and an
//! archive's download, recorded in the audit log before it is sent (it holds the database
//! and the keys, encrypted only with `backup.recipient`).

use super::Staff;
use crate::auth::permissions::{BACKUP_DOWNLOAD, BACKUP_RUN, HEALTH_READ, LEDGER_VERIFY};
use crate::backup::schedule::{self, ArchiveFile, BackupJob, BackupStatus};
use crate::error::AppError;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{self, TargetReference};
use crate::flows::ledger_check::{self, Verification, verify_and_record};
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::system::{Readiness, readiness};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use serde_json::json;
use std::sync::Arc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/health", get(health))
        .route("/admin/api/backups", axum::routing::post(take))
        .route("/admin/api/verify", axum::routing::post(verify))
        .route("/admin/api/backups/{name}", get(download))
}

#[derive(Serialize)]
struct Health {
    version: &'static str,
    readiness: Readiness,
    storage: Storage,
    ledger: LedgerState,
    backup: Backups,
}

#[derive(Serialize)]
struct Storage {
    database_bytes: u64,
    wal_bytes: u64,
    wal_max_bytes: u64,
    disk_free_bytes: u64,
    /// `/readyz` fails below this (`db.min_free_bytes`).
    min_free_bytes: u64,
}

#[derive(Serialize)]
struct LedgerState {
    /// The last ledger entry the checks have verified, and the last written.
    checked_through_entry: i64,
    last_entry: i64,
    /// Why payments are halted in this process; null while they run.
    halted: Option<String>,
    /// The failure the checks recorded and when; null after a passing `admin verify`.
    recorded_failure: Option<RecordedFailure>,
}

#[derive(Serialize)]
struct RecordedFailure {
    failure: String,
    at: crate::clock::Timestamp,
}

#[derive(Serialize)]
struct Backups {
    /// HH:MM in the hall's time zone; empty: no daily backup.
    daily_at: String,
    keep: u32,
    /// Whether archives are encrypted to `backup.recipient`.
    encrypted: bool,
    last: Option<BackupStatus>,
    archives: Vec<ArchiveFile>,
}

async fn health(State(app): State<AppState>, staff: Staff) -> Result<Envelope<Health>, AppError> {
    staff.require(HEALTH_READ)?;
    let readiness = readiness(&app).await;
    let disk = app.db.disk_usage();
    let storage = Storage {
        database_bytes: std::fs::metadata(app.db.path()).map_or(0, |meta| meta.len()),
        wal_bytes: disk.wal_bytes,
        wal_max_bytes: disk.wal_max_bytes,
        disk_free_bytes: disk.disk_free_bytes,
        min_free_bytes: app.config.db.min_free_bytes,
    };
    let halted = app.db.ledger_halt().reason();
    let ledger = app
        .db
        .read(move |connection| {
            Ok(LedgerState {
                checked_through_entry: crate::ledger::Watermark::stored(connection)?.entry_id,
                last_entry: crate::ledger::last_entry_id(connection)?,
                halted,
                recorded_failure: crate::ledger::recorded_failure(connection)?
                    .map(|(failure, at)| RecordedFailure { failure, at }),
            })
        })
        .await?;
    let config = &app.config.backup;
    let job = BackupJob::from_config(&app.config);
    let backup = Backups {
        daily_at: config.daily_at.clone(),
        keep: config.keep,
        encrypted: !config.recipient.is_empty(),
        // An unreadable status file shows as none; /metrics and `admin doctor` name the error.
        last: schedule::read_status(&app.config.server.data_dir).ok().flatten(),
        archives: schedule::archives(&job.dir),
    };
    let version = env!("CARGO_PKG_VERSION");
    Ok(Envelope::ok(Health { version, readiness, storage, ledger, backup }))
}

/// Takes a backup now through the daily job (after the one running, if any), recorded in the
/// audit log with the archive it wrote; the reply is its status, failed ones included.
async fn take(
    State(app): State<AppState>,
    staff: Staff,
) -> Result<Envelope<BackupStatus>, AppError> {
    staff.require(BACKUP_RUN)?;
    let status = app.backup.take(app.clock.now()).await;
    let file = status
        .file
        .as_ref()
        .and_then(|file| file.file_name())
        .map_or_else(|| "failed".to_string(), |name| name.to_string_lossy().into_owned());
    staff.record_read(&app, ("backup.take", AuditTarget::Backup, file)).await?;
    Ok(Envelope::ok(status))
}

/// The full ledger check, as `fairhall admin verify`: a pass is recorded on a handle audited
/// under the staff member (it moves the watermark, which ends a halt); the reply is the
/// verdict with every problem found.
async fn verify(
    State(app): State<AppState>,
    staff: Staff,
) -> Result<Envelope<Verification>, AppError> {
    staff.require(LEDGER_VERIFY)?;
    let target = TargetReference::Known(None);
    let change =
        Arc::new(staff.change(&app, ("verify", AuditTarget::Ledger, target), json!({}))?);
    let db = app.db.clone();
    let verification = verify_and_record(&app.db, app.clock.now(), |through, now| {
        audited::write(&db, change, move |tx| ledger_check::record_passed(tx, through, now))
    })
    .await?;
    Ok(Envelope::ok(verification))
}

/// One archive of `backup.dir`, as it is on disk (encrypted ones stay encrypted).
async fn download(
    State(app): State<AppState>,
    staff: Staff,
    Path(name): Path<String>,
) -> Result<Response, AppError> {
    staff.require(BACKUP_DOWNLOAD)?;
    let dir = BackupJob::from_config(&app.config).dir;
    let path = schedule::archive_path(&dir, &name).ok_or(AppError::NotFound)?;
    staff.record_read(&app, ("backup.download", AuditTarget::Backup, name.clone())).await?;
    let file = tokio::fs::File::open(&path).await.map_err(|_| AppError::NotFound)?;
    let body = Body::from_stream(tokio_util::io::ReaderStream::new(file));
    let disposition = format!("attachment; filename=\"{name}\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
