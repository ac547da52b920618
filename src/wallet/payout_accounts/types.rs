//! Parsed bank cards and USDT addresses, and the shapes the lists return.

use crate::auth::types::RealName;
use crate::clock::Timestamp;
use crate::config::BankOption;
use crate::error::AppError;
use crate::text;
use serde::{Deserialize, Serialize};

/// Longest bank branch address, in characters.
pub const BANK_ADDRESS_MAX: usize = 200;
/// Longest remark on a bank card or USDT address, in characters.
pub const REMARK_MAX: usize = 100;
/// Longest contact phone on a bank card, in characters.
pub const BANK_PHONE_MAX: usize = 20;

/// Bank card fields as sent (api/personal/add_bank).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct BankCardForm {
    /// A bank `id` from api/personal/banklist.
    #[serde(alias = "bank_code")]
    pub bank_id: Option<String>,
    /// Must be the account's real name; the first card sets it when there is none yet.
    #[serde(alias = "name")]
    pub holder: Option<String>,
    /// 8-24 digits; spaces are ignored.
    #[serde(alias = "card_number")]
    pub card_no: Option<String>,
    /// Optional Indian IFSC code, e.g. "HDFC0001234".
    pub ifsc: Option<String>,
    pub bank_address: Option<String>,
    pub phone: Option<String>,
    pub remark: Option<String>,
}

/// A card number: 8-24 digits once spaces are removed.
pub struct CardNumber(String);

impl CardNumber {
    pub const DIGITS_MIN: usize = 8;
    pub const DIGITS_MAX: usize = 24;

    pub fn parse(text: &str) -> Result<CardNumber, AppError> {
        let digits: String = text.chars().filter(|character| *character != ' ').collect();
        let length_ok = (Self::DIGITS_MIN..=Self::DIGITS_MAX).contains(&digits.len());
        if length_ok && digits.bytes().all(|byte| byte.is_ascii_digit()) {
            Ok(CardNumber(digits))
        } else {
            Err(AppError::InvalidCardNumber)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn last4(&self) -> &str {
        &self.0[self.0.len() - 4..]
    }

    /// What lists show of a card: "**** **** **** 1234".
    pub fn masked(last4: &str) -> String {
        format!("**** **** **** {last4}")
    }
}

/// An IFSC code: 4 letters, a zero, 6 letters or digits; upper-cased.
fn parse_ifsc(text: &str) -> Result<String, AppError> {
    let code = text.trim().to_ascii_uppercase();
    let bytes = code.as_bytes();
    let valid = bytes.len() == 11
        && bytes[..4].iter().all(u8::is_ascii_uppercase)
        && bytes[4] == b'0'
        && bytes[5..].iter().all(|byte| byte.is_ascii_uppercase() || byte.is_ascii_digit());
    if valid { Ok(code) } else { Err(AppError::BadFormat) }
}

/// A contact phone for the bank: digits with optional '+', '-' and spaces.
fn parse_bank_phone(text: &str) -> Result<String, AppError> {
    let phone = text.trim();
    let allowed = phone.bytes().all(|byte| byte.is_ascii_digit() || b"+- ".contains(&byte));
    let has_digit = phone.bytes().any(|byte| byte.is_ascii_digit());
    if phone.len() <= BANK_PHONE_MAX && allowed && has_digit {
        Ok(phone.to_string())
    } else {
        Err(AppError::InvalidPhone)
    }
}

/// A bank card to link, checked.
pub struct BankCard {
    pub bank_code: String,
    pub holder: RealName,
    pub card_number: CardNumber,
    /// "" when not given.
    pub ifsc: String,
    pub bank_address: String,
    pub phone: String,
    pub remark: String,
}

impl BankCard {
    /// `missing_params` without bank, holder or number; `bad_params` for a bank the operator
    /// does not offer.
    pub fn parse(form: BankCardForm, banks: &[BankOption]) -> Result<BankCard, AppError> {
        let (Some(bank_id), Some(holder), Some(card_no)) =
            (form.bank_id, form.holder, form.card_no)
        else {
            return Err(AppError::MissingParams);
        };
        let bank = banks
            .iter()
            .find(|bank| bank.code.eq_ignore_ascii_case(bank_id.trim()))
            .ok_or(AppError::BadParams)?;
        Ok(BankCard {
            bank_code: bank.code.clone(),
            holder: RealName::parse(&holder)?,
            card_number: CardNumber::parse(&card_no)?,
            ifsc: form.ifsc.as_deref().map(parse_ifsc).transpose()?.unwrap_or_default(),
            bank_address: text::bounded_optional(form.bank_address.as_deref(), BANK_ADDRESS_MAX)?,
            phone: form.phone.as_deref().map(parse_bank_phone).transpose()?.unwrap_or_default(),
            remark: text::bounded_optional(form.remark.as_deref(), REMARK_MAX)?,
        })
    }
}

/// A bank the operator pays out to (api/personal/banklist).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BankChoice {
    /// What add_bank takes as `bank_id`.
    pub id: String,
    pub name: String,
}

/// The player's linked card as the app shows it: the number masked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BankCardView {
    pub id: i64,
    pub bank_id: String,
    pub bank_name: String,
    pub holder: String,
    /// "**** **** **** 1234".
    pub card_no: String,
    pub ifsc: String,
    pub bank_address: String,
    pub phone: String,
    pub remark: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    Trc20,
    Erc20,
}

