//! `admin room periods`' listing (`games::periods::room_periods`) on a fresh hall: an operator
//! day lists the periods from the first committed chain on, never the made-up "due" periods
//! of the hours before the hall existed.

use crate::support::helpers::TestApp;
use chrono::TimeZone;
use fairhall::games::fairness::chains;
use fairhall::games::periods::{self, PeriodState, Selection};
use fairhall::games::rules::room::Room;

#[tokio::test]
async fn today_starts_at_the_first_committed_chain_on_a_fresh_hall() {
    let app = TestApp::spawn().await;
    let (room, timezone) = (Room::parse("k3").expect("room"), app.config.timezone());
    let today = timezone.timestamp_opt(app.now().secs(), 0).unwrap().date_naive();
    let list = |now| {
        app.db.read(move |connection| {
            periods::room_periods(connection, (room, timezone), Selection::Date(today), now)
        })
    };
    // The fixed clock stands mid-afternoon: hours of the day passed before the hall existed.
    let before_any_chain = list(app.now()).await.expect("periods");
    assert!(
        before_any_chain.iter().all(|period| period.state != PeriodState::Due),
        "nothing is due before any chain is committed"
    );

    let scheduler = app.scheduler();
    scheduler.tick(app.now()).await;
    app.clock.advance(10 * 60);
    scheduler.tick(app.now()).await;
    let first = app
        .db
        .read(move |connection| chains::first_issue(connection, room.draw_source()))
        .await
        .expect("a read")
        .expect("a committed chain");
    let listed = list(app.now()).await.expect("periods");

    assert_eq!(listed.first().map(|period| period.issue.clone()), Some(first.to_string()));
    assert!(listed.iter().all(|period| period.issue >= first.to_string()));
    assert!(listed.iter().all(|period| period.state != PeriodState::Due), "all drawn: {listed:?}");
    assert!(listed.iter().any(|period| period.state == PeriodState::Settled), "{listed:?}");
}
