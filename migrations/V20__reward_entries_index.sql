-- The operator's programme cost report reads reward entries by time. A partial index keeps
-- bets, payouts and transfers (the hot path) out of it, so it costs nothing per bet.
CREATE INDEX entries_rewards_created ON entries(created_at)
    WHERE kind IN ('rebate', 'commission', 'salary', 'signin', 'task', 'envelope', 'bonus');
