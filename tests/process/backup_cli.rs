//! `fairhall backup` and `fairhall restore`: an online backup taken while `serve` takes bets
//! over HTTP, restored into a fresh data directory that verifies and holds every bet
//! acknowledged before the backup began; the refusals of a restore (a
//! corrupted, a truncated or a newer archive, a running `serve`) that change nothing.

use crate::support::binary::{
    fail, kill_moments, killed_after, new_hall, run, run_with_input, succeed,
};
use crate::support::server::post;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Instant;

/// Bets each betting thread tries at most (it also stops once the backup is done).
const BETS_PER_TASK_MAX: usize = 400;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("metadata").permissions().mode() & 0o777
}

/// Every file under `dir` with its content: what "nothing changed" compares. Not the lock
/// file a restore takes, which holds the last holder's process id.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if !path.ends_with("serve.lock") {
                files.insert(path.clone(), std::fs::read(&path).expect("a file"));
            }
        }
    }
    files
}

/// The order numbers of the bets in a data directory's database.
fn order_numbers(data_dir: &Path) -> Vec<String> {
    let connection = rusqlite::Connection::open(data_dir.join("fairhall.db")).expect("a db");
    let mut query = connection.prepare("SELECT order_no FROM bets").expect("a query");
    query.query_map([], |row| row.get(0)).expect("rows").map(|row| row.expect("a row")).collect()
}

fn get(base: &str, path: &str) -> Value {
    let mut response = ureq::get(&format!("{base}{path}")).call().expect("the server answers");
    response.body_mut().read_json().expect("an envelope")
}

/// A registered player with `amount` in the game balance; returns the session token.
fn bettor(base: &str, data_dir: &Path, phone: &str, amount: &str) -> String {
    let form = json!({"phone": phone, "password": "first_1", "repassword": "first_1",
        "agree": "1", "age_confirmed": "1"});
    let registered = post(base, "/api/login/do_register", &form, None);
    let token = registered["data"]["token"].as_str().expect("a token").to_string();
    succeed(data_dir, &["admin", "wallet", "adjust", phone, amount, "--reason", "test funds"]);
    let form = json!({"from": "balance", "amount": amount});
    let converted = post(base, "/api/personal/conversion", &form, Some(&token));
    assert_eq!(converted["code"], 1, "{converted}");
    token
}

/// Rooms of different periods with one option each: while one is in its closed window before
/// a draw, another takes bets, so betting never pauses for the whole backup.
const BET_ROOMS: [(&str, &str); 3] = [("k3", "big"), ("pk10", "p1_big"), ("rgb3", "red")];

/// Bets on the open periods of `BET_ROOMS` in turn until `done` (at most `BETS_PER_TASK_MAX`
/// tries); sends the order number and the time of each acknowledged bet. A refusal (the
/// period's closed window) moves on to the next room.
fn bet_until(base: &str, token: &str, done: &AtomicBool, acknowledged: &Sender<(String, Instant)>) {
    for attempt in 0..BETS_PER_TASK_MAX {
        if done.load(Ordering::SeqCst) {
            return;
        }
        let (room, option) = BET_ROOMS[attempt % BET_ROOMS.len()];
        let issue = get(base, &format!("/api/roominfo/index?room={room}"))["data"]["issue"].clone();
        let form = json!({"room": room, "issue": issue,
            "bets": [{"option": option, "amount": "1"}]});
        let reply = post(base, "/api/rooms/betting", &form, Some(token));
        if let Some(order) = reply["data"]["order_no"].as_str() {
            let _ = acknowledged.send((order.to_string(), Instant::now()));
        }
    }
}

