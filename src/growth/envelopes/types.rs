//! Red envelopes' parsed inputs and their outputs.

use crate::clock::Timestamp;
use crate::error::AppError;
use crate::ids::UserId;
use crate::money::Money;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// A claim code: 6-8 letters or digits, compared without case (stored upper-case, hashed).
#[derive(Clone, PartialEq, Eq)]
pub struct EnvelopeCode(String);

/// What generated codes are made of: no 0/O or 1/I, which players misread.
const GENERATED_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const GENERATED_LENGTH: usize = 8;

impl EnvelopeCode {
    pub const LENGTH_MIN: usize = 6;
    pub const LENGTH_MAX: usize = 8;

    /// `envelope_code_abnormal` unless 6-8 ASCII letters or digits (surrounding spaces are
    /// ignored: codes are pasted).
    pub fn parse(text: &str) -> Result<EnvelopeCode, AppError> {
        let text = text.trim();
        let well_formed = (Self::LENGTH_MIN..=Self::LENGTH_MAX).contains(&text.len())
            && text.bytes().all(|byte| byte.is_ascii_alphanumeric());
        if well_formed {
            Ok(EnvelopeCode(text.to_ascii_uppercase()))
        } else {
            Err(AppError::EnvelopeCodeAbnormal)
        }
    }

    /// A fresh random code of 8 characters from the operating system's CSPRNG.
    pub fn generate() -> EnvelopeCode {
        use rand::Rng;
        let mut random = rand::rngs::OsRng;
        let code = (0..GENERATED_LENGTH)
            .map(|_| char::from(GENERATED_ALPHABET[random.gen_range(0..GENERATED_ALPHABET.len())]))
            .collect();
        EnvelopeCode(code)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database keeps instead of the code.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(format!("envelope:{}", self.0)))
    }
}

/// Never printed by accident (logs, debug output): the code is a bearer secret.
impl fmt::Debug for EnvelopeCode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("EnvelopeCode(..)")
    }
}

/// How the total is split (GAMES.md "Red envelopes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Equal shares.
    Fixed,
    /// "Double mean" random shares.
    Random,
}

impl Mode {
    pub fn code(self) -> &'static str {
        match self {
            Mode::Fixed => "fixed",
            Mode::Random => "random",
        }
    }

    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "fixed" => Some(Mode::Fixed),
            "random" => Some(Mode::Random),
            _ => None,
        }
    }
}

/// Where an envelope stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Claimable until it expires.
    Live,
    /// Every share claimed.
    Finished,
    /// Expired; the remainder went back to `bonus`.
    Expired,
    /// Withdrawn by the operator; the remainder went back to `bonus`.
    Withdrawn,
}

impl State {
    pub const ALL: [State; 4] = [State::Live, State::Finished, State::Expired, State::Withdrawn];

    pub fn code(self) -> &'static str {
        match self {
            State::Live => "live",
            State::Finished => "finished",
            State::Expired => "expired",
            State::Withdrawn => "withdrawn",
        }
    }

    pub fn parse(text: &str) -> Option<State> {
        State::ALL.into_iter().find(|state| state.code() == text)
    }
}

/// Who may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Everyone,
    /// One player only.
    Player(UserId),
    /// Players whose current VIP level is at least this.
    VipMin(i64),
}

/// An envelope as the operator asks for it.
#[derive(Clone, Debug)]
pub struct NewEnvelope {
    pub total: Money,
    pub quantity: i64,
    pub mode: Mode,
    /// The operator's code; a fresh one is generated when absent.
    pub code: Option<EnvelopeCode>,
    pub expires_at: Timestamp,
    pub target: Target,
    /// Passed deposits needed before claiming; `growth.envelope.recharge_min` when absent.
    pub recharge_min: Option<Money>,
    pub note: String,
}

/// Longest operator note, in characters.
pub const NOTE_CHARS_MAX: usize = 200;

/// What creation returns: the only time the code is shown.
#[derive(Debug, Serialize)]
pub struct Created {
    pub id: i64,
    pub code: String,
    pub total: Money,
    pub quantity: i64,
    pub mode: Mode,
    pub expires_at: Timestamp,
}

/// The reply to a successful claim.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimReceipt {
    pub envelope_id: i64,
    #[schema(value_type = String, example = "3.21")]
    pub amount: Money,
    /// The claimer holds the envelope's largest share (random envelopes only).
    pub luckiest: bool,
    /// The wallet balance after the claim.
    #[schema(value_type = String, example = "13.21")]
    pub balance: Money,
}

