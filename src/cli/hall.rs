//! Which commands may find a data directory without a database. A hall is created only by an
//! explicit first start: `serve` or `migrate` on a directory that holds none of a hall's files.
//! Every other command (an admin command, a backup, a draw's check) refuses a directory without
//! a database, and so do `serve` and `migrate` when the directory shows a past life (uploads,
//! secrets, backups, the data a restore put aside, its marker): a volume not mounted, a command run
//! without the installed config, or a restore that stopped half-way would otherwise start a
//! new empty hall with new card keys, reusing user ids. Refusals exit 4 and name the
//! directory and the config looked at.

use super::exit::NotFound;
use crate::config::Config;
use std::path::Path;

/// Whether the command may create the hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstStart {
    /// `serve`, `migrate`: on a directory that holds none of a hall's files.
    Allowed,
    /// Every other command: a database must be there.
    Refused,
}

/// Where an installation puts its config (install.sh): named when a command ran without one.
const INSTALLED_CONFIG: &str = "/etc/fairhall/fairhall.toml";

/// What a hall writes in its data directory besides the database: its uploads, secrets,
/// chain keys, backups and their status, the log files of a database, the data a restore put
/// aside, and a restore's marker. A config file or a certificate kept there says nothing.
fn is_left_by_a_hall(name: &str) -> bool {
    const LEFT_BY_A_HALL: [&str; 3] = [
        crate::backup::schedule::STATUS_FILE,
        crate::backup::serve_lock::LOCK_FILE,
        crate::backup::restore::MARKER_FILE,
    ];
    LEFT_BY_A_HALL.contains(&name)
        || crate::backup::SECRET_FILES.contains(&name)
        || name == "backups"
        || crate::backup::UPLOAD_DIRS.contains(&name)
        || name.starts_with("replaced-")
        || name.starts_with("fairhall.db-")
}

/// Refuses (exit 4) when `config`'s data directory has no database and this command may not
/// create one there.
pub fn require(
    config: &Config,
    config_file: Option<&Path>,
    first_start: FirstStart,
) -> anyhow::Result<()> {
    let database = config.database_path();
    if database.exists() {
        return Ok(());
    }
    let data_dir = &config.server.data_dir;
    let remains = past_life(data_dir);
    if first_start == FirstStart::Allowed && remains.is_empty() {
        return Ok(());
    }
    let looked_at = match config_file {
        Some(file) => format!("the config {}", file.display()),
        None => "the embedded defaults (no --config, FAIRHALL_CONFIG unset)".to_string(),
    };
    let mut message = format!(
        "no database at {} (data directory from {looked_at}); nothing was created",
        database.display()
    );
    if remains.is_empty() {
        if config_file.is_none() && Path::new(INSTALLED_CONFIG).exists() {
            message.push_str(&format!(
                ". An installed hall's config is {INSTALLED_CONFIG}: pass --config \
                 {INSTALLED_CONFIG} or set FAIRHALL_CONFIG"
            ));
        } else {
            message.push_str(
                ". Point the command at the hall with --config FILE (or FAIRHALL_CONFIG) or \
                 --data-dir DIR, or create a new hall with `fairhall migrate` or `fairhall serve`",
            );
        }
    } else {
        message.push_str(&format!(
            ". The directory holds {}: a hall lived here and its database is gone (a data \
             volume not mounted? a restore that stopped half-way?). Mount the volume, finish or \
             roll back the restore, or restore the last backup with `fairhall restore ARCHIVE`",
            remains.join(", ")
        ));
    }
    Err(NotFound(message).into())
}

/// What `data_dir` holds that a hall left there; nothing when it does not exist.
fn past_life(data_dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(data_dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            match entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                true => format!("{name}/"),
                false => name,
            }
        })
        .filter(|name| is_left_by_a_hall(name.trim_end_matches('/')))
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_in(data_dir: &Path) -> Config {
        let mut config = Config::default();
        config.server.data_dir = data_dir.to_path_buf();
        config
    }

    fn refusal(result: anyhow::Result<()>) -> String {
        let error = result.expect_err("refused");
        assert_eq!(super::super::exit::code(&error), super::super::exit::NOT_FOUND);
        error.to_string()
    }

    #[test]
    fn only_a_first_start_on_an_empty_directory_may_create_the_hall() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let data = dir.path().join("data");
        let config = config_in(&data);
        require(&config, None, FirstStart::Allowed).expect("a missing directory");
        std::fs::create_dir_all(data.join("lost+found")).expect("a volume's own folder");
        std::fs::write(data.join("fairhall.toml"), "").expect("a config kept there");
        require(&config, None, FirstStart::Allowed).expect("a volume with no hall's files");

        let admin = refusal(require(&config, None, FirstStart::Refused));
        assert!(admin.contains(&data.join("fairhall.db").display().to_string()), "{admin}");
        assert!(admin.contains("embedded defaults"), "{admin}");

        std::fs::create_dir_all(data.join("vouchers")).expect("a folder of uploads");
        std::fs::write(data.join("secrets.toml"), "").expect("a secrets file");
        let file = dir.path().join("fairhall.toml");
        let serve = refusal(require(&config, Some(&file), FirstStart::Allowed));
        assert!(serve.contains("secrets.toml, vouchers/"), "{serve}");
        assert!(serve.contains(&format!("the config {}", file.display())), "{serve}");

        std::fs::write(data.join("fairhall.db"), "").expect("a database file");
        require(&config, None, FirstStart::Refused).expect("a hall");
    }
}
