//! The console's staff sign-in (`auth::staff`, issue 33), against the controllable clock:
//! passphrase, then a TOTP code within one step of drift and never twice, or a recovery code
//! once; disabled and unenrolled staff are refused with their own reasons.

use crate::support::helpers::TestApp;
use fairhall::auth::AuthSettings;
use fairhall::auth::staff::sessions::Lifetimes;
use fairhall::auth::staff::totp::{TotpSecret, code_at, step_at};
use fairhall::auth::staff::types::{
    DisableReason, Enrolment, Passphrase, SignInAttempt, SignInRefusal, StaffMember, StaffRole,
};
use fairhall::auth::staff::{self, NewStaff, SignInRules, SignedIn};
use fairhall::crypto::CardCipher;
use fairhall::ids::UserId;
use std::sync::Arc;

const PASSPHRASE: &str = "a long console passphrase";

fn cipher() -> CardCipher {
    CardCipher::from_hex(&"11".repeat(32), &"22".repeat(32)).expect("keys")
}

struct Staffed {
    app: TestApp,
    user: UserId,
    secret: TotpSecret,
    recovery_codes: Vec<String>,
}

fn secret_of(enrolment: &Enrolment) -> TotpSecret {
    let encoded = enrolment.otpauth_uri.split("secret=").nth(1).unwrap().split('&').next().unwrap();
    TotpSecret::from_bytes(&data_encoding::BASE32_NOPAD.decode(encoded.as_bytes()).unwrap())
        .unwrap()
}

/// A console sign-in with the app's throttle settings and sessions of an hour.
async fn sign_in(app: &TestApp, attempt: SignInAttempt) -> Result<SignedIn, SignInRefusal> {
    let throttle = Arc::new(AuthSettings::from_config(&app.config.auth).unwrap());
    let lifetimes = Lifetimes { idle_secs: 600, lifetime_secs: 3_600 };
    let rules = SignInRules { cipher: &cipher(), throttle: &throttle, lifetimes };
    staff::sign_in(&app.db, rules, attempt, app.now()).await.unwrap()
}

/// A staff member with role `support`, created but not yet confirmed.
async fn staffed() -> Staffed {
    let app = TestApp::spawn().await;
    let user = app.created_player().await.id;
    let passphrase = Passphrase::parse(PASSPHRASE).unwrap();
    let passphrase_hash = staff::hash_passphrase(passphrase).await.unwrap();
    let new =
        NewStaff { user_id: user, role: StaffRole::parse("support").unwrap(), passphrase_hash };
    let now = app.now();
    let enrolment =
        app.db.write(move |tx| staff::create(tx, &cipher(), &new, "fairhall", now)).await.unwrap();
    let secret = secret_of(&enrolment);
    Staffed { app, user, secret, recovery_codes: enrolment.recovery_codes }
}

impl Staffed {
    fn code(&self, step_offset: i64) -> String {
        code_at(&self.secret, step_at(self.app.now()) + step_offset).unwrap()
    }

    async fn confirm(&self, code: String) -> Result<(), fairhall::error::AppError> {
        let (user, now) = (self.user, self.app.now());
        self.app.db.write(move |tx| staff::confirm(tx, &cipher(), user, &code, now)).await
    }

    async fn sign_in(&self, passphrase: &str, code: &str) -> Result<StaffMember, SignInRefusal> {
        let attempt = SignInAttempt {
            account: self.user.to_string(),
            passphrase: passphrase.to_string(),
            code: code.to_string(),
            address: "203.0.113.9".into(),
        };
        sign_in(&self.app, attempt).await.map(|signed_in| signed_in.member)
    }

    /// Confirmed with the current code, then one step later (that step is used up).
    async fn enrolled() -> Staffed {
        let staffed = staffed().await;
        staffed.confirm(staffed.code(0)).await.unwrap();
        staffed.app.clock.advance(30);
        staffed
    }
}

#[tokio::test]
async fn staff_enrolment_is_confirmed_by_a_first_valid_code_only() {
    let staffed = staffed().await;
    assert_eq!(
        staffed.sign_in(PASSPHRASE, &staffed.code(0)).await,
        Err(SignInRefusal::NotEnrolled)
    );
    let wrong = staffed.confirm("123456x".into()).await.unwrap_err();
    assert_eq!(wrong.key(), "invalid_code");
    staffed.confirm(staffed.code(0)).await.unwrap();
    let again = staffed.confirm(staffed.code(0)).await.unwrap_err();
    assert_eq!(again.key(), "already_enrolled");
}

