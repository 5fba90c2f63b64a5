//! The draughts dialects and what the language gained for them: capture precedence as an
//! ordered list of criteria, hops over given piece types, flying captures that land right behind
//! the piece, a limit on moving one piece many times in a row (declared position state), and
//! perft's two counting conventions. Run through the command line as a user would: every new
//! key gives one clear error at its place when written wrong, `compare` finds a position where
//! each dialect and its nearest relative differ, and every dialect plays to the end.
//!
//! The rules of each dialect are checked by the hand-worked positions embedded in its ruleset
//! file and by the published perft tables in tests/perft/; here are the checks across files.

mod common;

use common::{assert_broken, hetproba, scratch, write};
use hetproba_engine::{Game, Position};

const DIALECTS: [&str; 7] =
    ["draughts-spanish", "draughts-czech", "draughts-pool", "draughts-thai", "draughts-frisian", "draughts-canadian", "draughts-italian"];

/// A small draughts game on 6x6 to break, one line at a time.
const DAMA: &str = r#"[game]
id = "dama"
name = "Dama"

[[players]]
name = "white"

[[players]]
name = "black"

[board]
width = 6
height = 6
cells = "dark"

[board.regions]
far = { white = "y == 5", black = "y == 0" }

[pieces.man]
symbols = ["w", "b"]
promote = { to = "king", in = "far" }

[pieces.king]
symbols = ["W", "B"]

[start]
white = { man = "y < 2" }
black = { man = "y >= 4" }

[moves.man-step]
piece = "man"
do = "step(forward-diagonal)"

[moves.man-capture]
piece = "man"
do = "jump(diagonal, over=enemy)+"

[moves.king-move]
piece = "king"
do = "slide(diagonal)"

[moves.king-capture]
piece = "king"
do = "fly(diagonal, over=enemy)+"

[turn]
capture = "compulsory"
precedence = ["most(pieces)"]
"#;

/// DAMA with `old` replaced by `new`.
fn dama(old: &str, new: &str) -> String {
    assert!(DAMA.contains(old), "DAMA has no {old:?}");
    DAMA.replacen(old, new, 1)
}

/// `line:column` (1-based) of the first `needle` in `text`.
fn place(text: &str, needle: &str) -> String {
    let at = text.find(needle).unwrap_or_else(|| panic!("no {needle:?} in the text"));
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{column}")
}

/// Checks that `text` gives exactly one error, at the first `needle`, containing `message`.
fn broken(test: &str, text: &str, needle: &str, message: &str) {
    assert_broken(test, &[("dama.toml", text)], "dama.toml", &place(text, needle), message);
}

fn game(id: &str) -> Game {
    let rules = hetproba_rules::load_builtin(id, &[])
        .unwrap_or_else(|| panic!("no built-in ruleset {id}"))
        .unwrap_or_else(|report| panic!("{id} does not load:\n{report}"));
    Game::new(rules)
}

// ----------------------------------------------------------------------------------------------
// Broken files: one error, at its place

