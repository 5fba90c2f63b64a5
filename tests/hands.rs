//! Games with hands against Fairy-Stockfish (Debian's `fairy-stockfish`, which `cargo xtask test`
//! installs; without it these tests fail and say so): perft from the start and from positions
//! with pieces in hand (`go perft`), and random games in which, at every ply, the legal moves
//! are Fairy-Stockfish's and its `d` writes hetproba's FEN back unchanged.

mod common;

use common::SplitMix;
use common::fairy::Fairy;
use hetproba_engine::{Game, Position, Session};
use std::collections::BTreeSet;

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[]).unwrap_or_else(|| panic!("no built-in {id}"));
    Game::new(rules.unwrap_or_else(|r| panic!("{r}")))
}

/// A move as UCI writes it: the two cells and the promotion's letter (`e7e8q`), a drop as
/// its notation (`P@e4`, `P*5e`).
fn uci(game: &Game, pos: &Position, mv: hetproba_engine::Move) -> String {
    let info = game.move_info(pos, mv);
    match (&info.from, &info.drop) {
        (Some(from), None) => {
            let promotion = mv.promotion().map(|t| game.rules().pieces[t.index()].letter.to_lowercase()).unwrap_or_default();
            let promotion = if game.rules().notation.san {
                promotion
            } else if promotion.is_empty() {
                String::new()
            } else {
                "+".into()
            };
            format!("{from}{}{promotion}", info.to.unwrap_or_default())
        }
        // SAN's check marks are no part of UCI's drops.
        _ => game.move_name(pos, mv).trim_end_matches(['+', '#']).to_string(),
    }
}

/// A FEN without its en-passant field: hetproba writes the cell after every double step, as
/// FEN's definition says; Fairy-Stockfish only where a pawn could take.
fn without_passed(fen: &str) -> String {
    fen.split(' ').enumerate().filter(|&(i, _)| i != 3).map(|(_, f)| f).collect::<Vec<_>>().join(" ")
}

/// Random games from the start: at every ply Fairy-Stockfish writes hetproba's FEN back
/// unchanged, and both list the same legal moves. Returns the plies played in all.
fn random_games(id: &str, variant: &str, games: u64, plies: usize) -> usize {
    let game = game(id);
    let mut fairy = Fairy::new(variant);
    let mut total = 0;
    for seed in 0..games {
        let mut rng = SplitMix(seed);
        let mut session = Session::new(&game, Position::start(&game));
        for ply in 0..plies {
            let fen = session.write_position();
            let theirs = fairy.fen(&format!("fen {fen}"));
            assert_eq!(without_passed(&theirs), without_passed(&fen), "{id}, game {seed}, ply {ply}: Fairy-Stockfish writes another FEN");
            let pos = session.position();
            let moves = game.legal_moves(pos);
            let ours: BTreeSet<String> = moves.iter().map(|&m| uci(&game, pos, m)).collect();
            let theirs: BTreeSet<String> = fairy.perft(&format!("fen {fen}"), 1).1.into_iter().map(|(m, _)| m).collect();
            assert_eq!(
                ours,
                theirs,
                "{id}, game {seed}, ply {ply}, {fen}: missing {:?}, unexpected {:?}",
                theirs.difference(&ours).collect::<Vec<_>>(),
                ours.difference(&theirs).collect::<Vec<_>>()
            );
            if moves.is_empty() || session.outcome().is_some() {
                break;
            }
            session.play_unchecked(moves[rng.below(moves.len())]);
            total += 1;
        }
    }
    total
}

/// Perft from each position: hetproba's count is Fairy-Stockfish's; a mismatch names the
/// root moves whose counts differ.
fn perft_agrees(id: &str, variant: &str, cases: &[(&str, u32)]) {
    let game = game(id);
    let mut fairy = Fairy::new(variant);
    for &(fen, depth) in cases {
        let (theirs, divide) = fairy.perft(&format!("fen {fen}"), depth);
        let mut pos = game.read_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ours = game.perft(&mut pos, depth);
        if ours != theirs {
            let moves = game.legal_moves(&pos);
            let mut differ = Vec::new();
            for (text, n) in divide {
                let Some(&mv) = moves.iter().find(|&&m| uci(&game, &pos, m) == text) else {
                    differ.push(format!("{text}: missing"));
                    continue;
                };
                game.make(&mut pos, mv);
                let mine = if depth > 1 { game.perft(&mut pos, depth - 1) } else { 1 };
                pos.unmake();
                if mine != n {
                    differ.push(format!("{text}: {mine} against {n}"));
                }
            }
            panic!("{id}, {fen}, perft {depth}: {ours} against Fairy-Stockfish's {theirs}; {differ:?}");
        }
    }
}

/// Crazyhouse positions: the start, pieces in both hands, a promoted queen (`Q~`) that goes
/// back as a pawn when taken, checks that a drop blocks, castling after captures.
const CRAZYHOUSE: [(&str, u32); 5] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 4),
    ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4", 3),
    ("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[QBPrnpp] w KQkq - 0 4", 2),
    ("4k3/8/8/Q~7/8/8/5q2/4K3[Nr] w - - 0 1", 3),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Bn] w KQkq - 0 1", 2),
];

#[test]
fn crazyhouse_perft_is_fairy_stockfishs() {
    perft_agrees("crazyhouse", "crazyhouse", &CRAZYHOUSE);
}

#[test]
fn crazyhouse_random_games_list_fairy_stockfishs_moves_and_fen() {
    let plies = random_games("crazyhouse", "crazyhouse", 10, 100);
    assert!(plies > 300, "the games were played ({plies} plies)");
}

#[test]
#[ignore = "deep: minutes in release"]
fn crazyhouse_deep_perft_is_fairy_stockfishs() {
    let deeper: Vec<(&str, u32)> = CRAZYHOUSE.iter().map(|&(fen, depth)| (fen, depth + 1)).collect();
    perft_agrees("crazyhouse", "crazyhouse", &deeper);
}
