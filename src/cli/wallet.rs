//! `fairhall admin deposit|withdraw|wallet ...`: the operator's side of the wallet.

use super::shared::{explain, find_user};
use crate::clock::{Clock, Timestamp};
use crate::config::GrowthConfig;
use crate::crypto::CardCipher;
use crate::db::Db;
use crate::growth::deposit_rewards;
use crate::money::Money;
use crate::paging::Paging;
use crate::wallet::deposits::{self, DepositRecord};
use crate::wallet::withdrawals::{self, Decision, PayTo, WithdrawalRecord};
use crate::wallet::{self, Adjustment, WalletSettings};
use anyhow::Context;
use clap::Subcommand;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Subcommand)]
pub enum DepositCommand {
    /// List deposits, newest first (pending ones by default).
    List {
        /// pending, passed, rejected or all.
        #[arg(long, default_value = "pending")]
        status: String,
        #[arg(long, default_value_t = 1)]
        page: i64,
    },
    /// Show one deposit; --voucher-out writes its screenshot to a file you can open.
    Show {
        id: i64,
        #[arg(long)]
        voucher_out: Option<PathBuf>,
    },
    /// Credit the deposit to the player's wallet.
    Approve {
        id: i64,
        /// Who reviews (recorded with the deposit).
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
    /// Refuse the deposit; the player sees the reason.
    Reject {
        id: i64,
        #[arg(long)]
        reason: String,
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
}

#[derive(Subcommand)]
pub enum WithdrawCommand {
    /// List withdrawals, newest first (pending ones by default).
    List {
        /// pending, passed, failed, rejected or all.
        #[arg(long, default_value = "pending")]
        status: String,
        #[arg(long, default_value_t = 1)]
        page: i64,
    },
    /// Show one withdrawal with where to pay it: the whole card number or USDT address.
    Show { id: i64 },
    /// Mark as paid out: the held amount leaves the platform, the fee goes to fees.
    Approve {
        id: i64,
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
    /// Refuse it: the held amount and fee return to the player's wallet.
    Reject {
        id: i64,
        #[arg(long)]
        reason: String,
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
    /// The payout failed: the held amount and fee return to the player's wallet.
    Fail {
        id: i64,
        #[arg(long)]
        reason: String,
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
}

#[derive(Subcommand)]
pub enum WalletCommand {
    /// Credit (positive) or debit (negative) a player's wallet balance, with a reason.
    Adjust {
        user: String,
        /// e.g. 50.00 or -12.50
        #[arg(allow_hyphen_values = true)]
        amount: String,
        #[arg(long)]
        reason: String,
        #[arg(long, env = "USER", default_value = "admin")]
        by: String,
    },
    /// Print a player's balances and recent account changes.
    Show { user: String },
}

fn status_filter(status: &str, known: &[&str]) -> anyhow::Result<Option<String>> {
    match status {
        "all" => Ok(None),
        status if known.contains(&status) => Ok(Some(status.to_string())),
        other => anyhow::bail!("unknown status {other:?}: use {} or all", known.join(", ")),
    }
}

fn print_deposit(deposit: &DepositRecord) {
    println!(
        "{}\tuser {}\t{}\t{} ({} {})\t{}\t{}",
        deposit.id,
        deposit.user_id,
        deposit.method,
        deposit.amount,
        deposit.pay_amount,
        deposit.currency,
        deposit.status,
        deposit.reason
    );
}

fn print_withdrawal(withdrawal: &WithdrawalRecord) {
    println!(
        "{}\tuser {}\t{} {}\t{} + fee {}\t{}\t{}",
        withdrawal.id,
        withdrawal.user_id,
        withdrawal.method,
        withdrawal.account,
        withdrawal.amount,
        withdrawal.fee,
        withdrawal.status,
        withdrawal.reason
    );
}

pub async fn run_deposit(
    db: &Db,
    settings: Arc<WalletSettings>,
    growth: Arc<GrowthConfig>,
    command: DepositCommand,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    match command {
        DepositCommand::List { status, page } => {
            let status = status_filter(&status, &["pending", "passed", "rejected"])?;
            let paging = Paging::parse(Some(&page.to_string()), Some("100")).map_err(explain)?;
            let list = db
                .read(move |connection| deposits::list(connection, None, status.as_deref(), paging))
                .await?;
            println!("id\tuser\tmethod\tamount (pay)\tstatus\treason\t({} in all)", list.total);
            list.list.iter().for_each(print_deposit);
        }
        DepositCommand::Show { id, voucher_out } => {
            let deposit =
                db.read(move |connection| deposits::find(connection, id)).await.map_err(explain)?;
            println!("{}", serde_json::to_string_pretty(&deposit)?);
            if let Some(path) = voucher_out {
                let source = settings.voucher_dir.join(&deposit.voucher_file);
                std::fs::copy(&source, &path)
                    .with_context(|| format!("while copying the voucher to {}", path.display()))?;
                println!("voucher written to {}", path.display());
            }
        }
        DepositCommand::Approve { id, by } => {
            let review = deposits::Review { deposit_id: id, admin: by, rejection: None };
            review_deposit(db, (settings, growth), review, now).await?;
        }
        DepositCommand::Reject { id, reason, by } => {
            let review = deposits::Review { deposit_id: id, admin: by, rejection: Some(reason) };
            review_deposit(db, (settings, growth), review, now).await?;
        }
    }
    Ok(())
}

/// Approves (paying the deposit programmes, `growth::deposit_rewards`) or rejects a deposit,
/// then prints it and every reward its approval paid.
async fn review_deposit(
    db: &Db,
    (settings, growth): (Arc<WalletSettings>, Arc<GrowthConfig>),
    review: deposits::Review,
    now: Timestamp,
) -> anyhow::Result<()> {
    let reviewed = db
        .write(move |tx| deposit_rewards::review(tx, &review, &settings, &growth, now))
        .await
        .map_err(explain)?;
    print_deposit(&reviewed.deposit);
    for reward in &reviewed.rewards {
        println!("  paid {} {} ({} bp)", reward.programme, reward.amount, reward.rate_bp);
    }
    for upgrade in &reviewed.upgrades {
        println!("  reached VIP{}: upgrade reward {}", upgrade.level, upgrade.reward);
    }
    Ok(())
}

pub async fn run_withdraw(
    db: &Db,
    cipher: Arc<CardCipher>,
    command: WithdrawCommand,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let (withdrawal_id, decision, reason, admin) = match command {
        WithdrawCommand::Show { id } => return show_withdrawal(db, cipher, id).await,
        WithdrawCommand::List { status, page } => {
            let status = status_filter(&status, &["pending", "passed", "failed", "rejected"])?;
            let paging = Paging::parse(Some(&page.to_string()), Some("100")).map_err(explain)?;
            let list = db
                .read(move |connection| {
                    withdrawals::list(connection, None, status.as_deref(), paging)
                })
                .await?;
            println!("id\tuser\tto\tamount\tstatus\treason\t({} in all)", list.total);
            list.list.iter().for_each(print_withdrawal);
            return Ok(());
        }
        WithdrawCommand::Approve { id, by } => (id, Decision::Pass, String::new(), by),
        WithdrawCommand::Reject { id, reason, by } => (id, Decision::Reject, reason, by),
        WithdrawCommand::Fail { id, reason, by } => (id, Decision::Fail, reason, by),
    };
    let review = withdrawals::Review { withdrawal_id, decision, reason, admin };
    let withdrawal =
        db.write(move |tx| withdrawals::review(tx, &review, now)).await.map_err(explain)?;
    print_withdrawal(&withdrawal);
    Ok(())
}

/// Prints the withdrawal and its payout target in full (for the operator who pays it).
async fn show_withdrawal(db: &Db, cipher: Arc<CardCipher>, id: i64) -> anyhow::Result<()> {
    let (withdrawal, pay_to) = db
        .read(move |connection| {
            Ok((withdrawals::find(connection, id)?, withdrawals::pay_to(connection, id, &cipher)?))
        })
        .await
        .map_err(explain)?;
    print_withdrawal(&withdrawal);
    match pay_to {
        PayTo::Bank(card) => {
            println!("pay to bank {}, holder {}", card.bank_code, card.holder);
            println!("card number {}", card.card_no);
            if !card.ifsc.is_empty() || !card.bank_address.is_empty() {
                println!("ifsc {}, bank address {}", card.ifsc, card.bank_address);
            }
        }
        PayTo::Usdt(address) => println!("pay to USDT {address}"),
    }
    Ok(())
}

pub async fn run_wallet(db: &Db, command: WalletCommand) -> anyhow::Result<()> {
    let now = Clock::System.now();
    match command {
        WalletCommand::Adjust { user, amount, reason, by } => {
            let user_id = find_user(db, user).await?;
            let (credit, magnitude) = match amount.strip_prefix('-') {
                Some(rest) => (false, rest),
                None => (true, amount.strip_prefix('+').unwrap_or(&amount)),
            };
            let amount = Money::parse(magnitude).map_err(explain)?;
            let adjustment = Adjustment { user_id, credit, amount, reason, admin: by };
            let balances =
                db.write(move |tx| wallet::adjust(tx, &adjustment, now)).await.map_err(explain)?;
            println!("user {user_id}: balance {}, game balance {}", balances.wallet, balances.game);
        }
        WalletCommand::Show { user } => {
            let user_id = find_user(db, user).await?;
            let filter =
                crate::wallet::records::ChangeFilter::parse(Default::default()).map_err(explain)?;
            let (balances, turnover, changes) = db
                .read(move |connection| {
                    Ok((
                        crate::ledger::balances(connection, user_id)?,
                        wallet::turnover_remaining(connection, user_id)?,
                        crate::wallet::records::account_changes(
                            connection,
                            user_id,
                            &filter,
                            crate::wallet::records::Audience::Operator,
                        )?,
                    ))
                })
                .await?;
            println!("{}", serde_json::to_string_pretty(&balances)?);
            println!("turnover still to bet: {turnover}");
            println!("recent account changes:");
            for change in changes.list {
                println!(
                    "{}\t{}\t{}\t{}\t{} -> {}\t{}",
                    change.id,
                    change.account,
                    change.kind,
                    change.reference,
                    change.amount,
                    change.balance_after,
                    change.memo
                );
            }
        }
    }
    Ok(())
}