#[tokio::test]
async fn staff_sign_in_takes_the_passphrase_and_a_code_within_one_step_of_drift() {
    let staffed = Staffed::enrolled().await;
    let member = staffed.sign_in(PASSPHRASE, &staffed.code(0)).await.unwrap();
    assert_eq!((member.user_id, member.role.as_str()), (staffed.user, "support"));

    staffed.app.clock.advance(90);
    assert_eq!(staffed.sign_in(PASSPHRASE, &staffed.code(-2)).await, Err(SignInRefusal::WrongCode));
    assert_eq!(staffed.sign_in(PASSPHRASE, &staffed.code(2)).await, Err(SignInRefusal::WrongCode));
    assert!(staffed.sign_in(PASSPHRASE, &staffed.code(-1)).await.is_ok(), "a step late");
    staffed.app.clock.advance(90);
    assert!(staffed.sign_in(PASSPHRASE, &staffed.code(1)).await.is_ok(), "a step early");
}

#[tokio::test]
async fn staff_codes_are_never_accepted_twice_for_the_same_step() {
    let staffed = Staffed::enrolled().await;
    let code = staffed.code(0);
    assert!(staffed.sign_in(PASSPHRASE, &code).await.is_ok());
    assert_eq!(staffed.sign_in(PASSPHRASE, &code).await, Err(SignInRefusal::CodeReused));
    // Still inside the drift window a step later: the used step stays used.
    staffed.app.clock.advance(30);
    assert_eq!(staffed.sign_in(PASSPHRASE, &code).await, Err(SignInRefusal::CodeReused));
    assert!(staffed.sign_in(PASSPHRASE, &staffed.code(0)).await.is_ok(), "the next step's");
}

#[tokio::test]
async fn staff_wrong_passphrase_and_unknown_accounts_are_one_refusal() {
    let staffed = Staffed::enrolled().await;
    let code = staffed.code(0);
    assert_eq!(
        staffed.sign_in("a wrong but long passphrase", &code).await,
        Err(SignInRefusal::WrongPassphrase)
    );
    let attempt = SignInAttempt {
        account: "nobody_here".into(),
        passphrase: PASSPHRASE.into(),
        code: code.clone(),
        address: "203.0.113.9".into(),
    };
    let unknown = sign_in(&staffed.app, attempt).await;
    assert_eq!(unknown.err(), Some(SignInRefusal::WrongPassphrase));
    assert!(staffed.sign_in(PASSPHRASE, &code).await.is_ok(), "the code was not used up");
}

#[tokio::test]
async fn staff_recovery_codes_work_once_each() {
    let staffed = Staffed::enrolled().await;
    let first = staffed.recovery_codes[0].clone();
    assert_eq!(staffed.recovery_codes.len(), 10);
    assert!(staffed.sign_in(PASSPHRASE, &first).await.is_ok());
    assert_eq!(staffed.sign_in(PASSPHRASE, &first).await, Err(SignInRefusal::CodeReused));
    let typed = staffed.recovery_codes[1].to_uppercase().replace('-', " ");
    assert!(staffed.sign_in(PASSPHRASE, &typed).await.is_ok(), "case and separators aside");
    assert_eq!(staffed.sign_in(PASSPHRASE, "aaaa-bbbb-cccc").await, Err(SignInRefusal::WrongCode));
}

#[tokio::test]
async fn staff_disabled_cannot_sign_in() {
    let staffed = Staffed::enrolled().await;
    let (user, now) = (staffed.user, staffed.app.now());
    let reason = DisableReason::parse("left the team").unwrap();
    staffed.app.db.write(move |tx| staff::disable(tx, user, &reason, now)).await.unwrap();
    assert_eq!(staffed.sign_in(PASSPHRASE, &staffed.code(0)).await, Err(SignInRefusal::Disabled));
    let recovery = staffed.recovery_codes[0].clone();
    assert_eq!(staffed.sign_in(PASSPHRASE, &recovery).await, Err(SignInRefusal::Disabled));
    let listed = staffed.app.db.read(staff::list).await.unwrap();
    assert!(listed[0].disabled && listed[0].disabled_reason == "left the team");
}

#[tokio::test]
async fn staff_reset_replaces_the_secret_and_the_recovery_codes() {
    let staffed = Staffed::enrolled().await;
    let (user, now) = (staffed.user, staffed.app.now());
    let enrolment = staffed
        .app
        .db
        .write(move |tx| staff::reset(tx, &cipher(), (user, None), "fairhall", now))
        .await
        .unwrap();
    let old_recovery = staffed.recovery_codes[0].clone();
    assert_eq!(staffed.sign_in(PASSPHRASE, &old_recovery).await, Err(SignInRefusal::NotEnrolled));
    let renewed = Staffed {
        secret: secret_of(&enrolment),
        recovery_codes: enrolment.recovery_codes,
        ..staffed
    };
    renewed.confirm(renewed.code(0)).await.unwrap();
    renewed.app.clock.advance(30);
    assert_eq!(renewed.sign_in(PASSPHRASE, &old_recovery).await, Err(SignInRefusal::WrongCode));
    assert!(renewed.sign_in(PASSPHRASE, &renewed.code(0)).await.is_ok());
}
