//! The one payer of every reward. A programme decides what a player earned; `pay` does the
//! rest the same way for all of them: the protection rule (a player in a time-out or
//! self-exclusion is refused or skipped, as the programme asks), the day's budget
//! (`[growth.budget]`: a claim that does not fit is refused, a batch pays what fits and records
//! the rest as capped), the ledger entry from the `bonus` system account, the wagering the
//! reward adds (`growth.bonus_turnover_percent` of itself) and the player's message. Envelopes
//! are funded from `bonus` here too and paid out of their reserve; the deposit bonuses go to
//! the `bonus_pending` reserve and are released from it by play (`growth::bonus_release`).
//!
//! `reward_spend` keeps each operator day's paid and capped amounts per programme (user 0: all
//! players together) and per player: the budget reads it, and `admin programme cost` and the
//! metrics show it.

use crate::clock::Timestamp;
use crate::config::{BudgetConfig, GrowthConfig};
use crate::content::messages::{self, Event};
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::day::OperatorDay;
use crate::ids::UserId;
use crate::ledger::{self, AccountRef, Entry, EntryKind, Posted, SystemAccount, UserAccountKind};
use crate::money::Money;
use crate::protection::{self, Activity};
use rusqlite::{Connection, OptionalExtension, params};

/// Every programme that pays players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Programme {
    FirstDeposit,
    Cashback,
    VipDeposit,
    VipUpgrade,
    Signin,
    Task,
    Envelope,
    Rebate,
    Commission,
    Salary,
}

impl Programme {
    pub const ALL: [Programme; 10] = [
        Programme::FirstDeposit,
        Programme::Cashback,
        Programme::VipDeposit,
        Programme::VipUpgrade,
        Programme::Signin,
        Programme::Task,
        Programme::Envelope,
        Programme::Rebate,
        Programme::Commission,
        Programme::Salary,
    ];

    /// Its name in `reward_spend`, `deposit_rewards`, the budget's keys and the reports.
    pub fn code(self) -> &'static str {
        match self {
            Programme::FirstDeposit => "first_deposit",
            Programme::Cashback => "cashback",
            Programme::VipDeposit => "vip_deposit",
            Programme::VipUpgrade => "vip_upgrade",
            Programme::Signin => "signin",
            Programme::Task => "task",
            Programme::Envelope => "envelope",
            Programme::Rebate => "rebate",
            Programme::Commission => "commission",
            Programme::Salary => "salary",
        }
    }

    fn entry_kind(self) -> EntryKind {
        match self {
            Programme::FirstDeposit
            | Programme::Cashback
            | Programme::VipDeposit
            | Programme::VipUpgrade => EntryKind::Bonus,
            Programme::Signin => EntryKind::Signin,
            Programme::Task => EntryKind::Task,
            Programme::Envelope => EntryKind::Envelope,
            Programme::Rebate => EntryKind::Rebate,
            Programme::Commission => EntryKind::Commission,
            Programme::Salary => EntryKind::Salary,
        }
    }

    /// Where its money comes from: an envelope's claims from the envelope's reserve (funded
    /// by `fund_envelope`), everything else from `bonus`.
    fn source(self) -> AccountRef {
        match self {
            Programme::Envelope => AccountRef::System(SystemAccount::Envelopes),
            _ => AccountRef::System(SystemAccount::Bonus),
        }
    }

    /// The day's cap of one player and of all players, if set.
    fn caps(self, budget: &BudgetConfig) -> (Option<Money>, Option<Money>) {
        let find = |caps: &crate::config::ProgrammeCaps| {
            caps.by_code().into_iter().find(|(code, _)| *code == self.code()).and_then(|c| c.1)
        };
        (find(&budget.per_player_daily), find(&budget.daily))
    }
}

/// What a programme asks for a player in a time-out or self-exclusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenExcluded {
    /// The player asked (a claim): refused with `player_excluded`, nothing changes.
    Refuse,
    /// A batch or another's action earned it: not paid, not recorded.
    Skip,
}

/// What a budget does with a reward that does not fit the day's caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenOverBudget {
    /// Refused with `reward_budget_spent`: the player keeps his claim for another day.
    Refuse,
    /// What fits is paid, the rest recorded as capped.
    PayWhatFits,
}

