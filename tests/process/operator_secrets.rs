//! The operator's side of secrets: the whole card number for the one who pays a withdrawal,
//! card ciphertexts bound to their rows, private key files, and no operator OS user name in
//! what players see.

use crate::support::binary::{fail, fairhall, succeed};
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::{
    TRC20, WalletApp, assert_ledger_verifies, card_number_of, withdrawal_form,
};
use serde_json::json;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

async fn withdraw(app: &TestApp, player: &Player, form: serde_json::Value) -> String {
    app.do_withdraw(player, form, None).await.assert_ok()["id"].to_string()
}

#[tokio::test]
async fn withdraw_show_prints_the_whole_card_number_or_address_for_the_payer() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, app) = (dir.path(), TestApp::open(dir.path(), |_| {}));
    let (player, card) = app.withdrawer("300.00").await;
    let address = app.add_usdt(&player, TRC20).await;
    let by_bank = withdraw(&app, &player, withdrawal_form(card, "100.00")).await;
    let usdt_form = json!({ "method": "usdt", "account_id": address.to_string(),
        "amount": "50.00", "fund_password": crate::support::wallet_support::FUND_PASSWORD });
    let by_usdt = withdraw(&app, &player, usdt_form).await;

    let bank = succeed(data, &["admin", "withdraw", "show", &by_bank, "--by", "payer"]);
    let usdt = succeed(data, &["admin", "withdraw", "show", &by_usdt]);
    let unknown = fail(data, &["admin", "withdraw", "show", "9999"]);

    // Each look at a whole card number or address is in the audit log, with who looked.
    let reads = succeed(data, &["admin", "audit", "--action", "withdraw.show", "--json"]);
    let reads: serde_json::Value = serde_json::from_str(&reads).expect("JSON");
    let reads = reads.as_array().expect("a list");
    let looked_at: Vec<&str> = reads.iter().filter_map(|row| row["target_id"].as_str()).collect();
    assert_eq!(looked_at, ["9999", by_usdt.as_str(), by_bank.as_str()], "{reads:?}");
    assert_eq!(reads[2]["actor"], "payer");
    assert!(reads[2]["os_identity"]["uid"].is_u64(), "{reads:?}");

    assert!(bank.contains(&format!("card number {}", card_number_of(player.id))), "{bank}");
    assert!(bank.contains("pay to bank VCB, holder Nguyen Van An"), "{bank}");
    assert!(usdt.contains(&format!("pay to USDT TRC20 {TRC20}")), "{usdt}");
    assert!(unknown.stderr.contains("no withdrawal 9999"), "{unknown:?}");
    assert_eq!(unknown.status.code(), Some(4), "an unknown id exits 4");
    let records = app.get_as(&player, "/api/personal/withdrawlsrecord", "").await;
    let number = card_number_of(player.id);
    assert!(!records.body.to_string().contains(&number), "players see it masked");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_card_ciphertext_copied_to_another_row_does_not_decrypt() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, app) = (dir.path(), TestApp::open(dir.path(), |_| {}));
    let (victim, victim_card) = app.withdrawer("300.00").await;
    let (thief, thief_card) = app.withdrawer("300.00").await;
    let victims = withdraw(&app, &victim, withdrawal_form(victim_card, "100.00")).await;
    let thiefs = withdraw(&app, &thief, withdrawal_form(thief_card, "100.00")).await;

    // Someone with write access to the database copies the victim's sealed number.
    let copied = app
        .db
        .write(move |tx| {
            Ok(tx.execute(
                "UPDATE bank_cards SET card_cipher =
                   (SELECT card_cipher FROM bank_cards WHERE bank_card_id = ?1)
                 WHERE bank_card_id = ?2",
                [victim_card, thief_card],
            )?)
        })
        .await;
    assert_eq!(copied.expect("the copy is written"), 1);

    let refused = fail(data, &["admin", "withdraw", "show", &thiefs]);
    let intact = succeed(data, &["admin", "withdraw", "show", &victims]);

    assert!(!refused.stdout.contains("card number"), "{refused:?}");
    assert!(refused.stderr.contains("integrity"), "{refused:?}");
    assert!(intact.contains(&format!("card number {}", card_number_of(victim.id))), "{intact}");
}

/// The crypto tests' keys, and a card number sealed with them in format v1 (no prefix, bound
/// to no row), as releases before V13 stored it.
const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const MAC_KEY: &str = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff000102030405060708090a0b0c0d0e0f";
const V1_CARD_6222021234567890: &str = "UUSD8z/uN6CcwL6jSGkmfcFFloGBwaIdRUCaG6ArbfxlzmN9xivrKra6FerWPKwHeq/scpXk9Gnq3U1wcssKGYvGVGtuuFj52xE7SWE+KPo=";

