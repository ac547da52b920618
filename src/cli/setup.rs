//! `fairhall init` and `fairhall migrate`: a new config file, and an up-to-date database.

use super::shared::current_thread_runtime;
use crate::config::{Config, FirstAccount, HallSettings};
use anyhow::{Context, bail};
use std::io::{BufRead, IsTerminal, Write};
use std::net::SocketAddr;
use std::path::PathBuf;

/// The hall's own settings `init` writes into the new config. On a terminal, `init` asks for
/// each one not given (Enter keeps the example's value); otherwise the flags alone count.
#[derive(clap::Args, Default)]
pub struct InitArgs {
    /// The hall's name shown in the app (app.name).
    #[arg(long)]
    name: Option<String>,
    /// The language of players who have not chosen one (app.default_lang): zh, tw, en, fr, hi,
    /// ja, ko, pt, ta, vi, es, ru, th or ml.
    #[arg(long)]
    lang: Option<String>,
    /// The currency balances are kept in (wallet.currency), e.g. VND; deposits are paid in it
    /// at rate 1 until you add [[wallet.currencies]].
    #[arg(long)]
    currency: Option<String>,
    /// A bank account players pay deposits to: the bank's name (needs --bank-holder and
    /// --bank-number).
    #[arg(long, requires_all = ["bank_holder", "bank_number"], conflicts_with = "usdt_address")]
    bank: Option<String>,
    /// The bank account's branch (optional).
    #[arg(long, requires = "bank")]
    bank_branch: Option<String>,
    /// The name the bank account is held in.
    #[arg(long, requires = "bank")]
    bank_holder: Option<String>,
    /// The bank account's number.
    #[arg(long, requires = "bank")]
    bank_number: Option<String>,
    /// A USDT address players pay deposits to, instead of a bank account.
    #[arg(long)]
    usdt_address: Option<String>,
    /// The USDT address's network: TRC20 or ERC20.
    #[arg(long, default_value = "TRC20", value_parser = ["TRC20", "ERC20"])]
    usdt_network: String,
    /// The customer-service link shown to players (app.support_url), an https address.
    #[arg(long)]
    support_url: Option<String>,
    /// The Telegram link shown to players (app.telegram_url), https://t.me/... or tg://.
    #[arg(long)]
    telegram_url: Option<String>,
    /// An age public key (age1..., from `age-keygen` on another machine) every backup is
    /// encrypted to (backup.recipient).
    #[arg(long)]
    backup_recipient: Option<String>,
    /// Ask nothing, even on a terminal: what the flags give, the example's values otherwise.
    #[arg(long)]
    no_questions: bool,
}

impl InitArgs {
    fn settings(&self) -> HallSettings {
        let account = match (&self.bank, &self.usdt_address) {
            (Some(bank), _) => Some(FirstAccount::Bank {
                bank: bank.clone(),
                branch: self.bank_branch.clone().unwrap_or_default(),
                holder: self.bank_holder.clone().unwrap_or_default(),
                number: self.bank_number.clone().unwrap_or_default(),
            }),
            (None, Some(address)) => Some(FirstAccount::Usdt {
                network: self.usdt_network.clone(),
                address: address.clone(),
            }),
            (None, None) => None,
        };
        HallSettings {
            name: self.name.clone(),
            default_lang: self.lang.clone(),
            currency: self.currency.clone(),
            account,
            support_url: self.support_url.clone(),
            telegram_url: self.telegram_url.clone(),
            backup_recipient: self.backup_recipient.clone(),
        }
    }
}

