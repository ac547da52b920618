//! Typed row identifiers, so that a user id cannot be passed where an amount, a time or another
//! row's id is expected. They live below the ledger because accounts, idempotency keys and the
//! commit hook carry them too; `auth` owns the `users` table they point into.

use crate::error::AppError;
use std::fmt;

/// The id of a `users` row. Comes in from the database (`FromSql`, `from_rowid`) or from an
/// operator's or client's text (`parse`); goes out as the bare number (SQL, JSON, `Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(transparent)]
pub struct UserId(i64);

impl UserId {
    /// A positive decimal number; anything else is `bad_params`.
    pub fn parse(text: &str) -> Result<UserId, AppError> {
        match text.trim().parse::<i64>() {
            Ok(id) if id > 0 => Ok(UserId(id)),
            _ => Err(AppError::BadParams),
        }
    }

    /// The rowid SQLite just gave a new `users` row (`last_insert_rowid`).
    pub const fn from_rowid(rowid: i64) -> UserId {
        UserId(rowid)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

impl rusqlite::types::ToSql for UserId {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        self.0.to_sql()
    }
}

impl rusqlite::types::FromSql for UserId {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        value.as_i64().map(UserId)
    }
}

/// A JSON reply's user id compares with a `UserId` as it would with its bare number.
impl PartialEq<UserId> for serde_json::Value {
    fn eq(&self, other: &UserId) -> bool {
        self.as_i64() == Some(other.0)
    }
}

impl From<UserId> for serde_json::Value {
    fn from(id: UserId) -> serde_json::Value {
        serde_json::Value::from(id.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_ids_are_positive_numbers() {
        assert_eq!(UserId::parse(" 42 ").ok(), Some(UserId::from_rowid(42)));
        for bad in ["0", "-1", "1.5", "x", "", "99999999999999999999"] {
            assert!(matches!(UserId::parse(bad), Err(AppError::BadParams)), "{bad}");
        }
    }

    #[test]
    fn user_ids_show_as_their_number() {
        let id = UserId::from_rowid(7);
        assert_eq!(
            (id.to_string(), serde_json::json!(id)),
            ("7".to_string(), serde_json::json!(7))
        );
    }
}
