-- The three-level team, rebates and commissions, and the weekly salary (growth).

-- The team is derived from the inviter chain: finding the players someone invited walks this
-- index. `users` belongs to auth; the index only serves its read functions.
CREATE INDEX IF NOT EXISTS users_inviter ON users(inviter_id) WHERE inviter_id IS NOT NULL;

-- Rebate batches and the salary read the stakes settled in a span of time. `bets` belongs to
-- games; the index serves `games::stakes`.
CREATE INDEX IF NOT EXISTS bets_settled ON bets(settled_at) WHERE status IN ('won', 'lost');

-- One rebate batch: it paid the bets settled in [settled_from, settled_until). The next batch
-- starts where the last one ended (the watermark), written in the same transaction as the
-- payments, so each settled bet counts exactly once.
CREATE TABLE rebate_batches (
    batch_id       INTEGER PRIMARY KEY,
    settled_from   INTEGER NOT NULL,
    settled_until  INTEGER NOT NULL CHECK (settled_until >= settled_from),
    ran_at         INTEGER NOT NULL,
    bets           INTEGER NOT NULL CHECK (bets >= 0),
    stake          INTEGER NOT NULL CHECK (stake >= 0),
    paid           INTEGER NOT NULL CHECK (paid >= 0),
    UNIQUE (settled_from)
);

-- What one batch paid one player per level: level 0 is his own rebate on his stakes, levels
-- 1-3 his commission on the stakes of his team's members of that level.
CREATE TABLE rebate_payouts (
    batch_id   INTEGER NOT NULL REFERENCES rebate_batches(batch_id),
    user_id    INTEGER NOT NULL REFERENCES users(user_id),
    level      INTEGER NOT NULL CHECK (level BETWEEN 0 AND 3),
    stake      INTEGER NOT NULL CHECK (stake >= 0),
    rate_bps   INTEGER NOT NULL CHECK (rate_bps >= 0),
    amount     INTEGER NOT NULL CHECK (amount > 0),
    PRIMARY KEY (batch_id, user_id, level)
) WITHOUT ROWID;
CREATE INDEX rebate_payouts_user ON rebate_payouts(user_id, level, batch_id);

-- Each operator week (Monday 00:00 to Monday 00:00) whose salary was paid, written in the same
-- transaction as its payments: a week is paid once, and after downtime each missed one is.
CREATE TABLE salary_weeks (
    week_start  INTEGER PRIMARY KEY,
    week_end    INTEGER NOT NULL CHECK (week_end > week_start),
    paid_at     INTEGER NOT NULL,
    partners    INTEGER NOT NULL CHECK (partners >= 0),
    paid        INTEGER NOT NULL CHECK (paid >= 0)
);

-- One partner's salary for one week.
CREATE TABLE salary_payouts (
    user_id     INTEGER NOT NULL REFERENCES users(user_id),
    week_start  INTEGER NOT NULL REFERENCES salary_weeks(week_start),
    volume      INTEGER NOT NULL CHECK (volume >= 0),
    active      INTEGER NOT NULL CHECK (active >= 0),
    tier        INTEGER NOT NULL CHECK (tier >= 1),
    amount      INTEGER NOT NULL CHECK (amount > 0),
    paid_at     INTEGER NOT NULL,
    PRIMARY KEY (user_id, week_start)
) WITHOUT ROWID;
CREATE INDEX salary_payouts_week ON salary_payouts(week_start);