/// One of the player's claims (api/envelope/records).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimRecord {
    pub envelope_id: i64,
    #[schema(value_type = String, example = "3.21")]
    pub amount: Money,
    pub luckiest: bool,
    #[schema(value_type = i64)]
    pub claimed_at: Timestamp,
    pub mode: Mode,
    #[schema(value_type = String, example = "100.00")]
    pub total: Money,
    pub quantity: i64,
}

/// One claim of an envelope as its claimers see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ClaimLine {
    /// Only its last two digits, e.g. "*** 78" (other players see no more of a number).
    pub phone: String,
    #[schema(value_type = String, example = "3.21")]
    pub amount: Money,
    pub luckiest: bool,
    /// This claim is the viewer's own.
    pub mine: bool,
    #[schema(value_type = i64)]
    pub claimed_at: Timestamp,
}

/// An envelope the player claimed (api/envelope/detail), with every claim so far.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EnvelopeDetail {
    pub id: i64,
    pub mode: Mode,
    #[schema(value_type = String, example = "100.00")]
    pub total: Money,
    pub quantity: i64,
    pub claimed_count: i64,
    #[schema(value_type = String, example = "40.00")]
    pub claimed_amount: Money,
    #[schema(value_type = i64)]
    pub expires_at: Timestamp,
    pub state: State,
    /// Oldest claim first.
    pub claims: Vec<ClaimLine>,
}

/// An envelope as the operator sees it.
#[derive(Debug, Serialize)]
pub struct EnvelopeSummary {
    pub id: i64,
    pub mode: Mode,
    pub state: State,
    pub total: Money,
    pub quantity: i64,
    pub claimed_count: i64,
    pub claimed_amount: Money,
    /// What is not claimed: still claimable while live, returned once expired or withdrawn.
    pub remainder: Money,
    pub target_user_id: Option<UserId>,
    pub vip_min: Option<i64>,
    pub recharge_min: Money,
    pub note: String,
    pub expires_at: Timestamp,
    pub created_at: Timestamp,
    pub closed_at: Option<Timestamp>,
    /// What went back to `bonus` (expired or withdrawn).
    pub refunded: Option<Money>,
}

/// One claim as the operator sees it.
#[derive(Debug, Serialize)]
pub struct OperatorClaim {
    pub user_id: UserId,
    pub phone: String,
    pub amount: Money,
    pub luckiest: bool,
    pub claimed_at: Timestamp,
}

/// `fairhall admin envelope show`: the envelope and its claims, oldest first.
#[derive(Debug, Serialize)]
pub struct EnvelopeReport {
    #[serde(flatten)]
    pub envelope: EnvelopeSummary,
    pub claims: Vec<OperatorClaim>,
}

/// A refusal of `create`: a rule of the request (the text says which) or the database.
#[derive(Debug)]
pub enum CreateError {
    Invalid(String),
    Db(AppError),
}

impl fmt::Display for CreateError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreateError::Invalid(reason) => formatter.write_str(reason),
            CreateError::Db(error) => write!(formatter, "{error:#}"),
        }
    }
}

impl std::error::Error for CreateError {}

impl From<AppError> for CreateError {
    fn from(error: AppError) -> CreateError {
        CreateError::Db(error)
    }
}

impl From<rusqlite::Error> for CreateError {
    fn from(error: rusqlite::Error) -> CreateError {
        CreateError::Db(error.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_to_eight_letters_or_digits_compared_without_case() {
        assert_eq!(EnvelopeCode::parse(" abc123 ").map(|code| code.0).ok(), Some("ABC123".into()));
        assert!(EnvelopeCode::parse("ABCD1234").is_ok());
        for bad in ["", "ABC12", "ABCDE1234", "ABC 123", "ABC-123", "ÄBC123", "abc12\u{0}"] {
            let refused = EnvelopeCode::parse(bad).map(|_| ()).map_err(|error| error.key());
            assert_eq!(refused, Err("envelope_code_abnormal"), "{bad:?}");
        }
        assert_eq!(
            EnvelopeCode::parse("abc123").map(|code| code.hash()).ok(),
            EnvelopeCode::parse("ABC123").map(|code| code.hash()).ok()
        );
    }

    #[test]
    fn generated_codes_parse_and_differ() {
        let first = EnvelopeCode::generate();
        assert_eq!(first.as_str().len(), 8);
        assert!(EnvelopeCode::parse(first.as_str()).is_ok());
        assert!(first != EnvelopeCode::generate());
        assert_eq!(format!("{first:?}"), "EnvelopeCode(..)");
    }
}
