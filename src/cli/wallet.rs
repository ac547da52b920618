//! `fairhall admin deposit|withdraw|wallet ...`: the operator's side of the wallet.

use super::exit;
use super::shared::{explain, find_user, format_age, print_json_or, print_table, refused};
use crate::clock::{Clock, Timestamp};
use crate::config::GrowthConfig;
use crate::config::WalletConfig;
use crate::crypto::CardCipher;
use crate::db::Db;
use crate::error::AppError;
use crate::flows;
use crate::flows::linked::{self, PlayerLinks};
use crate::paging::Paging;
use crate::wallet::adjustments::{self, Adjusted, AdjustmentRequest};
use crate::wallet::deposits::{self, Decision as DepositDecision, DepositRecord};
use crate::wallet::records::{Audience, ChangeFilter, ChangeRecord, account_changes};
use crate::wallet::types::ReviewReason;
use crate::wallet::withdrawals::{self, Decision, PayTo, WithdrawalRecord};
use crate::wallet::{Adjustment, WalletSettings};
use anyhow::Context;
use clap::Subcommand;
use std::path::PathBuf;
use std::sync::Arc;

/// Which deposits or withdrawals `list` shows: the review queue by default.
#[derive(clap::Args)]
pub struct ListArgs {
    /// pending (the review queue, oldest first, with its age), or another state (newest
    /// first): passed, failed, rejected, or all.
    #[arg(long, visible_alias = "state", default_value = "pending")]
    status: String,
    /// Every state, newest first (the same as --status all).
    #[arg(long, conflicts_with = "status")]
    all: bool,
    /// Which page (1: the first).
    #[arg(long, default_value_t = 1)]
    page: i64,
    /// Print it as JSON (the same fields), for scripts.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand)]
pub enum DepositCommand {
    /// The deposits awaiting review, oldest first with their age; --status or --all for others.
    List(ListArgs),
    /// Show one deposit; --voucher-out writes its screenshot to a file you can open.
    Show {
        /// The deposit's id (`deposit list` shows them).
        id: i64,
        /// Write the deposit's voucher image to this file, to open it.
        #[arg(long)]
        voucher_out: Option<PathBuf>,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Credit the deposit to the player's wallet (the reviewer is --by).
    Approve {
        /// The deposit's id (`deposit list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Refuse the deposit (a false or unreadable voucher, a wrong amount); the player sees the
    /// reason.
    Reject {
        /// The deposit's id (`deposit list` shows them).
        id: i64,
        /// Why, in a few words: the player sees it.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The payment never arrived on the receiving account or bounced; the player sees the
    /// reason.
    Fail {
        /// The deposit's id (`deposit list` shows them).
        id: i64,
        /// Why, in a few words: the player sees it.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum WithdrawCommand {
    /// The withdrawals awaiting payout, oldest first with their age; --status or --all for
    /// others.
    List(ListArgs),
    /// Show one withdrawal with where to pay it: the whole card number or USDT address.
    Show {
        /// The withdrawal's id (`withdraw list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Mark as paid out: the held amount leaves the platform, the fee goes to fees.
    Approve {
        /// The withdrawal's id (`withdraw list` shows them).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Refuse it: the held amount and fee return to the player's wallet.
    Reject {
        /// The withdrawal's id (`withdraw list` shows them).
        id: i64,
        /// Why, in a few words: recorded with the change.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// The payout failed: the held amount and fee return to the player's wallet.
    Fail {
        /// The withdrawal's id (`withdraw list` shows them).
        id: i64,
        /// Why, in a few words: recorded with the change.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum WalletCommand {
    /// Credit (positive) or debit (negative) a player's wallet balance, with a reason: a
    /// ledger entry against `external`, recorded with --by.
    Adjust {
        /// The player: his id, phone or login name.
        user: String,
        /// e.g. 50.00 or -12.50
        #[arg(allow_hyphen_values = true)]
        amount: String,
        /// Why, in a few words: recorded with the change.
        #[arg(long)]
        reason: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Apply an adjustment that waits for a second operator (one of more than
    /// `wallet.adjust_second_approval_above`): --by must name another operator than the one
    /// who asked.
    ApproveAdjustment {
        /// The adjustment's id (`wallet adjustments`).
        id: i64,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Withdraw an adjustment that waits for a second operator; nothing moves.
    CancelAdjustment {
        /// The adjustment's id (`wallet adjustments`).
        id: i64,
    },
    /// The adjustments waiting for a second operator, oldest first.
    Adjustments {
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Print a player's balances and recent account changes.
    Show {
        /// The player: his id, phone or login name.
        user: String,
        /// Print it as JSON (the same fields), for scripts.
        #[arg(long)]
        json: bool,
    },
}

/// Rows one page of `deposit list` and `withdraw list` shows.
const LIST_PAGE_ROWS: &str = "100";

/// The list's state filter: `None` for every state.
fn status_filter(args: &ListArgs, known: &[&str]) -> anyhow::Result<Option<String>> {
    match args.status.as_str() {
        _ if args.all => Ok(None),
        "all" => Ok(None),
        status if known.contains(&status) => Ok(Some(status.to_string())),
        other => anyhow::bail!("--status {other:?}: use {} or all", known.join(", ")),
    }
}

/// A deposit or withdrawal id that does not exist exits 4; any other refusal explained.
fn or_not_found(what: &str, id: i64) -> impl FnOnce(AppError) -> anyhow::Error {
    let message = format!("no {what} {id}");
    move |error| match error {
        AppError::NotFound => exit::NotFound(message).into(),
        other => explain(other),
    }
}

const DEPOSIT_HEADERS: [&str; 8] =
    ["id", "user", "paid to", "amount", "pay amount", "status", "age", "reason"];

/// A deposit's row; "paid to" is its receiving account's code, or its method for a deposit
/// from before accounts (`deposit show` prints the details the player was shown).
fn deposit_row(deposit: &DepositRecord, now: Timestamp) -> Vec<String> {
    let paid_to = match deposit.account_code.as_str() {
        "" => deposit.method.clone(),
        code => code.to_string(),
    };
    vec![
        deposit.id.to_string(),
        deposit.user_id.to_string(),
        paid_to,
        deposit.amount.to_string(),
        format!("{} {}", deposit.pay_amount, deposit.currency),
        deposit.status.clone(),
        format_age(now.secs_since(deposit.created_at)),
        deposit.reason.clone(),
    ]
}

const WITHDRAWAL_HEADERS: [&str; 8] =
    ["id", "user", "to", "amount", "fee", "status", "age", "reason"];

/// A withdrawal in the list, with its player's login name (else phone) and what links him to
/// others.
#[derive(serde::Serialize)]
struct ListedWithdrawal {
    #[serde(flatten)]
    withdrawal: WithdrawalRecord,
    player: String,
    linked: PlayerLinks,
}

/// A deposit in the list, with its player's login name (else phone).
#[derive(serde::Serialize)]
struct ListedDeposit {
    #[serde(flatten)]
    deposit: DepositRecord,
    player: String,
}

fn withdrawal_row(withdrawal: &WithdrawalRecord, now: Timestamp) -> Vec<String> {
    vec![
        withdrawal.id.to_string(),
        withdrawal.user_id.to_string(),
        format!("{} {}", withdrawal.method, withdrawal.account),
        withdrawal.amount.to_string(),
        withdrawal.fee.to_string(),
        withdrawal.status.clone(),
        format_age(now.secs_since(withdrawal.created_at)),
        withdrawal.reason.clone(),
    ]
}

/// The line under a list, as every paged list ends: how many of how many, and which order.
fn list_footer(shown: usize, total: i64, (noun, queue): (&str, bool)) -> String {
    let order = if queue { "pending, oldest first" } else { "newest first" };
    format!("{shown} of {total} {noun} ({order})")
}

pub async fn run_deposit(
    db: &Db,
    settings: (Arc<WalletSettings>, Arc<GrowthConfig>),
    command: DepositCommand,
    by: String,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    match command {
        DepositCommand::List(args) => list_deposits(db, &args, now).await?,
        DepositCommand::Show { id, voucher_out, json } => {
            let deposit = db
                .read(move |connection| deposits::find(connection, id))
                .await
                .map_err(or_not_found("deposit", id))?;
            print_json_or(json, &deposit, |deposit| {
                print_table(&DEPOSIT_HEADERS, &[deposit_row(deposit, now)]);
                if !deposit.account_label.is_empty() {
                    println!("paid to: {}", deposit.account_label);
                }
                if !deposit.content.is_empty() {
                    println!("note: {}", deposit.content);
                }
            })?;
            if let Some(path) = voucher_out {
                let source = settings.0.voucher_dir.join(&deposit.voucher_file);
                std::fs::copy(&source, &path)
                    .with_context(|| format!("while copying the voucher to {}", path.display()))?;
                eprintln!("voucher written to {}", path.display());
            }
        }
        DepositCommand::Approve { id, json } => {
            let review =
                deposits::Review { deposit_id: id, admin: by, decision: DepositDecision::Approve };
            review_deposit(db, settings, review, (now, json)).await?;
        }
        DepositCommand::Reject { id, reason, json } => {
            let decision = DepositDecision::Reject(review_reason(&reason)?);
            let review = deposits::Review { deposit_id: id, admin: by, decision };
            review_deposit(db, settings, review, (now, json)).await?;
        }
        DepositCommand::Fail { id, reason, json } => {
            let decision = DepositDecision::Fail(review_reason(&reason)?);
            let review = deposits::Review { deposit_id: id, admin: by, decision };
            review_deposit(db, settings, review, (now, json)).await?;
        }
    }
    Ok(())
}

/// `deposit list`: the review queue, or the deposits of a state, with each player named.
async fn list_deposits(db: &Db, args: &ListArgs, now: Timestamp) -> anyhow::Result<()> {
    let status = status_filter(args, &["pending", "passed", "failed", "rejected"])?;
    let paging =
        Paging::parse(Some(&args.page.to_string()), Some(LIST_PAGE_ROWS)).map_err(explain)?;
    let queue = status.as_deref() == Some("pending");
    let (total, listed) = db
        .read(move |connection| {
            let list = if queue {
                deposits::review_queue(connection, paging)?
            } else {
                deposits::list(connection, None, status.as_deref(), paging)?
            };
            let mut listed = Vec::with_capacity(list.list.len());
            for deposit in list.list {
                let player = crate::auth::operator_label(connection, deposit.user_id)?;
                listed.push(ListedDeposit { deposit, player });
            }
            Ok((list.total, listed))
        })
        .await?;
    print_json_or(args.json, &listed, |listed| {
        let rows: Vec<_> = listed
            .iter()
            .map(|shown| {
                let mut row = deposit_row(&shown.deposit, now);
                row[1] = format!("{} {}", row[1], shown.player);
                row
            })
            .collect();
        print_table(&DEPOSIT_HEADERS, &rows);
        println!("{}", list_footer(rows.len(), total, ("deposits", queue)));
    })?;
    Ok(())
}

/// Approves (paying the deposit programmes, `flows::deposits::review`), rejects or fails a deposit,
/// then prints it and every reward its approval paid.
/// `--reason` of a refusal or failure: what the player reads, 1 to 200 characters.
fn review_reason(text: &str) -> anyhow::Result<ReviewReason> {
    ReviewReason::parse(text).map_err(|error| refused("--reason", error))
}

async fn review_deposit(
    db: &Db,
    (settings, growth): (Arc<WalletSettings>, Arc<GrowthConfig>),
    review: deposits::Review,
    (now, json): (Timestamp, bool),
) -> anyhow::Result<()> {
    let id = review.deposit_id;
    let reviewed = db
        .write(move |tx| flows::deposits::review(tx, &review, &settings, &growth, now))
        .await
        .map_err(or_not_found("deposit", id))?;
    let shown = ReviewedDeposit {
        deposit: reviewed.deposit,
        rewards: reviewed.rewards,
        upgrades: reviewed.upgrades,
    };
    print_json_or(json, &shown, |shown| {
        print_table(&DEPOSIT_HEADERS, &[deposit_row(&shown.deposit, now)]);
        for reward in &shown.rewards {
            let (programme, amount, rate_bp) = (&reward.programme, reward.amount, reward.rate_bp);
            println!(
                "  granted {programme} {amount} ({rate_bp} bp), released to the wallet by play"
            );
        }
        for upgrade in &shown.upgrades {
            println!("  reached VIP{}: upgrade reward {}", upgrade.level, upgrade.reward);
        }
    })
}

/// What `deposit approve|reject|fail --json` prints: the deposit and what its approval paid.
#[derive(serde::Serialize)]
struct ReviewedDeposit {
    #[serde(flatten)]
    deposit: DepositRecord,
    rewards: Vec<crate::growth::deposit_rewards::PaidReward>,
    upgrades: Vec<crate::growth::vip::Upgrade>,
}

pub async fn run_withdraw(
    db: &Db,
    (cipher, limits): (Arc<CardCipher>, Arc<crate::config::WalletConfig>),
    command: WithdrawCommand,
    by: String,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let (withdrawal_id, decision, reason, json) = match command {
        WithdrawCommand::Show { id, json } => return show_withdrawal(db, cipher, id, json).await,
        WithdrawCommand::List(args) => {
            let status = status_filter(&args, &["pending", "passed", "failed", "rejected"])?;
            let paging = Paging::parse(Some(&args.page.to_string()), Some(LIST_PAGE_ROWS))
                .map_err(explain)?;
            let queue = status.as_deref() == Some("pending");
            let since = now - linked::LINKED_ADDRESS_DAYS * 86_400;
            let (total, listed) = db
                .read(move |connection| {
                    let list = if queue {
                        withdrawals::review_queue(connection, paging)?
                    } else {
                        withdrawals::list(connection, None, status.as_deref(), paging)?
                    };
                    let mut listed = Vec::with_capacity(list.list.len());
                    for withdrawal in list.list {
                        let linked = linked::player_links(connection, withdrawal.user_id, since)?;
                        let player = crate::auth::operator_label(connection, withdrawal.user_id)?;
                        listed.push(ListedWithdrawal { withdrawal, player, linked });
                    }
                    Ok((list.total, listed))
                })
                .await?;
            return print_json_or(args.json, &listed, |listed| {
                let rows: Vec<_> = listed
                    .iter()
                    .map(|shown| {
                        let mut row = withdrawal_row(&shown.withdrawal, now);
                        row[1] = format!("{} {}", row[1], shown.player);
                        row.push(shown.linked.summary());
                        row
                    })
                    .collect();
                let mut headers = WITHDRAWAL_HEADERS.to_vec();
                headers.push("shared with");
                print_table(&headers, &rows);
                println!("{}", list_footer(rows.len(), total, ("withdrawals", queue)));
            });
        }
        WithdrawCommand::Approve { id, json } => (id, Decision::Pass, String::new(), json),
        WithdrawCommand::Reject { id, reason, json } => {
            (id, Decision::Reject, review_reason(&reason)?.into_string(), json)
        }
        WithdrawCommand::Fail { id, reason, json } => {
            (id, Decision::Fail, review_reason(&reason)?.into_string(), json)
        }
    };
    let review = withdrawals::Review { withdrawal_id, decision, reason, admin: by };
    let reviewed = db
        .write(move |tx| withdrawals::review(tx, &review, &limits, now))
        .await
        .map_err(or_not_found("withdrawal", withdrawal_id))?;
    print_json_or(json, &reviewed, |reviewed| {
        print_table(&WITHDRAWAL_HEADERS, &[withdrawal_row(&reviewed.withdrawal, now)]);
        if let Some(first) = &reviewed.awaiting_second_approval {
            println!(
                "first approval by {}: a second reviewer's approval pays it (--by another name)",
                first.approved_by
            );
        }
    })
}

/// What `withdraw show --json` prints: the withdrawal and where to pay it, in full.
#[derive(serde::Serialize)]
struct ShownWithdrawal {
    #[serde(flatten)]
    withdrawal: WithdrawalRecord,
    pay_to: PayTo,
}

/// Prints the withdrawal and its payout target in full (for the operator who pays it).
async fn show_withdrawal(
    db: &Db,
    cipher: Arc<CardCipher>,
    id: i64,
    json: bool,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    let (withdrawal, pay_to) = db
        .read(move |connection| {
            Ok((withdrawals::find(connection, id)?, withdrawals::pay_to(connection, id, &cipher)?))
        })
        .await
        .map_err(or_not_found("withdrawal", id))?;
    print_json_or(json, &ShownWithdrawal { withdrawal, pay_to }, |shown| {
        print_table(&WITHDRAWAL_HEADERS, &[withdrawal_row(&shown.withdrawal, now)]);
        match &shown.pay_to {
            PayTo::Bank(card) => {
                println!("pay to bank {}, holder {}", card.bank_code, card.holder);
                println!("card number {}", card.card_no);
                if !card.ifsc.is_empty() || !card.bank_address.is_empty() {
                    println!("ifsc {}, bank address {}", card.ifsc, card.bank_address);
                }
            }
            PayTo::Usdt(address) => println!("pay to USDT {address}"),
        }
    })
}

/// What `wallet show --json` prints: the balances, then the recent account changes.
#[derive(serde::Serialize)]
struct ShownWallet {
    #[serde(flatten)]
    state: crate::wallet::WalletState,
    changes: Vec<ChangeRecord>,
}

pub async fn run_wallet(
    db: &Db,
    limits: Arc<WalletConfig>,
    command: WalletCommand,
    by: String,
) -> anyhow::Result<()> {
    let now = Clock::System.now();
    match command {
        WalletCommand::Adjust { user, amount, reason, json } => {
            adjust_wallet(db, &limits, (user, amount, reason, json), by, now).await?;
        }
        WalletCommand::ApproveAdjustment { id, json } => {
            let (request, balances) = db
                .write(move |tx| adjustments::approve(tx, id, &by, now))
                .await
                .map_err(explain)?;
            print_json_or(json, &balances, |balances| {
                println!(
                    "adjustment {id} is applied: user {} has balance {}, game balance {}",
                    request.user_id, balances.wallet, balances.game
                );
            })?;
        }
        WalletCommand::CancelAdjustment { id } => {
            db.write(move |tx| adjustments::cancel(tx, id, &by, now)).await.map_err(explain)?;
            println!("adjustment {id} is cancelled; nothing moved");
        }
        WalletCommand::Adjustments { json } => {
            let waiting = db.read(|connection| adjustments::waiting_list(connection, None)).await?;
            print_json_or(json, waiting.as_slice(), print_adjustments)?;
        }
        WalletCommand::Show { user, json } => {
            let user_id = find_user(db, user).await?;
            let filter = ChangeFilter::parse(Default::default()).map_err(explain)?;
            let shown = db
                .read(move |connection| {
                    let changes =
                        account_changes(connection, user_id, &filter, Audience::Operator)?;
                    Ok(ShownWallet {
                        state: crate::wallet::wallet_state(connection, user_id)?,
                        changes: changes.list,
                    })
                })
                .await?;
            print_json_or(json, &shown, print_wallet)?;
        }
    }
    Ok(())
}

/// `wallet adjust`: applied at once, or above the four-eyes amount recorded for a second
/// operator.
async fn adjust_wallet(
    db: &Db,
    limits: &Arc<WalletConfig>,
    (user, amount, reason, json): (String, String, String, bool),
    by: String,
    now: Timestamp,
) -> anyhow::Result<()> {
    let user_id = find_user(db, user).await?;
    let (credit, amount) =
        adjustments::parse_signed(&amount).map_err(|error| refused("AMOUNT", error))?;
    let adjustment = Adjustment { user_id, credit, amount, reason, admin: by };
    let shared = limits.clone();
    let adjusted = db
        .write(move |tx| adjustments::request(tx, &adjustment, &shared, now))
        .await
        .map_err(explain)?;
    match adjusted {
        Adjusted::Applied { balances } => print_json_or(json, &balances, |balances| {
            println!("user {user_id}: balance {}, game balance {}", balances.wallet, balances.game)
        }),
        Adjusted::AwaitingSecondApproval { request } => print_json_or(json, &request, |request| {
            println!(
                "adjustment {} of user {user_id} waits for a second operator (more than {}): \
                 `fairhall admin wallet approve-adjustment {} --by OTHER`",
                request.id, limits.adjust_second_approval_above, request.id
            )
        }),
    }
}

fn print_adjustments(waiting: &[AdjustmentRequest]) {
    let rows = waiting.iter().map(|request| {
        let sign = if request.credit { "" } else { "-" };
        vec![
            request.id.to_string(),
            request.user_id.to_string(),
            format!("{sign}{}", request.amount),
            request.requested_by.clone(),
            super::shared::format_time(request.requested_at),
            request.reason.clone(),
        ]
    });
    let rows: Vec<Vec<String>> = rows.collect();
    print_table(&["id", "user", "amount", "asked by", "asked at", "reason"], &rows);
}

fn print_wallet(shown: &ShownWallet) {
    let balances = &shown.state.balances;
    print_table(
        &["wallet", "game", "savings", "invest", "frozen", "turnover to bet"],
        &[vec![
            balances.wallet.to_string(),
            balances.game.to_string(),
            balances.savings.to_string(),
            balances.invest.to_string(),
            balances.frozen.to_string(),
            shown.state.turnover_remaining.to_string(),
        ]],
    );
    println!();
    let rows: Vec<Vec<String>> = shown
        .changes
        .iter()
        .map(|change| {
            vec![
                change.id.to_string(),
                change.account.clone(),
                change.kind.clone(),
                change.reference.clone(),
                change.amount.to_string(),
                change.balance_after.to_string(),
                change.memo.clone(),
            ]
        })
        .collect();
    print_table(&["id", "account", "kind", "reference", "amount", "balance after", "memo"], &rows);
}
