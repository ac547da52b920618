//! `fairhall admin news ...`: the news articles players read on pages/yn28/news.

use super::exit;
use super::shared::{
    BodyArgs, LangText, article_lang_text, explain, format_time, parse_time, print_json_or,
    print_table, read_body, refused, yes_no,
};
use crate::clock::{Clock, Timestamp};
use crate::content::{
    self,
    types::{Article, ArticleBody, ArticleChange, ArticleLang, ArticleTitle, NewArticle},
};
use crate::db::Db;
use crate::error::AppError;
use crate::paging::Paging;
use anyhow::Context;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum NewsCommand {
    /// Publish a news article, at once or at --publish-at.
    Add(AddArgs),
    /// List articles, newest first: scheduled ones too, removed ones with --all.
    List {
        /// Which page (1: the first).
        #[arg(long, default_value_t = 1)]
        page: i64,
        /// How many per page.
        #[arg(long, default_value_t = 50)]
        limit: i64,
        /// Include removed articles.
        #[arg(long)]
        all: bool,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Show one article with its whole body.
    Show {
        /// The article's id (`news list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Change an article's title and language, body, pin or publication time.
    Edit(EditArgs),
    /// Remove an article: players no longer see it (it stays in `list --all`).
    Remove {
        /// The article's id (`news list` shows them).
        id: i64,
    },
}

#[derive(clap::Args)]
pub struct AddArgs {
    /// The title and the article's language, e.g. --title "en=New rooms": only readers of
    /// that language see it; `all=...` shows it to every language. One line, at most 120
    /// characters.
    #[arg(long, value_name = "LANG=TEXT", value_parser = article_lang_text)]
    title: LangText,
    /// The body, in the language of --title.
    #[command(flatten)]
    body: BodyArgs,
    /// List it above the others.
    #[arg(long)]
    pinned: bool,
    /// When players start seeing it (RFC 3339, e.g. 2026-12-01T09:00:00+07:00); now when absent.
    #[arg(long)]
    publish_at: Option<String>,
}

#[derive(clap::Args)]
pub struct EditArgs {
    /// The article's id (`news list` shows them).
    id: i64,
    /// The new title and language, like `add --title` (both unchanged when left out).
    #[arg(long, value_name = "LANG=TEXT", value_parser = article_lang_text)]
    title: Option<LangText>,
    #[command(flatten)]
    body: BodyArgs,
    /// List it above the others.
    #[arg(long, conflicts_with = "unpinned")]
    pinned: bool,
    /// List it among the others again.
    #[arg(long)]
    unpinned: bool,
    /// When players start seeing it (RFC 3339).
    #[arg(long)]
    publish_at: Option<String>,
}

pub async fn run_news(db: &Db, command: NewsCommand) -> anyhow::Result<()> {
    let now = Clock::System.now();
    match command {
        NewsCommand::Add(args) => add(db, args, now).await?,
        NewsCommand::List { page, limit, all, json } => {
            let paging = Paging { page: page.max(1), limit: limit.clamp(1, Paging::LIMIT_MAX) };
            let listed =
                db.read(move |connection| content::list_all(connection, all, paging)).await?;
            print_json_or(json, &listed.list, |articles| {
                print_articles(articles, now);
                println!("{} of {} articles", articles.len(), listed.total);
            })?;
        }
        NewsCommand::Show { id, json } => {
            let article = db
                .read(move |connection| content::show(connection, id))
                .await
                .map_err(|error| or_no_article(error, &format!("no article {id}")))?;
            print_json_or(json, &article, |article| {
                print_articles(std::slice::from_ref(article), now);
                println!();
                println!("{}", article.body);
            })?;
        }
        NewsCommand::Edit(args) => edit(db, args, now).await?,
        NewsCommand::Remove { id } => {
            db.write(move |tx| content::remove(tx, id, now)).await.map_err(|error| {
                or_no_article(error, &format!("no article {id}, or it is removed already"))
            })?;
            println!("removed article {id}; players no longer see it");
        }
    }
    Ok(())
}

async fn add(db: &Db, args: AddArgs, now: Timestamp) -> anyhow::Result<()> {
    let article = parse_new_article(args)?;
    let id = db.write(move |tx| content::add(tx, &article, now)).await.map_err(explain)?;
    let added = db.read(move |connection| content::show(connection, id)).await?;
    println!("created article {id}");
    print_articles(&[added], now);
    Ok(())
}

async fn edit(db: &Db, args: EditArgs, now: Timestamp) -> anyhow::Result<()> {
    let id = args.id;
    let change = parse_change(args)?;
    let edited = db.write(move |tx| content::edit(tx, id, &change, now)).await.map_err(
        |error| match error {
            AppError::MissingParams => anyhow::anyhow!(
                "nothing to change: give --title, --body, --body-file, --pinned, --unpinned \
                 or --publish-at"
            ),
            other => or_no_article(other, &format!("no article {id}, or it is removed")),
        },
    )?;
    println!("updated article {id}");
    print_articles(&[edited], now);
    Ok(())
}

fn parse_new_article(args: AddArgs) -> anyhow::Result<NewArticle> {
    let body =
        read_body(args.body)?.context("give the body with --body TEXT or --body-file PATH")?;
    let (lang, title) = parse_title(args.title)?;
    Ok(NewArticle {
        title,
        body: ArticleBody::parse(&body).map_err(|error| refused("--body", error))?,
        lang,
        pinned: args.pinned,
        published_at: args
            .publish_at
            .as_deref()
            .map(|text| parse_time("--publish-at", text))
            .transpose()?,
    })
}

fn parse_change(args: EditArgs) -> anyhow::Result<ArticleChange> {
    let (lang, title) = args.title.map(parse_title).transpose()?.unzip();
    let body = read_body(args.body)?.as_deref().map(ArticleBody::parse).transpose();
    Ok(ArticleChange {
        title,
        body: body.map_err(|error| refused("--body", error))?,
        lang,
        pinned: match (args.pinned, args.unpinned) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        published_at: args
            .publish_at
            .as_deref()
            .map(|text| parse_time("--publish-at", text))
            .transpose()?,
    })
}

/// The article's language and title of `--title LANG=TEXT` (its language checked already).
fn parse_title(title: LangText) -> anyhow::Result<(ArticleLang, ArticleTitle)> {
    let lang = ArticleLang::parse(title.lang).map_err(|error| refused("--title", error))?;
    let text = ArticleTitle::parse(&title.text).map_err(|error| refused("--title", error))?;
    Ok((lang, text))
}

/// `not_found` as the operator reads it (`what`, exit code 4); any other refusal explained.
fn or_no_article(error: AppError, what: &str) -> anyhow::Error {
    match error {
        AppError::NotFound => exit::NotFound(what.to_string()).into(),
        other => explain(other),
    }
}

fn print_articles(articles: &[Article], now: Timestamp) {
    let rows: Vec<Vec<String>> = articles
        .iter()
        .map(|article| {
            let state = match article.removed_at {
                Some(_) => "removed",
                None if article.published_at > now => "scheduled",
                None => "live",
            };
            vec![
                article.id.to_string(),
                article.lang.as_deref().unwrap_or("all").to_string(),
                yes_no(article.pinned).to_string(),
                format_time(article.published_at),
                state.to_string(),
                article.title.clone(),
            ]
        })
        .collect();
    print_table(&["id", "lang", "pinned", "published", "state", "title"], &rows);
}
