//! Board generators: each builds a petgraph graph of cells joined by direction-labelled edges.

use crate::{BoardError, BoardGraph, Cell, DirId, Direction, algebraic_name};
use std::collections::HashMap;

/// How cells are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// A file letter from x and a rank number from y: `a1` is the cell at the lowest x and y.
    Algebraic,
    /// 1, 2, 3, ... in row order, left to right; rows from the top (`from_top`) or the bottom.
    Numbers { from_top: bool },
    /// A file number counted from the right (1 at the highest x), then a rank letter counted
    /// from the top (`a` at the highest y): `7g`, as shogi names its squares.
    NumberLetter,
}

/// The `NumberLetter` name of the cell at (x, y) on a board whose highest x and y are `extent`:
/// the file counted from the right from 1, then the rank counted from the top from `a` (`aa`
/// after `z`, as algebraic files go).
fn number_letter_name(x: i32, y: i32, extent: (i32, i32)) -> String {
    let file = extent.0 - x + 1;
    let rank = algebraic_name(extent.1 - y, 0);
    format!("{file}{}", rank.trim_end_matches(|c: char| c.is_ascii_digit()))
}

/// A board shape, before filtering and naming.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `width` x `height` squares at (x, y), 0-based, with the 8 compass directions.
    Rect { width: i32, height: i32 },
    /// Hexagons in doubled coordinates: (x, y) for 0 <= x < width, 0 <= y < height with x + y odd.
    /// Rows are horizontal (`e`/`w` step 2 in x), diagonals step (+-1, +-1), columns (`n`/`s`)
    /// step 2 in y and run along the edge between two cells.
    Hex { width: i32, height: i32 },
    /// Lines and crossings: `long` lines running between the players (x = 1..long) and `trans`
    /// lines across (y = 1..trans), each extending one point beyond the outermost crossing lines.
    /// Points are joined only along lines.
    Lines { long: i32, trans: i32 },
    /// Cells listed one by one. Without `links`, two cells are neighbours in a direction when
    /// their coordinates differ by its vector. With `links` (pairs of indices into `cells`), only
    /// linked cells are neighbours, both ways, each in the direction its offset points along
    /// ([`link_directions`]), however far apart they are.
    Custom { cells: Vec<Cell>, directions: Vec<Direction>, links: Option<Vec<(usize, usize)>> },
}

/// Why two points cannot be linked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Both ends are one point.
    SelfLink,
    /// The offset `(dx, dy)` from the first point to the second points along no direction.
    NoDirection { dx: i32, dy: i32 },
    /// The link runs along a direction, but no direction runs back along `(dx, dy)`.
    NoWayBack { along: String, dx: i32, dy: i32 },
    /// Several directions point along the offset, none of them by exactly it.
    Ambiguous { dx: i32, dy: i32, names: Vec<String> },
    /// More directions than a board may have ([`crate::MAX_DIRECTIONS`]).
    TooManyDirections(usize),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::SelfLink => write!(f, "a point cannot be linked to itself"),
            LinkError::NoDirection { dx, dy } => write!(f, "its offset ({dx}, {dy}) points along none of the board's directions"),
            LinkError::NoWayBack { along, dx, dy } => {
                write!(f, "it runs {along}, but no direction of the board points back along ({dx}, {dy})")
            }
            LinkError::Ambiguous { dx, dy, names } => {
                write!(f, "its offset ({dx}, {dy}) points along several directions ({}) and is none of them", names.join(", "))
            }
            LinkError::TooManyDirections(n) => {
                write!(f, "the board has {n} directions; at most {} are supported", crate::MAX_DIRECTIONS)
            }
        }
    }
}

/// The direction a link runs in along `(dx, dy)`: the direction whose vector is `(dx, dy)`, or
/// else the one whose vector points the same way (a positive multiple of it: `e`, `(1, 0)`, for a
/// link three points along a row).
fn direction_along(directions: &[Direction], dx: i32, dy: i32) -> Result<DirId, Vec<usize>> {
    if let Some(exact) = directions.iter().position(|d| (d.dx, d.dy) == (dx, dy)) {
        return Ok(crate::dir(exact));
    }
    let along: Vec<usize> = (0..directions.len())
        .filter(|&i| directions[i].dx * dy == directions[i].dy * dx && directions[i].dx * dx + directions[i].dy * dy > 0)
        .collect();
    match along.as_slice() {
        [one] => Ok(crate::dir(*one)),
        _ => Err(along),
    }
}

