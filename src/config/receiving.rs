//! `[[wallet.receiving_accounts]]`: where players pay their deposits. Each account is shown on
//! the deposit page to the players it fits (method, currency, country, amount band) and named
//! by its `code` on every deposit made to it.

use crate::money::Money;
use anyhow::bail;
use serde::{Deserialize, Serialize};

/// How a player pays an account.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ReceivingMethod {
    /// A bank transfer to `bank`, `branch`, `holder`, `number`.
    Bank,
    /// A USDT transfer on `network` to `address`.
    Usdt,
}

/// One account the operator receives deposits on.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ReceivingAccount {
    /// Stored with every deposit made to it: letters, digits, `-` and `_`, unique. Keep it when
    /// the account's details change; give a new account a new code.
    pub code: String,
    pub method: ReceivingMethod,
    /// A switched-off account is shown to no one and takes no deposit.
    #[serde(default = "switched_on")]
    pub enabled: bool,
    #[serde(default)]
    pub bank: String,
    #[serde(default)]
    pub branch: String,
    #[serde(default)]
    pub holder: String,
    #[serde(default)]
    pub number: String,
    /// USDT: "TRC20" or "ERC20".
    #[serde(default)]
    pub network: String,
    #[serde(default)]
    pub address: String,
    /// Codes of `wallet.currencies` this account is paid in; empty: every currency.
    #[serde(default)]
    pub currencies: Vec<String>,
    /// Codes of the deposit countries (`wallet.countries`, else `app.locations`) it serves;
    /// empty: every country.
    #[serde(default)]
    pub countries: Vec<String>,
    /// The smallest deposit (wallet currency) it takes; absent: `wallet.deposit_min`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Money>,
    /// The largest deposit it takes; absent: `wallet.deposit_max`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Money>,
}

fn switched_on() -> bool {
    true
}

/// The USDT networks an account may name.
pub const USDT_NETWORKS: [&str; 2] = ["TRC20", "ERC20"];

/// The longest code, and the longest text of an account's other fields.
const CODE_LENGTH_MAX: usize = 32;
const FIELD_LENGTH_MAX: usize = 120;

impl ReceivingAccount {
    /// The account as the reviewer reads it beside a deposit, e.g.
    /// "Vietcombank, District 1, FAIRHALL LTD, 0071000123456" or "USDT TRC20 TQ9w...".
    pub fn label(&self) -> String {
        match self.method {
            ReceivingMethod::Bank => [&self.bank, &self.branch, &self.holder, &self.number]
                .into_iter()
                .filter(|part| !part.is_empty())
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", "),
            ReceivingMethod::Usdt => format!("USDT {} {}", self.network, self.address),
        }
    }

    /// Checks one account; `currencies` and `countries` are the codes it may name.
    fn validate(
        &self,
        (currencies, countries): (&[&str], &[&str]),
        (deposit_min, deposit_max): (Money, Money),
    ) -> anyhow::Result<()> {
        let key = "config key `wallet.receiving_accounts";
        let code = &self.code;
        let code_ok = !code.is_empty()
            && code.len() <= CODE_LENGTH_MAX
            && code
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
        if !code_ok {
            bail!(
                "{key}.code` must be 1 to {CODE_LENGTH_MAX} letters, digits, '-' or '_', found {code:?}"
            );
        }
        let fields = [
            ("bank", &self.bank),
            ("branch", &self.branch),
            ("holder", &self.holder),
            ("number", &self.number),
            ("network", &self.network),
            ("address", &self.address),
        ];
        for (field, value) in fields {
            if value.chars().count() > FIELD_LENGTH_MAX
                || value.chars().any(crate::text::changes_the_display)
            {
                bail!(
                    "{key}.{field}` of {code:?} must be at most {FIELD_LENGTH_MAX} characters without control characters"
                );
            }
        }
        let required: &[(&str, &String)] = match self.method {
            ReceivingMethod::Bank => {
                &[("bank", &self.bank), ("holder", &self.holder), ("number", &self.number)]
            }
            ReceivingMethod::Usdt => &[("network", &self.network), ("address", &self.address)],
        };
        for (field, value) in required {
            if value.trim().is_empty() {
                bail!("{key}.{field}` of {code:?} is needed for a {:?} account", self.method);
            }
        }
        if self.method == ReceivingMethod::Usdt && !USDT_NETWORKS.contains(&self.network.as_str()) {
            bail!("{key}.network` of {code:?} must be \"TRC20\" or \"ERC20\"");
        }
        for currency in &self.currencies {
            if !currencies.contains(&currency.as_str()) {
                bail!(
                    "{key}.currencies` of {code:?} names {currency:?}, which is not in `wallet.currencies` ({})",
                    currencies.join(", ")
                );
            }
        }
        for country in &self.countries {
            if !countries.contains(&country.as_str()) {
                bail!(
                    "{key}.countries` of {code:?} names {country:?}, which is not a deposit country ({})",
                    countries.join(", ")
                );
            }
        }
        let (min, max) = (self.min.unwrap_or(deposit_min), self.max.unwrap_or(deposit_max));
        if min == Money::ZERO || min > max {
            bail!("{key}.min` of {code:?} must be above 0 and at most its `max`");
        }
        if max < deposit_min || min > deposit_max {
            bail!(
                "{key}.min` and `max` of {code:?} must overlap `wallet.deposit_min` to `wallet.deposit_max`"
            );
        }
        Ok(())
    }
}

