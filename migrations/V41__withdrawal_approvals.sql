-- The four-eyes rule (issue 33; owned by `wallet::withdrawals`): a withdrawal of more than
-- `wallet.withdraw_second_approval_above` is paid only when a second reviewer approves it after
-- the first. The first approval is kept here (nothing moves in the ledger until the second);
-- the row stays after the payment, beside the audit log's record of both.
CREATE TABLE withdrawal_approvals (
    withdrawal_id INTEGER PRIMARY KEY REFERENCES withdrawals(withdrawal_id),
    approved_by   TEXT NOT NULL,
    approved_at   INTEGER NOT NULL
);
