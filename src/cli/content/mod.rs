//! `fairhall admin content <verb> <kind> ...`: the content players read, every kind with the
//! same verbs: `create` prints the new id, `update` changes what its flags give (with --lang,
//! that language's text), `list` and `show` print a table or `--json`, `delete` hides it from
//! players for good (the row stays).

mod announcements;

use crate::db::Db;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum ContentCommand {
    /// Create an item with its first language's text; prints its id.
    Create {
        #[command(subcommand)]
        kind: CreateKind,
    },
    /// Change an item; with --lang, add or replace that language's text.
    Update {
        #[command(subcommand)]
        kind: UpdateKind,
    },
    /// List the items of a kind, newest first.
    List {
        #[command(subcommand)]
        kind: ListKind,
    },
    /// Show one item with every language's text.
    Show {
        #[command(subcommand)]
        kind: ShowKind,
    },
    /// Delete an item: players never see it again (the row stays as a record).
    Delete {
        #[command(subcommand)]
        kind: DeleteKind,
    },
}

#[derive(Subcommand)]
pub enum CreateKind {
    /// A broadcast announcement: the home page's scrolling line and every message list.
    Announcement(announcements::CreateArgs),
}

#[derive(Subcommand)]
pub enum UpdateKind {
    Announcement(announcements::UpdateArgs),
}

/// `--json` for `list`.
#[derive(clap::Args)]
pub struct ListArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Include deleted items.
    #[arg(long)]
    pub all: bool,
}

#[derive(Subcommand)]
pub enum ListKind {
    Announcement(ListArgs),
}

/// One item's id, and `--json`.
#[derive(clap::Args)]
pub struct ItemArgs {
    pub id: i64,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand)]
pub enum ShowKind {
    Announcement(ItemArgs),
}

#[derive(Subcommand)]
pub enum DeleteKind {
    Announcement { id: i64 },
}

pub async fn run_content(db: &Db, command: ContentCommand) -> anyhow::Result<()> {
    match command {
        ContentCommand::Create { kind: CreateKind::Announcement(args) } => {
            announcements::create(db, args).await
        }
        ContentCommand::Update { kind: UpdateKind::Announcement(args) } => {
            announcements::update(db, args).await
        }
        ContentCommand::List { kind: ListKind::Announcement(args) } => {
            announcements::list(db, args).await
        }
        ContentCommand::Show { kind: ShowKind::Announcement(args) } => {
            announcements::show(db, args).await
        }
        ContentCommand::Delete { kind: DeleteKind::Announcement { id } } => {
            announcements::delete(db, id).await
        }
    }
}
