//! The reward programmes: VIP levels, the three-level team and its rebates, commissions and
//! weekly salary, daily sign-in, tasks, red envelopes, the first-deposit bonus and the recharge
//! cashback. Every reward is a ledger entry from a system account; the rules read their tables
//! from `[growth]`.

pub mod bonus_release;
pub mod day;
pub mod deposit_rewards;
pub mod envelopes;
pub mod rebates;
pub mod reconcile;
pub mod rewards;
pub mod salary;
pub mod signin;
pub mod tasks;
pub mod team;
pub mod vip;
