//! Moves whose later part takes a piece off (`remove()`, under an `if`), on the test ruleset
//! tests/fixtures/mills.toml, varied one key at a time: its embedded tests, a first part that
//! moves a piece, and a removal counted as a capture.

use hetproba_engine::Game;

const MILLS: &str = include_str!("../../../tests/fixtures/mills.toml");

fn game_with(old: &str, new: &str) -> Game {
    assert!(MILLS.contains(old), "the fixture has no {old:?}");
    let text = MILLS.replacen(old, new, 1);
    let rules = hetproba_rules::load("mills.toml", &text, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
    Game::new(rules)
}

fn moves(game: &Game, position: &str) -> Vec<String> {
    let pos = game.read_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut names = game.move_names(&pos, &game.legal_moves(&pos));
    names.sort();
    names
}

#[test]
fn the_fixtures_embedded_tests_pass() {
    let game = game_with("", "");
    let report = game.run_tests();
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.passed, 4);
}

#[test]
fn a_step_that_makes_a_row_of_three_takes_a_stone() {
    let game = game_with("do = \"place\"", "do = \"step(orthogonal)\"");
    // White: a1, b1, c2; black: d1, d4. c2 down to c1 makes a1-b1-c1, and white takes d1 or d4.
    // The other steps make no line: a1 up, b1 up or right (a1, c1: a gap), c2 up, left or right.
    let names = moves(&game, "3B/4/2W1/WW1B w");
    assert_eq!(names, ["a1-a2", "b1-b2", "b1-c1", "c2-b2", "c2-c1/xd1", "c2-c1/xd4", "c2-c3", "c2-d2"]);
}

#[test]
fn a_removal_is_a_capture() {
    let game = game_with("", "");
    let pos = game.read_position("4/4/BB2/WW2 w").unwrap();
    let legal = game.legal_moves(&pos);
    let captures: Vec<String> = legal.iter().filter(|m| m.is_capture()).map(|&m| game.move_name(&pos, m)).collect();
    assert_eq!(captures, ["c1/xa2", "c1/xb2"]);
    let mv = game.parse_move(&pos, "c1/xb2").unwrap();
    assert_eq!(mv.capture_count(), 1);
}

#[test]
fn a_removal_in_a_region_takes_only_pieces_standing_there() {
    let game = game_with("remove(enemy)", "remove(enemy, in=edge)");
    // c1 makes a1-b1-c1; of black's a2 and b2 only a2 stands on the edge.
    let names = moves(&game, "4/4/BB2/WW2 w");
    assert!(names.contains(&"c1/xa2".to_string()) && !names.iter().any(|n| n.starts_with("c1/xb2")), "{names:?}");
}
