//! What the page measures of its own speed (perft and random playouts), on a clock handed in,
//! so that the same code runs natively for the ratio.

use hetproba_ai::{Rng, Timer, random_playout};
use hetproba_engine::rules::load_builtin;
use hetproba_engine::{Game, Position};
use serde::Serialize;
use std::time::Duration;

#[derive(Serialize)]
pub struct Perft {
    pub nodes: u64,
    pub ms: f64,
}

#[derive(Serialize)]
pub struct Playouts {
    pub playouts: u64,
    pub ms: f64,
}

fn game(id: &str) -> Option<Game> {
    Some(Game::new(load_builtin(id, &[])?.ok()?))
}

/// Perft of a built-in ruleset from its start, single-threaded.
pub fn perft(id: &str, depth: u32, timer: &dyn Timer) -> Perft {
    let Some(game) = game(id) else { return Perft { nodes: 0, ms: 0.0 } };
    let mut pos = Position::start(&game);
    let start = timer.now();
    let nodes = game.perft(&mut pos, depth);
    Perft { nodes, ms: (timer.now() - start).as_secs_f64() * 1000.0 }
}

/// Whole random games from the start, for at least `time`.
pub fn playouts(id: &str, time: Duration, timer: &dyn Timer) -> Playouts {
    let Some(game) = game(id) else { return Playouts { playouts: 0, ms: 0.0 } };
    let mut pos = Position::start(&game);
    let mut rng = Rng::new(1);
    let mut moves = Vec::new();
    let start = timer.now();
    let mut playouts = 0;
    while timer.now() - start < time {
        random_playout(&game, &mut pos, &mut rng, &mut moves, 2000);
        playouts += 1;
    }
    Playouts { playouts, ms: (timer.now() - start).as_secs_f64() * 1000.0 }
}
