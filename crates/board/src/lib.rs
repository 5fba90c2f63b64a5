//! Board graphs.
//!
//! A board is a set of named cells with coordinates, joined by labelled edges: an edge labelled
//! `d` from `a` to `b` means "one step in direction `d` from `a` is `b`". Generators build the
//! graph (rectangle, hexagon grid in doubled coordinates, line-crossing grid, explicit list) as a
//! petgraph graph; [`Board::from_graph`] checks it and compiles it into dense tables, so the hot
//! path of move generation is one array read per step.
//!
//! Architecture invariant: this crate knows shapes and directions, never a game.

pub mod cells;
pub mod geometry;
mod shape;

pub use cells::{CellSet, CellSets, Width};
pub use geometry::{Axis, Rays, dir_offset, line_masks, per_player, ray_order};
pub use shape::{LinkError, Naming, Shape, build_graph, build_graph_with, build_graph_with_directions, link_directions};

use petgraph::graph::DiGraph;
use std::collections::HashMap;

/// A cell of a compiled board, by its index (below [`MAX_CELLS`], or [`CellId::NONE`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(u16);

impl CellId {
    /// "No cell": the step leaves the board.
    pub const NONE: CellId = CellId(u16::MAX);

    /// The cell with this index, which the caller knows is a cell of its board (an index it
    /// counted itself, below [`MAX_CELLS`]). Where input decides the index, use
    /// [`CellId::checked`].
    #[inline(always)]
    pub fn new(index: usize) -> CellId {
        debug_assert!(index < MAX_CELLS, "cell index {index} is past the largest board");
        CellId(index as u16)
    }

    /// The cell with this index, if a board can have it (below [`MAX_CELLS`]).
    #[inline]
    pub fn checked(index: usize) -> Option<CellId> {
        (index < MAX_CELLS).then_some(CellId(index as u16))
    }

    /// Its index, for tables indexed by cell.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// "No cell": the step leaves the board.
pub const NO_CELL: CellId = CellId::NONE;

/// A direction of a board, by its index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DirId(pub u8);

impl DirId {
    /// "No direction" (a move that has none).
    pub const NONE: DirId = DirId(u8::MAX);

    /// The direction with this index, if a board can have it (below [`MAX_DIRECTIONS`]).
    #[inline(always)]
    pub fn new(index: usize) -> Option<DirId> {
        u8::try_from(index).ok().filter(|&i| i < DirId::NONE.0).map(DirId)
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
/// The most directions a board may have: a [`DirId`] is one byte, and its largest value is
/// [`DirId::NONE`].
pub const MAX_DIRECTIONS: usize = u8::MAX as usize;

/// The largest board the engine accepts (cells are `u16`, sets of cells are bit sets of this size).
pub const MAX_CELLS: usize = 1024;

/// One cell: its name and its generator coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub name: String,
    pub x: i32,
    pub y: i32,
}

/// One named direction: a vector in generator coordinates and a symbol for notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direction {
    pub name: String,
    pub dx: i32,
    pub dy: i32,
    /// Short mark used by move notation (`>` for east on a rectangle).
    pub symbol: String,
    /// Offsets, from the cell a step starts on, of the cells that block the step when any of
    /// them holds a piece (a step that passes between two cells); empty for a free step.
    pub blocked_by: Vec<(i32, i32)>,
}

/// The graph a generator builds: nodes are cells, edges are labelled by direction index.
pub type BoardGraph = DiGraph<Cell, DirId>;

/// What can be wrong with a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("the board has no cells")]
    Empty,
    #[error("the board has {0} cells; at most {MAX_CELLS} are supported")]
    TooLarge(usize),
    #[error("two cells are both named '{0}'")]
    DuplicateName(String),
    #[error("cell '{0}' has two neighbours in direction '{1}'")]
    DuplicateEdge(String, String),
    #[error("cells joined to no other cell by any direction: {}", .0.join(", "))]
    Isolated(Vec<String>),
    #[error("the board falls apart into {count} separate parts; cells cut off from '{first}': {}", .cut_off.join(", "))]
    Disconnected { count: usize, first: String, cut_off: Vec<String> },
    #[error("the board has {0} directions; at most {MAX_DIRECTIONS} are supported")]
    TooManyDirections(usize),
    #[error("{0}")]
    Shape(String),
}

