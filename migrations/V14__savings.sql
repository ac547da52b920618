-- Yu E Bao (the savings account). The money is in the ledger (`savings` accounts); these
-- tables only track which operator-local days have been paid interest.

-- Per player who ever moved money into savings: the last operator-local day ('YYYY-MM-DD')
-- whose interest is settled, the savings balance at that day's end, and the last posting on
-- the savings account that day counted. The next day starts from there.
CREATE TABLE savings_progress (
    user_id         INTEGER PRIMARY KEY REFERENCES users(user_id),
    day             TEXT NOT NULL,
    closing_minor   INTEGER NOT NULL CHECK (closing_minor >= 0),
    last_posting_id INTEGER NOT NULL CHECK (last_posting_id >= 0)
);
CREATE INDEX savings_progress_day ON savings_progress(day);

-- One row per (player, day) with a balance held through the whole day: the held balance (the
-- day's lowest savings balance), the interest credited for it and its ledger entry (none when
-- the interest rounds down to 0.00). The key makes each day paid at most once.
CREATE TABLE savings_interest (
    user_id        INTEGER NOT NULL REFERENCES users(user_id),
    day            TEXT NOT NULL,
    held_minor     INTEGER NOT NULL CHECK (held_minor > 0),
    interest_minor INTEGER NOT NULL CHECK (interest_minor >= 0),
    rate_bp        INTEGER NOT NULL CHECK (rate_bp >= 0),
    entry_id       INTEGER REFERENCES entries(entry_id),
    paid_at        INTEGER NOT NULL,
    PRIMARY KEY (user_id, day),
    CHECK ((entry_id IS NULL) = (interest_minor = 0))
) WITHOUT ROWID;
