-- Wallet: profile fields, the fund password, deposits, withdrawals, withdrawal accounts,
-- idempotent replays and the wagering (turnover) requirement.
ALTER TABLE users ADD COLUMN fund_password_hash TEXT;
ALTER TABLE users ADD COLUMN real_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN tax_number TEXT NOT NULL DEFAULT '';
-- Login names match case-insensitively, so they are unique regardless of case.
CREATE UNIQUE INDEX users_username_nocase ON users(username COLLATE NOCASE);

-- Turnover still to bet before a withdrawal, in minor units: deposits and bonuses add to it,
-- settled bets reduce it, never below zero.
CREATE TABLE turnover (
    user_id    INTEGER PRIMARY KEY REFERENCES users(user_id),
    remaining  INTEGER NOT NULL DEFAULT 0 CHECK (remaining >= 0)
);

CREATE TABLE deposits (
    deposit_id    INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    method        TEXT NOT NULL CHECK (method IN ('bank', 'usdt')),
    amount        INTEGER NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    -- The country the player picked, when the operator configured countries ('' otherwise).
    country       TEXT NOT NULL DEFAULT '',
    -- What the player pays in `currency`, in its minor units (amount x rate).
    pay_amount    INTEGER NOT NULL CHECK (pay_amount > 0),
    content       TEXT NOT NULL DEFAULT '',
    voucher_file  TEXT NOT NULL,
    voucher_type  TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'rejected')),
    reason        TEXT NOT NULL DEFAULT '',
    entry_id      INTEGER REFERENCES entries(entry_id),
    created_at    INTEGER NOT NULL,
    reviewed_at   INTEGER,
    reviewed_by   TEXT NOT NULL DEFAULT '',
    CHECK ((status = 'passed') = (entry_id IS NOT NULL))
);
CREATE INDEX deposits_user ON deposits(user_id, deposit_id);
CREATE INDEX deposits_status ON deposits(status, deposit_id);

-- The one bank card a player may link for withdrawals; it cannot be changed once linked.
CREATE TABLE bank_cards (
    bank_card_id  INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL UNIQUE REFERENCES users(user_id),
    bank_code     TEXT NOT NULL,
    holder        TEXT NOT NULL,
    -- AES-256-CBC + HMAC-SHA256 (encrypt-then-MAC), base64; only the last 4 digits in clear.
    card_cipher   TEXT NOT NULL,
    card_last4    TEXT NOT NULL,
    ifsc          TEXT NOT NULL DEFAULT '',
    bank_address  TEXT NOT NULL DEFAULT '',
    phone         TEXT NOT NULL DEFAULT '',
    remark        TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);

CREATE TABLE usdt_addresses (
    usdt_address_id INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    network       TEXT NOT NULL CHECK (network IN ('TRC20', 'ERC20')),
    address       TEXT NOT NULL,
    remark        TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    UNIQUE (user_id, network, address)
);
CREATE INDEX usdt_addresses_user ON usdt_addresses(user_id);

CREATE TABLE withdrawals (
    withdrawal_id INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(user_id),
    method        TEXT NOT NULL CHECK (method IN ('bank', 'usdt')),
    -- bank_card_id or usdt_address_id, and what the record shows of it (masked).
    target_id     INTEGER NOT NULL,
    target_label  TEXT NOT NULL,
    amount        INTEGER NOT NULL CHECK (amount > 0),
    fee           INTEGER NOT NULL CHECK (fee >= 0),
    status        TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'passed', 'failed', 'rejected')),
    reason        TEXT NOT NULL DEFAULT '',
    hold_entry_id INTEGER NOT NULL REFERENCES entries(entry_id),
    close_entry_id INTEGER REFERENCES entries(entry_id),
    created_at    INTEGER NOT NULL,
    reviewed_at   INTEGER,
    reviewed_by   TEXT NOT NULL DEFAULT '',
    CHECK ((status = 'pending') = (close_entry_id IS NULL))
);
CREATE INDEX withdrawals_user ON withdrawals(user_id, withdrawal_id);
CREATE INDEX withdrawals_status ON withdrawals(status, withdrawal_id);

-- Replays of money-moving requests: the first reply, stored in the same transaction.
CREATE TABLE idempotency_keys (
    user_id     INTEGER NOT NULL REFERENCES users(user_id),
    key         TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    response    TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
