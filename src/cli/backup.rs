//! `fairhall backup FILE` and `fairhall restore FILE`: thin over `crate::backup`.

use super::exit::ChecksFailed;
use super::shared::print_json_or;
use crate::backup::{self, ServeLock};
use crate::clock::Clock;
use crate::config::Config;
use crate::crypto::CardCipher;
use anyhow::Context;
use std::io::BufRead;
use std::path::Path;

/// Said on standard error by every unencrypted backup.
pub const UNENCRYPTED: &str = "fairhall: WARNING: this archive is NOT encrypted: it holds the \
    chain keys (every undrawn result) and the card-number keys in clear. Set [backup] recipient \
    to an age public key (docs/backups.md) before copying archives off this machine";

/// Writes one archive of the data directory while `serve` may run; `-` writes it to standard
/// output (and what was written to standard error).
pub fn backup(config: &Config, file: &Path, json: bool) -> anyhow::Result<()> {
    let recipient = config.backup.recipient()?;
    let to_stdout = file == Path::new("-");
    if to_stdout && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        anyhow::bail!("`backup -` writes the archive to standard output: redirect it or pipe it");
    }
    let target = (!to_stdout).then_some(file);
    let written =
        backup::create(&config.server.data_dir, target, recipient.as_ref(), Clock::System.now())?;
    if recipient.is_none() {
        eprintln!("{UNENCRYPTED}");
    }
    if to_stdout {
        let files = written.files;
        eprintln!(
            "wrote the archive to standard output ({files} files, schema V{})",
            written.schema_version
        );
        return Ok(());
    }
    print_json_or(json, &written, |written| {
        println!(
            "wrote {} ({}, {} {}, schema V{}{})",
            written.path.display(),
            human_bytes(written.bytes),
            written.files,
            if written.files == 1 { "file" } else { "files" },
            written.schema_version,
            if written.encrypted { ", encrypted to backup.recipient" } else { "" }
        );
    })
}

/// Checks `file`, then (confirmed, or with `--yes`) replaces the data directory's data by it.
pub fn restore(
    config: &Config,
    (file, identity): (&Path, Option<&Path>),
    yes: bool,
    json: bool,
) -> anyhow::Result<()> {
    let data_dir = &config.server.data_dir;
    if let Some(marker) = backup::restore::unfinished(data_dir)? {
        anyhow::bail!("{}", unfinished_restore(data_dir, &marker));
    }
    if !file.is_file() {
        return Err(super::exit::NotFound(format!("no archive at {}", file.display())).into());
    }
    let _lock = ServeLock::acquire(
        data_dir,
        "refusing to restore while `fairhall serve` runs on this data directory: stop it first \
         (systemctl stop fairhall), then run restore again",
    )?;
    let now = Clock::System.now();
    let checked = match backup::restore::check(file, identity, data_dir, now) {
        Ok(checked) => checked,
        Err(problems) => {
            for problem in &problems {
                eprintln!("problem: {problem}");
            }
            return Err(ChecksFailed(format!(
                "{} does not pass the checks ({} problems); nothing was changed",
                file.display(),
                problems.len()
            ))
            .into());
        }
    };
    refuse_other_card_keys(config, &checked, file)?;
    let manifest = &checked.manifest;
    if !json {
        println!(
            "{} checks out: {} files, schema V{}, made {} by fairhall {}",
            file.display(),
            manifest.files.len(),
            manifest.schema_version,
            manifest.created_at,
            manifest.binary_version
        );
    }
    if !yes && !confirmed(data_dir)? {
        anyhow::bail!("restore cancelled; nothing was changed (pass --yes to skip the question)");
    }
    let restored = checked.put_in_place(file, now)?;
    print_json_or(json, &restored, |restored| {
        println!("restored into {}", restored.data_dir.display());
        if let Some(replaced) = &restored.replaced {
            println!("the data it replaced is in {}", replaced.display());
        }
        println!("start the server again (systemctl start fairhall)");
    })
}

/// Refuses (exit 3, nothing changed) an archive whose database records other card keys than
/// those the restored hall would run with: the config's, or, when it leaves them empty, the
/// archive's own `secrets.toml`.
fn refuse_other_card_keys(
    config: &Config,
    checked: &backup::restore::Checked,
    file: &Path,
) -> anyhow::Result<()> {
    let Some(recorded) = checked.recorded_card_keys()? else {
        return Ok(());
    };
    let mut restored = config.clone();
    restored.server.data_dir = checked.staging_dir().to_path_buf();
    let from_config = !restored.secrets.card_key.is_empty();
    let archived_secrets = checked.staging_dir().join(backup::SECRETS_FILE);
    let ours = if from_config || archived_secrets.is_file() {
        crate::startup::resolve_secrets(&mut restored)?;
        let secrets = &restored.secrets;
        CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key)?.key_fingerprint()
    } else {
        "none (the config has no card keys and the archive no secrets.toml)".to_string()
    };
    if ours == recorded {
        return Ok(());
    }
    let source = if from_config { "this config's [secrets]" } else { "the archive's secrets.toml" };
    eprintln!(
        "problem: the archived database's card numbers were sealed with keys {recorded}; \
         {source} has keys {ours}"
    );
    Err(ChecksFailed(format!(
        "{} does not fit this config: restore it with the config the hall ran with (its \
         [secrets] card_key and card_mac_key), or leave those empty so that the archive's \
         secrets.toml is used; nothing was changed",
        file.display()
    ))
    .into())
}

/// Why a data directory with an unfinished restore is refused, and what to do.
pub fn unfinished_restore(data_dir: &Path, marker: &backup::restore::Marker) -> String {
    format!(
        "a restore of {} into {} started at {} and did not finish (the data directory holds \
         {}): run `fairhall restore --roll-back` to put the replaced data back, then the \
         restore again",
        marker.archive.display(),
        data_dir.display(),
        marker.started_at,
        backup::restore::MARKER_FILE
    )
}

/// `restore --roll-back`: puts back the data an unfinished restore replaced.
pub fn roll_back(config: &Config, json: bool) -> anyhow::Result<()> {
    let data_dir = &config.server.data_dir;
    let _lock = ServeLock::acquire(
        data_dir,
        "refusing to roll back while `fairhall serve` runs on this data directory",
    )?;
    let Some(marker) = backup::restore::roll_back(data_dir)? else {
        return Err(super::exit::NotFound(format!(
            "no unfinished restore in {}: nothing to roll back",
            data_dir.display()
        ))
        .into());
    };
    print_json_or(json, &marker, |marker| {
        println!(
            "rolled back the restore of {} (started at {}): {} holds its data as before",
            marker.archive.display(),
            marker.started_at,
            data_dir.display()
        );
    })
}

/// Asks on standard error (standard output may be JSON) and reads the answer from standard
/// input; only "y" or "yes" goes on.
fn confirmed(data_dir: &Path) -> anyhow::Result<bool> {
    eprintln!("replace the data in {}? [y/N]", data_dir.display());
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer).context("while reading the answer")?;
    Ok(matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
}

/// 1536 -> "1.5 KiB".
fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut unit = 0;
    let mut scaled = bytes;
    let mut tenths = 0;
    while scaled >= 1024 && unit + 1 < UNITS.len() {
        tenths = (scaled % 1024) * 10 / 1024;
        scaled /= 1024;
        unit += 1;
    }
    if unit == 0 { format!("{bytes} bytes") } else { format!("{scaled}.{tenths} {}", UNITS[unit]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(human_bytes(900), "900 bytes");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(5 * 1024 * 1024), "5.0 MiB");
    }
}
