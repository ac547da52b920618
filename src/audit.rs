//! The operator's audit log: who changed what, when, with the target before and after.
//!
//! Every state-changing `fairhall admin` command records one row through `record`: inside the
//! change's own transaction (`flows::audited`, on a `Db::audited` handle the CLI hands the
//! command in `cli/admin.rs`), or on its own for what changed nothing; any later admin surface
//! (the console) must do the same. The table is append-only: triggers of migration V25 refuse every
//! UPDATE and DELETE. This module depends on the database only: the snapshots it stores are
//! JSON the caller took from the owning domains' read functions.

use crate::clock::Timestamp;
use crate::error::AppError;
use rusqlite::{Connection, params};
use serde::Serialize;
use serde_json::Value;

/// Characters an actor name (`--by`) may have.
pub const ACTOR_LENGTH_MAX: usize = 64;

/// Rows one `list` returns at most.
pub const LIST_LIMIT_MAX: i64 = 1_000;

/// What replaces a secret argument (a password, a card number) in `arguments`.
pub const MASK: &str = "***";

/// Who did it: the operator's name from `--by`, 1 to `ACTOR_LENGTH_MAX` characters with no
/// control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor(String);

impl Actor {
    pub fn parse(text: &str) -> Result<Actor, AppError> {
        let text = text.trim();
        if text.is_empty() || text.chars().any(char::is_control) {
            return Err(AppError::BadParams);
        }
        if text.chars().count() > ACTOR_LENGTH_MAX {
            return Err(AppError::TextTooLong { max: ACTOR_LENGTH_MAX });
        }
        Ok(Actor(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who ran the command as the operating system knows him, recorded beside the `--by` name
/// (which anyone may type): the real user id, and `SUDO_USER` and `LOGNAME` when set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct OsIdentity {
    pub uid: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sudo_user: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logname: Option<String>,
}

/// Characters of a `SUDO_USER` or `LOGNAME` the log keeps.
const OS_NAME_LENGTH_MAX: usize = 64;

impl OsIdentity {
    /// This process's identity.
    pub fn current() -> OsIdentity {
        let name = |variable: &str| {
            let value = std::env::var_os(variable)?;
            let value: String = value
                .to_string_lossy()
                .chars()
                .filter(|character| !character.is_control())
                .take(OS_NAME_LENGTH_MAX)
                .collect();
            (!value.is_empty()).then_some(value)
        };
        OsIdentity {
            uid: rustix::process::getuid().as_raw(),
            sudo_user: name("SUDO_USER"),
            logname: name("LOGNAME"),
        }
    }
}

/// Where a change was made: a shell on the server (`fairhall admin`) or the operator console,
/// recorded beside the actor. Stored in the `os_identity` column as JSON: a shell's identity
/// as `{uid, ...}`, the console's as `{"console": {staff_id, session_id, address}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Origin {
    Console { console: ConsoleOrigin },
    Shell(OsIdentity),
}

/// The console session a change was made in: its staff member (whose name is the actor, as
/// verified by his sign-in), the session and the client's address.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConsoleOrigin {
    pub staff_id: crate::ids::UserId,
    pub session_id: i64,
    pub address: String,
}

impl Origin {
    /// The shell of this process.
    pub fn shell() -> Origin {
        Origin::Shell(OsIdentity::current())
    }
}

/// How the command ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandEnd {
    Ok,
    /// Refused or failed; the message says why. Nothing changed.
    Refused(String),
}

/// One action to record.
pub struct Entry {
    pub actor: Actor,
    pub origin: Origin,
    /// `<noun>.<verb>`, e.g. `user.freeze`.
    pub action: String,
    /// user, deposit, withdrawal, wallet, room, ...
    pub target_kind: String,
    /// The target's id or code; `None` when a refused create made nothing.
    pub target_id: Option<String>,
    /// The command's arguments, secrets already masked with `MASK`.
    pub arguments: Value,
    /// The target before; `None` when it did not exist yet.
    pub before: Option<Value>,
    /// The target after; `None` when it does not exist (a refused create).
    pub after: Option<Value>,
    pub outcome: CommandEnd,
}

