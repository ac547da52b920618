//! Parsed inputs of the account verbs. Each constructor is the one place its rule lives.

use crate::error::AppError;
use regex::Regex;

/// A mobile number that matches the operator's pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(text: &str, pattern: &Regex) -> Result<Phone, AppError> {
        let text = text.trim();
        // ASCII only: the pattern's `\d` also matches other scripts' digits here (it does not in
        // the app's JavaScript), which would admit look-alike numbers no SMS can reach.
        if text.len() <= 32 && text.is_ascii() && pattern.is_match(text) {
            Ok(Phone(text.to_string()))
        } else {
            Err(AppError::InvalidPhone)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// "13812345678" -> "*** 78": how a player's phone shows to other players (an envelope's
    /// co-claimers, a partner's team), so that no list adds up to a number.
    pub fn tail(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let tail: String = chars[chars.len().saturating_sub(2)..].iter().collect();
        format!("*** {tail}")
    }

    /// "13812345678" -> "138****5678": how the player's own phone shows to him.
    pub fn masked(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() < 7 {
            return "*".repeat(chars.len());
        }
        let head: String = chars[..3].iter().collect();
        let tail: String = chars[chars.len() - 4..].iter().collect();
        format!("{head}****{tail}")
    }
}

/// A login name: 4-32 letters, digits or underscores with at least one letter, so that it can
/// never be mistaken for a phone number when logging in. Each rule has its own refusal, so the
/// player reads which one the name breaks (`1234` needs a letter, it is not too short).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginName(String);

impl LoginName {
    pub const LENGTH_MIN: usize = 4;
    pub const LENGTH_MAX: usize = 32;

