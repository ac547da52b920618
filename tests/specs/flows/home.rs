//! The home call (`api/index/index`, GET and POST) through the real router with a fixed clock:
//! the balances equal the wallet's; each entry's news turns on and off with the clock and the
//! player's actions; another player's state never shows. And the game lists
//! (`api/rooms/index`): every room's open period, the same as the room's own page.

use crate::content::content_items;
use crate::growth::tasks::create_task;
use crate::support::envelope_support::{EnvelopeApp, everyone};
use crate::support::goods::{GoodsApp, fruit};
use crate::support::helpers::{Player, Reply, TestApp, without_deposit_gates};
use crate::support::notice_support::{NoticeApp, announcement};
use crate::support::signin::sign;
use crate::support::wallet_support::{WalletApp, post_request};
use fairhall::content::items::types::{ContentKind, ItemInput};
use fairhall::games::rooms;
use fairhall::games::rules::room::Room;
use fairhall::growth::envelopes::types::{Mode, Target};
use fairhall::money::Money;
use serde_json::{Value, json};

const DAY: i64 = 86_400;

async fn home(app: &TestApp, player: &Player) -> Value {
    app.get_as(player, "/api/index/index", "").await.assert_ok().clone()
}

async fn home_by_post(app: &TestApp, player: &Player) -> Reply {
    app.send(post_request("/api/index/index", player, &json!({}), None)).await
}

fn advance_days(app: &TestApp, days: i64) {
    app.clock.advance(days * DAY);
}

#[tokio::test]
async fn get_and_post_show_the_wallets_balances() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "150.75").await;
    app.conversion(&player, json!({ "from": "balance", "amount": "50.25" }), None)
        .await
        .assert_ok();

    let by_get = home(&app, &player).await;
    let by_post = home_by_post(&app, &player).await;

    let wallet = app.balances_of(&player).await;
    let balances = &by_get["balances"];
    assert_eq!(balances["balance"], wallet.wallet.to_string());
    assert_eq!(balances["game_balance"], wallet.game.to_string());
    assert_eq!(
        (&balances["balance"], &balances["game_balance"], &balances["savings"]),
        (&json!("100.50"), &json!("50.25"), &json!("0.00"))
    );
    assert_eq!(balances["frozen"], "0.00");
    assert_eq!(by_post.assert_ok()["balances"], by_get["balances"]);
    assert_eq!(by_get["now"], app.now().secs());
}

#[tokio::test]
async fn the_home_call_needs_a_live_session() {
    let app = TestApp::spawn().await;

    app.get("/api/index/index", None).await.assert_login_required();
    app.get("/api/index/index", Some("not-a-token")).await.assert_login_required();
}

#[tokio::test]
async fn sign_in_is_due_until_the_player_signs_and_again_after_midnight() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let other = app.player().await;

    let before = home(&app, &player).await;
    sign(&app, &player, None).await.assert_ok();
    let signed = home(&app, &player).await;
    let other_view = home(&app, &other).await;
    advance_days(&app, 1);
    let next_day = home(&app, &player).await;

    assert_eq!(
        before["entries"]["signin"],
        json!({ "offered": true, "signed_today": false, "streak": 0 })
    );
    assert_eq!(
        signed["entries"]["signin"],
        json!({ "offered": true, "signed_today": true, "streak": 1 })
    );
    assert_eq!(other_view["entries"]["signin"]["signed_today"], false);
    assert_eq!(
        next_day["entries"]["signin"],
        json!({ "offered": true, "signed_today": false, "streak": 1 })
    );
}

#[tokio::test]
async fn a_task_is_ready_once_its_target_is_reached_until_its_reward_is_claimed() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let signin_task = create_task(&app, "signin", "1", "2", false).await;
    create_task(&app, "signin", "2", "2", false).await;
    create_task(&app, "deposit", "10", "2", true).await;
    let player = app.player().await;
    let other = app.player().await;

    let fresh = home(&app, &player).await;
    sign(&app, &player, None).await.assert_ok();
    let signed = home(&app, &player).await;
    let other_view = home(&app, &other).await;
    let claim = json!({ "id": signin_task });
    app.send(post_request("/api/task/claim", &player, &claim, None)).await.assert_ok();
    let claimed = home(&app, &player).await;

    assert_eq!(fresh["entries"]["tasks"], json!({ "open": 3, "ready": 0 }));
    assert_eq!(signed["entries"]["tasks"], json!({ "open": 3, "ready": 1 }));
    assert_eq!(other_view["entries"]["tasks"]["ready"], 0);
    assert_eq!(claimed["entries"]["tasks"], json!({ "open": 3, "ready": 0 }));
}

