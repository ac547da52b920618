//! `fairhall admin audit`: the audit log, newest first; and the targets and snapshots that
//! `cli/admin.rs` records before and after a state-changing command (`flows::audit_snapshots`).

use super::shared::{find_user, format_time, parse_time, print_json_or, print_table, refused};
use crate::audit::{self, Filter, Record};
use crate::clock::Timestamp;
use crate::config::Config;
use crate::db::Db;
use crate::finance::goods::GoodsSettings;
use crate::flows::audit_snapshots::{self, AuditTarget};
use crate::flows::audit_trail;
use serde_json::Value;

#[derive(clap::Args)]
pub struct AuditArgs {
    /// Only what this operator did (the `--by` name).
    #[arg(long)]
    actor: Option<String>,
    /// Only actions starting with this, e.g. `deposit.` or `user.freeze`.
    #[arg(long)]
    action: Option<String>,
    /// Only this target: a kind (user, deposit, withdrawal, wallet, room, product, category,
    /// task, envelope, content, news, picture, rebate, salary, entry, ledger), or KIND:ID,
    /// e.g. user:7.
    #[arg(long, value_name = "KIND[:ID]")]
    target: Option<String>,
    /// Only what was done to one player: his account and wallet, his deposits, withdrawals
    /// and adjustments (his id, phone or login name).
    #[arg(long)]
    player: Option<String>,
    /// From this time on (RFC 3339, e.g. 2026-12-01T00:00:00Z).
    #[arg(long)]
    since: Option<String>,
    /// Before this time (RFC 3339).
    #[arg(long)]
    until: Option<String>,
    /// How many to show, at most 1000.
    #[arg(long, default_value_t = 50)]
    limit: i64,
    /// Every field, the arguments and the snapshots before and after, as JSON.
    #[arg(long)]
    json: bool,
}

pub async fn run_audit(db: &Db, args: AuditArgs) -> anyhow::Result<()> {
    let (target_kind, target_id) = match args.target.as_deref().map(str::trim) {
        None => (None, None),
        Some(target) => match target.split_once(':') {
            Some((kind, id)) => (Some(kind.to_string()), Some(id.to_string())),
            None => (Some(target.to_string()), None),
        },
    };
    if let Some(kind) = &target_kind
        && AuditTarget::parse(kind).is_none()
    {
        let kinds: Vec<&str> = AuditTarget::ALL.iter().map(|kind| kind.code()).collect();
        anyhow::bail!("--target {kind:?}: give one of {}, or KIND:ID", kinds.join(", "));
    }
    let targets = match args.player {
        Some(player) => {
            let user_id = find_user(db, player).await?;
            Some(db.read(move |connection| audit_trail::player_targets(connection, user_id)).await?)
        }
        None => None,
    };
    let time = |option: &str, text: &Option<String>| {
        text.as_deref().map(|text| parse_time(option, text)).transpose()
    };
    if !(1..=audit::LIST_LIMIT_MAX).contains(&args.limit) {
        anyhow::bail!("--limit {}: give 1 to {}", args.limit, audit::LIST_LIMIT_MAX);
    }
    let filter = Filter {
        actor: args.actor,
        action_prefix: args.action,
        target_kind,
        target_id,
        since: time("--since", &args.since)?,
        until: time("--until", &args.until)?,
        targets,
        before_id: None,
        limit: args.limit,
    };
    let records = db.read(move |connection| audit::list(connection, &filter)).await?;
    print_json_or(args.json, &records, |records| print_records(records))
}

fn print_records(records: &[Record]) {
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|record| {
            let target = match &record.target_id {
                Some(id) => format!("{}:{id}", record.target_kind),
                None => record.target_kind.clone(),
            };
            let outcome = match record.outcome.as_str() {
                "ok" => "ok".to_string(),
                other => format!("{other}: {}", record.message),
            };
            vec![
                format_time(record.at),
                record.actor.clone(),
                system_user(&record.os_identity),
                record.action.clone(),
                target,
                outcome,
            ]
        })
        .collect();
    print_table(&["time", "actor", "system user", "action", "target", "outcome"], &rows);
    println!("{} records", records.len());
}

/// Where the change was made as one word: the system's user, `uid=1000,sudo=alice,login=root`,
/// or the console's staff member and address, `console,staff=7,from=203.0.113.9` (`-` for rows
/// older than the record of it).
fn system_user(identity: &Value) -> String {
    let console = &identity["console"];
    if let Some(staff_id) = console["staff_id"].as_i64() {
        let address = console["address"].as_str().unwrap_or("-").replace(char::is_whitespace, "_");
        return format!("console,staff={staff_id},from={address}");
    }
    let Some(uid) = identity["uid"].as_u64() else {
        return "-".into();
    };
    let mut parts = vec![format!("uid={uid}")];
    for (field, label) in [("sudo_user", "sudo"), ("logname", "login")] {
        if let Some(name) = identity[field].as_str() {
            parts.push(format!("{label}={}", name.replace(char::is_whitespace, "_")));
        }
    }
    parts.join(",")
}

/// The id the log records for `reference` of `kind` (a user reference resolves to the user's
/// id); `None` when it names nothing (the command then fails and is recorded as refused).
pub async fn resolve_target(db: &Db, kind: AuditTarget, reference: &str) -> Option<String> {
    match kind {
        AuditTarget::User | AuditTarget::Wallet => {
            find_user(db, reference.to_string()).await.ok().map(|id| id.to_string())
        }
        _ => Some(reference.to_string()),
    }
}

/// The target `id` of `kind` as its `show --json` prints it (`flows::audit_snapshots`).
pub async fn snapshot(
    db: &Db,
    config: &Config,
    kind: AuditTarget,
    id: Option<String>,
    now: Timestamp,
) -> anyhow::Result<Option<Value>> {
    let settings = GoodsSettings::from_config(config);
    let read = move |connection: &rusqlite::Connection| {
        audit_snapshots::snapshot(connection, kind, id.as_deref(), &settings, now)
    };
    Ok(db.read(read).await?)
}

/// The value of `--by` as the log's actor; a refusal names the flag.
pub fn actor(by: &str) -> anyhow::Result<audit::Actor> {
    audit::Actor::parse(by).map_err(|error| refused("--by", error))
}

#[cfg(test)]
mod tests {
    use super::system_user;
    use serde_json::json;

    #[test]
    fn the_origin_names_the_shell_user_or_the_console_staff_member() {
        let shell = json!({"uid": 1000, "sudo_user": "alice", "logname": "root"});
        assert_eq!(system_user(&shell), "uid=1000,sudo=alice,login=root");
        let console =
            json!({"console": {"staff_id": 7, "session_id": 3, "address": "203.0.113.9"}});
        assert_eq!(system_user(&console), "console,staff=7,from=203.0.113.9");
        assert_eq!(system_user(&json!({})), "-");
    }
}
