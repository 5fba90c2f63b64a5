//! A game set up as the engine protocols give it: a start (the ruleset's own, or one written in
//! its position notation) and the moves played since, each read by the protocol's own notation.

use hetproba_engine::{Game, IllegalMove, Move, Position, Session};

/// Why a position and moves given by a protocol were refused: the start, or a move, which
/// `read` refused with its own error `E`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError<E: std::error::Error> {
    /// The start, as the protocol wrote it, and why the ruleset's notation refused it.
    #[error("bad position '{text}': {reason}")]
    Position { text: String, reason: String },
    #[error(transparent)]
    Move(E),
    /// A move `read` returned that is not one of the legal moves of the position.
    #[error("illegal move '{text}': {error}")]
    Illegal { text: String, error: IllegalMove },
}

/// The session after `moves` from `start` (the ruleset's start when `None`); `read` reads one
/// move in the protocol's notation at the position it is played from. Errors say which text
/// was refused.
pub fn session_after<'g, 'w, E: std::error::Error>(
    game: &'g Game,
    start: Option<&str>,
    moves: impl IntoIterator<Item = &'w str>,
    mut read: impl FnMut(&Position, &str) -> Result<Move, E>,
) -> Result<Session<'g>, SetupError<E>> {
    let mut session = match start {
        None => Session::new(game, Position::start(game)),
        Some(text) => Session::from_text(game, text).map_err(|e| SetupError::Position { text: text.to_string(), reason: e.to_string() })?,
    };
    for word in moves {
        let mv = read(session.position(), word).map_err(SetupError::Move)?;
        session.play(mv).map_err(|error| SetupError::Illegal { text: word.to_string(), error })?;
    }
    Ok(session)
}

/// The game at its start.
pub fn new_session(game: &Game) -> Session<'_> {
    Session::new(game, Position::start(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_read_at_the_position_they_are_played_from_and_errors_name_the_text() {
        let id = hetproba_engine::rules::builtin_ids().next().expect("a built-in ruleset");
        let game = Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("built in").expect("loads"));
        let start = new_session(&game);
        let first = game.legal_moves(start.position())[0];
        let name = game.move_name(start.position(), first);
        let read = |pos: &Position, w: &str| game.parse_move(pos, w);
        let after = session_after(&game, None, [name.as_str()], read).expect("a legal move");
        assert_eq!(after.moves(), &[first]);
        let text = after.write_position();
        let again = session_after(&game, Some(&text), [], read).expect("its own position");
        assert_eq!(again.position().hash(), after.position().hash());
        let refused = session_after(&game, None, ["nonsense"], read).unwrap_err();
        assert!(matches!(refused, SetupError::Move(_)) && refused.to_string().starts_with("illegal move 'nonsense'"), "{refused}");
        let refused = session_after(&game, Some("?"), [], read).unwrap_err();
        assert!(matches!(refused, SetupError::Position { .. }) && refused.to_string().starts_with("bad position '?'"), "{refused}");
    }
}
