//! Wallet endpoints: conversion, deposits, withdrawals and the player's records.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{ClientAddress, Idempotency, Params, Session};
use crate::auth::security::Typist;
use crate::config::ReceivingMethod;
use crate::error::AppError;
use crate::flows::{
    self,
    keyed::{self, At, Keyed},
};
use crate::ledger::Balances;
use crate::notify::NotifySettings;
use crate::paging::{Page, Paging};
use crate::wallet::deposits::{self, DepositForm, DepositRecord, DepositRequest};
use crate::wallet::records::{self, Audience, ChangeFilter, ChangeFilterForm, ChangeRecord};
use crate::wallet::types::{Conversion, ConversionForm};
use crate::wallet::withdrawals::{
    self, WithdrawalForm, WithdrawalRecord, WithdrawalRequest, WithdrawalTerms,
};
use crate::wallet::{self};
use anyhow::Context;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router(upload_limit_bytes: usize) -> OpenApiRouter<AppState> {
    let uploads = OpenApiRouter::new()
        .routes(routes!(deposit))
        .layer(DefaultBodyLimit::max(upload_limit_bytes));
    OpenApiRouter::new()
        .routes(routes!(convert))
        .routes(routes!(deposit_options))
        .routes(routes!(deposit_records))
        .routes(routes!(withdrawal_terms))
        .routes(routes!(withdraw))
        .routes(routes!(withdrawal_records))
        .routes(routes!(account_changes))
        .merge(uploads)
}

/// Move money between the wallet balance and the game balance.
#[utoipa::path(post, path = "/api/personal/conversion", tag = "wallet", security(("token" = [])),
    request_body = ConversionForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: balances", body = BalancesReply)))]
async fn convert(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
    Params(form): Params<ConversionForm>,
) -> Result<Envelope<Value>, AppError> {
    let conversion = Conversion::parse(form)?;
    let user_id = session.user_id;
    let keyed = Keyed { user_id, key, description: conversion.describe() };
    let answered = keyed::once(&app.db, keyed, At::Request(app.clock.now()), move |tx, now| {
        wallet::convert(tx, user_id, &conversion, now).map(BalancesReply::from)
    })
    .await?;
    Ok(Envelope::ok(answered.reply))
}

/// Balances as the conversion page shows them.
#[derive(Serialize, utoipa::ToSchema)]
struct BalancesReply {
    balance: String,
    game_balance: String,
}

impl From<Balances> for BalancesReply {
    fn from(balances: Balances) -> Self {
        BalancesReply {
            balance: balances.wallet.to_string(),
            game_balance: balances.game.to_string(),
        }
    }
}

/// What the deposit page offers: methods, currencies with rates, countries, and the receiving
/// accounts to pay.
#[derive(Serialize, utoipa::ToSchema)]
struct DepositOptions {
    currency: String,
    /// The methods with an account switched on, bank first; none: deposits are closed.
    methods: Vec<&'static str>,
    #[schema(value_type = String)]
    min: crate::money::Money,
    #[schema(value_type = String)]
    max: crate::money::Money,
    accounts: Vec<ReceivingAccountShown>,
    #[schema(value_type = Vec<Object>)]
    currencies: Value,
    #[schema(value_type = Vec<Object>)]
    countries: Value,
    voucher_max_bytes: usize,
}

/// A receiving account switched on, as the deposit page shows it to the players it fits.
#[derive(Serialize, utoipa::ToSchema)]
struct ReceivingAccountShown {
    /// Sent back as the deposit's `account`.
    code: String,
    /// bank or usdt.
    method: &'static str,
    bank: String,
    branch: String,
    holder: String,
    number: String,
    network: String,
    address: String,
    /// Currencies it is paid in; empty: every currency.
    currencies: Vec<String>,
    /// Deposit countries it serves; empty: every country.
    countries: Vec<String>,
    #[schema(value_type = String)]
    min: crate::money::Money,
    #[schema(value_type = String)]
    max: crate::money::Money,
}

#[utoipa::path(get, path = "/api/personal/recharge_options", tag = "wallet", security(("token" = [])),
    responses((status = 200, description = "envelope", body = DepositOptions)))]