/// Where a reward goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// The player's wallet, adding its turnover share.
    Wallet,
    /// The `bonus_pending` reserve, to be released to the wallet by play (the deposit
    /// bonuses): no turnover, the release is the wagering.
    Pending,
}

/// One reward a programme owes.
pub struct Reward {
    pub user_id: UserId,
    pub programme: Programme,
    pub amount: Money,
    /// The entry's reference, e.g. `signin:<user>:<date>`.
    pub reference: String,
    pub memo: Option<String>,
    pub when_excluded: WhenExcluded,
    pub when_over_budget: WhenOverBudget,
    /// Sent with the payment (and also when nothing is owed, e.g. a VIP level without reward).
    pub message: Option<Event>,
    pub destination: Destination,
}

impl Reward {
    /// A reward the player claims (sign-in, task, envelope): refused in a time-out or
    /// self-exclusion, and past the day's budget.
    pub fn claimed(
        user_id: UserId,
        programme: Programme,
        amount: Money,
        reference: String,
    ) -> Reward {
        Reward {
            user_id,
            programme,
            amount,
            reference,
            memo: None,
            when_excluded: WhenExcluded::Refuse,
            when_over_budget: WhenOverBudget::Refuse,
            message: None,
            destination: Destination::Wallet,
        }
    }

    /// A reward a batch or another's action earned (rebate, commission, salary, deposit and
    /// VIP rewards): skipped in a time-out or self-exclusion, paid as far as the budget goes.
    pub fn earned(
        user_id: UserId,
        programme: Programme,
        amount: Money,
        reference: String,
    ) -> Reward {
        Reward {
            when_excluded: WhenExcluded::Skip,
            when_over_budget: WhenOverBudget::PayWhatFits,
            ..Reward::claimed(user_id, programme, amount, reference)
        }
    }

    pub fn memo(self, memo: String) -> Reward {
        Reward { memo: Some(memo), ..self }
    }

    pub fn message(self, event: Event) -> Reward {
        Reward { message: Some(event), ..self }
    }

    /// Into the `bonus_pending` reserve instead of the wallet.
    pub fn pending(self) -> Reward {
        Reward { destination: Destination::Pending, ..self }
    }
}

/// The rules `pay` applies, from `[growth]`.
#[derive(Clone, Debug)]
pub struct RewardRules {
    pub budget: BudgetConfig,
    pub bonus_turnover_percent: i64,
    pub timezone: chrono_tz::Tz,
}

impl RewardRules {
    pub fn new(growth: &GrowthConfig, timezone: chrono_tz::Tz) -> RewardRules {
        RewardRules {
            budget: growth.budget.clone(),
            bonus_turnover_percent: growth.bonus_turnover_percent,
            timezone,
        }
    }

    pub fn from_config(config: &crate::config::Config) -> RewardRules {
        RewardRules::new(&config.growth, config.timezone())
    }
}

/// What `pay` did.
#[derive(Debug)]
pub enum Payout {
    /// `amount` paid (what the day's budget allowed; `reward_spend` records the rest).
    Paid {
        amount: Money,
        /// None when nothing was paid (a zero reward, or the budget spent).
        posted: Option<Posted>,
    },
    /// The player is in a time-out or self-exclusion (`WhenExcluded::Skip`).
    Skipped,
}

impl Payout {
    pub fn amount(&self) -> Money {
        match self {
            Payout::Paid { amount, .. } => *amount,
            Payout::Skipped => Money::ZERO,
        }
    }

    pub fn entry_id(&self) -> Option<i64> {
        match self {
            Payout::Paid { posted: Some(posted), .. } => Some(posted.entry_id),
            _ => None,
        }
    }

    /// The player's wallet after the payment, when one was posted.
    pub fn wallet_after(&self, user_id: UserId) -> Option<Money> {
        match self {
            Payout::Paid { posted: Some(posted), .. } => {
                posted.balance_after(AccountRef::User(user_id, UserAccountKind::Wallet))
            }
            _ => None,
        }
    }
}

