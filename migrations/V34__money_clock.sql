-- The clock the money jobs trust (money_clock.rs): the last time they ran, and a pause after a
-- forward step of the clock longer than ledger.max_catch_up_secs, until the operator accepts
-- it (`fairhall admin clock accept`). One row.
CREATE TABLE money_clock (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    -- The last tick the money jobs ran at (0: never).
    last_run_at INTEGER NOT NULL,
    -- Set while paused: when the step was seen, and from when to when the clock stepped.
    paused_at INTEGER,
    step_from INTEGER,
    step_to INTEGER
);
INSERT INTO money_clock (id, last_run_at) VALUES (1, 0);
