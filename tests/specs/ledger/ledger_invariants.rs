//! The ledger's invariants in production (issue 18): a failed check halts money, not reads,
//! until the operator has corrected the books with a reversing entry and `admin verify`
//! passed; the incremental check finds what was broken after its watermark; the full check
//! finds every kind of double payment; and the incremental pass costs the same on an old
//! journal as on a young one (figures printed; `FAIRHALL_LEDGER_ENTRIES` for a longer run).

use crate::support::binary::{run, succeed};
use crate::support::hall::Hall;
use crate::support::helpers::{Player, TestApp, without_deposit_gates};
use crate::support::wallet_support::{WalletApp, assert_ledger_verifies, money};
use axum::http::StatusCode;
use fairhall::clock::Timestamp;
use fairhall::db::Db;
use fairhall::flows;
use fairhall::ledger::{
    self, AccountRef, Entry, EntryKind, SystemAccount, UserAccountKind, Watermark,
};
use fairhall::scheduler::ledger_check::{self, LedgerCheck};
use serde_json::{Value, json};
use std::time::Instant;

/// Writes `entry` as a bug in a domain verb would: through the ledger, so only the invariants
/// that tie the journal to the domain rows can see it. Returns the entry's id.
async fn write_entry(db: &Db, entry: Entry) -> i64 {
    db.write(move |tx| Ok(ledger::transfer(tx, entry)?.entry_id)).await.expect("written")
}

/// A second credit of deposit `deposit_id` (20.00) to `player`'s wallet.
fn deposit_again(player: &Player, deposit_id: i64, now: Timestamp) -> Entry {
    let wallet = AccountRef::User(player.id, UserAccountKind::Wallet);
    let external = AccountRef::System(SystemAccount::External);
    Entry::new(EntryKind::Deposit, external, wallet, money("20.00"), now)
        .reference(format!("deposit:{deposit_id}"))
}

async fn check(app: &TestApp) -> LedgerCheck {
    ledger_check::check(&app.db, app.now(), None).await.expect("the check runs")
}

fn readiness_of<'a>(ready: &'a Value, name: &str) -> &'a Value {
    let checks = ready["checks"].as_array().expect("checks");
    checks.iter().find(|check| check["name"] == name).expect("the check is listed")
}

