-- The operator's notifications (issue 33; owned by `notify`): one row per event and channel,
-- written in the transaction of the deposit or withdrawal request that starts waiting for
-- review (a rolled-back request leaves none), sent by `serve`'s delivery job. `payload` is the
-- webhook's exact body (its signature is over these bytes; the Telegram message takes its
-- `text`). A row waits while `next_attempt_at` is set; it ends delivered (`delivered_at`) or
-- given up after `notify.max_attempts` (`given_up_at`), and stays as the delivery log.
CREATE TABLE notification_deliveries (
    notification_delivery_id INTEGER PRIMARY KEY,
    event           TEXT NOT NULL
        CHECK (event IN ('deposit.waiting', 'withdrawal.waiting', 'test')),
    channel         TEXT NOT NULL CHECK (channel IN ('webhook', 'telegram')),
    payload         TEXT NOT NULL CHECK (json_valid(payload)),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at INTEGER,
    delivered_at    INTEGER,
    given_up_at     INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    -- Waiting, delivered or given up: exactly one.
    CHECK ((next_attempt_at IS NOT NULL) + (delivered_at IS NOT NULL) + (given_up_at IS NOT NULL)
           = 1)
);

CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at)
    WHERE next_attempt_at IS NOT NULL;
