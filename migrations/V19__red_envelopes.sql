-- Red envelopes (owned by `growth::envelopes`). The money is in the ledger: creating an
-- envelope moves its total from `bonus` to the new system account `envelopes` ("red envelopes
-- created and not yet claimed or refunded"), each claim moves a share from `envelopes` to the
-- player's wallet, and the remainder goes back to `bonus` at expiry or withdrawal. So the
-- balance of `envelopes` is always the sum of the open envelopes' unclaimed shares.

-- The `accounts` CHECKs list the system kinds; SQLite cannot alter a CHECK, so the table is
-- rebuilt with the same rows and ids. Deferred, the foreign keys of `postings` and
-- `posting_counts` are checked at commit, once every account is back.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE accounts_before_envelopes AS SELECT account_id, user_id, kind, balance FROM accounts;
DROP TABLE accounts;
CREATE TABLE accounts (
    account_id INTEGER PRIMARY KEY,
    user_id    INTEGER REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN
                 ('wallet', 'game', 'savings', 'invest', 'frozen',
                  'house', 'bonus', 'interest', 'fees', 'external', 'envelopes')),
    balance    INTEGER NOT NULL DEFAULT 0,
    CHECK (user_id IS NULL OR balance >= 0),
    CHECK ((user_id IS NULL) =
           (kind IN ('house', 'bonus', 'interest', 'fees', 'external', 'envelopes')))
);
INSERT INTO accounts (account_id, user_id, kind, balance)
SELECT account_id, user_id, kind, balance FROM accounts_before_envelopes ORDER BY account_id;
DROP TABLE accounts_before_envelopes;
CREATE UNIQUE INDEX accounts_user_kind ON accounts(user_id, kind) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX accounts_system_kind ON accounts(kind) WHERE user_id IS NULL;
INSERT INTO accounts (user_id, kind) VALUES (NULL, 'envelopes');

-- One envelope. `code_hash` is SHA-256 of the code (the code itself is shown to the operator
-- once and never stored). `state`: live (claimable until `expires_at`), finished (every share
-- claimed), expired (the expiry job returned the remainder), withdrawn (the operator returned
-- it). `refund_minor` and `refund_entry_id` are written in the same transaction as the state
-- that closes a live envelope, so a remainder is returned exactly once.
CREATE TABLE envelopes (
    envelope_id        INTEGER PRIMARY KEY,
    code_hash          TEXT NOT NULL,
    mode               TEXT NOT NULL CHECK (mode IN ('fixed', 'random')),
    total_minor        INTEGER NOT NULL CHECK (total_minor > 0),
    quantity           INTEGER NOT NULL CHECK (quantity > 0 AND total_minor >= quantity),
    claimed_count      INTEGER NOT NULL DEFAULT 0 CHECK (claimed_count BETWEEN 0 AND quantity),
    claimed_minor      INTEGER NOT NULL DEFAULT 0
                       CHECK (claimed_minor BETWEEN 0 AND total_minor),
    -- The position of the largest share (random mode only; fixed shares are equal).
    luckiest_position  INTEGER,
    target_user_id     INTEGER REFERENCES users(user_id),
    vip_min            INTEGER CHECK (vip_min >= 0),
    recharge_min_minor INTEGER NOT NULL DEFAULT 0 CHECK (recharge_min_minor >= 0),
    note               TEXT NOT NULL DEFAULT '',
    state              TEXT NOT NULL DEFAULT 'live'
                       CHECK (state IN ('live', 'finished', 'expired', 'withdrawn')),
    expires_at         INTEGER NOT NULL,
    entry_id           INTEGER NOT NULL REFERENCES entries(entry_id),
    closed_at          INTEGER,
    refund_minor       INTEGER CHECK (refund_minor >= 0),
    refund_entry_id    INTEGER REFERENCES entries(entry_id),
    created_at         INTEGER NOT NULL,
    CHECK (target_user_id IS NULL OR vip_min IS NULL),
    CHECK ((state = 'live') = (closed_at IS NULL)),
    CHECK ((state IN ('expired', 'withdrawn')) = (refund_minor IS NOT NULL)),
    CHECK (refund_minor IS NULL OR claimed_minor + refund_minor = total_minor)
);
-- A code names one live envelope at a time; a closed one's code may be used again.
CREATE UNIQUE INDEX envelopes_live_code ON envelopes(code_hash) WHERE state = 'live';
CREATE INDEX envelopes_code ON envelopes(code_hash, envelope_id);
CREATE INDEX envelopes_live_expiry ON envelopes(expires_at) WHERE state = 'live';

-- Every share, generated and shuffled at creation; claims take the lowest open `position`.
-- A claimed share names its player and the ledger entry that paid it; one share per player
-- per envelope.
CREATE TABLE envelope_shares (
    envelope_id  INTEGER NOT NULL REFERENCES envelopes(envelope_id),
    position     INTEGER NOT NULL CHECK (position >= 0),
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    user_id      INTEGER REFERENCES users(user_id),
    entry_id     INTEGER REFERENCES entries(entry_id),
    claimed_at   INTEGER,
    PRIMARY KEY (envelope_id, position),
    CHECK ((user_id IS NULL) = (entry_id IS NULL) AND (user_id IS NULL) = (claimed_at IS NULL))
) WITHOUT ROWID;
CREATE UNIQUE INDEX envelope_shares_one_per_player
    ON envelope_shares(envelope_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX envelope_shares_player ON envelope_shares(user_id, entry_id)
    WHERE user_id IS NOT NULL;
