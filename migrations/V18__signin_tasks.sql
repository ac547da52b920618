-- Daily sign-in and tasks (owned by `growth::signin` and `growth::tasks`). The money is in the
-- ledger (Signin and Task entries from the `bonus` system account); these tables hold who
-- signed in or claimed what, and their keys make each reward paid at most once.

-- One row per player and operator day (`day` is the operator's date, YYYY-MM-DD): the key
-- allows one sign-in a day; `streak` is the day of the continuous streak that sign-in was.
CREATE TABLE signins (
    user_id      INTEGER NOT NULL REFERENCES users(user_id),
    day          TEXT NOT NULL CHECK (length(day) = 10),
    streak       INTEGER NOT NULL CHECK (streak > 0),
    reward_minor INTEGER NOT NULL CHECK (reward_minor > 0),
    entry_id     INTEGER NOT NULL REFERENCES entries(entry_id),
    signed_at    INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
CREATE INDEX signins_day ON signins(day, user_id);

-- An operator-defined task. `target` is a count (bet_count, invite, signin) or minor units
-- (bet_amount, deposit). A daily task is claimed once per operator day, a one-off once.
CREATE TABLE tasks (
    task_id      INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL
                 CHECK (kind IN ('bet_count', 'bet_amount', 'deposit', 'invite', 'signin')),
    target       INTEGER NOT NULL CHECK (target > 0),
    reward_minor INTEGER NOT NULL CHECK (reward_minor > 0),
    daily        INTEGER NOT NULL CHECK (daily IN (0, 1)),
    sort         INTEGER NOT NULL DEFAULT 0,
    start_at     INTEGER,
    end_at       INTEGER,
    closed_at    INTEGER,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at)
);

CREATE TABLE task_texts (
    task_id     INTEGER NOT NULL REFERENCES tasks(task_id),
    lang        TEXT NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (task_id, lang)
) WITHOUT ROWID;

-- A claimed reward. `period` is the operator day for a daily task and '' for a one-off, so
-- the key pays a daily task once a day and a one-off once.
CREATE TABLE task_claims (
    task_id      INTEGER NOT NULL REFERENCES tasks(task_id),
    user_id      INTEGER NOT NULL REFERENCES users(user_id),
    period       TEXT NOT NULL,
    reward_minor INTEGER NOT NULL CHECK (reward_minor > 0),
    entry_id     INTEGER NOT NULL REFERENCES entries(entry_id),
    claimed_at   INTEGER NOT NULL,
    PRIMARY KEY (task_id, user_id, period)
) WITHOUT ROWID;
CREATE INDEX task_claims_user ON task_claims(user_id, period);
