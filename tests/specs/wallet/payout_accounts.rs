//! Withdrawal accounts: the bank list, the one bank card (linked once, stored encrypted,
//! shown masked) and up to two USDT addresses.

use crate::support::helpers::{Player, Reply, START, TestApp};
use fairhall::config::BankOption;
use fairhall::crypto::CardCipher;
use fairhall::ids::UserId;
use fairhall::wallet::payout_accounts;
use fairhall::wallet::types::Method;
use serde_json::{Value, json};

pub const TRC20: &str = "TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e";
pub const ERC20: &str = "0x52908400098527886E0F7030069857D2E4169EE7";
const CARD: &str = "6222 0212 3456 7890";

// ---- one function per endpoint ----

async fn bank_list(app: &TestApp, player: &Player) -> Reply {
    app.get("/api/personal/banklist", Some(&player.token)).await
}

pub async fn add_bank(app: &TestApp, player: &Player, form: Value) -> Reply {
    app.post_json("/api/personal/add_bank", &form, &[("token", &player.token)]).await
}

async fn bank_card(app: &TestApp, player: &Player) -> Reply {
    app.get("/api/personal/bankcard", Some(&player.token)).await
}

async fn add_usdt(app: &TestApp, player: &Player, form: Value) -> Reply {
    app.post_json("/api/personal/addusdt", &form, &[("token", &player.token)]).await
}

async fn usdt_list(app: &TestApp, player: &Player) -> Reply {
    app.get("/api/personal/usdtlist", Some(&player.token)).await
}

/// A card form that passes every rule, for the holder "Nguyen Van An".
pub fn card_form() -> Value {
    json!({ "bank_id": "VCB", "holder": "Nguyen Van An", "card_no": CARD,
        "ifsc": "hdfc0001234", "bank_address": "1 Le Loi, District 1", "phone": "+84 912 345 678",
        "remark": "salary" })
}

/// `form` with each key of `patch` set, or removed when null.
fn with(form: Value, patch: Value) -> Value {
    let mut form = form;
    crate::support::helpers::merge(&mut form, &patch);
    form
}

// ---- bank list and card ----

#[tokio::test]
async fn the_bank_list_is_the_operators_banks() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.banks = vec![
            BankOption { code: "ACB".into(), name: "Asia Commercial Bank".into() },
            BankOption { code: "VCB".into(), name: "Vietcombank".into() },
        ];
    })
    .await;
    let player = app.player().await;

    let reply = bank_list(&app, &player).await;

    assert_eq!(
        reply.assert_ok(),
        &json!([{ "id": "ACB", "name": "Asia Commercial Bank" },
                 { "id": "VCB", "name": "Vietcombank" }])
    );
}

#[tokio::test]
async fn a_linked_card_is_shown_masked_and_sets_the_real_name() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    assert_eq!(bank_card(&app, &player).await.assert_ok(), &Value::Null);

    let linked = add_bank(&app, &player, card_form()).await;

    let id = linked.assert_ok()["id"].as_i64().expect("an id");
    let card = bank_card(&app, &player).await;
    let card = card.assert_ok();
    assert_eq!(card["id"], id);
    assert_eq!(card["card_no"], "**** **** **** 7890");
    assert_eq!((&card["bank_id"], &card["bank_name"]), (&json!("VCB"), &json!("Vietcombank")));
    assert_eq!(card["holder"], "Nguyen Van An");
    assert_eq!(card["ifsc"], "HDFC0001234");
    assert_eq!(card["bank_address"], "1 Le Loi, District 1");
    assert_eq!((&card["phone"], &card["remark"]), (&json!("+84 912 345 678"), &json!("salary")));
    assert_eq!(card["created_at"], app.now());
    assert!(!card.to_string().contains("34567890"), "the number never leaves unmasked");
    let profile = app.personal_index(&player.token).await;
    assert_eq!(profile.assert_ok()["real_name"], "Nguyen Van An");
    assert_eq!(profile.assert_ok()["bank_card_bound"], true);
}

