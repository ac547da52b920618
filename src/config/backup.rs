//! `[backup]`: the daily backup `serve` takes (`backup::schedule`) and where the automatic
//! pre-migration backups go.

use anyhow::bail;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct BackupConfig {
    /// Where scheduled and pre-migration archives are written; empty means
    /// `<server.data_dir>/backups`.
    pub dir: PathBuf,
    /// The daily backup's time "HH:MM" in `app.timezone`; empty disables it (SIGUSR1 still
    /// takes one).
    pub daily_at: String,
    /// Scheduled archives kept in `dir`; older ones are deleted after each new one.
    pub keep: u32,
    /// An age public key (`age1...`): every archive (scheduled, pre-migration, `fairhall
    /// backup`) is encrypted to it, so the chain keys and card keys inside never leave the
    /// machine in clear. Empty: archives are written unencrypted (said at every start).
    pub recipient: String,
}

/// The most scheduled archives `backup.keep` may keep: ten years of daily backups.
pub const BACKUP_KEEP_MAX: u32 = 3650;

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig {
            dir: PathBuf::new(),
            daily_at: "03:30".into(),
            keep: 7,
            recipient: String::new(),
        }
    }
}

impl BackupConfig {
    pub fn validate(&self) -> anyhow::Result<()> {
        if !self.daily_at.is_empty() && parse_daily_at(&self.daily_at).is_none() {
            bail!(
                "config key `backup.daily_at` must be \"HH:MM\" (00:00 to 23:59) or empty, found {:?}",
                self.daily_at
            );
        }
        if !(1..=BACKUP_KEEP_MAX).contains(&self.keep) {
            bail!("config key `backup.keep` must be in 1..={BACKUP_KEEP_MAX}, found {}", self.keep);
        }
        self.recipient()?;
        Ok(())
    }

    /// The age public key archives are encrypted to; `None` when `recipient` is empty.
    pub fn recipient(&self) -> anyhow::Result<Option<age::x25519::Recipient>> {
        let text = self.recipient.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<age::x25519::Recipient>() {
            Ok(recipient) => Ok(Some(recipient)),
            Err(reason) => bail!(
                "config key `backup.recipient` must be an age public key (age1..., from \
                 `age-keygen`), found {text:?}: {reason}"
            ),
        }
    }
}

/// "03:30" as (3, 30); `None` for anything else, "" included.
pub fn parse_daily_at(text: &str) -> Option<(u32, u32)> {
    let (hours, minutes) = text.split_once(':')?;
    let two_digits = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
    if !two_digits(hours) || !two_digits(minutes) {
        return None;
    }
    let (hours, minutes) = (hours.parse::<u32>().ok()?, minutes.parse::<u32>().ok()?);
    (hours < 24 && minutes < 60).then_some((hours, minutes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_at_is_a_time_of_day() {
        for (text, parsed) in [
            ("03:30", Some((3, 30))),
            ("00:00", Some((0, 0))),
            ("23:59", Some((23, 59))),
            ("24:00", None),
            ("3:30", None),
            ("03:60", None),
            ("", None),
        ] {
            assert_eq!(parse_daily_at(text), parsed, "{text}");
        }
    }
}