#[tokio::test]
async fn a_daily_task_is_ready_again_the_next_day() {
    let app = TestApp::spawn().await;
    let task = create_task(&app, "deposit", "10", "2", true).await;
    let player = app.player().await;
    app.approved_deposit(&player, "10").await;

    let ready = home(&app, &player).await;
    app.send(post_request("/api/task/claim", &player, &json!({ "id": task }), None))
        .await
        .assert_ok();
    let claimed = home(&app, &player).await;
    app.approved_deposit(&player, "10").await;
    let same_day = home(&app, &player).await;
    advance_days(&app, 1);
    let next_day = home(&app, &player).await;
    app.approved_deposit(&player, "10").await;
    let deposited_again = home(&app, &player).await;

    assert_eq!(ready["entries"]["tasks"]["ready"], 1);
    assert_eq!(claimed["entries"]["tasks"]["ready"], 0);
    assert_eq!(same_day["entries"]["tasks"]["ready"], 0);
    assert_eq!(next_day["entries"]["tasks"]["ready"], 0);
    assert_eq!(deposited_again["entries"]["tasks"]["ready"], 1);
}

#[tokio::test]
async fn envelopes_wait_for_the_players_allowed_until_claimed_or_expired() {
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let other = app.player().await;
    let for_all = app.create_envelope(everyone("10", 5, Mode::Fixed, app.now())).await;
    let mut for_other = everyone("10", 1, Mode::Fixed, app.now());
    for_other.target = Target::Player(other.id);
    app.create_envelope(for_other).await;
    let mut for_vip = everyone("10", 1, Mode::Fixed, app.now());
    for_vip.target = Target::VipMin(3);
    app.create_envelope(for_vip).await;

    let before = home(&app, &player).await;
    let other_before = home(&app, &other).await;
    app.claim(&player, &for_all.code).await.assert_ok();
    let claimed = home(&app, &player).await;
    let other_after = home(&app, &other).await;
    advance_days(&app, 2);
    let expired = home(&app, &other).await;

    assert_eq!(before["entries"]["envelopes"]["waiting"], 1);
    assert_eq!(other_before["entries"]["envelopes"]["waiting"], 2);
    assert_eq!(claimed["entries"]["envelopes"]["waiting"], 0);
    assert_eq!(other_after["entries"]["envelopes"]["waiting"], 2);
    assert_eq!(expired["entries"]["envelopes"]["waiting"], 0);
}

#[tokio::test]
async fn a_product_on_sale_is_new_for_the_configured_days() {
    let app = TestApp::spawn_with(|config| config.home.new_days = 7).await;
    let player = app.player().await;

    let none = home(&app, &player).await;
    app.product(fruit()).await;
    let fresh = home(&app, &player).await;
    advance_days(&app, 7);
    let week_later = home(&app, &player).await;
    advance_days(&app, 4);
    let ended = home(&app, &player).await;

    assert_eq!(none["entries"]["products"], json!({ "on_sale": 0, "new": 0 }));
    assert_eq!(fresh["entries"]["products"], json!({ "on_sale": 1, "new": 1 }));
    assert_eq!(week_later["entries"]["products"], json!({ "on_sale": 1, "new": 0 }));
    assert_eq!(ended["entries"]["products"], json!({ "on_sale": 0, "new": 0 }));
}

#[tokio::test]
async fn a_vip_upgrade_is_near_once_each_condition_is_at_the_configured_share() {
    let app = TestApp::spawn_with(|config| {
        config.home.vip_near_percent = 80;
        config.growth.vip.levels[1].betting_points = Money::ZERO;
    })
    .await;
    let player = app.player().await;
    let next = app.config.growth.vip.levels[1].total_deposit;
    // 10.00 short of 80 % of the next level's deposit, then exactly 80 %.
    let short = Money::from_minor(next.minor() * 80 / 100 - 1_000).expect("an amount");

    app.approved_deposit(&player, &short.to_string()).await;
    let below = home(&app, &player).await;
    app.approved_deposit(&player, "10").await;
    let near = home(&app, &player).await;

    let vip = |level, upgrade_near| json!({ "level": level, "next_level": 1, "upgrade_near": upgrade_near });
    assert_eq!(below["entries"]["vip"], vip(0, false));
    assert_eq!(near["entries"]["vip"], vip(0, true));
}

#[tokio::test]
async fn invitees_are_counted_and_recent_ones_only_for_the_configured_days() {
    let app = TestApp::spawn_with(|config| config.home.new_days = 7).await;
    let partner = app.player().await;
    let outsider = app.player().await;
    app.player_with(json!({ "invite_code": partner.invite_code })).await;

    let fresh = home(&app, &partner).await;
    let outsider_view = home(&app, &outsider).await;
    advance_days(&app, 8);
    let later = home(&app, &partner).await;

    let invite = &fresh["entries"]["invite"];
    assert_eq!(invite["invite_code"], partner.invite_code);
    assert_eq!((&invite["invitees"], &invite["joined_recently"]), (&json!(1), &json!(1)));
    assert_eq!(outsider_view["entries"]["invite"]["invitees"], 0);
    assert_eq!(later["entries"]["invite"]["joined_recently"], 0);
    assert_eq!(later["entries"]["invite"]["invitees"], 1);
}

