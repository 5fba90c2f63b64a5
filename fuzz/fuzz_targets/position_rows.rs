//! Any text as a position (the rows notation with its side, phase and state fields (unmoved:, passed:, same:), in every built-in ruleset that writes it (reversi, amoba, loa, quints, camelot, hexasah)), as `--position` reads it. A position that reads keeps
//! the invariants of `hetproba_fuzz::check_position`: it writes back and reads as itself.
#![no_main]

use hetproba_engine::rules::model::PositionNotation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = hetproba_fuzz::text(data) else { return };
    for game in hetproba_fuzz::games_in(|n| matches!(n, PositionNotation::Rows)) {
        if let Ok(pos) = game.read_position(text) {
            hetproba_fuzz::check_position(game, &pos);
        }
    }
});
