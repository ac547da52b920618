-- Fairness after a code review (games::chains, games::draws, games::settlement).

-- A row of `seed_chains` is a segment of a draw source's schedule. A period change adds a
-- segment that keeps drawing from the seeds of the chain in force (`seeds_id`, the row that
-- holds their commitment and key; NULL: the row's own), from `first_index` on: the schedule
-- changes, the seeds do not. `timezone`: the operator zone its issues were numbered in (NULL
-- for rows from before this migration; the first start after it records the configured zone).
ALTER TABLE seed_chains ADD COLUMN seeds_id TEXT REFERENCES seed_chains(chain_id);
ALTER TABLE seed_chains ADD COLUMN first_index INTEGER NOT NULL DEFAULT 1 CHECK (first_index >= 1);
ALTER TABLE seed_chains ADD COLUMN timezone TEXT;

-- The largest bet id when the period was drawn: a bet of the period with a larger id was
-- placed after its result was public and is refunded (NULL for draws before this migration).
ALTER TABLE draws ADD COLUMN bets_before INTEGER;

-- The rooms that were closed when a period was drawn: only their bets of that period are
-- refunded for the closure; a period drawn while its room was open settles on its result.
CREATE TABLE period_closures (
    room   TEXT NOT NULL REFERENCES rooms(room),
    issue  TEXT NOT NULL CHECK (length(issue) = 12),
    PRIMARY KEY (room, issue)
) WITHOUT ROWID;
