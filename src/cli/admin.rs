//! `fairhall admin ...`: operator commands, dispatched to one file per command group. Each
//! parses its arguments, calls one domain verb on the same database `serve` uses, and prints
//! the result.

use super::{
    content, doctor, envelopes, games, ledger, news, products, programmes, shared, signin, tasks,
    team, users, vip, wallet,
};
use crate::auth;
use crate::clock::Clock;
use crate::config::Config;
use crate::crypto::CardCipher;
use crate::wallet::WalletSettings;
use clap::Subcommand;
use std::sync::Arc;

#[derive(Subcommand)]
pub enum AdminCommand {
    /// Player accounts.
    User {
        #[command(subcommand)]
        command: users::UserCommand,
    },
    /// Deposits awaiting review, and their approval or rejection.
    Deposit {
        #[command(subcommand)]
        command: wallet::DepositCommand,
    },
    /// Withdrawals awaiting payout, and their approval, rejection or failure.
    Withdraw {
        #[command(subcommand)]
        command: wallet::WithdrawCommand,
    },
    /// A player's wallet: adjust with a reason, or show balances and recent changes.
    Wallet {
        #[command(subcommand)]
        command: wallet::WalletCommand,
    },
    /// Game rooms: list, show, open or close for betting, change the period, close or limits.
    Room {
        #[command(subcommand)]
        command: games::RoomCommand,
    },
    /// What players read, by kind (banner, activity, help, page, announcement): create,
    /// update, list, show, delete; and the pictures they use.
    Content {
        /// Boxed: its flags make it much larger than the other commands.
        #[command(subcommand)]
        command: Box<content::ContentCommand>,
    },
    /// News articles players read: add, list, show, edit, remove.
    News {
        #[command(subcommand)]
        command: news::NewsCommand,
    },
    /// Goods investment: categories, products (create, update, close, list, show), their
    /// orders, and what the operator owes.
    Product {
        /// Boxed: its flags make it much larger than the other commands.
        #[command(subcommand)]
        command: Box<products::ProductCommand>,
    },
    /// Across the reward programmes: what each paid, per day.
    Programme {
        #[command(subcommand)]
        command: programmes::ProgrammeCommand,
    },
    /// A player's three-level team: people, recharge, bets, withdrawals and commission per
    /// level and in total.
    Team(team::TeamArgs),
    /// Rebate and commission batches: list them, or run one now.
    Rebate {
        #[command(subcommand)]
        command: team::RebateCommand,
    },
    /// The weekly salary: list what was paid, pay the ended weeks now, or show one partner.
    Salary {
        #[command(subcommand)]
        command: team::SalaryCommand,
    },
    /// Daily sign-in: a player's streak and history, who signed in on a day.
    Signin {
        #[command(subcommand)]
        command: signin::SigninCommand,
    },
    /// Tasks players complete for a reward: create, update, list, show, close, claims.
    Task {
        #[command(subcommand)]
        command: tasks::TaskCommand,
    },
    /// VIP levels and the deposit programmes: the level table, one player's level, and what
    /// the first-deposit bonus, cashback, deposit rewards and upgrades paid.
    Vip {
        #[command(subcommand)]
        command: vip::VipCommand,
    },
    /// Red envelopes: create (prints the code once), list, show, withdraw.
    Envelope {
        #[command(subcommand)]
        command: envelopes::EnvelopeCommand,
    },
    /// Recompute every balance from the ledger's postings; exits non-zero on any mismatch.
    Verify,
    /// Check the installation: config, database integrity, ledger, chain keys, scheduler
    /// lag, disk space and file permissions; exits 3 when a check finds a problem.
    Doctor {
        /// Print the findings as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Verification codes delivered in `log` mode, newest first.
    Codes {
        /// How many to show.
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
}

pub fn run(mut config: Config, command: AdminCommand) -> anyhow::Result<()> {
    let runtime = shared::current_thread_runtime()?;
    if let AdminCommand::Doctor { json } = command {
        return runtime.block_on(doctor::run_doctor(config, json));
    }
    runtime.block_on(async move {
        let db = crate::startup::open(&mut config)?;
        let settings = auth::AuthSettings::from_config(&config.auth)?;
        let now = Clock::System.now();
        match command {
            AdminCommand::Codes { limit } => users::print_codes(&db, limit).await,
            AdminCommand::User { command } => users::run_user(&db, &settings, command, now).await,
            AdminCommand::Verify => ledger::verify_ledger(&db).await,
            AdminCommand::Doctor { .. } => unreachable!("doctor runs before the database opens"),
            AdminCommand::Room { command } => {
                let data_dir = config.server.data_dir.as_path();
                games::run_room(&db, (config.timezone(), data_dir), command).await
            }
            AdminCommand::Deposit { command } => {
                let settings = Arc::new(WalletSettings::from_config(&config));
                wallet::run_deposit(&db, settings, Arc::new(config.growth.clone()), command).await
            }
            AdminCommand::Withdraw { command } => {
                let secrets = &config.secrets;
                let cipher = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?;
                wallet::run_withdraw(&db, Arc::new(cipher), command).await
            }
            AdminCommand::Wallet { command } => wallet::run_wallet(&db, command).await,
            AdminCommand::News { command } => news::run_news(&db, command).await,
            AdminCommand::Content { command } => content::run_content(&db, &config, *command).await,
            AdminCommand::Vip { command } => vip::run_vip(&db, &config, command).await,
            AdminCommand::Product { command } => {
                products::run_product(&db, &config, *command, now).await
            }
            AdminCommand::Programme { command } => {
                programmes::run_programme(&db, config.timezone(), command).await
            }
            AdminCommand::Team(args) => team::run_team(&db, args).await,
            AdminCommand::Rebate { command } => team::run_rebate(&db, &config, command, now).await,
            AdminCommand::Salary { command } => team::run_salary(&db, &config, command, now).await,
            AdminCommand::Signin { command } => {
                let settings = crate::growth::signin::SigninSettings::from_config(&config);
                signin::run_signin(&db, settings, command, now).await
            }
            AdminCommand::Task { command } => {
                let settings = crate::growth::tasks::TaskSettings::from_config(&config);
                tasks::run_task(&db, settings, command, now).await
            }
            AdminCommand::Envelope { command } => {
                envelopes::run_envelope(&db, &config, command, now).await
            }
        }
    })
}