#[test]
fn a_backup_taken_while_serve_takes_bets_restores_every_bet_acknowledged_before_it() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data_dir = dir.path().join("data");
    let (_server, address) = crate::support::server::start_with(&data_dir, &[]);
    let base = format!("http://{address}");
    let tokens: Vec<String> = (0..4)
        .map(|index| bettor(&base, &data_dir, &format!("1380000003{index}"), "10000.00"))
        .collect();
    let backup_done = Arc::new(AtomicBool::new(false));
    let (sender, acknowledged) = std::sync::mpsc::channel();
    let bettors: Vec<_> = tokens
        .into_iter()
        .map(|token| {
            let (base, done, sender) = (base.clone(), backup_done.clone(), sender.clone());
            std::thread::spawn(move || bet_until(&base, &token, &done, &sender))
        })
        .collect();
    drop(sender);
    // Let betting get going (some bets acknowledged), then back up from another process while
    // it goes on.
    let mut acknowledged_first = Vec::new();
    while acknowledged_first.len() < 20 {
        acknowledged_first.push(acknowledged.recv().expect("the bettors acknowledge bets"));
    }
    let archive = dir.path().join("online.tar.gz");
    let backup_started = Instant::now();
    let backup = run(&data_dir, &["backup", archive.to_str().expect("UTF-8")]);
    let backup_ended = Instant::now();
    backup_done.store(true, Ordering::SeqCst);
    for bettor in bettors {
        bettor.join().expect("the bettor ran");
    }
    let (mut before_backup, mut during_backup) = (Vec::new(), 0);
    for (order, at) in acknowledged_first.into_iter().chain(acknowledged) {
        if at < backup_started {
            before_backup.push(order);
        } else if at < backup_ended {
            during_backup += 1;
        }
    }
    let fresh = dir.path().join("fresh");
    let restored = run(&fresh, &["restore", archive.to_str().expect("UTF-8"), "--yes"]);
    let verified = run(&fresh, &["admin", "verify"]);
    let restored_orders = order_numbers(&fresh);

    assert!(backup.status.success(), "{backup:?}");
    assert!(backup.stdout.starts_with(&format!("wrote {}", archive.display())), "{backup:?}");
    assert!(!before_backup.is_empty(), "bets were placed before the backup");
    assert!(during_backup > 0, "bets were acknowledged while the backup ran");
    assert!(restored.status.success(), "{restored:?}");
    assert!(verified.status.success(), "{verified:?}");
    let missing: Vec<&String> =
        before_backup.iter().filter(|order| !restored_orders.contains(order)).collect();
    assert!(missing.is_empty(), "bets acknowledged before the backup are missing: {missing:?}");
    assert_eq!(mode(&archive), 0o600);
    assert_eq!(mode(&fresh.join("fairhall.db")), 0o600);
    assert!(!PathBuf::from(format!("{}.partial", archive.display())).exists());
}

/// A data directory with a player and a backup of it; returns the archive.
fn hall_with_a_backup(data_dir: &Path) -> PathBuf {
    new_hall(data_dir);
    succeed(
        data_dir,
        &["admin", "user", "create", "--phone", "13800000011", "--password", "first_1"],
    );
    std::fs::create_dir_all(data_dir.join("avatars")).expect("an upload directory");
    std::fs::write(data_dir.join("avatars/a1.png"), b"not really a png").expect("an upload");
    let archive = data_dir.join("hall.tar.gz");
    succeed(data_dir, &["backup", archive.to_str().expect("UTF-8")]);
    archive
}

#[test]
fn backup_prints_what_it_wrote_as_text_or_json_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    succeed(&data, &["migrate"]);
    let archive = dir.path().join("one.tar.gz");
    let archive_text = archive.to_str().expect("UTF-8");

    let json = succeed(&data, &["backup", archive_text, "--json"]);
    let again = fail(&data, &["backup", archive_text]);
    let empty = tempfile::tempdir().expect("a temp directory");
    let nothing =
        fail(empty.path(), &["backup", dir.path().join("two.tar.gz").to_str().expect("UTF-8")]);

    let written: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(written["path"], archive_text);
    assert!(written["bytes"].as_u64().is_some_and(|bytes| bytes > 0), "{written}");
    assert_eq!(written["schema_version"], fairhall::db::embedded_schema_version());
    assert_eq!(written["files"], 2, "the database and the generated secrets: {written}");
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(again.stderr.contains("already exists"), "{again:?}");
    assert_eq!(nothing.status.code(), Some(4), "{nothing:?}");
    assert!(nothing.stderr.contains("no database at"), "{nothing:?}");
    assert_eq!(mode(&archive), 0o600);
}

