//! What the fuzz targets share: the built-in games, compiled once per process; the header line
//! that names the game an input is about; and the invariants every position that reads keeps.
//!
//! A target panics only when the library panics or an invariant breaks: every such input is a
//! bug to fix in the library, with a regression test in the normal test suite.

use hetproba_engine::rules::model::PositionNotation;
use hetproba_engine::{Game, Position, Session, rules};
use std::sync::OnceLock;

/// Every built-in ruleset with its id, compiled once, in id order.
pub fn games() -> &'static [(&'static str, Game)] {
    static GAMES: OnceLock<Vec<(&'static str, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        rules::builtin_ids()
            .map(|id| {
                let rules = rules::load_builtin(id, &[]).expect("a built-in id").expect("a built-in ruleset loads");
                (id, Game::new(rules))
            })
            .collect()
    })
}

/// The built-in game with this id.
pub fn game(id: &str) -> Option<&'static Game> {
    games().iter().find(|(i, _)| *i == id).map(|(_, g)| g)
}

/// The built-in games whose position notation is one of these (`matches!(n, Pdn { .. })`).
pub fn games_in(notation: fn(&PositionNotation) -> bool) -> impl Iterator<Item = &'static Game> {
    games().iter().map(|(_, g)| g).filter(move |g| notation(&g.rules().notation.position))
}

/// The input as text: libFuzzer's bytes, when they are UTF-8 (every reader takes `&str`).
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// An input whose first line is a built-in ruleset id: the game and the rest of the text.
pub fn with_game(data: &[u8]) -> Option<(&'static Game, &str)> {
    let (id, rest) = text(data)?.split_once('\n')?;
    Some((game(id.trim())?, rest))
}

/// The position a line names: the start when it is empty, else the text read in the game's
/// notation (`None` when it does not read).
pub fn position(game: &Game, line: &str) -> Option<Position> {
    if line.trim().is_empty() { Some(Position::start(game)) } else { game.read_position(line).ok() }
}

/// What every position that reads must keep: its hash is the one computed from scratch; it
/// writes back to text that reads as the same position; it has no legal moves exactly when the
/// game is over; every legal move made then unmade restores it, hash included.
pub fn check_position(game: &Game, pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash(game), "incremental hash differs from the computed one");
    let written = game.write_position(pos);
    match game.read_position(&written) {
        Ok(again) => assert!(again == *pos, "{written:?} reads back as another position"),
        Err(e) => panic!("{written:?}, written by write_position, does not read back: {e}"),
    }
    let moves = game.legal_moves(pos);
    let outcome = game.outcome(pos);
    assert_eq!(moves.is_empty(), outcome.is_some(), "no moves must mean the game is over ({outcome:?}, {} moves)", moves.len());
    let mut after = pos.clone();
    for &mv in &moves {
        game.make(&mut after, mv);
        assert_eq!(after.hash(), after.compute_hash(game), "hash after a move");
        assert!(after.unmake(), "unmake after make");
        assert!(after == *pos, "make then unmake changed the position");
    }
}

/// A session's position text (FEN with its move counters) starts a session with the same
/// position and the same counters.
pub fn check_session(game: &Game, session: &Session) {
    let written = session.write_position();
    match Session::from_text(game, &written) {
        Ok(again) => {
            assert!(again.position() == session.position(), "{written:?} reads back as another position");
            assert_eq!(again.write_position(), written, "the session's counters do not read back");
        }
        Err(e) => panic!("{written:?}, written by a session, does not read back: {e}"),
    }
}
