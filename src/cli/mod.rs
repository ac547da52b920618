//! The command line: `serve`, `init`, `migrate` and the operator's `admin` commands.

mod admin;
mod content;
mod games;
mod serve;
mod wallet;

use crate::config::Config;
use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "fairhall", version, about = "A self-hosted gaming hall in one binary")]
pub struct Cli {
    /// Config file (TOML). Without one, the embedded defaults are used.
    #[arg(long, global = true, env = "FAIRHALL_CONFIG")]
    config: Option<PathBuf>,
    /// Data directory (database, secrets, uploads); overrides the config's `server.data_dir`.
    #[arg(long, global = true, env = "FAIRHALL_DATA_DIR")]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the app and the API, and run the scheduler.
    Serve {
        /// Address to listen on, e.g. 0.0.0.0:8080 (overrides `server.listen`).
        #[arg(long)]
        listen: Option<SocketAddr>,
    },
    /// Write a new config file (the --config path) with freshly generated secrets.
    Init {
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
        /// Address to put in the config's `server.listen`.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: SocketAddr,
    },
    /// Apply database migrations and exit (serve applies them too).
    Migrate,
    /// Recheck a stored draw: the seed's hash link and the values derived from it.
    VerifyDraw {
        /// Room code, e.g. k3 or canada_vip.
        room: String,
        /// Issue number, YYYYMMDD + 4-digit sequence.
        issue: String,
    },
    /// Operator commands; they work on the same database while `serve` runs.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Init { force, listen } => init(cli.config, cli.data_dir, force, listen),
        Command::Serve { listen } => {
            let mut config = load_config(cli.config, cli.data_dir)?;
            if let Some(listen) = listen {
                config.server.listen = listen;
            }
            serve::run(config)
        }
        Command::Migrate => migrate(load_config(cli.config, cli.data_dir)?),
        Command::VerifyDraw { room, issue } => {
            games::verify_draw(load_config(cli.config, cli.data_dir)?, &room, &issue)
        }
        Command::Admin { command } => admin::run(load_config(cli.config, cli.data_dir)?, command),
    }
}

/// The runtime of a CLI command: one thread, the command's work only.
fn current_thread_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("while starting the async runtime")
}

/// Applies the migrations and re-seals card numbers of format v1 bound to their rows.
fn migrate(mut config: Config) -> anyhow::Result<()> {
    let runtime = current_thread_runtime()?;
    runtime.block_on(async move {
        let db = crate::startup::open(&mut config)?;
        let secrets = &config.secrets;
        let cipher = crate::crypto::CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?;
        let resealed = db
            .write(move |tx| crate::wallet::payout_accounts::reseal_v1_cards(tx, &cipher))
            .await
            .context("while re-sealing card numbers")?;
        if resealed > 0 {
            println!("{resealed} card numbers re-sealed to their rows");
        }
        println!("database {} is up to date", config.database_path().display());
        Ok(())
    })
}

fn load_config(path: Option<PathBuf>, data_dir: Option<PathBuf>) -> anyhow::Result<Config> {
    let mut config = match path {
        Some(path) => {
            let config = Config::load(&path)?;
            let secrets = &config.secrets;
            if !secrets.card_key.is_empty() || !secrets.card_mac_key.is_empty() {
                crate::startup::refuse_open_permissions(&path)?;
            }
            config
        }
        None => Config::default(),
    };
    if let Some(data_dir) = data_dir {
        config.server.data_dir = data_dir;
    }
    Ok(config)
}

fn init(
    path: Option<PathBuf>,
    data_dir: Option<PathBuf>,
    force: bool,
    listen: SocketAddr,
) -> anyhow::Result<()> {
    let Some(path) = path else {
        bail!("init needs --config FILE: where to write the new config");
    };
    if path.exists() && !force {
        bail!(
            "{} already exists; pass --force to replace it (its secrets would be lost)",
            path.display()
        );
    }
    let data_dir = match data_dir {
        Some(dir) => dir,
        None => {
            std::env::current_dir().context("while reading the current directory")?.join("data")
        }
    };
    crate::startup::write_private(&path, &crate::config::initial_config_text(&data_dir, listen))?;
    println!("wrote {} (data directory {})", path.display(), data_dir.display());
    Ok(())
}