/// Pays `reward`: see the module.
pub fn pay(
    tx: &Tx,
    reward: Reward,
    rules: &RewardRules,
    now: Timestamp,
) -> Result<Payout, AppError> {
    let user_id = reward.user_id;
    match reward.when_excluded {
        WhenExcluded::Refuse => protection::ensure_may_play(tx, user_id, &Activity::Reward, now)?,
        WhenExcluded::Skip if protection::is_excluded(tx, user_id, now)? => {
            return Ok(Payout::Skipped);
        }
        WhenExcluded::Skip => {}
    }
    let day = OperatorDay::containing(rules.timezone, now).key();
    // An envelope's claims are inside its reserve, which the budget counted when funded.
    let budgeted = reward.programme != Programme::Envelope;
    let fits = if budgeted {
        room_left(tx, &day, reward.programme, user_id, &rules.budget)?
    } else {
        None
    };
    let amount = match fits {
        Some(fits) if fits < reward.amount => match reward.when_over_budget {
            WhenOverBudget::Refuse => return Err(AppError::RewardBudgetSpent),
            WhenOverBudget::PayWhatFits => fits,
        },
        _ => reward.amount,
    };
    let capped = reward.amount.checked_sub(amount).unwrap_or_default();
    let posted = if amount > Money::ZERO {
        let target = match reward.destination {
            Destination::Wallet => AccountRef::User(user_id, UserAccountKind::Wallet),
            Destination::Pending => AccountRef::System(SystemAccount::BonusPending),
        };
        let kind = reward.programme.entry_kind();
        let mut entry = Entry::new(kind, reward.programme.source(), target, amount, now)
            .reference(reward.reference);
        if let Some(memo) = reward.memo {
            entry = entry.memo(memo);
        }
        let posted = ledger::transfer(tx, entry)?;
        if reward.destination == Destination::Wallet {
            crate::wallet::add_turnover(tx, user_id, amount, rules.bonus_turnover_percent)?;
        }
        Some(posted)
    } else {
        None
    };
    if budgeted {
        record_spend(tx, (&day, reward.programme, user_id), amount, capped)?;
    }
    if let Some(event) = reward.message {
        messages::send(tx, user_id, &event, now)?;
    }
    Ok(Payout::Paid { amount, posted })
}

/// Releases `amount` of the player's pending deposit bonuses from the `bonus_pending` reserve
/// to his wallet (`growth::bonus_release`, which decides how much his play earned). Not
/// budgeted again (the grant was) and adding no turnover (the play was the wagering).
pub fn release_pending(
    tx: &Tx,
    user_id: UserId,
    amount: Money,
    reference: String,
    now: Timestamp,
) -> Result<Posted, AppError> {
    let reserve = AccountRef::System(SystemAccount::BonusPending);
    let wallet = AccountRef::User(user_id, UserAccountKind::Wallet);
    let entry = Entry::new(EntryKind::Bonus, reserve, wallet, amount, now)
        .reference(reference)
        .memo("released by play");
    ledger::transfer(tx, entry)
}

/// What the `bonus_pending` reserve holds; None in a database from before it (a backup being
/// restored is checked before its migrations run).
pub fn pending_reserve(connection: &Connection) -> Result<Option<i64>, AppError> {
    ledger::system_balance_if_present(connection, SystemAccount::BonusPending)
}

/// Reserves a new envelope's `total` from `bonus`, within the day's envelope budget (refused
/// with `limit_exceeded` when it does not fit: the operator sees what is left).
pub fn fund_envelope(
    tx: &Tx,
    envelope_id: i64,
    total: Money,
    rules: &RewardRules,
    now: Timestamp,
) -> Result<Posted, AppError> {
    let day = OperatorDay::containing(rules.timezone, now).key();
    let all = ALL_PLAYERS;
    if room_left(tx, &day, Programme::Envelope, all, &rules.budget)?
        .is_some_and(|fits| fits < total)
    {
        return Err(AppError::RewardBudgetSpent);
    }
    record_spend(tx, (&day, Programme::Envelope, all), total, Money::ZERO)?;
    let reserve = (EntryKind::Envelope, SystemAccount::Bonus, SystemAccount::Envelopes);
    envelope_entry(tx, reserve, (envelope_id, total, "reserved"), now)
}

/// Returns what an envelope left unclaimed to `bonus` (`memo`: how it closed).
pub fn return_envelope_rest(
    tx: &Tx,
    envelope_id: i64,
    remainder: Money,
    memo: &str,
    now: Timestamp,
) -> Result<Posted, AppError> {
    let refund = (EntryKind::Refund, SystemAccount::Envelopes, SystemAccount::Bonus);
    envelope_entry(tx, refund, (envelope_id, remainder, memo), now)
}

