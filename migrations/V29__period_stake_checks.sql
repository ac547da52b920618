-- What the server's incremental ledger check has verified of the open periods' stakes: per
-- period, player and option, the sum of the bets up to `ledger_checks.last_bet_id` (written in
-- the same transaction as that mark). A pass then compares each kept total with this sum plus
-- the new bets only, so its cost follows the bets since the last pass, never a period's size.
-- Rows of a period leave once it has no open bet (it is settled; no bet can follow).
CREATE TABLE period_stake_checks (
    room          TEXT NOT NULL,
    issue         TEXT NOT NULL,
    user_id       INTEGER NOT NULL,
    option        TEXT NOT NULL,
    stake         INTEGER NOT NULL CHECK (stake >= 0),
    PRIMARY KEY (room, issue, user_id, option)
) WITHOUT ROWID;

-- The periods open now, summed up to the mark V27 set (the history before it belongs to the
-- full check).
INSERT INTO period_stake_checks (room, issue, user_id, option, stake)
SELECT b.room, b.issue, b.user_id, b.option, SUM(b.stake) FROM bets b
WHERE b.bet_id <= (SELECT last_bet_id FROM ledger_checks)
  AND EXISTS (SELECT 1 FROM bets o WHERE o.status = 'open' AND o.room = b.room
                                     AND o.issue = b.issue)
GROUP BY b.room, b.issue, b.user_id, b.option;
