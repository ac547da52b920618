-- Announcements and per-player messages (owned by `content::announcements` and
-- `content::messages`), listed together on pages/jogos/notice.

-- An announcement the operator broadcasts to every player (`fairhall admin content ...
-- announcement`). Players see it from `starts_at` (NULL: from creation) until `ends_at`
-- (NULL: until removed), in their language or else the operator's default one.
CREATE TABLE announcements (
    announcement_id INTEGER PRIMARY KEY,
    -- Pinned announcements come first in the message list.
    pinned          INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    starts_at       INTEGER,
    ends_at         INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- When the operator deleted it: players never see it again; the row stays as a record.
    removed_at      INTEGER,
    CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at),
    CHECK (updated_at >= created_at)
);

-- One announcement's text in one language (a code of config::LANGUAGES). Plain text, never
-- HTML; lengths in characters (content::announcements::types).
CREATE TABLE announcement_texts (
    announcement_id INTEGER NOT NULL REFERENCES announcements(announcement_id),
    lang            TEXT NOT NULL CHECK (length(lang) = 2),
    title           TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
    body            TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
    PRIMARY KEY (announcement_id, lang)
) WITHOUT ROWID;

-- The announcements each player has opened (or marked read with "mark all read").
CREATE TABLE announcement_reads (
    user_id         INTEGER NOT NULL REFERENCES users(user_id),
    announcement_id INTEGER NOT NULL REFERENCES announcements(announcement_id),
    read_at         INTEGER NOT NULL,
    PRIMARY KEY (user_id, announcement_id)
) WITHOUT ROWID;

-- A message the product sent one player on one of its events. It stores the event's kind and
-- parameters (JSON: amounts, reasons, levels), not text: the reader's language renders it at
-- read time from the server locales (`message_<kind>_title` / `_body`, src/i18n/locales).
CREATE TABLE messages (
    message_id INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected',
                   'withdrawal_paid', 'withdrawal_rejected', 'product_payout', 'vip_upgrade',
                   'envelope')),
    params     TEXT NOT NULL CHECK (json_valid(params)),
    created_at INTEGER NOT NULL,
    read_at    INTEGER
);
CREATE INDEX messages_user ON messages(user_id, created_at DESC, message_id DESC);
CREATE INDEX messages_unread ON messages(user_id) WHERE read_at IS NULL;