#[tokio::test]
async fn games_list_their_rooms_and_count_those_taking_bets() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    let open = home(&app, &player).await;
    let close = app.db.write(|tx| rooms::set_room_open(tx, Room::parse("rgb3")?, false));
    close.await.expect("the room closes");
    let one_closed = home(&app, &player).await;

    let games = open["entries"]["games"].as_array().expect("games");
    let codes: Vec<&str> = games.iter().map(|game| game["game"].as_str().unwrap_or("")).collect();
    assert_eq!(codes, ["k3", "pk10", "ssc", "rgb", "yn28"]);
    let rgb = |view: &Value| view["entries"]["games"][3].clone();
    assert_eq!(rgb(&open)["rooms"].as_array().map(Vec::len), Some(3));
    let taking = rgb(&open)["taking_bets"].as_i64().expect("a count");
    assert_eq!(rgb(&one_closed)["taking_bets"], taking - 1);
    assert_eq!(open["entries"]["games"][4]["rooms"].as_array().map(Vec::len), Some(12));
}

#[tokio::test]
async fn the_game_list_shows_each_rooms_open_period_as_its_room_page_does() {
    let app = TestApp::spawn().await;

    let all = app.get("/api/rooms/index", None).await;
    let rgb = app.get("/api/rooms/index?game=rgb", None).await;
    let unknown = app.get("/api/rooms/index?game=mars", None).await;

    let list = all.assert_ok()["list"].as_array().expect("a list").clone();
    assert_eq!(list.len(), Room::all().len());
    let codes: Vec<&str> = rgb.assert_ok()["list"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|room| room["room"].as_str())
        .collect();
    assert_eq!(codes, ["rgb1", "rgb3", "rgb5"]);
    assert_eq!(unknown.err(), "bad_params");
    for room in &list {
        let code = room["room"].as_str().expect("a room");
        let page = app.room_index(code).await;
        let page = page.assert_ok();
        assert_eq!(
            (&room["issue"], &room["close_at"], &room["draw_at"]),
            (&page["issue"], &page["close_at"], &page["draw_at"]),
            "{code}"
        );
    }

    // A new period opens at the draw time, in the list as in the room.
    let k3 = &list[0];
    let draw_at = k3["draw_at"].as_i64().expect("a draw time");
    app.clock.advance(draw_at - app.now().secs());
    let next = app.get("/api/rooms/index?game=k3", None).await;
    let next = &next.assert_ok()["list"][0];
    assert_ne!(next["issue"], k3["issue"]);
    assert_eq!(next["issue"], app.room_index("k3").await.assert_ok()["issue"]);
}

#[tokio::test]
async fn banners_announcements_unread_and_new_activities_come_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let banner = ItemInput {
        picture: Some(content_items::picture(&app, 1).await),
        ..content_items::input(ContentKind::Banner, "vi", "Tuần lễ VIP")
    };
    let banner = content_items::create(&app, ContentKind::Banner, banner).await;
    content_items::translate(&app, ContentKind::Banner, banner, "en", "VIP week").await;
    let activity = content_items::input(ContentKind::Activity, "vi", "Nạp đầu");
    content_items::create(&app, ContentKind::Activity, activity).await;
    let notice = app.announce(announcement("vi", "Bảo trì")).await;
    app.translate(notice, "en", "Maintenance").await;

    let english = app.get_in(&player, "/api/index/index", "en").await;
    let english = english.assert_ok();
    assert_eq!(english["banners"][0]["title"], "VIP week");
    assert_eq!(english["announcements"][0]["title"], "Maintenance");
    assert_eq!(
        (&english["unread"], &english["entries"]["activities"]["new"]),
        (&json!(1), &json!(1))
    );
    let japanese = app.get_in(&player, "/api/index/index", "ja").await;
    assert_eq!(
        japanese.assert_ok()["announcements"][0]["title"],
        "Bảo trì",
        "the default language"
    );

    app.open(&player, "announcement", notice, "en").await.assert_ok();
    advance_days(&app, 8);
    let later = home(&app, &player).await;
    assert_eq!((&later["unread"], &later["entries"]["activities"]["new"]), (&json!(0), &json!(0)));
    assert_eq!(later["banners"].as_array().map(Vec::len), Some(1), "banners stay");
}
