//! The model's rules: the walk's config, and the hall's rules restated in integer minor
//! units, with no call into the code under test. `Expected` is what one player should hold.

use fairhall::clock::Timestamp;
use fairhall::config::{Config, SigninCycle};
use fairhall::games::limits::LimitsOverride;
use fairhall::money::Money;

// The rules of the walk's config, in minor units (the model's own copy).
pub const DEPOSIT_MIN: i64 = 1_000;
/// Low turnover requirements, so that the walk's bets free enough withdrawals to exercise them
/// (the requirement's own rules have tests/api/withdrawals.rs and tests/api/signin.rs).
pub const TURNOVER_PERCENT: i64 = 2;
pub const BONUS_TURNOVER_PERCENT: i64 = 10;
pub const WITHDRAW_MIN: i64 = 100;
pub const WITHDRAW_MAX: i64 = 50_000;
pub const FEE_BP: i64 = 150;
pub const SMALL_BELOW: i64 = 500;
pub const SMALL_FEE: i64 = 30;
pub const SAVINGS_FIRST_IN_MIN: i64 = 1_000;
/// 36.5 % a year: a day pays a thousandth of the day's lowest savings balance.
pub const SAVINGS_RATE_BP: i64 = 3_650;
/// The sign-in reward of day 1, 2, ... of a streak; later days repeat the last.
pub const SIGNIN_REWARDS: [i64; 4] = [100, 200, 300, 500];
/// Asia/Ho_Chi_Minh (the default operator time zone) is UTC+7 all year.
pub const OPERATOR_OFFSET_SECS: i64 = 7 * 3600;

// Every option in play has these limits (set on the template hall).
pub const MIN_BET: i64 = 100;
pub const MAX_USER: i64 = 30_000;
pub const MAX_TOTAL: i64 = 60_000;
pub const PAYOUT_CAP: i64 = 1_000_000;
/// The bettor's own rebate and his uplines' commissions (levels 1-3), in basis points of his
/// net loss per period (stakes less payouts, 0 for a period he came out ahead in); of his
/// settled stakes, paid in batches at most this often, on bets settled before the batch's
/// clock less the settlement lag (the defaults).
pub const REBATE_RATES_BPS: [i64; 4] = [50, 100, 50, 20];
pub const REBATE_INTERVAL_SECS: i64 = 3_600;
pub const REBATE_LAG_SECS: i64 = 10;

/// RGB's default service fee, in basis points, taken from the stake (rounded up) before play.
pub const RGB_FEE_BP: i64 = 200;

pub fn configure(config: &mut Config) {
    let amount = |minor: i64| Money::from_minor(minor).expect("in range");
    let wallet = &mut config.wallet;
    wallet.deposit_min = amount(DEPOSIT_MIN);
    wallet.turnover_percent = TURNOVER_PERCENT;
    wallet.withdraw_min = amount(WITHDRAW_MIN);
    wallet.withdraw_max = amount(WITHDRAW_MAX);
    wallet.withdraw_fee_bp = FEE_BP;
    wallet.withdraw_small_below = amount(SMALL_BELOW);
    wallet.withdraw_small_fee = amount(SMALL_FEE);
    // The walk models balances, not the deposit request limits (tests/api/deposit_limits.rs).
    wallet.deposit_pending_max = i64::MAX;
    wallet.deposit_requests_per_hour = i64::MAX;
    // The deposit programmes, the VIP levels and the salary table.
    super::programmes::configure(config);
    let growth = &mut config.growth;
    growth.bonus_turnover_percent = BONUS_TURNOVER_PERCENT;
    growth.signin.rewards = SIGNIN_REWARDS.map(amount).to_vec();
    growth.signin.after_last = SigninCycle::RepeatLast;
    growth.signin.recharge_first = false;
    growth.rebate.rate_bps = REBATE_RATES_BPS[0];
    growth.rebate.commission_bps = [REBATE_RATES_BPS[1], REBATE_RATES_BPS[2], REBATE_RATES_BPS[3]];
    growth.rebate.batch_interval_secs = REBATE_INTERVAL_SECS;
    config.finance.savings_first_in_min = amount(SAVINGS_FIRST_IN_MIN);
    config.finance.savings_annual_rate_bp = SAVINGS_RATE_BP;
}

/// The limits of every option in play.
pub fn option_limits() -> LimitsOverride {
    let amount = |minor: i64| Some(Money::from_minor(minor).expect("in range"));
    LimitsOverride {
        min_bet: amount(MIN_BET),
        max_user: amount(MAX_USER),
        max_total: amount(MAX_TOTAL),
        payout_cap: amount(PAYOUT_CAP),
    }
}

