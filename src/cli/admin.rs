//! `fairhall admin ...`: operator commands, dispatched to one file per command group. Each
//! parses its arguments, calls one domain verb on the same database `serve` uses, and prints
//! the result.
//!
//! Every leaf command is classified here (`effect`) as read-only, a sensitive read, or a
//! change of one kind of target; `run` records every change in the audit log
//! (`crate::audit`) with the operator (`--by` and the system's user), the arguments (secrets
//! masked), the target before and after, and the outcome: in the change's own transaction
//! (`flows::audited`), so a change without its record cannot exist. Sensitive reads are
//! recorded before they show anything.
//! A new command adds one line to `effect`; a unit test fails on any leaf without one.

use super::audit::{self, AuditArgs};
use super::{
    codes, content, doctor, envelopes, games, ledger, news, notify, products, programmes, report,
    shared, signin, staff, tasks, team, users, vip, wallet,
};
use crate::audit::Origin;
use crate::clock::{Clock, Timestamp};
use crate::config::Config;
use crate::crypto::CardCipher;
use crate::db::Db;
use crate::finance::goods::GoodsSettings;
use crate::flows::audit_snapshots::AuditTarget;
use crate::flows::audited::{AuditedChange, TargetReference, snapshot_failed};
use crate::wallet::WalletSettings;
use anyhow::Context;
use clap::parser::ValueSource;
use clap::{ArgMatches, Subcommand};
use serde_json::{Map, Value};
use std::sync::Arc;

/// The flags every `fairhall admin` command takes.
#[derive(clap::Args)]
pub struct OperatorArgs {
    /// Who runs the command (default: $USER, else "operator"): recorded in the audit log and
    /// with the reviews and adjustments it makes.
    #[arg(long, global = true, env = "USER", default_value = "operator", value_name = "NAME")]
    pub by: String,
}

