-- When a session was last used, for the idle expiry (`auth.session_idle_secs`). Written at most
-- once per `auth::SESSION_TOUCH_SECS` per session, not on every request. Sessions older than
-- this column count as last seen when they started.
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;
