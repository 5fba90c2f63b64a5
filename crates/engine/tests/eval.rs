//! `[eval]` terms on small hand-worked positions: each test builds a fixture ruleset with one
//! term of weight 1 and checks the points of a position counted by hand (own minus opponent's,
//! for the player to move).
use hetproba_engine::Game;
use hetproba_rules::{BuiltinFiles, load};

/// A 4x4 board with men (value 1) and kings (value 3) that step in any direction, stones of
/// nobody's that never move (`#`), `regions`
/// added to the board, one `[eval]` term.
fn game(regions: &str, term: &str) -> Game {
    game_with_state(regions, "", term)
}

/// [`game`] with lines of `[state]`.
fn game_with_state(regions: &str, state: &str, term: &str) -> Game {
    let text = format!(
        r##"[game]
id = "fixture"
name = "Fixture"

[[players]]
name = "x"

[[players]]
name = "o"

[board]
shape = "rect"
width = 4
height = 4

[board.regions]
{regions}

[pieces.man]
symbols = ["x", "o"]
value = 1

[pieces.king]
symbols = ["K", "k"]
value = 3
royal = true

[pieces.stone]
owner = "none"
symbol = "#"

[moves.man]
piece = "man"
do = "step(all)"

[moves.king]
piece = "king"
do = "step(all)"

[[end]]
if = "no-moves"
result = "mover loses"

[state]
{state}

[eval]
terms = ["{term}"]
"##
    );
    Game::new(load("fixture.toml", &text, &BuiltinFiles, &[]).unwrap_or_else(|r| panic!("{r}")))
}

/// The points of a position (rows from the top, then the side to move).
fn points(game: &Game, position: &str) -> i32 {
    game.evaluate(&game.read_position(position).unwrap_or_else(|e| panic!("{position}: {e}")))
}

#[test]
fn material_counts_the_values_for_the_player_to_move() {
    let g = game("", "material");
    // x: a man and a king (1 + 3); o: two men (2).
    assert_eq!(points(&g, "4/4/oo2/xK2 x"), 2);
    assert_eq!(points(&g, "4/4/oo2/xK2 o"), -2);
}

/// `captured` reads the position's counter: x has taken three men and a king, o one man.
#[test]
fn captured_counts_what_each_player_took() {
    let position = |side: &str| format!("4/4/oo2/xK2 {side} captured:man=3,1;king=1,0");
    let men = game_with_state("", "captured = true", "captured(man)");
    assert_eq!(points(&men, &position("x")), 3 - 1);
    let all = game_with_state("", "captured = true", "10 * captured");
    assert_eq!(points(&all, &position("x")), 10 * (4 - 1));
    assert_eq!(points(&all, &position("o")), -10 * (4 - 1));
    assert_eq!(points(&all, "4/4/oo2/xK2 x"), 0, "nothing captured yet");
}

#[test]
fn a_weight_multiplies_and_may_be_negative() {
    assert_eq!(points(&game("", "-7 * material"), "4/4/oo2/xK2 x"), -14);
}

#[test]
fn pieces_counts_pieces_of_the_named_types() {
    assert_eq!(points(&game("", "pieces(king)"), "4/4/oo2/xK2 x"), 1);
    assert_eq!(points(&game("", "pieces"), "4/4/ooo1/xK2 x"), -1);
}

#[test]
fn advance_counts_rows_towards_the_far_side() {
    // x forward is north: a man on the third row stands 2 rows ahead. o's forward is south: an
    // o man on the top row stands 0 ahead, one on the second row from the top 1 ahead.
    let g = game("", "advance(man)");
    assert_eq!(points(&g, "o3/x3/4/4 x"), 2);
    assert_eq!(points(&g, "4/o3/x3/4 x"), 0);
    // Kings are not counted.
    assert_eq!(points(&g, "4/o3/K3/4 x"), -1);
}

