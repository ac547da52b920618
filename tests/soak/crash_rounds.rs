//! The real binary SIGKILLed again and again under a client that logs every acknowledged
//! operation, restarted each time on the same data directory. Each round kills at a seeded
//! random moment of one kind: during the client's operations, during a product payout run,
//! during a settlement and then the one the restart resumes, or during a backup (SIGUSR1).
//! After each restart (checks after a payout run or resumed settlement killed at once wait for
//! the next one): the cut-off operations are retried with their keys, acknowledged ones
//! replayed (nothing moves twice), every balance equals the model plus what the scheduled jobs
//! recorded paying, the ledger verifies and `integrity_check` is ok. The last start takes a
//! backup over the leftovers of killed ones.
//!
//! `FAIRHALL_CRASH_ROUNDS=<n>` runs more rounds; `FAIRHALL_SEED=<n>` replays a seed;
//! `FAIRHALL_SOAK_SECS=<s>` is the run's budget (600 s; CI's 50 rounds take about a minute): no
//! round starts after it, the checks of the end still run, and the rounds covered are printed.

use crate::support::binary::run;
use crate::support::crash_client::{
    Hall, Logged, PlayerLog, agent, replay, retry_pending, run_client,
};
use crate::support::crash_support::{self, PLAYER_CREDIT_MINOR, Prepared, backlog_progress};
use crate::support::server::{Server, start_with};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Rounds in CI; `FAIRHALL_CRASH_ROUNDS` for a longer run.
const ROUNDS: usize = 50;
/// No round starts after this many seconds (`FAIRHALL_SOAK_SECS`).
const BUDGET_SECS_DEFAULT: u64 = 600;
/// Older acknowledged operations replayed after each restart (besides the last round's).
const REPLAYS_PER_ROUND: usize = 2;
/// Incompressible bytes among the uploads, so that a backup lasts long enough to be killed in.
const BALLAST_BYTES: usize = 4 << 20;
/// Acknowledged operations replayed after the last start.
const REPLAYS_AT_END: usize = 300;
/// Rounds that kill the payout run of the backlog, first.
const PAYOUT_ROUNDS: usize = 4;
/// How long a settlement a restart resumes is watched for (it starts at once).
const RESUME_TIMEOUT: Duration = Duration::from_secs(3);
/// How long a kill moment may be waited for.
const MOMENT_TIMEOUT: Duration = Duration::from_secs(30);

/// When a round kills the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moment {
    /// At a random time while the clients send operations.
    Operations,
    /// While the scheduler pays the backlog of product instalments, right after a start.
    Payouts,
    /// Between two chunks of a period's settlement.
    Settlement,
    /// Between two chunks of the settlement a restart resumes (after `Settlement`).
    ResumedSettlement,
    /// While a backup asked for by SIGUSR1 is being written.
    Backup,
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|text| text.parse().ok())
}

fn start(data_dir: &Path) -> (Server, String) {
    let config = data_dir.join("crash.toml");
    let (server, address) =
        start_with(data_dir, &["--config", config.to_str().unwrap_or_default()]);
    (server, format!("http://{address}"))
}

/// The kill moments of a run: payout runs first while the backlog lasts (every start resumes
/// it), then a seeded mix in which every kind occurs. Settlement kills come in pairs: the
/// second lands in the settlement the restart resumes.
fn moments(rounds: usize, rng: &mut StdRng) -> Vec<Moment> {
    let payout_rounds = rounds.min(PAYOUT_ROUNDS);
    let later = rounds - payout_rounds;
    let settlement_pairs = later.div_ceil(15).min(later / 2);
    let backups = later.div_ceil(6).min(later - 2 * settlement_pairs);
    let operations = later - 2 * settlement_pairs - backups;
    let mut segments: Vec<Vec<Moment>> =
        std::iter::repeat_n(vec![Moment::Settlement, Moment::ResumedSettlement], settlement_pairs)
            .chain(std::iter::repeat_n(vec![Moment::Backup], backups))
            .chain(std::iter::repeat_n(vec![Moment::Operations], operations))
            .collect();
    segments.shuffle(rng);
    std::iter::repeat_n(Moment::Payouts, payout_rounds)
        .chain(segments.into_iter().flatten())
        .collect()
}

