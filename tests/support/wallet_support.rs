//! Wallet requests and fixtures shared by the wallet test files: one method per wallet
//! endpoint on `TestApp` (the `WalletApp` extension trait), the multipart deposit body built by
//! hand, fixtures through the API and the domain verbs, and the ledger check every
//! money-moving test ends with.

use crate::support::helpers::{Player, Reply, TestApp};
use axum::body::Body;
use axum::http::Request;
use fairhall::error::AppError;
use fairhall::flows;
use fairhall::ids::UserId;
use fairhall::ledger::{Balances, VerifyReport};
use fairhall::money::Money;
use fairhall::wallet::deposits::{self, DepositRecord};
use fairhall::wallet::types::ReviewReason;
use fairhall::wallet::withdrawals::{self, Decision, WithdrawalRecord};
use fairhall::wallet::{self, Adjustment, WalletSettings};
use serde_json::{Value, json};
use std::path::PathBuf;

/// A black 1x1 PNG exactly as the server encodes one again (`uploads::Image` stores the
/// decoded pixels re-encoded), so a stored voucher equals the bytes sent.
pub const PNG: &[u8] =
    b"\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00\x00\
\x01\x08\x02\x00\x00\x00\x90\x77\x53\xde\x00\x00\x00\x0f\x49\x44\x41\x54\x78\x01\x01\x04\x00\
\xfb\xff\x00\x00\x00\x00\x00\x04\x00\x01\x65\x49\xc3\x60\x00\x00\x00\x00\x49\x45\x4e\x44\xae\
\x42\x60\x82";

/// The fund password fixture players set.
pub const FUND_PASSWORD: &str = "246810";

pub const TRC20: &str = "TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e";

/// The last 4 digits of the fixture bank card.
pub const CARD_LAST4: &str = "7890";

const BOUNDARY: &str = "fairhall-wallet-test-5f2a9c";

pub fn money(text: &str) -> Money {
    Money::parse(text).expect("a valid amount")
}

/// A bank receiving account coded `code`, switched on, for every currency, country and amount.
pub fn bank_account(code: &str) -> fairhall::config::ReceivingAccount {
    fairhall::config::ReceivingAccount {
        code: code.into(),
        method: fairhall::config::ReceivingMethod::Bank,
        enabled: true,
        bank: "Vietcombank".into(),
        branch: "District 1".into(),
        holder: "FAIRHALL LTD".into(),
        number: "0071000123456".into(),
        network: String::new(),
        address: String::new(),
        currencies: Vec::new(),
        countries: Vec::new(),
        min: None,
        max: None,
    }
}

/// A USDT receiving account coded `code` on TRC20 at `address`.
pub fn usdt_account(code: &str, address: &str) -> fairhall::config::ReceivingAccount {
    fairhall::config::ReceivingAccount {
        method: fairhall::config::ReceivingMethod::Usdt,
        bank: String::new(),
        branch: String::new(),
        holder: String::new(),
        number: String::new(),
        network: "TRC20".into(),
        address: address.into(),
        ..bank_account(code)
    }
}

/// A multipart deposit request (fields amount, method, currency, account, content; file
/// `voucher`).
#[derive(Clone)]
pub struct DepositUpload {
    fields: Vec<(&'static str, String)>,
    /// The file name and bytes of the voucher part, if any.
    voucher: Option<(String, Vec<u8>)>,
}

impl DepositUpload {
    /// A bank deposit of `amount` with a PNG voucher.
    pub fn new(amount: &str) -> DepositUpload {
        DepositUpload {
            fields: vec![("amount", amount.to_string()), ("method", "bank".to_string())],
            voucher: Some(("voucher.png".to_string(), PNG.to_vec())),
        }
    }

    /// Sets the text field `name`.
    pub fn with(mut self, name: &'static str, value: &str) -> DepositUpload {
        self.fields.retain(|(field, _)| *field != name);
        self.fields.push((name, value.to_string()));
        self
    }

    pub fn without(mut self, name: &'static str) -> DepositUpload {
        self.fields.retain(|(field, _)| *field != name);
        self
    }