#[tokio::test]
async fn a_failed_check_halts_money_but_not_reads_until_a_reversal_and_verify() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let data = app.config.server.data_dir.clone();
    let player = hall.player_with_game("50").await;
    let deposit_id = app.approved_deposit(&player, "20.00").await;
    let duplicate = write_entry(&app.db, deposit_again(&player, deposit_id, app.now())).await;

    let failed = check(app).await;
    let bet = hall.bet(&player, "k3", json!([{ "option": "big", "amount": "10" }])).await;
    let conversion = app.conversion(&player, json!({ "from": "game", "amount": "1" }), None);
    let conversion = conversion.await;
    let profile = app.get_as(&player, "/api/personal/index", "").await;
    let ready = app.get("/readyz", None).await;
    let doctor = run(&data, &["admin", "doctor"]);

    assert_eq!(failed, LedgerCheck::Failed("nothing_paid_twice (1)".into()));
    assert_eq!(bet.err(), "ledger_halted");
    assert_eq!(conversion.err(), "ledger_halted");
    assert_eq!(
        profile.assert_ok()["balance"],
        "40.00",
        "reads go on: the balance shows both credits"
    );
    assert_eq!(ready.status, StatusCode::SERVICE_UNAVAILABLE, "{ready:?}");
    let ledger = readiness_of(&ready.body, "ledger");
    assert_eq!(ledger["ok"], false);
    assert!(ledger["detail"].as_str().is_some_and(|text| text.contains("nothing_paid_twice")));
    assert_eq!(doctor.status.code(), Some(3), "{doctor:?}");
    assert!(
        doctor.stdout.contains("ledger_halt: PROBLEM: the server halted payments"),
        "{doctor:?}"
    );
    assert_eq!(app.balances_of(&player).await.game, money("50.00"), "the refusals moved nothing");

    // The operator reverses the extra credit (from the command line: this process is halted)
    // and verifies; the server's next check passes and money moves again.
    let refused_verify = run(&data, &["admin", "verify"]);
    let reversal =
        succeed(&data, &["admin", "reverse", &duplicate.to_string(), "--reason", "twice"]);
    let twice = run(&data, &["admin", "reverse", &duplicate.to_string(), "--reason", "again"]);
    let verified = succeed(&data, &["admin", "verify"]);
    let resumed = check(app).await;
    let bet = hall.bet(&player, "k3", json!([{ "option": "big", "amount": "10" }])).await;

    assert_eq!(refused_verify.status.code(), Some(3), "{refused_verify:?}");
    assert!(refused_verify.stdout.contains(&format!("deposit deposit:{deposit_id}: paid by 2")));
    assert!(reversal.contains(&format!("reverses entry {duplicate}")), "{reversal}");
    assert!(twice.stderr.contains("entry_reversed"), "{twice:?}");
    assert!(verified.contains("nothing_paid_twice               ok"), "{verified}");
    assert!(matches!(resumed, LedgerCheck::Passed { more: false, .. }), "{resumed:?}");
    assert_eq!(bet.assert_ok()["game_balance"], "40.00");
    assert_eq!(app.get("/readyz", None).await.status, StatusCode::OK);
    assert_eq!(app.balances_of(&player).await.wallet, money("20.00"));
    assert_ledger_verifies(app).await;
}

#[tokio::test]
async fn the_incremental_check_sees_what_was_broken_after_its_watermark_and_the_full_check_all() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    let deposit_id = app.approved_deposit(&player, "20.00").await;
    let before = write_entry(&app.db, deposit_again(&player, deposit_id, app.now())).await;
    // Checked up to here by a pass that could not see it (as after a full verify's mark).
    let mark = app.db.read(flows::ledger_check::latest).await.expect("the journal's end");
    app.db
        .write(move |tx| flows::ledger_check::record_passed(tx, mark, Timestamp::from_secs(0)))
        .await
        .ok();
    let clean = check(&app).await;
    let other = app.approved_deposit(&player, "20.00").await;
    let after = write_entry(&app.db, deposit_again(&player, other, app.now())).await;

    let since =
        app.db.read(move |db| flows::ledger_check::verify_since(db, mark)).await.expect("a pass");
    let full = app.ledger_report().await;

    assert!(matches!(clean, LedgerCheck::Passed { .. }), "{clean:?}");
    let found: Vec<&str> = since.report.paid_twice.iter().map(|d| d.reference.as_str()).collect();
    assert_eq!(found, [format!("deposit:{other}")], "{since:?}");
    assert!(!since.more);
    assert_eq!(since.report.checked_through.entry_id, after);
    let all: Vec<&str> = full.paid_twice.iter().map(|d| d.reference.as_str()).collect();
    assert_eq!(all, [format!("deposit:{deposit_id}"), format!("deposit:{other}")]);
    assert!(before <= mark.entry_id, "the first duplicate is below the watermark");
}

#[tokio::test]
async fn a_balance_changed_behind_the_ledger_breaks_the_replay_of_the_next_posting() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "30.00").await;
    let account_id: i64 = app
        .db
        .read(move |db| {
            let account = "SELECT account_id FROM accounts WHERE user_id = ?1 AND kind = 'wallet'";
            Ok(db.query_row(account, [player.id], |row| row.get(0))?)
        })
        .await
        .expect("the wallet");
    assert!(matches!(check(&app).await, LedgerCheck::Passed { .. }));
    // The cache is updatable (only the journal is append-only): a raw write is possible.
    app.db
        .write(move |tx| {
            tx.execute(
                "UPDATE accounts SET balance = balance + 500 WHERE account_id = ?1",
                [account_id],
            )?;
            Ok(())
        })
        .await
        .expect("tampered");
    let convert = app.conversion(&player, json!({ "from": "balance", "amount": "1" }), None);
    convert.await.assert_ok();

    let failed = check(&app).await;

    let since = app.db.ledger_halt().reason().expect("halted");
    assert_eq!(failed, LedgerCheck::Failed(since.clone()));
    assert!(since.starts_with("balances_equal_postings"), "{since}");
}