#[test]
fn restore_puts_the_archive_in_place_and_keeps_the_replaced_data_aside() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let archive = hall_with_a_backup(&data);
    succeed(&data, &["admin", "user", "create", "--phone", "13800000012", "--password", "first_1"]);
    let archive_text = archive.to_str().expect("UTF-8");

    let declined = run_with_input(&data, &["restore", archive_text], "n\n");
    let unchanged = run(&data, &["admin", "user", "show", "13800000012"]);
    let restored = run_with_input(&data, &["restore", archive_text, "--json"], "yes\n");
    let after = run(&data, &["admin", "user", "show", "13800000012"]);
    let kept = run(&data, &["admin", "user", "show", "13800000011"]);
    let verified = run(&data, &["admin", "verify"]);

    assert_eq!(declined.status.code(), Some(1), "{declined:?}");
    assert!(declined.stderr.contains("nothing was changed"), "{declined:?}");
    assert!(unchanged.status.success(), "{unchanged:?}");
    assert!(restored.status.success(), "{restored:?}");
    let outcome: Value = serde_json::from_str(&restored.stdout).expect("JSON");
    let replaced = PathBuf::from(outcome["replaced"].as_str().expect("a replaced directory"));
    assert!(replaced.starts_with(&data) && replaced.join("fairhall.db").is_file(), "{outcome}");
    assert_eq!(outcome["files"], 3, "database, secrets and one upload: {outcome}");
    assert_eq!(after.status.code(), Some(4), "the later player is gone: {after:?}");
    assert!(kept.status.success(), "{kept:?}");
    assert!(verified.status.success(), "{verified:?}");
    assert_eq!(std::fs::read(data.join("avatars/a1.png")).expect("restored"), b"not really a png");
    assert_eq!(mode(&data.join("secrets.toml")), 0o600);
    assert_eq!(mode(&data.join("avatars")), 0o750);
}

/// Rewrites `archive` into `target` with `change` applied to each (path, content); the
/// manifest is rewritten from the changed files when `reseal` is set.
fn rewrite_archive(
    archive: &Path,
    target: &Path,
    change: impl Fn(&str, Vec<u8>) -> Vec<u8>,
    reseal: bool,
) {
    let mut entries: Vec<(String, Vec<u8>)> = archive_entries(archive)
        .into_iter()
        .map(|(path, content)| {
            let changed = change(&path, content);
            (path, changed)
        })
        .collect();
    if reseal {
        let mut manifest: Value =
            serde_json::from_slice(&entries.last().expect("a manifest").1).expect("JSON");
        for file in manifest["files"].as_array_mut().expect("files") {
            let (_, content) = entries.iter().find(|(path, _)| file["path"] == *path).expect("x");
            use sha2::Digest;
            file["size"] = json!(content.len());
            file["sha256"] = json!(hex::encode(sha2::Sha256::digest(content)));
        }
        entries.last_mut().expect("a manifest").1 = serde_json::to_vec(&manifest).expect("JSON");
    }
    write_entries(target, entries);
}

/// Every (path, content) of a clear archive, in its order (the manifest last).
fn archive_entries(archive: &Path) -> Vec<(String, Vec<u8>)> {
    let reader = flate2::read::GzDecoder::new(std::fs::File::open(archive).expect("an archive"));
    let mut entries = Vec::new();
    for entry in tar::Archive::new(reader).entries().expect("entries") {
        let mut entry = entry.expect("an entry");
        let path = entry.path().expect("a path").to_string_lossy().into_owned();
        let mut content = Vec::new();
        entry.read_to_end(&mut content).expect("content");
        entries.push((path, content));
    }
    entries
}