/// Asks for each setting `hall` lacks, one line each; an empty answer keeps the example's.
fn ask(
    hall: &mut HallSettings,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> anyhow::Result<()> {
    writeln!(
        output,
        "The hall's settings (Enter keeps the example's value; the config file can be edited later):"
    )?;
    let mut question = |text: &str| -> anyhow::Result<Option<String>> {
        write!(output, "{text}: ")?;
        output.flush()?;
        let mut answer = String::new();
        input.read_line(&mut answer).context("while reading the answer")?;
        let answer = answer.trim();
        Ok((!answer.is_empty()).then(|| answer.to_string()))
    };
    if hall.name.is_none() {
        hall.name = question("Hall name shown in the app [fairhall]")?;
    }
    if hall.default_lang.is_none() {
        hall.default_lang = question(&format!(
            "Default language, one of {} [vi]",
            crate::config::LANGUAGES.join(" ")
        ))?;
    }
    if hall.currency.is_none() {
        hall.currency = question("Currency of balances, e.g. VND [USDT]")?;
    }
    if hall.account.is_none() {
        if let Some(address) = question("USDT (TRC20) address players pay deposits to [none]")? {
            hall.account = Some(FirstAccount::Usdt { network: "TRC20".into(), address });
        } else if let Some(bank) = question("Or a bank players pay deposits to, its name [none]")? {
            let holder = question("  The account holder's name")?.unwrap_or_default();
            let number = question("  The account number")?.unwrap_or_default();
            let branch = question("  The branch [none]")?.unwrap_or_default();
            hall.account = Some(FirstAccount::Bank { bank, branch, holder, number });
        }
    }
    if hall.support_url.is_none() {
        hall.support_url = question("Customer-service link (https://...) [none]")?;
    }
    if hall.telegram_url.is_none() {
        hall.telegram_url = question("Telegram link (https://t.me/...) [none]")?;
    }
    if hall.backup_recipient.is_none() {
        hall.backup_recipient =
            question("age public key backups are encrypted to (age1..., from age-keygen) [none]")?;
    }
    Ok(())
}

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
    (force, listen): (bool, SocketAddr),
    args: InitArgs,
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
    let mut hall = args.settings();
    hall.check()?;
    if !args.no_questions && std::io::stdin().is_terminal() {
        ask(&mut hall, &mut std::io::stdin().lock(), &mut std::io::stdout())?;
        hall.check()?;
    }
    let text = crate::config::initial_config_text(&data_dir, listen, &hall);
    // Checked whole before anything is written: a bad value leaves no file behind.
    Config::parse(&text).context("the config these settings make is refused")?;
    crate::private_file::write(&path, &text)?;
    println!("wrote {} (data directory {})", path.display(), data_dir.display());
    println!(
        "the reward programmes that pay players are off (first-deposit bonus, cashback, rebates \
         and commissions, salary, sign-in, VIP rewards): the note above [growth] in {} says \
         what each costs; docs/programmes.md has every formula",
        path.display()
    );
    if hall.backup_recipient.is_none() {
        println!(
            "WARNING: backups are NOT encrypted until you set [backup] recipient in {}: make a \
             key with `age-keygen -o key.txt` on a machine you trust (not this one) and put the \
             public key it prints there; archives then open only with key.txt",
            path.display()
        );
    }
    println!("`fairhall admin doctor --readiness` lists what the hall still lacks before it opens");
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_asks_only_for_what_the_flags_did_not_give() {
        let mut hall = HallSettings { name: Some("Lotus".into()), ..HallSettings::default() };
        let answers = "en\nVND\n\nVietcombank\nLOTUS LTD\n0071000123456\n\n\n\n\n";
        let mut said = Vec::new();
        ask(&mut hall, &mut answers.as_bytes(), &mut said).unwrap();
        let said = String::from_utf8(said).unwrap();

        assert!(!said.contains("Hall name"), "given by a flag: not asked\n{said}");
        assert_eq!(hall.name.as_deref(), Some("Lotus"));
        assert_eq!(hall.default_lang.as_deref(), Some("en"));
        assert_eq!(hall.currency.as_deref(), Some("VND"));
        let bank = FirstAccount::Bank {
            bank: "Vietcombank".into(),
            branch: String::new(),
            holder: "LOTUS LTD".into(),
            number: "0071000123456".into(),
        };
        assert_eq!(hall.account, Some(bank));
        assert_eq!(
            (hall.support_url, hall.telegram_url, hall.backup_recipient),
            (None, None, None)
        );
    }
}
