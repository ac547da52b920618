-- Fixed-window counters for rate limits (verification code sends and checks, failed codes,
-- registrations per address): `hits` within the window that opened at `window_start`.
CREATE TABLE rate_limits (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    window_start INTEGER NOT NULL,
    hits         INTEGER NOT NULL CHECK (hits >= 0),
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX rate_limits_window ON rate_limits(scope, window_start);

-- Bytes of uploaded files kept per kind ('voucher'), counted against the quota
-- (`wallet.voucher_quota_bytes`). Vouchers stored before this migration are not counted.
CREATE TABLE upload_usage (
    kind   TEXT PRIMARY KEY,
    bytes  INTEGER NOT NULL CHECK (bytes >= 0)
) WITHOUT ROWID;
