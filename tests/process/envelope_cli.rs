//! The operator's envelope commands (`fairhall admin envelope ...`), run as the built binary on
//! a temp data directory; claims go through the API of a `TestApp` on the same one.

use crate::support::binary::{fail, new_hall, succeed};
use crate::support::envelope_support::{EnvelopeApp, assert_envelopes_verify};
use crate::support::helpers::{TestApp, without_deposit_gates};
use crate::support::wallet_support::WalletApp;
use serde_json::Value;
use std::path::Path;

fn envelope_args<'a>(args: &[&'a str]) -> Vec<&'a str> {
    ["admin", "envelope"].into_iter().chain(args.iter().copied()).collect()
}

#[track_caller]
fn envelope(data: &Path, args: &[&str]) -> String {
    succeed(data, &envelope_args(args))
}

#[track_caller]
fn envelope_json(data: &Path, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    serde_json::from_str(&envelope(data, &args)).expect("JSON")
}

#[track_caller]
fn refused(data: &Path, args: &[&str]) -> String {
    fail(data, &envelope_args(args)).stderr
}

#[tokio::test]
async fn the_operator_creates_an_envelope_players_claim_and_sees_its_claims() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, without_deposit_gates);
    let player = app.player().await;

    // Open to players without a deposit (the default asks for one: growth.envelope.recharge_min).
    let create = ["create", "--amount", "30", "--count", "3", "--mode", "fixed"];
    let printed = envelope(data, &[&create[..], &["--recharge-min", "0"]].concat());
    let code = printed
        .lines()
        .find_map(|line| line.strip_prefix("code: "))
        .expect("the code is printed")
        .to_string();
    assert!(printed.contains("shown only now"), "{printed}");
    assert_eq!(app.claim(&player, &code).await.assert_ok()["amount"], "10.00");
    assert!(envelope(data, &["reserve"]).contains("envelopes account: 20.00"));

    let shown = envelope_json(data, &["show", "1"]);
    assert_eq!(
        (shown["claimed_count"].as_i64(), shown["remainder"].as_str()),
        (Some(1), Some("20.00"))
    );
    assert_eq!(shown["claims"][0]["user_id"], player.id.to_string().parse::<i64>().expect("an id"));
    let table = envelope(data, &["show", "1"]);
    assert!(table.contains("remainder: 20.00") && table.contains(&player.phone), "{table}");
    let listed = envelope_json(data, &["list", "--state", "live"]);
    assert_eq!(listed[0]["id"], 1);
    assert!(!listed.to_string().contains(&code), "the code is never shown again");

    let withdrawn = envelope_json(data, &["withdraw", "1"]);
    assert_eq!(
        (withdrawn["state"].as_str(), withdrawn["refunded"].as_str()),
        (Some("withdrawn"), Some("20.00"))
    );
    assert_eq!(app.claim(&app.player().await, &code).await.err(), "envelope_invalid");
    assert_eq!(envelope_json(data, &["list", "--state", "live"]), Value::Array(vec![]));
    assert!(refused(data, &["withdraw", "1"]).contains("envelope_invalid"));
    assert_eq!(app.system_balance("envelopes").await, 0);
    assert_envelopes_verify(&app).await;
    succeed(data, &["admin", "verify"]);
    let reserve = envelope_json(data, &["reserve"]);
    assert_eq!(
        (reserve["account_minor"].as_i64(), reserve["open_minor"].as_i64()),
        (Some(0), Some(0))
    );
}

#[tokio::test]
async fn the_operator_chooses_the_code_the_player_and_the_expiry() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, without_deposit_gates);
    let (player, other) = (app.player().await, app.player().await);
    let phone = player.phone.as_str();

    let created = envelope_json(
        data,
        &[
            "create",
            "--amount",
            "5",
            "--count",
            "1",
            "--mode",
            "random",
            "--code",
            "gift2026",
            "--user",
            phone,
            "--expires-in",
            "2h",
            "--note",
            "birthday",
            "--recharge-min",
            "0",
        ],
    );

    assert_eq!(created["code"], "GIFT2026");
    assert_eq!(app.claim(&other, "GIFT2026").await.err(), "envelope_not_yours");
    assert_eq!(app.claim(&player, "gift2026").await.assert_ok()["amount"], "5.00");
    let shown = envelope_json(data, &["show", "1"]);
    assert_eq!(shown["note"], "birthday");
    assert_eq!(shown["state"], "finished");
    assert_eq!(shown["claims"][0]["luckiest"], true, "a random envelope of one share");
    let expires_at = shown["expires_at"].as_i64().expect("a time");
    assert_eq!(expires_at - shown["created_at"].as_i64().expect("a time"), 7_200);

    let at = envelope_json(
        data,
        &[
            "create",
            "--amount",
            "5",
            "--count",
            "5",
            "--mode",
            "fixed",
            "--vip-min",
            "2",
            "--expires-at",
            "2099-01-01 08:00",
        ],
    );
    assert_eq!(at["expires_at"], 4_070_912_400_i64, "08:00 in Asia/Ho_Chi_Minh");
    assert_eq!(
        app.claim(&other, at["code"].as_str().expect("a code")).await.err(),
        "envelope_not_yours"
    );
}

#[test]
fn creation_refuses_what_cannot_be_an_envelope_naming_why() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    envelope(
        data,
        &["create", "--amount", "5", "--count", "2", "--mode", "fixed", "--code", "TAKEN1"],
    );
    let cases: &[(&[&str], &str)] = &[
        (&["--amount", "0.05", "--count", "6", "--mode", "fixed"], "below count x 0.01"),
        (&["--amount", "5", "--count", "0", "--mode", "fixed"], "count: 0 is not in 1..=1000"),
        (&["--amount", "5", "--count", "2", "--mode", "lucky"], "mode"),
        (&["--amount", "5.001", "--count", "2", "--mode", "fixed"], "amount"),
        (&["--amount", "5", "--count", "2", "--mode", "fixed", "--code", "AB12"], "6-8 letters"),
        (&["--amount", "5", "--count", "2", "--mode", "fixed", "--code", "taken1"], "already uses"),
        (&["--amount", "5", "--count", "2", "--mode", "fixed", "--expires-in", "0h"], "expires-in"),
        (
            &[
                "--amount",
                "5",
                "--count",
                "2",
                "--mode",
                "fixed",
                "--expires-at",
                "2001-01-01 00:00",
            ],
            "expire before",
        ),
        (&["--amount", "5", "--count", "2", "--mode", "fixed", "--user", "nobody"], "no user"),
    ];
    for (args, reason) in cases {
        let mut full = vec!["create"];
        full.extend_from_slice(args);
        let stderr = refused(data, &full);
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
    assert_eq!(envelope_json(data, &["list"]).as_array().map(Vec::len), Some(1), "nothing else");
    assert!(refused(data, &["show", "9"]).contains("not_found"));
    assert!(refused(data, &["list", "--state", "open"]).contains("state"));
    succeed(data, &["admin", "verify"]);
}