#[tokio::test]
async fn the_scheduler_checks_after_a_settlement_and_when_due() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let every_secs = 1_000_000;
    let scheduler = hall.scheduler.clone().with_ledger_check_every_secs(every_secs);
    let player = hall.player_with_game("50").await;

    let first = scheduler.tick(app.now()).await;
    let quiet = scheduler.tick(app.now()).await;
    hall.bet(&player, "k3", json!([{ "option": "big", "amount": "10" }])).await.assert_ok();
    let index = app.room_index("k3").await;
    let draw_at = Timestamp::from_secs(index.assert_ok()["draw_at"].as_i64().expect("a draw time"));
    app.clock.advance(draw_at - app.now());
    let settled = scheduler.tick(app.now()).await;
    app.clock.advance(i64::try_from(every_secs).expect("secs"));
    let due = scheduler.tick(app.now()).await;

    assert!(matches!(first.ledger_check, Some(LedgerCheck::Passed { .. })), "{first:?}");
    assert_eq!(quiet.ledger_check, None, "not due and nothing settled");
    assert_eq!(settled.bets_settled, 1, "{settled:?}");
    assert!(matches!(settled.ledger_check, Some(LedgerCheck::Passed { .. })), "{settled:?}");
    assert!(matches!(due.ledger_check, Some(LedgerCheck::Passed { .. })), "{due:?}");
    let stored = app.db.read(Watermark::stored).await.expect("the mark");
    let latest = app.db.read(flows::ledger_check::latest).await.expect("the end");
    assert_eq!(stored, latest, "the check caught up with the journal");
}

/// Entries in the old journal of the cost figure (`FAIRHALL_LEDGER_ENTRIES` for more).
fn old_journal_entries() -> usize {
    std::env::var("FAIRHALL_LEDGER_ENTRIES").ok().and_then(|n| n.parse().ok()).unwrap_or(40_000)
}

/// New entries each measured pass checks.
const NEW_ENTRIES: usize = 1_000;

/// Grows the journal to `entries` by moves between two players' wallets and savings.
async fn grow_journal(app: &TestApp, player: &Player, entries: usize) {
    const PER_WRITE: usize = 5_000;
    let user_id = player.id;
    let now = app.now();
    let mut written =
        app.db.read(flows::ledger_check::latest).await.expect("the end").entry_id as usize;
    while written < entries {
        let count = PER_WRITE.min(entries - written);
        app.db
            .write(move |tx| {
                let wallet = AccountRef::User(user_id, UserAccountKind::Wallet);
                let savings = AccountRef::User(user_id, UserAccountKind::Savings);
                for step in 0..count {
                    let (from, to) =
                        if step % 2 == 0 { (wallet, savings) } else { (savings, wallet) };
                    let entry = Entry::new(EntryKind::SavingsIn, from, to, money("1.00"), now);
                    ledger::transfer(tx, entry.reference(format!("savings:{user_id}")))?;
                }
                Ok(())
            })
            .await
            .expect("grown");
        written += count;
    }
}