fn prepare(data_dir: &Path) -> Prepared {
    let prepared = crash_support::prepare(data_dir);
    std::fs::write(data_dir.join("crash.toml"), crash_support::CONFIG).expect("the config");
    let config = data_dir.join("crash.toml");
    let config = config.to_str().unwrap_or_default();
    let room =
        ["--config", config, "admin", "room", "update", "k3", "--period", "10", "--close", "2"];
    let updated = run(data_dir, &room);
    assert!(updated.status.success(), "{updated:?}");
    let mut ballast = vec![0u8; BALLAST_BYTES];
    StdRng::seed_from_u64(0).fill(&mut ballast[..]);
    std::fs::create_dir_all(data_dir.join("content")).expect("the uploads folder");
    std::fs::write(data_dir.join("content").join("ballast.bin"), ballast).expect("the ballast");
    prepared
}

/// Every k3 option.
fn k3_options(base: &str) -> Vec<String> {
    let odds = agent().get(&format!("{base}/api/roominfo/odds?room=k3")).call();
    let odds: Value = odds.expect("answers").body_mut().read_json().expect("json");
    let options = odds["data"]["options"].as_array().expect("options").iter();
    options.map(|option| option["option"].as_str().expect("a code").to_string()).collect()
}

#[test]
fn every_acknowledged_operation_survives_sigkill_exactly_once() {
    let seed = env_number("FAIRHALL_SEED").unwrap_or_else(rand::random);
    let rounds = env_number("FAIRHALL_CRASH_ROUNDS").map_or(ROUNDS, |rounds| rounds as usize);
    eprintln!("crash rounds: seed {seed}, {rounds} rounds (FAIRHALL_SEED={seed} replays)");
    let mut rng = StdRng::seed_from_u64(seed);
    let started = Instant::now();
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path();
    let prepared = prepare(data_dir);
    eprintln!("prepared in {:?}", started.elapsed());
    let mut options = Vec::new();
    let mut logs: Vec<PlayerLog> = prepared
        .players
        .iter()
        .map(|(user_id, token)| PlayerLog::new(*user_id, token.clone()))
        .collect();
    let budget =
        Duration::from_secs(env_number("FAIRHALL_SOAK_SECS").unwrap_or(BUDGET_SECS_DEFAULT));
    let moments = moments(rounds, &mut rng);
    let mut backup_kills = 0;
    let mut leftovers_seen = 0;
    let mut covered = 0;
    for (round, moment) in moments.into_iter().enumerate() {
        if started.elapsed() > budget {
            eprintln!(
                "crash rounds: the budget of {budget:?} ran out after {round} of {rounds} rounds"
            );
            break;
        }
        covered += 1;
        backup_kills += usize::from(moment == Moment::Backup);
        let (server, base) = start(data_dir);
        if matches!(moment, Moment::Payouts | Moment::ResumedSettlement) {
            // These runs start with the server and would be over before the checks are: they
            // wait for the next restart.
            let hit = kill_at(moment, server, data_dir, &mut rng);
            eprintln!("round {round}: killed {hit} ({:?})", started.elapsed());
            continue;
        }
        check_restart(data_dir, &base, &mut logs, &prepared, &mut rng);
        if options.is_empty() {
            options = k3_options(&base);
        }
        let hall = Hall { base, product_id: prepared.product_id, options: options.clone() };
        let clients: Vec<_> = std::mem::take(&mut logs)
            .into_iter()
            .enumerate()
            .map(|(player, log)| {
                let (hall, seed) = (hall.clone(), seed ^ (((round * 16 + player) as u64) << 20));
                std::thread::spawn(move || run_client(hall, log, seed))
            })
            .collect();
        let hit = kill_at(moment, server, data_dir, &mut rng);
        leftovers_seen += usize::from(!backup_leftovers(data_dir).is_empty());
        logs = clients.into_iter().map(|client| client.join().expect("the client ran")).collect();
        eprintln!("round {round}: killed {hit} ({:?})", started.elapsed());
    }
    let (server, base) = start(data_dir);
    check_restart(data_dir, &base, &mut logs, &prepared, &mut rng);
    replay_at_end(&base, &logs, &mut rng);
    assert!(leftovers_seen > 0 || backup_kills == 0, "no kill landed inside a backup");
    check_backup_after_kills(data_dir, &server);
    let operations: usize = logs.iter().map(|log| log.operations.len()).sum();
    eprintln!("{covered} rounds, {operations} operations in {:?}", started.elapsed());
}

