//! Red envelopes through the API: claiming by code with every refusal, targeting, the luckiest
//! share, the record and the detail; the ledger after each.

use crate::support::envelope_support::{
    CLAIM, EnvelopeApp, amount_of, assert_envelopes_verify, everyone,
};
use crate::support::helpers::{Player, TestApp, without_deposit_gates};
use crate::support::wallet_support::{WalletApp, money, post_request};
use fairhall::growth::envelopes;
use fairhall::growth::envelopes::types::{EnvelopeCode, Mode, NewEnvelope, Target};
use fairhall::money::Money;
use serde_json::json;

#[tokio::test]
async fn a_claim_pays_a_share_from_the_reserved_total_to_the_wallet_with_turnover() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let bonus_before = app.system_balance("bonus").await;
    let created = app.create_envelope(everyone("30.00", 3, Mode::Fixed, app.now())).await;
    assert_eq!(app.system_balance("bonus").await, bonus_before - 3_000);
    assert_eq!(app.system_balance("envelopes").await, 3_000);

    let reply = app.claim(&player, &created.code.to_lowercase()).await;

    let data = reply.assert_ok();
    assert_eq!((data["amount"].as_str(), data["balance"].as_str()), (Some("10.00"), Some("10.00")));
    assert_eq!(data["luckiest"], false, "fixed shares have no luckiest");
    assert_eq!(data["envelope_id"], created.id);
    assert_eq!(app.balances_of(&player).await.wallet.to_string(), "10.00");
    assert_eq!(app.system_balance("envelopes").await, 2_000);
    assert_eq!(app.turnover_of(&player).await.to_string(), "10.00", "100 % of the bonus");
    let records = app.get_as(&player, "/api/envelope/records", "").await;
    assert_eq!(records.assert_ok()["total"], 1);
    assert_eq!(records.assert_ok()["list"][0]["amount"], "10.00");
    let changes = app.get_as(&player, "/api/personal/accountchangerecord", "").await;
    assert!(changes.data().to_string().contains("envelope"), "{changes:?}");
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn the_code_is_stored_hashed_never_in_plain() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let code = EnvelopeCode::parse("LUCKY888").expect("a code");
    let created = app
        .create_envelope(NewEnvelope {
            code: Some(code),
            ..everyone("5", 5, Mode::Random, app.now())
        })
        .await;
    assert_eq!(created.code, "LUCKY888");
    let stored: Vec<String> = app
        .db
        .read(|connection| {
            let mut query = connection.prepare("SELECT * FROM envelopes")?;
            let columns = query.column_count();
            let rows = query.query_map([], |row| {
                (0..columns)
                    .map(|index| row.get::<_, rusqlite::types::Value>(index))
                    .map(|value| value.map(|value| format!("{value:?}")))
                    .collect::<Result<Vec<_>, _>>()
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?.concat())
        })
        .await
        .expect("readable");
    assert!(stored.iter().all(|value| !value.to_uppercase().contains("LUCKY888")), "{stored:?}");
}

