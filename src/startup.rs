//! What every command does before its work: settle the config's secrets and open the database.

use crate::backup::SECRETS_FILE;
use crate::config::Config;
use crate::db::{Db, DbOptions};
use anyhow::Context;
use std::path::Path;

/// Secrets generated for a config that leaves them empty, kept beside the database.
#[derive(serde::Deserialize, serde::Serialize)]
struct GeneratedSecrets {
    card_key: String,
    card_mac_key: String,
}

/// Fills empty secrets from `<data_dir>/secrets.toml`, creating it (mode 0600) on first use.
pub fn resolve_secrets(config: &mut Config) -> anyhow::Result<()> {
    if !config.secrets.card_key.is_empty() && !config.secrets.card_mac_key.is_empty() {
        return Ok(());
    }
    let path = config.server.data_dir.join(SECRETS_FILE);
    let secrets = if path.exists() {
        refuse_open_permissions(&path)?;
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("while reading {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("while parsing {}", path.display()))?
    } else {
        let fresh = GeneratedSecrets {
            card_key: crate::config::random_key_hex(),
            card_mac_key: crate::config::random_key_hex(),
        };
        crate::private_file::write(&path, &toml::to_string(&fresh)?)?;
        fresh
    };
    if config.secrets.card_key.is_empty() {
        config.secrets.card_key = secrets.card_key;
    }
    if config.secrets.card_mac_key.is_empty() {
        config.secrets.card_mac_key = secrets.card_mac_key;
    }
    Ok(())
}

/// Permission bits of group and others: a secret file must have none of them.
const GROUP_OTHER_BITS: u32 = 0o077;

/// Refuses (with the fix to type) when group or others have any access to `path`, which holds
/// secrets; a missing file is fine.
pub fn refuse_open_permissions(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let Ok(metadata) = std::fs::metadata(path) else {
        return Ok(());
    };
    let mode = metadata.permissions().mode() & 0o777;
    if mode & GROUP_OTHER_BITS != 0 {
        anyhow::bail!(
            "refusing to start: {} holds secrets but group or others may access it (mode {mode:03o}); \
             run `chmod 600 {}`",
            path.display(),
            path.display()
        );
    }
    Ok(())
}

/// Creates the data directory, settles secrets, checks that the secret files are private
/// (`secrets.toml`, `chains.key`), backs up a database with pending migrations and opens (and
/// migrates) the database. A database migrated by a newer binary is refused.
pub fn open(config: &mut Config) -> anyhow::Result<Db> {
    create_data_dir(&config.server.data_dir)?;
    resolve_secrets(config)?;
    let data_dir = &config.server.data_dir;
    for file in crate::backup::SECRET_FILES {
        refuse_open_permissions(&data_dir.join(file))?;
    }
    back_up_before_migrations(config)?;
    let options = DbOptions {
        read_connections: config.server.read_connections,
        writer_queue: config.server.writer_queue,
        wal_max_bytes: config.db.wal_max_bytes,
    };
    let db = Db::open(&config.database_path(), options)?;
    check_timezone(config)?;
    Ok(db)
}

/// The automatic backup before pending migrations run (`backup::before_migrations`), said on
/// standard error so that both `serve`'s journal and an operator's terminal show it.
fn back_up_before_migrations(config: &Config) -> anyhow::Result<()> {
    let now = crate::clock::Clock::System.now();
    let data_dir = &config.server.data_dir;
    let recipient = config.backup.recipient()?;
    let backups = (config.backup_dir(), recipient);
    let backups = (backups.0.as_path(), backups.1.as_ref());
    if let Some(written) = crate::backup::before_migrations(data_dir, backups, now)? {
        eprintln!(
            "fairhall: migrations are pending for the database at schema V{}: backed it up to {} \
             ({} bytes) before migrating",
            written.schema_version,
            written.path.display(),
            written.bytes
        );
    }
    Ok(())
}

/// Creates the data directory, closed to others (0750, as install.sh makes it: `admin doctor`
/// reports one that others may read); an existing one keeps its mode.
fn create_data_dir(data_dir: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o750)
        .create(data_dir)
        .with_context(|| format!("while creating the data directory {}", data_dir.display()))
}

/// Refuses a zone other than the one the seed chains numbered their issues in: it would
/// renumber periods and could reopen drawn ones (`games::fairness::chain_plan::adopt_timezone`).
fn check_timezone(config: &Config) -> anyhow::Result<()> {
    let path = config.database_path();
    let connection = rusqlite::Connection::open(&path)
        .with_context(|| format!("while opening {}", path.display()))?;
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    let configured = config.timezone();
    let recorded = crate::games::fairness::chain_plan::adopt_timezone(&connection, configured)
        .map_err(anyhow::Error::from)?;
    if let Err(recorded) = recorded {
        anyhow::bail!(
            "config key `app.timezone` is {:?}, but the draws' periods are numbered in {recorded:?}: \
             changing the zone would renumber periods and could reopen drawn ones. Set \
             app.timezone = {recorded:?} again",
            configured.name()
        );
    }
    Ok(())
}

/// Raises the soft open-files limit to the hard one: every live stream holds a socket, and the
/// usual soft limit (1024) would refuse connections long before `live.streams_max`. Returns
/// the limit in force; a failure only logs, as the server still runs within the old limit.
pub fn raise_open_files_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => Some(limit),
        Err(error) => {
            tracing::warn!(%error, "could not raise the open files limit");
            None
        }
    }
}
