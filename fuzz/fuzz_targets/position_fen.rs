//! Any text as a FEN position (chess), as `--position` and a record's `FEN` tag read it. A
//! position that reads keeps the invariants of `hetproba_fuzz::check_position`, and a session
//! started from it writes its move counters back.
#![no_main]

use hetproba_engine::Session;
use hetproba_engine::rules::model::PositionNotation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = hetproba_fuzz::text(data) else { return };
    for game in hetproba_fuzz::games_in(|n| matches!(n, PositionNotation::Fen)) {
        if let Ok(pos) = game.read_position(text) {
            hetproba_fuzz::check_position(game, &pos);
        }
        if let Ok(session) = Session::from_text(game, text) {
            hetproba_fuzz::check_session(game, &session);
        }
    }
});