#[tokio::test]
async fn every_refusal_has_its_key() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let (player, other) = (app.player().await, app.player().await);
    let now = app.now();
    let live = app.create_envelope(everyone("10", 2, Mode::Random, now)).await;
    let mine = app
        .create_envelope(NewEnvelope {
            target: Target::Player(player.id),
            ..everyone("5", 1, Mode::Fixed, now)
        })
        .await;
    let vip = app
        .create_envelope(NewEnvelope {
            target: Target::VipMin(3),
            ..everyone("5", 1, Mode::Fixed, now)
        })
        .await;
    let short = app
        .create_envelope(NewEnvelope { expires_at: now + 60, ..everyone("5", 1, Mode::Fixed, now) })
        .await;
    let withdrawn = app.create_envelope(everyone("5", 1, Mode::Fixed, now)).await;
    app.db.write(move |tx| envelopes::withdraw(tx, withdrawn.id, now)).await.expect("withdrawn");
    let recharge = app
        .create_envelope(NewEnvelope {
            recharge_min: Some(Money::parse("100").expect("an amount")),
            ..everyone("5", 1, Mode::Fixed, now)
        })
        .await;
    let single = app.create_envelope(everyone("5", 1, Mode::Fixed, now)).await;
    app.claim(&player, &live.code).await.assert_ok();
    app.claim(&player, &single.code).await.assert_ok();
    app.clock.advance(61);

    let cases: [(&str, &Player, &str); 9] = [
        ("malformed", &player, "ab-12"),
        ("unknown", &player, "ZZZZ9999"),
        ("expired", &player, &short.code),
        ("withdrawn", &player, &withdrawn.code),
        ("nothing left", &other, &single.code),
        ("another player's", &other, &mine.code),
        ("VIP level too low", &player, &vip.code),
        ("claimed already", &player, &live.code),
        ("no deposit yet", &player, &recharge.code),
    ];
    let expected = [
        "envelope_code_abnormal",
        "envelope_code_abnormal",
        "envelope_expired",
        "envelope_invalid",
        "envelope_invalid",
        "envelope_not_yours",
        "envelope_not_yours",
        "envelope_claimed",
        "recharge_first",
    ];
    for ((description, who, code), key) in cases.into_iter().zip(expected) {
        let reply = app.claim(who, code).await;
        assert_eq!(reply.err(), key, "{description}: {reply:?}");
        assert!(!reply.msg().is_empty(), "{description}: a message");
    }
    let missing = app.send(post_request(CLAIM, &player, &json!({}), None)).await;
    assert_eq!(missing.err(), "missing_params");
    assert_eq!(app.balances_of(&other).await.wallet.to_string(), "0.00");
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn refusals_are_in_the_players_language() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let mut request = post_request(CLAIM, &player, &json!({ "code": "ZZZZ9999" }), None);
    request.headers_mut().insert("lang", "en".parse().expect("a header"));
    let english = app.send(request).await;
    let mut request = post_request(CLAIM, &player, &json!({ "code": "ZZZZ9999" }), None);
    request.headers_mut().insert("lang", "zh".parse().expect("a header"));
    let chinese = app.send(request).await;
    assert_eq!(
        (english.err(), chinese.err()),
        ("envelope_code_abnormal", "envelope_code_abnormal")
    );
    assert_ne!(english.msg(), chinese.msg());
}

#[tokio::test]
async fn targeted_envelopes_open_to_their_player_and_to_vip_levels_from_the_minimum() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let (player, gold, platinum) = (app.player().await, app.player().await, app.player().await);
    let now = app.now();
    let mine = app
        .create_envelope(NewEnvelope {
            target: Target::Player(player.id),
            ..everyone("5", 1, Mode::Fixed, now)
        })
        .await;
    let vip = app
        .create_envelope(NewEnvelope {
            target: Target::VipMin(3),
            ..everyone("10", 2, Mode::Fixed, now)
        })
        .await;
    app.set_vip_level(gold.id, 3).await;
    app.set_vip_level(platinum.id, 5).await;

    assert_eq!(app.claim(&player, &mine.code).await.assert_ok()["amount"], "5.00");
    assert_eq!(app.claim(&player, &vip.code).await.err(), "envelope_not_yours");
    assert_eq!(app.claim(&gold, &vip.code).await.assert_ok()["amount"], "5.00");
    assert_eq!(app.claim(&platinum, &vip.code).await.assert_ok()["amount"], "5.00");
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn a_deposit_opens_an_envelope_that_requires_one() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let request = NewEnvelope {
        recharge_min: Some(Money::parse("50").expect("an amount")),
        ..everyone("5", 1, Mode::Fixed, app.now())
    };
    let created = app.create_envelope(request).await;
    assert_eq!(app.claim(&player, &created.code).await.err(), "recharge_first");

    app.approved_deposit(&player, "50.00").await;

    assert_eq!(app.claim(&player, &created.code).await.assert_ok()["amount"], "5.00");
    assert_envelopes_verify(&app).await;
}