/// Appends `entry` at `now`; returns its id.
pub fn record(connection: &Connection, entry: &Entry, now: Timestamp) -> Result<i64, AppError> {
    let json = |value: &Option<Value>| value.as_ref().map(Value::to_string);
    let (outcome, message) = match &entry.outcome {
        CommandEnd::Ok => ("ok", ""),
        CommandEnd::Refused(message) => ("refused", message.as_str()),
    };
    connection
        .prepare_cached(
            "INSERT INTO audit_log (at, actor, action, target_kind, target_id, arguments, before,
                 after, outcome, message, os_identity)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?
        .execute(params![
            now.secs(),
            entry.actor.as_str(),
            entry.action,
            entry.target_kind,
            entry.target_id,
            entry.arguments.to_string(),
            json(&entry.before),
            json(&entry.after),
            outcome,
            message,
            serde_json::to_string(&entry.origin).map_err(anyhow::Error::from)?,
        ])?;
    Ok(connection.last_insert_rowid())
}

/// Which rows `list` returns; every field narrows, `None` leaves it open.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub actor: Option<String>,
    /// The action starts with this, e.g. `deposit.` or `user.freeze`.
    pub action_prefix: Option<String>,
    pub target_kind: Option<String>,
    /// Only with `target_kind`.
    pub target_id: Option<String>,
    /// From this time on (included).
    pub since: Option<Timestamp>,
    /// Before this time (excluded).
    pub until: Option<Timestamp>,
    /// Only these targets, each `KIND:ID` (one player's records: `flows::audit_trail`).
    pub targets: Option<Vec<String>>,
    /// Only records older than this one (the next page of a list, newest first).
    pub before_id: Option<i64>,
    /// Clamped to 1..=`LIST_LIMIT_MAX`.
    pub limit: i64,
}

/// One recorded action, as `admin audit --json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    pub id: i64,
    /// RFC 3339 UTC.
    #[serde(serialize_with = "rfc3339")]
    pub at: Timestamp,
    pub actor: String,
    /// `Origin` as recorded (`{}` before migration V36).
    pub os_identity: Value,
    pub action: String,
    pub target_kind: String,
    pub target_id: Option<String>,
    pub arguments: Value,
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// ok or refused.
    pub outcome: String,
    pub message: String,
}

fn rfc3339<S: serde::Serializer>(at: &Timestamp, serializer: S) -> Result<S::Ok, S::Error> {
    let text = at.to_datetime().map(|time| time.format("%Y-%m-%dT%H:%M:%SZ").to_string());
    serializer.serialize_str(&text.unwrap_or_default())
}

