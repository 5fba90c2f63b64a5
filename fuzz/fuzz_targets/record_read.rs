//! Any text as a game record, as `replay` and `play --resume` read it (`Record::parse`). A record
//! that reads writes back to text that reads as the same record. When its `Ruleset` tag names a
//! built-in ruleset, its moves are replayed as `replay` does: on a session from the `FEN` or
//! `Position` tag, each move parsed and played until the first bad one or the end of the game.
//! (`Param` tags are not applied: the built-in games are compiled once.)
#![no_main]

use hetproba_engine::{Position, Session};
use hetproba_play::record::Record;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = hetproba_fuzz::text(data) else { return };
    let record = match Record::parse("fuzz.txt", text) {
        Ok(record) => record,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let written = record.write();
    match Record::parse("written", &written) {
        Ok(again) => assert_eq!(again, record, "the written record {written:?} reads back differently"),
        Err(e) => panic!("the written record {written:?} does not read back: {e}"),
    }
    let Some(game) = record.tag("Ruleset").and_then(hetproba_fuzz::game) else { return };
    let session = match record.tag("FEN").or(record.tag("Position")) {
        Some(text) => Session::from_text(game, text),
        None => Ok(Session::new(game, Position::start(game))),
    };
    let Ok(mut session) = session else { return };
    for token in &record.moves {
        if session.outcome().is_some() {
            break;
        }
        let Ok(mv) = game.parse_move(session.position(), token) else { break };
        let _ = game.move_name(session.position(), mv);
        session.play(mv);
    }
    hetproba_fuzz::check_session(game, &session);
});
