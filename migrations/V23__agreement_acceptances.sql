-- The agreements each player accepted (owned by `auth`): one row per player, agreement key
-- ([[app.agreements]] key) and version, written at registration and when the player accepts
-- a raised version. Rows are never changed or deleted: they are the record of consent.
CREATE TABLE agreement_acceptances (
    user_id     INTEGER NOT NULL REFERENCES users(user_id),
    agreement   TEXT NOT NULL CHECK (length(agreement) BETWEEN 1 AND 32),
    version     TEXT NOT NULL CHECK (length(version) BETWEEN 1 AND 256),
    accepted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, agreement, version)
) WITHOUT ROWID;
