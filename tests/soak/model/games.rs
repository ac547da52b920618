//! Bets of the walk through `api/rooms/betting`, and their settlement when the clock passes
//! their draw: the model reads the published draw and applies its own win rule and odds.

use super::programmes::operator_week;
use super::rules::{
    GAME_ROOMS, MAX_TOTAL, MAX_USER, MIN_BET, PAYOUT_CAP, Settled, odds_of, operator_day,
    options_in_play, settle, win_payout,
};
use super::walk::{KeyedReply, Walk, reply_outcome, text};
use super::yn28;
use crate::support::wallet_support::post_request;
use fairhall::clock::Timestamp;
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::{Value, json};

/// A placed bet line the model waits to see settled.
#[derive(Clone, Debug)]
pub struct OpenBet {
    pub player: usize,
    pub room: &'static str,
    pub issue: String,
    pub option: String,
    pub stake: i64,
    pub draw_at: Timestamp,
    /// The operator day it was placed on (the daily task counts it there unless refunded).
    pub placed_on: i64,
}

/// The period of `room` the hall shows now: (issue, close_at, draw_at). Asked once per room
/// between two moves of the clock (`Walk::shown_periods` is emptied when it moves).
pub async fn shown_period(walk: &mut Walk, room: &'static str) -> (String, Timestamp, Timestamp) {
    if let Some(shown) = walk.shown_periods.get(room) {
        return shown.clone();
    }
    let index = walk.app.room_index(room).await;
    let data = index.assert_ok();
    let at = |name: &str| Timestamp::from_secs(data[name].as_i64().expect("a time"));
    let issue = data["issue"].as_str().expect("an issue").to_string();
    let shown = (issue, at("close_at"), at("draw_at"));
    walk.shown_periods.insert(room, shown.clone());
    shown
}

