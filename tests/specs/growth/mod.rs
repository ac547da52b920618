mod deposit_rewards;
mod envelope_limits;
mod envelopes;
mod programme_cost;
mod rebates;
mod salary;
mod signin;
pub mod tasks;
mod vip;
