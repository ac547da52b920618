//! The agreements a player accepts (`[[app.agreements]]`): all of them at registration, and
//! each again when the operator raises its version. Every acceptance stays on record with the
//! version accepted and the time.

use crate::clock::Timestamp;
use crate::config::AgreementConfig;
use crate::db::Tx;
use crate::error::AppError;
use crate::ids::UserId;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// An agreement of the running config: its key and its current version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgreementVersion {
    pub key: String,
    pub version: String,
}

impl AgreementVersion {
    pub fn from_config(agreements: &[AgreementConfig]) -> Vec<AgreementVersion> {
        agreements
            .iter()
            .map(|agreement| AgreementVersion {
                key: agreement.key.clone(),
                version: agreement.version.clone(),
            })
            .collect()
    }
}

/// Where a player stands with one agreement.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AgreementStatus {
    pub key: String,
    /// The version in force.
    pub version: String,
    /// Whether the player accepted the version in force.
    pub accepted: bool,
    /// The version of his latest acceptance, if any.
    pub accepted_version: Option<String>,
    #[schema(value_type = Option<i64>)]
    pub accepted_at: Option<Timestamp>,
}

/// An acceptance as sent (api/agreements/accept).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct AcceptanceForm {
    pub key: Option<String>,
    pub version: Option<String>,
}

/// An acceptance of the version in force of a configured agreement.
pub struct Acceptance(AgreementVersion);

impl Acceptance {
    /// `bad_params` for an unknown key or a version no longer (or not yet) in force: the page
    /// the player read is out of date.
    pub fn parse(
        form: AcceptanceForm,
        agreements: &[AgreementVersion],
    ) -> Result<Acceptance, AppError> {
        let (Some(key), Some(version)) = (form.key, form.version) else {
            return Err(AppError::MissingParams);
        };
        agreements
            .iter()
            .find(|agreement| agreement.key == key.trim() && agreement.version == version.trim())
            .map(|agreement| Acceptance(agreement.clone()))
            .ok_or(AppError::BadParams)
    }
}

/// Records that the player accepted these versions (again: the first time counts).
pub fn record_acceptances(
    tx: &Tx,
    user_id: UserId,
    agreements: &[AgreementVersion],
    now: Timestamp,
) -> Result<(), AppError> {
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO agreement_acceptances (user_id, agreement, version, accepted_at)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for agreement in agreements {
        insert.execute(params![user_id, agreement.key, agreement.version, now])?;
    }
    Ok(())
}

/// Records one acceptance and answers the player's standing with every agreement.
pub fn accept(
    tx: &Tx,
    user_id: UserId,
    acceptance: &Acceptance,
    agreements: &[AgreementVersion],
    now: Timestamp,
) -> Result<Vec<AgreementStatus>, AppError> {
    record_acceptances(tx, user_id, std::slice::from_ref(&acceptance.0), now)?;
    agreement_statuses(tx, user_id, agreements)
}

/// The player's standing with each agreement in force, in config order.
pub fn agreement_statuses(
    connection: &Connection,
    user_id: UserId,
    agreements: &[AgreementVersion],
) -> Result<Vec<AgreementStatus>, AppError> {
    let mut latest = connection.prepare_cached(
        "SELECT version, accepted_at FROM agreement_acceptances
         WHERE user_id = ?1 AND agreement = ?2
         ORDER BY version = ?3 DESC, accepted_at DESC LIMIT 1",
    )?;
    agreements
        .iter()
        .map(|agreement| {
            let accepted: Option<(String, i64)> = latest
                .query_row(params![user_id, agreement.key, agreement.version], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })
                .optional()?;
            Ok(AgreementStatus {
                key: agreement.key.clone(),
                version: agreement.version.clone(),
                accepted: accepted
                    .as_ref()
                    .is_some_and(|(version, _)| *version == agreement.version),
                accepted_at: accepted.as_ref().map(|(_, at)| Timestamp::from_secs(*at)),
                accepted_version: accepted.map(|(version, _)| version),
            })
        })
        .collect()
}
