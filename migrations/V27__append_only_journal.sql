-- The journal is append-only (issue 18): an entry or posting once written is the record of what
-- happened; a mistake is corrected by a reversing entry, never by changing or removing rows.
-- `accounts.balance` and `posting_counts` are caches of the postings and stay updatable.
CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN
    SELECT RAISE(ABORT, 'entries are append-only: correct with a reversing entry');
END;

CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN
    SELECT RAISE(ABORT, 'entries are append-only: correct with a reversing entry');
END;

CREATE TRIGGER postings_no_update BEFORE UPDATE ON postings
BEGIN
    SELECT RAISE(ABORT, 'postings are append-only: correct with a reversing entry');
END;

CREATE TRIGGER postings_no_delete BEFORE DELETE ON postings
BEGIN
    SELECT RAISE(ABORT, 'postings are append-only: correct with a reversing entry');
END;

-- The incremental ledger check (`ledger::verify_since`) finds the other entries of a reference
-- (a deposit, a settled period, a rebate batch) through this index, so its cost per new entry
-- does not grow with the journal. References of one kind are mostly increasing (order numbers,
-- ids), so inserts land near the index's right edge.
CREATE INDEX entries_reference ON entries(reference);

-- The bets of one period, for the same check of an open period's stakes against its bets.
CREATE INDEX bets_period ON bets(room, issue);

-- How far the incremental check has verified the journal: the last entry and bet it checked,
-- and the failure of the server's last check ('' when it passed). One row. It starts at the
-- journal's end when this migration runs: the history before it is checked by the full
-- `fairhall admin verify` (which, when it passes, also moves this mark to where it checked).
CREATE TABLE ledger_checks (
    singleton       INTEGER PRIMARY KEY CHECK (singleton = 1),
    last_entry_id   INTEGER NOT NULL CHECK (last_entry_id >= 0),
    last_bet_id     INTEGER NOT NULL CHECK (last_bet_id >= 0),
    checked_at      INTEGER NOT NULL,
    failure         TEXT NOT NULL DEFAULT '',
    failed_at       INTEGER
);
INSERT INTO ledger_checks (singleton, last_entry_id, last_bet_id, checked_at)
SELECT 1, (SELECT COALESCE(MAX(entry_id), 0) FROM entries),
       (SELECT COALESCE(MAX(bet_id), 0) FROM bets), 0;
