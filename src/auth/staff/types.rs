//! The staff's checked inputs and what the verbs return.

use crate::auth::permissions::RoleName;
use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use serde::Serialize;

/// Fewest characters of a console passphrase.
pub const PASSPHRASE_CHARS_MIN: usize = 12;
/// Most characters of a console passphrase (bounds the text argon2 is given).
pub const PASSPHRASE_CHARS_MAX: usize = 256;
/// Recovery codes an enrolment gives.
pub const RECOVERY_CODES: usize = 10;
/// Most characters of the reason a staff member is disabled for.
pub const DISABLE_REASON_CHARS_MAX: usize = 200;
/// Most staff members `list` returns: a hall has a handful.
pub const LIST_MAX: i64 = 1_000;

/// A console passphrase: any characters, `PASSPHRASE_CHARS_MIN` to `PASSPHRASE_CHARS_MAX` of
/// them (characters, not bytes: twelve Chinese characters are a passphrase).
pub struct Passphrase(String);

impl Passphrase {
    pub fn parse(text: &str) -> Result<Passphrase, AppError> {
        let chars = text.chars().count();
        if !(PASSPHRASE_CHARS_MIN..=PASSPHRASE_CHARS_MAX).contains(&chars) {
            return Err(AppError::InvalidPassphrase {
                min: PASSPHRASE_CHARS_MIN,
                max: PASSPHRASE_CHARS_MAX,
            });
        }
        Ok(Passphrase(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The role a staff member holds: a role name, but not one that marks a player's account
/// type (`test`, `agent`: `grants::AccountType`).
#[derive(Clone, Debug)]
pub struct StaffRole(RoleName);

impl StaffRole {
    pub fn parse(text: &str) -> Result<StaffRole, AppError> {
        let role = RoleName::parse(text.trim()).map_err(|_| AppError::BadParams)?;
        if matches!(role.as_str(), "test" | "agent") {
            return Err(AppError::BadParams);
        }
        Ok(StaffRole(role))
    }

    pub fn role(&self) -> &RoleName {
        &self.0
    }
}

/// Why a staff member is disabled: 1 to `DISABLE_REASON_CHARS_MAX` characters.
pub struct DisableReason(String);

impl DisableReason {
    pub fn parse(text: &str) -> Result<DisableReason, AppError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AppError::MissingParams);
        }
        if text.chars().count() > DISABLE_REASON_CHARS_MAX {
            return Err(AppError::TextTooLong { max: DISABLE_REASON_CHARS_MAX });
        }
        Ok(DisableReason(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What a new or reset enrolment shows once: the URI for the authenticator app and the
/// recovery codes. Neither is stored readable.
#[derive(Debug, Serialize)]
pub struct Enrolment {
    pub user_id: UserId,
    pub otpauth_uri: String,
    pub recovery_codes: Vec<String>,
}

/// One row of `admin staff list`.
#[derive(Debug, Serialize)]
pub struct StaffSummary {
    pub id: UserId,
    /// The login name, else the phone.
    pub name: String,
    pub role: String,
    pub enrolled: bool,
    pub disabled: bool,
    pub disabled_reason: String,
    pub created_at: Timestamp,
}

/// A staff member signed in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StaffMember {
    pub user_id: UserId,
    pub name: String,
    pub role: String,
}

/// What a sign-in offers: the account (id, phone or login name), the passphrase, and a TOTP
/// code or a recovery code, from the client's address.
pub struct SignInAttempt {
    pub account: String,
    pub passphrase: String,
    pub code: String,
    pub address: String,
}

/// Why a sign-in was refused. An unknown account is a wrong passphrase: the answer does not
/// tell which accounts are staff; disabling and enrolment are told only after the passphrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInRefusal {
    WrongPassphrase,
    WrongCode,
    CodeReused,
    NotEnrolled,
    Disabled,
}

impl SignInRefusal {
    /// Whether the refusal is a guess the throttle counts (per account and per address):
    /// a wrong passphrase or code, or a replayed one.
    pub fn counts_as_failure(self) -> bool {
        matches!(
            self,
            SignInRefusal::WrongPassphrase | SignInRefusal::WrongCode | SignInRefusal::CodeReused
        )
    }

    /// The error the console answers with.
    pub fn error(self) -> AppError {
        match self {
            SignInRefusal::WrongPassphrase => AppError::LoginFailed,
            SignInRefusal::WrongCode => AppError::InvalidCode,
            SignInRefusal::CodeReused => AppError::CodeReused,
            SignInRefusal::NotEnrolled => AppError::NotEnrolled,
            SignInRefusal::Disabled => AppError::StaffDisabled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_passphrase_length_counts_characters_not_bytes() {
        assert!(Passphrase::parse(&"密".repeat(12)).is_ok(), "12 chars, 36 bytes");
        assert!(Passphrase::parse(&"密".repeat(11)).is_err(), "11 chars, 33 bytes");
        assert!(Passphrase::parse(&"a".repeat(11)).is_err());
        assert!(Passphrase::parse(&"a".repeat(256)).is_ok());
        assert!(Passphrase::parse(&"é".repeat(257)).is_err());
        assert_eq!(
            Passphrase::parse("short").err().map(|error| error.key()),
            Some("invalid_passphrase")
        );
    }

    #[test]
    fn staff_roles_are_role_names_but_not_account_types() {
        assert!(StaffRole::parse("admin").is_ok());
        assert!(StaffRole::parse("support").is_ok());
        for refused in ["test", "agent", "", "a:b", "two words"] {
            assert!(StaffRole::parse(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn staff_disable_reason_is_required_and_bounded() {
        assert!(DisableReason::parse(" left the team ").is_ok());
        assert!(DisableReason::parse("  ").is_err());
        assert!(DisableReason::parse(&"x".repeat(201)).is_err());
    }

    #[test]
    fn staff_refusals_that_are_guesses_count_for_the_throttle() {
        assert!(SignInRefusal::WrongPassphrase.counts_as_failure());
        assert!(SignInRefusal::WrongCode.counts_as_failure());
        assert!(SignInRefusal::CodeReused.counts_as_failure());
        assert!(!SignInRefusal::NotEnrolled.counts_as_failure());
        assert!(!SignInRefusal::Disabled.counts_as_failure());
        assert_eq!(SignInRefusal::CodeReused.error().key(), "code_reused");
    }
}