#[tokio::test]
async fn the_card_number_is_stored_only_encrypted() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    add_bank(&app, &player, card_form()).await.assert_ok();

    let user_id = player.id;
    let (card_id, cipher_text, last4) = app
        .db
        .read(move |connection| {
            Ok(connection.query_row(
                "SELECT bank_card_id, card_cipher, card_last4 FROM bank_cards WHERE user_id = ?1",
                [user_id],
                |row| {
                    Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?, row.get::<_, String>(2)?))
                },
            )?)
        })
        .await
        .expect("the card row");
    assert_eq!(last4, "7890");
    for clear in ["6222021234567890", "6222 0212", "02123456"] {
        assert!(!cipher_text.contains(clear), "{cipher_text} contains {clear}");
    }
    let secrets = &app.config.secrets;
    let cipher = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key).expect("keys");
    let row = format!("bank_card:{card_id}:user:{user_id}");
    let plain = cipher.decrypt(&cipher_text, row.as_bytes()).expect("it decrypts");
    assert_eq!(plain, b"6222021234567890");
    assert!(cipher.decrypt(&cipher_text, b"bank_card:0:user:0").is_err(), "bound to its row");
}

#[tokio::test]
async fn a_second_card_is_refused_because_the_first_is_locked() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    add_bank(&app, &player, card_form()).await.assert_ok();

    let same = add_bank(&app, &player, card_form()).await;
    let other_card = with(card_form(), json!({ "bank_id": "TCB", "card_no": "9704000011112222" }));
    let other = add_bank(&app, &player, other_card).await;

    assert_eq!(same.err(), "withdraw_account_locked");
    assert_eq!(other.err(), "withdraw_account_locked");
    assert_eq!(bank_card(&app, &player).await.assert_ok()["card_no"], "**** **** **** 7890");
}

#[tokio::test]
async fn the_holder_must_be_the_accounts_real_name() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other = app.player().await;
    for (who, name) in [(&player, "Tran Thi Binh"), (&other, "Tran Thi Binh")] {
        let form = json!({ "real_name": name });
        app.post_json("/api/personal/setuserinfo", &form, &[("token", &who.token)])
            .await
            .assert_ok();
    }

    let mismatched = add_bank(&app, &player, card_form()).await;
    let capitals =
        add_bank(&app, &other, with(card_form(), json!({ "holder": " TRAN THI BINH " }))).await;

    assert_eq!(mismatched.err(), "holder_mismatch");
    assert_eq!(bank_card(&app, &player).await.assert_ok(), &Value::Null);
    capitals.assert_ok();
    assert_eq!(app.personal_index(&other.token).await.assert_ok()["real_name"], "Tran Thi Binh");
}

#[tokio::test]
async fn invalid_cards_are_refused_and_nothing_is_linked() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let cases = [
        ("no bank", json!({ "bank_id": null }), "missing_params"),
        ("no holder", json!({ "holder": null }), "missing_params"),
        ("no number", json!({ "card_no": null }), "missing_params"),
        ("a bank the operator does not offer", json!({ "bank_id": "XYZ" }), "bad_params"),
        ("a blank holder", json!({ "holder": "   " }), "missing_params"),
        ("a holder of 65 characters", json!({ "holder": "a".repeat(65) }), "text_too_long"),
        ("7 digits", json!({ "card_no": "1234567" }), "invalid_card_number"),
        ("25 digits", json!({ "card_no": "1".repeat(25) }), "invalid_card_number"),
        ("dashes", json!({ "card_no": "6222-0212-3456-7890" }), "invalid_card_number"),
        ("letters", json!({ "card_no": "6222 0212 3456 789O" }), "invalid_card_number"),
        ("an IFSC without the zero", json!({ "ifsc": "HDFC1001234" }), "bad_format"),
        ("a short IFSC", json!({ "ifsc": "HDFC000123" }), "bad_format"),
        ("a phone with letters", json!({ "phone": "call me" }), "invalid_phone"),
        ("a remark of 101 characters", json!({ "remark": "r".repeat(101) }), "text_too_long"),
        ("a long bank address", json!({ "bank_address": "a".repeat(201) }), "text_too_long"),
        ("a control character", json!({ "remark": "a\u{7}b" }), "bad_params"),
    ];

    for (description, patch, key) in cases {
        let reply = add_bank(&app, &player, with(card_form(), patch)).await;
        assert_eq!(reply.err(), key, "{description}");
    }

    assert_eq!(bank_card(&app, &player).await.assert_ok(), &Value::Null);
    let profile = app.personal_index(&player.token).await;
    assert_eq!(
        (&profile.assert_ok()["real_name"], &profile.assert_ok()["bank_card_bound"]),
        (&json!(""), &json!(false))
    );
}

