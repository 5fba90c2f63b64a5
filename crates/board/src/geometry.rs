//! What compiled rules ask of a board's lines, as tables of cell sets: the cells next to each
//! cell along some directions ([`line_masks`]), a direction's fixed index offset ([`dir_offset`]),
//! the axes of a set of directions ([`Board::axes`]), whether cell indices rise along a direction
//! ([`ray_order`]), every ray as a set ([`Rays`]), and a set per player ([`per_player`]).

use crate::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width};

/// A line through a cell: a direction and its opposite, if the board has one.
pub type Axis = (DirId, Option<DirId>);

impl Board {
    /// The axes of `dirs`: one per line, a direction with its opposite when the board has one
    /// (a direction whose opposite is already listed adds none).
    pub fn axes(&self, dirs: &[DirId]) -> Vec<Axis> {
        let mut list: Vec<Axis> = Vec::new();
        for &d in dirs {
            if !list.iter().any(|&(a, b)| a == d || b == Some(d)) {
                list.push((d, self.opposite(d)));
            }
        }
        list
    }
}

/// For each cell, the cells one step away along `dirs` (or, with `whole`, every cell of those
/// rays): a set per cell.
pub fn line_masks(width: Width, board: &Board, dirs: &[DirId], whole: bool) -> CellSets {
    CellSets::from_sets(
        width,
        board.all_cells().map(|c| {
            let mut cells = Vec::new();
            for &d in dirs {
                let mut k = board.step(c, d);
                while k != NO_CELL {
                    cells.push(k);
                    if !whole {
                        break;
                    }
                    k = board.step(k, d);
                }
            }
            cells
        }),
    )
}

/// A set of cells per player (set 0 for the first player, 1 for the second), from a per-player
/// table of cells.
pub fn per_player(width: Width, cells: &[Vec<bool>; 2]) -> CellSets {
    CellSets::from_sets(width, cells.iter().map(|on| on.iter().enumerate().filter(|(_, on)| **on).map(|(c, _)| CellId::new(c))))
}

/// The index offset of a step along `d`, when every step along it moves by the same offset
/// (a rectangular board numbered row by row): the cells whose step lands in a set are then the
/// set shifted back by it, among the cells that have a step.
pub fn dir_offset(board: &Board, d: DirId) -> Option<i32> {
    let mut offset = None;
    for c in board.all_cells() {
        let t = board.step(c, d);
        if t == NO_CELL {
            continue;
        }
        let k = i32::try_from(t.index()).ok()? - i32::try_from(c.index()).ok()?;
        if *offset.get_or_insert(k) != k {
            return None;
        }
    }
    offset
}

/// Whether cell indices rise (`Some(true)`) or fall (`Some(false)`) along every ray of `d`;
/// `None` if neither, or if the board blocks some step along `d`.
pub fn ray_order(board: &Board, d: DirId) -> Option<bool> {
    if board.all_cells().any(|c| !board.blockers(c, d).is_empty()) {
        return None;
    }
    let along = |rising: bool| {
        board.all_cells().all(|c| {
            let mut last = c;
            let mut k = board.step(c, d);
            let mut steps = 0;
            while k != NO_CELL {
                if (k > last) != rising || steps > board.len() {
                    return false;
                }
                last = k;
                k = board.step(k, d);
                steps += 1;
            }
            true
        })
    };
    if along(true) {
        Some(true)
    } else if along(false) {
        Some(false)
    } else {
        None
    }
}

/// Every ray of a board as a cell set, for moves and attacks along lines: the nearest piece on a
/// ray is the nearest cell of `ray & occupied`, found with one scan of the set's bits where the
/// cells of the direction's rays are in index order.
#[derive(Clone, Debug)]
pub struct Rays {
    /// `sets[d * cells + c]`: the cells met stepping from `c` along `d`, `c` excluded.
    sets: CellSets,
    /// Per direction: `Some(true)` if cell indices rise along each of its rays, `Some(false)` if
    /// they fall; `None` if neither, or if the board blocks some of its steps: such a direction
    /// is walked cell by cell.
    order: Vec<Option<bool>>,
    cells: usize,
}

