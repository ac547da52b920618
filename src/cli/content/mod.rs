//! `fairhall admin content ...`: what players read, every kind the same shape:
//! `create <kind>`, `update <kind> <ID>`, `list <kind>`, `show <kind> <ID>`, `delete <kind> <ID>`,
//! and the pictures items use (`picture add|list`). A new kind adds a variant to `CreateKind`,
//! `UpdateKind` and `Kind`, and its own file beside `items.rs`. `admin news` is `news.rs`.

mod items;
mod news;

pub use news::{NewsCommand, run_news};

use crate::clock::Clock;
use crate::config::Config;
use crate::content::items::types::ContentKind;
use crate::db::Db;
use clap::Subcommand;
use items::{ItemArgs, PictureCommand};

#[derive(Subcommand)]
pub enum ContentCommand {
    /// Create an item in one language (--lang, --title, ...); prints its id.
    Create {
        #[command(subcommand)]
        kind: CreateKind,
    },
    /// Change an item; with --lang, add or replace that language's text.
    Update {
        #[command(subcommand)]
        kind: UpdateKind,
    },
    /// Every item of a kind: live ones in the players' order, then deleted ones.
    List {
        kind: Kind,
        #[arg(long)]
        json: bool,
    },
    /// One item with all its languages.
    Show {
        kind: Kind,
        id: i64,
        #[arg(long)]
        json: bool,
    },
    /// Delete an item: players never see it again (it stays in `list`).
    Delete { kind: Kind, id: i64 },
    /// Pictures for banners, activities and rich text: add a file, list them.
    Picture {
        #[command(subcommand)]
        command: PictureCommand,
    },
}

/// The kinds `list`, `show` and `delete` take.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    Banner,
    Activity,
    Help,
    Page,
}

impl Kind {
    fn content_kind(self) -> ContentKind {
        match self {
            Kind::Banner => ContentKind::Banner,
            Kind::Activity => ContentKind::Activity,
            Kind::Help => ContentKind::Help,
            Kind::Page => ContentKind::Page,
        }
    }
}

// `help` is a kind here, so clap's own `help` subcommand gives way (--help still works).
#[derive(Subcommand)]
#[command(disable_help_subcommand = true)]
pub enum CreateKind {
    /// A home-page banner: needs --picture; --link, --position, --start, --end.
    Banner(ItemArgs),
    /// An activity (pages/events): needs a body; --picture, --summary, --position, --start,
    /// --end.
    Activity(ItemArgs),
    /// A help article (pages/events/helplist): needs a body; --position.
    Help(ItemArgs),
    /// A named page (pages/jogos/about-us?page=SLUG): needs --slug and a body; --version.
    Page(ItemArgs),
}

/// An item's id and the flags to change.
#[derive(clap::Args)]
pub struct UpdateArgs {
    id: i64,
    #[command(flatten)]
    item: ItemArgs,
}

#[derive(Subcommand)]
#[command(disable_help_subcommand = true)]
pub enum UpdateKind {
    Banner(UpdateArgs),
    Activity(UpdateArgs),
    Help(UpdateArgs),
    Page(UpdateArgs),
}

pub async fn run_content(db: &Db, config: &Config, command: ContentCommand) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let timezone = config.timezone();
    match command {
        ContentCommand::Create { kind } => {
            let (kind, args) = match kind {
                CreateKind::Banner(args) => (ContentKind::Banner, args),
                CreateKind::Activity(args) => (ContentKind::Activity, args),
                CreateKind::Help(args) => (ContentKind::Help, args),
                CreateKind::Page(args) => (ContentKind::Page, args),
            };
            items::create(db, kind, args, (timezone, now)).await
        }
        ContentCommand::Update { kind } => {
            let (kind, UpdateArgs { id, item }) = match kind {
                UpdateKind::Banner(args) => (ContentKind::Banner, args),
                UpdateKind::Activity(args) => (ContentKind::Activity, args),
                UpdateKind::Help(args) => (ContentKind::Help, args),
                UpdateKind::Page(args) => (ContentKind::Page, args),
            };
            items::update(db, (kind, id), item, (timezone, now)).await
        }
        ContentCommand::List { kind, json } => {
            items::list(db, kind.content_kind(), json, timezone, now).await
        }
        ContentCommand::Show { kind, id, json } => {
            items::show(db, kind.content_kind(), id, json, timezone).await
        }
        ContentCommand::Delete { kind, id } => {
            items::delete(db, kind.content_kind(), id, now).await
        }
        ContentCommand::Picture { command } => items::run_picture(db, config, command, now).await,
    }
}
