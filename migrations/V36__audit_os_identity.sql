-- Who ran an audited command as the operating system knows him, beside the `--by` name he
-- typed: a JSON object with the real user id (`uid`) and, when set, `SUDO_USER` and `LOGNAME`.
-- '{}' for the rows written before this column existed.
ALTER TABLE audit_log ADD COLUMN os_identity TEXT NOT NULL DEFAULT '{}'
    CHECK (length(os_identity) <= 512);
