-- Deposit bonuses released by play (growth::bonus_release, docs/programmes.md). A bonus that is
-- playable before it is earned has a positive expected value under any wagering (a player who
-- busts stops early), so the first-deposit bonus, the cashback and the VIP deposit reward no
-- longer reach the wallet at the deposit's approval: each moves from `bonus` to the new system
-- account `bonus_pending` ("deposit bonuses granted and not yet released"), and is released
-- to the wallet as the player's settled bets build up the house's expected win net of the
-- programmes. So the balance of `bonus_pending` is always the sum of the grants' unreleased
-- parts.

-- The `accounts` CHECKs list the system kinds; rebuilt as V19 did, same rows and ids.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE accounts_before_bonus_pending AS
    SELECT account_id, user_id, kind, balance FROM accounts;
DROP TABLE accounts;
CREATE TABLE accounts (
    account_id INTEGER PRIMARY KEY,
    user_id    INTEGER REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN
                 ('wallet', 'game', 'savings', 'invest', 'frozen', 'house', 'bonus', 'interest',
                  'fees', 'external', 'envelopes', 'bonus_pending')),
    balance    INTEGER NOT NULL DEFAULT 0,
    CHECK (user_id IS NULL OR balance >= 0),
    CHECK ((user_id IS NULL) =
           (kind IN ('house', 'bonus', 'interest', 'fees', 'external', 'envelopes',
                     'bonus_pending')))
);
INSERT INTO accounts (account_id, user_id, kind, balance)
SELECT account_id, user_id, kind, balance FROM accounts_before_bonus_pending ORDER BY account_id;
DROP TABLE accounts_before_bonus_pending;
CREATE UNIQUE INDEX accounts_user_kind ON accounts(user_id, kind) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX accounts_system_kind ON accounts(kind) WHERE user_id IS NULL;
INSERT INTO accounts (user_id, kind) VALUES (NULL, 'bonus_pending');

-- What of each grant has been released. The grants paid before this migration went to the
-- wallet whole: released in full.
ALTER TABLE deposit_rewards ADD COLUMN released INTEGER NOT NULL DEFAULT 0;
UPDATE deposit_rewards SET released = amount;
CREATE INDEX deposit_rewards_pending ON deposit_rewards(user_id, paid_at, deposit_id)
    WHERE released < amount;

-- Per player with a grant pending: the last of his bets already counted (`mark`: his bets
-- after it, settled won or lost, count once), and the house's expected win counted and not yet
-- turned into a release, in millionths of a minor unit. Reset when a grant arrives with nothing
-- pending, so play before a grant never releases it.
CREATE TABLE bonus_wagering (
    user_id       INTEGER PRIMARY KEY REFERENCES users(user_id),
    mark          INTEGER NOT NULL CHECK (mark >= 0),
    credit_micro  INTEGER NOT NULL CHECK (credit_micro >= 0),
    releases      INTEGER NOT NULL CHECK (releases >= 0)
);