// The walk's one product (set up on the template hall): 10.00 a unit, 1-20 units a purchase,
// 1,500.00 for sale; 6 % a cycle of 2 hours, 3 cycles, paid in 3 equal instalments.
pub const PRODUCT_UNIT: i64 = 1_000;
pub const PRODUCT_UNITS_MIN: i64 = 1;
pub const PRODUCT_UNITS_MAX: i64 = 20;
pub const PRODUCT_TOTAL: i64 = 150_000;
pub const PRODUCT_RATE_BP: i64 = 600;
pub const PRODUCT_CYCLE_SECS: i64 = 2 * 3600;
pub const PRODUCT_CYCLES: i64 = 3;

/// The walk's product as the operator writes it.
pub fn product_spec(start: Timestamp) -> fairhall::finance::goods::types::ProductSpec {
    let amount = |minor: i64| Some(text_of(minor));
    fairhall::finance::goods::types::ProductSpec {
        category: Some("walk".into()),
        unit_price: amount(PRODUCT_UNIT),
        total: amount(PRODUCT_TOTAL),
        reserved: amount(0),
        min_units: Some(PRODUCT_UNITS_MIN),
        max_units: Some(PRODUCT_UNITS_MAX),
        rate: Some((PRODUCT_RATE_BP / 100).to_string()),
        rate_divisor: Some(1),
        yield_type: Some("equal_instalments".into()),
        cycle_unit: Some("hour".into()),
        cycle_length: Some(u32::try_from(PRODUCT_CYCLE_SECS / 3600).expect("hours")),
        cycles: Some(u32::try_from(PRODUCT_CYCLES).expect("cycles")),
        start: Some((start.secs() - 3600).to_string()),
        end: Some((start.secs() + 60 * 86_400).to_string()),
        name: [("en".to_string(), "Walk bond".to_string())].into(),
        ..Default::default()
    }
}

fn text_of(minor: i64) -> String {
    Money::from_minor(minor).expect("in range").to_string()
}

/// The instalments of a purchase of `principal` at `bought_at`: (due at, interest + principal
/// to the wallet, principal out of `invest`). Equal shares rounded down, the rest on the last.
pub fn product_instalments(principal: i64, bought_at: Timestamp) -> Vec<(Timestamp, i64, i64)> {
    let interest = principal * PRODUCT_RATE_BP * PRODUCT_CYCLES / 10_000;
    let share = |total: i64, number: i64| {
        let each = total / PRODUCT_CYCLES;
        if number == PRODUCT_CYCLES { total - each * (PRODUCT_CYCLES - 1) } else { each }
    };
    (1..=PRODUCT_CYCLES)
        .map(|number| {
            let principal_share = share(principal, number);
            let due_at = bought_at + number * PRODUCT_CYCLE_SECS;
            (due_at, share(interest, number) + principal_share, principal_share)
        })
        .collect()
}

/// What the model expects of one player, in minor units.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub wallet: i64,
    pub game: i64,
    pub frozen: i64,
    pub savings: i64,
    pub invest: i64,
    pub turnover: i64,
    /// Bet lines placed per operator day and settled won or lost (the daily task counts them).
    pub bet_lines_by_day: std::collections::BTreeMap<i64, i64>,
    /// Operator days whose daily task reward was claimed, and the one-off task's claim.
    pub daily_task_days: std::collections::BTreeSet<i64>,
    pub deposit_task_claimed: bool,
    /// Approved deposits, in total (envelopes may ask for some first).
    pub deposited: i64,
    /// Product instalments not paid yet: (due at, to the wallet, out of invest).
    pub instalments: Vec<(Timestamp, i64, i64)>,
    /// The last operator day whose savings interest is settled: None before the first move
    /// in (which starts the interest on its own day).
    pub interest_settled_through: Option<i64>,
    /// The lowest savings balance of the current operator day (interest is paid on it).
    pub savings_low: i64,
    /// When each of their withdrawals was requested.
    pub withdrawals_at: Vec<Timestamp>,
    /// Won and lost bets not yet rebated: when they settled, their period (room, issue) and
    /// their stake less their payout.
    pub settled_losses: Vec<(Timestamp, (String, String), i64)>,
    /// The operator day of the last sign-in and the streak it made.
    pub last_signin: Option<(i64, i64)>,
    /// The stakes of every bet placed (the VIP level's betting points) and the level held.
    pub bet_points: i64,
    pub vip_level: usize,
    /// Cashback paid per operator day (capped per day).
    pub cashback_by_day: std::collections::BTreeMap<i64, i64>,
    /// Stakes of bets settled won or lost per operator week not yet paid a salary for.
    pub settled_by_week: std::collections::BTreeMap<i64, i64>,
    /// Deposit bonuses granted into the `bonus_pending` reserve, and what of them the server
    /// has released to the wallet so far (`Walk::follow_bonus_releases`).
    pub bonus_granted: i64,
    pub bonus_released: i64,
}

impl Expected {
    pub fn credit_bonus(&mut self, amount: i64) {
        self.wallet += amount;
        self.turnover += amount * BONUS_TURNOVER_PERCENT / 100;
    }
}

/// A day's interest on a lowest balance of `held`, rounded down.
pub fn daily_interest(held: i64) -> i64 {
    held * SAVINGS_RATE_BP / (10_000 * 365)
}

