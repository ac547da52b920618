-- Players and their credentials. A login name (username) always contains a letter, so it can
-- never collide with a phone number; both are unique.
CREATE TABLE users (
    user_id        INTEGER PRIMARY KEY,
    phone          TEXT NOT NULL UNIQUE,
    username       TEXT UNIQUE,
    nickname       TEXT NOT NULL DEFAULT '',
    password_hash  TEXT NOT NULL,
    avatar         TEXT NOT NULL DEFAULT '',
    invite_code    TEXT NOT NULL UNIQUE,
    inviter_id     INTEGER REFERENCES users(user_id),
    vip_level      INTEGER NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
    is_admin       INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    frozen_at      INTEGER,
    created_at     INTEGER NOT NULL
);

-- Login sessions: only the SHA-256 of the token is stored.
CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(user_id),
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    revoked_at   INTEGER
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);

-- Verification codes: hashed; limited attempts; consumed once.
CREATE TABLE verification_codes (
    verification_code_id INTEGER PRIMARY KEY,
    target      TEXT NOT NULL,
    purpose     TEXT NOT NULL CHECK (purpose IN ('register', 'forget', 'bind')),
    code_hash   TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    consumed_at INTEGER
);
CREATE INDEX verification_codes_target ON verification_codes(target, purpose, created_at);

-- Codes delivered in `log` mode, readable by `fairhall admin codes`.
CREATE TABLE code_outbox (
    code_outbox_id INTEGER PRIMARY KEY,
    target      TEXT NOT NULL,
    purpose     TEXT NOT NULL,
    code        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);

-- Failed logins per scope ('account' or 'address') and failed fund passwords per user, for
-- throttling.
CREATE TABLE login_failures (
    scope        TEXT NOT NULL CHECK (scope IN ('account', 'address', 'fund_password')),
    key          TEXT NOT NULL,
    failures     INTEGER NOT NULL,
    window_start INTEGER NOT NULL,
    locked_until INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;

-- The ledger. Player accounts never go negative; system accounts may.
CREATE TABLE accounts (
    account_id INTEGER PRIMARY KEY,
    user_id    INTEGER REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN
                 ('wallet', 'game', 'savings', 'invest', 'frozen',
                  'house', 'bonus', 'interest', 'fees', 'external')),
    balance    INTEGER NOT NULL DEFAULT 0,
    CHECK (user_id IS NULL OR balance >= 0),
    CHECK ((user_id IS NULL) = (kind IN ('house', 'bonus', 'interest', 'fees', 'external')))
);
CREATE UNIQUE INDEX accounts_user_kind ON accounts(user_id, kind) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX accounts_system_kind ON accounts(kind) WHERE user_id IS NULL;
INSERT INTO accounts (user_id, kind)
VALUES (NULL, 'house'), (NULL, 'bonus'), (NULL, 'interest'), (NULL, 'fees'), (NULL, 'external');

CREATE TABLE entries (
    entry_id   INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,
    reference  TEXT NOT NULL DEFAULT '',
    memo       TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);

CREATE TABLE postings (
    posting_id    INTEGER PRIMARY KEY,
    entry_id      INTEGER NOT NULL REFERENCES entries(entry_id),
    account_id    INTEGER NOT NULL REFERENCES accounts(account_id),
    amount        INTEGER NOT NULL CHECK (amount <> 0),
    balance_after INTEGER NOT NULL
);
CREATE INDEX postings_account ON postings(account_id, posting_id);
CREATE INDEX postings_entry ON postings(entry_id);
