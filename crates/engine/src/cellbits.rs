//! [`CellBits`]: a set of cells of a board of any size in 128 bits, for the values that must
//! stay small and `Copy` whatever the board: the cells a [`crate::Move`] captures, the cells
//! the last move passed over.
//!
//! A set of cells below 127 (every set of a board of at most 127 cells, and nearly every set
//! of a board of 128) is its own bits, and reading it costs one test more than a `CellSet<2>`.
//! Any other set is marked by bit 127 and is either its cells listed in ascending order, ten
//! bits each, when it has at most [`LISTED`] of them (the pieces a move captures nearly always
//! are), or else the number of the set in a table kept for the whole process. One set has one
//! form, so equal sets are equal values: moves compare, hash and sort by value, and a move
//! parsed back from its notation is the generated one. The table only grows, by the distinct
//! sets of more than [`LISTED`] cells the process meets.
//!
//! Why not a wider move or one generic over the width: every move list, history and front end
//! would pay for the widest board, or see as many move types as there are widths.

use hetproba_board::{CellId, CellSet, cells::Iter};
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

/// The widest cell set: it holds a set of any board.
type Widest = CellSet<16>;

/// The bit (of the second word) that marks a set not of its own bits: cell 127's, which sets
/// of their own bits leave clear.
const KEPT: u64 = 1 << 63;

/// The bit (of the second word) that marks, beside [`KEPT`], a set whose cells are listed.
const LIST: u64 = 1 << 62;

/// The most cells a listed set holds: 12 of 10 bits (cells up to 1023, the widest board's) fill
/// 120 bits; the count sits above them, below the marks.
const LISTED: usize = 12;
const CELL_BITS: u32 = 10;
const COUNT_SHIFT: u32 = 120;

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

    /// How many sets the process has kept in the table so far (each costs under 300 bytes):
    /// what a long session on a board of more than 127 cells pays. The bench reports it.
    pub fn kept_sets() -> usize {
        TABLE.read().unwrap_or_else(|e| e.into_inner()).sets.len()
    }

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
            CellBits::wide(set.resize::<16>())
        }
    }

    /// A set with a cell from 127 up: listed if it is small enough, else kept in the table.
    #[cold]
    fn wide(set: Widest) -> CellBits {
        let count = set.len();
        if count as usize > LISTED {
            return CellBits::kept(set);
        }
        let mut bits = u128::from(count) << COUNT_SHIFT;
        for (i, cell) in set.iter().enumerate() {
            bits |= (cell.index() as u128) << (i as u32 * CELL_BITS);
        }
        let mut cells = CellBits::from_u128(bits);
        cells.0 = CellSet::from_words(&[cells.0.words()[0], cells.0.words()[1] | KEPT | LIST]);
        cells
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

    fn from_u128(bits: u128) -> CellBits {
        CellBits(CellSet::from_words(&[bits as u64, (bits >> 64) as u64]))
    }

    fn to_u128(self) -> u128 {
        let [low, high] = *self.0.words();
        u128::from(low) | u128::from(high) << 64
    }

    /// The listed cells of a listed set: the list in the low bits, and how many.
    #[inline(always)]
    fn listed(&self) -> Option<(u128, u32)> {
        let bits = self.to_u128();
        (self.0.words()[1] & (KEPT | LIST) == KEPT | LIST).then_some((bits, (bits >> COUNT_SHIFT) as u32 & 0xf))
    }

    /// Is the set listed or kept in the table (not its own bits)?
    #[inline(always)]
    fn is_kept(&self) -> bool {
        self.0.words()[1] & KEPT != 0
    }

    /// The cells of a listed set, or of the set kept in the table under this value's number.
    #[cold]
    fn widest(&self) -> Widest {
        match self.listed() {
            Some(_) => self.iter().collect(),
            None => TABLE.read().unwrap_or_else(|e| e.into_inner()).sets[self.0.words()[0] as usize],
        }
    }

    /// The same cells as a cell set of width `W`, which must hold them.
    #[inline(always)]
    pub fn to_set<const W: usize>(&self) -> CellSet<W> {
        if self.is_kept() { self.widest().resize() } else { self.0.resize() }
    }

    #[inline(always)]
    pub fn contains(&self, cell: CellId) -> bool {
        if self.is_kept() { self.iter().any(|c| c == cell) } else { self.0.contains(cell) }
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
        if !self.is_kept() {
            return self.0.len();
        }
        match self.listed() {
            Some((_, count)) => count,
            None => self.widest().len(),
        }
    }

    /// The cells in ascending order.
    #[inline(always)]
    pub fn iter(&self) -> CellBitsIter {
        if !self.is_kept() {
            return CellBitsIter::Own(self.0.iter());
        }
        match self.listed() {
            Some((bits, left)) => CellBitsIter::Listed { bits, left },
            None => CellBitsIter::Kept(self.widest().iter()),
        }
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
    Listed { bits: u128, left: u32 },
    Kept(Iter<16>),
}

impl Iterator for CellBitsIter {
    type Item = CellId;

    #[inline(always)]
    fn next(&mut self) -> Option<CellId> {
        match self {
            CellBitsIter::Own(i) => i.next(),
            CellBitsIter::Listed { bits, left } => {
                if *left == 0 {
                    return None;
                }
                let cell = CellId::new((*bits & ((1 << CELL_BITS) - 1)) as usize);
                *bits >>= CELL_BITS;
                *left -= 1;
                Some(cell)
            }
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
    fn small_wide_sets_are_listed_and_large_ones_kept() {
        // Twelve cells past 127 fit the list; a thirteenth sends the set to the table.
        let twelve: Vec<usize> = (0..12).map(|i| 1023 - 70 * i).rev().collect();
        let listed_set = cells(&twelve);
        assert!(listed_set.listed().is_some());
        assert_eq!(listed(listed_set), twelve);
        assert_eq!(listed_set.len(), 12);
        let mut thirteen = twelve.clone();
        thirteen.insert(0, 3);
        let kept_set = cells(&thirteen);
        assert!(kept_set.is_kept() && kept_set.listed().is_none());
        assert_eq!(listed(kept_set), thirteen);
        assert_eq!(kept_set.len(), 13);
        assert!(kept_set.contains(CellId::new(3)) && !kept_set.contains(CellId::new(4)));
        // Removing the thirteenth cell lists the set again: the same value as built directly.
        let mut back = kept_set;
        back.remove(CellId::new(3));
        assert_eq!(back, listed_set);
        assert!(listed_set.contains(CellId::new(1023)) && !listed_set.contains(CellId::new(1022)));
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
