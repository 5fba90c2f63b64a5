//! A line of moves played from the start, as `--after` plays it (`Game::play_line`). The input's
//! first line is a built-in ruleset id, the rest the moves. Where the line stops, legally or at
//! its first bad move, the position keeps the invariants of `hetproba_fuzz::check_position`.
#![no_main]

use hetproba_engine::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((game, line)) = hetproba_fuzz::with_game(data) else { return };
    let mut pos = Position::start(game);
    let played = match game.play_line(&mut pos, line) {
        Ok(played) => played,
        Err((played, e)) => {
            let _ = e.to_string();
            played
        }
    };
    assert_eq!(pos.moves_made(), played, "play_line counts the moves it made");
    hetproba_fuzz::check_position(game, &pos);
});
