//! `championship`: the standings of an event played as Mészáros Mihály's competition notice for
//! the Hétpróbások Bajnoksága 2016 ("versenykiírás", game rules pp.17-19) describes it: duels in
//! several games, one base point a won duel, and for each won duel a trophy worth the beaten
//! player's base points at the end of the event; at most three opponents a game, at most two duels
//! with the same opponent; players of the same school play each other only hors concours. And
//! events simulated with computer players, to try the scoring end to end.
//!
//! The file format, the options and every interpretation the notice leaves open are in
//! `docs/championship.md`. One module a job: `event` reads an event file (text or CSV) into an
//! [`Event`] and writes its lines; `score` judges it ([`judge`]: limits and points to
//! [`Standings`]); `report` writes the standings ([`write_text`], [`to_json`]); `schedule` pairs
//! the players of a simulated event under the limits; `simulate` plays its duels ([`simulate()`])
//! and writes the event file, which is then read back like any other.

mod event;
mod report;
mod schedule;
mod score;
mod simulate;

pub use event::{Duel, Entrant, Event, EventError, Res, checked_name, duel_line, has_csv_extension, parse_event, player_line};
pub use report::{to_json, write_text};
pub use score::{Standings, Status, Tally, judge};
pub use simulate::{SimulateError, Simulation, play_duel, simulate};

/// The most different opponents a player may duel in one game.
pub const OPPONENTS_PER_GAME: usize = 3;
/// The most duels two players may play against each other (in the event, or in one game).
pub const DUELS_PER_OPPONENT: usize = 2;
/// A simulated duel that has not ended after this many plies is adjudicated a draw (the same cap
/// the MCTS player puts on its playouts).
pub const PLY_CAP: usize = 2000;

/// Where the same-opponent limit counts duels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Over the whole event (the notice's words: "with the same opponent at most two games").
    Event,
    /// In each game apart.
    Game,
}

impl Scope {
    /// `event` or `game`, as the option and the JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Event => "event",
            Scope::Game => "game",
        }
    }
}
