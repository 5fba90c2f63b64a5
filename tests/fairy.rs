//! The xiangqi family and grand chess against Fairy-Stockfish (Debian's `fairy-stockfish`, which `cargo xtask test`
//! installs; without it these tests fail and say so): perft from the start and from chosen
//! positions (`go perft`), and random games from the start in which, at every ply, the legal
//! moves `hetproba moves --json` lists are Fairy-Stockfish's (`go perft 1`), and each side reads
//! the FEN the other writes: hetproba's position, given to Fairy-Stockfish, is written back
//! unchanged by its `d`, counters included.

mod common;

use common::fairy::Fairy;

use hetproba_engine::{Game, Position, Session};
use std::collections::BTreeSet;

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[]).unwrap_or_else(|| panic!("no built-in {id}"));
    Game::new(rules.unwrap_or_else(|r| panic!("{r}")))
}

/// The cell of the general or king of the side to move in a FEN: where Fairy-Stockfish writes
/// a pass (`e2e2`).
fn royal_cell(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let rows: Vec<&str> = fields.next().expect("the rows").split('/').collect();
    let king = if fields.next() == Some("w") { 'K' } else { 'k' };
    for (r, row) in rows.iter().enumerate() {
        let mut file = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => file += n,
                None if c == king => return format!("{}{}", char::from(b'a' + file as u8), rows.len() - r),
                None => file += 1,
            }
        }
    }
    panic!("no {king} in {fen}")
}

/// hetproba's legal moves of a position, from `hetproba moves --json`, in UCI's coordinates: a
/// promotion ends with the new piece's symbol in lower case (`e9e10q`), a pass is written as
/// Fairy-Stockfish writes it, the king's cell twice. With them, the cells where a move captures.
fn listed(game: &Game, id: &str, fen: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let run = common::run_in(None, &["moves", id, "--position", fen, "--json"], None).ok();
    let json = run.json();
    let moves = json.as_array().expect("a list of moves");
    let mut listed = BTreeSet::new();
    let mut capturing = BTreeSet::new();
    for m in moves {
        if m["notation"] == "pass" {
            listed.insert(royal_cell(fen).repeat(2));
            continue;
        }
        let cell = |key: &str| m[key].as_str().unwrap_or_else(|| panic!("{key} of {m}")).to_string();
        let promotion = m["promotion"].as_str().map_or(String::new(), |name| {
            let piece = game.rules().pieces.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("no piece {name}"));
            piece.symbols[1].to_lowercase().to_string()
        });
        listed.insert(format!("{}{}{promotion}", cell("from"), cell("to")));
        if m["captures"].as_array().is_some_and(|c| !c.is_empty()) {
            capturing.insert(cell("to"));
        }
    }
    (listed, capturing)
}

/// A FEN without hetproba's `passes:N` field, and whether it had one.
fn without_passes(fen: &str) -> (String, bool) {
    match fen.split_once(" passes:") {
        Some((bare, _)) => (bare.to_string(), true),
        None => (fen.to_string(), false),
    }
}

/// A small seeded generator (SplitMix64) for the random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A FEN as Fairy-Stockfish writes it: the en-passant cell only where a legal move captures
/// there (hetproba, like FIDE's FEN, writes it after every double step).
fn as_fairy_writes(fen: &str, capturing: &BTreeSet<String>) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if let Some(&cell) = fields.get(3)
        && cell != "-"
        && !capturing.contains(cell)
    {
        fields[3] = "-";
    }
    fields.join(" ")
}

/// Random games from the start: at every ply the FEN both write and the legal moves both list
/// agree, until the game ends (the same for both: no move left) or `plies` have been played.
/// Returns the plies played in all, and in how many of them some move promoted.
fn random_games(id: &str, variant: &str, games: u64, plies: usize) -> (usize, usize) {
    let game = game(id);
    let mut fairy = Fairy::new(variant);
    let start = fairy.fen("startpos");
    let mut total = 0;
    let mut promoting = 0;
    for seed in 0..games {
        let mut rng = Rng(seed);
        let mut session = Session::new(&game, Position::start(&game));
        assert_eq!(session.write_position(), start, "{id}: the start's FEN");
        // The FEN Fairy-Stockfish wrote after the last move, and where it was played.
        let mut after: Option<(String, String)> = None;
        for ply in 0..plies {
            let fen = session.write_position();
            // After a pass hetproba's FEN says so (`passes:1`); Fairy-Stockfish's has no such
            // field, and given the FEN alone would not end a game that two passes ended.
            let (bare, passed) = without_passes(&fen);
            if passed && session.outcome().is_some() {
                break;
            }
            let (ours, capturing) = listed(&game, id, &fen);
            let written = as_fairy_writes(&bare, &capturing);
            if let Some((theirs, played)) = after.take() {
                assert_eq!(written, theirs, "{id}, game {seed}: the FEN after {played}");
            }
            let theirs = fairy.fen(&format!("fen {bare}"));
            assert_eq!(theirs, written, "{id}, game {seed}, ply {ply}: Fairy-Stockfish reads and writes back another FEN");
            promoting += usize::from(ours.iter().any(|m| m.ends_with(|c: char| c.is_ascii_alphabetic())));
            let expected = fairy.moves(&format!("fen {fen}"));
            assert_eq!(
                ours,
                expected,
                "{id}, game {seed}, ply {ply}, {fen}: missing {:?}, unexpected {:?}",
                expected.difference(&ours).collect::<Vec<_>>(),
                ours.difference(&expected).collect::<Vec<_>>()
            );
            if ours.is_empty() || session.outcome().is_some() {
                break;
            }
            let choice: Vec<&String> = ours.iter().collect();
            let text = choice[rng.below(choice.len())];
            let typed = if *text == royal_cell(&fen).repeat(2) { "pass" } else { text.as_str() };
            let mv = game.parse_move(session.position(), typed).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
            session.play_unchecked(mv);
            after = Some((fairy.fen(&format!("fen {bare} moves {text}")), format!("{text} from {fen}")));
            total += 1;
        }
    }
    (total, promoting)
}