/// `growth.envelope.recharge_min` is 0.01 by default: an envelope created without its own
/// minimum opens to any player with a passed deposit, never to an account that has none.
#[tokio::test]
async fn by_default_an_envelope_needs_a_passed_deposit() {
    let app = TestApp::spawn().await;
    let (fresh, depositor) = (app.player().await, app.player().await);
    app.approved_deposit(&depositor, "10.00").await;
    let created = app.create_envelope(everyone("5", 2, Mode::Fixed, app.now())).await;

    assert_eq!(app.claim(&fresh, &created.code).await.err(), "recharge_first");
    assert_eq!(app.claim(&depositor, &created.code).await.assert_ok()["amount"], "2.50");
    assert_eq!(app.balances_of(&fresh).await.wallet, money("0.00"));
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn a_random_envelope_marks_its_largest_share_luckiest_for_its_claimer_alone() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let created = app.create_envelope(everyone("100", 8, Mode::Random, app.now())).await;
    let mut claims = Vec::new();
    for _ in 0..8 {
        let player = app.player().await;
        let reply = app.claim(&player, &created.code).await;
        claims.push((amount_of(&reply), reply.assert_ok()["luckiest"] == true, player));
    }
    assert_eq!(claims.iter().map(|claim| claim.0).sum::<i64>(), 10_000);
    let largest = claims.iter().map(|claim| claim.0).max().expect("claims");
    let luckiest: Vec<_> = claims.iter().filter(|claim| claim.1).collect();
    assert_eq!(luckiest.len(), 1);
    assert_eq!(luckiest[0].0, largest);

    let detail =
        app.get_as(&claims[0].2, "/api/envelope/detail", &format!("id={}", created.id)).await;
    let data = detail.assert_ok();
    assert_eq!(
        (data["claimed_count"].as_i64(), data["claimed_amount"].as_str()),
        (Some(8), Some("100.00"))
    );
    assert_eq!(data["state"], "finished");
    let lines = data["claims"].as_array().expect("claims");
    assert_eq!(lines.len(), 8);
    assert_eq!(lines.iter().filter(|line| line["luckiest"] == true).count(), 1);
    assert_eq!(lines.iter().filter(|line| line["mine"] == true).count(), 1);
    // Co-claimers see each other's last two digits only.
    assert!(lines.iter().all(|line| {
        line["phone"].as_str().is_some_and(|phone| phone.starts_with("*** ") && phone.len() == 6)
    }));
    let again = app.claim(&app.player().await, &created.code).await;
    assert_eq!(again.err(), "envelope_invalid", "nothing left");
    assert_eq!(app.system_balance("envelopes").await, 0);
    assert_envelopes_verify(&app).await;
}

#[tokio::test]
async fn the_detail_is_only_for_players_who_claimed_and_records_page_newest_first() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let (player, stranger) = (app.player().await, app.player().await);
    let mut ids = Vec::new();
    for _ in 0..3 {
        let created = app.create_envelope(everyone("3", 3, Mode::Fixed, app.now())).await;
        app.claim(&player, &created.code).await.assert_ok();
        ids.push(created.id);
        app.clock.advance(10);
    }
    let page = app.get_as(&player, "/api/envelope/records", "page=1&limit=2").await;
    let listed: Vec<_> = page.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|row| row["envelope_id"].as_i64())
        .collect();
    assert_eq!(listed, [Some(ids[2]), Some(ids[1])]);
    assert_eq!(page.assert_ok()["total"], 3);
    let second = app.get_as(&player, "/api/envelope/records", "page=2&limit=2").await;
    assert_eq!(second.assert_ok()["list"][0]["envelope_id"], ids[0]);

    let query = format!("id={}", ids[0]);
    assert_eq!(app.get_as(&stranger, "/api/envelope/detail", &query).await.err(), "not_found");
    assert_eq!(app.get_as(&player, "/api/envelope/detail", "id=999").await.err(), "not_found");
    assert_eq!(app.get_as(&player, "/api/envelope/detail", "id=x").await.err(), "bad_params");
    assert_eq!(
        app.get_as(&player, "/api/envelope/detail", &query).await.assert_ok()["total"],
        "3.00"
    );
}
