//! `moves` and `perft`.

use crate::load::load_game;
use crate::{CliError, Setup};
use hetproba_engine::board::NO_CELL;
use hetproba_engine::{Counting, Game, Position};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// The game and the position a command starts from.
pub fn setup(setup: &Setup) -> Result<(Game, Position), CliError> {
    let game = load_game(&setup.ruleset, &setup.params)?;
    let mut pos = match &setup.position {
        Some(text) => game.read_position(text).map_err(|e| CliError::failure(e.to_string()))?,
        None => Position::start(&game),
    };
    if let Some(line) = &setup.after {
        game.play_line(&mut pos, line).map_err(|(played, err)| CliError::failure(format!("in --after, move {}: {err}", played + 1)))?;
        if let Some(reason) = game.search_cut(&pos) {
            return Err(CliError::failure(format!("after --after: {reason}")));
        }
    }
    Ok((game, pos))
}

#[derive(Serialize)]
struct JsonMove {
    notation: String,
    from: Option<String>,
    to: Option<String>,
    path: Vec<String>,
    captures: Vec<String>,
    flips: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<String>,
    /// With `[stacks]`: the column on the start cell, top first, in piece symbols (what a
    /// move carries is all of it, or its top, as the ruleset says).
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<Vec<String>>,
    /// The cell of the move's later part, for a move of two parts.
    #[serde(skip_serializing_if = "Option::is_none")]
    part: Option<String>,
    /// With `[hands]`: the piece type a drop takes from the mover's hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    drop: Option<String>,
}

pub fn moves(args: &Setup, json: bool) -> Result<(), CliError> {
    let (game, pos) = setup(args)?;
    let moves = game.legal_moves(&pos);
    if json {
        let list: Vec<JsonMove> = moves
            .iter()
            .map(|&m| {
                let info = game.move_info(&pos, m);
                JsonMove {
                    notation: info.notation,
                    from: info.from,
                    to: info.to,
                    path: info.path,
                    captures: info.captures,
                    flips: info.flips,
                    promotion: info.promotion,
                    column: (game.rules().stacks.is_some() && m.from() != NO_CELL)
                        .then(|| pos.column(m.from()).into_iter().map(|p| game.symbol(p).to_string()).collect()),
                    part: info.part,
                    drop: info.drop,
                }
            })
            .collect();
        crate::outln!("{}", serde_json::to_string(&list).map_err(|e| CliError::failure(e.to_string()))?);
        return Ok(());
    }
    if moves.is_empty() {
        let why = game.outcome(&pos).map(|o| o.describe(&game)).unwrap_or_default();
        crate::outln!("no legal moves ({why})");
        return Ok(());
    }
    let names: Vec<String> = moves.iter().map(|&m| game.move_name(&pos, m)).collect();
    crate::outln!("{}", names.join(" "));
    Ok(())
}

#[derive(Serialize)]
struct PerftJson {
    ruleset: String,
    depth: u32,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<serde_json::Map<String, serde_json::Value>>,
    seconds: f64,
}

pub fn perft(args: &Setup, depth: u32, divide: bool, json: bool, threads: Option<usize>, counting: Counting) -> Result<(), CliError> {
    let (game, pos) = setup(args)?;
    if let Some(n) = threads {
        // Only the first call sets the pool; later calls in the same process keep it.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(n).build_global();
    }
    let parallel = threads != Some(1);
    let terminal = std::io::stderr().is_terminal();
    // On a terminal people read the result: depth, nodes and time on standard output. Piped, the
    // output stays the one line `nodes N` (with --divide, the counts first) that tools parse.
    let for_people = !json && std::io::stdout().is_terminal();
    let started = Instant::now();
    let progress = |done: usize, total: usize| {
        if terminal {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{done}/{total} root moves counted");
            let _ = err.flush();
        }
    };
    let counts = if depth == 0 { Vec::new() } else { game.perft_divide_counting(&pos, depth, counting, parallel, &progress) };
    let nodes: u64 = if depth == 0 { 1 } else { counts.iter().map(|(_, n)| n).sum() };
    let seconds = started.elapsed().as_secs_f64();
    let threads_used = parallel.then(rayon::current_num_threads);
    if terminal && for_people {
        // Clear the progress line: the summary goes to standard output.
        crate::err!("\r{:40}\r", "");
    } else if terminal {
        crate::errln!(
            "\r{nodes} leaves in {seconds:.3} s: {:.0} leaves/s{}",
            nodes as f64 / seconds.max(1e-9),
            if parallel { format!(" on {} threads", rayon::current_num_threads()) } else { String::new() }
        );
    }
    let named: Vec<(String, u64)> = counts.iter().map(|&(m, n)| (game.move_name(&pos, m), n)).collect();
    if json {
        let divide = divide.then(|| named.iter().map(|(m, n)| (m.clone(), serde_json::Value::from(*n))).collect());
        let out = PerftJson { ruleset: game.rules().id.clone(), depth, nodes, divide, seconds };
        crate::outln!("{}", serde_json::to_string(&out).map_err(|e| CliError::failure(e.to_string()))?);
        return Ok(());
    }
    if divide {
        for (m, n) in &named {
            crate::outln!("{m}: {n}");
        }
    }
    if for_people {
        crate::out!("{}", summary(depth, nodes, seconds, threads_used));
    } else {
        crate::outln!("nodes {nodes}");
    }
    Ok(())
}

/// The summary on a terminal: depth, nodes, and the time with the speed.
fn summary(depth: u32, nodes: u64, seconds: f64, threads: Option<usize>) -> String {
    format!(
        "depth {depth}\nnodes {nodes}\ntime  {seconds:.3} s ({:.0} nodes/s{})\n",
        nodes as f64 / seconds.max(1e-9),
        threads.map_or(String::new(), |n| format!(" on {n} thread{}", if n == 1 { "" } else { "s" }))
    )
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn a_terminal_gets_depth_nodes_and_time() {
        assert_eq!(summary(8, 390216, 0.5, Some(2)), "depth 8\nnodes 390216\ntime  0.500 s (780432 nodes/s on 2 threads)\n");
        assert_eq!(summary(0, 1, 0.001, None), "depth 0\nnodes 1\ntime  0.001 s (1000 nodes/s)\n");
    }
}