impl Walk {
    /// A room of one of the five games: for yn28 a region's tier room, the dearer tiers
    /// less often.
    fn any_room(&mut self) -> &'static str {
        let game = self.rng.gen_range(0..=GAME_ROOMS.len());
        let Some(room) = GAME_ROOMS.get(game).copied() else {
            let total: u32 = yn28::TIERS.iter().map(|(_, _, weight)| weight).sum();
            let mut pick = self.rng.gen_range(0..total);
            let tier = yn28::TIERS.iter().position(|(_, _, weight)| {
                let here = pick < *weight;
                pick = pick.saturating_sub(*weight);
                here
            });
            let region = self.rng.gen_range(0..yn28::REGIONS.len());
            return yn28::rooms()[region * yn28::TIERS.len() + tier.expect("a tier")];
        };
        room
    }

    /// The lines of a bet of `player` on `room`, and whether they are a full hedge.
    fn lines(&mut self, player: usize, room: &str, trade: bool) -> (Vec<(String, i64)>, bool) {
        let hedge = matches!(room, "ssc" | "pk10") && !trade && self.rng.gen_bool(0.2);
        if hedge {
            let position = self.rng.gen_range(1..=3);
            let covered: Vec<String> = match room {
                "ssc" => (0..=9).map(|digit| format!("b{position}_{digit}")).collect(),
                _ => (1..=10).map(|car| format!("p{position}_car_{car}")).collect(),
            };
            // Ten lines: a tenth of a single line's stake each (some still below the minimum).
            let stake = (self.stake(player) / 10).max(1);
            return (covered.into_iter().map(|option| (option, stake)).collect(), true);
        }
        let mut options: Vec<String> = options_in_play()
            .into_iter()
            .filter(|(in_room, option)| {
                *in_room == room && (!trade || option == "big" || option == "small")
            })
            .map(|(_, option)| option)
            .collect();
        options.shuffle(&mut self.rng);
        options.truncate(self.rng.gen_range(1..=3));
        (options.into_iter().map(|option| (option, self.stake(player))).collect(), false)
    }

    /// One to three lines on distinct options of one room: mostly within the limits, some
    /// below the minimum or past a player's or everyone's limit, some beyond the balance; a
    /// few on a period already drawn; in a yn28 room some a long/short trade (big or small);
    /// in ssc and pk10 some a full hedge (one stake on each of a ball's ten digits or a
    /// position's ten cars: one line wins whatever the draw). Half with an Idempotency-Key.
    pub async fn bet(&mut self) {
        let player = self.any_player();
        let room = self.any_room();
        let trade = yn28::is_yn28(room) && self.rng.gen_bool(0.25);
        let (mut issue, close_at, draw_at) = shown_period(self, room).await;
        let drawn = self.rng.gen_bool(0.03).then(|| self.drawn_issue(room)).flatten();
        let stale = drawn.is_some();
        if let Some(drawn) = drawn {
            issue = drawn;
        }
        let (lines, hedge) = self.lines(player, room, trade);
        let bets: Vec<Value> = lines
            .iter()
            .map(|(option, stake)| json!({ "option": option, "amount": text(*stake) }))
            .collect();
        let expected = if stale || self.app.now() >= close_at {
            "period_closed"
        } else {
            self.bet_verdict(player, (room, &issue), &lines, trade)
        };
        self.begin(format!("player {player} bets {bets:?} on {room} {issue} (trade: {trade})"));
        let mut form = json!({ "room": room, "issue": issue, "bets": bets });
        if trade {
            form["mode"] = json!("trade");
        }
        let key = self.rng.gen_bool(0.5).then(|| format!("bet-{}", self.step));
        let request =
            post_request("/api/rooms/betting", &self.players[player].0, &form, key.as_deref());
        let reply = self.app.send(request).await;
        let what = if hedge { "hedged bet" } else { "bet" };
        self.assert_outcome(reply_outcome(&reply), expected, what);
        if expected != "ok" {
            return;
        }
        let total: i64 = lines.iter().map(|(_, stake)| stake).sum();
        self.expected[player].game -= total;
        self.expected[player].bet_points += total;
        self.bet_since_tick.insert(player);
        let game_balance = reply.data()["game_balance"].as_str().expect("a balance").to_string();
        assert_eq!(game_balance, text(self.expected[player].game), "{}", self.at());
        for (option, stake) in lines {
            let payout = win_payout(room, odds_of(room, &option), stake);
            let by_option = (room.to_string(), issue.clone(), option.clone());
            let totals = self.stakes_by_option.entry(by_option.clone()).or_default();
            *totals = (totals.0 + stake, totals.1 + payout);
            let (room_key, issue_key, option_key) = by_option;
            *self.stakes_by_player.entry((room_key, issue_key, option_key, player)).or_default() +=
                stake;
            let issue = issue.clone();
            let placed_on = operator_day(self.app.now());
            self.open_bets.push(OpenBet { player, room, issue, option, stake, draw_at, placed_on });
        }
        if let Some(key) = key {
            let data = reply.data().clone();
            self.keyed.push(KeyedReply { player, key, path: "/api/rooms/betting", form, data });
        }
    }

    /// A stake: mostly up to half the game balance (at most 80.00), some below the minimum,
    /// some up to past a player's limit.
    fn stake(&mut self, player: usize) -> i64 {
        let ceiling = (self.expected[player].game / 2).clamp(MIN_BET, 8_000);
        match self.rng.gen_range(0..20) {
            0 => self.rng.gen_range(1..MIN_BET),
            1 => self.rng.gen_range(MIN_BET..=MAX_USER + 5_000),
            _ => self.rng.gen_range(MIN_BET..=ceiling),
        }
    }

    /// An issue of `room` the walk saw drawn (a bet on it is too late), if any.
    fn drawn_issue(&mut self, room: &str) -> Option<String> {
        let drawn: Vec<&String> = self
            .drawn_issues
            .iter()
            .filter(|(in_room, _)| in_room == room)
            .map(|(_, issue)| issue)
            .collect();
        drawn.choose(&mut self.rng).map(|issue| (*issue).clone())
    }

    /// The rules of a bet in an open period, in the order the hall applies them: the minimum
    /// of each line (a trade's too), then each line's per-player, all-player and payout
    /// totals, then a tier room's entry minimum, then the game balance.
    fn bet_verdict(
        &self,
        player: usize,
        (room, issue): (&str, &str),
        lines: &[(String, i64)],
        trade: bool,
    ) -> &'static str {
        let line_min = if trade { MIN_BET.max(yn28::TRADE_MIN) } else { MIN_BET };
        if lines.iter().any(|(_, stake)| *stake < line_min) {
            return "bet_out_of_limits";
        }
        for (option, stake) in lines {
            let by_option = (room.to_string(), issue.to_string(), option.clone());
            let (all_stake, all_payout) =
                self.stakes_by_option.get(&by_option).copied().unwrap_or_default();
            let by_player = (room.to_string(), issue.to_string(), option.clone(), player);
            let mine = self.stakes_by_player.get(&by_player).copied().unwrap_or_default();
            let payout = win_payout(room, odds_of(room, option), *stake);
            if mine + stake > MAX_USER
                || all_stake + stake > MAX_TOTAL
                || all_payout + payout > PAYOUT_CAP
            {
                return "bet_out_of_limits";
            }
        }
        let total: i64 = lines.iter().map(|(_, stake)| stake).sum();
        let game = self.expected[player].game;
        if game < yn28::entry_min(room) {
            "room_balance_too_low"
        } else if total > game {
            "insufficient_balance"
        } else {
            "ok"
        }
    }

    /// Settles in the model every open bet whose draw time has come: reads the published draw
    /// and pays by the model's rules.
    pub async fn settle_drawn_bets(&mut self) {
        let now = self.app.now();
        let (due, waiting): (Vec<OpenBet>, Vec<OpenBet>) =
            self.open_bets.drain(..).partition(|bet| bet.draw_at <= now);
        self.open_bets = waiting;
        let mut draws: std::collections::BTreeMap<(String, String), Vec<i64>> = Default::default();
        for bet in due {
            let key = (bet.room.to_string(), bet.issue.clone());
            if !draws.contains_key(&key) {
                let path = format!("/api/fair/draw?room={}&issue={}", bet.room, bet.issue);
                let reply = self.app.get(&path, None).await;
                let values = &reply.assert_ok()["values"];
                draws.insert(key.clone(), drawn_numbers(values));
            }
            let drawn = &draws[&key];
            self.drawn_issues.insert(key);
            let expected = &mut self.expected[bet.player];
            self.touched.insert(bet.player);
            let outcome = settle(bet.room, &bet.option, drawn);
            if outcome != Settled::Refunded {
                let payout = match outcome {
                    Settled::Won(odds) => win_payout(bet.room, odds, bet.stake),
                    _ => 0,
                };
                let period = (bet.room.to_string(), bet.issue.clone());
                expected.settled_losses.push((now, period, bet.stake - payout));
                *expected.bet_lines_by_day.entry(bet.placed_on).or_default() += 1;
                *expected.settled_by_week.entry(operator_week(now)).or_default() += bet.stake;
                expected.turnover = (expected.turnover - bet.stake).max(0);
            }
            let label = match outcome {
                Settled::Won(odds) => {
                    expected.game += win_payout(bet.room, odds, bet.stake);
                    if odds == odds_of(bet.room, &bet.option) { "won" } else { "won reduced" }
                }
                Settled::Lost => "lost",
                Settled::Refunded => {
                    expected.game += bet.stake;
                    "refunded"
                }
            };
            *self.figures.outcomes.entry(format!("bet settled: {label}")).or_default() += 1;
        }
    }
}

/// The numbers of a published draw: the dice, cars, balls, the one RGB number, or yn28's
/// a, b, c (which the model derives from the keno numbers).
fn drawn_numbers(values: &Value) -> Vec<i64> {
    let result = &values["result"];
    match result {
        Value::Object(_) => yn28::digits(result).to_vec(),
        Value::Array(numbers) => numbers.iter().map(|n| n.as_i64().expect("a number")).collect(),
        Value::Number(number) => vec![number.as_i64().expect("a number")],
        _ => panic!("an unexpected draw: {values}"),
    }
}
