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

/// A move as Fairy-Stockfish's UCI writes it: the two cells and the promotion's letter
/// (`e7e8q`), or `+` where the promotion is optional (shogi's `c3c4+`); a drop as the piece's
/// letter, `@` and the cell (`P@e4`). Cells are written by their coordinates, files as letters
/// from the left and ranks as numbers from the bottom, whatever the game calls them (shogi's
/// 7g is c3).
fn uci(game: &Game, pos: &Position, mv: hetproba_engine::Move) -> String {
    let info = game.move_info(pos, mv);
    let board = game.board();
    let cell = |name: &str| {
        let c = board.cell(board.find(name).unwrap_or_else(|| panic!("no cell {name}")));
        let file = char::from(b'a' + u8::try_from(c.x).expect("a file from a to z"));
        format!("{file}{}", c.y + 1)
    };
    let to = cell(&info.to.clone().unwrap_or_default());
    match (&info.from, &info.drop) {
        (Some(from), None) => {
            let promotion = match mv.promotion() {
                Some(t) if game.rules().notation.san => game.rules().pieces[t.index()].letter.to_lowercase(),
                Some(_) => "+".into(),
                None => String::new(),
            };
            format!("{}{to}{promotion}", cell(from))
        }
        (_, Some(kind)) => {
            let kind = game.rules().pieces.iter().find(|p| &p.name == kind).unwrap_or_else(|| panic!("no piece {kind}"));
            let letter = if kind.letter.is_empty() { kind.symbols[0].to_uppercase().to_string() } else { kind.letter.clone() };
            format!("{letter}@{to}")
        }
        _ => panic!("a move that neither moves nor drops"),
    }
}

/// A FEN without its en-passant field: hetproba writes the cell after every double step, as
/// FEN's definition says; Fairy-Stockfish only where a pawn could take.
fn without_passed(fen: &str) -> String {
    fen.split(' ').enumerate().filter(|&(i, _)| i != 3).map(|(_, f)| f).collect::<Vec<_>>().join(" ")
}

/// An SFEN with its hands in one order (Fairy-Stockfish writes them by its own order of the
/// pieces, hetproba by value).
fn sorted_hands(sfen: &str) -> String {
    let mut fields: Vec<String> = sfen.split(' ').map(str::to_string).collect();
    if let Some(hands) = fields.get_mut(2) {
        let mut items: Vec<String> = Vec::new();
        let mut count = String::new();
        for c in hands.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else {
                items.push(format!("{c}{count}"));
                count.clear();
            }
        }
        items.sort();
        *hands = items.concat();
    }
    fields.join(" ")
}

/// Fairy-Stockfish's moves of a position, but for the pawn drops that mate: shogi forbids them
/// (uchifuzume) and hetproba's rulesets refuse them, where Fairy-Stockfish lists them and
/// scores the mate as a loss for the dropper. Only the moves hetproba lacks are asked about.
fn without_pawn_drop_mates(fairy: &mut Fairy, position: &str, theirs: BTreeSet<String>, ours: &BTreeSet<String>) -> BTreeSet<String> {
    let mates: Vec<String> = theirs
        .difference(ours)
        .filter(|m| m.starts_with("P@"))
        .filter(|m| {
            let after = format!("{position} moves {m}");
            fairy.perft(&after, 1).0 == 0 && !fairy.shown(&after, "Checkers:").is_empty()
        })
        .cloned()
        .collect();
    theirs.into_iter().filter(|m| !mates.contains(m)).collect()
}

/// Where hetproba's rules and Fairy-Stockfish's knowingly differ, in the random games.
#[derive(Clone, Copy, PartialEq)]
enum Differ {
    /// Nowhere.
    No,
    /// Fairy-Stockfish lists the pawn drops that mate (shogi forbids them).
    PawnDropMates,
    /// Fairy-Stockfish refuses a sittuyin promotion whose new general attacks an enemy piece;
    /// hetproba allows it (the rules forbid only the check).
    AttackingPromotions,
}

/// hetproba's promotions whose new piece, where it lands, stands diagonally next to an enemy
/// piece (sittuyin's general attacks those cells), in UCI.
fn attacking_promotions(game: &Game, pos: &Position, moves: &[hetproba_engine::Move]) -> BTreeSet<String> {
    let board = game.board();
    moves
        .iter()
        .filter(|m| m.promotion().is_some())
        .filter(|&&m| {
            let to = board.cell(m.to());
            [(-1, -1), (-1, 1), (1, -1), (1, 1)].iter().any(|&(dx, dy)| {
                let (x, y) = (i64::from(to.x) + dx, i64::from(to.y) + dy);
                (0..8).contains(&x)
                    && (0..8).contains(&y)
                    && board
                        .find(&format!("{}{}", char::from(b'a' + x as u8), y + 1))
                        .is_some_and(|c| pos.at(c).is_some_and(|p| p.owner() != hetproba_engine::Owner::Player(pos.side())))
            })
        })
        .map(|&m| uci(game, pos, m))
        .collect()
}

