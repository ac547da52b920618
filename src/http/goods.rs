//! Goods investment endpoints: the product list and detail, a purchase's schedule, buying,
//! the player's orders and benefits, and the product pictures.

use super::AppState;
use super::envelope::Envelope;
use super::extract::{ClientAddress, FileName, Idempotency, Lang, Params, Session};
use crate::auth::security::Typist;
use crate::error::AppError;
use crate::finance::goods::types::{
    Benefit, Catalogue, OrderDetail, OrderSummary, ProductCard, Purchase, PurchaseForm,
    SchedulePreview, parse_id,
};
use crate::finance::goods::{self, GoodsSettings};
use crate::flows::keyed::{self, At, Keyed};
use crate::paging::{Page, Paging};
use crate::uploads;
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(catalogue))
        .routes(routes!(detail))
        .routes(routes!(schedule))
        .routes(routes!(buy))
        .routes(routes!(orders))
        .routes(routes!(order))
        .routes(routes!(benefits))
        .routes(routes!(picture))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct CatalogueForm {
    category: Option<String>,
}

/// The product list (goodlist): categories and products, of one category when given.
#[utoipa::path(get, path = "/api/goods/index", tag = "finance", security(("token" = [])),
    params(("category" = Option<String>, Query, description = "a category code")),
    responses((status = 200, description = "envelope", body = Catalogue)))]
async fn catalogue(
    State(app): State<AppState>,
    Session(_session): Session,
    Lang(lang): Lang,
    Params(form): Params<CatalogueForm>,
) -> Result<Envelope<Catalogue>, AppError> {
    let (settings, now) = (GoodsSettings::from_config(&app.config), app.clock.now());
    let category = form.category.filter(|code| !code.trim().is_empty());
    let catalogue = app
        .db
        .read(move |connection| {
            goods::catalogue(connection, category.as_deref(), lang, &settings, now)
        })
        .await?;
    Ok(Envelope::ok(catalogue))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct IdForm {
    id: Option<String>,
}

/// One product with its description (gooddetail); `investment_failed` when there is none.
#[utoipa::path(get, path = "/api/goods/detail", tag = "finance", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = ProductCard)))]
async fn detail(
    State(app): State<AppState>,
    Session(_session): Session,
    Lang(lang): Lang,
    Params(form): Params<IdForm>,
) -> Result<Envelope<ProductCard>, AppError> {
    let id = parse_id(form.id.as_deref())?;
    let (settings, now) = (GoodsSettings::from_config(&app.config), app.clock.now());
    let card =
        app.db.read(move |connection| goods::detail(connection, id, lang, &settings, now)).await?;
    Ok(Envelope::ok(card))
}

/// The payout schedule a purchase of `amount` made now would get (each instalment's time and
/// amounts, and the totals); refuses amounts a purchase would refuse for their size.
#[utoipa::path(get, path = "/api/goods/schedule", tag = "finance", security(("token" = [])),
    params(("id" = i64, Query), ("amount" = String, Query)),
    responses((status = 200, description = "envelope", body = SchedulePreview)))]
async fn schedule(
    State(app): State<AppState>,
    Session(_session): Session,
    Params(form): Params<PurchaseForm>,
) -> Result<Envelope<SchedulePreview>, AppError> {
    let request = Purchase::parse(form.id.as_deref(), form.amount)?;
    let (settings, now) = (GoodsSettings::from_config(&app.config), app.clock.now());
    let preview =
        app.db.read(move |connection| goods::preview(connection, request, &settings, now)).await?;
    Ok(Envelope::ok(preview))
}

/// Buy a whole number of units of a product from the wallet, with the fund password. The
/// principal moves to the player's `invest` account; the order's schedule is fixed.
#[utoipa::path(post, path = "/api/goods/buy", tag = "finance", security(("token" = [])),
    request_body = PurchaseForm,
    params(("Idempotency-Key" = Option<String>, Header, description = "replays return the first reply")),
    responses((status = 200, description = "envelope; data: {order_id, balance}",
        body = crate::finance::goods::types::PurchaseReceipt)))]