/// Writes `entries` as a gzip-compressed tar at `target`.
fn write_entries(target: &Path, entries: Vec<(String, Vec<u8>)>) {
    let file = std::fs::File::create(target).expect("a target");
    let mut builder =
        tar::Builder::new(flate2::write::GzEncoder::new(file, flate2::Compression::fast()));
    for (path, content) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_size(content.len() as u64);
        header.set_mode(0o600);
        builder.append_data(&mut header, path, content.as_slice()).expect("appended");
    }
    builder.into_inner().expect("written").finish().expect("finished");
}

/// The database file with `sql` run on it.
fn changed_database(content: Vec<u8>, sql: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().expect("a temp directory");
    let path = dir.path().join("copy.db");
    std::fs::write(&path, content).expect("a copy");
    rusqlite::Connection::open(&path).expect("opens").execute_batch(sql).expect("changed");
    std::fs::read(&path).expect("the changed copy")
}

#[test]
fn restore_refuses_a_corrupted_truncated_newer_or_inconsistent_archive_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let source = dir.path().join("source");
    let archive = hall_with_a_backup(&source);
    let bytes = std::fs::read(&archive).expect("the archive");
    let truncated = dir.path().join("truncated.tar.gz");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).expect("half an archive");
    let corrupted = dir.path().join("corrupted.tar.gz");
    let flip = |path: &str, mut content: Vec<u8>| {
        if path == "avatars/a1.png" {
            content[0] ^= 1;
        }
        content
    };
    rewrite_archive(&archive, &corrupted, flip, false);
    let newer = dir.path().join("newer.tar.gz");
    let from_the_future = |path: &str, content: Vec<u8>| {
        if path != "fairhall.db" {
            return content;
        }
        let sql = "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
                   VALUES (999, 'from_the_future', '2027-01-01T00:00:00Z', '0')";
        changed_database(content, sql)
    };
    rewrite_archive(&archive, &newer, from_the_future, true);
    let unbalanced = dir.path().join("unbalanced.tar.gz");
    let skewed = |path: &str, content: Vec<u8>| {
        if path != "fairhall.db" {
            return content;
        }
        changed_database(content, "UPDATE accounts SET balance = balance + 1 WHERE kind = 'house'")
    };
    rewrite_archive(&archive, &unbalanced, skewed, true);
    let dangling = dir.path().join("dangling.tar.gz");
    let orphan_posting = |path: &str, content: Vec<u8>| {
        if path != "fairhall.db" {
            return content;
        }
        let sql = "PRAGMA foreign_keys = OFF;
                   INSERT INTO postings (entry_id, account_id, amount, balance_after)
                   VALUES (999999, 1, 5, 5)";
        changed_database(content, sql)
    };
    rewrite_archive(&archive, &dangling, orphan_posting, true);
    let target = dir.path().join("target");
    new_hall(&target);
    succeed(
        &target,
        &["admin", "user", "create", "--phone", "13800000013", "--password", "first_1"],
    );
    let before = snapshot(&target);

    let cases = [
        (&corrupted, "avatars/a1.png: checksum does not match"),
        (&truncated, "truncated or corrupted"),
        (&newer, "newer than this binary"),
        (&unbalanced, "the ledger does not verify"),
        (&dangling, "foreign_key_check: "),
    ];
    for (archive, problem) in cases {
        let refused = run(&target, &["restore", archive.to_str().expect("UTF-8"), "--yes"]);
        assert_eq!(refused.status.code(), Some(3), "{archive:?}: {refused:?}");
        assert!(refused.stderr.contains(problem), "{archive:?}: {refused:?}");
        assert!(refused.stderr.contains("nothing was changed"), "{refused:?}");
        assert_eq!(snapshot(&target), before, "{archive:?} changed the data directory");
    }
    let missing = run(&target, &["restore", "/nonexistent/backup.tar.gz", "--yes"]);
    assert_eq!(missing.status.code(), Some(4), "{missing:?}");
}