    pub fn voucher(mut self, file_name: &str, bytes: Vec<u8>) -> DepositUpload {
        self.voucher = Some((file_name.to_string(), bytes));
        self
    }

    pub fn no_voucher(mut self) -> DepositUpload {
        self.voucher = None;
        self
    }

    pub fn content_type() -> String {
        format!("multipart/form-data; boundary={BOUNDARY}")
    }

    /// The multipart body: a part per field, then the voucher file part.
    pub fn body(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for (name, value) in &self.fields {
            let part = format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            );
            body.extend_from_slice(part.as_bytes());
        }
        if let Some((file_name, bytes)) = &self.voucher {
            let head = format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"voucher\"; \
                 filename=\"{file_name}\"\r\nContent-Type: image/png\r\n\r\n"
            );
            body.extend_from_slice(head.as_bytes());
            body.extend_from_slice(bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        body
    }
}

/// A JSON POST as `player`, optionally with an `Idempotency-Key` (for spawned tasks, which
/// send it with `helpers::send_to`).
pub fn post_request(path: &str, player: &Player, form: &Value, key: Option<&str>) -> Request<Body> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .header("token", player.token.as_str());
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    request.body(Body::from(form.to_string())).expect("a request")
}

/// A withdrawal form to the bank card `card_id` with the fixture fund password.
pub fn withdrawal_form(card_id: i64, amount: &str) -> Value {
    json!({ "method": "bank", "account_id": card_id, "amount": amount,
        "fund_password": FUND_PASSWORD })
}

/// The card `link_card` links for a player: his own (a card belongs to one player), his id in
/// the middle digits, ending in `CARD_LAST4`.
pub fn card_number_of(user_id: UserId) -> String {
    let id: u64 = user_id.to_string().parse().expect("an id");
    format!("6222{id:08}{CARD_LAST4}")
}

/// `form` with each key of `patch` set, or removed when null.
pub fn with(form: &Value, patch: Value) -> Value {
    let mut form = form.clone();
    crate::support::helpers::merge(&mut form, &patch);
    form
}

/// The ledger report; fails the test unless every balance equals its postings, the postings
/// sum to zero, every entry balances and no player account is negative.
pub async fn assert_ledger_verifies(app: &TestApp) -> VerifyReport {
    let report =
        app.db.read(fairhall::flows::ledger_check::verify).await.expect("the ledger is readable");
    assert!(report.is_ok(), "the ledger does not verify: {report:?}");
    assert_eq!(report.postings_total, 0, "{report:?}");
    report
}