/// Checks every account and that no two share a code.
pub fn validate_receiving_accounts(
    accounts: &[ReceivingAccount],
    codes: (&[&str], &[&str]),
    deposit_band: (Money, Money),
) -> anyhow::Result<()> {
    for (index, account) in accounts.iter().enumerate() {
        account.validate(codes, deposit_band)?;
        if accounts[..index].iter().any(|earlier| earlier.code == account.code) {
            bail!(
                "config key `wallet.receiving_accounts.code` {:?} is used by two accounts",
                account.code
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank() -> ReceivingAccount {
        ReceivingAccount {
            code: "vcb-1".into(),
            method: ReceivingMethod::Bank,
            enabled: true,
            bank: "Vietcombank".into(),
            branch: String::new(),
            holder: "FAIRHALL LTD".into(),
            number: "0071000123456".into(),
            network: String::new(),
            address: String::new(),
            currencies: vec!["VND".into()],
            countries: Vec::new(),
            min: None,
            max: None,
        }
    }

    fn check(accounts: &[ReceivingAccount]) -> anyhow::Result<()> {
        let band = (Money::TEN, Money::parse("1000").unwrap());
        validate_receiving_accounts(accounts, (&["USDT", "VND"], &["VN"]), band)
    }

    #[test]
    fn an_account_names_what_it_lacks_or_gets_wrong() {
        check(&[bank()]).unwrap();
        type Change = Box<dyn Fn(&mut ReceivingAccount)>;
        let cases: Vec<(Change, &str)> = vec![
            (Box::new(|account| account.code = "a b".into()), "receiving_accounts.code"),
            (Box::new(|account| account.number.clear()), "receiving_accounts.number"),
            (Box::new(|account| account.currencies = vec!["EUR".into()]), "\"EUR\""),
            (Box::new(|account| account.countries = vec!["TH".into()]), "\"TH\""),
            (Box::new(|account| account.holder = "A\u{202e}B".into()), "receiving_accounts.holder"),
            (
                Box::new(|account| {
                    account.min = Some(Money::parse("2000").unwrap());
                    account.max = Some(Money::parse("3000").unwrap());
                }),
                "overlap",
            ),
            (Box::new(|account| account.min = Some(Money::parse("2000").unwrap())), "at most its"),
            (
                Box::new(|account| {
                    account.method = ReceivingMethod::Usdt;
                    account.address = "TQ".into();
                    account.network = "BEP20".into();
                }),
                "TRC20",
            ),
        ];
        for (change, named) in cases {
            let mut account = bank();
            change(&mut account);
            let error = check(&[account]).unwrap_err().to_string();
            assert!(error.contains(named), "{named}: {error}");
        }
        let error = check(&[bank(), bank()]).unwrap_err().to_string();
        assert!(error.contains("used by two accounts"), "{error}");
    }

    #[test]
    fn the_label_names_the_account_as_the_player_pays_it() {
        assert_eq!(bank().label(), "Vietcombank, FAIRHALL LTD, 0071000123456");
        let usdt = ReceivingAccount {
            method: ReceivingMethod::Usdt,
            network: "TRC20".into(),
            address: "TQ9w".into(),
            ..bank()
        };
        assert_eq!(usdt.label(), "USDT TRC20 TQ9w");
    }
}
