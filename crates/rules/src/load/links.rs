//! Boards by adjacency: `points` listed one by one (a table `{ name, x, y }`, or an algebraic
//! name that places the point at its coordinates), and `links`, lines of points each joined to the
//! next, instead of the neighbours a shape's vectors give.

use super::cx::{Cx, Fields, int_expr};
use crate::tree::{Node, Value};
use hetproba_board::{Cell, DirId, Direction, LinkError, algebraic_coordinates, link_directions};
use std::collections::HashMap;

/// How far from the origin a listed point may lie, either way.
const MAX_COORDINATE: i64 = 64;

/// `points = [...]` of a custom board. Each mistake is told at its point: a bad entry, a name or a
/// place given twice.
pub(super) fn read_points(cx: &mut Cx, node: &Node, params: &[(String, i64)]) -> Vec<Cell> {
    let Some(items) = cx.array(node) else { return Vec::new() };
    let mut cells: Vec<Cell> = Vec::new();
    for item in items {
        let Some(cell) = read_point(cx, item, params) else { continue };
        if let Some(other) = cells.iter().find(|c| c.name.eq_ignore_ascii_case(&cell.name)) {
            cx.error(item.span, format!("two points are named '{}'", other.name));
        } else if let Some(other) = cells.iter().find(|c| (c.x, c.y) == (cell.x, cell.y)) {
            cx.error(item.span, format!("'{}' is at ({}, {}), where '{}' is already", cell.name, cell.x, cell.y, other.name));
        } else {
            cells.push(cell);
        }
    }
    cells
}

fn read_point(cx: &mut Cx, item: &Node, params: &[(String, i64)]) -> Option<Cell> {
    let (name, x, y) = match &item.value {
        Value::Str(name) => match algebraic_coordinates(&name.to_ascii_lowercase()) {
            Some((x, y)) => (name.clone(), i64::from(x), i64::from(y)),
            None => {
                cx.error(
                    item.span,
                    format!("'{name}' is not an algebraic name such as a1 or d7; a point named otherwise is {{ name, x, y }}"),
                );
                return None;
            }
        },
        Value::Table(t) => {
            let mut pf = Fields::new(t, "a point");
            let keys = [pf.get("name"), pf.get("x"), pf.get("y")];
            pf.finish(cx);
            let [Some(name), Some(x), Some(y)] = keys else {
                cx.error(item.span, "a point needs name, x and y");
                return None;
            };
            let name = cx.name(name, "a point's name", true);
            let (x, y) = (int_expr(cx, x, params), int_expr(cx, y, params));
            (name?, x?, y?)
        }
        _ => {
            cx.expect_type(item, "a point: an algebraic name such as \"a1\", or { name, x, y }");
            return None;
        }
    };
    let range = -MAX_COORDINATE..=MAX_COORDINATE;
    match (i32::try_from(x), i32::try_from(y)) {
        (Ok(xi), Ok(yi)) if range.contains(&x) && range.contains(&y) => Some(Cell { name, x: xi, y: yi }),
        _ => {
            cx.error(item.span, format!("'{name}' is at ({x}, {y}); a point's x and y are from -{MAX_COORDINATE} to {MAX_COORDINATE}"));
            None
        }
    }
}