/// Wallet endpoints and fixtures on `TestApp`.
pub trait WalletApp {
    async fn conversion(&self, player: &Player, form: Value, key: Option<&str>) -> Reply;
    async fn recharge(&self, player: &Player, upload: &DepositUpload, key: Option<&str>) -> Reply;
    async fn do_withdraw(&self, player: &Player, form: Value, key: Option<&str>) -> Reply;
    /// GET `path?query` as `player`.
    async fn get_as(&self, player: &Player, path: &str, query: &str) -> Reply;
    async fn balances_of(&self, player: &Player) -> Balances;
    /// Credits `amount` to the wallet by an operator adjustment.
    async fn credit(&self, player: &Player, amount: &str);
    async fn credit_with_reason(&self, player: &Player, amount: &str, reason: &str);
    async fn adjust_wallet(&self, adjustment: Adjustment) -> Result<Balances, AppError>;
    /// A deposit requested through the API; returns its id.
    async fn requested_deposit(&self, player: &Player, amount: &str) -> i64;
    /// A deposit requested through the API and approved; returns its id.
    async fn approved_deposit(&self, player: &Player, amount: &str) -> i64;
    async fn review_deposit(
        &self,
        id: i64,
        rejection: Option<&str>,
    ) -> Result<DepositRecord, AppError>;
    /// A deposit's review with any decision (approve, reject, fail).
    async fn decide_deposit(
        &self,
        id: i64,
        decision: deposits::Decision,
    ) -> Result<DepositRecord, AppError>;
    async fn review_withdrawal(
        &self,
        id: i64,
        decision: Decision,
        reason: &str,
    ) -> Result<WithdrawalRecord, AppError>;
    async fn turnover_of(&self, player: &Player) -> Money;
    /// Counts `stake` of settled bets against the player's turnover.
    async fn play_turnover(&self, player: &Player, stake: &str);
    async fn set_fund_password(&self, player: &Player);
    /// Links the fixture bank card (holder "Nguyen Van An"); returns its id.
    async fn link_card(&self, player: &Player) -> i64;
    async fn add_usdt(&self, player: &Player, address: &str) -> i64;
    /// A player with a fund password, a linked card and an approved deposit of `amount`
    /// whose turnover is played; returns the player and the card id.
    async fn withdrawer(&self, amount: &str) -> (Player, i64);
    async fn ledger_report(&self) -> VerifyReport;
    /// The balance of a system account (house, bonus, interest, fees, external), in minor units.
    async fn system_balance(&self, kind: &'static str) -> i64;
    fn voucher_dir(&self) -> PathBuf;
    /// The files stored under `<data_dir>/vouchers`.
    fn voucher_files(&self) -> Vec<PathBuf>;
    fn wallet_settings(&self) -> WalletSettings;
}

impl WalletApp for TestApp {
    async fn conversion(&self, player: &Player, form: Value, key: Option<&str>) -> Reply {
        self.send(post_request("/api/personal/conversion", player, &form, key)).await
    }

    async fn recharge(&self, player: &Player, upload: &DepositUpload, key: Option<&str>) -> Reply {
        let mut headers = vec![("token", player.token.as_str())];
        headers.extend(key.map(|key| ("idempotency-key", key)));
        let content_type = DepositUpload::content_type();
        let path = "/api/personal/recharge";
        self.post_raw(path, Some(&content_type), upload.body(), &headers).await
    }

    async fn do_withdraw(&self, player: &Player, form: Value, key: Option<&str>) -> Reply {
        self.send(post_request("/api/personal/do_withdraw", player, &form, key)).await
    }

    async fn get_as(&self, player: &Player, path: &str, query: &str) -> Reply {
        let separator = if query.is_empty() { "" } else { "?" };
        self.get(&format!("{path}{separator}{query}"), Some(&player.token)).await
    }

    async fn balances_of(&self, player: &Player) -> Balances {
        let user_id = player.id;
        let read = self.db.read(move |connection| fairhall::ledger::balances(connection, user_id));
        read.await.expect("the balances")
    }

    async fn credit(&self, player: &Player, amount: &str) {
        self.credit_with_reason(player, amount, "test funds").await;
    }

    async fn credit_with_reason(&self, player: &Player, amount: &str, reason: &str) {
        let adjustment = Adjustment {
            user_id: player.id,
            credit: true,
            amount: money(amount),
            reason: reason.into(),
            admin: "tester".into(),
        };
        self.adjust_wallet(adjustment).await.expect("the credit is booked");
    }

    async fn adjust_wallet(&self, adjustment: Adjustment) -> Result<Balances, AppError> {
        let now = self.now();
        self.db.write(move |tx| wallet::adjust(tx, &adjustment, now)).await
    }

    async fn requested_deposit(&self, player: &Player, amount: &str) -> i64 {
        let reply = self.recharge(player, &DepositUpload::new(amount), None).await;
        reply.assert_ok()["id"].as_i64().expect("a deposit id")
    }

    async fn approved_deposit(&self, player: &Player, amount: &str) -> i64 {
        let id = self.requested_deposit(player, amount).await;
        self.review_deposit(id, None).await.expect("the deposit is approved");
        id
    }

    async fn review_deposit(
        &self,
        id: i64,
        rejection: Option<&str>,
    ) -> Result<DepositRecord, AppError> {
        let decision = match rejection {
            None => deposits::Decision::Approve,
            Some(reason) => {
                deposits::Decision::Reject(ReviewReason::parse(reason).expect("a reason"))
            }
        };
        self.decide_deposit(id, decision).await
    }

