//! `Session::undo` takes a move back with its history: after any number of moves played and
//! taken back, the session answers as one that played only the moves left.
use hetproba_engine::{Game, IllegalMove, MAX_RULES, Move, Position, RuleId, Session};
use hetproba_rules::{builtin_ids, load_builtin};

/// A small generator of its own (the engine has none): the test must not depend on the ai crate.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

/// What a session answers, for comparing two of them.
fn answers(session: &Session) -> (String, Vec<u32>, u32, u32, Option<usize>, usize) {
    (
        session.write_position(),
        session.counters().to_vec(),
        session.halfmove(),
        session.repetitions(),
        session.history_draw(),
        session.moves().len(),
    )
}

#[test]
fn undo_restores_the_history_of_every_ruleset() {
    for id in builtin_ids() {
        let game = Game::new(load_builtin(id, &[]).expect("listed").expect("loads"));
        let mut state = 7;
        let mut session = Session::new(&game, Position::start(&game));
        let mut played = Vec::new();
        for _ in 0..120 {
            let moves = game.legal_moves(session.position());
            // Mostly forward, sometimes back: every prefix is compared with a fresh replay.
            if moves.is_empty() || session.outcome().is_some() || (next(&mut state).is_multiple_of(4) && !played.is_empty()) {
                if !session.undo() {
                    break;
                }
                played.pop();
                let mut fresh = Session::new(&game, Position::start(&game));
                for &mv in &played {
                    fresh.play_unchecked(mv);
                }
                assert_eq!(answers(&session), answers(&fresh), "{id}: after taking a move back from {played:?}");
                assert_eq!(session.position().hash(), fresh.position().hash(), "{id}");
            } else {
                let mv = moves[next(&mut state) as usize % moves.len()];
                session.play_unchecked(mv);
                played.push(mv);
            }
        }
        while session.undo() {}
        assert_eq!(answers(&session), answers(&Session::new(&game, Position::start(&game))), "{id}: all taken back");
    }
}

/// Checked play: a move of another position is refused with `IllegalMove`, and the position
/// and the session stay as they were; a legal move plays as `make` and `play_unchecked` do.
#[test]
fn checked_play_refuses_a_move_of_another_position_and_changes_nothing() {
    let mut refused = 0;
    for id in builtin_ids() {
        let game = Game::new(load_builtin(id, &[]).expect("listed").expect("loads"));
        let mut state = 11;
        let mut session = Session::new(&game, Position::start(&game));
        let mut seen: Vec<Move> = Vec::new();
        for _ in 0..40 {
            let moves = game.legal_moves(session.position());
            // Moves seen in earlier positions that are not legal in this one.
            for &stale in seen.iter().filter(|m| !moves.contains(m)).take(3) {
                let mut pos = session.position().clone();
                assert_eq!(game.play(&mut pos, stale), Err(IllegalMove { refused: stale }), "{id}");
                assert_eq!(pos.hash(), session.position().hash(), "{id}: a refused move changed the position");
                assert_eq!(game.write_position(&pos), game.write_position(session.position()), "{id}");
                let before = answers(&session);
                assert_eq!(session.play(stale), Err(IllegalMove { refused: stale }), "{id}");
                assert_eq!(answers(&session), before, "{id}: a refused move changed the session");
                refused += 1;
            }
            if moves.is_empty() || session.outcome().is_some() {
                break;
            }
            let mv = moves[next(&mut state) as usize % moves.len()];
            let (mut checked, mut unchecked) = (session.position().clone(), session.position().clone());
            assert_eq!(game.play(&mut checked, mv), Ok(()), "{id}: a legal move refused");
            game.make(&mut unchecked, mv);
            assert_eq!(checked.hash(), unchecked.hash(), "{id}");
            let mut twin = session.clone();
            twin.play_unchecked(mv);
            assert_eq!(session.play(mv), Ok(()), "{id}: a legal move refused");
            assert_eq!(answers(&session), answers(&twin), "{id}");
            seen.extend(moves);
        }
    }
    assert!(refused > 0, "some move of another position was tried");
}

#[test]
fn rule_ids_are_checked() {
    assert_eq!(RuleId::new(MAX_RULES - 1).map(RuleId::index), Some(MAX_RULES - 1));
    // The id after the last rule is the pass's; 256 would wrap to 0 as a byte.
    assert_eq!(RuleId::new(MAX_RULES), None);
    assert_eq!(RuleId::new(256), None);
}