#[test]
fn restore_is_refused_while_serve_runs_on_the_data_directory() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let archive = hall_with_a_backup(&dir.path().join("source"));
    let target = dir.path().join("target");
    let (_server, _address) = crate::support::server::start_with(&target, &[]);
    let second = run(&target, &["serve", "--listen", "127.0.0.1:0"]);

    let refused = run(&target, &["restore", archive.to_str().expect("UTF-8"), "--yes"]);

    assert_eq!(refused.status.code(), Some(1), "{refused:?}");
    assert!(refused.stderr.contains("while `fairhall serve` runs"), "{refused:?}");
    assert!(!second.status.success(), "{second:?}");
    assert!(second.stderr.contains("another `fairhall serve` runs"), "{second:?}");
    let users = run(&target, &["admin", "user", "show", "13800000011"]);
    assert_eq!(users.status.code(), Some(4), "the archive's player was not restored: {users:?}");
}

#[test]
fn a_restore_run_as_root_gives_the_files_to_the_data_directorys_owner() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("a temp directory");
    let archive = hall_with_a_backup(&dir.path().join("source"));
    if std::fs::metadata(&archive).expect("metadata").uid() != 0 {
        // Only root can give files away; as anyone else they are the caller's already.
        return;
    }
    let target = dir.path().join("target");
    std::fs::create_dir(&target).expect("a data directory");
    // The service user's ids, as `install.sh` would leave them (65534 is `nobody`).
    std::os::unix::fs::chown(&target, Some(65534), Some(65534)).expect("given away");

    succeed(&target, &["restore", archive.to_str().expect("UTF-8"), "--yes"]);

    for restored in ["fairhall.db", "secrets.toml", "avatars", "avatars/a1.png"] {
        let metadata = std::fs::metadata(target.join(restored)).expect("restored");
        assert_eq!((metadata.uid(), metadata.gid()), (65534, 65534), "{restored}");
    }
}

/// An age identity file in `dir` and its public key.
fn age_key(dir: &Path) -> (PathBuf, String) {
    let identity = age::x25519::Identity::generate();
    let file = dir.join("key.txt");
    let secret = age::secrecy::ExposeSecret::expose_secret(&identity.to_string()).to_string();
    std::fs::write(&file, format!("{secret}\n")).expect("the identity file");
    (file, identity.to_public().to_string())
}

