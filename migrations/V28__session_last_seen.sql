-- When a session was last used, for the idle expiry (`auth.session_idle_secs`). Written at most
-- once per `auth::SESSION_TOUCH_SECS` per session, not on every request. Sessions older than
-- this column count as last seen when they started.
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;

-- Wrong fund passwords are also counted per client address (scope 'fund_password_address'):
-- the scope's CHECK is widened by rebuilding the table, as SQLite cannot alter a CHECK.
CREATE TABLE login_failures_widened (
    scope        TEXT NOT NULL
                 CHECK (scope IN ('account', 'address', 'fund_password', 'fund_password_address')),
    key          TEXT NOT NULL,
    failures     INTEGER NOT NULL,
    window_start INTEGER NOT NULL,
    locked_until INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;
INSERT INTO login_failures_widened (scope, key, failures, window_start, locked_until)
SELECT scope, key, failures, window_start, locked_until FROM login_failures;
DROP TABLE login_failures;
ALTER TABLE login_failures_widened RENAME TO login_failures;
