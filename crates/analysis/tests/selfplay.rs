//! Self-play batches and their statistics (`hetproba_analysis::{selfplay, stats}`): the lines do
//! not depend on the threads, and the figures of a small file are those counted by hand.

use hetproba_ai::StepTimer;
use hetproba_analysis::Workers;
use hetproba_analysis::selfplay::{GameLine, Run, play_many};
use hetproba_analysis::stats::{StatsError, read, reports};
use hetproba_engine::Game;
use hetproba_play::AgentSpec;
use std::time::Duration;

/// Three in a row on a 3x3 board wins; a full board is a draw.
const PLACING: &str = include_str!("../../../tests/fixtures/placing.toml");

fn lines_with(threads: usize) -> Vec<GameLine> {
    let game = Game::new(
        hetproba_engine::rules::load("placing.toml", PLACING, &hetproba_engine::rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}")),
    );
    let timer = StepTimer::new(Duration::ZERO);
    let run =
        Run { players: [AgentSpec::Random, AgentSpec::Random], seed: 11, alternate: true, max_plies: 1000, memory: Default::default() };
    let numbers: Vec<u64> = (0..600).collect();
    let mut out = Vec::new();
    let Ok(()) = play_many::<GameLine, std::convert::Infallible>(
        &Workers::new(Some(threads)).unwrap(),
        &game,
        &run,
        &numbers,
        &timer,
        |line| line,
        |l| {
            out.extend(l);
            Ok(())
        },
        &|_| {},
    );
    out
}

#[test]
fn the_lines_do_not_depend_on_the_threads() {
    let (one, two) = (lines_with(1), lines_with(2));
    assert_eq!(one, two);
    assert_eq!(one.len(), 600);
    for (i, g) in one.iter().enumerate() {
        assert_eq!(g.game, i as u64, "in game order, across batches of 512");
        assert_eq!(g.a_seat, if i % 2 == 0 { 1 } else { 2 }, "seats alternate");
        assert_eq!((g.moves.len(), g.branching.len()), (g.plies, g.plies));
        // The first position has nine empty cells.
        assert_eq!(g.branching[0], 9);
    }
}

/// Four games by hand: lengths 10, 20, 30, 40; the first seat wins twice, the second once, one
/// draw by repetition.
const FOUR_GAMES: &str = include_str!("../../../tests/fixtures/four-games.jsonl");

#[test]
fn stats_of_four_games_counted_by_hand() {
    let games = read(&[("four.jsonl".to_string(), FOUR_GAMES.to_string())]).unwrap();
    let r = &reports(&games)[0];
    assert_eq!(r.games, 4);
    assert_eq!(r.first_seat_wins.count, 2);
    // 2 of 4: Wilson's 95% interval, (p + z^2/2n) / (1 + z^2/n) -/+ z sqrt(p q / n + z^2 / 4n^2)
    // / (1 + z^2/n) with z = 1.96: 0.5 -/+ 0.350, that is 0.150 to 0.850.
    let (low, high) = (r.first_seat_wins.low, r.first_seat_wins.high);
    assert!((low - 0.150).abs() < 0.001 && (high - 0.850).abs() < 0.001, "{low} {high}");
    // Player A sat first in games 0 and 2 (won 0, lost 2) and second in 1 and 3: A won 1.
    assert_eq!((r.a_wins.count, r.b_wins.count), (1, 2));
    assert_eq!(r.draw_reasons, vec![("repetition".to_string(), 1)]);
    // Lengths 10, 20, 30, 40: mean 25, median 25, quartiles 17.5 and 32.5.
    let l = &r.length;
    assert_eq!((l.mean, l.median, l.q1, l.q3, l.min, l.max), (25.0, 25.0, 17.5, 32.5, 10, 40));
    // Branching: 2 + 4 + 6 legal moves over 3 positions.
    assert_eq!(r.branching, 4.0);
    let m = &r.measures;
    // Balance 1 - |2 - 1| / 3; drawishness 1 of 4 finished; decisiveness: games 0 (5/10) and 2
    // (15/30), mean 0.5; lead changes (1 + 3 + 0 + 0) / 4.
    assert!((m.balance.unwrap() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!((m.drawishness, m.decisiveness, m.decided_games, m.lead_changes), (Some(0.25), Some(0.5), 2, 1.0));
}

#[test]
fn games_at_the_cap_count_apart_from_the_draws_in_old_files_and_new() {
    // A line of today (a draw, capped) and one written before the cap was a draw (`*`).
    let capped = r#"{"ruleset":"x","game":10,"seed":10,"seats":["random","random"],"a_seat":1,"result":"1/2-1/2","winner":null,"reason":"no end within 8 plies","capped":true,"plies":8,"moves":[],"branching":[],"lead_changes":0,"decided_at":null}"#;
    let old = r#"{"ruleset":"x","game":11,"seed":11,"seats":["random","random"],"a_seat":2,"result":"*","winner":null,"reason":"stopped after 8 plies","plies":8,"moves":[],"branching":[],"lead_changes":0,"decided_at":null}"#;
    let games = read(&[("f".to_string(), format!("{capped}\n{old}\n{FOUR_GAMES}"))]).unwrap();
    assert!(games[0].capped && !games[1].capped);
    let r = &reports(&games)[0];
    assert_eq!((r.games, r.stopped.count, r.draws.count), (6, 2, 1));
    // Drawishness and lengths are of the games that finished.
    assert_eq!(r.measures.drawishness, Some(0.25));
    assert_eq!(r.length.games, 4);
}

#[test]
fn bad_lines_are_refused_at_their_place() {
    let bad = format!("{}\nnot json\n", FOUR_GAMES.lines().next().unwrap());
    let err = read(&[("bad.jsonl".to_string(), bad)]).unwrap_err();
    assert!(matches!(&err, StatsError::NotALine { place, .. } if place == "bad.jsonl:2"), "{err}");
    assert!(err.to_string().starts_with("bad.jsonl:2:2: not a selfplay line"), "{err}");
    assert_eq!(read(&[("empty".to_string(), "\n".to_string())]), Err(StatsError::NoGames));
    let twice = format!("{FOUR_GAMES}{}\n", FOUR_GAMES.lines().next().unwrap());
    assert_eq!(read(&[("t".to_string(), twice)]).unwrap_err().to_string(), "t:5: game 0 of x is also at t:1");
}