impl Rays {
    pub fn compile(width: Width, board: &Board) -> Rays {
        let n = board.len();
        // At most n steps: a direction that comes back to a cell has no order anyway.
        let walk = |c: CellId, d: DirId| {
            let step = move |k: CellId| Some(board.step(k, d)).filter(|&k| k != NO_CELL);
            std::iter::successors(step(c), move |&k| step(k)).take(n)
        };
        let sets = CellSets::from_sets(width, board.all_directions().flat_map(|d| board.all_cells().map(move |c| walk(c, d))));
        let order = board.all_directions().map(|d| ray_order(board, d)).collect();
        Rays { sets, order, cells: n }
    }

    /// The cells met stepping from `c` along `d`.
    #[inline(always)]
    pub fn ray<const W: usize>(&self, d: DirId, c: CellId) -> CellSet<W> {
        self.sets.get(d.index() * self.cells + c.index())
    }

    /// Whether cell indices rise along the rays of `d` (`None`: `d` is walked).
    #[inline(always)]
    pub fn order(&self, d: DirId) -> Option<bool> {
        self.order[d.index()]
    }

    /// The cells from `c` along `d` up to and including the first cell of `stops` on the way
    /// (all of the ray if none), for a direction with an order.
    #[inline(always)]
    pub fn reach<const W: usize>(&self, d: DirId, c: CellId, rising: bool, stops: CellSet<W>) -> CellSet<W> {
        let ray = self.ray::<W>(d, c);
        let hit = ray & stops;
        let first = if rising { hit.first() } else { hit.last() };
        match first {
            Some(b) => ray.without(self.ray(d, b)),
            None => ray,
        }
    }

    /// The first cell of `among` from `c` along `d`, for a direction with an order.
    #[inline(always)]
    pub fn nearest<const W: usize>(&self, d: DirId, c: CellId, rising: bool, among: CellSet<W>) -> Option<CellId> {
        let hit = self.ray::<W>(d, c) & among;
        if rising { hit.first() } else { hit.last() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, Width};

    fn rect(width: i32, height: i32) -> Board {
        Board::generate(&Shape::Rect { width, height }).expect("a rectangle")
    }

    #[test]
    fn a_rectangle_steps_by_fixed_offsets_in_index_order() {
        let board = rect(4, 3);
        let (n, e) = (board.direction_index("n").expect("n"), board.direction_index("e").expect("e"));
        assert_eq!((dir_offset(&board, n), dir_offset(&board, e)), (Some(4), Some(1)));
        assert_eq!((ray_order(&board, n), ray_order(&board, board.opposite(n).expect("s"))), (Some(true), Some(false)));
        assert_eq!(board.axes(&[n, e, board.opposite(n).expect("s")]), [(n, board.opposite(n)), (e, board.opposite(e))]);
    }

    #[test]
    fn rays_stop_at_the_first_piece_either_way() {
        let board = rect(4, 3);
        let rays = Rays::compile(Width::W1, &board);
        let e = board.direction_index("e").expect("e");
        let a1 = board.find("a1").expect("a1");
        let stops: CellSet<1> = [board.find("c1").expect("c1")].into_iter().collect();
        let reach: Vec<&str> = rays.reach(e, a1, true, stops).iter().map(|c| board.name(c)).collect();
        assert_eq!(reach, ["b1", "c1"]);
        assert_eq!(rays.nearest(e, a1, true, stops).map(|c| board.name(c)), Some("c1"));
        let masks = line_masks(Width::W1, &board, &[e], true);
        assert_eq!(masks.cells(a1.index()).map(|c| board.name(c)).collect::<Vec<_>>(), ["b1", "c1", "d1"]);
        let own = per_player(
            Width::W1,
            &[vec![true, false, false, false, false, false, false, false, false, false, false, false], vec![false; 12]],
        );
        assert_eq!((own.cells(0).count(), own.cells(1).count()), (1, 0));
    }
}
