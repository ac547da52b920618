//! `fairhall admin product ...`: goods investment products and their categories. Products are
//! written as a `ProductSpec` (a TOML or JSON file, flags, or both) that
//! `finance::goods::catalog` checks whole, naming the field it refuses; reading the files,
//! storing pictures and printing are in `spec` and `print`.

mod print;
mod spec;

use super::shared::{LangText, explain, lang_text, not_found, print_json_or, texts_by_code};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::error::AppError;
use crate::finance::goods::catalog::{self, CatalogError};
use crate::finance::goods::types::CategorySpec;
use crate::finance::goods::{self, GoodsSettings};
use clap::Subcommand;
use spec::{SpecArgs, StoredPicture};
use std::path::{Path, PathBuf};

#[derive(Subcommand)]
pub enum ProductCommand {
    /// Create or change a category (drinks, meat, ...): its names, picture and place in the
    /// list. A new category needs a name.
    Category(CategoryArgs),
    /// List the categories in their order, named in the default language.
    Categories {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Create a product from a TOML or JSON file and/or flags (a flag overrides the file);
    /// prints its id.
    Create(SpecArgs),
    /// Change a product: only the fields given change. Once it has orders, only start, end,
    /// reserved, picture, name and description.
    Update {
        /// The product's id (`product list` shows them).
        id: i64,
        #[command(flatten)]
        spec: SpecArgs,
    },
    /// List every product, newest first.
    List {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show one product's every field, then its spec as TOML to copy into a file for update.
    Show {
        /// The product's id (`product list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Close a product to purchases; its orders go on paying.
    Close {
        /// The product's id (`product list` shows them).
        id: i64,
    },
    /// List the orders of one product (of every product without an id), newest first.
    Orders {
        /// The product's id (left out: every product).
        id: Option<i64>,
        /// How many to show, at most 1000.
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show what the operator owes: principal held and unpaid, interest due, by date and by
    /// product. Exits non-zero when the ledger and the schedules disagree.
    Obligations {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::Args)]
pub struct CategoryArgs {
    /// Code: 1 to 32 of a-z, 0-9 and _ (e.g. drinks).
    code: String,
    /// The name in one language, e.g. --name "en=Drinks"; repeat for more languages.
    #[arg(long = "name", value_name = "LANG=TEXT", value_parser = lang_text)]
    names: Vec<LangText>,
    /// An image file (PNG, JPEG or WebP, at most `wallet.avatar_max_bytes`).
    #[arg(long, value_name = "FILE")]
    picture: Option<PathBuf>,
    /// Place in the list, lowest first (default 0, then by code).
    #[arg(long)]
    sort: Option<i64>,
}

/// Most orders one `product orders` prints.
const ORDERS_LIMIT_MAX: i64 = 1_000;

/// What the product commands need from the config.
struct Context<'a> {
    settings: GoodsSettings,
    data_dir: &'a Path,
    /// Largest picture: the avatar limit (`wallet.avatar_max_bytes`).
    picture_max_bytes: usize,
}

pub async fn run_product(
    db: &Db,
    config: &Config,
    command: ProductCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    let context = Context {
        settings: GoodsSettings::from_config(config),
        data_dir: config.server.data_dir.as_path(),
        picture_max_bytes: config.wallet.avatar_max_bytes,
    };
    let (settings, timezone) = (context.settings.clone(), context.settings.timezone);
    match command {
        ProductCommand::Category(args) => put_category(db, &context, args, now).await,
        ProductCommand::Categories { json } => {
            let lang = settings.default_lang;
            let catalogue = db
                .read(move |connection| goods::catalogue(connection, None, lang, &settings, now))
                .await
                .map_err(explain)?;
            print_json_or(json, catalogue.categories.as_slice(), print::print_categories)
        }
        ProductCommand::Create(args) => create(db, &context, args, now).await,
        ProductCommand::Update { id, spec } => update(db, &context, id, spec, now).await,
        ProductCommand::List { json } => {
            let lang = settings.default_lang;
            let products =
                db.read(move |connection| catalog::list(connection, &settings, now)).await?;
            print_json_or(json, &products, |products| {
                print::print_products(products, lang, timezone);
            })
        }
        ProductCommand::Show { id, json } => show(db, settings, id, json, now).await,
        ProductCommand::Close { id } => {
            db.write(move |tx| through_writer(catalog::close(tx, id, now)))
                .await
                .map_err(refusal)?;
            println!("closed product {id}: no more purchases; its orders go on paying");
            Ok(())
        }
        ProductCommand::Orders { id, limit, json } => {
            let limit = limit.clamp(1, ORDERS_LIMIT_MAX);
            let orders = db.read(move |connection| catalog::orders(connection, id, limit)).await?;
            print_json_or(json, &orders, |orders| print::print_orders(orders, timezone))
        }
        ProductCommand::Obligations { json } => obligations(db, settings, json).await,
    }
}

async fn show(
    db: &Db,
    settings: GoodsSettings,
    id: i64,
    json: bool,
    now: Timestamp,
) -> anyhow::Result<()> {
    let timezone = settings.timezone;
    let product = db
        .read(move |connection| catalog::show(connection, id, &settings, now))
        .await?
        .ok_or_else(|| not_found(format!("product {id}: no such product")))?;
    if json {
        println!("{}", serde_json::to_string_pretty(&product)?);
        return Ok(());
    }
    print::print_product(&product, timezone)
}

/// The report, then a loud warning and a failure when the ledger's principal and the
/// schedules' differ.
async fn obligations(db: &Db, settings: GoodsSettings, json: bool) -> anyhow::Result<()> {
    let timezone = settings.timezone;
    let report = db.read(move |connection| goods::obligations(connection, &settings)).await?;
    print_json_or(json, &report, |report| print::print_obligations(report, timezone))?;
    match print::mismatch_warning(&report) {
        Some(warning) => {
            eprintln!("{warning}");
            anyhow::bail!("the ledger and the schedules disagree about the principal")
        }
        None => Ok(()),
    }
}

async fn put_category(
    db: &Db,
    context: &Context<'_>,
    args: CategoryArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    let names = texts_by_code("--name", args.names)?;
    let picture = args
        .picture
        .map(|path| spec::store_picture(&path, context.data_dir, context.picture_max_bytes))
        .transpose()?;
    let code = args.code.clone();
    let category = CategorySpec {
        code: args.code,
        picture: picture.as_ref().map(|picture| picture.value.clone()),
        sort: args.sort,
        names,
    };
    let written = db.write(move |tx| through_writer(catalog::put_category(tx, &category, now)));
    kept_or_removed(written.await, picture)?;
    println!("saved category {code}");
    Ok(())
}

async fn create(
    db: &Db,
    context: &Context<'_>,
    args: SpecArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    let (spec, picture) = loaded_spec(context, args)?;
    let settings = context.settings.clone();
    let written = db.write(move |tx| through_writer(catalog::create(tx, &spec, &settings, now)));
    let id = kept_or_removed(written.await, picture)?;
    println!("created product {id}");
    Ok(())
}

async fn update(
    db: &Db,
    context: &Context<'_>,
    id: i64,
    args: SpecArgs,
    now: Timestamp,
) -> anyhow::Result<()> {
    if args.is_empty() {
        anyhow::bail!("nothing to change: give --file FILE or a field flag (see --help)");
    }
    let (spec, picture) = loaded_spec(context, args)?;
    let settings = context.settings.clone();
    let written =
        db.write(move |tx| through_writer(catalog::update(tx, id, &spec, &settings, now)));
    kept_or_removed(written.await, picture)?;
    println!("updated product {id}");
    Ok(())
}

/// The spec of the file and flags, with its picture file (if any) stored.
fn loaded_spec(
    context: &Context<'_>,
    args: SpecArgs,
) -> anyhow::Result<(goods::types::ProductSpec, Option<StoredPicture>)> {
    let mut loaded = spec::load(args, context.data_dir)?;
    let picture = loaded
        .picture_file
        .map(|path| spec::store_picture(&path, context.data_dir, context.picture_max_bytes))
        .transpose()?;
    if let Some(picture) = &picture {
        loaded.spec.picture = Some(picture.value.clone());
    }
    Ok((loaded.spec, picture))
}

/// The write's result; a picture stored for a refused write is removed again.
fn kept_or_removed<T>(
    written: Result<T, AppError>,
    picture: Option<StoredPicture>,
) -> anyhow::Result<T> {
    written.map_err(|error| {
        if let Some(picture) = picture {
            picture.remove();
        }
        refusal(error)
    })
}

/// A catalog refusal carried out of the writer as an error, so that the write's savepoint
/// rolls back whatever it did before refusing.
fn through_writer<T>(result: Result<T, CatalogError>) -> Result<T, AppError> {
    result.map_err(|error| match error {
        CatalogError::Db(error) => error,
        refused @ CatalogError::Invalid(_) => AppError::Internal(anyhow::Error::new(refused)),
    })
}

/// The domain's message, which names the field, for a catalog refusal; any other error
/// explained.
fn refusal(error: AppError) -> anyhow::Error {
    match error {
        AppError::Internal(cause) if cause.is::<CatalogError>() => cause,
        other => explain(other),
    }
}