/// The operator's day number of `at` (days since the epoch in UTC+7).
pub fn operator_day(at: Timestamp) -> i64 {
    (at.secs() + OPERATOR_OFFSET_SECS).div_euclid(86_400)
}

/// The withdrawal fee: a flat fee below `SMALL_BELOW`, else `FEE_BP` rounded up.
pub fn withdrawal_fee(amount: i64) -> i64 {
    if amount < SMALL_BELOW { SMALL_FEE } else { (amount * FEE_BP + 9_999) / 10_000 }
}

/// The sign-in reward of day `streak` of a streak.
pub fn signin_reward(streak: i64) -> i64 {
    let day = usize::try_from(streak.clamp(1, SIGNIN_REWARDS.len() as i64)).expect("a day");
    SIGNIN_REWARDS[day - 1]
}

/// The rooms the walk bets in, one per game but yn28, whose twelve tier rooms
/// `yn28::rooms` names.
pub const GAME_ROOMS: [&str; 4] = ["k3", "pk10", "ssc", "rgb1"];

/// Every (room, option) the walk may bet on: options whose win rule fits on one line.
pub fn options_in_play() -> Vec<(&'static str, String)> {
    let mut options = Vec::new();
    options.extend((3..=18).map(|sum| ("k3", format!("sum_{sum}"))));
    options.extend((1..=6).map(|face| ("k3", format!("die_{face}"))));
    for position in 1..=3 {
        options.extend((1..=10).map(|car| ("pk10", format!("p{position}_car_{car}"))));
    }
    options.extend(["sum_big", "sum_small"].map(|side| ("pk10", side.to_string())));
    for ball in 1..=5 {
        options.extend((0..=9).map(|digit| ("ssc", format!("b{ball}_{digit}"))));
    }
    options.extend((0..=9).map(|number| ("rgb1", format!("num_{number}"))));
    for room in super::yn28::rooms() {
        options.extend(super::yn28::options().into_iter().map(|option| (room, option)));
    }
    options
}

/// How a bet ends; a win at the odds it pays (in thousandths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    Won(i64),
    Refunded,
    Lost,
}

/// The odds of an option in play, in thousandths (GAMES.md's defaults).
pub fn odds_of(room: &str, option: &str) -> i64 {
    if super::yn28::is_yn28(room) {
        return super::yn28::odds_of(room, option);
    }
    match (room, option.split('_').collect::<Vec<_>>().as_slice()) {
        ("k3", ["sum", sum]) => {
            let sum: i64 = sum.parse().expect("a sum");
            match sum.min(21 - sum) {
                3 => 189_000,
                4 => 63_000,
                5 => 31_500,
                6 => 18_900,
                7 => 12_600,
                8 => 9_000,
                9 => 7_650,
                _ => 7_000,
            }
        }
        ("k3", ["die", _]) => 2_050,
        ("pk10", [_, "car", _]) | ("ssc", _) => 9_900,
        ("pk10", ["sum", _]) => 1_980,
        ("rgb1", _) => 9_000,
        _ => panic!("no odds for {room} {option}"),
    }
}

/// The outcome of `option` on the drawn numbers of `room`.
pub fn settle(room: &str, option: &str, drawn: &[i64]) -> Settled {
    if super::yn28::is_yn28(room) {
        return super::yn28::settle(room, option, [drawn[0], drawn[1], drawn[2]]);
    }
    let odds = odds_of(room, option);
    let won = |condition: bool| if condition { Settled::Won(odds) } else { Settled::Lost };
    let number = |text: &str| -> i64 { text.parse().expect("a number") };
    match (room, option.split('_').collect::<Vec<_>>().as_slice()) {
        ("k3", ["sum", sum]) => won(drawn.iter().sum::<i64>() == number(sum)),
        ("k3", ["die", face]) => won(drawn.contains(&number(face))),
        ("pk10", [position, "car", car]) => {
            won(drawn[(number(&position[1..]) - 1) as usize] == number(car))
        }
        ("pk10", ["sum", side]) => match drawn[0] + drawn[1] {
            11 => Settled::Refunded,
            top => won(if *side == "big" { top >= 12 } else { top <= 10 }),
        },
        ("ssc", [ball, digit]) => won(drawn[(number(&ball[1..]) - 1) as usize] == number(digit)),
        ("rgb1", ["num", value]) => won(drawn[0] == number(value)),
        _ => panic!("no rule for {room} {option}"),
    }
}

/// The service fee a stake pays before it plays.
pub fn service_fee(room: &str, stake: i64) -> i64 {
    if room == "rgb1" { (stake * RGB_FEE_BP + 9_999) / 10_000 } else { 0 }
}

/// What a win at `odds` pays: the wagered amount (stake less fee) x odds, rounded down.
pub fn win_payout(room: &str, odds: i64, stake: i64) -> i64 {
    (stake - service_fee(room, stake)) * odds / 1_000
}