/// The directions of a link from `from` to `to` and back.
pub fn link_directions(directions: &[Direction], from: &Cell, to: &Cell) -> Result<(DirId, DirId), LinkError> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if (dx, dy) == (0, 0) {
        return Err(LinkError::SelfLink);
    }
    if crate::check_directions(directions).is_err() {
        return Err(LinkError::TooManyDirections(directions.len()));
    }
    let named = |found: Vec<usize>, dx, dy| match found.as_slice() {
        [] => LinkError::NoDirection { dx, dy },
        _ => LinkError::Ambiguous { dx, dy, names: found.iter().map(|&i| directions[i].name.clone()).collect() },
    };
    let there = direction_along(directions, dx, dy).map_err(|found| named(found, dx, dy))?;
    let back = direction_along(directions, -dx, -dy).map_err(|found| match found.as_slice() {
        [] => LinkError::NoWayBack { along: directions[there.index()].name.clone(), dx: -dx, dy: -dy },
        _ => named(found, -dx, -dy),
    })?;
    Ok((there, back))
}

fn dir(name: &str, dx: i32, dy: i32, symbol: &str) -> Direction {
    Direction { name: name.into(), dx, dy, symbol: symbol.into(), blocked_by: Vec::new() }
}

fn compass() -> Vec<Direction> {
    vec![
        dir("n", 0, 1, "^"),
        dir("ne", 1, 1, "^>"),
        dir("e", 1, 0, ">"),
        dir("se", 1, -1, "v>"),
        dir("s", 0, -1, "v"),
        dir("sw", -1, -1, "v<"),
        dir("w", -1, 0, "<"),
        dir("nw", -1, 1, "^<"),
    ]
}

impl Shape {
    /// The directions this shape declares.
    pub fn directions(&self) -> Vec<Direction> {
        match self {
            Shape::Rect { .. } => compass(),
            Shape::Hex { .. } => vec![
                dir("n", 0, 2, "^"),
                dir("ne", 1, 1, "^>"),
                dir("e", 2, 0, ">"),
                dir("se", 1, -1, "v>"),
                dir("s", 0, -2, "v"),
                dir("sw", -1, -1, "v<"),
                dir("w", -2, 0, "<"),
                dir("nw", -1, 1, "^<"),
            ],
            Shape::Lines { .. } => {
                vec![dir("n", 0, 1, "^"), dir("e", 1, 0, ">"), dir("s", 0, -1, "v"), dir("w", -1, 0, "<")]
            }
            Shape::Custom { directions, .. } => directions.clone(),
        }
    }

    /// Every point of the shape, unfiltered, as (x, y).
    pub fn points(&self) -> Vec<(i32, i32)> {
        match self {
            Shape::Rect { width, height } => (0..*height).flat_map(|y| (0..*width).map(move |x| (x, y))).collect(),
            Shape::Hex { width, height } => {
                (0..*height).flat_map(|y| (0..*width).map(move |x| (x, y))).filter(|(x, y)| (x + y) % 2 == 1).collect()
            }
            Shape::Lines { long, trans } => {
                let (long, trans) = (*long, *trans);
                (0..=trans + 1)
                    .flat_map(|y| (0..=long + 1).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        let on_long = (1..=long).contains(&x);
                        let on_trans = (1..=trans).contains(&y);
                        on_long || on_trans
                    })
                    .filter(|&(x, y)| (1..=long).contains(&x) || (1..=trans).contains(&y))
                    .filter(|&(x, y)| !((x == 0 || x == long + 1) && (y == 0 || y == trans + 1)))
                    .collect()
            }
            Shape::Custom { cells, .. } => cells.iter().map(|c| (c.x, c.y)).collect(),
        }
    }

    fn joined(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        match self {
            // Along a line only: a horizontal step must lie on a transverse line, a vertical one on a
            // longitudinal line.
            Shape::Lines { long, trans } => {
                if from.1 == to.1 {
                    (1..=*trans).contains(&from.1)
                } else {
                    (1..=*long).contains(&from.0)
                }
            }
            _ => true,
        }
    }

    /// A short description in words.
    pub fn describe(&self) -> String {
        match self {
            Shape::Rect { width, height } => format!("a rectangle of {width} x {height} squares"),
            Shape::Hex { width, height } => {
                format!("a hexagon grid in doubled coordinates, {width} columns by {height} rows")
            }
            Shape::Lines { long, trans } => format!(
                "a grid of {long} lines running between the players crossed by {trans} lines, points at the crossings and line ends"
            ),
            Shape::Custom { cells, links: None, .. } => format!("a board of {} listed cells", cells.len()),
            Shape::Custom { cells, links: Some(links), .. } => {
                format!("a board of {} points joined by {} links", cells.len(), links.len())
            }
        }
    }
}