#[tokio::test]
async fn optional_card_fields_may_be_left_out() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let form = json!({ "bank_id": "vcb", "holder": "An", "card_no": "12345678" });

    add_bank(&app, &player, form).await.assert_ok();

    let card = bank_card(&app, &player).await;
    assert_eq!(card.assert_ok()["bank_id"], "VCB");
    assert_eq!(card.assert_ok()["card_no"], "**** **** **** 5678");
    for field in ["ifsc", "bank_address", "phone", "remark"] {
        assert_eq!(card.assert_ok()[field], "", "{field}");
    }
}

#[tokio::test]
async fn add_bank_and_addusdt_also_take_get_with_trailing_segments() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let token = &player.token;

    let card = app
        .get(
            &format!(
                "/api/personal/add_bank/bank_id/VCB/holder/Nguyen%20Van%20An\
                 /card_no/6222021234567890/token/{token}"
            ),
            None,
        )
        .await;
    let address =
        app.get(&format!("/api/personal/addusdt?type=TRC20&address={TRC20}"), Some(token)).await;

    card.assert_ok();
    address.assert_ok();
    assert_eq!(bank_card(&app, &player).await.assert_ok()["holder"], "Nguyen Van An");
    assert_eq!(usdt_list(&app, &player).await.assert_ok()[0]["address"], TRC20);
}

#[tokio::test]
async fn the_linked_card_is_a_withdrawal_target_of_its_owner_only() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other = app.player().await;
    let id = add_bank(&app, &player, card_form()).await.assert_ok()["id"].as_i64().expect("an id");

    let label = |user_id: UserId| {
        app.db.read(move |connection| {
            payout_accounts::withdrawal_target(connection, user_id, Method::Bank, id)
        })
    };

    assert_eq!(label(player.id).await.expect("a label"), "VCB ****7890");
    let stranger = label(other.id).await.expect_err("not theirs");
    assert_eq!(stranger.key(), "withdraw_account_missing");
}

// ---- USDT addresses ----

#[tokio::test]
async fn usdt_addresses_are_listed_and_limited_to_two() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let first = json!({ "type": "TRC20", "address": TRC20, "remark": "main" });
    let first = add_usdt(&app, &player, first).await;
    app.clock.advance(10);
    let second = add_usdt(&app, &player, json!({ "type": "erc20", "address": ERC20 })).await;
    let third = json!({ "type": "TRC20", "address": "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7" });
    let third = add_usdt(&app, &player, third).await;

    let list = usdt_list(&app, &player).await;
    assert_eq!(third.err(), "usdt_address_limit");
    assert_eq!(
        list.assert_ok(),
        &json!([
            { "id": first.assert_ok()["id"], "type": "TRC20", "address": TRC20, "remark": "main",
              "created_at": app.now() - 10 },
            { "id": second.assert_ok()["id"], "type": "ERC20", "address": ERC20, "remark": "",
              "created_at": app.now() },
        ])
    );
}