/// A compiled board: cells, directions and a dense neighbour table.
#[derive(Clone, Debug)]
pub struct Board {
    cells: Vec<Cell>,
    directions: Vec<Direction>,
    /// `next[dir * cells + cell]`: the neighbour of `cell` in `dir`, or [`NO_CELL`].
    next: Vec<CellId>,
    /// The direction pointing back, for each direction, when the board has one.
    opposite: Vec<Option<DirId>>,
    /// For each direction with blocking cells: per cell, the cells that block a step from it.
    flanks: Vec<Option<Vec<Vec<CellId>>>>,
    by_name: HashMap<String, CellId>,
    by_xy: HashMap<(i32, i32), CellId>,
    graph: BoardGraph,
}

/// Refuses more directions than a [`DirId`] can name.
pub(crate) fn check_directions(directions: &[Direction]) -> Result<(), BoardError> {
    if directions.len() > MAX_DIRECTIONS {
        return Err(BoardError::TooManyDirections(directions.len()));
    }
    Ok(())
}

/// The direction at `index` of a list [`check_directions`] accepted.
pub(crate) fn dir(index: usize) -> DirId {
    DirId::new(index).expect("at most MAX_DIRECTIONS directions, checked when the board is built")
}

impl Board {
    /// Checks a generated graph and compiles it into dense tables.
    ///
    /// Errors: an empty or oversized board, duplicate names, two neighbours in one direction,
    /// cells joined to nothing, or a board that falls apart into pieces.
    pub fn from_graph(graph: BoardGraph, directions: Vec<Direction>) -> Result<Board, BoardError> {
        let n = graph.node_count();
        if n == 0 {
            return Err(BoardError::Empty);
        }
        if n > MAX_CELLS {
            return Err(BoardError::TooLarge(n));
        }
        check_directions(&directions)?;
        let cells: Vec<Cell> = graph.node_weights().cloned().collect();
        let mut by_name = HashMap::with_capacity(n);
        for (i, cell) in cells.iter().enumerate() {
            if by_name.insert(cell.name.to_ascii_lowercase(), CellId::new(i)).is_some() {
                return Err(BoardError::DuplicateName(cell.name.clone()));
            }
        }
        let mut next = vec![NO_CELL; directions.len() * n];
        for edge in graph.raw_edges() {
            let (from, to) = (edge.source().index(), edge.target().index());
            let slot = &mut next[edge.weight.index() * n + from];
            if *slot != NO_CELL && *slot != CellId::new(to) {
                return Err(BoardError::DuplicateEdge(cells[from].name.clone(), directions[edge.weight.index()].name.clone()));
            }
            *slot = CellId::new(to);
        }
        let opposite = directions.iter().map(|d| directions.iter().position(|o| o.dx == -d.dx && o.dy == -d.dy).map(dir)).collect();
        let by_xy: HashMap<(i32, i32), CellId> = cells.iter().enumerate().map(|(i, c)| ((c.x, c.y), CellId::new(i))).collect();
        let flanks = directions
            .iter()
            .map(|d| {
                (!d.blocked_by.is_empty()).then(|| {
                    cells
                        .iter()
                        .map(|c| d.blocked_by.iter().filter_map(|(dx, dy)| by_xy.get(&(c.x + dx, c.y + dy)).copied()).collect())
                        .collect()
                })
            })
            .collect();
        let board = Board { cells, directions, next, opposite, flanks, by_name, by_xy, graph };
        board.check_connected()?;
        Ok(board)
    }

    /// Builds and compiles a board from a shape description.
    pub fn generate(shape: &Shape) -> Result<Board, BoardError> {
        let (graph, directions) = build_graph(shape)?;
        Board::from_graph(graph, directions)
    }

