//! `[stacks]` on the small test ruleset tests/fixtures/columns.toml, varied one key at a time:
//! what a capture takes and where it goes, what a move carries, promotion of the top, the
//! notation of columns, and make/unmake over random games (hash, position text, undo).

use hetproba_engine::{Game, Position};

const COLUMNS: &str = include_str!("../../../tests/fixtures/columns.toml");

fn game_with(old: &str, new: &str) -> Game {
    assert!(COLUMNS.contains(old), "the fixture has no {old:?}");
    let text = COLUMNS.replacen(old, new, 1);
    let rules = hetproba_rules::load("columns.toml", &text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    Game::new(rules)
}

fn game() -> Game {
    game_with("", "")
}

/// The position after playing `line` from `position`, written out.
fn after(game: &Game, position: &str, line: &str) -> String {
    let mut pos = game.read_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    game.play_line(&mut pos, line).unwrap_or_else(|(n, e)| panic!("{line}, move {}: {e}", n + 1));
    game.write_position(&pos)
}

fn column(game: &Game, pos: &Position, cell: &str) -> String {
    let c = game.board().find(cell).unwrap();
    pos.column(c).into_iter().map(|p| game.symbol(p)).collect()
}

#[test]
fn a_capture_puts_the_taken_top_under_the_capturer() {
    let game = game();
    // White man a1 jumps the black man on b2 and lands on c3 with it underneath.
    assert_eq!(after(&game, "3/2/3/b1/w2 w", "a1:c3"), "3/2/1w1/2/3 b stacks:c3=wb");
}

#[test]
fn a_jumped_column_loses_only_its_top() {
    let game = game();
    // The black man on d4 jumps the white-topped column on c3: it takes the white man and
    // frees the black one, which stays on c3 as the top.
    let text = after(&game, "3/1b/1w1/2/3 b stacks:c3=wb", "d4:b2");
    assert_eq!(text, "3/2/1b1/b1/3 w stacks:b2=bw");
}

#[test]
fn a_chain_puts_the_first_prisoner_highest() {
    let game = game();
    // a1 jumps b2 (a man) then d4 (a column of two, losing its top): the column on e5 is the
    // capturer, then b2's man, then d4's top.
    let mut pos = game.read_position("3/1b/3/b1/w2 w stacks:d4=bb").unwrap();
    assert_eq!(column(&game, &pos, "d4"), "bb");
    game.play_line(&mut pos, "a1:c3:e5").unwrap();
    assert_eq!(column(&game, &pos, "e5"), "Wbb", "the top promotes on the far row; prisoners keep their kind");
    assert_eq!(column(&game, &pos, "d4"), "b");
    assert_eq!(column(&game, &pos, "b2"), "");
}

#[test]
fn promotion_changes_the_top_only() {
    let game = game();
    let text = after(&game, "3/w1/3/2/3 w stacks:b4=wbb", "b4-a5");
    assert_eq!(text, "W2/2/3/2/3 b stacks:a5=Wbb");
}

#[test]
fn carry_top_moves_the_top_alone() {
    let game = game_with("carry = \"column\"", "carry = \"top\"");
    let text = after(&game, "3/2/1w1/2/3 w stacks:c3=wbw", "c3-d4");
    assert_eq!(text, "3/1w/1b1/2/3 b stacks:c3=bw");
}

#[test]
fn removed_prisoners_leave_the_board() {
    let game = game_with("prisoners = \"under\"", "prisoners = \"removed\"");
    let text = after(&game, "3/2/3/b1/w2 w stacks:b2=bw", "a1:c3");
    assert_eq!(text, "3/2/1w1/w1/3 b", "the black top leaves; the white man under it is free on b2");
}

#[test]
fn only_the_top_owns_a_column() {
    let game = game();
    // The black-topped column on c3 with a white man under it: white has no move with it.
    let pos = game.read_position("3/2/1b1/2/w2 w stacks:c3=bww").unwrap();
    let names: Vec<String> = game.legal_moves(&pos).iter().map(|&m| game.move_name(&pos, m)).collect();
    assert_eq!(names, ["a1-b2"]);
    assert_eq!(pos.piece_count(hetproba_engine::rules::model::PlayerId::FIRST), 1, "pieces count tops");
}

#[test]
fn columns_are_part_of_the_position() {
    let game = game();
    let plain = game.read_position("3/2/1w1/2/3 w").unwrap();
    let stacked = game.read_position("3/2/1w1/2/3 w stacks:c3=wb").unwrap();
    assert_ne!(plain, stacked);
    assert_ne!(plain.hash(), stacked.hash());
    assert_eq!(stacked.hash(), stacked.compute_hash(&game));
}

#[test]
fn bad_stacks_fields_are_refused() {
    let game = game();
    for (text, message) in [
        ("3/2/1w1/2/3 w stacks:c3=bw", "the first its top, which the position shows on c3 ('w')"),
        ("3/2/1w1/2/3 w stacks:c3=w", "a column has two or more pieces"),
        ("3/2/1w1/2/3 w stacks:c3=wx", "unknown piece symbol 'x'"),
        ("3/2/1w1/2/3 w stacks:z9=wb", "no cell 'z9'"),
        ("3/2/1w1/2/3 w stacks:c3", "write stacks:CELL=PIECES"),
        ("3/2/1w1/2/3 w stacks:c3=wb,c3=wb", "gives the column on c3 twice"),
    ] {
        let err = game.read_position(text).expect_err(text).to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
}

/// Random games: every move made and unmade leaves the hash as computed from scratch, the
/// position text reads back as the same position, and unmaking restores the start.
#[test]
fn random_games_make_and_unmake() {
    let game = game();
    let mut seed = 0x5EED_u64;
    let mut stacked = 0;
    for _ in 0..40 {
        let mut pos = Position::start(&game);
        let start = pos.clone();
        let mut plies = 0;
        for _ in 0..80 {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            game.make(&mut pos, mv);
            plies += 1;
            assert_eq!(pos.hash(), pos.compute_hash(&game));
            let text = game.write_position(&pos);
            stacked += usize::from(text.contains("stacks:"));
            let read = game.read_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(read, pos, "{text}");
            assert_eq!(read.hash(), pos.hash(), "{text}");
        }
        for _ in 0..plies {
            assert!(pos.unmake());
        }
        assert_eq!(pos, start);
        assert_eq!(pos.hash(), start.hash());
    }
    assert!(stacked > 100, "only {stacked} positions with columns: the games hardly stacked");
}

#[test]
fn embedded_tests_pass() {
    let game = game();
    let report = game.run_tests();
    assert!(report.failures.is_empty(), "{:?}", report.failures);
}

/// Two chains of one move take the same tops in opposite orders: the one whose squares come
/// first row by row is played (docs/language.md, `[stacks]`). On the fixture grown to 7x7, the
/// king on c3 goes round c5 either way, over b4, b6, d6, d4 or over d4, d6, b6, b4; b4's top is
/// a king, the others men, so the columns differ.
#[test]
fn of_two_orders_the_first_by_squares_is_played() {
    let text = COLUMNS.replacen("width = 5\nheight = 5", "width = 7\nheight = 7", 1).replacen(
        "\n[stacks]\n",
        "\n[notation]\nposition = \"pdn\"\nking = \"king\"\n\n[stacks]\n",
        1,
    );
    let rules = hetproba_rules::load("columns.toml", &text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    let game = Game::new(rules);
    let mut pos = game.read_position("W:WKc3:BKb4,d4,b6,d6").unwrap();
    let moves = game.legal_moves(&pos);
    assert_eq!(moves.len(), 1, "{:?}", game.move_names(&pos, &moves));
    assert_eq!(game.move_paths(&pos, moves[0]).len(), 2, "both ways round are one move");
    game.make(&mut pos, moves[0]);
    assert_eq!(column(&game, &pos, "c3"), "WBbbb", "b4 (row 4, file b) comes before d4: taken first, it lies highest");
}