#[tokio::test]
async fn cards_sealed_before_row_binding_still_decrypt_and_migrate_binds_them() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    std::fs::write(
        data.join("secrets.toml"),
        format!("card_key = \"{KEY}\"\ncard_mac_key = \"{MAC_KEY}\"\n"),
    )
    .expect("secrets are written");
    std::fs::set_permissions(data.join("secrets.toml"), std::fs::Permissions::from_mode(0o600))
        .expect("secrets are private");
    let app = TestApp::open(data, |_| {});
    let (player, card) = app.withdrawer("300.00").await;
    let id = withdraw(&app, &player, withdrawal_form(card, "100.00")).await;
    app.db
        .write(move |tx| {
            let legacy = V1_CARD_6222021234567890;
            Ok(tx.execute("UPDATE bank_cards SET card_cipher = ?1", [legacy])?)
        })
        .await
        .expect("the legacy text is written");

    let shown = succeed(data, &["admin", "withdraw", "show", &id]);
    let migrated = succeed(data, &["migrate"]);
    let stored = app
        .db
        .read(|connection| {
            Ok(connection.query_row("SELECT card_cipher FROM bank_cards", [], |row| {
                row.get::<_, String>(0)
            })?)
        })
        .await
        .expect("the card row");
    let after_migrate = succeed(data, &["admin", "withdraw", "show", &id]);

    assert!(shown.contains("card number 6222021234567890"), "{shown}");
    assert!(migrated.contains("1 card numbers re-sealed"), "{migrated}");
    assert!(stored.starts_with("v2:"), "bound to its row now: {stored}");
    assert!(after_migrate.contains("card number 6222021234567890"), "{after_migrate}");
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

#[tokio::test]
async fn secret_files_open_to_group_or_others_stop_every_start() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    succeed(data, &["migrate"]);
    let secrets = data.join("secrets.toml");
    let chains = data.join("chains.key");
    std::fs::write(&chains, "").expect("a key file");

    for (file, mode) in [(&secrets, 0o644), (&secrets, 0o640), (&chains, 0o604)] {
        chmod(file, mode);
        let run = fail(data, &["migrate"]);
        let shown = file.display().to_string();
        assert!(run.stderr.contains(&shown), "{mode:o}: {run:?}");
        assert!(run.stderr.contains(&format!("chmod 600 {shown}")), "{run:?}");
        chmod(file, 0o600);
    }
    succeed(data, &["migrate"]);
}

#[tokio::test]
async fn a_config_file_with_secrets_must_be_private_too() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let config = data.join("fairhall.toml");
    let config_arg = config.to_str().expect("a UTF-8 path");
    succeed(data, &["--config", config_arg, "init"]);

    chmod(&config, 0o644);
    let open = fail(data, &["--config", config_arg, "migrate"]);
    chmod(&config, 0o600);
    let private = crate::support::binary::run(data, &["--config", config_arg, "migrate"]);
    let without_secrets = data.join("plain.toml");
    std::fs::write(&without_secrets, "[app]\nname = \"hall\"\n").expect("a config");
    chmod(&without_secrets, 0o644);
    let plain = without_secrets.to_str().expect("a UTF-8 path");

    assert!(open.stderr.contains(&format!("chmod 600 {config_arg}")), "{open:?}");
    assert!(private.status.success(), "{private:?}");
    // Its own hall: this one's cards are sealed with the keys `init` wrote into the config.
    succeed(&data.join("plain-hall"), &["--config", plain, "migrate"]);
}

#[tokio::test]
async fn players_see_operator_where_an_adjustment_names_the_operators_os_user() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (data, app) = (dir.path(), TestApp::open(dir.path(), |_| {}));
    let player = app.player().await;

    let adjusted = fairhall(data)
        .args(["admin", "wallet", "adjust", &player.phone, "25.00", "--reason", "Goodwill"])
        .env("USER", "alice_ops")
        .output()
        .expect("the binary runs");
    assert!(adjusted.status.success(), "{adjusted:?}");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "kind=adjust").await;
    let shown = succeed(data, &["admin", "wallet", "show", &player.phone]);

    assert_eq!(changes.assert_ok()["list"][0]["reference"], "operator");
    assert_eq!(changes.assert_ok()["list"][0]["memo"], "Goodwill");
    assert!(!changes.body.to_string().contains("alice_ops"), "{changes:?}");
    assert!(shown.contains(" admin:alice_ops "), "the operator still sees it: {shown}");
    assert_ledger_verifies(&app).await;
}