#[tokio::test]
async fn the_same_address_twice_is_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let other = app.player().await;
    add_usdt(&app, &player, json!({ "type": "ERC20", "address": ERC20 })).await.assert_ok();

    let again = add_usdt(&app, &player, json!({ "type": "ERC20", "address": ERC20 })).await;
    let lower = json!({ "type": "ERC20", "address": ERC20.to_lowercase() });
    let lower = add_usdt(&app, &player, lower).await;
    let someone_else = add_usdt(&app, &other, json!({ "type": "ERC20", "address": ERC20 })).await;

    assert_eq!(again.err(), "address_exists");
    assert_eq!(lower.err(), "address_exists", "ERC20 capitals are only a checksum");
    assert_eq!(someone_else.err(), "payout_account_taken", "an address belongs to one player");
    assert_eq!(usdt_list(&app, &player).await.assert_ok().as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn invalid_usdt_addresses_are_refused() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let valid = json!({ "type": "TRC20", "address": TRC20 });
    let cases = [
        ("no type", json!({ "type": null }), "missing_params"),
        ("no address", json!({ "address": null }), "missing_params"),
        ("another network", json!({ "type": "BEP20" }), "bad_params"),
        ("an ERC20 address as TRC20", json!({ "address": ERC20 }), "invalid_usdt_address"),
        ("a TRC20 address as ERC20", json!({ "type": "ERC20" }), "invalid_usdt_address"),
        ("33 characters", json!({ "address": &TRC20[..33] }), "invalid_usdt_address"),
        (
            "a zero (not base58)",
            json!({ "address": TRC20.replace('k', "0") }),
            "invalid_usdt_address",
        ),
        (
            "not hex",
            json!({ "type": "ERC20", "address": ERC20.replace('E', "G") }),
            "invalid_usdt_address",
        ),
        ("a remark of 101 characters", json!({ "remark": "r".repeat(101) }), "text_too_long"),
    ];

    for (description, patch, key) in cases {
        let reply = add_usdt(&app, &player, with(valid.clone(), patch)).await;
        assert_eq!(reply.err(), key, "{description}");
    }

    assert_eq!(usdt_list(&app, &player).await.assert_ok(), &json!([]));
}

#[tokio::test]
async fn withdrawal_accounts_need_a_session() {
    let app = TestApp::spawn().await;

    for path in [
        "/api/personal/banklist",
        "/api/personal/add_bank",
        "/api/personal/bankcard",
        "/api/personal/addusdt",
        "/api/personal/usdtlist",
    ] {
        app.get(path, None).await.assert_login_required();
    }
}

// ---- one player per card and address ----

fn usdt_form(network: &str, address: &str) -> Value {
    json!({ "type": network, "address": address })
}

/// A script's alt accounts cashing out to one wallet: the second player to link a card number
/// (spaces or none) or an address (an ERC20 one in other capitals) is refused, and nothing is
/// linked for him.
#[tokio::test]
async fn a_card_or_address_another_player_linked_is_refused_and_links_nothing() {
    let app = TestApp::spawn().await;
    let (first, second) = (app.player().await, app.player().await);
    add_bank(&app, &first, card_form()).await.assert_ok();
    add_usdt(&app, &first, usdt_form("TRC20", TRC20)).await.assert_ok();
    add_usdt(&app, &first, usdt_form("ERC20", ERC20)).await.assert_ok();

    let same_digits = with(card_form(), json!({ "card_no": CARD.replace(' ', "") }));
    let card = add_bank(&app, &second, same_digits).await;
    let trc20 = add_usdt(&app, &second, usdt_form("TRC20", TRC20)).await;
    let erc20 = add_usdt(&app, &second, usdt_form("ERC20", &ERC20.to_lowercase())).await;

    assert_eq!(card.err(), "payout_account_taken");
    assert_eq!(trc20.err(), "payout_account_taken");
    assert_eq!(erc20.err(), "payout_account_taken", "ERC20 capitals are only a checksum");
    assert_eq!(bank_card(&app, &second).await.assert_ok(), &Value::Null);
    assert_eq!(usdt_list(&app, &second).await.assert_ok(), &json!([]));
    let other_card = with(card_form(), json!({ "card_no": "6222 0212 3456 7891" }));
    add_bank(&app, &second, other_card).await.assert_ok();
}