    fn check_connected(&self) -> Result<(), BoardError> {
        if self.cells.len() == 1 {
            return Ok(());
        }
        let isolated: Vec<String> = self
            .graph
            .node_indices()
            .filter(|&i| self.graph.neighbors_undirected(i).next().is_none())
            .map(|i| self.graph[i].name.clone())
            .collect();
        if !isolated.is_empty() {
            return Err(BoardError::Isolated(isolated));
        }
        let count = petgraph::algo::connected_components(&self.graph);
        if count > 1 {
            // Walk from the first cell; everything not reached is cut off.
            let mut seen = vec![false; self.cells.len()];
            let mut stack = vec![petgraph::graph::NodeIndex::new(0)];
            seen[0] = true;
            while let Some(node) = stack.pop() {
                for next in self.graph.neighbors_undirected(node) {
                    if !seen[next.index()] {
                        seen[next.index()] = true;
                        stack.push(next);
                    }
                }
            }
            let cut_off = (0..self.cells.len()).filter(|&i| !seen[i]).map(|i| self.cells[i].name.clone()).collect();
            return Err(BoardError::Disconnected { count, first: self.cells[0].name.clone(), cut_off });
        }
        Ok(())
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a compiled board has at least one cell.
    #[inline]
    /// The width of this board's cell sets: the fewest words that hold a bit per cell.
    pub fn width(&self) -> Width {
        Width::for_cells(self.len())
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn cell(&self, id: CellId) -> &Cell {
        &self.cells[id.index()]
    }

    pub fn name(&self, id: CellId) -> &str {
        &self.cells[id.index()].name
    }

    /// Looks a cell up by name, ignoring ASCII case.
    pub fn find(&self, name: &str) -> Option<CellId> {
        self.by_name.get(&name.to_ascii_lowercase()).copied()
    }

    /// The cell at generator coordinates (x, y), if any.
    pub fn at(&self, x: i32, y: i32) -> Option<CellId> {
        self.by_xy.get(&(x, y)).copied()
    }

    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    pub fn direction_index(&self, name: &str) -> Option<DirId> {
        self.directions.iter().position(|d| d.name == name).map(dir)
    }

    /// One step from `cell` in direction `dir`, or [`NO_CELL`].
    #[inline(always)]
    pub fn step(&self, cell: CellId, dir: DirId) -> CellId {
        self.next[dir.index() * self.cells.len() + cell.index()]
    }

    /// The neighbour table of one direction, indexed by cell.
    #[inline(always)]
    pub fn table(&self, dir: DirId) -> &[CellId] {
        let n = self.cells.len();
        &self.next[dir.index() * n..(dir.index() + 1) * n]
    }

    /// Does any direction have cells that block its steps?
    pub fn has_blocked_steps(&self) -> bool {
        self.flanks.iter().any(Option::is_some)
    }

    /// The cells that block a step from `cell` in `dir` when any holds a piece (none for a free
    /// step).
    #[inline(always)]
    pub fn blockers(&self, cell: CellId, dir: DirId) -> &[CellId] {
        match &self.flanks[dir.index()] {
            Some(per_cell) => &per_cell[cell.index()],
            None => &[],
        }
    }

    /// The direction pointing the other way, if the board has one.
    pub fn opposite(&self, dir: DirId) -> Option<DirId> {
        self.opposite[dir.index()]
    }

    /// Whether a piece moving along `dir` can come onto the board at `cell`: the step back
    /// from it leaves the board. False for a direction without an opposite.
    pub fn enters_along(&self, cell: CellId, dir: DirId) -> bool {
        self.opposite(dir).is_some_and(|back| self.step(cell, back) == NO_CELL)
    }

    /// Every cell, in order.
    pub fn all_cells(&self) -> impl Iterator<Item = CellId> + use<> {
        (0..self.cells.len()).map(CellId::new)
    }

    /// Every direction, in order.
    pub fn all_directions(&self) -> impl Iterator<Item = DirId> + use<> {
        (0..self.directions.len()).map(dir)
    }

    /// The petgraph graph the board was compiled from.
    pub fn graph(&self) -> &BoardGraph {
        &self.graph
    }

    /// Bounding box of the coordinates: (min x, min y, max x, max y).
    pub fn extent(&self) -> (i32, i32, i32, i32) {
        let xs = self.cells.iter().map(|c| c.x);
        let ys = self.cells.iter().map(|c| c.y);
        (xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0), xs.max().unwrap_or(0), ys.max().unwrap_or(0))
    }

    /// Is every cell named by its file letter and rank number (`a1` at (0, 0))? Then drawings
    /// label the board with them.
    pub fn names_are_algebraic(&self) -> bool {
        self.cells.iter().all(|c| c.x >= 0 && c.y >= 0 && c.name == algebraic_name(c.x, c.y))
    }

    /// Cells grouped into rows, top row first, each row left to right: the order used by
    /// position notation and drawings.
    pub fn rows(&self) -> Vec<Vec<CellId>> {
        let mut ids: Vec<CellId> = self.all_cells().collect();
        ids.sort_by_key(|&i| (-self.cells[i.index()].y, self.cells[i.index()].x));
        let mut rows: Vec<Vec<CellId>> = Vec::new();
        let mut last_y = None;
        for id in ids {
            let y = self.cells[id.index()].y;
            if last_y != Some(y) {
                rows.push(Vec::new());
                last_y = Some(y);
            }
            if let Some(row) = rows.last_mut() {
                row.push(id);
            }
        }
        rows
    }
}

/// The cell name `a1`-style: a file letter (a, b, ..., z, aa, ab, ...) and a 1-based rank.
pub fn algebraic_name(file: i32, rank: i32) -> String {
    let mut letters = String::new();
    let mut f = file;
    loop {
        letters.insert(0, (b'a' + (f % 26) as u8) as char);
        f = f / 26 - 1;
        if f < 0 {
            break;
        }
    }
    format!("{letters}{}", rank + 1)
}

/// The coordinates an algebraic cell name stands for (`a1` is (0, 0), `d7` is (3, 6), `aa1` is
/// (26, 0)): the inverse of [`algebraic_name`], for names of at most three letters and four digits.
pub fn algebraic_coordinates(name: &str) -> Option<(i32, i32)> {
    let digits_at = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(digits_at);
    let plain = (1..=3).contains(&letters.len()) && letters.bytes().all(|b| b.is_ascii_lowercase());
    if !plain || !(1..=4).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let file = letters.bytes().fold(0i32, |v, b| v * 26 + i32::from(b - b'a') + 1) - 1;
    let rank: i32 = digits.parse().ok()?;
    Some((file, rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algebraic_coordinates_undo_algebraic_names() {
        for (x, y) in [(0, 0), (3, 6), (25, 9), (26, 0), (27, 11), (701, 0), (702, 5)] {
            assert_eq!(algebraic_coordinates(&algebraic_name(x, y)), Some((x, y)));
        }
        for bad in ["a", "1", "a0", "A1", "a1b", "ab01", "abcd1", "a12345", ""] {
            assert_eq!(algebraic_coordinates(bad), None, "{bad}");
        }
    }

    #[test]
    fn algebraic_names() {
        assert_eq!(algebraic_name(0, 0), "a1");
        assert_eq!(algebraic_name(7, 7), "h8");
        assert_eq!(algebraic_name(26, 0), "aa1");
    }

    #[test]
    fn cell_ids_are_checked() {
        assert_eq!(CellId::checked(MAX_CELLS - 1), Some(CellId::new(MAX_CELLS - 1)));
        assert_eq!(CellId::checked(MAX_CELLS), None);
    }

    #[test]
    fn direction_ids_are_checked_and_a_board_has_at_most_max_directions() {
        assert_eq!(DirId::new(MAX_DIRECTIONS - 1), Some(DirId(254)));
        // 255 is `DirId::NONE`; 256 would wrap to 0 as a byte.
        assert_eq!(DirId::new(MAX_DIRECTIONS), None);
        assert_eq!(DirId::new(256), None);
        let many: Vec<Direction> = (0..=MAX_DIRECTIONS as i32)
            .map(|i| Direction { name: format!("d{i}"), dx: i + 1, dy: 0, symbol: String::new(), blocked_by: Vec::new() })
            .collect();
        let shape = Shape::Rect { width: 2, height: 1 };
        let built = build_graph_with_directions(&shape, &|_, _| true, &Naming::Algebraic, many.clone());
        assert_eq!(built.err(), Some(BoardError::TooManyDirections(MAX_DIRECTIONS + 1)));
        let mut graph = BoardGraph::new();
        graph.add_node(Cell { name: "a1".into(), x: 0, y: 0 });
        assert_eq!(Board::from_graph(graph, many).err(), Some(BoardError::TooManyDirections(MAX_DIRECTIONS + 1)));
    }
}
