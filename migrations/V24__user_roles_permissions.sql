-- The roles and permissions each user holds (spec section 6; owned by `auth::grants`): one row
-- per (user, kind, name), kind 'role' or 'permission'. Names are checked by `auth::permissions`
-- (ASCII without spaces, 1-64 characters) before they are written.
CREATE TABLE user_grants (
    user_id    INTEGER NOT NULL REFERENCES users(user_id),
    kind       TEXT NOT NULL CHECK (kind IN ('role', 'permission')),
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    granted_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind, name)
) WITHOUT ROWID;

-- The `admin` role is now the one truth about who is an admin: the old flag becomes the role,
-- then the column goes (nothing else in the schema names it, so SQLite can drop it in place).
INSERT INTO user_grants (user_id, kind, name, granted_at)
SELECT user_id, 'role', 'admin', created_at FROM users WHERE is_admin = 1;

ALTER TABLE users DROP COLUMN is_admin;

-- The client address a session was started from ('' for sessions older than this column), so
-- the operator sees where a player logged in (`admin user show`).
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