/// The time of one incremental pass over `NEW_ENTRIES` new entries and of the full check.
async fn measure(app: &TestApp, player: &Player, entries: usize) -> (u128, u128) {
    grow_journal(app, player, entries).await;
    assert!(matches!(check(app).await, LedgerCheck::Passed { more: false, .. }));
    grow_journal(app, player, entries + NEW_ENTRIES).await;
    let started = Instant::now();
    let pass =
        app.db.read(|db| flows::ledger_check::verify_since(db, Watermark::stored(db)?)).await;
    let incremental = started.elapsed().as_millis();
    assert!(pass.expect("a pass").report.is_ok());
    let started = Instant::now();
    assert!(app.ledger_report().await.is_ok());
    (incremental, started.elapsed().as_millis())
}

#[tokio::test]
async fn an_incremental_pass_costs_the_same_on_an_old_journal() {
    let app = TestApp::spawn().await;
    let player = app.player().await;
    app.credit(&player, "100.00").await;
    let young = 2_000;
    let old = old_journal_entries().max(young * 2);

    let (young_pass, young_full) = measure(&app, &player, young).await;
    let (old_pass, old_full) = measure(&app, &player, old).await;

    println!(
        "ledger check of {NEW_ENTRIES} new entries: {young_pass} ms after {young} entries, \
         {old_pass} ms after {old}; full check: {young_full} ms and {old_full} ms"
    );
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_period_paid_twice_and_drifted_totals_fail_both_checks() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = hall.player_with_game("50").await;
    let issue = hall.open_issue("k3").await;
    let order =
        hall.bet_on(&player, ("k3", &issue), json!([{ "option": "big", "amount": "10" }]), None);
    order.await.assert_ok();
    hall.draw("k3").await;
    let mark = app.db.read(flows::ledger_check::latest).await.expect("the end");
    let house = AccountRef::System(SystemAccount::House);
    let game = AccountRef::User(player.id, UserAccountKind::Game);
    // The chunk's payout once more, as a settlement retried without its mark would pay it.
    let again = Entry::new(EntryKind::Payout, house, game, money("9.75"), app.now())
        .reference(format!("settle:k3:{issue}"));
    write_entry(&app.db, again).await;
    let open_issue = hall.open_issue("k3").await;
    hall.bet_on(&player, ("k3", &open_issue), json!([{ "option": "small", "amount": "5" }]), None)
        .await
        .assert_ok();
    let drift = open_issue.clone();
    app.db
        .write(move |tx| {
            let totals = "UPDATE period_option_totals SET stake = stake + 100
                          WHERE room = 'k3' AND issue = ?1";
            Ok(tx.execute(totals, [drift])?)
        })
        .await
        .expect("the totals drift");

    let since =
        app.db.read(move |db| flows::ledger_check::verify_since(db, mark)).await.expect("a pass");
    let full = app.ledger_report().await;

    for report in [&since.report, &full] {
        let credits = &report.unreconciled_credits;
        assert_eq!(credits.len(), 1, "{report:?}");
        assert_eq!(credits[0].reference, format!("settle:k3:{issue}"));
        assert_eq!(credits[0].credited - credits[0].owed, 975, "{credits:?}");
    }
    for report in [&since.report, &full] {
        let periods: Vec<&str> =
            report.period_mismatches.iter().map(|p| p.issue.as_str()).collect();
        assert_eq!(periods, [open_issue.as_str()], "{report:?}");
    }
}

#[test]
fn serve_checks_what_was_written_while_it_was_down_before_it_takes_requests() {
    let dir = tempfile::tempdir().expect("a temp directory");
    succeed(dir.path(), &["migrate"]);
    // Written while no server ran, after the last check's watermark: one posting, no other side.
    let database = rusqlite::Connection::open(dir.path().join("fairhall.db")).expect("the file");
    database
        .execute_batch(
            "INSERT INTO entries (kind, created_at) VALUES ('bonus', 0);
             INSERT INTO postings (entry_id, account_id, amount, balance_after)
                 SELECT 1, account_id, 700, 700 FROM accounts WHERE kind = 'house';
             UPDATE accounts SET balance = 700 WHERE kind = 'house';",
        )
        .expect("the broken entry");
    drop(database);

    let (_server, address) = crate::support::server::start_with(dir.path(), &[]);
    let ready = ureq::get(&format!("http://{address}/readyz"))
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .expect("the server answers");
    let status = ready.status().as_u16();
    let body: Value = ready.into_body().read_json().expect("the readiness JSON");

    assert_eq!(status, 503, "{body}");
    let ledger = readiness_of(&body, "ledger");
    assert_eq!(ledger["ok"], false, "{body}");
    assert!(ledger["detail"].as_str().is_some_and(|text| text.contains("entries_balance")));
}

