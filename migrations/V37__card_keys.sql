-- Which card keys sealed this database's card numbers (owned by `wallet::payout_accounts`): a
-- fingerprint of secrets.card_key and secrets.card_mac_key (`CardCipher::key_fingerprint`),
-- recorded at the first start that has them. Every start and every restore compares it with
-- the config's keys, so a hall started or restored with other keys is refused at once, not at
-- its first payout. One row.
CREATE TABLE card_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 16),
    recorded_at INTEGER NOT NULL
);