#[test]
fn with_a_recipient_every_archive_is_encrypted_and_restores_only_with_its_identity() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let (identity, recipient) = age_key(dir.path());
    let config = dir.path().join("hall.toml");
    std::fs::write(&config, format!("[backup]\nrecipient = \"{recipient}\"\n")).expect("config");
    let config = config.to_str().expect("UTF-8");
    let data = dir.path().join("data");
    succeed(&data, &["--config", config, "migrate"]);
    succeed(
        &data,
        &[
            "--config",
            config,
            "admin",
            "user",
            "create",
            "--phone",
            "13800000021",
            "--password",
            "first_1",
        ],
    );
    let archive = dir.path().join("sealed.tar.gz");
    let archive_text = archive.to_str().expect("UTF-8");
    let said = succeed(&data, &["--config", config, "backup", archive_text]);
    assert!(said.contains("encrypted to backup.recipient"), "{said}");

    let bytes = std::fs::read(&archive).expect("the archive");
    assert!(bytes.starts_with(b"age-encryption.org/v1"), "an age file");
    let clear = String::from_utf8_lossy(&bytes);
    assert!(!clear.contains("chains.key") && !clear.contains("secrets.toml"), "nothing in clear");
    let fresh = dir.path().join("fresh");
    let locked = fail(&fresh, &["restore", archive_text, "--yes"]);
    assert!(locked.stderr.contains("--identity"), "{locked:?}");
    let identity_text = identity.to_str().expect("UTF-8");
    succeed(&fresh, &["restore", archive_text, "--identity", identity_text, "--yes"]);
    let users = succeed(&fresh, &["admin", "user", "list"]);
    assert!(users.contains("13800000021"), "{users}");

    // `backup -` streams the same, encrypted, to standard output; an unencrypted one warns.
    let streamed = crate::support::binary::fairhall(&data)
        .args(["--config", config, "backup", "-"])
        .output()
        .expect("it ran");
    assert!(streamed.status.success(), "{streamed:?}");
    assert!(streamed.stdout.starts_with(b"age-encryption.org/v1"));
    assert!(!data.join("-").exists(), "no file named -");
    let piped = dir.path().join("piped.tar.gz");
    std::fs::write(&piped, &streamed.stdout).expect("the streamed archive");
    let again = dir.path().join("again");
    succeed(
        &again,
        &["restore", piped.to_str().expect("UTF-8"), "--identity", identity_text, "--yes"],
    );
    let plain = run(&data, &["backup", dir.path().join("plain.tar.gz").to_str().expect("UTF-8")]);
    assert!(plain.status.success() && plain.stderr.contains("NOT encrypted"), "{plain:?}");

    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[backup]\nrecipient = \"age1nope\"\n").expect("a config");
    let refused = run(&data, &["--config", bad.to_str().expect("UTF-8"), "admin", "user", "list"]);
    assert!(refused.stderr.contains("backup.recipient"), "{refused:?}");
}

#[test]
fn restore_refuses_an_archive_holding_anything_but_a_halls_data() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let archive = hall_with_a_backup(&data);
    // The same archive with one more listed, checksummed entry: a file of the data directory
    // that a restore must never write (the lock `serve` trusts, a unit file, anything).
    let stray = dir.path().join("stray.tar.gz");
    let mut entries = archive_entries(&archive);
    let (_, manifest) = entries.pop().expect("the manifest, last");
    let mut manifest: Value = serde_json::from_slice(&manifest).expect("JSON");
    let planted = b"#!/bin/sh\necho planted\n".to_vec();
    use sha2::Digest;
    manifest["files"].as_array_mut().expect("files").push(json!({ "path": "serve.lock",
        "size": planted.len(), "sha256": hex::encode(sha2::Sha256::digest(&planted)) }));
    entries.push(("serve.lock".into(), planted));
    entries.push(("manifest.json".into(), serde_json::to_vec(&manifest).expect("JSON")));
    write_entries(&stray, entries);

    let fresh = dir.path().join("fresh");
    let refused = run(&fresh, &["restore", stray.to_str().expect("UTF-8"), "--yes"]);
    assert_eq!(refused.status.code(), Some(3), "{refused:?}");
    assert!(refused.stderr.contains("serve.lock: not part of a hall's data"), "{refused:?}");
    assert!(!fresh.join("fairhall.db").exists());
    let lock = std::fs::read_to_string(fresh.join("serve.lock")).unwrap_or_default();
    assert!(!lock.contains("planted"), "only restore's own lock: {lock}");
}

#[test]
fn a_restore_or_start_with_another_configs_card_keys_is_refused() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let archive = hall_with_a_backup(&data);
    let other = dir.path().join("other.toml");
    let keys = format!(
        "[secrets]\ncard_key = \"{}\"\ncard_mac_key = \"{}\"\n",
        "ab".repeat(32),
        "cd".repeat(32)
    );
    std::fs::write(&other, keys).expect("a config");
    std::fs::set_permissions(&other, std::fs::Permissions::from_mode(0o600)).expect("private");
    let other = other.to_str().expect("UTF-8");

    let fresh = dir.path().join("fresh");
    let archive_text = archive.to_str().expect("UTF-8");
    let refused = run(&fresh, &["--config", other, "restore", archive_text, "--yes"]);
    assert_eq!(refused.status.code(), Some(3), "{refused:?}");
    assert!(refused.stderr.contains("sealed with keys"), "{refused:?}");
    assert!(refused.stderr.contains("this config's [secrets]"), "{refused:?}");
    assert!(!fresh.join("fairhall.db").exists(), "nothing restored");
    // Restored with the archive's own secrets.toml, the keys fit.
    succeed(&fresh, &["restore", archive_text, "--yes"]);
    // A start with other keys is refused before anything runs.
    let started = run(&fresh, &["--config", other, "migrate"]);
    assert!(!started.status.success(), "{started:?}");
    assert!(started.stderr.contains("sealed with keys"), "{started:?}");
    succeed(&fresh, &["migrate"]);
}