/// `links = ["a1 d1 g1", ...]`: each string a line of points, each joined to the next, both ways,
/// in the direction its offset points along. Returns the links as pairs of indices into `cells`;
/// each mistake is told at the names in the string.
pub(super) fn read_links(cx: &mut Cx, node: &Node, cells: &[Cell], directions: &[Direction]) -> Option<Vec<(usize, usize)>> {
    let items = cx.array(node)?;
    if items.is_empty() {
        cx.error(node.span, "links lists no link; write lines of points such as \"a1 d1 g1\"");
        return None;
    }
    let index: HashMap<String, usize> = cells.iter().enumerate().map(|(i, c)| (c.name.to_ascii_lowercase(), i)).collect();
    let errors_before = cx.diags.len();
    let mut links: Vec<(usize, usize)> = Vec::new();
    // Which point each link leaves a point along, by direction: two would be two neighbours.
    let mut leaving: HashMap<(usize, DirId), usize> = HashMap::new();
    for item in items {
        let Some(text) = cx.string(item) else { continue };
        let words = words_of(&text);
        if words.len() < 2 {
            cx.error(item.span, "a link is two points or more, a line of them: \"a1 d1\" or \"a1 d1 g1\"");
            continue;
        }
        let found: Vec<Option<usize>> = words
            .iter()
            .map(|(range, name)| {
                let at = index.get(&name.to_ascii_lowercase()).copied();
                if at.is_none() {
                    let span = cx.inner_span(item, range);
                    cx.error(span, format!("no point named '{name}' on this board"));
                }
                at
            })
            .collect();
        for k in 1..words.len() {
            let (Some(a), Some(b)) = (found[k - 1], found[k]) else { continue };
            let span = cx.inner_span(item, &(words[k - 1].0.start..words[k].0.end));
            let (from, to) = (&cells[a], &cells[b]);
            if a == b {
                cx.error(span, format!("'{}' is linked to itself", from.name));
                continue;
            }
            if links.contains(&(a, b)) || links.contains(&(b, a)) {
                cx.error(span, format!("'{}' and '{}' are linked twice", from.name, to.name));
                continue;
            }
            let (there, back) = match link_directions(directions, from, to) {
                Ok(dirs) => dirs,
                Err(err) => {
                    let advice = match err {
                        LinkError::NoDirection { .. } | LinkError::NoWayBack { .. } => {
                            "; place the points along a row, a column or a diagonal, or declare the step in [board.steps]"
                        }
                        _ => "",
                    };
                    cx.error(span, format!("cannot link '{}' and '{}': {err}{advice}", from.name, to.name));
                    continue;
                }
            };
            for (point, dir, other) in [(a, there, b), (b, back, a)] {
                if let Some(&first) = leaving.get(&(point, dir)) {
                    let name = &directions[dir.index()].name;
                    cx.error(
                        span,
                        format!(
                            "'{}' would have two links along {name}: to '{}' and to '{}'",
                            cells[point].name, cells[first].name, cells[other].name
                        ),
                    );
                }
                leaving.entry((point, dir)).or_insert(other);
            }
            links.push((a, b));
        }
    }
    let alone: Vec<&str> =
        (0..cells.len()).filter(|&i| !links.iter().any(|&(a, b)| a == i || b == i)).map(|i| cells[i].name.as_str()).collect();
    if !alone.is_empty() && cx.diags.len() == errors_before {
        cx.error(node.span, format!("no link reaches {}", alone.join(", ")));
    }
    (cx.diags.len() == errors_before).then_some(links)
}