/// The recorded actions `filter` selects, newest first.
pub fn list(connection: &Connection, filter: &Filter) -> Result<Vec<Record>, AppError> {
    let mut query = connection.prepare_cached(
        "SELECT audit_id, at, actor, action, target_kind, target_id, arguments, before, after,
                outcome, message, os_identity
         FROM audit_log
         WHERE (?1 IS NULL OR actor = ?1)
           AND (?2 IS NULL OR substr(action, 1, length(?2)) = ?2)
           AND (?3 IS NULL OR target_kind = ?3)
           AND (?4 IS NULL OR target_id = ?4)
           AND (?5 IS NULL OR at >= ?5)
           AND (?6 IS NULL OR at < ?6)
           AND (?8 IS NULL OR target_kind || ':' || target_id IN (SELECT value FROM json_each(?8)))
           AND (?9 IS NULL OR audit_id < ?9)
         ORDER BY audit_id DESC
         LIMIT ?7",
    )?;
    let targets = filter.targets.as_ref().map(|targets| Value::from(targets.clone()).to_string());
    let rows = query.query_map(
        params![
            filter.actor,
            filter.action_prefix,
            filter.target_kind,
            filter.target_id,
            filter.since.map(Timestamp::secs),
            filter.until.map(Timestamp::secs),
            filter.limit.clamp(1, LIST_LIMIT_MAX),
            targets,
            filter.before_id,
        ],
        |row| {
            let json =
                |text: Option<String>| text.and_then(|text| serde_json::from_str(&text).ok());
            Ok(Record {
                id: row.get(0)?,
                at: Timestamp::from_secs(row.get(1)?),
                actor: row.get(2)?,
                action: row.get(3)?,
                target_kind: row.get(4)?,
                target_id: row.get(5)?,
                arguments: json(row.get(6)?).unwrap_or(Value::Null),
                before: json(row.get(7)?),
                after: json(row.get(8)?),
                outcome: row.get(9)?,
                message: row.get(10)?,
                os_identity: json(row.get(11)?).unwrap_or(Value::Null),
            })
        },
    )?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Db, DbOptions};
    use serde_json::json;

    fn database(dir: &tempfile::TempDir) -> Db {
        let options = DbOptions { read_connections: 1, writer_queue: 16, wal_max_bytes: 1 << 26 };
        Db::open(&dir.path().join("audit.db"), options).expect("a database")
    }

    fn entry(actor: &str, action: &str, target: (&str, &str), outcome: CommandEnd) -> Entry {
        Entry {
            actor: Actor::parse(actor).expect("an actor"),
            origin: Origin::Shell(OsIdentity {
                uid: 1000,
                sudo_user: None,
                logname: Some("ops".into()),
            }),
            action: action.into(),
            target_kind: target.0.into(),
            target_id: Some(target.1.into()),
            arguments: json!({ "id": target.1 }),
            before: Some(json!({ "status": "pending" })),
            after: Some(json!({ "status": "passed" })),
            outcome,
        }
    }

    async fn actions(db: &Db, filter: Filter) -> Vec<String> {
        let filter = Filter { limit: filter.limit.max(50), ..filter };
        let records = db.read(move |connection| list(connection, &filter)).await.expect("listed");
        records.into_iter().map(|record| record.action).collect()
    }

    #[test]
    fn an_actor_is_one_line_of_at_most_64_characters() {
        assert_eq!(Actor::parse("  alice ").expect("a name").as_str(), "alice");
        assert!(matches!(Actor::parse(""), Err(AppError::BadParams)));
        assert!(matches!(Actor::parse("a\nb"), Err(AppError::BadParams)));
        assert!(Actor::parse(&"a".repeat(ACTOR_LENGTH_MAX)).is_ok());
        assert!(matches!(
            Actor::parse(&"a".repeat(ACTOR_LENGTH_MAX + 1)),
            Err(AppError::TextTooLong { max: ACTOR_LENGTH_MAX })
        ));
    }

    #[tokio::test]
    async fn records_come_back_newest_first_through_every_filter() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let db = database(&dir);
        let at = |secs: i64| Timestamp::from_secs(1_800_000_000 + secs);
        let rows = [
            (entry("alice", "deposit.approve", ("deposit", "1"), CommandEnd::Ok), at(0)),
            (entry("bob", "deposit.reject", ("deposit", "2"), CommandEnd::Ok), at(10)),
            (
                entry("alice", "user.freeze", ("user", "7"), CommandEnd::Refused("no".into())),
                at(20),
            ),
        ];
        db.write(move |tx| {
            rows.iter().try_for_each(|(entry, now)| record(tx, entry, *now).map(drop))
        })
        .await
        .expect("recorded");
        let all = Filter::default();
        assert_eq!(actions(&db, all).await, ["user.freeze", "deposit.reject", "deposit.approve"]);
        let alice = Filter { actor: Some("alice".into()), ..Filter::default() };
        assert_eq!(actions(&db, alice).await, ["user.freeze", "deposit.approve"]);
        let deposits = Filter { action_prefix: Some("deposit.".into()), ..Filter::default() };
        assert_eq!(actions(&db, deposits).await, ["deposit.reject", "deposit.approve"]);
        let deposit_two = Filter {
            target_kind: Some("deposit".into()),
            target_id: Some("2".into()),
            ..Filter::default()
        };
        assert_eq!(actions(&db, deposit_two).await, ["deposit.reject"]);
        let window = Filter { since: Some(at(10)), until: Some(at(20)), ..Filter::default() };
        assert_eq!(actions(&db, window).await, ["deposit.reject"]);
        let newest = Filter { limit: 1, ..Filter::default() };
        let newest = db.read(move |connection| list(connection, &newest)).await.expect("listed");
        assert_eq!(newest.len(), 1);
        assert_eq!((newest[0].outcome.as_str(), newest[0].message.as_str()), ("refused", "no"));
        assert_eq!(newest[0].before, Some(json!({ "status": "pending" })));
        assert_eq!(newest[0].arguments, json!({ "id": "7" }));
    }

    #[tokio::test]
    async fn the_log_refuses_every_update_and_delete() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let db = database(&dir);
        let entry = entry("alice", "user.freeze", ("user", "7"), CommandEnd::Ok);
        let id = db
            .write(move |tx| record(tx, &entry, Timestamp::from_secs(1)))
            .await
            .expect("recorded");
        for statement in [
            "UPDATE audit_log SET actor = 'mallory' WHERE audit_id = ?1",
            "DELETE FROM audit_log WHERE audit_id = ?1",
        ] {
            let refused = db.write(move |tx| Ok(tx.execute(statement, [id])?)).await;
            let message = format!("{:#}", anyhow::Error::from(refused.expect_err(statement)));
            assert!(message.contains("append-only"), "{statement}: {message}");
        }
        let kept = db
            .read(|connection| list(connection, &Filter { limit: 10, ..Filter::default() }))
            .await
            .expect("listed");
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].actor, "alice");
    }
}
