//! A game that reaches its ply cap ends the same way in every front end: adjudicated a draw with
//! the reason "no end within N plies" — in `play` (a match with a cap), in self-play (the line
//! says `1/2-1/2`, `capped`, and statistics count it apart from the draws) and in a simulated
//! championship (a drawn duel).

use hetproba_ai::StepTimer;
use hetproba_analysis::championship::{Res, play_duel};
use hetproba_analysis::selfplay::play_one;
use hetproba_analysis::stats::reports;
use hetproba_engine::{Game, Position, Session};
use hetproba_play::matches::Computers;
use hetproba_play::{AgentSpec, Ending, Match};
use std::time::Duration;

/// One piece each on a row of five cells, stepping left or right: a game without an end.
const WANDERING: &str = include_str!("../../../tests/fixtures/wandering.toml");

fn game() -> Game {
    Game::new(
        hetproba_engine::rules::load("wandering.toml", WANDERING, &hetproba_engine::rules::BuiltinFiles, &[])
            .unwrap_or_else(|r| panic!("{r}")),
    )
}

#[test]
fn the_ply_cap_is_a_draw_in_play_selfplay_and_the_championship() {
    let game = game();
    let timer = StepTimer::new(Duration::ZERO);
    let random = AgentSpec::Random;

    // A match, as `play --max-plies 16` plays it.
    let start = Session::new(&game, Position::start(&game));
    let mut table = Match::new(start, &[], [random.clone(), random.clone()], 3, &timer).with_cap(Some(16));
    let Ok(()) = table.run(&mut Computers);
    assert_eq!(table.ending(), Some(&Ending::Cap(16)));
    let outcome = table.outcome().expect("a result");
    assert_eq!((outcome.winner, outcome.reason.as_str()), (None, "no end within 16 plies"));
    assert_eq!(table.record().result, "1/2-1/2");

    // Self-play with --max-plies 16.
    let line = play_one(&game, &random, &random, 3, 0, true, 16, &timer);
    assert_eq!((line.result.as_str(), line.winner, line.reason.as_str(), line.capped), ("1/2-1/2", None, "no end within 16 plies", true));
    assert_eq!(line.plies, 16);
    // Statistics count it as stopped at the cap, not among the draws of the rules.
    let report = &reports(std::slice::from_ref(&line))[0];
    assert_eq!((report.stopped.count, report.draws.count), (1, 0));
    assert_eq!(report.draw_reasons, vec![("stopped: no end within 16 plies".to_string(), 1)]);

    // A duel of a simulated championship capped at 16 plies.
    let (result, note) = play_duel(&game, &random, &random, 3, 16, &timer);
    assert_eq!(result, Res::Draw);
    assert_eq!(note, "no end within 16 plies: counted as a draw");
}
