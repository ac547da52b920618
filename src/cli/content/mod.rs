//! `fairhall admin content ...`: what players read, every kind the same shape:
//! `create <kind>`, `update <kind> <ID>`, `list <kind>`, `show <kind> <ID>`, `delete <kind> <ID>`,
//! and the pictures items use (`picture add|list`). A new kind adds a variant to `CreateKind`,
//! `UpdateKind` and `Kind`, and its own file beside `items.rs` (announcements are
//! `announcements.rs`: broadcast texts with read marks, not items).

mod announcements;
mod items;

use crate::clock::Clock;
use crate::config::Config;
use crate::content::items::types::ContentKind;
use crate::db::Db;
use clap::Subcommand;
use items::{ItemArgs, PageArgs, PictureCommand};

#[derive(Subcommand)]
pub enum ContentCommand {
    /// Create an item with its texts in one or more languages (--title LANG=TEXT, ...).
    Create {
        #[command(subcommand)]
        kind: CreateKind,
    },
    /// Change an item; --title, --summary, --body LANG=... add or replace that language's text.
    Update {
        #[command(subcommand)]
        kind: UpdateKind,
    },
    /// Every item of a kind: live ones in the players' order, then deleted ones (announcements:
    /// newest first, deleted ones with --all).
    List {
        /// The kind of content: banner, activity, help, page or announcement.
        kind: Kind,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
        /// Also the removed ones.
        #[arg(long)]
        all: bool,
    },
    /// One item with all its languages.
    Show {
        /// The kind of content: banner, activity, help, page or announcement.
        kind: Kind,
        /// The item's id (`content list KIND` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Delete an item: players never see it again (it stays in `list`).
    Delete {
        /// The kind of content: banner, activity, help, page or announcement.
        kind: Kind,
        /// The item's id (`content list KIND` shows them).
        id: i64,
    },
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
    Announcement,
}

impl Kind {
    /// The item kind, `None` for announcements.
    fn content_kind(self) -> Option<ContentKind> {
        match self {
            Kind::Banner => Some(ContentKind::Banner),
            Kind::Activity => Some(ContentKind::Activity),
            Kind::Help => Some(ContentKind::Help),
            Kind::Page => Some(ContentKind::Page),
            Kind::Announcement => None,
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
    /// A named page (pages/jogos/about-us?page=SLUG): needs --slug and a body; --version; or
    /// --slug and --from-template.
    Page(PageArgs),
    /// A broadcast announcement: the home page's scrolling line and every message list;
    /// --pinned, --starts-at, --ends-at.
    Announcement(announcements::CreateArgs),
}

/// An item's id and the flags to change.
#[derive(clap::Args)]
pub struct UpdateArgs {
    /// The item's id (`content list KIND` shows them).
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
    Announcement(announcements::UpdateArgs),
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
                CreateKind::Page(PageArgs { item, from_template: true }) => {
                    return items::create_from_template(db, &config.app.name, item, now).await;
                }
                CreateKind::Page(PageArgs { item, from_template: false }) => {
                    (ContentKind::Page, item)
                }
                CreateKind::Announcement(args) => return announcements::create(db, args).await,
            };
            items::create(db, kind, args, (timezone, now)).await
        }
        ContentCommand::Update { kind } => {
            let (kind, UpdateArgs { id, item }) = match kind {
                UpdateKind::Banner(args) => (ContentKind::Banner, args),
                UpdateKind::Activity(args) => (ContentKind::Activity, args),
                UpdateKind::Help(args) => (ContentKind::Help, args),
                UpdateKind::Page(args) => (ContentKind::Page, args),
                UpdateKind::Announcement(args) => return announcements::update(db, args).await,
            };
            items::update(db, (kind, id), item, (timezone, now)).await
        }
        ContentCommand::List { kind, json, all } => match kind.content_kind() {
            Some(kind) => items::list(db, kind, json, timezone, now).await,
            None => announcements::list(db, json, all).await,
        },
        ContentCommand::Show { kind, id, json } => match kind.content_kind() {
            Some(kind) => items::show(db, kind, id, json, timezone).await,
            None => announcements::show(db, id, json).await,
        },
        ContentCommand::Delete { kind, id } => match kind.content_kind() {
            Some(kind) => items::delete(db, kind, id, now).await,
            None => announcements::delete(db, id).await,
        },
        ContentCommand::Picture { command } => items::run_picture(db, config, command, now).await,
    }
}
