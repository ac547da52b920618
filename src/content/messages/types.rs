//! What the message list shows and how a request names one of its entries.

use crate::clock::Timestamp;
use crate::error::AppError;
use serde::Serialize;

/// Where an entry of the list comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// A broadcast announcement of the operator.
    Announcement,
    /// A message the product sent this player on one of its events.
    Message,
}

/// An entry of the list as a request names it: its kind and id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoticeRef {
    pub kind: NoticeKind,
    pub id: i64,
}

impl NoticeRef {
    /// `kind` "announcement" or "message" and a positive `id`; `bad_params` otherwise.
    pub fn parse(kind: &str, id: &str) -> Result<NoticeRef, AppError> {
        let kind = match kind.trim() {
            "announcement" => NoticeKind::Announcement,
            "message" => NoticeKind::Message,
            _ => return Err(AppError::BadParams),
        };
        let id = id.trim().parse().ok().filter(|id| *id > 0).ok_or(AppError::BadParams)?;
        Ok(NoticeRef { kind, id })
    }
}

/// An entry of the list in the reader's language: in a list page `body` is a one-line
/// summary, opened it is the whole plain text.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Notice {
    pub kind: NoticeKind,
    pub id: i64,
    pub title: String,
    /// Plain text, never HTML.
    pub body: String,
    /// Pinned announcements come first.
    pub pinned: bool,
    /// When it was sent (a message) or started showing (an announcement).
    #[schema(value_type = i64)]
    pub at: Timestamp,
    /// Whether this player has opened it (or marked all read).
    pub read: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_is_named_by_its_kind_and_a_positive_id() {
        let parsed = NoticeRef::parse("announcement", " 3 ").unwrap();
        assert_eq!(parsed, NoticeRef { kind: NoticeKind::Announcement, id: 3 });
        assert_eq!(NoticeRef::parse("message", "9").unwrap().kind, NoticeKind::Message);
        for (kind, id) in [("news", "1"), ("message", "0"), ("message", "-1"), ("", "1")] {
            assert!(matches!(NoticeRef::parse(kind, id), Err(AppError::BadParams)), "{kind}");
        }
    }
}