/// One entry between `bonus` and an envelope's reserve, referenced `envelope:<id>`.
fn envelope_entry(
    tx: &Tx,
    (kind, source, target): (EntryKind, SystemAccount, SystemAccount),
    (envelope_id, amount, memo): (i64, Money, &str),
    now: Timestamp,
) -> Result<Posted, AppError> {
    let (source, target) = (AccountRef::System(source), AccountRef::System(target));
    let entry = Entry::new(kind, source, target, amount, now)
        .reference(format!("envelope:{envelope_id}"))
        .memo(memo);
    ledger::transfer(tx, entry)
}

/// What the day's caps of all players still allow `programme` at `now`; None without a cap.
pub fn left_today(
    connection: &Connection,
    programme: Programme,
    rules: &RewardRules,
    now: Timestamp,
) -> Result<Option<Money>, AppError> {
    let day = OperatorDay::containing(rules.timezone, now).key();
    room_left(connection, &day, programme, ALL_PLAYERS, &rules.budget)
}

/// `reward_spend`'s user of a programme's day total.
const ALL_PLAYERS: UserId = UserId::from_rowid(0);

/// What the day's caps still allow `user_id` (or `ALL_PLAYERS`) from `programme`; None
/// without a cap.
fn room_left(
    connection: &Connection,
    day: &str,
    programme: Programme,
    user_id: UserId,
    budget: &BudgetConfig,
) -> Result<Option<Money>, AppError> {
    let (per_player, all) = programme.caps(budget);
    let per_player = if user_id == ALL_PLAYERS { None } else { per_player };
    let mut left: Option<Money> = None;
    for (cap, spender) in [(per_player, user_id), (all, ALL_PLAYERS)] {
        let Some(cap) = cap else { continue };
        let spent = spent(connection, day, programme, spender)?.paid;
        let room = cap.checked_sub(spent).unwrap_or_default();
        left = Some(left.map_or(room, |left| left.min(room)));
    }
    Ok(left)
}

/// What a programme paid and held back on one day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Spend {
    pub paid: Money,
    pub capped: Money,
}

fn spent(
    connection: &Connection,
    day: &str,
    programme: Programme,
    user_id: UserId,
) -> Result<Spend, AppError> {
    let row: Option<(i64, i64)> = connection
        .prepare_cached(
            "SELECT paid, capped FROM reward_spend
             WHERE day = ?1 AND programme = ?2 AND user_id = ?3",
        )?
        .query_row(params![day, programme.code(), user_id], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    let (paid, capped) = row.unwrap_or_default();
    Ok(Spend { paid: Money::from_minor(paid)?, capped: Money::from_minor(capped)? })
}

/// Adds to the player's and the programme's day.
fn record_spend(
    tx: &Tx,
    (day, programme, user_id): (&str, Programme, UserId),
    paid: Money,
    capped: Money,
) -> Result<(), AppError> {
    let mut upsert = tx.prepare_cached(
        "INSERT INTO reward_spend (day, programme, user_id, paid, capped) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (day, programme, user_id)
         DO UPDATE SET paid = paid + ?4, capped = capped + ?5",
    )?;
    let spenders = if user_id == ALL_PLAYERS { vec![user_id] } else { vec![user_id, ALL_PLAYERS] };
    for spender in spenders {
        upsert.execute(params![day, programme.code(), spender, paid.minor(), capped.minor()])?;
    }
    Ok(())
}

/// One programme's day, all players together, beside its cap.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProgrammeDay {
    pub programme: &'static str,
    pub paid: Money,
    pub capped: Money,
    /// The day's cap of all players, if set.
    pub daily_cap: Option<Money>,
    /// The day's cap of one player, if set.
    pub per_player_cap: Option<Money>,
}

/// Every programme's spend on the operator day `day` (YYYY-MM-DD).
pub fn day_spend(
    connection: &Connection,
    day: &str,
    budget: &BudgetConfig,
) -> Result<Vec<ProgrammeDay>, AppError> {
    Programme::ALL
        .into_iter()
        .map(|programme| {
            let Spend { paid, capped } = spent(connection, day, programme, ALL_PLAYERS)?;
            let (per_player_cap, daily_cap) = programme.caps(budget);
            Ok(ProgrammeDay {
                programme: programme.code(),
                paid,
                capped,
                daily_cap,
                per_player_cap,
            })
        })
        .collect()
}
