//! The command line: `serve`, `init`, `migrate`, `config dump` and the operator's `admin`
//! commands.

// Every line the command line prints passes `text::for_terminal`: a stored string (a deposit's
// note, a name, a title) that holds terminal controls or direction overrides shows them
// escaped instead of moving the cursor over the amount the operator checks. These shadow the
// standard macros in every module below, so no print can skip it.
macro_rules! println {
    () => { std::println!() };
    ($($arg:tt)*) => { std::println!("{}", $crate::text::for_terminal(&format!($($arg)*))) };
}
macro_rules! print {
    ($($arg:tt)*) => { std::print!("{}", $crate::text::for_terminal(&format!($($arg)*))) };
}
macro_rules! eprintln {
    () => { std::eprintln!() };
    ($($arg:tt)*) => { std::eprintln!("{}", $crate::text::for_terminal(&format!($($arg)*))) };
}

mod admin;
mod audit;
mod backup;
mod codes;
mod config_dump;
mod content;
mod doctor;
mod envelopes;
pub mod exit;
mod games;
mod hall;
mod ledger;
mod news;
mod notify;
mod products;
mod programmes;
mod report;
mod serve;
mod setup;
mod shared;
mod signin;
mod staff;
mod tasks;
mod team;
mod users;
mod values;
mod vip;
mod wallet;

