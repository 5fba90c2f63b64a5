//! How a game ended, and the result tokens records write: `1-0` (the first player won), `0-1`,
//! `1/2-1/2`, `*` (unfinished); in PDN the score of the player called W comes first and a win
//! counts 2 (`2-0`, `0-2`, `1-1`).

use hetproba_engine::rules::model::{PlayerId, PositionNotation};
use hetproba_engine::{Game, Outcome};

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the game's rules: its end rules, or a draw rule that needs the history.
    Rules(Outcome),
    /// The player's time ran out: they lose.
    Time(PlayerId),
    /// The player resigned: they lose.
    Resigned(PlayerId),
    /// The game reached the match's ply cap without an end: adjudicated a draw. Every front end
    /// means the same by a cap (play, selfplay, a simulated championship): a draw, reason
    /// "no end within N plies", that statistics count apart from the draws the rules make.
    Cap(usize),
    /// Stopped by the people playing before it ended: no result.
    Stopped,
}

impl Ending {
    /// The result, as the engine words results: `None` for a stopped game.
    pub fn outcome(&self, game: &Game) -> Option<Outcome> {
        match self {
            Ending::Rules(outcome) => Some(outcome.clone()),
            Ending::Time(loser) => {
                Some(Outcome { winner: Some(loser.other()), reason: format!("{}'s time ran out", game.player_name(*loser)) })
            }
            Ending::Resigned(loser) => {
                Some(Outcome { winner: Some(loser.other()), reason: format!("{} resigned", game.player_name(*loser)) })
            }
            Ending::Cap(plies) => Some(Outcome { winner: None, reason: cap_reason(*plies) }),
            Ending::Stopped => None,
        }
    }

    /// True for a game adjudicated at the ply cap.
    pub fn is_cap(&self) -> bool {
        matches!(self, Ending::Cap(_))
    }
}

/// The reason of a draw at the ply cap.
pub fn cap_reason(plies: usize) -> String {
    format!("no end within {plies} plies")
}

/// True for rulesets whose positions (and so records) are written in PDN.
pub fn is_pdn(game: &Game) -> bool {
    matches!(game.rules().notation.position, PositionNotation::Pdn { .. })
}

/// The player PDN calls W (the first player when none is).
fn white(game: &Game) -> PlayerId {
    PlayerId(game.rules().players.iter().position(|p| p.short == "W").unwrap_or(0) as u8)
}

/// The result token of an outcome (`*` for none).
pub fn result_token(game: &Game, outcome: Option<&Outcome>) -> String {
    let Some(outcome) = outcome else { return "*".into() };
    if is_pdn(game) {
        let white = white(game);
        return match outcome.winner {
            Some(w) if w == white => "2-0".into(),
            Some(_) => "0-2".into(),
            None => "1-1".into(),
        };
    }
    match outcome.winner {
        Some(PlayerId::FIRST) => "1-0".into(),
        Some(_) => "0-1".into(),
        None => "1/2-1/2".into(),
    }
}

/// The winner a result token names (`Some(None)`: a draw); `None`: unfinished or unknown.
pub fn token_winner(game: &Game, token: &str) -> Option<Option<PlayerId>> {
    let white = white(game);
    match token {
        "1-0" => Some(Some(PlayerId::FIRST)),
        "0-1" => Some(Some(PlayerId::SECOND)),
        "2-0" => Some(Some(white)),
        "0-2" => Some(Some(white.other())),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}