/// Builds the graph of `shape`, keeping the points `keep` accepts and naming them by `naming`
/// (custom shapes keep their own names). Cells are numbered in naming order: row by row from the
/// bottom for algebraic names, in number order for numbered boards.
pub fn build_graph_with(
    shape: &Shape,
    keep: &dyn Fn(i32, i32) -> bool,
    naming: &Naming,
) -> Result<(BoardGraph, Vec<Direction>), BoardError> {
    build_graph_with_directions(shape, keep, naming, shape.directions())
}

/// [`build_graph_with`], with directions of the caller's own instead of the shape's.
pub fn build_graph_with_directions(
    shape: &Shape,
    keep: &dyn Fn(i32, i32) -> bool,
    naming: &Naming,
    directions: Vec<Direction>,
) -> Result<(BoardGraph, Vec<Direction>), BoardError> {
    crate::check_directions(&directions)?;
    let mut points: Vec<(i32, i32)> = shape.points().into_iter().filter(|&(x, y)| keep(x, y)).collect();
    let from_top = matches!(naming, Naming::Numbers { from_top: true });
    points.sort_by_key(|&(x, y)| (if from_top { -y } else { y }, x));
    let custom_names: HashMap<(i32, i32), String> = match shape {
        Shape::Custom { cells, .. } => cells.iter().map(|c| ((c.x, c.y), c.name.clone())).collect(),
        _ => HashMap::new(),
    };
    let mut graph = BoardGraph::new();
    let mut index = HashMap::new();
    // The highest x and y, from which `NumberLetter` counts.
    let extent = points.iter().fold((0, 0), |(mx, my), &(x, y)| (mx.max(x), my.max(y)));
    for (i, &(x, y)) in points.iter().enumerate() {
        let name = match (custom_names.get(&(x, y)), naming) {
            (Some(name), _) => name.clone(),
            (None, Naming::Numbers { .. }) => (i + 1).to_string(),
            (None, Naming::Algebraic) => algebraic_name(x, y),
            (None, Naming::NumberLetter) => number_letter_name(x, y, extent),
        };
        let node = graph.add_node(Cell { name, x, y });
        if index.insert((x, y), node).is_some() {
            return Err(BoardError::Shape(format!("two cells at ({x}, {y})")));
        }
    }
    if let Shape::Custom { cells, links: Some(links), .. } = shape {
        for &(a, b) in links {
            let (Some(from), Some(to)) = (cells.get(a), cells.get(b)) else {
                return Err(BoardError::Shape(format!("a link names point {}, and there are {}", a.max(b), cells.len())));
            };
            // A link to a point the filter left out is no link.
            let (Some(&na), Some(&nb)) = (index.get(&(from.x, from.y)), index.get(&(to.x, to.y))) else { continue };
            let (there, back) = link_directions(&directions, from, to)
                .map_err(|e| BoardError::Shape(format!("the link {}-{}: {e}", from.name, to.name)))?;
            graph.add_edge(na, nb, there);
            graph.add_edge(nb, na, back);
        }
        return Ok((graph, directions));
    }
    for &(x, y) in &points {
        for (d, direction) in directions.iter().enumerate() {
            let to = (x + direction.dx, y + direction.dy);
            if let Some(&target) = index.get(&to)
                && shape.joined((x, y), to)
            {
                graph.add_edge(index[&(x, y)], target, crate::dir(d));
            }
        }
    }
    Ok((graph, directions))
}

