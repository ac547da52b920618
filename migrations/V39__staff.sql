-- Staff of the operator console (issue 33; owned by `auth::staff`): an account holding a role,
-- with its own console passphrase (argon2id, as login passwords) and a TOTP second factor.
-- `totp_secret` is sealed with the card keys of `[secrets]` (`crypto::CardCipher`, bound to
-- "staff_totp:<user_id>"); `confirmed_at` is set by the first valid code, and is cleared by a
-- reset with a new secret; `last_used_step` is the newest 30-second step a code was accepted
-- for, so no code is accepted twice.
CREATE TABLE staff (
    user_id         INTEGER PRIMARY KEY REFERENCES users(user_id),
    passphrase_hash TEXT NOT NULL,
    role            TEXT NOT NULL CHECK (length(role) BETWEEN 1 AND 64),
    totp_secret     TEXT NOT NULL,
    confirmed_at    INTEGER,
    last_used_step  INTEGER NOT NULL DEFAULT 0 CHECK (last_used_step >= 0),
    disabled_at     INTEGER,
    disabled_reason TEXT NOT NULL DEFAULT '' CHECK (length(disabled_reason) <= 200),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    CHECK ((disabled_at IS NULL) = (disabled_reason = ''))
);

-- The single-use recovery codes of a staff member: only their SHA-256 (a code is 60 random
-- bits, shown once); a reset replaces them all.
CREATE TABLE staff_recovery_codes (
    user_id   INTEGER NOT NULL REFERENCES staff(user_id),
    code_hash TEXT NOT NULL,
    used_at   INTEGER,
    PRIMARY KEY (user_id, code_hash)
) WITHOUT ROWID;