async fn buy(
    State(app): State<AppState>,
    Session(session): Session,
    ClientAddress(address): ClientAddress,
    Idempotency(key): Idempotency,
    Params(form): Params<PurchaseForm>,
) -> Result<Envelope<Value>, AppError> {
    let request = Purchase::parse(form.id.as_deref(), form.amount)?;
    let user_id = session.user_id;
    let typist = Typist { user_id, address };
    super::require_fund_password(&app, typist, form.fund_password.as_deref()).await?;
    let settings = GoodsSettings::from_config(&app.config);
    let keyed = Keyed { user_id, key, description: request.describe() };
    // The writer's time: purchases are decided in the order they commit.
    let answered = keyed::once(&app.db, keyed, At::Commit(app.clock.clone()), move |tx, now| {
        goods::purchase(tx, user_id, request, &settings, now)
    })
    .await?;
    Ok(Envelope::ok(answered.reply))
}

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
struct PageForm {
    page: Option<String>,
    limit: Option<String>,
}

/// The player's orders (goodorder), newest first.
#[utoipa::path(get, path = "/api/goods/orders", tag = "finance", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<OrderSummary>)))]
async fn orders(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
    Params(form): Params<PageForm>,
) -> Result<Envelope<Page<OrderSummary>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let (user_id, settings) = (session.user_id, GoodsSettings::from_config(&app.config));
    let page = app
        .db
        .read(move |connection| goods::orders(connection, user_id, paging, lang, &settings))
        .await?;
    Ok(Envelope::ok(page))
}

/// One of the player's orders with its whole schedule and what of it is paid.
#[utoipa::path(get, path = "/api/goods/order", tag = "finance", security(("token" = [])),
    params(("id" = i64, Query)),
    responses((status = 200, description = "envelope", body = OrderDetail)))]
async fn order(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
    Params(form): Params<IdForm>,
) -> Result<Envelope<OrderDetail>, AppError> {
    let id = parse_id(form.id.as_deref())?;
    let (user_id, settings) = (session.user_id, GoodsSettings::from_config(&app.config));
    let detail = app
        .db
        .read(move |connection| goods::order(connection, user_id, id, lang, &settings))
        .await?;
    Ok(Envelope::ok(detail))
}

/// The player's paid instalments (goodlog, "Project Benefits"), newest first.
#[utoipa::path(get, path = "/api/goods/benefits", tag = "finance", security(("token" = [])),
    params(("page" = Option<i64>, Query), ("limit" = Option<i64>, Query)),
    responses((status = 200, description = "envelope; data: {list,total,page,limit}", body = Page<Benefit>)))]
async fn benefits(
    State(app): State<AppState>,
    Session(session): Session,
    Lang(lang): Lang,
    Params(form): Params<PageForm>,
) -> Result<Envelope<Page<Benefit>>, AppError> {
    let paging = Paging::parse(form.page.as_deref(), form.limit.as_deref())?;
    let (user_id, settings) = (session.user_id, GoodsSettings::from_config(&app.config));
    let page = app
        .db
        .read(move |connection| goods::benefits(connection, user_id, paging, lang, &settings))
        .await?;
    Ok(Envelope::ok(page))
}

/// A product or category picture; `not_found` for any other name.
#[utoipa::path(get, path = "/media/products/{file}", tag = "finance",
    params(("file" = String, Path, description = "the file name from a `picture`")),
    responses((status = 200, description = "the image", content_type = "image/*"),
        (status = 404, description = "envelope not_found")))]
async fn picture(
    State(app): State<AppState>,
    FileName(file): FileName,
) -> Result<Response, AppError> {
    let folder = goods::picture_dir(&app.config.server.data_dir);
    let path = uploads::stored_path(&folder, &file).ok_or(AppError::NotFound)?;
    super::assets::stored_image(&path).await
}