/// `wallet.shared_payout_accounts = "flag"`: a family links one card and one address, and the
/// operator sees who shares them.
#[tokio::test]
async fn with_sharing_flagged_players_may_share_and_the_operator_sees_who() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.shared_payout_accounts = fairhall::config::PayoutSharing::Flag;
    })
    .await;
    let (first, second) = (app.player().await, app.player().await);
    for player in [&first, &second] {
        add_bank(&app, player, card_form()).await.assert_ok();
        add_usdt(&app, player, usdt_form("TRC20", TRC20)).await.assert_ok();
    }

    let second_id = second.id;
    let shared = app.db.read(move |connection| payout_accounts::shared_with(connection, second_id));
    let shared = shared.await.expect("readable");

    let accounts: Vec<(&str, Vec<UserId>)> =
        shared.iter().map(|shared| (shared.account.as_str(), shared.others.clone())).collect();
    let trc20 = format!("TRC20 {TRC20}");
    assert_eq!(accounts, [("card ****7890", vec![first.id]), (trc20.as_str(), vec![first.id])]);
    let all = app.db.read(payout_accounts::all_shared).await.expect("readable");
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(|shared| shared.others == [first.id, second.id]), "{all:?}");
}

/// A card linked before fingerprints were kept is fingerprinted when the server starts
/// (`seal_cards`), and from then a second player linking it is refused.
#[tokio::test]
async fn a_card_linked_before_fingerprints_is_recognised_once_sealed() {
    let app = TestApp::spawn().await;
    let (first, second) = (app.player().await, app.player().await);
    add_bank(&app, &first, card_form()).await.assert_ok();
    let forget = app.db.write(|tx| {
        tx.execute("UPDATE bank_cards SET card_fingerprint = NULL", [])?;
        Ok(())
    });
    forget.await.expect("an old card");
    let secrets = app.config.secrets.clone();
    let cipher = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key).expect("keys");

    let sealed = app.db.write(move |tx| payout_accounts::seal_cards(tx, &cipher, START));

    assert_eq!(sealed.await.expect("sealed"), (0, 1));
    assert_eq!(add_bank(&app, &second, card_form()).await.err(), "payout_account_taken");
}

#[tokio::test]
async fn other_card_keys_are_refused_before_one_card_is_paid_out() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    add_bank(&app, &player, card_form()).await.assert_ok();
    let secrets = app.config.secrets.clone();
    let own = CardCipher::from_hex(&secrets.card_key, &secrets.card_mac_key).expect("keys");
    let other_key = "ab".repeat(32);
    let other = CardCipher::from_hex(&other_key, &"cd".repeat(32)).expect("other keys");
    let check = |cipher: CardCipher| {
        app.db.write(move |tx| payout_accounts::check_card_keys(tx, &cipher, START))
    };

    // No fingerprint recorded yet: the sealed card decides, and then the keys are recorded.
    let refused = check(other.clone()).await.expect_err("a card that does not open");
    assert!(format!("{refused:?}").contains("sealed with other keys"), "{refused:?}");
    check(own.clone()).await.expect("the hall's own keys");
    let recorded = app.db.read(payout_accounts::recorded_card_keys);
    assert_eq!(recorded.await.expect("read"), Some(own.key_fingerprint()));
    // Recorded: other keys are refused by their fingerprint, even with no card to try.
    app.db
        .write(|tx| Ok(tx.execute("UPDATE bank_cards SET card_cipher = ''", [])?))
        .await
        .expect("cards forgotten");
    let refused = check(other).await.expect_err("other keys");
    assert!(format!("{refused:?}").contains(&own.key_fingerprint()), "{refused:?}");
    check(own).await.expect("still the hall's own keys");
}
