-- The per-player totals keyed period first: the rows of the period open for betting sit
-- together, so a group commit of many players' bets rewrites a few pages of this table instead
-- of one per player (docs/performance.md).
CREATE TABLE period_player_totals_by_period (
    room          TEXT NOT NULL,
    issue         TEXT NOT NULL,
    user_id       INTEGER NOT NULL,
    option        TEXT NOT NULL,
    stake         INTEGER NOT NULL CHECK (stake >= 0),
    PRIMARY KEY (room, issue, user_id, option)
) WITHOUT ROWID;
INSERT INTO period_player_totals_by_period (room, issue, user_id, option, stake)
    SELECT room, issue, user_id, option, stake FROM period_player_totals;
DROP TABLE period_player_totals;
ALTER TABLE period_player_totals_by_period RENAME TO period_player_totals;
