//! Process tests: the real `fairhall` binary started as an operator starts it (`init`,
//! `migrate`, `serve`, every `admin` command, backups and upgrades, SIGKILL and SIGTERM), on a
//! temporary data directory. `cargo test --test process`.

#[path = "../support/mod.rs"]
mod support;

mod audit_cli;
mod backup_cli;
mod cli;
mod content_cli;
mod crash;
mod docs;
mod envelope_cli;
mod input_secrets;
mod linked_cli;
mod news_cli;
mod notice_cli;
mod notify_cli;
mod operator_secrets;
mod ops_cli;
mod ops_serve;
mod product_cli;
mod protection_cli;
mod report_cli;
mod room_cli;
mod serve;
mod signin_cli;
mod staff_cli;
mod team_cli;
mod upgrade;
mod user_cli;
mod vip_cli;
mod wallet_cli;