    async fn decide_deposit(
        &self,
        id: i64,
        decision: deposits::Decision,
    ) -> Result<DepositRecord, AppError> {
        let review = deposits::Review { deposit_id: id, admin: "tester".into(), decision };
        let (settings, growth, now) =
            (self.wallet_settings(), self.config.growth.clone(), self.now());
        let reviewed =
            self.db.write(move |tx| flows::deposits::review(tx, &review, &settings, &growth, now));
        reviewed.await.map(|reviewed| reviewed.deposit)
    }

    async fn review_withdrawal(
        &self,
        id: i64,
        decision: Decision,
        reason: &str,
    ) -> Result<WithdrawalRecord, AppError> {
        let review = withdrawals::Review {
            withdrawal_id: id,
            decision,
            reason: reason.into(),
            admin: "tester".into(),
        };
        let (limits, now) = (self.config.wallet.clone(), self.now());
        let reviewed = self.db.write(move |tx| withdrawals::review(tx, &review, &limits, now));
        reviewed.await.map(|reviewed| reviewed.withdrawal)
    }

    async fn turnover_of(&self, player: &Player) -> Money {
        let user_id = player.id;
        let read = self.db.read(move |connection| wallet::turnover_remaining(connection, user_id));
        read.await.expect("the turnover")
    }

    async fn play_turnover(&self, player: &Player, stake: &str) {
        let (user_id, stake) = (player.id, money(stake));
        let played = self.db.write(move |tx| wallet::play_turnover(tx, user_id, stake));
        played.await.expect("the turnover is played");
    }

    async fn set_fund_password(&self, player: &Player) {
        let form = json!({ "password": FUND_PASSWORD, "repassword": FUND_PASSWORD });
        let headers = [("token", player.token.as_str())];
        self.post_json("/api/personal/securitypassword", &form, &headers).await.assert_ok();
    }

    async fn link_card(&self, player: &Player) -> i64 {
        let form = json!({ "bank_id": "VCB", "holder": "Nguyen Van An",
            "card_no": card_number_of(player.id) });
        let headers = [("token", player.token.as_str())];
        let reply = self.post_json("/api/personal/add_bank", &form, &headers).await;
        reply.assert_ok()["id"].as_i64().expect("a card id")
    }

    async fn add_usdt(&self, player: &Player, address: &str) -> i64 {
        let form = json!({ "type": "TRC20", "address": address });
        let headers = [("token", player.token.as_str())];
        let reply = self.post_json("/api/personal/addusdt", &form, &headers).await;
        reply.assert_ok()["id"].as_i64().expect("an address id")
    }

    async fn withdrawer(&self, amount: &str) -> (Player, i64) {
        let player = self.player().await;
        self.set_fund_password(&player).await;
        let card_id = self.link_card(&player).await;
        self.approved_deposit(&player, amount).await;
        let stake = Money::from_minor(Money::MAX_MINOR).expect("in range").to_string();
        self.play_turnover(&player, &stake).await;
        (player, card_id)
    }

    async fn ledger_report(&self) -> VerifyReport {
        self.db.read(fairhall::flows::ledger_check::verify).await.expect("the ledger is readable")
    }

    async fn system_balance(&self, kind: &'static str) -> i64 {
        let read = self.db.read(move |connection| {
            Ok(connection.query_row(
                "SELECT balance FROM accounts WHERE user_id IS NULL AND kind = ?1",
                [kind],
                |row| row.get(0),
            )?)
        });
        read.await.expect("a system account")
    }

    fn voucher_dir(&self) -> PathBuf {
        self.config.server.data_dir.join("vouchers")
    }

    fn voucher_files(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(self.voucher_dir()) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> =
            entries.map(|entry| entry.expect("an entry").path()).collect();
        files.sort();
        files
    }

    fn wallet_settings(&self) -> WalletSettings {
        WalletSettings::from_config(&self.config)
    }
}