/// Waits for `moment`, then SIGKILLs the server; says where the kill landed.
fn kill_at(moment: Moment, mut server: Server, data_dir: &Path, rng: &mut StdRng) -> String {
    let connection = crash_support::read_only(data_dir);
    let landed = match moment {
        Moment::Operations => {
            let delay = rng.gen_range(20..400);
            std::thread::sleep(Duration::from_millis(delay));
            format!("during operations after {delay} ms")
        }
        Moment::Payouts => during_payouts(&connection, rng),
        Moment::Settlement => during_settlement(&connection, MOMENT_TIMEOUT)
            .expect("a settlement began within the time limit"),
        Moment::ResumedSettlement => during_settlement(&connection, RESUME_TIMEOUT)
            .unwrap_or_else(|| "after the resumed settlement had ended".into()),
        Moment::Backup => during_backup(&server, data_dir, rng),
    };
    server.0.kill().expect("SIGKILL");
    server.0.wait().expect("the server is gone");
    landed
}

/// Kills a random time into the payout run, or once the backlog is paid.
fn during_payouts(connection: &rusqlite::Connection, rng: &mut StdRng) -> String {
    let deadline = Instant::now() + MOMENT_TIMEOUT;
    let before = backlog_progress(connection);
    loop {
        assert!(Instant::now() < deadline, "the payout run did not go on");
        let progress = backlog_progress(connection);
        let paid = progress.paid;
        if paid == progress.due {
            return "after the payout run had paid the whole backlog".into();
        }
        if paid > before.paid {
            std::thread::sleep(Duration::from_millis(rng.gen_range(0..150)));
            return format!("during the payout run at about {paid} instalments paid");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The oldest k3 period with open bets and how many are open.
fn oldest_open(connection: &rusqlite::Connection) -> Option<(String, i64)> {
    let sql = "SELECT issue, COUNT(*) FROM bets WHERE room = 'k3' AND status = 'open'
               GROUP BY issue ORDER BY issue LIMIT 1";
    connection.query_row(sql, [], |row| Ok((row.get(0)?, row.get(1)?))).ok()
}

/// Waits until a period's open bets shrink while some are still open (mid-settlement), for
/// at most `timeout`; says where.
fn during_settlement(connection: &rusqlite::Connection, timeout: Duration) -> Option<String> {
    let deadline = Instant::now() + timeout;
    let mut last = oldest_open(connection);
    while Instant::now() < deadline {
        let now = oldest_open(connection);
        if let (Some((issue, before)), Some((same, open))) = (&last, &now)
            && issue == same
            && open < before
        {
            return Some(format!("settling {issue} with {open} bets left"));
        }
        last = now;
        std::thread::sleep(Duration::from_millis(1));
    }
    None
}

/// The leftovers of killed backups in the backup folder.
fn backup_leftovers(data_dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(data_dir.join("backups")) else { return Vec::new() };
    let names = entries.filter_map(|entry| Some(entry.ok()?.path()));
    names.filter(|path| path.to_string_lossy().contains(".partial")).collect()
}

/// Asks for a backup (SIGUSR1) and kills while its files are being written.
fn during_backup(server: &Server, data_dir: &Path, rng: &mut StdRng) -> String {
    let before = backup_leftovers(data_dir);
    let pid = server.0.id().to_string();
    let asked = Command::new("kill").args(["-USR1", &pid]).status().expect("kill runs");
    assert!(asked.success());
    let deadline = Instant::now() + MOMENT_TIMEOUT;
    while backup_leftovers(data_dir).iter().all(|leftover| before.contains(leftover)) {
        assert!(Instant::now() < deadline, "the backup did not start");
        std::thread::sleep(Duration::from_millis(1));
    }
    let delay = rng.gen_range(0..40);
    std::thread::sleep(Duration::from_millis(delay));
    format!("{delay} ms into a backup")
}

/// After a restart: cut-off operations retried, the newest and a few older acknowledged
/// operations replayed, the balances against the model, the ledger and the file.
fn check_restart(
    data_dir: &Path,
    base: &str,
    logs: &mut [PlayerLog],
    prepared: &Prepared,
    rng: &mut StdRng,
) {
    let agent = agent();
    for log in logs.iter_mut() {
        retry_pending(&agent, base, log);
        let succeeded: Vec<&Logged> = log.operations.iter().filter(|op| op.succeeded()).collect();
        let mut sample: Vec<&Logged> = succeeded.iter().rev().take(3).copied().collect();
        sample.extend(succeeded.choose_multiple(rng, REPLAYS_PER_ROUND).copied());
        replay(&agent, base, log, &sample);
    }
    let mut users = crash_support::investor_effects(&prepared.investors);
    users.extend(logs.iter().map(|log| (log.user_id, PLAYER_CREDIT_MINOR, log.effects)));
    crash_support::check_balances(data_dir, &users);
    let connection = crash_support::read_only(data_dir);
    for log in logs.iter() {
        let mut acknowledged: Vec<&str> =
            log.operations.iter().filter(|op| op.succeeded()).map(|op| op.key.as_str()).collect();
        acknowledged.sort_unstable();
        let stored = crash_support::idempotency_keys(&connection, log.user_id);
        assert_eq!(stored, acknowledged, "the keys of the acknowledged operations, once each");
    }
    let in_order = crash_support::instalments_paid_in_order(&connection);
    assert!(in_order, "each order's instalments are paid in order");
    crash_support::check_database(data_dir);
}

/// `REPLAYS_AT_END` acknowledged operations of the whole run once more with their keys:
/// nothing moves. (All of them would take minutes: a purchase checks the fund password, an
/// argon2 run, before it looks at its key.)
fn replay_at_end(base: &str, logs: &[PlayerLog], rng: &mut StdRng) {
    let agent = agent();
    for log in logs {
        let succeeded: Vec<&Logged> = log.operations.iter().filter(|op| op.succeeded()).collect();
        let sample: Vec<&Logged> =
            succeeded.choose_multiple(rng, REPLAYS_AT_END / logs.len()).copied().collect();
        replay(&agent, base, log, &sample);
    }
}

/// A backup asked for after the kills succeeds, whatever killed backups left behind, and
/// clears their leftovers.
fn check_backup_after_kills(data_dir: &Path, server: &Server) {
    let status_file = data_dir.join(fairhall::backup::schedule::STATUS_FILE);
    let _ = std::fs::remove_file(&status_file);
    let pid = server.0.id().to_string();
    let asked = Command::new("kill").args(["-USR1", &pid]).status().expect("kill runs");
    assert!(asked.success());
    let deadline = Instant::now() + MOMENT_TIMEOUT;
    let status = loop {
        assert!(Instant::now() < deadline, "the backup did not finish");
        if let Ok(Some(status)) = fairhall::backup::schedule::read_status(data_dir) {
            break status;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.ok, "{status:?}");
    assert_eq!(backup_leftovers(data_dir), Vec::<PathBuf>::new());
}
