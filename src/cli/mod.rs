//! The command line: `serve`, `init`, `migrate`, `config dump` and the operator's `admin`
//! commands.

mod admin;
mod config_dump;
mod content;
mod doctor;
mod envelopes;
pub mod exit;
mod games;
mod ledger;
mod news;
mod products;
mod programmes;
mod serve;
mod setup;
mod shared;
mod signin;
mod tasks;
mod team;
mod users;
mod vip;
mod wallet;

use crate::config::Config;
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
    /// The effective configuration.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Operator commands; they work on the same database while `serve` runs.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Print the configuration serve would use (the file, the defaults of the keys it leaves
    /// out, --data-dir) as TOML, with secrets masked as "***".
    Dump,
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Init { force, listen } => setup::init(cli.config, cli.data_dir, force, listen),
        Command::Serve { listen } => {
            let mut config = load_config(cli.config, cli.data_dir)?;
            if let Some(listen) = listen {
                config.server.listen = listen;
            }
            serve::run(config)
        }
        Command::Migrate => setup::migrate(load_config(cli.config, cli.data_dir)?),
        Command::VerifyDraw { room, issue } => {
            games::verify_draw(load_config(cli.config, cli.data_dir)?, &room, &issue)
        }
        Command::Config { command: ConfigCommand::Dump } => {
            config_dump::dump(&load_config(cli.config, cli.data_dir)?)
        }
        Command::Admin { command } => admin::run(load_config(cli.config, cli.data_dir)?, command),
    }
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
