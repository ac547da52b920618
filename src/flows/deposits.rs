//! Reviewing a deposit: the wallet's review and, when it passes, every deposit programme
//! (growth) and the VIP levels around it, in one transaction. `fairhall admin deposit
//! approve|reject` and every other caller review through here, so a deposit approved from
//! anywhere pays the same rewards.

use crate::clock::Timestamp;
use crate::config::GrowthConfig;
use crate::db::Tx;
use crate::error::AppError;
use crate::growth::deposit_rewards::{self, Approved, PaidReward};
use crate::growth::vip;
use crate::protection;
use crate::wallet::WalletSettings;
use crate::wallet::deposits::{self, DepositRecord, Review};

/// A reviewed deposit and what its approval paid.
#[derive(Debug)]
pub struct Reviewed {
    pub deposit: DepositRecord,
    pub rewards: Vec<PaidReward>,
    pub upgrades: Vec<vip::Upgrade>,
}

/// Reviews a deposit and, when it passes, pays every deposit programme and re-evaluates the
/// player's VIP level, all in `tx`. The VIP deposit reward applies the level he held just
/// before the deposit counted (brought up to date with his bets first). A rejection pays
/// nothing; nor does a deposit passed while the player's time-out or self-exclusion runs
/// (`protection`: the deposit is credited, its bonuses are not).
pub fn review(
    tx: &Tx,
    review: &Review,
    settings: &WalletSettings,
    growth: &GrowthConfig,
    now: Timestamp,
) -> Result<Reviewed, AppError> {
    let pending = deposits::find(tx, review.deposit_id)?;
    if review.rejection.is_some() || pending.status != "pending" {
        let deposit = deposits::review(tx, review, settings, now)?;
        return Ok(Reviewed { deposit, rewards: Vec::new(), upgrades: Vec::new() });
    }
    let user_id = pending.user_id;
    let before = vip::reevaluate(tx, user_id, growth, now)?;
    let mut upgrades = before.upgrades;
    let deposit = deposits::review(tx, review, settings, now)?;
    let rewards = if protection::is_excluded(tx, user_id, now)? {
        Vec::new()
    } else {
        let approved = Approved { deposit: &deposit, level_before: before.level };
        deposit_rewards::pay_programmes(tx, &approved, settings, growth, now)?
    };
    upgrades.extend(vip::reevaluate(tx, user_id, growth, now)?.upgrades);
    Ok(Reviewed { deposit, rewards, upgrades })
}