/// The words of a link's text and their byte ranges.
fn words_of(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s..i, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::load::board::tests::ruleset;
    use crate::{BuiltinFiles, load};

    fn errors(board: &str) -> Vec<String> {
        let report = load("t.toml", &ruleset(board), &BuiltinFiles, &[]).unwrap_err();
        report.diagnostics.iter().map(|d| d.one_line(&report.sources)).collect()
    }

    /// The outer square of the morris board: 8 points on a 7x7 grid.
    const SQUARE: &str = "[board]\nshape = \"custom\"\npoints = [\"a1\", \"d1\", \"g1\", \"a4\", \"g4\", \"a7\", \"d7\", \"g7\"]\n";

    #[test]
    fn the_outer_square_of_the_morris_board() {
        let text = ruleset(&format!("{SQUARE}links = [\"a1 d1 g1 g4 g7\", \"g7 d7 a7 a4 a1\"]"));
        let rules = load("t.toml", &text, &BuiltinFiles, &[]).unwrap();
        let board = &rules.board;
        let e = board.direction_index("e").unwrap();
        let n = board.direction_index("n").unwrap();
        let [a1, d1, g1, a4] = ["a1", "d1", "g1", "a4"].map(|c| board.find(c).unwrap());
        assert_eq!((board.step(a1, e), board.step(d1, e), board.step(a1, n)), (d1, g1, a4));
        assert_eq!(board.step(g1, e), hetproba_board::NO_CELL);
        // Eight links, each both ways; no diagonal though a1, d1 ... lie on the grid's diagonals.
        assert_eq!(board.graph().edge_count(), 16);
        assert_eq!(rules.shape.describe(), "a board of 8 points joined by 8 links");
    }

    #[test]
    fn a_rectangle_of_points_joined_by_links_only() {
        // Fanorona's rule on 3x3: diagonals only from the points where x + y is even.
        let text = ruleset(
            "[board]\nwidth = 3\nheight = 3\nlinks = [\"a1 b1 c1\", \"a2 b2 c2\", \"a3 b3 c3\", \"a1 a2 a3\", \"b1 b2 b3\", \"c1 c2 c3\", \"a1 b2 c3\", \"a3 b2 c1\"]",
        );
        let rules = load("t.toml", &text, &BuiltinFiles, &[]).unwrap();
        let board = &rules.board;
        let neighbours =
            |name: &str| board.all_directions().filter(|&d| board.step(board.find(name).unwrap(), d) != hetproba_board::NO_CELL).count();
        assert_eq!([neighbours("b2"), neighbours("a1"), neighbours("b1"), neighbours("a2")], [8, 3, 3, 3]);
    }

    #[test]
    fn bad_links_are_told_at_their_names() {
        let lines = ["\"a1 d1 x9\"", "\"d1 d1\"", "\"d1 a1\"", "\"a1 d7\"", "\"a1 g1\"", "\"a7\""];
        let board = format!("{SQUARE}links = [\n{}\n]", lines.join(",\n"));
        assert_eq!(
            errors(&board),
            [
                "t.toml:12:8: no point named 'x9' on this board",
                "t.toml:13:2: 'd1' is linked to itself",
                "t.toml:14:2: 'd1' and 'a1' are linked twice",
                "t.toml:15:2: cannot link 'a1' and 'd7': its offset (3, 6) points along none of the board's directions; place the points along a row, a column or a diagonal, or declare the step in [board.steps]",
                "t.toml:16:2: 'a1' would have two links along e: to 'd1' and to 'g1'",
                "t.toml:17:1: a link is two points or more, a line of them: \"a1 d1\" or \"a1 d1 g1\"",
            ]
        );
    }

    #[test]
    fn a_link_needs_a_direction_back() {
        // Declared steps that only go east and north: a link can run e, but nothing runs back.
        let board = format!("{SQUARE}links = [\"a1 d1\"]\n[board.steps]\ne = [1, 0]\nn = [0, 1]");
        assert_eq!(
            errors(&board),
            [
                "t.toml:11:11: cannot link 'a1' and 'd1': it runs e, but no direction of the board points back along (-3, 0); place the points along a row, a column or a diagonal, or declare the step in [board.steps]"
            ]
        );
    }

    #[test]
    fn a_board_of_links_must_hold_together() {
        // Every point linked, in two pieces: the bottom side and the rest.
        let apart = format!("{SQUARE}links = [\"a1 d1 g1\", \"a4 a7 d7 g7 g4\"]");
        assert_eq!(
            errors(&apart),
            ["t.toml:11:9: bad board: the board falls apart into 2 separate parts; cells cut off from 'a1': a4, g4, a7, d7, g7"]
        );
        let alone = format!("{SQUARE}links = [\"a1 d1 g1 g4 g7 d7 a7\"]");
        assert_eq!(errors(&alone), ["t.toml:11:9: no link reaches a4"]);
        let empty = format!("{SQUARE}links = []");
        assert_eq!(errors(&empty), ["t.toml:11:9: links lists no link; write lines of points such as \"a1 d1 g1\""]);
    }

    #[test]
    fn bad_points_are_told_at_their_place() {
        let board = "[board]\nshape = \"custom\"\npoints = [\"a1\", \"A1\", { name = \"q\", x = 0, y = 0 }, \"x\", \"b99999\", { name = \"far\", x = 65, y = 0 }, { name = \"r\", x = 1 }, 7]\nlinks = [\"a1\"]";
        assert_eq!(
            errors(board),
            [
                "t.toml:10:17: two points are named 'a1'",
                "t.toml:10:23: 'q' is at (0, 0), where 'a1' is already",
                "t.toml:10:53: 'x' is not an algebraic name such as a1 or d7; a point named otherwise is { name, x, y }",
                "t.toml:10:58: 'b99999' is not an algebraic name such as a1 or d7; a point named otherwise is { name, x, y }",
                "t.toml:10:68: 'far' is at (65, 0); a point's x and y are from -64 to 64",
                "t.toml:10:101: a point needs name, x and y",
                "t.toml:10:124: expected a point: an algebraic name such as \"a1\", or { name, x, y }, found an integer",
                "t.toml:11:10: a link is two points or more, a line of them: \"a1 d1\" or \"a1 d1 g1\"",
            ]
        );
    }
}