#[test]
fn broken_precedence_criteria() {
    let precedence = r#"precedence = ["most(pieces)"]"#;
    let cases = [
        (r#"precedence = ["biggest(pieces)"]"#, "biggest", "no precedence criterion 'biggest'"),
        (r#"precedence = ["most()"]"#, "most()", "most() needs what to count"),
        (r#"precedence = ["most(pieces, king)"]"#, "king)", "most() counts one thing"),
        (r#"precedence = ["most(queen)"]"#, "queen", "no piece type 'queen'; the pieces are: man, king"),
        (r#"precedence = ["most(man=-1)"]"#, "man=-1", "a weight is an integer from 0 to 1000000"),
        (r#"precedence = ["most(man=2, queen=3)"]"#, "queen=3", "most() has no option 'queen'"),
        (r#"precedence = ["with()"]"#, "with()", "with() takes a piece type"),
        (r#"precedence = ["earliest(queen|king)"]"#, "queen|king", "no piece type 'queen'"),
        (r#"precedence = "most(pieces)""#, "\"most(pieces)\"", "expected an array"),
        (r#"precedence = ["most(pieces"]"#, "\"]", "expected ')'"),
    ];
    for (i, (line, needle, message)) in cases.into_iter().enumerate() {
        let text = dama(precedence, line);
        let at = text.find(line).unwrap() + line.find(needle).unwrap();
        assert_broken(&format!("broken_precedence_{i}"), &[("dama.toml", &text)], "dama.toml", &place_at(&text, at), message);
    }
}

/// `line:column` of a byte offset.
fn place_at(text: &str, at: usize) -> String {
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{column}")
}

#[test]
fn majority_and_precedence_in_one_file_are_refused_but_a_variant_may_replace_majority() {
    let text = dama(r#"precedence = ["most(pieces)"]"#, "majority = true\nprecedence = [\"most(pieces)\"]");
    broken("broken_majority_and_precedence", &text, "[\"most(pieces)\"]", "give majority = true or precedence, not both");
    // A variant of a file that says majority = true may give a precedence instead.
    let dir = scratch("precedence_over_inherited_majority");
    let file = write(
        &dir,
        "kings-first.toml",
        "extends = \"draughts-brazilian\"\n\n[game]\nid = \"kings-first\"\nname = \"Kings first\"\n\n[turn]\nprecedence = [\"most(king)\", \"most(pieces)\"]\n",
    );
    // a3 can take two men (b4, d6), e3 one king (f4): under "most(king)" first, the king.
    let run = hetproba(&["moves", &file, "--position", "W:Wa3,e3:Bb4,d6,Kf4"]).ok();
    assert_eq!(run.stdout.split_whitespace().collect::<Vec<_>>(), ["e3:g5"], "{}", run.stdout);
}

#[test]
fn broken_hop_piece_types_and_landing() {
    let jump = "jump(diagonal, over=enemy)+";
    let fly = "fly(diagonal, over=enemy)+";
    let cases = [
        (jump, "jump(diagonal, over=queen)+", "over=queen", "no piece type 'queen'; the pieces are: man, king"),
        (jump, "jump(diagonal, over=man|queen)+", "over=man|queen", "no piece type 'queen'"),
        (jump, "jump(diagonal, land=behind)+", "land=behind", "land= is for fly()"),
        (fly, "fly(diagonal, land=far)+", "land=far", "land= takes beyond"),
        (fly, "fly(diagonal, over=enemy|man)+", "over=enemy|man", "over= takes enemy, own or any alone"),
    ];
    for (i, (old, new, needle, message)) in cases.into_iter().enumerate() {
        let text = dama(old, new);
        let at = text.find(new).unwrap() + new.find(needle).unwrap();
        assert_broken(&format!("broken_hop_types_{i}"), &[("dama.toml", &text)], "dama.toml", &place_at(&text, at), message);
    }
}

#[test]
fn broken_same_piece() {
    let cases = [
        (r#"same-piece = { piece = "king" }"#, "{", "same-piece needs max = N"),
        (r#"same-piece = { max = 3 }"#, "{", "same-piece needs piece = \"TYPE\""),
        (r#"same-piece = { piece = "king", max = 0 }"#, "0 }", "max is the most moves in a row, from 1 to 255"),
        (r#"same-piece = { piece = "queen", max = 3 }"#, "\"queen\"", "no piece type 'queen'; the pieces are: man, king"),
        (r#"same-piece = { piece = "king", max = 3, while = "man" }"#, "while", "unknown key 'while' in [state] same-piece"),
        (r#"same-piece = { piece = "king", max = 3, while-owning = ["man", "queen"] }"#, "\"queen\"", "no piece type 'queen'"),
        (r#"same-piece = "king""#, "\"king\"", "expected a table, found a string"),
    ];
    for (i, (line, needle, message)) in cases.into_iter().enumerate() {
        let text = dama("[turn]", &format!("[state]\n{line}\n\n[turn]"));
        let at = text.find(line).unwrap() + line.find(needle).unwrap();
        assert_broken(&format!("broken_same_piece_{i}"), &[("dama.toml", &text)], "dama.toml", &place_at(&text, at), message);
    }
}

#[test]
fn bad_same_fields_in_positions_are_refused_with_the_reason() {
    let dir = scratch("bad_same_fields");
    let plain = write(&dir, "dama.toml", DAMA);
    let limited = write(&dir, "limited.toml", &dama("[turn]", "[state]\nsame-piece = { piece = \"king\", max = 2 }\n\n[turn]"));
    let cases = [
        (&plain, "3/3/3/3/3/W2 w same:a1=1", "this ruleset counts no moves in a row: drop the same field"),
        (&limited, "3/3/3/3/3/W2 w same:a1=3", "a piece makes from 1 to 2 moves in a row here, not '3'"),
        (&limited, "3/3/3/3/3/w2 w same:a1=1", "'a1' holds no piece whose moves in a row are counted"),
        (&limited, "3/3/3/3/3/W2 w same:a1", "write same:CELL=N"),
        (&limited, "3/3/3/3/3/W2 w same:zz=1", "no cell 'zz'"),
    ];
    for (file, position, message) in cases {
        let run = hetproba(&["moves", file, "--position", position]).fails(1).one_line();
        assert!(run.stderr.contains(message), "{position}: expected {message:?}\n{}", run.stderr);
    }
    // A count at the limit is read: the king that has moved twice may not move again (the limit
    // holds always here: no while-owning).
    let run = hetproba(&["moves", &limited, "--position", "3/3/3/3/3/W2 w same:a1=2"]).ok();
    assert!(run.stdout.starts_with("no legal moves"), "{}", run.stdout);
    let run = hetproba(&["moves", &limited, "--position", "3/3/3/3/3/W2 w same:a1=1"]).ok();
    assert!(run.stdout.contains("a1-b2"), "{}", run.stdout);
}

#[test]
fn perft_count_takes_moves_or_paths_and_nothing_else() {
    // Frisian draughts from the start, depth 4: 3874 moves, 3880 paths (Rein Halbersma's DCTL
    // test board_10x10.cpp, duplicates dropped and kept).
    let nodes = |count: &str| hetproba(&["perft", "draughts-frisian", "4", "--count", count, "--json"]).ok().json()["nodes"].as_u64();
    assert_eq!(nodes("moves"), Some(3874));
    assert_eq!(nodes("paths"), Some(3880));
    assert_eq!(hetproba(&["perft", "draughts-frisian", "4", "--json"]).ok().json()["nodes"].as_u64(), Some(3874), "moves is the default");
    let run = hetproba(&["perft", "draughts-frisian", "4", "--count", "lots"]).fails(2);
    assert!(run.stderr.contains("possible values: moves, paths"), "{}", run.stderr);
}

// ----------------------------------------------------------------------------------------------
// Position state: the same-piece count

#[test]
fn the_same_piece_count_is_written_read_hashed_and_undone() {
    let game = game("draughts-frisian");
    let mut pos = game.read_position("W:WK50,46:BK1").unwrap();
    let start = (pos.clone(), pos.hash());
    for (i, text) in ["50-44", "1-7", "44-50", "7-1", "50-44"].into_iter().enumerate() {
        let mv = game.parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(&mut pos, mv);
        assert_eq!(pos.hash(), pos.compute_hash(&game), "after move {}", i + 1);
    }
    // White's king has made three moves in a row, standing on 44; Black's only kings are free
    // but counted too.
    let written = game.write_position(&pos);
    assert!(written.ends_with(" same:44=3,1=2"), "{written}");
    let read = game.read_position(&written).unwrap();
    assert!(read == pos && read.hash() == pos.hash(), "{written} reads back as another position");
    while pos.unmake() {}
    assert!(pos == start.0 && pos.hash() == start.1, "unmaking every move restores the start");
    assert_eq!(game.write_position(&pos), "W:W46,K50:BK1");
}

/// Found by the property tests: where the limit does not hold (the player owns no men), a king
/// moved on and its count went past the limit, to a position the reader refused. A run stops at
/// the limit, which is all it can tell.
#[test]
fn the_same_piece_count_stops_at_the_limit_where_the_limit_does_not_hold() {
    let game = game("draughts-frisian");
    let mut pos = game.read_position("W:WK50:BK1").unwrap();
    for text in ["50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50"] {
        let mv = game.parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(&mut pos, mv);
    }
    // White's king has moved four times in a row, Black's three: both count 3.
    let written = game.write_position(&pos);
    assert!(written.ends_with(" same:50=3,7=3"), "{written}");
    let read = game.read_position(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert!(read == pos && read.hash() == pos.hash(), "{written} reads back as another position");
}

// ----------------------------------------------------------------------------------------------
// compare: a witness between each dialect and its nearest relative

/// Runs compare and returns its witness part: the moves only one side allows.
fn witness(a: &str, b: &str) -> (String, String, String) {
    let run = hetproba(&["compare", a, b, "--time", "60"]).ok();
    let line = |prefix: &str| {
        run.lines()
            .into_iter()
            .find_map(|l| l.trim().strip_prefix(prefix).map(str::to_string))
            .unwrap_or_else(|| panic!("compare {a} {b}: no line {prefix:?}\n{}", run.stdout))
    };
    let only_a = line(&format!("only under {a}: "));
    let only_b = line(&format!("only under {b}: "));
    assert!(only_a != "-" || only_b != "-", "compare {a} {b}: a witness allows the same moves\n{}", run.stdout);
    (only_a, only_b, run.stdout)
}

#[test]
fn compare_spanish_and_brazilian_on_mirrored_boards() {
    let (spanish, brazilian, out) = witness("draughts-spanish", "draughts-brazilian");
    assert!(out.contains("The boards are mirror images"), "{out}");
    // A Spanish man captures forward only, a Brazilian one backward too, and the majority and
    // quality rules differ: the witness has moves on both sides.
    assert!(spanish != "-" && brazilian != "-", "{out}");
}

#[test]
fn compare_czech_and_brazilian() {
    let (czech, brazilian, out) = witness("draughts-czech", "draughts-brazilian");
    assert!(out.contains("<- first difference"), "{out}");
    // Free choice in Czech draughts allows a shorter capture that Brazilian's majority forbids.
    assert!(czech != "-" && brazilian != "-", "{out}");
}

#[test]
fn compare_pool_and_russian_from_their_different_starts() {
    let (pool, russian, out) = witness("draughts-pool", "draughts-russian");
    assert!(out.contains("The start positions differ"), "{out}");
    // The difference is promotion in the middle of a capture: the same path, ending as a man in
    // pool checkers and as a king in Russian draughts, so both sides list a move.
    assert!(pool != "-" && russian != "-", "{out}");
}

#[test]
fn compare_frisian_and_international() {
    let (frisian, _, out) = witness("draughts-frisian", "draughts-international");
    // The boards have the same squares; Frisian's has more directions.
    assert!(!out.contains("The boards differ"), "{out}");
    assert!(frisian != "-", "Frisian allows captures along rows and columns\n{out}");
}

// ----------------------------------------------------------------------------------------------
// Play

#[test]
fn every_dialect_plays_to_the_end_and_replays() {
    for id in DIALECTS {
        let dir = scratch(&format!("play_{id}"));
        let record = dir.join("game.txt");
        let record = record.to_str().unwrap();
        let run = hetproba(&["play", id, "--first", "random", "--second", "random", "--seed", "3", "--record", record]).ok();
        let over = run.lines().into_iter().find(|l| l.starts_with("Game over: ")).map(str::to_string);
        let over = over.unwrap_or_else(|| panic!("{id}: no result line\n{}", run.stdout));
        let played = run.stdout.matches(" played ").count();
        assert!(played > 0, "{id}: no move was played\n{}", run.stdout);
        let replay = hetproba(&["replay", record]).ok();
        assert!(replay.stdout.contains(&format!("\n{played} moves checked; result ")), "{id}\n{}", replay.stdout);
        assert!(replay.stdout.contains(&format!("{over}\n")), "{id}: the replay ends otherwise than {over:?}\n{}", replay.stdout);
    }
}

#[test]
fn every_dialect_passes_its_embedded_tests_and_starts_as_its_file_says() {
    for id in DIALECTS {
        let run = hetproba(&["check", id]).ok();
        assert!(run.stdout.contains("embedded tests passed"), "{id}\n{}", run.stdout);
        let game = game(id);
        let start = Position::start(&game);
        let men = game.rules().players.len();
        assert_eq!(men, 2);
        let count = |p| start.piece_count(p) as usize;
        let (a, b) = (count(hetproba_engine::rules::model::PlayerId::FIRST), count(hetproba_engine::rules::model::PlayerId::SECOND));
        let expected = match id {
            "draughts-thai" => 8,
            "draughts-frisian" => 20,
            "draughts-canadian" => 30,
            _ => 12,
        };
        assert_eq!((a, b), (expected, expected), "{id}: men a side at the start");
    }
}
