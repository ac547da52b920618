-- VIP levels and the deposit programmes (owned by `growth::vip` and `growth::deposit_rewards`).
-- The money is in the ledger (entries of kind `bonus` from the `bonus` system account); these
-- tables make each reward exactly once. The player's current level is `users.vip_level`.

-- Every VIP level a player has reached (level 1 and up), with the upgrade reward it paid. The
-- key (player, level) pays each level's reward once, even after a fall and a second reach.
CREATE TABLE vip_upgrades (
    user_id    INTEGER NOT NULL REFERENCES users(user_id),
    level      INTEGER NOT NULL CHECK (level >= 1),
    reward     INTEGER NOT NULL CHECK (reward >= 0),
    -- NULL when the level's reward was 0.
    entry_id   INTEGER REFERENCES entries(entry_id),
    reached_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, level)
) WITHOUT ROWID;
CREATE INDEX vip_upgrades_reached ON vip_upgrades(reached_at);

-- The VIP job's watermark: the last ledger entry it has looked at for bets. It advances in the
-- same transaction as the level changes it made, so a restart neither skips nor repeats.
CREATE TABLE vip_watermark (
    singleton     INTEGER PRIMARY KEY CHECK (singleton = 1),
    last_entry_id INTEGER NOT NULL CHECK (last_entry_id >= 0)
);
INSERT INTO vip_watermark (singleton, last_entry_id) VALUES (1, 0);

-- What the deposit programmes paid: one row per (deposit, programme); the first-deposit bonus
-- at most once per player.
CREATE TABLE deposit_rewards (
    deposit_id     INTEGER NOT NULL REFERENCES deposits(deposit_id),
    programme      TEXT NOT NULL CHECK (programme IN ('first_deposit', 'cashback', 'vip_deposit')),
    user_id        INTEGER NOT NULL REFERENCES users(user_id),
    deposit_amount INTEGER NOT NULL CHECK (deposit_amount > 0),
    rate_bp        INTEGER NOT NULL CHECK (rate_bp > 0),
    amount         INTEGER NOT NULL CHECK (amount > 0),
    -- The VIP level whose rate applied (vip_deposit), else NULL.
    vip_level      INTEGER,
    entry_id       INTEGER NOT NULL REFERENCES entries(entry_id),
    paid_at        INTEGER NOT NULL,
    PRIMARY KEY (deposit_id, programme)
) WITHOUT ROWID;
CREATE UNIQUE INDEX deposit_rewards_first ON deposit_rewards(user_id)
    WHERE programme = 'first_deposit';
CREATE INDEX deposit_rewards_user ON deposit_rewards(user_id, programme, paid_at);
CREATE INDEX deposit_rewards_paid ON deposit_rewards(paid_at);