async fn deposit_options(
    State(app): State<AppState>,
    _session: Session,
) -> Result<Envelope<DepositOptions>, AppError> {
    let limits = &app.wallet.limits;
    let accounts = limits
        .receiving_accounts
        .iter()
        .filter(|account| account.enabled)
        .map(|account| {
            let (min, max) = deposits::account_band(account, limits);
            ReceivingAccountShown {
                code: account.code.clone(),
                method: match account.method {
                    ReceivingMethod::Bank => "bank",
                    ReceivingMethod::Usdt => "usdt",
                },
                bank: account.bank.clone(),
                branch: account.branch.clone(),
                holder: account.holder.clone(),
                number: account.number.clone(),
                network: account.network.clone(),
                address: account.address.clone(),
                currencies: account.currencies.clone(),
                countries: account.countries.clone(),
                min,
                max,
            }
        })
        .collect();
    Ok(Envelope::ok(DepositOptions {
        currency: limits.currency.clone(),
        methods: deposits::offered_methods(limits).map(|method| method.code()).collect(),
        min: limits.deposit_min,
        max: limits.deposit_max,
        accounts,
        currencies: serde_json::to_value(&limits.currencies).map_err(anyhow::Error::from)?,
        countries: serde_json::to_value(&limits.countries).map_err(anyhow::Error::from)?,
        voucher_max_bytes: limits.voucher_max_bytes,
    }))
}

/// Request a deposit: multipart with amount, method (bank, usdt), currency, country, the
/// receiving `account` paid (its code), content and the screenshot `voucher` (an image; checked
/// by content).
#[utoipa::path(post, path = "/api/personal/recharge", tag = "wallet", security(("token" = [])),
    request_body(content = String, content_type = "multipart/form-data",
        description = "fields amount, method, currency, country, account, content; file voucher"),
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: the deposit record", body = DepositRecord)))]
async fn deposit(
    State(app): State<AppState>,
    Session(session): Session,
    Idempotency(key): Idempotency,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Envelope<Value>, AppError> {
    let multipart = multipart.map_err(|_| AppError::BadParams)?;
    let (form, voucher) = read_deposit_form(multipart).await?;
    let draft = DepositRequest::parse(form, voucher, &app.wallet)?;
    let (user_id, now) = (session.user_id, app.clock.now());
    let draft = flows::deposits::admit(&app.db, &app.wallet, user_id, draft, now).await?;
    let settings = app.wallet.clone();
    // Off the async workers: checking the voucher decodes and encodes the image again.
    let request = tokio::task::spawn_blocking(move || draft.decode(&settings))
        .await
        .context("while checking a deposit's voucher")??;
    let submitted = flows::deposits::Submitted { user_id: session.user_id, key, request };
    let notify = NotifySettings::from_config(&app.config);
    let now = app.clock.now();
    let reply = flows::deposits::submit(&app.db, &app.wallet, notify, submitted, now).await?;
    Ok(Envelope::ok(reply))
}

/// Fields of a multipart deposit read up to their bounds; unknown parts are skipped.
async fn read_deposit_form(
    mut multipart: Multipart,
) -> Result<(DepositForm, Option<Vec<u8>>), AppError> {
    let failed = |error: MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::LimitExceeded
        } else {
            AppError::UploadFailed
        }
    };
    let mut form = DepositForm::default();
    let mut voucher = None;
    while let Some(field) = multipart.next_field().await.map_err(failed)? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "voucher" || name == "file" || name == "image" {
            voucher = Some(field.bytes().await.map_err(failed)?.to_vec());
            continue;
        }
        let text = field.text().await.map_err(|_| AppError::BadParams)?;
        let value = Some(text).filter(|text| !text.is_empty());
        match name.as_str() {
            "amount" => form.amount = value,
            "method" => form.method = value,
            "currency" => form.currency = value,
            "country" => form.country = value,
            "content" => form.content = value,
            "account" => form.account = value,
            _ => {}
        }
    }
    Ok((form, voucher))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct RecordsForm {
    page: Option<String>,
    limit: Option<String>,
    /// Only records of this status.
    status: Option<String>,
}

impl RecordsForm {
    fn parse(&self, statuses: &[&str]) -> Result<(Paging, Option<String>), AppError> {
        let paging = Paging::parse(self.page.as_deref(), self.limit.as_deref())?;
        match &self.status {
            Some(status) if !statuses.contains(&status.as_str()) => Err(AppError::BadParams),
            status => Ok((paging, status.clone())),
        }
    }
}