/// The phones `admin user list` shows in `data`.
fn listed_phones(data: &Path) -> String {
    succeed(data, &["admin", "user", "list"])
}

#[test]
fn a_restore_stopped_half_way_is_refused_until_rolled_back() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path().join("data");
    let archive = hall_with_a_backup(&data);
    let archive_text = archive.to_str().expect("UTF-8");
    succeed(&data, &["admin", "user", "create", "--phone", "13800000012", "--password", "first_1"]);

    // Killed at spread moments: the directory is always the old hall, the restored one, or
    // marked unfinished (then refused, and rolled back to the old hall).
    let started = Instant::now();
    succeed(&dir.path().join("timing"), &["restore", archive_text, "--yes"]);
    for delay in kill_moments(started.elapsed(), 20, 0x9e37_79b9_7f4a_7c15) {
        killed_after(&data, &["restore", archive_text, "--yes"], delay);
        if data.join("restore-in-progress").exists() {
            assert_eq!(run(&data, &["admin", "user", "list"]).status.code(), Some(1));
            succeed(&data, &["restore", "--roll-back"]);
        }
        let phones = listed_phones(&data);
        assert!(phones.contains("13800000011"), "a whole hall: {phones}");
        if !phones.contains("13800000012") {
            // The restore finished: the hall of the archive. Make it the newer hall again.
            succeed(
                &data,
                &["admin", "user", "create", "--phone", "13800000012", "--password", "first_1"],
            );
        }
    }

    // Stopped after the current data was moved aside: no database in place, the marker says
    // which restore it was. Every command refuses it, `serve` first; the roll-back puts the
    // replaced data back.
    let aside = data.join("replaced-20261129-120000");
    std::fs::create_dir_all(&aside).expect("the aside directory");
    for name in ["fairhall.db", "secrets.toml"] {
        std::fs::rename(data.join(name), aside.join(name)).expect("moved aside");
    }
    let marker = json!({ "archive": archive_text, "started_at": "2026-11-29T12:00:00Z",
        "replaced": "replaced-20261129-120000", "replacing": ["fairhall.db", "secrets.toml"],
        "restoring": ["fairhall.db", "secrets.toml"] });
    std::fs::write(data.join("restore-in-progress"), marker.to_string()).expect("the marker");
    for refused in [
        run(&data, &["serve", "--listen", "127.0.0.1:0"]),
        run(&data, &["migrate"]),
        run(&data, &["admin", "user", "list"]),
        run(&data, &["restore", archive_text, "--yes"]),
    ] {
        assert_eq!(refused.status.code(), Some(1), "{refused:?}");
        assert!(refused.stderr.contains("did not finish"), "{refused:?}");
        assert!(refused.stderr.contains("restore --roll-back"), "{refused:?}");
    }
    let rolled = succeed(&data, &["restore", "--roll-back"]);
    assert!(rolled.contains("rolled back"), "{rolled}");
    assert!(!data.join("restore-in-progress").exists() && !aside.exists());
    let phones = listed_phones(&data);
    assert!(phones.contains("13800000012"), "the hall as it was: {phones}");
    assert_eq!(run(&data, &["restore", "--roll-back"]).status.code(), Some(4), "nothing left");
}
