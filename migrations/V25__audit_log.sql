-- The operator's audit log (owned by `audit`): one row per state-changing `fairhall admin`
-- command (and any later admin surface), refused ones too. Append-only: the triggers below
-- refuse every UPDATE and DELETE, so a row once written is the record of what was done.
CREATE TABLE audit_log (
    audit_id    INTEGER PRIMARY KEY,
    at          INTEGER NOT NULL,
    actor       TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 64),
    -- `<noun>.<verb>`, e.g. user.freeze, deposit.approve.
    action      TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 64),
    -- user, deposit, withdrawal, wallet, room, product, category, task, envelope, content,
    -- news, picture, rebate, salary.
    target_kind TEXT NOT NULL CHECK (length(target_kind) BETWEEN 1 AND 32),
    -- The target's id or code; NULL when a refused create made nothing.
    target_id   TEXT CHECK (target_id IS NULL OR length(target_id) BETWEEN 1 AND 128),
    -- A JSON object of the command's arguments, passwords and card numbers masked as "***".
    arguments   TEXT NOT NULL,
    -- The target as its `show --json` prints it, before and after; NULL when it did not exist.
    before      TEXT,
    after       TEXT,
    outcome     TEXT NOT NULL CHECK (outcome IN ('ok', 'refused')),
    -- Why it was refused; "" when it succeeded.
    message     TEXT NOT NULL DEFAULT ''
);

CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only: rows are never changed');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only: rows are never deleted');
END;