use crate::config::Config;
use anyhow::Context;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};
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
        /// Address to listen on, e.g. 0.0.0.0:8080 or localhost:8080 (overrides
        /// `server.listen`).
        #[arg(long, value_parser = crate::net::listen_address)]
        listen: Option<SocketAddr>,
    },
    /// Write a new config file (the --config path) with freshly generated secrets, and create
    /// its hall (the database) when the data directory holds none.
    Init {
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
        /// Address to put in the config's `server.listen` (a host name is resolved).
        #[arg(long, default_value = "127.0.0.1:8080", value_parser = crate::net::listen_address)]
        listen: SocketAddr,
        #[command(flatten)]
        hall: setup::InitArgs,
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
    /// Write one backup archive (database, key files, uploads) while `serve` may run.
    Backup {
        /// The archive to write, e.g. /root/fairhall-before-upgrade.tar.gz (must not exist);
        /// `-` writes it to standard output. Encrypted to `[backup] recipient` when set.
        file: PathBuf,
        /// Print what was written as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a backup archive, then replace the data directory's data by it (the replaced
    /// data is kept in <data_dir>/replaced-<time>/). Refused while `serve` runs.
    Restore {
        /// The archive written by `fairhall backup` or the daily backup.
        #[arg(required_unless_present = "roll_back")]
        file: Option<PathBuf>,
        /// Put back the data a restore that did not finish replaced (its marker
        /// `restore-in-progress` is in the data directory); takes no archive.
        #[arg(long, conflicts_with_all = ["file", "identity", "yes"])]
        roll_back: bool,
        /// The age identity file (from `age-keygen`) that opens an encrypted archive.
        #[arg(long, value_name = "FILE")]
        identity: Option<PathBuf>,
        /// Do not ask before replacing the data.
        #[arg(long)]
        yes: bool,
        /// Print the outcome as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The effective configuration.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Operator commands; they work on the same database while `serve` runs. Each one that
    /// changes something is recorded in the audit log (`admin audit`).
    Admin {
        #[command(flatten)]
        operator: admin::OperatorArgs,
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
}

/// `fairhall --version`: the binary's version and the newest database schema it knows.
pub fn version_text() -> String {
    format!(
        "{} (database schema up to V{})",
        env!("CARGO_PKG_VERSION"),
        crate::db::embedded_schema_version()
    )
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Print the configuration serve would use (the file, the defaults of the keys it leaves
    /// out, --data-dir) as TOML, with secrets masked as "***".
    Dump,
}

/// The command line of this process, parsed; its matches name the admin command for the audit
/// log. Exits with clap's usage message and code when it does not parse.
pub fn parse() -> (Cli, ArgMatches) {
    let matches = values::operator_worded(Cli::command()).version(version_text()).get_matches();
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => (cli, matches),
        Err(error) => error.exit(),
    }
}

pub fn run(cli: Cli, matches: &ArgMatches) -> anyhow::Result<()> {
    if matches!(cli.command, Command::Serve { .. }) {
        return run_command(cli, matches);
    }
    // An operator's command may print to a reader that stops early (`| head`): it ends
    // quietly with `exit::BROKEN_PIPE` instead of a panic.
    exit::quiet_broken_pipes();
    exit::catch_broken_pipe(|| run_command(cli, matches))
}

fn run_command(cli: Cli, matches: &ArgMatches) -> anyhow::Result<()> {
    if let Command::Init { force, listen, hall } = cli.command {
        let file = setup::init(cli.config, cli.data_dir.clone(), (force, listen), hall)?;
        // The explicit first start: the new config's hall, unless one is there already.
        let config = load_config(Some(file.clone()), cli.data_dir)?;
        if config.database_path().exists() {
            println!("{} already holds a hall: left as it is", config.server.data_dir.display());
            return Ok(());
        }
        hall::require(&config, Some(&file), hall::FirstStart::Allowed)?;
        return setup::migrate(config);
    }
    let config_file = cli.config.clone();
    let config = load_config(cli.config, cli.data_dir)?;
    let first_start = match &cli.command {
        Command::Serve { .. } | Command::Migrate => Some(hall::FirstStart::Allowed),
        // A restore makes the database; the config's dump opens none.
        Command::Restore { .. } | Command::Config { .. } | Command::Init { .. } => None,
        Command::VerifyDraw { .. } | Command::Backup { .. } | Command::Admin { .. } => {
            Some(hall::FirstStart::Refused)
        }
    };
    if let Some(first_start) = first_start {
        if let Some(marker) = crate::backup::restore::unfinished(&config.server.data_dir)? {
            anyhow::bail!("{}", backup::unfinished_restore(&config.server.data_dir, &marker));
        }
        hall::require(&config, config_file.as_deref(), first_start)?;
    }
    match cli.command {
        Command::Init { .. } => unreachable!("init ran above"),
        Command::Serve { listen } => {
            let mut config = config;
            if let Some(listen) = listen {
                config.server.listen = listen;
            }
            serve::run(config)
        }
        Command::Migrate => setup::migrate(config),
        Command::VerifyDraw { room, issue } => games::verify_draw(config, &room, &issue),
        Command::Backup { file, json } => backup::backup(&config, &file, json),
        Command::Restore { file, roll_back, identity, yes, json } => match file {
            Some(file) if !roll_back => {
                backup::restore(&config, (&file, identity.as_deref()), yes, json)
            }
            _ => backup::roll_back(&config, json),
        },
        Command::Config { command: ConfigCommand::Dump } => config_dump::dump(&config),
        Command::Admin { operator, command } => {
            let admin_matches = matches.subcommand_matches("admin").context("no admin command")?;
            let invocation = admin::Invocation::of(admin_matches);
            admin::run(config, operator, invocation, command)
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every argument of `command` and its subcommands without a help text, as
    /// `fairhall admin user show <USER>`.
    fn arguments_without_help(command: &clap::Command, path: &str, found: &mut Vec<String>) {
        for argument in command.get_arguments() {
            let generated = ["help", "version"].contains(&argument.get_id().as_str());
            if generated || argument.get_help().is_some() || argument.get_long_help().is_some() {
                continue;
            }
            let shown = match argument.get_long() {
                Some(long) => format!("--{long}"),
                None => format!("<{}>", argument.get_id().as_str().to_uppercase()),
            };
            found.push(format!("{path} {shown}"));
        }
        // clap's own `help` subcommand, unless the command turned it off (`content create help`
        // is a real command).
        let generated_help = |sub: &clap::Command| {
            sub.get_name() == "help" && !command.is_disable_help_subcommand_set()
        };
        for sub in command.get_subcommands().filter(|sub| !generated_help(sub)) {
            arguments_without_help(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }

    #[test]
    fn every_argument_says_what_it_takes() {
        let mut cli = Cli::command();
        cli.build();
        let mut found = Vec::new();
        arguments_without_help(&cli, "fairhall", &mut found);
        assert!(found.is_empty(), "{} arguments without help:\n{}", found.len(), found.join("\n"));
    }
}
