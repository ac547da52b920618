-- The operator console's sessions (issue 33; owned by `auth::staff`). The browser holds the
-- token in an HttpOnly cookie; only its SHA-256 is stored. `csrf` is the token every change
-- must carry in its `x-csrf-token` header. A session ends at `ends_at` (the absolute
-- lifetime), after `console.idle_timeout_secs` without use (`last_seen`), or when it is
-- signed out or its staff member disabled or reset (`ended_at`).
CREATE TABLE staff_sessions (
    session_id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id    INTEGER NOT NULL REFERENCES staff(user_id),
    csrf       TEXT NOT NULL,
    address    TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL,
    ended_at   INTEGER
);
CREATE INDEX staff_sessions_by_user ON staff_sessions (user_id) WHERE ended_at IS NULL;