#[test]
fn region_counts_pieces_standing_in_it() {
    let g = game(r#"corners = ["a1", "a4", "d1", "d4"]"#, "region(corners)");
    assert_eq!(points(&g, "x2o/4/4/x2x x"), 2);
    let g = game(r#"corners = ["a1", "a4", "d1", "d4"]"#, "region(corners, pieces=king)");
    assert_eq!(points(&g, "x2o/4/4/K2x x"), 1);
}

#[test]
fn approach_counts_steps_nearer_the_region_than_the_farthest_cell() {
    // Towards d4, king steps: the farthest cell is 3 steps away (a column or row of a1).
    // An x man on c3 is 1 step away (2 nearer); an o man on a1 is 3 away (0 nearer).
    let g = game(r#"goal = ["d4"]"#, "approach(goal)");
    assert_eq!(points(&g, "4/2x1/4/o3 x"), 2);
}

#[test]
fn lines_count_open_runs_by_the_square_of_own_pieces() {
    // Runs of 4 on a 4x4 board: 4 rows, 4 columns, 2 diagonals. x on a1 and b1: the first
    // row holds 2 (4 points), columns a and b 1 each (2), the a1-d4 diagonal 1 (1): 7. o on d4
    // shares the diagonal (now closed to both), and has row 4 and column d (2 points).
    let g = game("", "lines(4)");
    assert_eq!(points(&g, "4/4/4/xx2 x"), 7);
    assert_eq!(points(&g, "3o/4/4/xx2 x"), 6 - 2);
    // Along rows and columns only: the diagonal does not count.
    assert_eq!(points(&game("", "lines(4, orthogonal)"), "4/4/4/xx2 x"), 6);
}

#[test]
fn groups_count_the_groups_of_own_pieces() {
    // a1 and b2 touch at a corner: one group through any direction, two through sides.
    assert_eq!(points(&game("", "groups(all)"), "4/4/1x2/x3 x"), 1);
    assert_eq!(points(&game("", "groups(orthogonal)"), "4/4/1x2/x3 x"), 2);
    assert_eq!(points(&game("", "groups(orthogonal)"), "o2o/4/1x2/x3 x"), 0);
}

#[test]
fn gap_counts_the_empty_cells_still_needed_to_join_two_regions() {
    let regions = "bottom = \"y == 0\"\ntop = \"y == 3\"";
    // x on a1 needs a2, a3 and a4 (3); o, without pieces, a whole column (4).
    assert_eq!(points(&game(regions, "gap(bottom, top, orthogonal)"), "4/4/4/x3 x"), 3 - 4);
    // a1 and b2 touch at a corner: through any direction two cells (b3, b4) are left.
    assert_eq!(points(&game(regions, "gap(bottom, top)"), "4/4/1x2/x3 x"), 2 - 4);
    assert_eq!(points(&game(regions, "gap(bottom, top, orthogonal)"), "4/4/1x2/x3 x"), 3 - 4);
    // o fills the first row: x is barred everywhere (the board's 16 cells), o needs 3.
    assert_eq!(points(&game(regions, "gap(bottom, top)"), "4/4/4/oooo x"), 16 - 3);
}

#[test]
fn spread_sums_the_steps_to_the_most_central_piece() {
    // x on a1, b1 and d1: from b1, 1 + 0 + 2 = 3 steps, the least of the three sums.
    assert_eq!(points(&game("", "spread"), "4/4/4/xx1x x"), 3);
    // Through sides only, a1 to b2 is 2 steps; through corners 1.
    assert_eq!(points(&game("", "spread(orthogonal)"), "4/4/1x2/x3 x"), 2);
}

#[test]
fn stable_pieces_are_those_no_line_can_enclose() {
    // A corner piece is stable along every axis (the edge on one side of each).
    assert_eq!(points(&game("", "stable"), "4/4/4/x3 x"), 1);
    // b1 next to it is stable too: along the row, a1 beside it is stable; the column and the
    // diagonals end at the edge below.
    assert_eq!(points(&game("", "stable"), "4/4/4/xx2 x"), 2);
    // c1 alone is not: along the row, b1 and d1 are empty.
    assert_eq!(points(&game("", "stable"), "4/4/4/2x1 x"), 0);
    // Along rows and columns: with d1 empty, x's b1 and c1 can still be enclosed along the row
    // (an o piece beside is no hold), o's corner a1 cannot: -1. A full row makes its pieces
    // stable along it, whoever owns them: b1 and c1 (the edge below holds the column), 2 - 2.
    assert_eq!(points(&game("", "stable(orthogonal)"), "4/4/4/oxx1 x"), -1);
    assert_eq!(points(&game("", "stable(orthogonal)"), "4/4/4/oxxo x"), 0);
    // A stone of nobody's beside a piece holds the line as the edge does: x on c1 with the stone
    // on d1 is stable along the row (and the edge below holds the column): 1. Without the
    // stone, c1 has been counted 0 above.
    assert_eq!(points(&game("", "stable(orthogonal)"), "4/4/4/2x# x"), 1);
    // b1 beside it, with a1 empty: held along the row by the stable c1: 2.
    assert_eq!(points(&game("", "stable(orthogonal)"), "4/4/4/1xx# x"), 2);
}

#[test]
fn shelter_counts_own_pieces_next_to_royal_pieces() {
    // The x king on a1 has men on a2 and b2 (b1 holds an o man).
    assert_eq!(points(&game("", "shelter"), "4/4/xx2/Ko2 x"), 2);
}

#[test]
fn mobility_counts_the_moves_of_each_side() {
    // The x man on a1 has 3 steps; the o man on d4 has 3: 0. An o man on c3 has 8.
    let g = game("", "mobility");
    assert_eq!(points(&g, "3o/4/4/x3 x"), 0);
    assert_eq!(points(&g, "4/2o1/4/x3 x"), 3 - 8);
}

#[test]
fn movers_counts_the_pieces_that_have_a_move() {
    // x: men on a1, b1, a2, b2. a1 is walled in by its own men; a2 steps to a3 or b3, b1 to c1
    // or c2, b2 to a3, b3, c2 or c1 (c3 holds a stone): 3 movers (8 moves). o: a man on a4 (a3,
    // b3, b4: 1 mover, 3 moves) and one on d4 walled in by stones on c4, c3 and d3 (none).
    // 3 - 1 = 2.
    let position = "o1#o/2##/xx2/xx2";
    let g = game("", "movers");
    assert_eq!(points(&g, &format!("{position} x")), 2);
    assert_eq!(points(&g, &format!("{position} o")), -2);
    // With mobility beside it (one generation serves both): 2 + 2 * (8 - 3) = 12.
    assert_eq!(points(&game("", r#"movers", "2 * mobility"#), &format!("{position} x")), 12);
}
