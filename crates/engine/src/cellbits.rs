//! [`CellBits`]: a set of cells of a board of any size in 128 bits, for the values that must
//! stay small and `Copy` whatever the board: the cells a [`crate::Move`] captures, the cells
//! the last move passed over.
//!
//! A set of cells below 127 (every set of a board of at most 127 cells, and nearly every set
//! of a board of 128) is its own bits, and reading it costs one test more than a `CellSet<2>`.
//! Any other set is kept once in a table for the whole process, and the value holds its
//! number, marked by bit 127. One set has one form, so equal sets are equal values: moves
//! compare, hash and sort by value, and a move parsed back from its notation is the generated
//! one. The table only grows, by the distinct sets the process meets: a move captures few
//! pieces, and the sets of all moves tried on a large board stay far fewer than its positions.
//!
//! Why not a wider move or one generic over the width: every move list, history and front end
//! would pay for the widest board, or see as many move types as there are widths.

use hetproba_board::{CellId, CellSet, cells::Iter};
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

/// The widest cell set: it holds a set of any board.
type Widest = CellSet<16>;

/// The bit that marks a set kept in the table: cell 127's, which sets of their own bits leave
/// clear.
const KEPT: u64 = 1 << 63;

/// A set of cells of any board, in 128 bits (see the module's documentation).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellBits(CellSet<2>);

/// The sets too large for their own bits, by number.
#[derive(Default)]
struct Table {
    sets: Vec<Widest>,
    numbers: HashMap<Widest, u64>,
}

static TABLE: LazyLock<RwLock<Table>> = LazyLock::new(Default::default);

impl CellBits {
    pub const EMPTY: CellBits = CellBits(CellSet::EMPTY);

    /// The set of one cell.
    #[inline(always)]
    pub fn single(cell: CellId) -> CellBits {
        let mut set = CellBits::EMPTY;
        set.insert(cell);
        set
    }

    /// The set of the cells of `set`. (For a board of at most 128 cells, `W <= 2`: no table.)
    #[inline(always)]
    pub fn from_set<const W: usize>(set: CellSet<W>) -> CellBits {
        let words = set.words();
        let own =
            if W <= 2 { words.get(1).is_none_or(|&w| w & KEPT == 0) } else { words[1] & KEPT == 0 && words[2..].iter().all(|&w| w == 0) };
        if own {
            let mut bits = [0; 2];
            let n = W.min(2);
            bits[..n].copy_from_slice(&words[..n]);
            CellBits(CellSet::from_words(&bits))
        } else {
            CellBits::kept(set.resize::<16>())
        }
    }

    /// The number of a set in the table, entered if new.
    #[cold]
    fn kept(set: Widest) -> CellBits {
        let found = TABLE.read().unwrap_or_else(|e| e.into_inner()).numbers.get(&set).copied();
        let number = found.unwrap_or_else(|| {
            let mut table = TABLE.write().unwrap_or_else(|e| e.into_inner());
            if let Some(&n) = table.numbers.get(&set) {
                return n;
            }
            let n = table.sets.len() as u64;
            table.sets.push(set);
            table.numbers.insert(set, n);
            n
        });
        CellBits(CellSet::from_words(&[number, KEPT]))
    }

    /// Is the set kept in the table?
    #[inline(always)]
    fn is_kept(&self) -> bool {
        self.0.words()[1] & KEPT != 0
    }

    /// The set kept in the table under this value's number.
    #[cold]
    fn widest(&self) -> Widest {
        TABLE.read().unwrap_or_else(|e| e.into_inner()).sets[self.0.words()[0] as usize]
    }

    /// The same cells as a cell set of width `W`, which must hold them.
    #[inline(always)]
    pub fn to_set<const W: usize>(&self) -> CellSet<W> {
        if self.is_kept() { self.widest().resize() } else { self.0.resize() }
    }

    #[inline(always)]
    pub fn contains(&self, cell: CellId) -> bool {
        if self.is_kept() { self.widest().contains(cell) } else { self.0.contains(cell) }
    }

    #[inline(always)]
    pub fn insert(&mut self, cell: CellId) {
        if !self.is_kept() && cell.index() < 127 {
            self.0.insert(cell);
        } else {
            let mut set = self.to_set::<16>();
            set.insert(cell);
            *self = CellBits::from_set(set);
        }
    }

    #[inline(always)]
    pub fn remove(&mut self, cell: CellId) {
        if !self.is_kept() {
            if cell.index() < 127 {
                self.0.remove(cell);
            }
        } else {
            let mut set = self.widest();
            set.remove(cell);
            *self = CellBits::from_set(set);
        }
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    #[inline(always)]
    pub fn len(&self) -> u32 {
        if self.is_kept() { self.widest().len() } else { self.0.len() }
    }

    /// The cells in ascending order.
    #[inline(always)]
    pub fn iter(&self) -> CellBitsIter {
        if self.is_kept() { CellBitsIter::Kept(self.widest().iter()) } else { CellBitsIter::Own(self.0.iter()) }
    }
}

impl std::fmt::Debug for CellBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.index())).finish()
    }
}

/// The cells of a [`CellBits`], lowest first.
#[derive(Clone, Debug)]
pub enum CellBitsIter {
    Own(Iter<2>),
    Kept(Iter<16>),
}

impl Iterator for CellBitsIter {
    type Item = CellId;

    #[inline(always)]
    fn next(&mut self) -> Option<CellId> {
        match self {
            CellBitsIter::Own(i) => i.next(),
            CellBitsIter::Kept(i) => i.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[usize]) -> CellBits {
        let mut set = CellBits::EMPTY;
        for &c in list {
            set.insert(CellId::new(c));
        }
        set
    }

    fn listed(set: CellBits) -> Vec<usize> {
        set.iter().map(|c| c.index()).collect()
    }

    #[test]
    fn sets_of_any_board_read_back() {
        for list in [&[][..], &[0, 5, 126], &[127], &[3, 200, 1023], &[64, 128, 129, 500]] {
            let set = cells(list);
            assert_eq!(listed(set), list, "{list:?}");
            assert_eq!(set.len() as usize, list.len());
            assert_eq!(set.is_empty(), list.is_empty());
            assert!(list.iter().all(|&c| set.contains(CellId::new(c))));
            assert!(!set.contains(CellId::new(1)) && !set.contains(CellId::new(700)));
        }
    }

    #[test]
    fn one_set_has_one_form() {
        // Built in another order, through the wide form and back, or from a set of any width.
        let a = cells(&[2, 300, 9]);
        assert_eq!(a, cells(&[300, 9, 2]));
        assert_eq!(a, CellBits::from_set::<16>([2, 9, 300].into_iter().map(CellId::new).collect()));
        let mut b = cells(&[2, 9, 127]);
        assert_ne!(b, cells(&[2, 9]));
        b.remove(CellId::new(127));
        assert_eq!(b, cells(&[2, 9]));
        assert_eq!(b, CellBits::from_set::<1>([2, 9].into_iter().map(CellId::new).collect()));
        assert_eq!(b.to_set::<1>(), [2, 9].into_iter().map(CellId::new).collect());
        let mut c = a;
        c.remove(CellId::new(300));
        assert_eq!(c, cells(&[2, 9]));
    }
}