#[derive(Subcommand)]
pub enum AdminCommand {
    /// Player accounts.
    User {
        #[command(subcommand)]
        command: users::UserCommand,
    },
    /// Staff of the operator console: create (passphrase and TOTP), confirm, list, disable,
    /// reset.
    Staff {
        #[command(subcommand)]
        command: staff::StaffCommand,
    },
    /// Deposits awaiting review, and their approval, rejection or failure.
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
    /// The activity report from the ledger: one day, or a range per day and per room; as a
    /// table, CSV or JSON.
    Report {
        #[command(subcommand)]
        command: report::ReportCommand,
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
    /// Recompute every balance from the ledger's postings and check every invariant; exits 3
    /// on any failure. A pass also lets a server halted by a failed check resume payments.
    Verify {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Reverse a ledger entry (e.g. a payment made twice): an `adjust` entry negating each of
    /// its postings, recorded with the reason. The journal itself is never changed.
    Reverse {
        /// The entry's id (`admin wallet show`, `admin verify`).
        entry: i64,
        /// Why, in a few words: recorded with the change.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The clock the money jobs trust: show whether a forward step of the server's clock
    /// paused interest, instalments, rebates and salary, or accept the clock as it reads now.
    Clock {
        #[command(subcommand)]
        command: ledger::ClockCommand,
    },
    /// Check the installation: config, database integrity, ledger, chain keys, scheduler
    /// lag, disk space and file permissions; exits 3 when a check finds a problem. Then what
    /// the hall lacks before it opens (agreements, receiving account, support contact, backup
    /// recipient, programme budgets), as warnings with their fixes.
    Doctor {
        /// Only the readiness section: what the hall lacks before it opens.
        #[arg(long)]
        readiness: bool,
        /// Print the findings as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The operator's notifications (`[notify]`): the delivery log and a test message.
    Notify {
        #[command(subcommand)]
        command: notify::NotifyCommand,
    },
    /// Verification codes delivered in `log` mode, newest first.
    Codes {
        /// How many to show.
        #[arg(long, default_value_t = 20)]
        limit: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The audit log: every state-changing admin command, newest first.
    Audit(AuditArgs),
}

/// What a leaf command does, for the audit log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Reads only: not recorded.
    Read,
    /// Shows secrets (whole card numbers, verification codes): recorded before it shows them.
    SensitiveRead(AuditTarget, Reference),
    /// Changes one target of this kind, named as `Reference` says.
    Change(AuditTarget, Reference),
}

/// Where a change's target comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The value of this argument (a user reference resolves to the user's id).
    Arg(&'static str),
    /// The command creates it; its domain verb notes the id (`Tx::note_created`).
    Created,
    /// A run over the whole kind (rebate, salary): the newest batch or payout before and after.
    Latest,
}

/// Every leaf command of `fairhall admin`, by its words after `admin`. `None` for a command
/// not classified yet: it refuses to run, and `every_admin_command_is_classified` fails.
pub fn effect(command: &str) -> Option<Effect> {
    use AuditTarget as Kind;
    use Effect::{Change, Read, SensitiveRead};
    use Reference::{Arg, Created, Latest};
    Some(match command {
        "codes" => SensitiveRead(Kind::Codes, Latest),
        "audit" | "doctor" | "team" | "programme cost" | "clock show" => Read,
        // A passing verify moves the server's check watermark (and ends a halt).
        "verify" => Change(Kind::Ledger, Latest),
        "clock accept" => Change(Kind::Clock, Latest),
        "reverse" => Change(Kind::Entry, Arg("entry")),
        "user list" | "user show" | "user search" | "user roles" | "user exclusions" => Read,
        "user exclusions lift" => Change(Kind::User, Arg("user")),
        "user create" => Change(Kind::User, Arg("phone")),
        "user freeze"
        | "user unfreeze"
        | "user reset-password"
        | "user reset-fund-password"
        | "user grant-admin"
        | "user role add"
        | "user role remove"
        | "user permission add"
        | "user permission remove" => Change(Kind::User, Arg("user")),
        "report daily" | "report range" | "report linked" => Read,
        "deposit list" | "deposit show" | "withdraw list" => Read,
        "deposit approve" | "deposit reject" | "deposit fail" => Change(Kind::Deposit, Arg("id")),
        "room list" | "room show" | "room stuck" | "room periods" | "room chain" => Read,
        "room open" | "room close" | "room refund" | "room update" | "room limits" => {
            Change(Kind::Room, Arg("room"))
        }
        "content list" | "content show" | "content picture list" => Read,
        "content create banner"
        | "content create activity"
        | "content create help"
        | "content create page"
        | "content create announcement" => Change(Kind::Content, Created),
        "content update banner"
        | "content update activity"
        | "content update help"
        | "content update page"
        | "content update announcement"
        | "content delete" => Change(Kind::Content, Arg("id")),
        "content picture add" => Change(Kind::Picture, Created),
        "news list" | "news show" => Read,
        "news add" => Change(Kind::News, Created),
        "news edit" | "news remove" => Change(Kind::News, Arg("id")),
        "product categories"
        | "product list"
        | "product show"
        | "product orders"
        | "product obligations" => Read,
        "product category" => Change(Kind::Category, Arg("code")),
        "product create" => Change(Kind::Product, Created),
        "product update" | "product close" => Change(Kind::Product, Arg("id")),
        "rebate batches" | "salary list" | "salary show" | "signin show" | "signin day" => Read,
        "rebate run" => Change(Kind::Rebate, Latest),
        "salary run" => Change(Kind::Salary, Latest),
        "task list" | "task show" | "task claims" => Read,
        "task create" => Change(Kind::Task, Created),
        "task update" | "task close" => Change(Kind::Task, Arg("id")),
        "vip levels" | "vip show" | "vip rewards" => Read,
        "envelope list" | "envelope show" | "envelope reserve" => Read,
        "envelope create" => Change(Kind::Envelope, Created),
        "envelope withdraw" => Change(Kind::Envelope, Arg("id")),
        _ => {
            return staff_effect(command)
                .or_else(|| wallet_effect(command))
                .or_else(|| notify_effect(command));
        }
    })
}

/// `effect` of the withdrawal and wallet commands: a whole payout account is a sensitive read;
/// an adjustment changes the wallet, its second approval (or withdrawal) the waiting one.
fn wallet_effect(command: &str) -> Option<Effect> {
    match command {
        "withdraw show" => {
            Some(Effect::SensitiveRead(AuditTarget::Withdrawal, Reference::Arg("id")))
        }
        "withdraw approve" | "withdraw reject" | "withdraw fail" => {
            Some(Effect::Change(AuditTarget::Withdrawal, Reference::Arg("id")))
        }
        "wallet show" | "wallet adjustments" => Some(Effect::Read),
        "wallet adjust" => Some(Effect::Change(AuditTarget::Wallet, Reference::Arg("user"))),
        "wallet approve-adjustment" | "wallet cancel-adjustment" => {
            Some(Effect::Change(AuditTarget::Adjustment, Reference::Arg("id")))
        }
        _ => None,
    }
}

/// `effect` of the console's staff commands: each change is one of the user's.
fn staff_effect(command: &str) -> Option<Effect> {
    match command {
        "staff list" => Some(Effect::Read),
        "staff create" | "staff confirm" | "staff disable" | "staff reset" => {
            Some(Effect::Change(AuditTarget::User, Reference::Arg("user")))
        }
        _ => None,
    }
}

/// `effect` of the notification commands: a test message changes nothing of the hall (no
/// player, money or setting), and it is in the delivery log like every other delivery.
fn notify_effect(command: &str) -> Option<Effect> {
    matches!(command, "notify log" | "notify test").then_some(Effect::Read)
}

/// The leaf command as typed: its words after `admin` and the arguments given.
pub struct Invocation {
    /// e.g. "deposit approve".
    pub command: String,
    /// The arguments given on the command line or by the environment, by name; secrets are
    /// `audit::MASK`.
    pub arguments: Map<String, Value>,
}

impl Invocation {
    /// The leaf `admin_matches` (the matches of `admin`) selects, with its arguments.
    pub fn of(admin_matches: &ArgMatches) -> Invocation {
        let mut definition = AdminCommand::augment_subcommands(clap::Command::new("admin"));
        let (mut matches, mut words) = (admin_matches, Vec::new());
        while let Some((name, inner)) = matches.subcommand() {
            words.push(name.to_string());
            definition = definition.find_subcommand(name).cloned().unwrap_or_default();
            matches = inner;
        }
        let command = words.join(" ");
        let mut arguments = Map::new();
        for argument in definition.get_arguments() {
            let id = argument.get_id().as_str();
            let given = matches!(
                matches.value_source(id),
                Some(ValueSource::CommandLine | ValueSource::EnvVariable)
            );
            if !given {
                continue;
            }
            let Ok(Some(raw)) = matches.try_get_raw(id) else { continue };
            let secret = is_secret(&command, id);
            let values: Vec<Value> = raw
                .map(|value| {
                    if secret {
                        Value::from(crate::audit::MASK)
                    } else {
                        Value::from(value.to_string_lossy().into_owned())
                    }
                })
                .collect();
            let value = match <[Value; 1]>::try_from(values) {
                Ok([one]) => one,
                Err(many) => Value::Array(many),
            };
            arguments.insert(id.to_string(), value);
        }
        Invocation { command, arguments }
    }

    /// `deposit.approve` for `deposit approve`.
    fn action(&self) -> String {
        self.command.replace(' ', ".")
    }

    fn argument(&self, name: &str) -> Option<&str> {
        self.arguments.get(name).and_then(Value::as_str)
    }
}

/// Arguments the audit log never stores: passwords and passphrases, card numbers, an
/// envelope's claim code, a staff member's TOTP code.
fn is_secret(command: &str, argument: &str) -> bool {
    argument.contains("password")
        || argument.contains("passphrase")
        || (command == "staff confirm" && argument == "code")
        || argument.contains("card")
        || (command == "envelope create" && argument == "code")
}

pub fn run(
    mut config: Config,
    operator: OperatorArgs,
    invocation: Invocation,
    command: AdminCommand,
) -> anyhow::Result<()> {
    let runtime = shared::current_thread_runtime()?;
    if let AdminCommand::Doctor { readiness, json } = command {
        let sections = if readiness { doctor::Sections::Readiness } else { doctor::Sections::All };
        return runtime.block_on(doctor::run_doctor(config, sections, json));
    }
    runtime.block_on(async move {
        let db = crate::startup::open(&mut config)?;
        let now = Clock::System.now();
        let effect = effect(&invocation.command).with_context(|| {
            format!(
                "`admin {}` is not classified for the audit log (cli/admin.rs `effect`)",
                invocation.command
            )
        })?;
        let (kind, reference) = match effect {
            Effect::Read => return dispatch(&db, config, operator.by, command, now).await,
            Effect::SensitiveRead(kind, reference) => {
                let actor = audit::actor(&operator.by)?;
                record_read(&db, actor, kind, reference, &invocation).await?;
                return dispatch(&db, config, operator.by, command, now).await;
            }
            Effect::Change(kind, reference) => (kind, reference),
        };
        let actor = audit::actor(&operator.by)?;
        let target_before = target(&db, kind, reference, &invocation).await;
        let before = audit::snapshot(&db, &config, kind, target_before.clone(), now).await?;
        let snapshot_config = config.clone();
        let change = Arc::new(AuditedChange::new(
            (actor.clone(), Origin::shell()),
            (invocation.action(), kind, reference_in_transaction(kind, reference, &invocation)),
            Value::Object(invocation.arguments.clone()),
            GoodsSettings::from_config(&config),
            Clock::System,
        ));
        let audited = db.audited(change.clone());
        // A print to a closed output still records what the change did.
        let changing = dispatch(&audited, config, operator.by, command, now);
        let outcome = super::exit::CatchBrokenPipe(Box::pin(changing)).await;
        if outcome.is_ok() && change.records_written() > 0 {
            return Ok(());
        }
        // Nothing changed with a record (refused, or a run that found nothing to do): the
        // record of what was asked and how it ended is written on its own.
        let target = match (target_before, reference) {
            (Some(target), _) => Some(target),
            (None, Reference::Created) => None,
            (None, _) => target(&db, kind, reference, &invocation).await,
        };
        let after = audit::snapshot(&db, &snapshot_config, kind, target.clone(), now).await;
        let entry = crate::audit::Entry {
            actor,
            origin: Origin::shell(),
            action: invocation.action(),
            target_kind: kind.code().to_string(),
            target_id: target,
            arguments: Value::Object(invocation.arguments),
            before,
            after: after.unwrap_or_else(|error| Some(snapshot_failed(&error))),
            outcome: match &outcome {
                Ok(()) => crate::audit::CommandEnd::Ok,
                Err(error) => crate::audit::CommandEnd::Refused(format!("{error:#}")),
            },
        };
        let recorded_at = Clock::System.now();
        let recorded = db
            .write(move |tx| crate::audit::record(tx, &entry, recorded_at))
            .await
            .map_err(shared::explain)
            .context("while recording the command in the audit log");
        outcome.and(recorded.map(drop))
    })
}

/// Records a sensitive read (whole card numbers, verification codes) before anything is
/// shown: a read the log cannot record is not shown.
async fn record_read(
    db: &Db,
    actor: crate::audit::Actor,
    kind: AuditTarget,
    reference: Reference,
    invocation: &Invocation,
) -> anyhow::Result<()> {
    let entry = crate::audit::Entry {
        actor,
        origin: Origin::shell(),
        action: invocation.action(),
        target_kind: kind.code().to_string(),
        target_id: target(db, kind, reference, invocation).await,
        arguments: Value::Object(invocation.arguments.clone()),
        before: None,
        after: None,
        outcome: crate::audit::CommandEnd::Ok,
    };
    let now = Clock::System.now();
    db.write(move |tx| crate::audit::record(tx, &entry, now))
        .await
        .map_err(shared::explain)
        .context("while recording the read in the audit log (nothing was shown)")?;
    Ok(())
}

/// How the change's own transaction names its target (`flows::audited`).
fn reference_in_transaction(
    kind: AuditTarget,
    reference: Reference,
    invocation: &Invocation,
) -> TargetReference {
    let content_kind = || {
        let last_word = invocation.command.rsplit(' ').next().unwrap_or_default();
        invocation.argument("kind").unwrap_or(last_word).to_string()
    };
    match reference {
        Reference::Latest => TargetReference::Known(None),
        Reference::Created => TargetReference::Created {
            content_kind: (kind == AuditTarget::Content).then(content_kind),
        },
        Reference::Arg(name) => match (kind, invocation.argument(name)) {
            (_, None) => TargetReference::Known(None),
            (AuditTarget::User | AuditTarget::Wallet, Some(user)) => {
                TargetReference::User(user.to_string())
            }
            (AuditTarget::Content, Some(id)) => {
                TargetReference::Known(Some(content_target(invocation, id)))
            }
            (_, Some(code)) => TargetReference::Known(Some(code.to_string())),
        },
    }
}

/// The target a change names before it runs (for `Created`, nothing yet).
async fn target(
    db: &Db,
    kind: AuditTarget,
    reference: Reference,
    invocation: &Invocation,
) -> Option<String> {
    let Reference::Arg(name) = reference else {
        return None;
    };
    let reference = invocation.argument(name)?;
    match kind {
        AuditTarget::Content => Some(content_target(invocation, reference)),
        _ => audit::resolve_target(db, kind, reference).await,
    }
}

/// A content target `KIND:ID`: the kind is the `kind` argument (`content delete banner 3`)
/// or the command's last word (`content update banner 3`).
fn content_target(invocation: &Invocation, id: &str) -> String {
    let last_word = invocation.command.rsplit(' ').next().unwrap_or_default();
    format!("{}:{id}", invocation.argument("kind").unwrap_or(last_word))
}

async fn dispatch(
    db: &Db,
    config: Config,
    by: String,
    command: AdminCommand,
    now: Timestamp,
) -> anyhow::Result<()> {
    match command {
        AdminCommand::Codes { limit, json } => codes::print_codes(db, limit, json).await,
        AdminCommand::Notify { command } => notify::run_notify(db, &config, command, now).await,
        AdminCommand::Audit(args) => audit::run_audit(db, args).await,
        AdminCommand::User { command } => users::run_user(db, &config, command, &by, now).await,
        AdminCommand::Staff { command } => staff::run_staff(db, &config, command, now).await,
        AdminCommand::Verify { json } => ledger::verify_ledger(db, json).await,
        AdminCommand::Clock { command } => ledger::run_clock(db, command, now).await,
        AdminCommand::Reverse { entry, reason, json } => {
            ledger::reverse_entry(db, entry, (reason, by), json).await
        }
        AdminCommand::Doctor { .. } => unreachable!("doctor runs before the database opens"),
        AdminCommand::Room { command } => {
            let data_dir = config.server.data_dir.as_path();
            games::run_room(db, &config, data_dir, command).await
        }
        AdminCommand::Deposit { command } => {
            let settings = Arc::new(WalletSettings::from_config(&config));
            let growth = Arc::new(config.growth.clone());
            wallet::run_deposit(db, (settings, growth), command, by).await
        }
        AdminCommand::Withdraw { command } => {
            let secrets = &config.secrets;
            let cipher = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?;
            let limits = Arc::new(config.wallet.clone());
            wallet::run_withdraw(db, (Arc::new(cipher), limits), command, by).await
        }
        AdminCommand::Wallet { command } => {
            wallet::run_wallet(db, Arc::new(config.wallet.clone()), command, by).await
        }
        AdminCommand::News { command } => news::run_news(db, command).await,
        AdminCommand::Content { command } => content::run_content(db, &config, *command).await,
        AdminCommand::Vip { command } => vip::run_vip(db, &config, command).await,
        AdminCommand::Product { command } => {
            products::run_product(db, &config, *command, now).await
        }
        AdminCommand::Programme { command } => {
            programmes::run_programme(
                db,
                (config.timezone(), config.growth.budget.clone()),
                command,
            )
            .await
        }
        AdminCommand::Report { command } => {
            report::run_report(db, config.timezone(), command, now).await
        }
        AdminCommand::Team(args) => team::run_team(db, args).await,
        AdminCommand::Rebate { command } => team::run_rebate(db, &config, command, now).await,
        AdminCommand::Salary { command } => team::run_salary(db, &config, command, now).await,
        AdminCommand::Signin { command } => {
            let settings = crate::growth::signin::SigninSettings::from_config(&config);
            signin::run_signin(db, settings, command, now).await
        }
        AdminCommand::Task { command } => {
            let settings = crate::growth::tasks::TaskSettings::from_config(&config);
            tasks::run_task(db, settings, command, now).await
        }
        AdminCommand::Envelope { command } => {
            envelopes::run_envelope(db, &config, command, now).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches};

    /// Every leaf of the admin command tree, as its words after `admin`.
    fn leaves(command: &clap::Command, words: &[String], found: &mut Vec<String>) {
        // clap's own `help` subcommand, unless the command turned it off (`content create help`
        // is a real command).
        let generated_help = |sub: &clap::Command| {
            sub.get_name() == "help" && !command.is_disable_help_subcommand_set()
        };
        let subcommands: Vec<_> =
            command.get_subcommands().filter(|sub| !generated_help(sub)).collect();
        if subcommands.is_empty() {
            found.push(words.join(" "));
        }
        for sub in subcommands {
            let mut words = words.to_vec();
            words.push(sub.get_name().to_string());
            leaves(sub, &words, found);
        }
    }

    fn admin_leaves() -> Vec<String> {
        let mut cli = crate::cli::Cli::command();
        cli.build();
        let admin = cli.find_subcommand("admin").expect("the admin command");
        let mut found = Vec::new();
        leaves(admin, &[], &mut found);
        found
    }

    #[test]
    fn every_admin_command_is_classified() {
        let leaves = admin_leaves();
        assert!(leaves.len() > 70, "{} leaves: the walk lost the tree", leaves.len());
        for expected in ["deposit approve", "content create help", "team", "audit"] {
            assert!(leaves.iter().any(|leaf| leaf == expected), "{expected} in {leaves:?}");
        }
        let unclassified: Vec<_> = leaves.iter().filter(|leaf| effect(leaf).is_none()).collect();
        assert!(unclassified.is_empty(), "classify in `effect`: {unclassified:?}");
        assert_eq!(effect("user teleport"), None, "an unknown command is unclassified");
    }

    /// The admin command a leaf's words name.
    fn leaf_command(words: &str) -> clap::Command {
        let mut cli = crate::cli::Cli::command();
        cli.build();
        let mut command = cli.find_subcommand("admin").expect("the admin command").clone();
        for word in words.split(' ') {
            command = command.find_subcommand(word).expect("a known leaf").clone();
        }
        command
    }

    #[test]
    fn every_command_that_prints_data_takes_json() {
        let without: Vec<String> = admin_leaves()
            .into_iter()
            .filter(|leaf| effect(leaf) == Some(Effect::Read))
            .filter(|leaf| !leaf_command(leaf).get_arguments().any(|arg| arg.get_id() == "json"))
            .collect();
        assert!(without.is_empty(), "read-only commands without --json: {without:?}");
    }

    #[test]
    fn every_argument_a_change_names_exists_on_its_command() {
        let mut cli = crate::cli::Cli::command();
        cli.build();
        let admin = cli.find_subcommand("admin").expect("the admin command").clone();
        for leaf in admin_leaves() {
            let Some(Effect::Change(_, Reference::Arg(name))) = effect(&leaf) else { continue };
            let command = leaf
                .split(' ')
                .try_fold(&admin, |command, word| command.find_subcommand(word))
                .expect("the leaf");
            assert!(
                command.get_arguments().any(|argument| argument.get_id() == name),
                "`admin {leaf}` has no argument {name}"
            );
        }
    }

    fn invocation(words: &[&str]) -> Invocation {
        let line = ["fairhall", "admin"].iter().chain(words);
        let matches = crate::cli::Cli::command().try_get_matches_from(line).expect("parses");
        crate::cli::Cli::from_arg_matches(&matches).expect("a command line");
        Invocation::of(matches.subcommand_matches("admin").expect("admin"))
    }

    #[test]
    fn an_invocation_names_its_leaf_and_masks_secrets() {
        let create = invocation(&["user", "create", "--phone", "0912", "--password", "hunter22"]);
        assert_eq!(create.command, "user create");
        assert_eq!(create.action(), "user.create");
        assert_eq!(create.argument("phone"), Some("0912"));
        assert_eq!(create.argument("password"), Some(crate::audit::MASK));
        assert!(!create.arguments.contains_key("admin"), "a flag left out is not recorded");
        let envelope = invocation(&[
            "envelope", "create", "--amount", "10", "--count", "2", "--mode", "fixed", "--code",
            "LUCKY8",
        ]);
        assert_eq!(envelope.argument("code"), Some(crate::audit::MASK));
        assert_eq!(envelope.argument("amount"), Some("10"));
        let category = invocation(&["product", "category", "drinks", "--name", "en=Drinks"]);
        assert_eq!(category.argument("code"), Some("drinks"), "only a claim code is secret");
        let delete = invocation(&["content", "delete", "banner", "3"]);
        assert_eq!(content_target(&delete, "3"), "banner:3");
        let update = invocation(&["content", "update", "page", "4", "--title", "en=About"]);
        assert_eq!(content_target(&update, "4"), "page:4");
        let task = invocation(&["task", "create", "--title", "en=A", "--title", "vi=B"]);
        assert_eq!(task.arguments["titles"], serde_json::json!(["en=A", "vi=B"]));
    }
}
