//! The console's staff page: who the staff are, a new member (his passphrase, the TOTP secret
//! as a QR code to scan and ten recovery codes, shown once, and the enrolment confirmed with
//! his first code), disabling one, and a new second factor. The same `auth::staff` verbs as
//! `fairhall admin staff`; each behind `staff:member:manage` and only for a role the staff
//! member could give himself (`Staff::may_give_role`).

use super::players::{player_id, user_change};
use super::{ReasonForm, Staff};
use crate::auth::permissions::STAFF_MANAGE;
use crate::auth::staff::types::{DisableReason, Enrolment, Passphrase, StaffRole, StaffSummary};
use crate::auth::staff::{self as members, NewStaff};
use crate::error::AppError;
use crate::flows::audited;
use crate::http::AppState;
use crate::http::envelope::Envelope;
use crate::http::extract::Params;
use crate::ids::UserId;
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::Arc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/api/staff", get(list).post(create))
        .route("/admin/api/staff/{id}/confirm", post(confirm))
        .route("/admin/api/staff/{id}/disable", post(disable))
        .route("/admin/api/staff/{id}/reset", post(reset))
}

#[derive(Serialize)]
struct StaffPage {
    list: Vec<StaffSummary>,
    /// The roles of `[console.roles]` this staff member may give (for the form's choice).
    roles: Vec<String>,
}

async fn list(State(app): State<AppState>, staff: Staff) -> Result<Envelope<StaffPage>, AppError> {
    staff.require(STAFF_MANAGE)?;
    let list = app.db.read(members::list).await?;
    let roles = app
        .config
        .console
        .roles
        .keys()
        .filter(|role| staff.may_give_role(&app, role))
        .cloned()
        .collect();
    Ok(Envelope::ok(StaffPage { list, roles }))
}

#[derive(Deserialize)]
struct NewMemberForm {
    /// The account: id, phone or login name.
    user: Option<String>,
    role: Option<String>,
    passphrase: Option<String>,
}

/// Makes an account a staff member; the reply holds the enrolment, shown once.
async fn create(
    State(app): State<AppState>,
    staff: Staff,
    Params(form): Params<NewMemberForm>,
) -> Result<Envelope<Enrolment>, AppError> {
    staff.require(STAFF_MANAGE)?;
    let role = StaffRole::parse(form.role.as_deref().unwrap_or(""))?;
    if !staff.may_give_role(&app, role.role().as_str()) {
        return Err(AppError::NoPermission);
    }
    let passphrase = Passphrase::parse(form.passphrase.as_deref().unwrap_or(""))?;
    let reference = form.user.unwrap_or_default();
    let user_id =
        app.db.read(move |connection| crate::auth::find_user(connection, &reference)).await?;
    let passphrase_hash = members::hash_passphrase(passphrase).await?;
    let arguments = json!({ "role": role.role().as_str(), "passphrase": crate::audit::MASK });
    let change = user_change(&app, &staff, "staff.create", (user_id, arguments))?;
    let (cipher, issuer, now) =
        (app.card_cipher.clone(), app.config.app.name.clone(), app.clock.now());
    let new = NewStaff { user_id, role, passphrase_hash };
    let enrolment = audited::write(&app.db, Arc::new(change), move |tx| {
        members::create(tx, &cipher, &new, &issuer, now)
    })
    .await?;
    Ok(Envelope::ok(enrolment))
}

#[derive(Deserialize)]
struct CodeForm {
    code: Option<String>,
}

#[derive(Serialize)]
struct Member {
    member: StaffSummary,
}

/// Finishes an enrolment with the first code the new member's authenticator shows.
async fn confirm(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<CodeForm>,
) -> Result<Envelope<Member>, AppError> {
    let user_id = managed_member(&app, &staff, &id).await?;
    let code = form.code.unwrap_or_default();
    let change = user_change(&app, &staff, "staff.confirm", (user_id, json!({})))?;
    let (cipher, now) = (app.card_cipher.clone(), app.clock.now());
    let member = audited::write(&app.db, Arc::new(change), move |tx| {
        members::confirm(tx, &cipher, user_id, &code, now)?;
        members::show(tx, user_id)
    })
    .await?;
    Ok(Envelope::ok(Member { member }))
}

/// Disables a member: he cannot sign in, and his open sessions end now.
async fn disable(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ReasonForm>,
) -> Result<Envelope<Member>, AppError> {
    let user_id = managed_member(&app, &staff, &id).await?;
    let reason = DisableReason::parse(form.reason.as_deref().unwrap_or(""))?;
    let arguments = json!({ "reason": reason.as_str() });
    let change = user_change(&app, &staff, "staff.disable", (user_id, arguments))?;
    let now = app.clock.now();
    let member = audited::write(&app.db, Arc::new(change), move |tx| {
        members::disable(tx, user_id, &reason, now)?;
        members::show(tx, user_id)
    })
    .await?;
    Ok(Envelope::ok(Member { member }))
}

#[derive(Deserialize)]
struct ResetForm {
    /// A new console passphrase too; the old one stays when absent.
    passphrase: Option<String>,
}

/// A new TOTP secret and recovery codes (shown once, to confirm again); his sessions end.
async fn reset(
    State(app): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Params(form): Params<ResetForm>,
) -> Result<Envelope<Enrolment>, AppError> {
    let user_id = managed_member(&app, &staff, &id).await?;
    let hash = match form.passphrase.as_deref().filter(|text| !text.is_empty()) {
        Some(text) => Some(members::hash_passphrase(Passphrase::parse(text)?).await?),
        None => None,
    };
    let arguments = json!({ "passphrase": hash.as_ref().map(|_| crate::audit::MASK) });
    let change = user_change(&app, &staff, "staff.reset", (user_id, arguments))?;
    let (cipher, issuer, now) =
        (app.card_cipher.clone(), app.config.app.name.clone(), app.clock.now());
    let enrolment = audited::write(&app.db, Arc::new(change), move |tx| {
        members::reset(tx, &cipher, (user_id, hash.as_deref()), &issuer, now)
    })
    .await?;
    Ok(Envelope::ok(enrolment))
}

/// The staff member of a path whom `staff` may manage: one whose role he could give (whoever
/// resets a factor reads the new secret, so a lower role never resets a higher one's).
async fn managed_member(app: &AppState, staff: &Staff, id: &str) -> Result<UserId, AppError> {
    staff.require(STAFF_MANAGE)?;
    let user_id = player_id(id)?;
    let member = app.db.read(move |connection| members::show(connection, user_id)).await?;
    match staff.may_give_role(app, &member.role) {
        true => Ok(user_id),
        false => Err(AppError::NoPermission),
    }
}
