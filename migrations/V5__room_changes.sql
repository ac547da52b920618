-- Room changes from the next period (`fairhall admin room update`): a period change starts a
-- new seed chain whose first day is anchored at the old open period's draw time, and a close
-- change keeps the old close for the periods before `close_from_issue`.

-- Seed chains get their anchor and a retirement mark. A chain committed but not started yet is
-- retired when a period change replaces it (it never drew a period). Two chains of one source
-- may then share a first issue, one of them retired, so the table is rebuilt without its
-- UNIQUE (draw_source, first_issue); a partial index keeps live chains unique.
-- `draws` references `seed_chains` by name: with foreign keys deferred, dropping the old table
-- counts the draws as violations and re-inserting their chains resolves them before COMMIT
-- (a draw whose chain went missing would fail this migration).
PRAGMA defer_foreign_keys = ON;

CREATE TABLE seed_chains_v3 AS SELECT * FROM seed_chains;
DROP TABLE seed_chains;

-- A seed chain of one draw source: s_0 (commitment) is published here before its first
-- period; period `first_issue` uses s_1, each later period the next index (games::chains).
CREATE TABLE seed_chains (
    chain_id      TEXT PRIMARY KEY,
    draw_source   TEXT NOT NULL,
    length        INTEGER NOT NULL CHECK (length >= 1),
    period_secs   INTEGER NOT NULL CHECK (period_secs >= 10),
    commitment    TEXT NOT NULL CHECK (length(commitment) = 64),
    first_issue   TEXT NOT NULL CHECK (length(first_issue) = 12),
    created_at    INTEGER NOT NULL,
    -- Unix time the first period starts: the draw of the period before it in the schedule in
    -- force when the chain was committed. NULL for chains committed before this migration
    -- (midnight-aligned successors: their start follows from their own schedule).
    starts_at     INTEGER,
    -- 1: the first day is anchored at `starts_at` (`games::periods::Anchor`): on
    -- `first_issue`'s date period s is drawn at
    -- starts_at + (s - sequence(first_issue) + 1) * period_secs. 0: midnight-aligned days.
    anchored      INTEGER NOT NULL DEFAULT 0 CHECK (anchored IN (0, 1)),
    -- When a replacing chain retired this one; every chain lookup ignores retired chains.
    retired_at    INTEGER,
    CHECK (anchored = 0 OR starts_at IS NOT NULL),
    CHECK (retired_at IS NULL OR retired_at >= created_at)
);
INSERT INTO seed_chains
    (chain_id, draw_source, length, period_secs, commitment, first_issue, created_at)
SELECT chain_id, draw_source, length, period_secs, commitment, first_issue, created_at
FROM seed_chains_v3;
DROP TABLE seed_chains_v3;

CREATE UNIQUE INDEX seed_chains_live ON seed_chains(draw_source, first_issue)
    WHERE retired_at IS NULL;

-- A close change: periods before `close_from_issue` keep `close_secs_before`; both NULL when
-- no change is pending. `close_secs` (checked against `period_secs`) is the new value.
ALTER TABLE rooms ADD COLUMN close_secs_before INTEGER CHECK (close_secs_before >= 0);
ALTER TABLE rooms ADD COLUMN close_from_issue TEXT CHECK (length(close_from_issue) = 12);