    /// The characters first: past them every character is one byte, so the length counts what
    /// the player typed.
    pub fn parse(text: &str) -> Result<LoginName, AppError> {
        let text = text.trim();
        if !text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_') {
            return Err(AppError::InvalidLoginName);
        }
        if !(Self::LENGTH_MIN..=Self::LENGTH_MAX).contains(&text.len()) {
            return Err(AppError::LoginNameLength { min: Self::LENGTH_MIN, max: Self::LENGTH_MAX });
        }
        if !text.bytes().any(|byte| byte.is_ascii_alphabetic()) {
            return Err(AppError::LoginNameNeedsLetter);
        }
        Ok(LoginName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A login password: 6-18 letters, digits or underscores.
#[derive(Clone)]
pub struct LoginPassword(String);

impl LoginPassword {
    pub fn parse(text: &str) -> Result<LoginPassword, AppError> {
        let allowed = text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_');
        if allowed && (6..=18).contains(&text.len()) {
            Ok(LoginPassword(text.to_string()))
        } else {
            Err(AppError::InvalidPassword)
        }
    }

    /// A new password and its confirmation: valid, then equal.
    pub fn parse_confirmed(password: &str, repeated: &str) -> Result<LoginPassword, AppError> {
        let parsed = LoginPassword::parse(password)?;
        if password == repeated { Ok(parsed) } else { Err(AppError::PasswordMismatch) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A fund (security) password: exactly 6 digits.
#[derive(Clone)]
pub struct FundPassword(String);

impl FundPassword {
    pub fn parse(text: &str) -> Result<FundPassword, AppError> {
        if text.len() == 6 && text.bytes().all(|byte| byte.is_ascii_digit()) {
            Ok(FundPassword(text.to_string()))
        } else {
            Err(AppError::InvalidFundPassword)
        }
    }

    /// A new fund password and its confirmation: valid, then equal.
    pub fn parse_confirmed(password: &str, repeated: &str) -> Result<FundPassword, AppError> {
        let parsed = FundPassword::parse(password)?;
        if password == repeated { Ok(parsed) } else { Err(AppError::PasswordMismatch) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A player's real name as on their bank card: trimmed, 1-64 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RealName(String);

impl RealName {
    pub const LENGTH_MAX: usize = 64;

    pub fn parse(text: &str) -> Result<RealName, AppError> {
        let text = crate::text::bounded(text, Self::LENGTH_MAX)?;
        if text.is_empty() { Err(AppError::MissingParams) } else { Ok(RealName(text)) }
    }

    /// The same name as `other`, ignoring case and surrounding spaces (a card holder is
    /// often printed in capitals).
    pub fn matches(&self, other: &str) -> bool {
        self.0.to_lowercase() == other.trim().to_lowercase()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A display name: trimmed, 1-32 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nickname(String);

impl Nickname {
    pub const LENGTH_MAX: usize = 32;

    pub fn parse(text: &str) -> Result<Nickname, AppError> {
        let text = crate::text::bounded(text, Self::LENGTH_MAX)?;
        if text.is_empty() { Err(AppError::MissingParams) } else { Ok(Nickname(text)) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A plausible email address, lower-cased: something@domain.tld, at most 254 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub const LENGTH_MAX: usize = 254;

    pub fn parse(text: &str) -> Result<Email, AppError> {
        let text = text.trim();
        let (local, domain) = text.split_once('@').unwrap_or_default();
        let plausible = !local.is_empty()
            && domain.contains('.')
            && !domain.contains('@')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && text.len() <= Self::LENGTH_MAX
            && !text.chars().any(|character| {
                character.is_whitespace()
                    || crate::text::changes_the_display(character)
                    || character == ','
            });
        if plausible { Ok(Email(text.to_ascii_lowercase())) } else { Err(AppError::InvalidEmail) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A tax number: 1-32 letters, digits or dashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaxNumber(String);

impl TaxNumber {
    pub const LENGTH_MAX: usize = 32;

    pub fn parse(text: &str) -> Result<TaxNumber, AppError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AppError::MissingParams);
        }
        if text.chars().count() > Self::LENGTH_MAX {
            return Err(AppError::TextTooLong { max: Self::LENGTH_MAX });
        }
        if text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-') {
            Ok(TaxNumber(text.to_string()))
        } else {
            Err(AppError::BadFormat)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A 6-digit verification code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    pub const LENGTH: usize = 6;

    pub fn parse(text: &str) -> Result<VerificationCode, AppError> {
        let text = text.trim();
        if text.len() == Self::LENGTH && text.bytes().all(|byte| byte.is_ascii_digit()) {
            Ok(VerificationCode(text.to_string()))
        } else {
            Err(AppError::InvalidCode)
        }
    }

    pub fn generate() -> VerificationCode {
        use rand::Rng;
        let number: u32 = rand::rngs::OsRng.gen_range(0..1_000_000);
        VerificationCode(format!("{number:06}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A player's invitation code: 4-16 letters or digits, compared case-insensitively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InviteCode(String);

impl InviteCode {
    const ALPHABET: &'static [u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    const GENERATED_LENGTH: usize = 8;

    pub fn parse(text: &str) -> Result<InviteCode, AppError> {
        let text = text.trim();
        if (4..=16).contains(&text.len()) && text.bytes().all(|byte| byte.is_ascii_alphanumeric()) {
            Ok(InviteCode(text.to_ascii_uppercase()))
        } else {
            Err(AppError::InvalidInviteCode)
        }
    }

    /// A fresh code from an alphabet without look-alikes (0/O, 1/I).
    pub fn generate() -> InviteCode {
        use rand::Rng;
        let mut random = rand::rngs::OsRng;
        let code = (0..Self::GENERATED_LENGTH)
            .map(|_| Self::ALPHABET[random.gen_range(0..Self::ALPHABET.len())] as char)
            .collect();
        InviteCode(code)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Where a verification code goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeTarget {
    Phone(Phone),
    Email(String),
}

impl CodeTarget {
    pub fn parse(text: &str, phone_pattern: &Regex) -> Result<CodeTarget, AppError> {
        let text = text.trim();
        if text.contains('@') {
            return Email::parse(text).map(|email| CodeTarget::Email(email.0));
        }
        Phone::parse(text, phone_pattern).map(CodeTarget::Phone)
    }

    pub fn as_str(&self) -> &str {
        match self {
            CodeTarget::Phone(phone) => phone.as_str(),
            CodeTarget::Email(email) => email,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodePurpose {
    Register,
    Forget,
    Bind,
}

impl CodePurpose {
    pub fn parse(text: &str) -> Result<CodePurpose, AppError> {
        match text.trim() {
            "register" | "reg" => Ok(CodePurpose::Register),
            "forget" | "forgot" => Ok(CodePurpose::Forget),
            "bind" => Ok(CodePurpose::Bind),
            _ => Err(AppError::BadParams),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            CodePurpose::Register => "register",
            CodePurpose::Forget => "forget",
            CodePurpose::Bind => "bind",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_pattern() -> Regex {
        Regex::new(r"^1\d{10}$").unwrap()
    }

    #[test]
    fn phones_follow_the_pattern() {
        assert!(Phone::parse("13812345678", &default_pattern()).is_ok());
        for bad in ["23812345678", "1381234567", "138123456789", "1381234567a", "", "1٣٨١٢٣٤٥٦٧٨"]
        {
            assert!(
                matches!(Phone::parse(bad, &default_pattern()), Err(AppError::InvalidPhone)),
                "{bad}"
            );
        }
        assert_eq!(Phone::masked("13812345678"), "138****5678");
        assert_eq!(Phone::tail("13812345678"), "*** 78");
        assert_eq!(Phone::tail("7"), "*** 7");
    }

    #[test]
    fn login_names_have_at_least_four_characters_and_a_letter() {
        assert!(LoginName::parse("abcd").is_ok());
        assert!(LoginName::parse("player_1").is_ok());
        let long = "a".repeat(33);
        for (bad, key) in [
            ("abc", "login_name_length"),
            (long.as_str(), "login_name_length"),
            ("1234", "login_name_needs_letter"),
            ("12_34", "login_name_needs_letter"),
            ("ab cd", "invalid_login_name"),
            ("abcd!", "invalid_login_name"),
            ("ééé", "invalid_login_name"),
        ] {
            assert_eq!(LoginName::parse(bad).map(|_| ()).unwrap_err().key(), key, "{bad}");
        }
    }

    #[test]
    fn login_passwords_are_six_to_eighteen_word_characters() {
        assert!(LoginPassword::parse("abc_12").is_ok());
        assert!(LoginPassword::parse(&"a".repeat(18)).is_ok());
        for bad in ["abc12", &"a".repeat(19), "abc 123", "pässwort"] {
            assert!(LoginPassword::parse(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            LoginPassword::parse_confirmed("secret1", "secret2"),
            Err(AppError::PasswordMismatch)
        ));
    }

    #[test]
    fn fund_passwords_are_exactly_six_digits() {
        assert!(FundPassword::parse("012345").is_ok());
        for bad in ["12345", "1234567", "12345a", "", "１２３４５６"] {
            assert!(
                matches!(FundPassword::parse(bad), Err(AppError::InvalidFundPassword)),
                "{bad}"
            );
        }
    }

    #[test]
    fn verification_codes_are_six_digits() {
        assert!(VerificationCode::parse("012345").is_ok());
        for bad in ["12345", "1234567", "12345a"] {
            assert!(VerificationCode::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(VerificationCode::generate().as_str().len(), 6);
    }

    #[test]
    fn code_targets_are_phones_or_emails() {
        assert!(matches!(
            CodeTarget::parse("a@b.co", &default_pattern()),
            Ok(CodeTarget::Email(_))
        ));
        assert!(matches!(
            CodeTarget::parse("a@b", &default_pattern()),
            Err(AppError::InvalidEmail)
        ));
        assert!(matches!(CodeTarget::parse("12", &default_pattern()), Err(AppError::InvalidPhone)));
    }

    #[test]
    fn fund_passwords_are_confirmed() {
        assert!(FundPassword::parse_confirmed("123456", "123456").is_ok());
        assert!(matches!(
            FundPassword::parse_confirmed("123456", "123457"),
            Err(AppError::PasswordMismatch)
        ));
        assert!(matches!(
            FundPassword::parse_confirmed("12345", "12345"),
            Err(AppError::InvalidFundPassword)
        ));
    }

    #[test]
    fn real_names_match_regardless_of_case_and_spaces() {
        let name = RealName::parse("  Nguyễn Văn An ").unwrap();
        assert_eq!(name.as_str(), "Nguyễn Văn An");
        assert!(name.matches(" NGUYỄN VĂN AN"));
        assert!(!name.matches("Nguyen Van An"));
        assert!(matches!(RealName::parse("   "), Err(AppError::MissingParams)));
        assert!(matches!(RealName::parse(&"a".repeat(65)), Err(AppError::TextTooLong { .. })));
    }

    #[test]
    fn nicknames_have_at_most_32_characters() {
        assert!(Nickname::parse(&"é".repeat(32)).is_ok());
        assert!(matches!(Nickname::parse(&"é".repeat(33)), Err(AppError::TextTooLong { .. })));
    }

    #[test]
    fn emails_are_plausible_and_lower_cased() {
        assert_eq!(Email::parse(" A.B@Example.COM ").unwrap().as_str(), "a.b@example.com");
        for bad in [
            "a@b",
            "@b.co",
            "a@.co",
            "a@b.co.",
            "a b@c.co",
            "a@b@c.co",
            "a,b@c.co",
            "moc.b@a\u{202e}",
            "",
        ] {
            assert!(matches!(Email::parse(bad), Err(AppError::InvalidEmail)), "{bad}");
        }
        assert!(Email::parse(&format!("{}@b.co", "a".repeat(250))).is_err());
    }

    #[test]
    fn tax_numbers_are_letters_digits_and_dashes() {
        assert_eq!(TaxNumber::parse(" 12-AB-3 ").unwrap().as_str(), "12-AB-3");
        assert!(matches!(TaxNumber::parse("12 34"), Err(AppError::BadFormat)));
        assert!(matches!(TaxNumber::parse("12_34"), Err(AppError::BadFormat)));
        assert!(matches!(TaxNumber::parse(&"1".repeat(33)), Err(AppError::TextTooLong { .. })));
    }

    #[test]
    fn generated_invite_codes_parse() {
        let code = InviteCode::generate();
        assert_eq!(InviteCode::parse(code.as_str()).unwrap(), code);
    }
}
