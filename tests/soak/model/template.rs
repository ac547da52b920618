//! One migrated hall, built once per test process and copied per seed: players registered
//! (argon2 runs once here, not per seed), each with a fund password and a bank card, and the
//! draw chains committed. A copy is a few small files; migrations and hashing are not.
//!
//! The chains' seeds come from the OS, so a replay draws the same results only in the same
//! template: `FAIRHALL_MODEL_TEMPLATE=DIR` builds the template in DIR and keeps it, or reuses
//! the one already there (`template.json` names its players, product and tasks). A failing
//! run keeps its template and prints the variable to replay with.

use super::rules;
use crate::support::helpers::{Player, TestApp};
use crate::support::wallet_support::WalletApp;
use fairhall::finance::goods::types::CategorySpec;
use fairhall::finance::goods::{GoodsSettings, catalog};
use fairhall::games::limits::{self, LimitsChange};
use fairhall::games::room_changes::{self, RoomChange};
use fairhall::games::rules::options::BetOption;
use fairhall::games::rules::room::{DrawSource, Room};
use fairhall::ids::UserId;
use serde_json::json;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// Every draw source's period: an hour (the longest allowed), so that a day's clock costs
/// the scheduler few draws; k3 closes its bets well before the draw, so some come too late.
const PERIOD_SECS: i64 = 3_600;
const K3_CLOSE_SECS: i64 = 600;
/// Seconds the template's clock runs after the period change, so that every source's short
/// period open at the change is drawn: walks start this long after `helpers::START` (before
/// the next rebate batch, which the model expects an hour after the first pass's).
pub const SETTLE_IN_SECS: i64 = 600;

/// Players of every seed's hall at its start (registrations during a walk add more).
pub const PLAYERS: usize = 6;
/// Who invited each of the template's players: a line of four below player 0 (whose
/// commissions reach three levels down), and player 5 on his own.
pub const INVITERS: [Option<usize>; PLAYERS] = [None, Some(0), Some(1), Some(2), Some(3), None];
/// Periods per draw chain (20 days of hours); the scheduler commits the next one in time.
pub const CHAIN_LENGTH: u32 = 480;

/// The environment variable naming a template directory to build once and reuse.
pub const TEMPLATE_ENV: &str = "FAIRHALL_MODEL_TEMPLATE";
/// The file of a template directory naming what the walks need besides the database.
const DESCRIPTION: &str = "template.json";

/// Where the template lives: a temporary directory of this run, or one kept for replays.
enum Place {
    Temporary(TempDir),
    Kept(PathBuf),
}

pub struct Template {
    place: Place,
    pub players: Vec<(Player, i64)>,
    /// The id of the walk's product (`rules::product_spec`).
    pub product: i64,
    /// The ids of the walk's daily and one-off tasks (`tasks::create_tasks`).
    pub tasks: (i64, i64),
}

/// Sets every draw source to `PERIOD_SECS` from the period after the open one.
async fn lengthen_periods(app: &TestApp) {
    let (timezone, now) = (app.config.timezone(), app.now());
    for source in DrawSource::all() {
        let room = Room::all().into_iter().find(|room| room.draw_source() == source);
        let room = room.expect("a room of every draw source");
        let close_secs = (room.code() == "k3").then_some(K3_CLOSE_SECS);
        let change = RoomChange { period_secs: Some(PERIOD_SECS), close_secs };
        let changed =
            app.db.write(move |tx| room_changes::update_room(tx, room, change, timezone, now));
        changed.await.expect("the room is writable").expect("a valid change");
    }
}

/// Puts the walk's product on sale.
async fn product(app: &TestApp) -> i64 {
    let (settings, now) = (GoodsSettings::from_config(&app.config), app.now());
    let spec = rules::product_spec(now);
    let category = CategorySpec {
        code: "walk".into(),
        picture: None,
        sort: None,
        names: [("en".to_string(), "Walk".to_string())].into(),
    };
    let created = app.db.write(move |tx| {
        Ok(catalog::put_category(tx, &category, now)
            .and_then(|()| catalog::create(tx, &spec, &settings, now)))
    });
    let created = created.await;
    created.expect("the catalogue is writable").expect("a valid product")
}

/// A temporary directory in memory when the system has one (SQLite syncs every commit).
pub fn temp_dir() -> TempDir {
    let shared_memory = Path::new("/dev/shm");
    let in_memory = shared_memory.is_dir().then(|| tempfile::tempdir_in(shared_memory).ok());
    in_memory.flatten().unwrap_or_else(|| tempfile::tempdir().expect("a temp directory"))
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a directory");
    for entry in std::fs::read_dir(from).expect("a readable directory") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("a copied file");
        }
    }
}

