-- Deposits name the receiving account they were paid to (`[[wallet.receiving_accounts]]`):
-- its code, and its details as the player was shown them, kept when the config later changes.
-- A deposit can also end 'failed' (the payment did not arrive or bounced), as withdrawals can.
-- The status CHECK is widened by rebuilding the table, as SQLite cannot alter a CHECK; the
-- migrations run with foreign keys off and `Db::open` checks them afterwards
-- (deposit_rewards points at deposits).
CREATE TABLE deposits_widened (
    deposit_id    INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    method        TEXT NOT NULL CHECK (method IN ('bank', 'usdt')),
    amount        INTEGER NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    country       TEXT NOT NULL DEFAULT '',
    pay_amount    INTEGER NOT NULL CHECK (pay_amount > 0),
    content       TEXT NOT NULL DEFAULT '',
    voucher_file  TEXT NOT NULL,
    voucher_type  TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'passed', 'failed', 'rejected')),
    reason        TEXT NOT NULL DEFAULT '',
    entry_id      INTEGER REFERENCES entries(entry_id),
    created_at    INTEGER NOT NULL,
    reviewed_at   INTEGER,
    reviewed_by   TEXT NOT NULL DEFAULT '',
    -- '' for deposits made before receiving accounts existed.
    account_code  TEXT NOT NULL DEFAULT '',
    account_label TEXT NOT NULL DEFAULT '',
    CHECK ((status = 'passed') = (entry_id IS NOT NULL))
);
INSERT INTO deposits_widened (deposit_id, user_id, method, amount, currency, country, pay_amount,
                              content, voucher_file, voucher_type, status, reason, entry_id,
                              created_at, reviewed_at, reviewed_by)
SELECT deposit_id, user_id, method, amount, currency, country, pay_amount, content, voucher_file,
       voucher_type, status, reason, entry_id, created_at, reviewed_at, reviewed_by
FROM deposits;
DROP TABLE deposits;
ALTER TABLE deposits_widened RENAME TO deposits;
CREATE INDEX deposits_user ON deposits(user_id, deposit_id);
CREATE INDEX deposits_status ON deposits(status, deposit_id);

-- The message of a failed deposit (`Event::DepositFailed`): the kind's CHECK widened the same way.
CREATE TABLE messages_widened (
    message_id INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected',
                   'deposit_failed', 'withdrawal_paid', 'withdrawal_rejected', 'product_payout',
                   'vip_upgrade', 'envelope')),
    params     TEXT NOT NULL CHECK (json_valid(params)),
    created_at INTEGER NOT NULL,
    read_at    INTEGER
);
INSERT INTO messages_widened (message_id, user_id, kind, params, created_at, read_at)
SELECT message_id, user_id, kind, params, created_at, read_at FROM messages;
DROP TABLE messages;
ALTER TABLE messages_widened RENAME TO messages;
CREATE INDEX messages_user ON messages(user_id, created_at DESC, message_id DESC);
CREATE INDEX messages_unread ON messages(user_id) WHERE read_at IS NULL;
