//! `fairhall backup FILE` and `fairhall restore FILE`: thin over `crate::backup`.

use super::exit::ChecksFailed;
use super::shared::print_json_or;
use crate::backup::{self, ServeLock};
use crate::clock::Clock;
use crate::config::Config;
use anyhow::Context;
use std::io::BufRead;
use std::path::Path;

/// Writes one archive of the data directory while `serve` may run.
pub fn backup(config: &Config, file: &Path, json: bool) -> anyhow::Result<()> {
    let written = backup::create(&config.server.data_dir, file, Clock::System.now())?;
    print_json_or(json, &written, |written| {
        println!(
            "wrote {} ({}, {} {}, schema V{})",
            written.path.display(),
            human_bytes(written.bytes),
            written.files,
            if written.files == 1 { "file" } else { "files" },
            written.schema_version
        );
    })
}

/// Checks `file`, then (confirmed, or with `--yes`) replaces the data directory's data by it.
pub fn restore(config: &Config, file: &Path, yes: bool, json: bool) -> anyhow::Result<()> {
    let data_dir = &config.server.data_dir;
    if !file.is_file() {
        return Err(super::exit::NotFound(format!("no archive at {}", file.display())).into());
    }
    let _lock = ServeLock::acquire(
        data_dir,
        "refusing to restore while `fairhall serve` runs on this data directory: stop it first \
         (systemctl stop fairhall), then run restore again",
    )?;
    let now = Clock::System.now();
    let checked = match backup::restore::check(file, data_dir, now) {
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
    let restored = checked.put_in_place(now)?;
    print_json_or(json, &restored, |restored| {
        println!("restored into {}", restored.data_dir.display());
        if let Some(replaced) = &restored.replaced {
            println!("the data it replaced is in {}", replaced.display());
        }
        println!("start the server again (systemctl start fairhall)");
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
