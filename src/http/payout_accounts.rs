//! Withdrawal account endpoints: the bank list, linking the bank card, adding USDT addresses
//! and listing both. The spec's client sends add_bank and addusdt as GET; both methods work.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{Params, Session};
use crate::error::AppError;
use crate::wallet::payout_accounts::types::{
    BankCard, BankCardForm, BankCardView, BankChoice, Linked, UsdtAddress, UsdtAddressForm,
    UsdtAddressView,
};
use crate::wallet::payout_accounts::{self};
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(bank_choices))
        .routes(routes!(bind_bank_card))
        .routes(routes!(bank_card))
        .routes(routes!(add_usdt_address))
        .routes(routes!(usdt_addresses))
}

/// The banks the operator pays out to: `id` is what add_bank takes as `bank_id`.
#[utoipa::path(get, path = "/api/personal/banklist", tag = "wallet", security(("token" = [])),
    responses((status = 200, description = "envelope; data: the banks", body = Vec<BankChoice>)))]
async fn bank_choices(
    State(app): State<AppState>,
    _session: Session,
) -> Result<Envelope<Vec<BankChoice>>, AppError> {
    Ok(Envelope::ok(payout_accounts::bank_choices(&app.wallet.limits.banks)))
}

/// Link the player's one bank card (never changed afterwards). The holder must be the
/// account's real name; the first card sets the real name when there is none yet.
#[utoipa::path(method(get, post), path = "/api/personal/add_bank", tag = "wallet",
    security(("token" = [])), request_body = BankCardForm,
    responses((status = 200, description = "envelope; data: {id}", body = Linked)))]
async fn bind_bank_card(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<BankCardForm>,
) -> Result<Envelope<Linked>, AppError> {
    let card = BankCard::parse(form, &app.wallet.limits.banks)?;
    let (user_id, now, cipher) = (session.user_id, app.clock.now(), app.card_cipher.clone());
    let sharing = app.wallet.limits.shared_payout_accounts;
    let id = app
        .db
        .write(move |tx| {
            payout_accounts::bind_bank_card(tx, user_id, &card, (&cipher, sharing), now)
        })
        .await?;
    Ok(Envelope::ok(Linked { id }))
}

/// The player's linked bank card with its number masked ("**** **** **** 1234"), or null.
#[utoipa::path(get, path = "/api/personal/bankcard", tag = "wallet", security(("token" = [])),
    responses((status = 200, description = "envelope; data: the card or null",
        body = Option<BankCardView>)))]
async fn bank_card(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Option<BankCardView>>, AppError> {
    let (user_id, settings) = (session.user_id, app.wallet.clone());
    let card = app
        .db
        .read(move |connection| {
            payout_accounts::bank_card(connection, user_id, &settings.limits.banks)
        })
        .await?;
    Ok(Envelope::ok(card))
}

/// Add a USDT address (type TRC20 or ERC20); at most 2 per player.
#[utoipa::path(method(get, post), path = "/api/personal/addusdt", tag = "wallet",
    security(("token" = [])), request_body = UsdtAddressForm,
    responses((status = 200, description = "envelope; data: {id}", body = Linked)))]
async fn add_usdt_address(
    State(app): State<AppState>,
    Session(session): Session,
    Params(form): Params<UsdtAddressForm>,
) -> Result<Envelope<Linked>, AppError> {
    let address = UsdtAddress::parse(form)?;
    let (user_id, now) = (session.user_id, app.clock.now());
    let sharing = app.wallet.limits.shared_payout_accounts;
    let id = app
        .db
        .write(move |tx| payout_accounts::add_usdt_address(tx, user_id, &address, sharing, now))
        .await?;
    Ok(Envelope::ok(Linked { id }))
}

/// The player's USDT addresses, oldest first.
#[utoipa::path(get, path = "/api/personal/usdtlist", tag = "wallet", security(("token" = [])),
    responses((status = 200, description = "envelope; data: the addresses",
        body = Vec<UsdtAddressView>)))]
async fn usdt_addresses(
    State(app): State<AppState>,
    Session(session): Session,
) -> Result<Envelope<Vec<UsdtAddressView>>, AppError> {
    let user_id = session.user_id;
    let addresses =
        app.db.read(move |connection| payout_accounts::usdt_addresses(connection, user_id)).await?;
    Ok(Envelope::ok(addresses))
}