impl Network {
    pub fn parse(text: &str) -> Result<Network, AppError> {
        match text.trim().to_ascii_uppercase().as_str() {
            "TRC20" => Ok(Network::Trc20),
            "ERC20" => Ok(Network::Erc20),
            _ => Err(AppError::BadParams),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Network::Trc20 => "TRC20",
            Network::Erc20 => "ERC20",
        }
    }

    /// TRC20: 'T' and 33 base58 characters; ERC20: "0x" and 40 hex digits.
    fn accepts(self, address: &str) -> bool {
        const BASE58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
        match self {
            Network::Trc20 => {
                address.len() == 34
                    && address.starts_with('T')
                    && address.bytes().all(|byte| BASE58.contains(&byte))
            }
            Network::Erc20 => address.strip_prefix("0x").is_some_and(|hex| {
                hex.len() == 40 && hex.bytes().all(|byte| byte.is_ascii_hexdigit())
            }),
        }
    }
}

/// USDT address fields as sent (api/personal/addusdt).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct UsdtAddressForm {
    /// The network: TRC20 or ERC20.
    #[serde(rename = "type", alias = "network")]
    pub network: Option<String>,
    pub address: Option<String>,
    pub remark: Option<String>,
}

/// A USDT address to add, checked against its network.
pub struct UsdtAddress {
    pub network: Network,
    pub address: String,
    pub remark: String,
}

impl UsdtAddress {
    pub fn parse(form: UsdtAddressForm) -> Result<UsdtAddress, AppError> {
        let (Some(network), Some(address)) = (form.network, form.address) else {
            return Err(AppError::MissingParams);
        };
        let network = Network::parse(&network)?;
        let address = address.trim().to_string();
        if !network.accepts(&address) {
            return Err(AppError::InvalidUsdtAddress);
        }
        let remark = text::bounded_optional(form.remark.as_deref(), REMARK_MAX)?;
        Ok(UsdtAddress { network, address, remark })
    }
}

/// One of the player's USDT addresses (api/personal/usdtlist).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UsdtAddressView {
    pub id: i64,
    /// TRC20 or ERC20.
    #[serde(rename = "type")]
    pub network: String,
    pub address: String,
    pub remark: String,
    #[schema(value_type = i64)]
    pub created_at: Timestamp,
}