/// The player's deposits, newest first.
#[utoipa::path(get, path = "/api/personal/rechargerecord", tag = "wallet", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query), ("status" = Option<String>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<DepositRecord>)))]
async fn deposit_records(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<RecordsForm>,
) -> Result<Envelope<Page<DepositRecord>>, AppError> {
    let (paging, status) = form.parse(&["pending", "passed", "failed", "rejected"])?;
    let user_id = session.user_id;
    let page = app
        .db
        .read(move |connection| {
            deposits::list(connection, Some(user_id), status.as_deref(), paging)
        })
        .await?;
    Ok(Envelope::ok(page))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct TermsForm {
    /// An amount to quote the fee of (e.g. "100.00").
    amount: Option<String>,
}

/// The withdrawal page: balance, turnover still to bet, limits, what is left of today's count,
/// the fee rule (and the fee of `amount`), and the pending withdrawals with their time in the
/// queue.
#[utoipa::path(get, path = "/api/personal/withdraw", tag = "wallet", security(("token" = [])),
    params(("amount" = Option<String>, Query, description = "an amount to quote the fee of")),
    responses((status = 200, description = "envelope", body = WithdrawalTerms)))]
async fn withdrawal_terms(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<TermsForm>,
) -> Result<Envelope<WithdrawalTerms>, AppError> {
    let amount = form.amount.map(|text| crate::money::positive_amount(Some(text))).transpose()?;
    let (user_id, now, settings) = (session.user_id, app.clock.now(), app.wallet.clone());
    let terms = app
        .db
        .read(move |connection| withdrawals::terms(connection, user_id, amount, &settings, now))
        .await?;
    Ok(Envelope::ok(terms))
}

/// Request a withdrawal to a linked bank card or USDT address; needs the fund password.
#[utoipa::path(post, path = "/api/personal/do_withdraw", tag = "wallet", security(("token" = [])),
    request_body = WithdrawalForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: the withdrawal record", body = WithdrawalRecord)))]
async fn withdraw(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Idempotency(key): Idempotency,
    Params(form): Params<WithdrawalForm>,
) -> Result<Envelope<Value>, AppError> {
    let request = WithdrawalRequest::parse(&form)?;
    let user_id = session.user_id;
    let typist = Typist { user_id, address };
    super::require_fund_password(&app, typist, form.fund_password.as_deref()).await?;
    let (notify, now) = (NotifySettings::from_config(&app.config), app.clock.now());
    let requested = flows::withdrawals::Requested { user_id, key, request };
    let answered = flows::withdrawals::request(&app.db, &app.wallet, notify, requested, now);
    Ok(Envelope::ok(answered.await?.reply))
}

/// The player's withdrawals, newest first.
#[utoipa::path(get, path = "/api/personal/withdrawlsrecord", tag = "wallet", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query), ("status" = Option<String>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<WithdrawalRecord>)))]
async fn withdrawal_records(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<RecordsForm>,
) -> Result<Envelope<Page<WithdrawalRecord>>, AppError> {
    let (paging, status) = form.parse(&["pending", "passed", "failed", "rejected"])?;
    let user_id = session.user_id;
    let page = app
        .db
        .read(move |connection| {
            withdrawals::list(connection, Some(user_id), status.as_deref(), paging)
        })
        .await?;
    Ok(Envelope::ok(page))
}

/// Every posting on the player's accounts, newest first, with the entry kind and reference.
#[utoipa::path(get, path = "/api/personal/accountchangerecord", tag = "wallet", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query), ("account" = Option<String>, Query),
        ("kind" = Option<String>, Query), ("from" = Option<i64>, Query), ("to" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<ChangeRecord>)))]
async fn account_changes(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<ChangeFilterForm>,
) -> Result<Envelope<Page<ChangeRecord>>, AppError> {
    let filter = ChangeFilter::parse(form)?;
    let user_id = session.user_id;
    let page = app
        .db
        .read(move |connection| {
            records::account_changes(connection, user_id, &filter, Audience::Player)
        })
        .await?;
    Ok(Envelope::ok(page))
}