/// Builds the whole shape with algebraic names.
pub fn build_graph(shape: &Shape) -> Result<(BoardGraph, Vec<Direction>), BoardError> {
    build_graph_with(shape, &|_, _| true, &Naming::Algebraic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, CellId};

    #[test]
    fn rect_neighbours() {
        let board = Board::generate(&Shape::Rect { width: 8, height: 8 }).unwrap();
        assert_eq!(board.len(), 64);
        let a1 = board.find("a1").unwrap();
        let n = board.direction_index("n").unwrap();
        let w = board.direction_index("w").unwrap();
        assert_eq!(board.name(board.step(a1, n)), "a2");
        assert_eq!(board.step(a1, w), crate::NO_CELL);
        assert_eq!(board.opposite(n), board.direction_index("s"));
    }

    #[test]
    fn number_letter_names_count_files_from_the_right_and_ranks_from_the_top() {
        let (graph, dirs) = build_graph_with(&Shape::Rect { width: 9, height: 9 }, &|_, _| true, &Naming::NumberLetter).unwrap();
        let board = Board::from_graph(graph, dirs).unwrap();
        // Shogi's squares: 9i is the bottom left (black's left corner), 1a the top right, 5e the centre.
        let name = |x, y| board.name(board.at(x, y).unwrap()).to_string();
        assert_eq!([name(0, 0), name(8, 8), name(4, 4), name(2, 2)], ["9i", "1a", "5e", "7g"]);
    }

    #[test]
    fn dark_squares_with_numbers_from_top() {
        let (graph, dirs) =
            build_graph_with(&Shape::Rect { width: 10, height: 10 }, &|x, y| (x + y) % 2 == 0, &Naming::Numbers { from_top: true })
                .unwrap();
        let board = Board::from_graph(graph, dirs).unwrap();
        assert_eq!(board.len(), 50);
        // PDN numbering of the 10x10 board: 1 is b10, 46 is a1.
        assert_eq!((board.cell(CellId::new(0)).x, board.cell(CellId::new(0)).y), (1, 9));
        assert_eq!((board.cell(CellId::new(45)).x, board.cell(CellId::new(45)).y), (0, 0));
    }

    #[test]
    fn hex_grid_of_93_cells() {
        let board = Board::generate(&Shape::Hex { width: 17, height: 11 }).unwrap();
        assert_eq!(board.len(), 93);
    }

    #[test]
    fn line_crossings_of_38_points() {
        let board = Board::generate(&Shape::Lines { long: 5, trans: 4 }).unwrap();
        assert_eq!(board.len(), 38);
        let e = board.direction_index("e").unwrap();
        // (1,0) is the end of a longitudinal line: it has no east neighbour.
        let end = CellId::new(board.cells().iter().position(|c| (c.x, c.y) == (1, 0)).unwrap());
        assert_eq!(board.step(end, e), crate::NO_CELL);
    }

    #[test]
    fn isolated_cells_are_reported() {
        // Dark squares with only orthogonal links: every cell is alone.
        let shape = Shape::Custom {
            cells: vec![Cell { name: "p".into(), x: 0, y: 0 }, Cell { name: "q".into(), x: 1, y: 1 }],
            directions: vec![dir("e", 1, 0, ">")],
            links: None,
        };
        let err = Board::generate(&shape).unwrap_err();
        assert!(matches!(err, BoardError::Isolated(ref cells) if cells.len() == 2), "{err}");
    }

    fn point(name: &str, x: i32, y: i32) -> Cell {
        Cell { name: name.into(), x, y }
    }

    #[test]
    fn linked_points_are_neighbours_along_their_direction_however_far() {
        // Three corners of the morris board's outer square and the middle of its bottom side.
        let cells = vec![point("a1", 0, 0), point("d1", 3, 0), point("g1", 6, 0), point("a4", 0, 3)];
        let shape = Shape::Custom { cells, directions: compass(), links: Some(vec![(0, 1), (1, 2), (0, 3)]) };
        let board = Board::generate(&shape).unwrap();
        let [n, e, s, w] = ["n", "e", "s", "w"].map(|d| board.direction_index(d).unwrap());
        let [a1, d1, g1, a4] = ["a1", "d1", "g1", "a4"].map(|c| board.find(c).unwrap());
        assert_eq!((board.step(a1, e), board.step(d1, e), board.step(g1, w)), (d1, g1, d1));
        assert_eq!((board.step(a1, n), board.step(a4, s)), (a4, a1));
        // d1 and a4 are not linked, nor is anything north of d1.
        assert_eq!(board.step(d1, n), crate::NO_CELL);
        assert_eq!(board.graph().edge_count(), 6);
    }

    #[test]
    fn a_link_needs_a_direction_both_ways() {
        let (a, b) = (point("a", 0, 0), point("b", 1, 2));
        assert_eq!(link_directions(&compass(), &a, &b), Err(LinkError::NoDirection { dx: 1, dy: 2 }));
        assert_eq!(link_directions(&compass(), &a, &a), Err(LinkError::SelfLink));
        let east_only = vec![dir("e", 1, 0, ">")];
        let far = point("c", 2, 0);
        assert_eq!(link_directions(&east_only, &a, &far), Err(LinkError::NoWayBack { along: "e".into(), dx: -2, dy: 0 }));
        // Two steps along one line: (4, 0) is neither, and could be either.
        let two = vec![dir("e", 1, 0, ">"), dir("ee", 2, 0, ">>"), dir("w", -1, 0, "<")];
        let error = link_directions(&two, &a, &point("d", 4, 0)).unwrap_err();
        assert_eq!(error, LinkError::Ambiguous { dx: 4, dy: 0, names: vec!["e".into(), "ee".into()] });
        assert_eq!(link_directions(&two, &a, &far), Ok((crate::dir(1), crate::dir(2))));
    }
}
