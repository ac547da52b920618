-- The four-eyes rule of balance adjustments (issue 33; owned by `wallet::adjustments`): an
-- adjustment of more than `wallet.adjust_second_approval_above` waits here, moving nothing in
-- the ledger, until a second operator applies it; the row stays, with who decided and how.
CREATE TABLE adjustment_requests (
    adjustment_request_id INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    -- Signed minor units: a credit is positive, a debit negative.
    amount        INTEGER NOT NULL CHECK (amount <> 0),
    reason        TEXT NOT NULL CHECK (length(reason) > 0),
    requested_by  TEXT NOT NULL,
    requested_at  INTEGER NOT NULL,
    decided_by    TEXT,
    decided_at    INTEGER,
    outcome       TEXT CHECK (outcome IN ('applied', 'cancelled')),
    CHECK ((outcome IS NULL) = (decided_at IS NULL))
);
CREATE INDEX adjustment_requests_waiting ON adjustment_requests (user_id) WHERE outcome IS NULL;
