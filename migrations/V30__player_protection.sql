-- Player protection (issue 19; `protection`, docs/player-protection.md): deposit and loss
-- limits with their pending increases, the reality-check interval and each session's last
-- acknowledgement, time-outs and self-exclusions (an append-only history), and the age a
-- player confirmed at registration.

-- One row per (player, kind, period) that has or had a limit. `amount` is the limit in force
-- (NULL: none). A pending increase or removal waits until `pending_at` (then `pending_amount`,
-- NULL meaning "none", takes over); `pending_at` NULL means nothing is pending.
CREATE TABLE protection_limits (
    user_id         INTEGER NOT NULL REFERENCES users(user_id),
    kind            TEXT NOT NULL CHECK (kind IN ('deposit', 'loss')),
    period          TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
    amount          INTEGER CHECK (amount IS NULL OR amount > 0),
    pending_amount  INTEGER CHECK (pending_amount IS NULL OR pending_amount > 0),
    pending_at      INTEGER,
    updated_at      INTEGER NOT NULL,
    CHECK (pending_at IS NOT NULL OR pending_amount IS NULL),
    PRIMARY KEY (user_id, kind, period)
) WITHOUT ROWID;

-- The player's reality-check interval in minutes (0: off; no row: off).
CREATE TABLE protection_settings (
    user_id             INTEGER PRIMARY KEY REFERENCES users(user_id),
    reality_check_mins  INTEGER NOT NULL CHECK (reality_check_mins >= 0),
    updated_at          INTEGER NOT NULL
);

-- When the player last acknowledged the reality check in a session (no row: not yet, the
-- interval counts from the login).
CREATE TABLE protection_session_acks (
    token_hash  TEXT PRIMARY KEY REFERENCES sessions(token_hash) ON DELETE CASCADE,
    acked_at    INTEGER NOT NULL
) WITHOUT ROWID;

-- Every time-out and self-exclusion ever taken; never updated or deleted. A player is excluded
-- while one of his rows runs (`started_at <= now < until`) and has no lift.
CREATE TABLE protection_exclusions (
    exclusion_id  INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    kind          TEXT NOT NULL CHECK (kind IN ('timeout', 'self_exclusion')),
    duration      TEXT NOT NULL CHECK (duration IN ('24h', '7d', '30d', '6m', '1y', '2y', '5y')),
    started_at    INTEGER NOT NULL,
    until         INTEGER NOT NULL CHECK (until > started_at)
);
CREATE INDEX protection_exclusions_user ON protection_exclusions(user_id, until);
CREATE INDEX protection_exclusions_until ON protection_exclusions(until);
CREATE TRIGGER protection_exclusions_no_update BEFORE UPDATE ON protection_exclusions
BEGIN
    SELECT RAISE(ABORT, 'protection_exclusions is append-only');
END;
CREATE TRIGGER protection_exclusions_no_delete BEFORE DELETE ON protection_exclusions
BEGIN
    SELECT RAISE(ABORT, 'protection_exclusions is append-only');
END;

-- The documented process of lifting an exclusion early (`fairhall admin user exclusions lift
-- ... --documented-process`): who, when and why; also append-only.
CREATE TABLE protection_exclusion_lifts (
    exclusion_id  INTEGER PRIMARY KEY REFERENCES protection_exclusions(exclusion_id),
    lifted_at     INTEGER NOT NULL,
    operator      TEXT NOT NULL,
    reason        TEXT NOT NULL CHECK (length(reason) > 0)
);
CREATE TRIGGER protection_exclusion_lifts_no_update BEFORE UPDATE ON protection_exclusion_lifts
BEGIN
    SELECT RAISE(ABORT, 'protection_exclusion_lifts is append-only');
END;
CREATE TRIGGER protection_exclusion_lifts_no_delete BEFORE DELETE ON protection_exclusion_lifts
BEGIN
    SELECT RAISE(ABORT, 'protection_exclusion_lifts is append-only');
END;

-- A player's losses in a rolling window (bets placed since a time), read only for players
-- with a loss limit.
CREATE INDEX bets_user_placed ON bets(user_id, placed_at);

-- What the player confirmed at registration (`auth::register`): the legal age (when) and, when
-- the operator asks for it, the date of birth (YYYY-MM-DD).
ALTER TABLE users ADD COLUMN age_confirmed_at INTEGER;
ALTER TABLE users ADD COLUMN birth_date TEXT;