#[tokio::test]
async fn an_envelope_share_credited_twice_fails_the_check_until_reversed() {
    use crate::support::envelope_support::{EnvelopeApp, everyone};
    use fairhall::growth::envelopes::types::Mode;
    let app = TestApp::spawn_with(without_deposit_gates).await;
    let player = app.player().await;
    let created = app.create_envelope(everyone("30.00", 3, Mode::Fixed, app.now())).await;
    app.claim(&player, &created.code).await.assert_ok();
    let envelopes = AccountRef::System(SystemAccount::Envelopes);
    let wallet = AccountRef::User(player.id, UserAccountKind::Wallet);
    let again = Entry::new(EntryKind::Envelope, envelopes, wallet, money("10.00"), app.now())
        .reference(format!("envelope:{}", created.id));
    let extra = write_entry(&app.db, again).await;

    let failed = check(&app).await;
    let full = app.ledger_report().await;
    app.db.ledger_halt().resume();
    let now = app.now();
    let reversed = app.db.write(move |tx| ledger::reverse(tx, extra, ("twice", "tester"), now));

    assert_eq!(failed, LedgerCheck::Failed("credits_equal_their_rows (1)".into()));
    let credit = &full.unreconciled_credits[0];
    assert_eq!((credit.credited, credit.owed), (2_000, 1_000), "{full:?}");
    reversed.await.expect("reversed");
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn a_refund_paid_twice_fails_both_checks_when_every_bet_of_the_period_was_refunded() {
    let hall = Hall::open().await;
    let app = &hall.app;
    let player = hall.player_with_game("50").await;
    let issue = hall.open_issue("k3").await;
    let order =
        hall.bet_on(&player, ("k3", &issue), json!([{ "option": "big", "amount": "10" }]), None);
    order.await.assert_ok();
    let room = fairhall::games::rules::room::Room::parse("k3").expect("a room");
    let closed = app.db.write(move |tx| fairhall::games::rooms::set_room_open(tx, room, false));
    closed.await.expect("the room closes");
    hall.draw("k3").await;
    let refunded = hall.records(&player, "status=refunded").await;
    assert_eq!(refunded.len(), 1, "the period's only bet is refunded: {refunded:?}");
    assert!(matches!(check(app).await, LedgerCheck::Passed { .. }));
    let mark = app.db.read(flows::ledger_check::latest).await.expect("the end");
    // The refund once more, as a settlement chunk retried without its mark would pay it.
    let house = AccountRef::System(SystemAccount::House);
    let game = AccountRef::User(player.id, UserAccountKind::Game);
    let again = Entry::new(EntryKind::Refund, house, game, money("10.00"), app.now())
        .reference(format!("settle:k3:{issue}"));
    write_entry(&app.db, again).await;

    let since =
        app.db.read(move |db| flows::ledger_check::verify_since(db, mark)).await.expect("a pass");
    let full = app.ledger_report().await;

    for report in [&since.report, &full] {
        let credits = &report.unreconciled_credits;
        assert_eq!(credits.len(), 1, "{report:?}");
        assert_eq!(credits[0].reference, format!("settle:k3:{issue}"));
        assert_eq!((credits[0].credited, credits[0].owed), (2_000, 1_000), "{credits:?}");
    }
}
