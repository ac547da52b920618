//! A player's live stream ends when its session does: logout, freeze (through this process's
//! writes or another process's, found by the hub's resync), password change or reset, and
//! expiry; and the single-use stream tickets that keep tokens out of URLs.

use crate::games::live::{EVENT_WAIT, Live, SILENCE, open_path};
use crate::support::hall::Hall;
use crate::support::helpers::{PASSWORD, Player, Reply};
use fairhall::db::{Db, DbOptions};
use serde_json::json;
use std::time::Duration;

/// The hub checks open sessions against the database this often (src/live/hub.rs `RESYNC`).
const RESYNC: Duration = Duration::from_secs(30);

async fn ticket(hall: &Hall, token: &str) -> Reply {
    hall.app.post_json("/api/live/ticket", &json!({}), &[("token", token)]).await
}

/// `room`'s stream as the app opens it: a fresh ticket, then the stream with it.
async fn open_as(hall: &Hall, room: &str, token: &str) -> Live {
    let reply = ticket(hall, token).await;
    let ticket = reply.assert_ok()["ticket"].as_str().expect("a ticket").to_string();
    let path = format!("/api/live?room={room}&ticket={ticket}");
    let open = open_path(hall, &path, None).await.map_err(|reply| format!("{reply:?}"));
    let mut live = open.expect("open");
    live.next().await;
    live
}

async fn second_login(hall: &Hall, player: &Player) -> String {
    let reply = hall.app.login(&player.phone, PASSWORD).await;
    reply.assert_ok()["token"].as_str().expect("a token").to_string()
}

#[tokio::test]
async fn a_stream_ends_when_its_session_logs_out_and_no_other_does() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let other_token = second_login(&hall, &player).await;
    let mut mine = open_as(&hall, "k3", &player.token).await;
    let mut other = open_as(&hall, "k3", &other_token).await;

    hall.app.logout(&player.token).await.assert_ok();

    assert!(mine.ends_within(EVENT_WAIT).await, "the logged-out session's stream ended");
    assert!(!other.ends_within(SILENCE).await, "the player's other session streams on");
}

#[tokio::test]
async fn a_stream_ends_when_the_account_is_frozen() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let mut stream = open_as(&hall, "k3", &player.token).await;
    let bystander = hall.app.player().await;
    let mut theirs = open_as(&hall, "k3", &bystander.token).await;

    hall.app.freeze(player.id).await;

    assert!(stream.ends_within(EVENT_WAIT).await);
    assert!(!theirs.ends_within(SILENCE).await, "another player's stream");
}

#[tokio::test]
async fn a_password_change_ends_the_streams_of_the_other_sessions_only() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let other_token = second_login(&hall, &player).await;
    let mut changer = open_as(&hall, "k3", &player.token).await;
    let mut other = open_as(&hall, "k3", &other_token).await;

    let form =
        json!({"old_password": PASSWORD, "password": "changed_1", "repassword": "changed_1"});
    let path = "/api/personal/editpassword";
    hall.app.post_json(path, &form, &[("token", player.token.as_str())]).await.assert_ok();

    assert!(other.ends_within(EVENT_WAIT).await, "the other session was revoked");
    assert!(!changer.ends_within(SILENCE).await, "the session that changed it stays");

    hall.app.set_password(player.id, "changed_2").await;
    assert!(changer.ends_within(EVENT_WAIT).await, "the operator's reset ends every session");
}

// Time is paused after the set-up (a paused clock would time out requests that wait for the
// password hashing threads) and then jumps from timer to timer.
#[tokio::test]
async fn a_stream_ends_when_its_session_expires() {
    let hall = Hall::open_with(|config| config.auth.session_max_secs = 120).await;
    let player = hall.app.player().await;
    let mut stream = open_as(&hall, "k3", &player.token).await;
    tokio::time::pause();

    assert!(!stream.ends_within(Duration::from_secs(110)).await, "still within its session");
    assert!(stream.ends_within(Duration::from_secs(20)).await, "ended at the expiry");
}

#[tokio::test]
async fn the_resync_ends_streams_whose_session_another_process_ended() {
    let hall = Hall::open().await;
    let player = hall.app.player().await;
    let mut stream = open_as(&hall, "k3", &player.token).await;
    let bystander = hall.app.player().await;
    let mut theirs = open_as(&hall, "k3", &bystander.token).await;

    // `fairhall admin user freeze` opens the database file itself: this process's commit hook
    // never hears of its write.
    let options = DbOptions { read_connections: 1, writer_queue: 4, wal_max_bytes: 64 << 20 };
    let cli = Db::open(hall.app.db.path(), options).expect("a second handle");
    let (user_id, now) = (player.id, hall.app.now());
    cli.write(move |tx| fairhall::auth::freeze(tx, user_id, now)).await.expect("frozen");
    cli.close().await.expect("closed");
    tokio::time::pause();

    assert!(!stream.ends_within(SILENCE).await, "not heard of at once");
    assert!(stream.ends_within(RESYNC + Duration::from_secs(1)).await, "found by the resync");
    assert!(!theirs.ends_within(RESYNC).await, "a live session streams on");
}

#[tokio::test]
async fn a_ticket_opens_the_players_stream_once() {
    let hall = Hall::open().await;
    let player = hall.player_with_game("40").await;
    let reply = ticket(&hall, &player.token).await;
    let issued = reply.assert_ok();
    let ticket = issued["ticket"].as_str().expect("a ticket");
    assert_eq!(issued["expires_at"], hall.app.now() + fairhall::live::TICKET_TTL_SECS);
    let path = format!("/api/live?room=k3&ticket={ticket}");

    let mut stream = open_path(&hall, &path, None).await.map_err(|_| "open").unwrap();
    assert_eq!(stream.next().await["game_balance"], "40.00", "the player's stream");

    let again = open_path(&hall, &path, None).await.err().expect("refused");
    assert_eq!((again.code(), again.err()), (0, "ticket_invalid"), "used up");
}

#[tokio::test]
async fn expired_unknown_and_orphaned_tickets_are_refused() {
    let hall = Hall::open().await;
    let player = hall.app.player().await;
    let open_with = |ticket: String| {
        let hall = &hall;
        async move { open_path(hall, &format!("/api/live?room=k3&ticket={ticket}"), None).await }
    };
    let ticket_of =
        |reply: Reply| reply.assert_ok()["ticket"].as_str().expect("a ticket").to_string();

    let late = ticket_of(ticket(&hall, &player.token).await);
    hall.app.clock.advance(fairhall::live::TICKET_TTL_SECS);
    assert_eq!(open_with(late).await.err().expect("refused").err(), "ticket_invalid", "expired");

    let unknown = open_with("0".repeat(64)).await.err().expect("refused");
    assert_eq!(unknown.err(), "ticket_invalid", "unknown");
    let tokenless = ticket(&hall, "").await;
    tokenless.assert_login_required();

    let orphaned = ticket_of(ticket(&hall, &player.token).await);
    hall.app.logout(&player.token).await.assert_ok();
    let refused = open_with(orphaned).await.err().expect("refused");
    refused.assert_session_ended();
}
