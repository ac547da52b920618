//! The one error type of fairhall. Each business variant has a stable key sent as `err`;
//! `http::envelope` maps variants to HTTP and `i18n` gives the localized message.

/// Declares `AppError` from one table: each business variant with its `#[error]` text and the
/// key sent as `err`. `key()` and `KEYS` are generated from the same rows, so they cannot
/// disagree; `i18n`'s tests fail on a key without a message in every language.
macro_rules! app_errors {
    ($(
        $(#[$attribute:meta])*
        $variant:ident $({ $($field:ident: $type:ty),* $(,)? })? => $key:literal,
    )*) => {
        /// A business refusal or an internal failure.
        #[derive(Debug, thiserror::Error)]
        pub enum AppError {
            $($(#[$attribute])* $variant $({ $($field: $type),* })?,)*
            #[error(transparent)]
            Internal(#[from] anyhow::Error),
        }

        impl AppError {
            /// Sent as `err`. Never renamed or reused; a retired key stays as a comment.
            pub fn key(&self) -> &'static str {
                match self {
                    $(AppError::$variant { .. } => $key,)*
                    AppError::Internal(_) => INTERNAL_KEY,
                }
            }

            /// Every key, for the catalog completeness test.
            pub const KEYS: &'static [&'static str] = &[$($key,)* INTERNAL_KEY];
        }
    };
}

/// The key of `AppError::Internal`; its message never tells what failed.
const INTERNAL_KEY: &str = "internal";

app_errors! {
    #[error("login failed")]
    LoginFailed => "login_failed",
    #[error("passwords do not match")]
    PasswordMismatch => "password_mismatch",
    #[error("login required")]
    LoginRequired => "login_required",
    /// The session was ended on the server (logout, a password change, the operator): the
    /// client logs out at once instead of offering to stay.
    #[error("session ended")]
    SessionEnded => "session_ended",
    #[error("account frozen")]
    AccountFrozen => "account_frozen",
    #[error("forbidden")]
    Forbidden => "forbidden",
    #[error("bad parameters")]
    BadParams => "bad_params",
    #[error("missing parameters")]
    MissingParams => "missing_params",
    #[error("invalid phone")]
    InvalidPhone => "invalid_phone",
    #[error("invalid email")]
    InvalidEmail => "invalid_email",
    /// A login name with a character other than a letter, a digit or an underscore.
    #[error("invalid login name")]
    InvalidLoginName => "invalid_login_name",
    #[error("login name too short or too long")]
    LoginNameLength { min: usize, max: usize } => "login_name_length",
    /// A login name of digits and underscores only, which could be taken for a phone number.
    #[error("login name without a letter")]
    LoginNameNeedsLetter => "login_name_needs_letter",
    #[error("invalid password")]
    InvalidPassword => "invalid_password",
    #[error("invalid verification code")]
    InvalidCode => "invalid_code",
    #[error("verification code required")]
    CodeRequired => "code_required",
    #[error("code requested too soon")]
    CodeTooSoon { seconds: i64 } => "code_too_soon",
    #[error("code delivery failed")]
    CodeDeliveryFailed => "code_delivery_failed",
    #[error("invite code required")]
    InviteRequired => "invite_required",
    #[error("invalid invite code")]
    InvalidInviteCode => "invalid_invite_code",
    #[error("phone taken")]
    PhoneTaken => "phone_taken",
    /// Registration without accepting the agreements in force.
    #[error("agreements not accepted")]
    AgreementRequired => "agreement_required",
    #[error("login name taken")]
    LoginNameTaken => "login_name_taken",
    #[error("throttled")]
    Throttled { seconds: i64 } => "throttled",
    #[error("invalid amount")]
    InvalidAmount => "invalid_amount",
    #[error("insufficient balance")]
    InsufficientBalance => "insufficient_balance",
    #[error("game balance below the room's entry minimum")]
    RoomBalanceTooLow => "room_balance_too_low",
    #[error("room closed")]
    RoomClosed => "room_closed",
    #[error("no option chosen")]
    NoOption => "no_option",
    #[error("bet amount outside limits")]
    BetOutOfLimits => "bet_out_of_limits",
    #[error("period closed")]
    PeriodClosed => "period_closed",
    /// A bet on a period after the one open now.
    #[error("issue not open yet")]
    IssueNotOpen => "issue_not_open",
    /// The room's odds or rules changed since the order was priced.
    #[error("odds changed")]
    OddsChanged => "odds_changed",
    #[error("not found")]
    NotFound => "not_found",
    #[error("payload too large")]
    PayloadTooLarge => "payload_too_large",
    #[error("request timeout")]
    RequestTimeout => "request_timeout",
    #[error("method not allowed")]
    MethodNotAllowed => "method_not_allowed",
    #[error("turnover remaining")]
    TurnoverRemaining { amount: crate::money::Money } => "turnover_remaining",
    #[error("usdt address limit")]
    UsdtAddressLimit => "usdt_address_limit",
    #[error("holder mismatch")]
    HolderMismatch => "holder_mismatch",
    #[error("withdraw account locked")]
    WithdrawAccountLocked => "withdraw_account_locked",
    #[error("invalid fund password")]
    InvalidFundPassword => "invalid_fund_password",
    #[error("fund password wrong")]
    FundPasswordWrong => "fund_password_wrong",
    #[error("fund password required")]
    FundPasswordRequired => "fund_password_required",
    #[error("below minimum")]
    BelowMinimum => "below_minimum",
    #[error("limit exceeded")]
    LimitExceeded => "limit_exceeded",
    #[error("old password wrong")]
    OldPasswordWrong => "old_password_wrong",
    #[error("upload failed")]
    UploadFailed => "upload_failed",
    #[error("bad format")]
    BadFormat => "bad_format",
    #[error("method unavailable")]
    MethodUnavailable => "method_unavailable",
    /// A deposit to a receiving account that is off or does not take it (currency, country,
    /// amount band).
    #[error("receiving account unavailable")]
    ReceivingAccountUnavailable => "receiving_account_unavailable",
    #[error("withdraw account missing")]
    WithdrawAccountMissing => "withdraw_account_missing",
    #[error("withdraw count exceeded")]
    WithdrawCountExceeded => "withdraw_count_exceeded",
    #[error("invalid usdt address")]
    InvalidUsdtAddress => "invalid_usdt_address",
    #[error("invalid card number")]
    InvalidCardNumber => "invalid_card_number",
    #[error("idempotency conflict")]
    IdempotencyConflict => "idempotency_conflict",
    #[error("voucher required")]
    VoucherRequired => "voucher_required",
    #[error("already reviewed")]
    AlreadyReviewed => "already_reviewed",
    #[error("address exists")]
    AddressExists => "address_exists",
    /// A card or USDT address another player has linked (`wallet.shared_payout_accounts`).
    #[error("payout account taken")]
    PayoutAccountTaken => "payout_account_taken",
    #[error("text too long")]
    TextTooLong { max: usize } => "text_too_long",
    /// A live stream past `live.streams_per_address` or `live.streams_max`.
    #[error("too many live streams")]
    TooManyStreams => "too_many_streams",
    #[error("too many deposits awaiting review")]
    DepositPendingLimit { max: i64 } => "deposit_pending_limit",
    #[error("upload quota full")]
    UploadQuotaFull => "upload_quota_full",
    /// A live-stream ticket that is unknown, used or expired.
    #[error("live stream ticket invalid")]
    TicketInvalid => "ticket_invalid",
    /// Anything else a purchase cannot do (e.g. the product does not exist).
    #[error("investment failed")]
    InvestmentFailed => "investment_failed",
    #[error("product not on sale yet")]
    ProductNotStarted => "product_not_started",
    #[error("product sale ended")]
    ProductEnded => "product_ended",
    #[error("product sold out")]
    ProductSoldOut => "product_sold_out",
    #[error("over the product's remaining capacity")]
    OverCapacity => "over_capacity",
    #[error("not a whole number of units")]
    NotWholeUnits => "not_whole_units",
    #[error("already signed in today")]
    AlreadySigned => "already_signed",
    /// A reward whose condition (task progress, first deposit, ...) is not reached yet.
    #[error("condition not met")]
    ConditionNotMet => "condition_not_met",
    /// A reward that needs a passed deposit first.
    #[error("recharge first")]
    RechargeFirst => "recharge_first",
    /// A task reward or bonus already received.
    #[error("reward already received")]
    RewardClaimed => "reward_claimed",
    /// The programme's budget for the day ([growth.budget]) is spent.
    #[error("reward budget spent")]
    RewardBudgetSpent => "reward_budget_spent",
    /// A red envelope code that is malformed or matches no envelope.
    #[error("red envelope code abnormal")]
    EnvelopeCodeAbnormal => "envelope_code_abnormal",
    /// A red envelope withdrawn by the operator or with no share left.
    #[error("red envelope invalid")]
    EnvelopeInvalid => "envelope_invalid",
    #[error("red envelope expired")]
    EnvelopeExpired => "envelope_expired",
    /// A red envelope for another player or for a higher VIP level.
    #[error("red envelope not yours")]
    EnvelopeNotYours => "envelope_not_yours",
    #[error("red envelope already claimed")]
    EnvelopeClaimed => "envelope_claimed",
    // Issue 18, input: security of uploads, requests and secrets.
    /// A state-changing request a browser sent for another site (HTTP 403; `http::cross_site`).
    #[error("cross-site request refused")]
    CrossSiteRefused => "cross_site_refused",
    // Issue 18, invariants.
    /// A ledger check failed in this process: no money moves until a check passes again.
    #[error("payments halted: a ledger check failed")]
    LedgerHalted => "ledger_halted",
    /// An entry that is a reversal, or that a reversal already reversed.
    #[error("entry already reversed")]
    EntryReversed => "entry_reversed",
    // Issue 19, statements.
    /// A statement date that is not YYYY-MM-DD, a `to` before `from`, or a `from` after today.
    #[error("statement dates invalid")]
    StatementDatesInvalid => "statement_dates_invalid",
    /// A statement range longer than `wallet::records::statement::DAYS_MAX` days.
    #[error("statement range too long")]
    StatementRangeTooLong { days: i64 } => "statement_range_too_long",
    /// A statement with more than `wallet::records::statement::ROWS_MAX` postings.
    #[error("statement too large")]
    StatementTooLarge { rows: usize } => "statement_too_large",
    // Issue 19, player protection (`protection`).
    /// A deposit over one of the player's deposit limits.
    #[error("deposit limit reached")]
    DepositLimitReached { limit: LimitRefusal } => "deposit_limit_reached",
    /// A bet whose stake would take the losses of a window past one of the loss limits.
    #[error("loss limit reached")]
    LossLimitReached { limit: LimitRefusal } => "loss_limit_reached",
    /// The reality-check interval passed: the player acknowledges before the next bet.
    #[error("reality check due")]
    RealityCheckDue => "reality_check_due",
    /// An action refused while a time-out or self-exclusion runs.
    #[error("player excluded")]
    PlayerExcluded { until: crate::clock::Timestamp } => "player_excluded",
    /// A time-out or self-exclusion ending before the one that runs.
    #[error("an exclusion cannot be shortened")]
    ExclusionCannotShorten => "exclusion_cannot_shorten",
    #[error("legal age not confirmed")]
    AgeNotConfirmed => "age_not_confirmed",
    #[error("date of birth required")]
    BirthDateRequired => "birth_date_required",
    #[error("under the legal age")]
    UnderAge { age: u32 } => "under_age",
    /// A limit, interval or exclusion choice that is not one of those offered.
    #[error("invalid limit")]
    InvalidLimit => "invalid_limit",
    // Issue 33, the console's staff.
    #[error("passphrase too short or too long")]
    InvalidPassphrase { min: usize, max: usize } => "invalid_passphrase",
    #[error("already staff")]
    StaffExists => "staff_exists",
    #[error("staff member disabled")]
    StaffDisabled => "staff_disabled",
    #[error("second factor not enrolled")]
    NotEnrolled => "not_enrolled",
    #[error("second factor already enrolled")]
    AlreadyEnrolled => "already_enrolled",
    #[error("code already used")]
    CodeReused => "code_reused",
    /// The console's own session is missing, ended or timed out (HTTP 401).
    #[error("console sign-in required")]
    StaffSignInRequired => "staff_sign_in_required",
    /// The staff member's role and grants do not hold the permission (HTTP 403).
    #[error("no permission")]
    NoPermission => "no_permission",
    /// A console change without the session's CSRF token in `x-csrf-token` (HTTP 403).
    #[error("missing or wrong CSRF token")]
    CsrfRefused => "csrf_refused",
    /// The second approval of a withdrawal above `withdraw_second_approval_above` (or of an
    /// adjustment above `adjust_second_approval_above`) by the operator who gave the first.
    #[error("a second reviewer must approve")]
    SecondApproverNeeded => "second_approver_needed",
}

impl AppError {
    /// Values for the `{placeholders}` of the localized message.
    pub fn message_args(&self) -> Vec<(&'static str, String)> {
        match self {
            AppError::CodeTooSoon { seconds } | AppError::Throttled { seconds } => {
                vec![("seconds", seconds.to_string())]
            }
            AppError::TurnoverRemaining { amount } => vec![("amount", amount.to_string())],
            AppError::TextTooLong { max } => vec![("max", max.to_string())],
            AppError::LoginNameLength { min, max } | AppError::InvalidPassphrase { min, max } => {
                vec![("min", min.to_string()), ("max", max.to_string())]
            }
            AppError::DepositPendingLimit { max } => vec![("max", max.to_string())],
            AppError::StatementRangeTooLong { days } => vec![("days", days.to_string())],
            AppError::StatementTooLarge { rows } => vec![("rows", rows.to_string())],
            AppError::DepositLimitReached { limit } | AppError::LossLimitReached { limit } => {
                limit.message_args()
            }
            AppError::UnderAge { age } => vec![("age", age.to_string())],
            _ => Vec::new(),
        }
    }

    /// The instants among the `{placeholders}`, written in the operator's time zone by the
    /// caller that knows it (`http::envelope`, the CLI); `message_args` leaves them out.
    pub fn time_args(&self) -> Vec<(&'static str, crate::clock::Timestamp)> {
        match self {
            AppError::DepositLimitReached { limit } | AppError::LossLimitReached { limit } => {
                vec![("frees_at", limit.frees_at)]
            }
            AppError::PlayerExcluded { until } => vec![("until", *until)],
            _ => Vec::new(),
        }
    }

    /// `message_args` with `time_args` written as "YYYY-MM-DD HH:MM" in `timezone`.
    pub fn message_args_in(&self, timezone: chrono_tz::Tz) -> Vec<(&'static str, String)> {
        let mut args = self.message_args();
        for (name, time) in self.time_args() {
            args.push((name, crate::clock::local_minute_text(time, timezone)));
        }
        args
    }
}

/// What a refusal by a deposit or loss limit says (`protection`): which limit (its period as
/// "24h", "7d" or "30d" and its amount), what is left of it, and when counted amounts start
/// leaving its window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitRefusal {
    pub period: &'static str,
    pub limit: crate::money::Money,
    pub left: crate::money::Money,
    pub frees_at: crate::clock::Timestamp,
}

impl LimitRefusal {
    fn message_args(&self) -> Vec<(&'static str, String)> {
        vec![
            ("period", self.period.to_string()),
            ("limit", self.limit.to_string()),
            ("left", self.left.to_string()),
        ]
    }
}

/// The result of a verb whose refusal must still commit what it wrote (a failed login
/// counts towards the throttle; a wrong code uses up an attempt).
#[must_use]
pub enum Committed<T> {
    Done(T),
    Refused(AppError),
}

impl<T> Committed<T> {
    pub fn into_result(self) -> Result<T, AppError> {
        match self {
            Committed::Done(value) => Ok(value),
            Committed::Refused(error) => Err(error),
        }
    }
}

/// Maps a violated UNIQUE constraint on one of `columns` ("table.column") to its business error.
pub trait OnUnique<T> {
    fn on_unique(self, columns: &[UniqueColumn]) -> Result<T, AppError>;
}

/// A "table.column" and the error its UNIQUE violation means.
pub type UniqueColumn<'a> = (&'a str, fn() -> AppError);

impl<T> OnUnique<T> for rusqlite::Result<T> {
    fn on_unique(self, columns: &[UniqueColumn]) -> Result<T, AppError> {
        if let Err(rusqlite::Error::SqliteFailure(failure, Some(message))) = &self
            && failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            && let Some((_, error)) = columns.iter().find(|(column, _)| message.contains(column))
        {
            return Err(error());
        }
        Ok(self.map_err(anyhow::Error::from)?)
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(error: rusqlite::Error) -> Self {
        AppError::Internal(error.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_snake_case_and_match_their_variants() {
        let distinct: std::collections::HashSet<_> = AppError::KEYS.iter().collect();
        assert_eq!(distinct.len(), AppError::KEYS.len(), "a key is used twice");
        for key in AppError::KEYS {
            assert!(key.bytes().all(|byte| byte.is_ascii_lowercase() || byte == b'_'), "{key}");
        }
        assert_eq!(AppError::TextTooLong { max: 3 }.key(), "text_too_long");
        assert_eq!(AppError::Internal(anyhow::anyhow!("boom")).key(), "internal");
        assert_eq!(AppError::KEYS.last(), Some(&"internal"));
    }
}