impl Template {
    /// Builds the template on its own runtime (before the seeds' runtimes start), in the
    /// directory `TEMPLATE_ENV` names (reusing a template already there) or in a temporary
    /// one that goes when the run ends, unless `keep` is called.
    pub fn new() -> Template {
        let kept = std::env::var_os(TEMPLATE_ENV).map(PathBuf::from);
        if let Some(template) = kept.as_deref().and_then(Template::load) {
            eprintln!("model: reusing the template hall in {}", template.path().display());
            return template;
        }
        let place = match kept {
            Some(path) => {
                std::fs::create_dir_all(&path).expect("the template directory");
                Place::Kept(path)
            }
            None => Place::Temporary(temp_dir()),
        };
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let template = runtime.block_on(Template::build(place));
        template.save();
        template
    }

    fn path(&self) -> &Path {
        match &self.place {
            Place::Temporary(dir) => dir.path(),
            Place::Kept(path) => path,
        }
    }

    /// Keeps a temporary template past the run (for a replay of a failed seed); its path.
    pub fn keep(self) -> PathBuf {
        match self.place {
            Place::Temporary(dir) => dir.keep(),
            Place::Kept(path) => path,
        }
    }

    fn save(&self) {
        let players: Vec<_> = self
            .players
            .iter()
            .map(|(player, card)| {
                json!({ "id": player.id, "phone": player.phone, "token": player.token,
                        "invite_code": player.invite_code, "card": card })
            })
            .collect();
        let description =
            json!({ "players": players, "product": self.product, "tasks": self.tasks });
        let text = serde_json::to_string_pretty(&description).expect("JSON");
        std::fs::write(self.path().join(DESCRIPTION), text).expect("a writable template");
    }

    /// The template in `path`, when one was saved there.
    fn load(path: &Path) -> Option<Template> {
        let text = std::fs::read_to_string(path.join(DESCRIPTION)).ok()?;
        let description: serde_json::Value = serde_json::from_str(&text).expect("template JSON");
        let text_of = |value: &serde_json::Value| value.as_str().expect("a text").to_string();
        let number = |value: &serde_json::Value| value.as_i64().expect("a number");
        let players = description["players"].as_array().expect("the players");
        let players = players
            .iter()
            .map(|player| {
                let id = UserId::parse(&number(&player["id"]).to_string()).expect("an id");
                let (phone, token) = (text_of(&player["phone"]), text_of(&player["token"]));
                let invite_code = text_of(&player["invite_code"]);
                (Player { id, phone, token, invite_code }, number(&player["card"]))
            })
            .collect();
        let tasks = (number(&description["tasks"][0]), number(&description["tasks"][1]));
        let product = number(&description["product"]);
        Some(Template { place: Place::Kept(path.to_path_buf()), players, product, tasks })
    }

    async fn build(place: Place) -> Template {
        let dir = match &place {
            Place::Temporary(dir) => dir.path().to_path_buf(),
            Place::Kept(path) => path.clone(),
        };
        let app = TestApp::open(&dir, rules::configure);
        let mut players: Vec<(Player, i64)> = Vec::new();
        for inviter in INVITERS {
            let form = match inviter {
                Some(inviter) => json!({ "invite_code": players[inviter].0.invite_code }),
                None => json!({}),
            };
            let player = app.player_with(form).await;
            app.set_fund_password(&player).await;
            let card = app.link_card(&player).await;
            players.push((player, card));
        }
        let scheduler = app.scheduler().with_chain_length(CHAIN_LENGTH);
        scheduler.tick(app.now()).await;
        lengthen_periods(&app).await;
        let product = product(&app).await;
        let tasks = super::tasks::create_tasks(&app).await;
        app.clock.advance(SETTLE_IN_SECS);
        scheduler.tick(app.now()).await;
        // The limits of every option in play (yn28's tier rooms included), in one write.
        let set = app.db.write(|tx| {
            for (room, option) in rules::options_in_play() {
                let room = Room::parse(room).expect("a room");
                let option = BetOption::parse(room.game(), &option).expect("an option");
                let change = LimitsChange::Option { option, values: rules::option_limits() };
                limits::set_room_limits(tx, room, change)?.expect("the limits are valid");
            }
            Ok(())
        });
        set.await.expect("the limits are writable");
        // Closed, not only dropped: the threads would otherwise checkpoint and remove the
        // `-wal` file while the seeds copy the directory, and a copy could miss the last
        // writes (an option's limits) or a file it listed.
        app.db.close().await.expect("the template hall closes");
        drop(app);
        Template { place, players, product, tasks }
    }

    /// A fresh copy of the template hall in its own directory (removed when dropped).
    pub fn instance(&self) -> (TempDir, TestApp) {
        let dir = temp_dir();
        copy_dir(self.path(), dir.path());
        let app = TestApp::open(dir.path(), rules::configure);
        app.clock.advance(SETTLE_IN_SECS);
        (dir, app)
    }
}
