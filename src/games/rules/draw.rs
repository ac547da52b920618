//! A draw's value, derived from the period's revealed seed, what draws and the issue.

use crate::games::fairness::fair::{DrawStream, Seed};
use crate::games::rules::issue::Issue;
use crate::games::rules::k3::Dice;
use crate::games::rules::pk10::Ranking;
use crate::games::rules::rgb::RgbNumber;
use crate::games::rules::room::{DrawSource, Game};
use crate::games::rules::ssc::Balls;
use crate::games::rules::yn28::Yn28Draw;
use serde::{Deserialize, Serialize};

/// The result of one period, e.g. `{"game":"k3","result":[3,1,6]}` when stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", content = "result", rename_all = "snake_case")]
pub enum Draw {
    K3(Dice),
    Pk10(Ranking),
    Ssc(Balls),
    Rgb(RgbNumber),
    Yn28(Yn28Draw),
}

impl Draw {
    /// The draw of `source` for `issue` with seed `s_k` (GAMES.md's table, exactly).
    pub fn derive(source: DrawSource, seed: &Seed, issue: Issue) -> Draw {
        let mut stream = DrawStream::new(seed, source, issue);
        match source {
            DrawSource::K3 => Draw::K3(Dice::derive(&mut stream)),
            DrawSource::Pk10 => Draw::Pk10(Ranking::derive(&mut stream)),
            DrawSource::Ssc => Draw::Ssc(Balls::derive(&mut stream)),
            DrawSource::Rgb(_) => Draw::Rgb(RgbNumber::derive(&mut stream)),
            DrawSource::Yn28(region) => Draw::Yn28(Yn28Draw::derive(region, &mut stream)),
        }
    }

    pub fn game(&self) -> Game {
        match self {
            Draw::K3(_) => Game::K3,
            Draw::Pk10(_) => Game::Pk10,
            Draw::Ssc(_) => Game::Ssc,
            Draw::Rgb(_) => Game::Rgb,
            Draw::Yn28(_) => Game::Yn28,
        }
    }
}