/// Perft from each position to its depth: hetproba's count is Fairy-Stockfish's; a mismatch
/// names the root moves whose counts differ.
fn perft_agrees(id: &str, variant: &str, cases: &[(&str, u32)]) {
    let game = game(id);
    let mut fairy = Fairy::new(variant);
    for &(fen, depth) in cases {
        let position = if fen == "startpos" { "startpos".to_string() } else { format!("fen {fen}") };
        let (theirs, divide) = fairy.perft(&position, depth);
        let mut pos =
            if fen == "startpos" { Position::start(&game) } else { game.read_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}")) };
        let ours = game.perft(&mut pos, depth);
        if ours != theirs {
            let mut differ = Vec::new();
            for (text, n) in divide {
                let mv = game.parse_move(&pos, &text).unwrap_or_else(|e| panic!("{id}: Fairy-Stockfish's {text} is not legal here: {e}"));
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

#[test]
fn xiangqi_perft_is_fairy_stockfishs() {
    // From the start, and from positions 40 plies into random games Fairy-Stockfish played
    // (cannons, screens, blocked horses and elephants everywhere).
    perft_agrees(
        "xiangqi",
        "xiangqi",
        &[
            ("startpos", 4),
            ("2ba2bn1/r3ac2r/n2k5/pCp1p3p/6p2/2P1P2c1/P5P1P/3A2C2/1R7/1NB2KB1R w - - 28 21", 3),
            ("2bak1bn1/1r2a4/2nc5/p1p1p1p1r/2c5p/1RB4C1/P1P1P1P1P/4B4/5N1CR/1N1AKA3 w - - 40 21", 3),
            ("1ncak4/r8/b4an1b/4p1p1p/2C6/p3P1P2/P1Pr4P/B8/C3K2R1/RN1A1ABN1 w - - 1 21", 3),
            ("3ak1bnr/r8/n2a5/p1p3p1p/2b1p3C/C1c1Pc3/P1P3P1P/4R1N1R/9/2BAKAB2 w - - 20 21", 3),
        ],
    );
}

#[test]
fn xiangqi_move_lists_and_fen_are_fairy_stockfishs_in_random_games() {
    let (plies, _) = random_games("xiangqi", "xiangqi", 6, 150);
    assert!(plies > 300, "only {plies} plies compared");
}

#[test]
fn minixiangqi_perft_is_fairy_stockfishs() {
    // From the start, and from positions 30 plies into random games Fairy-Stockfish played.
    perft_agrees(
        "minixiangqi",
        "minixiangqi",
        &[
            ("startpos", 5),
            ("2nkn2/p3p1r/1r2pc1/CpP2C1/PN1P1P1/4P2/1c1KN1R w - - 4 16", 4),
            ("2k1ncr/3p2p/1Cp3R/3cp2/PP1Nn2/3PPP1/R2KN2 w - - 1 16", 4),
            ("1r1k1r1/p2pp1p/3npn1/1c4P/1P1N3/PC1PP2/1R1KN1R w - - 5 16", 4),
        ],
    );
}

#[test]
fn minixiangqi_move_lists_and_fen_are_fairy_stockfishs_in_random_games() {
    let (plies, _) = random_games("minixiangqi", "minixiangqi", 8, 150);
    assert!(plies > 300, "only {plies} plies compared");
}

#[test]
fn janggi_perft_is_fairy_stockfishs() {
    // Fairy-Stockfish's janggicasual: janggi without bikjang or counting, as the ruleset plays
    // it. From the start; the two middle-game positions of Fairy-Stockfish's own perft tests
    // (tests/perft.sh, for its janggi: 76763 and 151202 at depth 4, the second with generals
    // that bikjang makes face each other); and positions 40 and 80 plies into random games
    // (passes, palace lines, cannons over screens).
    perft_agrees(
        "janggi",
        "janggicasual",
        &[
            ("startpos", 4),
            ("1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1", 3),
            ("1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", 3),
            ("3k5/1r1a5/9/b1P2P3/7R1/p2n5/9/N3K1C2/4A4/3NC4 w - - 3 76", 3),
            ("2c2r3/1b3a3/3ka1n2/3n3p1/p3P4/5ppN1/N8/2rAK4/RR5c1/2BA5 w - - 0 76", 3),
        ],
    );
}

#[test]
fn grand_perft_is_fairy_stockfishs() {
    perft_agrees(
        "grand",
        "grand",
        &[
            // Fairy-Stockfish's own perft suite (tests/perft.sh in its repository): 259514 from
            // the start to depth 3, 5768 to depth 2 from a position with en passant on e7.
            ("startpos", 3),
            ("r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3", 2),
            // Promotion to lost types: the queen and a rook lost; nothing lost (a pawn on the
            // ninth rank is stuck, one on the eighth may not promote); the queen lost only if
            // black takes it; both sides with pawns on the ninth rank and only rooks left.
            ("4k5/10/4P5/10/10/10/10/10/1NB1KCABN1/9R w - - 0 1", 3),
            ("4n3k1/5P4/P9/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", 3),
            ("4k5/1P8/10/10/10/10/10/2q7/1NBQKCABN1/R8R w - - 0 1", 3),
            ("r3k4r/1P6P1/10/10/10/10/10/10/1p6p1/R3K4R w - - 0 1", 3),
        ],
    );
}

#[test]
fn janggi_move_lists_and_fen_are_fairy_stockfishs_in_random_games() {
    let (plies, _) = random_games("janggi", "janggicasual", 6, 120);
    assert!(plies > 300, "only {plies} plies compared");
}

/// A pass goes over UCI as Fairy-Stockfish writes it, the general's cell twice, or as UCI's
/// null move: `hetproba uci` reads both, and its best move is one Fairy-Stockfish holds legal.
#[test]
fn uci_reads_and_writes_janggis_pass_as_fairy_stockfish_does() {
    let input = "setoption name UCI_Variant value janggicasual\nuci\nposition startpos moves e2e2 b10c8 0000\ngo depth 2\n";
    let run = common::run_in(None, &["uci"], Some(input)).ok();
    assert!(!run.stdout.contains("info string") && run.stdout.contains("(janggi)"), "{}", run.stdout);
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    let legal = Fairy::new("janggicasual").moves("startpos moves e2e2 b10c8 e2e2");
    assert!(legal.contains(best), "bestmove {best} is not among {legal:?}");
    // After two passes in a row the game is over: no move to give.
    let run =
        common::run_in(None, &["uci"], Some("setoption name UCI_Variant value janggi\nposition startpos moves e2e2 e9e9\ngo depth 1\n"))
            .ok();
    assert!(run.stdout.contains("bestmove 0000"), "{}", run.stdout);
}

#[test]
fn grand_move_lists_and_fen_are_fairy_stockfishs_in_random_games() {
    let (plies, promoting) = random_games("grand", "grand", 6, 250);
    assert!(plies > 600, "only {plies} plies compared");
    // Random games reach the promotion ranks, where the limit decides the choices.
    assert!(promoting > 10, "only {promoting} positions with a promotion");
}

/// `hetproba uci` plays grand chess when a GUI names Fairy-Stockfish's variant `grand`.
#[test]
fn uci_plays_grand_when_named() {
    let input = "uci\nsetoption name UCI_Variant value grand\nposition startpos moves e3e5 e8e6\ngo depth 2\n";
    let run = common::run_in(None, &["uci"], Some(input)).ok();
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    let legal = Fairy::new("grand").moves("startpos moves e3e5 e8e6");
    assert!(legal.contains(best), "bestmove {best} is not among {legal:?}");
}

/// A GUI made for Fairy-Stockfish starts the engine, then names the variant: `hetproba uci`
/// plays xiangqi from then on, and its best move is one Fairy-Stockfish holds legal.
#[test]
fn uci_plays_the_variant_fairy_stockfishs_name_chooses() {
    let input = "uci\nsetoption name UCI_Variant value xiangqi\nuci\nposition startpos moves h3e3 h8e8\ngo depth 2\n";
    let run = common::run_in(None, &["uci"], Some(input)).ok();
    let names: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("id name")).collect();
    assert!(names.len() == 2 && names[0].ends_with("(chess)") && names[1].ends_with("(xiangqi)"), "{}", run.stdout);
    assert!(run.stdout.contains("option name UCI_Variant type combo default xiangqi var "), "{}", run.stdout);
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    let legal = Fairy::new("xiangqi").moves("startpos moves h3e3 h8e8");
    assert!(legal.contains(best), "bestmove {best} is not among {legal:?}");
    // A name that is no built-in is refused, and the game goes on.
    let run = common::run_in(None, &["uci"], Some("setoption name UCI_Variant value kyotoshogi\nisready\n")).ok();
    assert!(run.stdout.contains("info string UCI_Variant names a built-in ruleset (hetproba list), not 'kyotoshogi'"), "{}", run.stdout);
}

/// Fairy-Stockfish's names that are not the ids (`3check`, `racingkings`) choose the built-in
/// whose `[game] uci-variant` they are, and the combo lists them: the best moves the engine
/// then gives are legal in Fairy-Stockfish's three-check and racing kings.
#[test]
fn uci_variant_takes_fairy_stockfishs_other_names() {
    let input = "uci\nsetoption name UCI_Variant value 3check\nuci\nposition startpos\ngo depth 1\n";
    let run = common::run_in(None, &["uci"], Some(input)).ok();
    assert!(run.stdout.lines().any(|l| l.starts_with("id name") && l.ends_with("(three-check)")), "{}", run.stdout);
    assert!(run.stdout.contains(" var three-check var 3check"), "{}", run.stdout);
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    assert!(Fairy::new("3check").moves("startpos").contains(best), "bestmove {best}");
    let input = "uci\nsetoption name UCI_Variant value racingkings\nposition startpos\ngo depth 1\n";
    let run = common::run_in(None, &["uci"], Some(input)).ok();
    let best = run.stdout.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a best move");
    assert!(Fairy::new("racingkings").moves("startpos").contains(best), "bestmove {best}");
}

/// Deeper: xiangqi from the start to depth 5 (133,312,995 nodes) and the random games' positions
/// to 4; grand chess to 4 and 5; minixiangqi to 6 and 5; janggi to 5 and 4. Minutes, so run on
/// demand: `cargo test --release --test fairy -- --ignored`.
#[test]
#[ignore]
fn deep_perft_is_fairy_stockfishs() {
    perft_agrees(
        "xiangqi",
        "xiangqi",
        &[
            ("startpos", 5),
            ("2ba2bn1/r3ac2r/n2k5/pCp1p3p/6p2/2P1P2c1/P5P1P/3A2C2/1R7/1NB2KB1R w - - 28 21", 4),
            ("2bak1bn1/1r2a4/2nc5/p1p1p1p1r/2c5p/1RB4C1/P1P1P1P1P/4B4/5N1CR/1N1AKA3 w - - 40 21", 4),
            ("1ncak4/r8/b4an1b/4p1p1p/2C6/p3P1P2/P1Pr4P/B8/C3K2R1/RN1A1ABN1 w - - 1 21", 4),
            ("3ak1bnr/r8/n2a5/p1p3p1p/2b1p3C/C1c1Pc3/P1P3P1P/4R1N1R/9/2BAKAB2 w - - 20 21", 4),
        ],
    );
    // Grand chess: 15921643 from the start at depth 4 is Fairy-Stockfish 11.1's `go perft 4`.
    perft_agrees(
        "grand",
        "grand",
        &[
            ("startpos", 4),
            ("4k5/10/4P5/10/10/10/10/10/1NB1KCABN1/9R w - - 0 1", 4),
            ("4k5/1P8/10/10/10/10/10/2q7/1NBQKCABN1/R8R w - - 0 1", 4),
            ("r3k4r/1P6P1/10/10/10/10/10/10/1p6p1/R3K4R w - - 0 1", 5),
        ],
    );
    perft_agrees(
        "minixiangqi",
        "minixiangqi",
        &[
            ("startpos", 6),
            ("2nkn2/p3p1r/1r2pc1/CpP2C1/PN1P1P1/4P2/1c1KN1R w - - 4 16", 5),
            ("2k1ncr/3p2p/1Cp3R/3cp2/PP1Nn2/3PPP1/R2KN2 w - - 1 16", 5),
            ("1r1k1r1/p2pp1p/3npn1/1c4P/1P1N3/PC1PP2/1R1KN1R w - - 5 16", 5),
        ],
    );
    perft_agrees(
        "janggi",
        "janggicasual",
        &[
            ("startpos", 5),
            ("1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1", 4),
            ("1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", 4),
            ("3k5/1r1a5/9/b1P2P3/7R1/p2n5/9/N3K1C2/4A4/3NC4 w - - 3 76", 4),
            ("2c2r3/1b3a3/3ka1n2/3n3p1/p3P4/5ppN1/N8/2rAK4/RR5c1/2BA5 w - - 0 76", 4),
        ],
    );
}