/// Random games from the start: at every ply Fairy-Stockfish writes hetproba's FEN (or SFEN)
/// back unchanged, and both list the same legal moves, but where `differ` says they differ.
/// Returns the plies played in all.
fn random_games(id: &str, variant: &str, games: u64, plies: usize, differ: Differ) -> usize {
    let game = game(id);
    let mut fairy = Fairy::new(variant);
    let sfen = game.rules().notation.position == hetproba_rules::model::PositionNotation::Sfen;
    let mut total = 0;
    for seed in 0..games {
        let mut rng = SplitMix(seed);
        let mut session = Session::new(&game, Position::start(&game));
        for ply in 0..plies {
            let fen = session.write_position();
            let (theirs, ours) = if sfen {
                (sorted_hands(&fairy.shown(&format!("sfen {fen}"), "Sfen: ")), sorted_hands(&fen))
            } else {
                (without_passed(&fairy.fen(&format!("fen {fen}"))), without_passed(&fen))
            };
            assert_eq!(theirs, ours, "{id}, game {seed}, ply {ply}: Fairy-Stockfish writes another FEN");
            let position = format!("{} {fen}", if sfen { "sfen" } else { "fen" });
            let pos = session.position();
            let moves = game.legal_moves(pos);
            let ours: BTreeSet<String> = moves.iter().map(|&m| uci(&game, pos, m)).collect();
            let theirs: BTreeSet<String> = fairy.perft(&position, 1).1.into_iter().map(|(m, _)| m).collect();
            let theirs = match differ {
                Differ::No => theirs,
                Differ::PawnDropMates => without_pawn_drop_mates(&mut fairy, &position, theirs, &ours),
                Differ::AttackingPromotions => theirs.union(&attacking_promotions(&game, pos, &moves)).cloned().collect(),
            };
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
        let notation = if game.rules().notation.position == hetproba_rules::model::PositionNotation::Sfen { "sfen" } else { "fen" };
        let (theirs, divide) = fairy.perft(&format!("{notation} {fen}"), depth);
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
    let plies = random_games("crazyhouse", "crazyhouse", 10, 100, Differ::No);
    assert!(plies > 300, "the games were played ({plies} plies)");
}

#[test]
#[ignore = "deep: minutes in release"]
fn crazyhouse_deep_perft_is_fairy_stockfishs() {
    let deeper: Vec<(&str, u32)> = CRAZYHOUSE.iter().map(|&(fen, depth)| (fen, depth + 1)).collect();
    perft_agrees("crazyhouse", "crazyhouse", &deeper);
}

/// Shogi positions (SFEN): the start; a bishop in each hand after the bishops' exchange; a pawn
/// in black's hand, with black's pawns on all files but two (nifu: no pawn drop on the seven);
/// both hands full of pieces, promoted pieces on the board.
const SHOGI: [(&str, u32); 4] = [
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3),
    ("lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1", 2),
    ("lnsg1gsnl/3k1r3/ppppp1bpp/5pp2/9/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b P 15", 2),
    ("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 2),
];

/// Minishogi positions: the start, and a pawn in each hand.
const MINISHOGI: [(&str, u32); 2] = [("rbsgk/4p/5/P4/KGSBR b - 1", 3), ("1bsgk/r4/5/4B/KGS1R b Pp 7", 3)];

#[test]
fn shogi_perft_is_fairy_stockfishs() {
    perft_agrees("shogi", "shogi", &SHOGI);
}

#[test]
fn minishogi_perft_is_fairy_stockfishs() {
    perft_agrees("minishogi", "minishogi", &MINISHOGI);
}

#[test]
fn shogi_random_games_list_fairy_stockfishs_moves_and_sfen() {
    let plies = random_games("shogi", "shogi", 6, 120, Differ::PawnDropMates);
    assert!(plies > 300, "the games were played ({plies} plies)");
}

#[test]
fn minishogi_random_games_list_fairy_stockfishs_moves_and_sfen() {
    let plies = random_games("minishogi", "minishogi", 20, 80, Differ::PawnDropMates);
    assert!(plies > 300, "the games were played ({plies} plies)");
}

/// A pawn drop that mates (uchifuzume) is the one move Fairy-Stockfish lists and hetproba
/// refuses: Fairy-Stockfish scores the mate as the dropper's loss, the rules forbid the move.
/// In shogi, P*1b against the king on 1a (the silver on 3b guards 2a, the gold on 1c the rest);
/// in minishogi, P*4c against the king on 4d, reached in play.
#[test]
fn a_pawn_drop_that_mates_is_the_one_move_fairy_stockfish_adds() {
    for (id, sfen, mate) in [("shogi", "8k/6S2/8G/9/9/9/9/9/4K4 b P 1", "P@i8"), ("minishogi", "1b1gk/rs3/5/1KP1B/1GS1R w p 10", "P@b3")] {
        let game = game(id);
        let pos = game.read_position(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let ours: BTreeSet<String> = game.legal_moves(&pos).iter().map(|&m| uci(&game, &pos, m)).collect();
        let mut fairy = Fairy::new(id);
        let position = format!("sfen {sfen}");
        let theirs = fairy.moves(&position);
        let extra: Vec<&String> = theirs.difference(&ours).collect();
        assert_eq!(extra, [mate], "{id}, {sfen}: Fairy-Stockfish's moves beyond hetproba's");
        assert!(ours.is_subset(&theirs), "{id}, {sfen}: {:?} are not Fairy-Stockfish's", ours.difference(&theirs).collect::<Vec<_>>());
        assert_eq!(without_pawn_drop_mates(&mut fairy, &position, theirs, &ours), ours, "{id}: the drop is a mate");
    }
}

#[test]
#[ignore = "deep: minutes in release"]
fn shogi_deep_perft_is_fairy_stockfishs() {
    // The start to depth 4: 719731, the Chess Programming Wiki's shogi perft (and YaneuraOu's).
    let deeper: Vec<(&str, u32)> = SHOGI.iter().map(|&(fen, depth)| (fen, depth + 1)).collect();
    perft_agrees("shogi", "shogi", &deeper);
    // Minishogi's start to depth 5; from the hands position, depth 4 would reach pawn drops that
    // mate, which Fairy-Stockfish counts (see above).
    perft_agrees("minishogi", "minishogi", &[(MINISHOGI[0].0, 5)]);
}

/// Sittuyin positions: the start (580096 at depth 3 is Fairy-Stockfish 11.1's `go perft 3`);
/// mid-set-up, black to drop, with a chariot and a horse dropped; black's last drop to make;
/// the set-up over; a promotion on e5 and the last pawn's promotion anywhere, a general in
/// white's hand (it must be dropped before anything moves).
const SITTUYIN: [(&str, u32); 7] = [
    ("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1", 3),
    ("7r/3k4/4pppp/pppp4/4PPPP/PPPP4/2N1K3/R7[SSFRNssfrnn] b - - 5 3", 3),
    ("7r/1s1kfn2/n1s1pppp/pppp4/4PPPP/PPPP1S2/2NFK1N1/R1S4R[r] b - - 15 8", 3),
    ("r6r/1s1kfn2/n1s1pppp/pppp4/4PPPP/PPPP1S2/2NFK1N1/R1S4R[] w - - 16 9", 3),
    ("k7/8/8/4P3/8/8/P7/K7[] w - - 0 1", 4),
    ("k7/8/8/8/8/8/5P2/K7[] w - - 0 1", 4),
    ("k7/8/8/4P3/8/8/P7/K7[F] w - - 0 1", 3),
];

#[test]
fn sittuyin_perft_is_fairy_stockfishs() {
    perft_agrees("sittuyin", "sittuyin", &SITTUYIN);
}

#[test]
fn sittuyin_random_games_list_fairy_stockfishs_moves_and_fen() {
    let plies = random_games("sittuyin", "sittuyin", 8, 160, Differ::AttackingPromotions);
    assert!(plies > 600, "the games were played ({plies} plies)");
}

/// The one difference, seen: the pawn on e5 would become a general that attacks the horse on
/// f4 from e5. Fairy-Stockfish refuses e5e5f; hetproba, like the published rules, allows it.
#[test]
fn a_sittuyin_promotion_that_attacks_is_the_one_move_fairy_stockfish_lacks() {
    let game = game("sittuyin");
    let fen = "8/8/8/4P3/5n2/8/P7/K6k[] w - - 0 1";
    let pos = game.read_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves = game.legal_moves(&pos);
    let ours: BTreeSet<String> = moves.iter().map(|&m| uci(&game, &pos, m)).collect();
    let theirs = Fairy::new("sittuyin").moves(&format!("fen {fen}"));
    assert_eq!(ours.difference(&theirs).collect::<Vec<_>>(), ["e5e5f"]);
    assert!(theirs.is_subset(&ours));
    assert_eq!(attacking_promotions(&game, &pos, &moves).into_iter().collect::<Vec<_>>(), ["e5e5f"]);
}

#[test]
#[ignore = "deep: minutes in release"]
fn sittuyin_deep_perft_is_fairy_stockfishs() {
    let deeper: Vec<(&str, u32)> = SITTUYIN.iter().map(|&(fen, depth)| (fen, depth + 1)).collect();
    perft_agrees("sittuyin", "sittuyin", &deeper);
}

/// `hetproba uci` plays sittuyin under Fairy-Stockfish's variant name, drops included: its best
/// move in mid-set-up is one Fairy-Stockfish holds legal.
#[test]
fn uci_plays_sittuyin_when_named() {
    let moves = "K@e2 K@d7 R@a1";
    let input = format!("uci\nsetoption name UCI_Variant value sittuyin\nposition startpos moves {moves}\ngo depth 2\n");
    let run = common::hetproba_with_input(&["uci"], &input).ok();
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    let legal = Fairy::new("sittuyin").moves(&format!("startpos moves {moves}"));
    assert!(legal.contains(best), "bestmove {best} is not among {legal:?}");
    assert!(best.contains('@'), "black still holds pieces and must drop: {best}");
}
