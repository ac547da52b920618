-- Betting and settlement: room limits, the rule versions bets were placed under, the bets,
-- per-period option totals for the all-players limits, and the scheduler's job ledger.

-- `games::RoomLimits` as JSON: defaults for every option plus per-option overrides.
ALTER TABLE rooms ADD COLUMN limits_json TEXT NOT NULL DEFAULT
    '{"min_bet":"1.00","max_user":"50000.00","max_total":"1000000.00","payout_cap":"10000000.00","options":{}}';

-- Every odds table and rule set a room has had; a bet names the version it was placed under,
-- so a later change of odds or rules never alters a placed bet.
CREATE TABLE room_rule_versions (
    room          TEXT NOT NULL REFERENCES rooms(room),
    rule_version  INTEGER NOT NULL CHECK (rule_version >= 1),
    odds_json     TEXT NOT NULL,
    rules_json    TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (room, rule_version)
) WITHOUT ROWID;
INSERT INTO room_rule_versions (room, rule_version, odds_json, rules_json, created_at)
SELECT room, rule_version, odds_json, rules_json, 0 FROM rooms;

-- One line of an order: one option and its stake. The lines of one POST share `order_no`; the
-- order's debit is one ledger entry referenced `order:<order_no>`.
CREATE TABLE bets (
    bet_id        INTEGER PRIMARY KEY,
    order_no      TEXT NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    room          TEXT NOT NULL REFERENCES rooms(room),
    issue         TEXT NOT NULL CHECK (length(issue) = 12),
    option        TEXT NOT NULL,
    -- Minor units: the whole stake, before any service fee.
    stake         INTEGER NOT NULL CHECK (stake > 0),
    -- `games::Odds` in thousandths, as placed.
    odds          INTEGER NOT NULL CHECK (odds >= 1000),
    rule_version  INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'won', 'lost', 'refunded')),
    outcome       TEXT CHECK (outcome IN ('win', 'lose', 'refund', 'win_reduced')),
    payout        INTEGER NOT NULL DEFAULT 0 CHECK (payout >= 0),
    placed_at     INTEGER NOT NULL,
    settled_at    INTEGER,
    CHECK ((status = 'open') = (settled_at IS NULL))
);
CREATE INDEX bets_order ON bets(order_no);
CREATE INDEX bets_user ON bets(user_id, bet_id);
CREATE INDEX bets_user_period ON bets(user_id, room, issue);
-- Settlement walks the open bets of one period in placement order (neighbouring rows, so a
-- chunk touches few pages).
CREATE INDEX bets_open ON bets(room, issue, bet_id) WHERE status = 'open';

-- What all players staked on one option of one period, and what it could pay at most.
CREATE TABLE period_option_totals (
    room          TEXT NOT NULL,
    issue         TEXT NOT NULL,
    option        TEXT NOT NULL,
    stake         INTEGER NOT NULL CHECK (stake >= 0),
    payout        INTEGER NOT NULL CHECK (payout >= 0),
    PRIMARY KEY (room, issue, option)
) WITHOUT ROWID;

-- What one player staked on one option of one period (the per-player limit, in constant time).
CREATE TABLE period_player_totals (
    user_id       INTEGER NOT NULL,
    room          TEXT NOT NULL,
    issue         TEXT NOT NULL,
    option        TEXT NOT NULL,
    stake         INTEGER NOT NULL CHECK (stake >= 0),
    PRIMARY KEY (user_id, room, issue, option)
) WITHOUT ROWID;

-- Scheduler jobs done, keyed (job, period) so a restart neither skips nor repeats one, e.g.
-- ('settle:k3', '202611220901').
CREATE TABLE job_runs (
    job           TEXT NOT NULL,
    period        TEXT NOT NULL,
    done_at       INTEGER NOT NULL,
    detail        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (job, period)
) WITHOUT ROWID;
