//! `fairhall init` and `fairhall migrate`: a new config file, and an up-to-date database.

use super::shared::current_thread_runtime;
use crate::config::Config;
use anyhow::{Context, bail};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Applies the migrations, re-seals card numbers of format v1 bound to their rows and
/// fingerprints cards linked before fingerprints were kept.
pub fn migrate(mut config: Config) -> anyhow::Result<()> {
    let runtime = current_thread_runtime()?;
    runtime.block_on(async move {
        let db = crate::startup::open(&mut config)?;
        let (resealed, fingerprinted) = super::shared::seal_cards(&db, &config).await?;
        if resealed > 0 {
            println!("{resealed} card numbers re-sealed to their rows");
        }
        if fingerprinted > 0 {
            println!("{fingerprinted} cards fingerprinted (a card belongs to one player)");
        }
        println!("database {} is up to date", config.database_path().display());
        Ok(())
    })
}

/// Writes the new config; returns its path.
pub fn init(
    path: Option<PathBuf>,
    data_dir: Option<PathBuf>,
    force: bool,
    listen: SocketAddr,
) -> anyhow::Result<PathBuf> {
    let Some(path) = path else {
        bail!("init needs --config FILE: where to write the new config");
    };
    if path.exists() && !force {
        bail!(
            "{} already exists; pass --force to replace it (its secrets would be lost)",
            path.display()
        );
    }
    let data_dir = match data_dir {
        Some(dir) => dir,
        None => {
            std::env::current_dir().context("while reading the current directory")?.join("data")
        }
    };
    let data_dir = std::path::absolute(&data_dir).context("while resolving the data directory")?;
    crate::private_file::write(&path, &crate::config::initial_config_text(&data_dir, listen))?;
    println!("wrote {} (data directory {})", path.display(), data_dir.display());
    println!(
        "the reward programmes that pay players are off (first-deposit bonus, cashback, rebates \
         and commissions, salary, sign-in, VIP rewards): the note above [growth] in {} says \
         what each costs; docs/programmes.md has every formula",
        path.display()
    );
    println!(
        "WARNING: backups are NOT encrypted until you set [backup] recipient in {}: make a key \
         with `age-keygen -o key.txt` on a machine you trust (not this one) and put the public \
         key it prints there; archives then open only with key.txt",
        path.display()
    );
    Ok(path)
}
