//! `replay`: a recorded game checked move by move (its moves, its result), then its final
//! position, drawn or (`--json`) as data. Nothing is printed for a record that fails a check.

use crate::CliError;
use crate::files::{Kind, read_text};
use crate::load::load_game;
use hetproba_play::draw::draw;
use hetproba_play::record::{self, Record, check_result, params_of};
use hetproba_play::result_token;
use serde::Serialize;

/// Stable: fields are only ever added.
#[derive(Serialize)]
struct ReplayJson {
    file: String,
    ruleset: String,
    /// The moves as the game writes them, in order.
    moves: Vec<String>,
    /// The final position, in the ruleset's position notation.
    position: String,
    /// The player to move, or null when the game is over.
    to_move: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` (in PDN `2-0`, `0-2`, `1-1`), or `*` while the game goes on.
    result: String,
    /// The winner's name, or null for a draw or a game that goes on.
    winner: Option<String>,
    /// Why the game ended ("no legal moves"), or null while it goes on.
    reason: Option<String>,
}

pub fn replay(path: &str, ruleset: Option<&str>, json: bool) -> Result<(), CliError> {
    let text = read_text(path, Kind::Record).map_err(CliError::failure)?;
    let record = Record::parse(path, &text)?;
    let id = match ruleset.or(record.tag("Ruleset")) {
        Some(id) => id.to_string(),
        None => return Err(CliError::failure(format!("{path} has no Ruleset tag; give --ruleset"))),
    };
    let game = load_game(&id, &params_of(&record)?)?;
    let replayed = record::replay(&game, &record, path)?;
    let (session, played) = (replayed.session, replayed.names);
    check_result(&game, &record, &session, path)?;
    let pos = session.position();
    let outcome = session.outcome();
    if !json {
        crate::out!("{}", draw(&game, pos));
        match &outcome {
            Some(o) => crate::outln!("Game over: {}", o.describe(&game)),
            None => crate::outln!("{} to move", game.player_name(pos.side())),
        }
        crate::outln!("position: {}", session.write_position());
        crate::outln!(
            "{} moves checked; result {}",
            played.len(),
            outcome.as_ref().map_or("*: the game goes on".to_string(), |o| format!(
                "{}: {}",
                result_token(&game, Some(o)),
                o.describe(&game)
            ))
        );
        return Ok(());
    }
    let out = ReplayJson {
        file: path.to_string(),
        ruleset: game.rules().id.clone(),
        moves: played,
        position: session.write_position(),
        to_move: outcome.is_none().then(|| game.player_name(pos.side()).to_string()),
        result: result_token(&game, outcome.as_ref()),
        winner: outcome.as_ref().and_then(|o| o.winner).map(|w| game.player_name(w).to_string()),
        reason: outcome.as_ref().map(|o| o.reason.clone()),
    };
    crate::outln!("{}", serde_json::to_string_pretty(&out).map_err(|e| CliError::failure(e.to_string()))?);
    Ok(())
}