/// The id of a linked bank card or added address.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Linked {
    pub id: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRC20: &str = "TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e";
    const ERC20: &str = "0x52908400098527886E0F7030069857D2E4169EE7";

    fn banks() -> Vec<BankOption> {
        vec![BankOption { code: "VCB".into(), name: "Vietcombank".into() }]
    }

    fn card_form() -> BankCardForm {
        BankCardForm {
            bank_id: Some("VCB".into()),
            holder: Some("Nguyen Van An".into()),
            card_no: Some("6222 0212 3456 7890".into()),
            ..BankCardForm::default()
        }
    }

    #[test]
    fn card_numbers_are_8_to_24_digits_without_spaces() {
        assert_eq!(CardNumber::parse("6222 0212 3456 7890").unwrap().as_str(), "6222021234567890");
        assert_eq!(CardNumber::parse("12345678").unwrap().last4(), "5678");
        assert!(CardNumber::parse(&"1".repeat(24)).is_ok());
        for bad in ["1234567", &"1".repeat(25), "6222-0212-3456", "62220212345678a0", "١٢٣٤٥٦٧٨٩"]
        {
            assert!(matches!(CardNumber::parse(bad), Err(AppError::InvalidCardNumber)), "{bad}");
        }
        assert_eq!(CardNumber::masked("7890"), "**** **** **** 7890");
    }

    #[test]
    fn ifsc_codes_have_four_letters_a_zero_and_six_more() {
        assert_eq!(parse_ifsc("hdfc0001234").unwrap(), "HDFC0001234");
        assert_eq!(parse_ifsc("SBIN0ABC123").unwrap(), "SBIN0ABC123");
        for bad in ["HDFC1001234", "HDF00001234", "HDFC000123", "HDFC00012345", "HDFC000123-"] {
            assert!(matches!(parse_ifsc(bad), Err(AppError::BadFormat)), "{bad}");
        }
    }

    #[test]
    fn a_card_needs_an_offered_bank_a_holder_and_a_number() {
        let card = BankCard::parse(card_form(), &banks()).unwrap();
        assert_eq!((card.bank_code.as_str(), card.ifsc.as_str()), ("VCB", ""));
        let other_bank = BankCardForm { bank_id: Some("XYZ".into()), ..card_form() };
        assert!(matches!(BankCard::parse(other_bank, &banks()), Err(AppError::BadParams)));
        let no_bank = BankCardForm { bank_id: None, ..card_form() };
        assert!(matches!(BankCard::parse(no_bank, &banks()), Err(AppError::MissingParams)));
        let long_remark = BankCardForm { remark: Some("r".repeat(101)), ..card_form() };
        assert!(matches!(
            BankCard::parse(long_remark, &banks()),
            Err(AppError::TextTooLong { max: REMARK_MAX })
        ));
        let bad_phone = BankCardForm { phone: Some("call me".into()), ..card_form() };
        assert!(matches!(BankCard::parse(bad_phone, &banks()), Err(AppError::InvalidPhone)));
    }

    #[test]
    fn usdt_addresses_match_their_network() {
        let form = |network: &str, address: &str| UsdtAddressForm {
            network: Some(network.into()),
            address: Some(address.into()),
            remark: None,
        };
        assert!(UsdtAddress::parse(form("TRC20", TRC20)).is_ok());
        assert!(UsdtAddress::parse(form("erc20", ERC20)).is_ok());
        for (network, address) in [
            ("TRC20", ERC20),
            ("ERC20", TRC20),
            ("TRC20", &TRC20.replace('k', "0")),
            ("TRC20", &TRC20[..33]),
            ("ERC20", &ERC20.replace('E', "G")),
            ("ERC20", &ERC20[..41]),
        ] {
            assert!(
                matches!(
                    UsdtAddress::parse(form(network, address)),
                    Err(AppError::InvalidUsdtAddress)
                ),
                "{network} {address}"
            );
        }
        assert!(matches!(UsdtAddress::parse(form("BEP20", ERC20)), Err(AppError::BadParams)));
    }
}
