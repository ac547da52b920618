//! The one error type of fairhall. Each business variant has a stable key sent as `err`;
//! `http::envelope` maps variants to HTTP and `i18n` gives the localized message.

/// A business refusal or an internal failure.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("login failed")]
    LoginFailed,
    #[error("passwords do not match")]
    PasswordMismatch,
    #[error("login required")]
    LoginRequired,
    #[error("account frozen")]
    AccountFrozen,
    #[error("forbidden")]
    Forbidden,
    #[error("bad parameters")]
    BadParams,
    #[error("missing parameters")]
    MissingParams,
    #[error("invalid phone")]
    InvalidPhone,
    #[error("invalid email")]
    InvalidEmail,
    #[error("invalid login name")]
    InvalidLoginName,
    #[error("invalid password")]
    InvalidPassword,
    #[error("invalid verification code")]
    InvalidCode,
    #[error("verification code required")]
    CodeRequired,
    #[error("code requested too soon")]
    CodeTooSoon { seconds: i64 },
    #[error("code delivery failed")]
    CodeDeliveryFailed,
    #[error("invite code required")]
    InviteRequired,
    #[error("invalid invite code")]
    InvalidInviteCode,
    #[error("phone taken")]
    PhoneTaken,
    #[error("login name taken")]
    LoginNameTaken,
    #[error("throttled")]
    Throttled { seconds: i64 },
    #[error("invalid amount")]
    InvalidAmount,
    #[error("insufficient balance")]
    InsufficientBalance,
    #[error("game balance below the room's entry minimum")]
    RoomBalanceTooLow,
    #[error("room closed")]
    RoomClosed,
    #[error("no option chosen")]
    NoOption,
    #[error("bet amount outside limits")]
    BetOutOfLimits,
    #[error("period closed")]
    PeriodClosed,
    #[error("not found")]
    NotFound,
    #[error("payload too large")]
    PayloadTooLarge,
    #[error("request timeout")]
    RequestTimeout,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("turnover remaining")]
    TurnoverRemaining { amount: crate::money::Money },
    #[error("usdt address limit")]
    UsdtAddressLimit,
    #[error("holder mismatch")]
    HolderMismatch,
    #[error("withdraw account locked")]
    WithdrawAccountLocked,
    #[error("invalid fund password")]
    InvalidFundPassword,
    #[error("fund password wrong")]
    FundPasswordWrong,
    #[error("fund password required")]
    FundPasswordRequired,
    #[error("below minimum")]
    BelowMinimum,
    #[error("limit exceeded")]
    LimitExceeded,
    #[error("old password wrong")]
    OldPasswordWrong,
    #[error("upload failed")]
    UploadFailed,
    #[error("bad format")]
    BadFormat,
    #[error("method unavailable")]
    MethodUnavailable,
    #[error("withdraw account missing")]
    WithdrawAccountMissing,
    #[error("withdraw count exceeded")]
    WithdrawCountExceeded,
    #[error("invalid usdt address")]
    InvalidUsdtAddress,
    #[error("invalid card number")]
    InvalidCardNumber,
    #[error("idempotency conflict")]
    IdempotencyConflict,
    #[error("voucher required")]
    VoucherRequired,
    #[error("already reviewed")]
    AlreadyReviewed,
    #[error("address exists")]
    AddressExists,
    #[error("text too long")]
    TextTooLong { max: usize },
    /// A live stream past `live.streams_per_address` or `live.streams_max`.
    #[error("too many live streams")]
    TooManyStreams,
    #[error("too many deposits awaiting review")]
    DepositPendingLimit { max: i64 },
    #[error("upload quota full")]
    UploadQuotaFull,
    /// A live-stream ticket that is unknown, used or expired.
    #[error("live stream ticket invalid")]
    TicketInvalid,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// Sent as `err`. Never renamed or reused; a retired key stays as a comment.
    pub fn key(&self) -> &'static str {
        match self {
            AppError::LoginFailed => "login_failed",
            AppError::PasswordMismatch => "password_mismatch",
            AppError::LoginRequired => "login_required",
            AppError::AccountFrozen => "account_frozen",
            AppError::Forbidden => "forbidden",
            AppError::BadParams => "bad_params",
            AppError::MissingParams => "missing_params",
            AppError::InvalidPhone => "invalid_phone",
            AppError::InvalidEmail => "invalid_email",
            AppError::InvalidLoginName => "invalid_login_name",
            AppError::InvalidPassword => "invalid_password",
            AppError::InvalidCode => "invalid_code",
            AppError::CodeRequired => "code_required",
            AppError::CodeTooSoon { .. } => "code_too_soon",
            AppError::CodeDeliveryFailed => "code_delivery_failed",
            AppError::InviteRequired => "invite_required",
            AppError::InvalidInviteCode => "invalid_invite_code",
            AppError::PhoneTaken => "phone_taken",
            AppError::LoginNameTaken => "login_name_taken",
            AppError::Throttled { .. } => "throttled",
            AppError::InvalidAmount => "invalid_amount",
            AppError::InsufficientBalance => "insufficient_balance",
            AppError::RoomBalanceTooLow => "room_balance_too_low",
            AppError::RoomClosed => "room_closed",
            AppError::NoOption => "no_option",
            AppError::BetOutOfLimits => "bet_out_of_limits",
            AppError::PeriodClosed => "period_closed",
            AppError::NotFound => "not_found",
            AppError::PayloadTooLarge => "payload_too_large",
            AppError::RequestTimeout => "request_timeout",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::TurnoverRemaining { .. } => "turnover_remaining",
            AppError::UsdtAddressLimit => "usdt_address_limit",
            AppError::HolderMismatch => "holder_mismatch",
            AppError::WithdrawAccountLocked => "withdraw_account_locked",
            AppError::InvalidFundPassword => "invalid_fund_password",
            AppError::FundPasswordWrong => "fund_password_wrong",
            AppError::FundPasswordRequired => "fund_password_required",
            AppError::BelowMinimum => "below_minimum",
            AppError::LimitExceeded => "limit_exceeded",
            AppError::OldPasswordWrong => "old_password_wrong",
            AppError::UploadFailed => "upload_failed",
            AppError::BadFormat => "bad_format",
            AppError::MethodUnavailable => "method_unavailable",
            AppError::WithdrawAccountMissing => "withdraw_account_missing",
            AppError::WithdrawCountExceeded => "withdraw_count_exceeded",
            AppError::InvalidUsdtAddress => "invalid_usdt_address",
            AppError::InvalidCardNumber => "invalid_card_number",
            AppError::IdempotencyConflict => "idempotency_conflict",
            AppError::VoucherRequired => "voucher_required",
            AppError::AlreadyReviewed => "already_reviewed",
            AppError::AddressExists => "address_exists",
            AppError::TextTooLong { .. } => "text_too_long",
            AppError::TooManyStreams => "too_many_streams",
            AppError::DepositPendingLimit { .. } => "deposit_pending_limit",
            AppError::UploadQuotaFull => "upload_quota_full",
            AppError::TicketInvalid => "ticket_invalid",
            AppError::Internal(_) => "internal",
        }
    }

    /// Values for the `{placeholders}` of the localized message.
    pub fn message_args(&self) -> Vec<(&'static str, String)> {
        match self {
            AppError::CodeTooSoon { seconds } | AppError::Throttled { seconds } => {
                vec![("seconds", seconds.to_string())]
            }
            AppError::TurnoverRemaining { amount } => vec![("amount", amount.to_string())],
            AppError::TextTooLong { max } => vec![("max", max.to_string())],
            AppError::DepositPendingLimit { max } => vec![("max", max.to_string())],
            _ => Vec::new(),
        }
    }

    /// Every key, for the catalog completeness test.
    pub const KEYS: &'static [&'static str] = &[
        "login_failed",
        "password_mismatch",
        "login_required",
        "account_frozen",
        "forbidden",
        "bad_params",
        "missing_params",
        "invalid_phone",
        "invalid_email",
        "invalid_login_name",
        "invalid_password",
        "invalid_code",
        "code_required",
        "code_too_soon",
        "code_delivery_failed",
        "invite_required",
        "invalid_invite_code",
        "phone_taken",
        "login_name_taken",
        "throttled",
        "invalid_amount",
        "insufficient_balance",
        "room_balance_too_low",
        "room_closed",
        "no_option",
        "bet_out_of_limits",
        "period_closed",
        "not_found",
        "payload_too_large",
        "request_timeout",
        "method_not_allowed",
        "turnover_remaining",
        "usdt_address_limit",
        "holder_mismatch",
        "withdraw_account_locked",
        "invalid_fund_password",
        "fund_password_wrong",
        "fund_password_required",
        "below_minimum",
        "limit_exceeded",
        "old_password_wrong",
        "upload_failed",
        "bad_format",
        "method_unavailable",
        "withdraw_account_missing",
        "withdraw_count_exceeded",
        "invalid_usdt_address",
        "invalid_card_number",
        "idempotency_conflict",
        "voucher_required",
        "already_reviewed",
        "address_exists",
        "text_too_long",
        "too_many_streams",
        "deposit_pending_limit",
        "upload_quota_full",
        "ticket_invalid",
        "internal",
    ];
}

/// The result of a verb whose refusal must still commit what it wrote (a failed login
/// counts towards the throttle; a wrong code uses up an attempt).
#[must_use]
pub enum Outcome<T> {
    Done(T),
    Refused(AppError),
}

impl<T> Outcome<T> {
    pub fn into_result(self) -> Result<T, AppError> {
        match self {
            Outcome::Done(value) => Ok(value),
            Outcome::Refused(error) => Err(error),
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
