//! A typed move, as `play` and `--after` read it. The input is three parts, one a line: a
//! built-in ruleset id, a position in its notation (empty: the start), then the move text. A move
//! that parses is legal, and its own notation parses back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = hetproba_fuzz::with_game(data) else { return };
    let (position, text) = rest.split_once('\n').unwrap_or(("", rest));
    let Some(pos) = hetproba_fuzz::position(game, position) else { return };
    match game.parse_move(&pos, text) {
        Ok(mv) => {
            assert!(game.legal_moves(&pos).contains(&mv), "{text:?} parses to a move that is not legal");
            let name = game.move_name(&pos, mv);
            assert_eq!(game.parse_move(&pos, &name), Ok(mv), "the move's own notation {name:?} does not parse back to it");
            let _ = game.move_info(&pos, mv);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
