-- Exact counts behind the `total` of the player's record pages, so a page costs the same on a
-- month-old database as on a new one (wallet::records, games::records; docs/performance.md).

-- Per player account and entry kind: how many postings the account has and what they sum to.
-- Written by `ledger::transfer` in the same transaction as each posting (player accounts only;
-- system accounts are never listed); `ledger::verify` recounts it from the postings.
CREATE TABLE posting_counts (
    account_id  INTEGER NOT NULL REFERENCES accounts(account_id),
    entry_kind  TEXT NOT NULL,
    postings    INTEGER NOT NULL CHECK (postings >= 0),
    amount      INTEGER NOT NULL,
    PRIMARY KEY (account_id, entry_kind)
) WITHOUT ROWID;
INSERT INTO posting_counts (account_id, entry_kind, postings, amount)
SELECT p.account_id, e.kind, COUNT(*), SUM(p.amount)
FROM postings p
JOIN accounts a ON a.account_id = p.account_id AND a.user_id IS NOT NULL
JOIN entries e ON e.entry_id = p.entry_id
GROUP BY p.account_id, e.kind;

-- Per player, room and bet status: how many bets. Written by `games::betting::place` and
-- `games::settlement` in the transaction that inserts or settles the bets;
-- `games::records::recount_bets` (run by `fairhall admin verify`) recounts it.
CREATE TABLE bet_counts (
    user_id  INTEGER NOT NULL REFERENCES users(user_id),
    room     TEXT NOT NULL,
    status   TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost', 'refunded')),
    bets     INTEGER NOT NULL CHECK (bets >= 0),
    PRIMARY KEY (user_id, room, status)
) WITHOUT ROWID;
INSERT INTO bet_counts (user_id, room, status, bets)
SELECT user_id, room, status, COUNT(*) FROM bets GROUP BY user_id, room, status;
