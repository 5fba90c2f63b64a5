//! `Session::undo` takes a move back with its history: after any number of moves played and
//! taken back, the session answers as one that played only the moves left.
use hetproba_engine::{Game, Position, Session};
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
                    fresh.play(mv);
                }
                assert_eq!(answers(&session), answers(&fresh), "{id}: after taking a move back from {played:?}");
                assert_eq!(session.position().hash(), fresh.position().hash(), "{id}");
            } else {
                let mv = moves[next(&mut state) as usize % moves.len()];
                session.play(mv);
                played.push(mv);
            }
        }
        while session.undo() {}
        assert_eq!(answers(&session), answers(&Session::new(&game, Position::start(&game))), "{id}: all taken back");
    }
}
