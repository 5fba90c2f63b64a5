//! Royal pieces attacked along blocked steps, on the test ruleset tests/fixtures/palace.toml (a
//! xiangqi without cannons): a horse's step is blocked by a piece on its leg, and a piece that
//! stands there shields the general behind it.

use hetproba_engine::Game;

const PALACE: &str = include_str!("../../../tests/fixtures/palace.toml");

fn palace() -> Game {
    let rules = hetproba_rules::load("palace.toml", PALACE, &hetproba_rules::BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}"));
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
    let game = palace();
    let report = game.run_tests();
    assert!(report.failures.is_empty(), "{:?}", report.failures.iter().map(|f| f.render(&game)).collect::<Vec<_>>());
    assert_eq!(report.passed, 3);
}

#[test]
fn a_piece_on_a_horses_leg_may_not_leave_it() {
    let game = palace();
    // White's horse f9 reaches d8 over its leg e9, where black's advisor stands; the black
    // general is on d8. The advisor may not step off e9 (to d10, f10, f8): only the general
    // moves (to d9 or e8). Found by a random game against
    // Fairy-Stockfish, where the engine listed the advisor's steps.
    let names = moves(&game, "9/4aN3/3k5/9/9/9/9/9/9/4K4 b");
    assert_eq!(names, ["Kd8-d9", "Kd8-e8"], "the advisor may not leave the horse's leg");
    // Without the advisor the general on d8 is in check from f9.
    assert!(game.is_check(&game.read_position("9/5N3/3k5/9/9/9/9/9/9/4K4 b").expect("a position")));
}
