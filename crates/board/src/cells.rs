//! Sets of cells, one bit a cell. A board's sets all have one width, chosen once for the board
//! ([`Width`]): 64 cells in one machine word, 128, 256, or 1024 ([`crate::MAX_CELLS`]). Code that
//! reads sets is generic over the width (`CellSet<W>`, `W` words), and a game picks its
//! instance once, so that a rule has one code path whatever the board's size.
//!
//! Tables of sets (a set per cell, per player, ...) are stored width-erased in [`CellSets`]: one
//! vector of words, `W` words a set, read as `CellSet<W>` where the width is known. Testing,
//! adding and removing one cell needs no width at all.

use crate::CellId;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

/// The widths of cell sets, in 64-bit words: a board uses the smallest that holds its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    W1,
    W2,
    W4,
    W16,
}

impl Width {
    /// The smallest width for a board of `cells` cells (at most [`crate::MAX_CELLS`]).
    pub fn for_cells(cells: usize) -> Width {
        match cells.div_ceil(64) {
            0 | 1 => Width::W1,
            2 => Width::W2,
            3 | 4 => Width::W4,
            _ => Width::W16,
        }
    }

    /// Words a set of this width has.
    pub fn words(self) -> usize {
        match self {
            Width::W1 => 1,
            Width::W2 => 2,
            Width::W4 => 4,
            Width::W16 => 16,
        }
    }

    /// The widths at least as wide as this one, narrowest first (to test code at every width).
    pub fn at_least(self) -> impl Iterator<Item = Width> {
        [Width::W1, Width::W2, Width::W4, Width::W16].into_iter().filter(move |w| w.words() >= self.words())
    }
}

/// Runs `$body` with the const `$w` set to the words of the width `$width`: the one place where
/// a width chosen at run time becomes a type.
#[macro_export]
macro_rules! with_width {
    ($width:expr, $w:ident => $body:expr) => {
        match $width {
            $crate::Width::W1 => {
                const $w: usize = 1;
                $body
            }
            $crate::Width::W2 => {
                const $w: usize = 2;
                $body
            }
            $crate::Width::W4 => {
                const $w: usize = 4;
                $body
            }
            $crate::Width::W16 => {
                const $w: usize = 16;
                $body
            }
        }
    };
}

/// A set of cells of a board of at most `64 * W` cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CellSet<W> {
    fn default() -> Self {
        CellSet::EMPTY
    }
}

impl<const W: usize> std::fmt::Debug for CellSet<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.index())).finish()
    }
}

impl<const W: usize> CellSet<W> {
    pub const EMPTY: CellSet<W> = CellSet([0; W]);

    /// The first `n` cells.
    pub fn first_cells(n: usize) -> CellSet<W> {
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate() {
            let from = i * 64;
            *w = if n >= from + 64 {
                u64::MAX
            } else if n > from {
                (1 << (n - from)) - 1
            } else {
                0
            };
        }
        CellSet(words)
    }

    /// The set of one cell.
    #[inline(always)]
    pub fn single(cell: CellId) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        set.insert(cell);
        set
    }

    /// Reads a set from exactly `W` words.
    #[inline(always)]
    pub fn from_words(words: &[u64]) -> CellSet<W> {
        let mut set = [0; W];
        set.copy_from_slice(words);
        CellSet(set)
    }

    #[inline(always)]
    pub fn words(&self) -> &[u64; W] {
        &self.0
    }

    /// Is `cell` in the set? (A cell past the set's width is not.)
    #[inline(always)]
    pub fn contains(&self, cell: CellId) -> bool {
        let i = cell.index();
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    #[inline(always)]
    pub fn insert(&mut self, cell: CellId) {
        let i = cell.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline(always)]
    pub fn remove(&mut self, cell: CellId) {
        let i = cell.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Do the sets share a cell?
    #[inline(always)]
    pub fn intersects(&self, other: &CellSet<W>) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The cells of this set that are not in `other`.
    #[inline(always)]
    pub fn without(self, other: CellSet<W>) -> CellSet<W> {
        let mut out = self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    /// The lowest cell.
    #[inline(always)]
    pub fn first(&self) -> Option<CellId> {
        self.0.iter().position(|&w| w != 0).map(|i| CellId::new(i * 64 + self.0[i].trailing_zeros() as usize))
    }

    /// The highest cell.
    #[inline(always)]
    pub fn last(&self) -> Option<CellId> {
        self.0.iter().rposition(|&w| w != 0).map(|i| CellId::new(i * 64 + 63 - self.0[i].leading_zeros() as usize))
    }

    /// Removes and returns the lowest cell.
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<CellId> {
        for i in 0..W {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(CellId::new(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Removes and returns the highest cell.
    #[inline(always)]
    pub fn pop_last(&mut self) -> Option<CellId> {
        for i in (0..W).rev() {
            let w = self.0[i];
            if w != 0 {
                let bit = 63 - w.leading_zeros() as usize;
                self.0[i] = w & !(1 << bit);
                return Some(CellId::new(i * 64 + bit));
            }
        }
        None
    }

    /// Each cell moved `by` places along the index (cell `c` becomes `c + by`); cells moved
    /// below 0 or past the set's width are dropped.
    #[inline(always)]
    pub fn shifted(self, by: i32) -> CellSet<W> {
        let mut out = [0; W];
        let n = by.unsigned_abs() as usize;
        let (words, bits) = (n / 64, n % 64);
        for (i, w) in out.iter_mut().enumerate() {
            // Output word i takes bits from source words i - words (and the one below it) when
            // moving up, i + words (and the one above it) when moving down.
            let (from, next) = if by >= 0 {
                (i.checked_sub(words), i.checked_sub(words + 1))
            } else {
                (Some(i + words).filter(|&k| k < W), Some(i + words + 1).filter(|&k| k < W))
            };
            let a = from.map_or(0, |k| self.0[k]);
            let b = next.map_or(0, |k| self.0[k]);
            *w = match (by >= 0, bits) {
                (_, 0) => a,
                (true, b_) => a << b_ | b >> (64 - b_),
                (false, b_) => a >> b_ | b << (64 - b_),
            };
        }
        CellSet(out)
    }

    /// The same cells in a set of another width (which must hold them).
    #[inline(always)]
    pub fn resize<const V: usize>(self) -> CellSet<V> {
        let mut words = [0; V];
        let n = W.min(V);
        words[..n].copy_from_slice(&self.0[..n]);
        debug_assert!(self.0[n..].iter().all(|&w| w == 0), "a set resized to a width too narrow for its cells");
        CellSet(words)
    }

    /// The cells in ascending order.
    #[inline(always)]
    pub fn iter(&self) -> Iter<W> {
        Iter { set: *self, at: 0 }
    }

    /// The cells in descending order.
    #[inline(always)]
    pub fn iter_rev(&self) -> IterRev<W> {
        IterRev { set: *self, left: W }
    }
}

/// The cells of a set, lowest first. A set wider than two words remembers the word it has
/// reached, so that it is not scanned from its first word for every cell.
#[derive(Clone, Debug)]
pub struct Iter<const W: usize> {
    set: CellSet<W>,
    at: usize,
}

impl<const W: usize> Iterator for Iter<W> {
    type Item = CellId;

    #[inline(always)]
    fn next(&mut self) -> Option<CellId> {
        // Up to two words a plain scan is quicker than keeping the place (callgrind).
        if W <= 2 {
            return self.set.pop_first();
        }
        while self.at < W {
            let w = self.set.0[self.at];
            if w != 0 {
                self.set.0[self.at] = w & (w - 1);
                return Some(CellId::new(self.at * 64 + w.trailing_zeros() as usize));
            }
            self.at += 1;
        }
        None
    }
}

/// The cells of a set, highest first.
#[derive(Clone, Debug)]
pub struct IterRev<const W: usize> {
    set: CellSet<W>,
    /// The words not yet exhausted: `set.0[..left]`.
    left: usize,
}

impl<const W: usize> Iterator for IterRev<W> {
    type Item = CellId;

    #[inline(always)]
    fn next(&mut self) -> Option<CellId> {
        if W <= 2 {
            return self.set.pop_last();
        }
        while self.left > 0 {
            let i = self.left - 1;
            let w = self.set.0[i];
            if w != 0 {
                let bit = 63 - w.leading_zeros() as usize;
                self.set.0[i] = w & !(1 << bit);
                return Some(CellId::new(i * 64 + bit));
            }
            self.left = i;
        }
        None
    }
}

impl<const W: usize> FromIterator<CellId> for CellSet<W> {
    fn from_iter<I: IntoIterator<Item = CellId>>(cells: I) -> CellSet<W> {
        let mut set = CellSet::EMPTY;
        for c in cells {
            set.insert(c);
        }
        set
    }
}

macro_rules! bit_op {
    ($op:ident, $f:ident, $assign:ident, $fa:ident) => {
        impl<const W: usize> $op for CellSet<W> {
            type Output = CellSet<W>;
            #[inline(always)]
            fn $f(mut self, other: CellSet<W>) -> CellSet<W> {
                self.$fa(other);
                self
            }
        }
        impl<const W: usize> $assign for CellSet<W> {
            #[inline(always)]
            fn $fa(&mut self, other: CellSet<W>) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    a.$fa(b);
                }
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign);

/// Sets of cells of one width, `count` of them, stored width-erased: `words` words a set, in one
/// vector. Read a set as `CellSet<W>` with [`CellSets::get`] where the width is known; one
/// cell is tested, added or removed without it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSets {
    words: usize,
    data: Vec<u64>,
}

impl CellSets {
    /// `count` empty sets of `width`.
    pub fn new(width: Width, count: usize) -> CellSets {
        CellSets { words: width.words(), data: vec![0; width.words() * count] }
    }

    /// One set per item, each from the cells it yields.
    pub fn from_sets<I, C>(width: Width, sets: I) -> CellSets
    where
        I: IntoIterator<Item = C>,
        C: IntoIterator<Item = CellId>,
    {
        let mut out = CellSets { words: width.words(), data: Vec::new() };
        for (i, cells) in sets.into_iter().enumerate() {
            out.data.resize((i + 1) * out.words, 0);
            for c in cells {
                out.insert(i, c);
            }
        }
        out
    }

    /// How many sets.
    pub fn len(&self) -> usize {
        self.data.len() / self.words.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Set `i`, read at width `W` (which must be the sets' width).
    #[inline(always)]
    pub fn get<const W: usize>(&self, i: usize) -> CellSet<W> {
        debug_assert_eq!(W, self.words, "sets read at another width than their own");
        CellSet::from_words(&self.data[i * W..i * W + W])
    }

    /// Replaces set `i`.
    #[inline(always)]
    pub fn put<const W: usize>(&mut self, i: usize, set: CellSet<W>) {
        debug_assert_eq!(W, self.words, "sets written at another width than their own");
        self.data[i * W..i * W + W].copy_from_slice(&set.0);
    }

    /// Is `cell` in set `i`?
    #[inline(always)]
    pub fn contains(&self, i: usize, cell: CellId) -> bool {
        let c = cell.index();
        self.data[i * self.words + c / 64] >> (c % 64) & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, i: usize, cell: CellId) {
        let c = cell.index();
        self.data[i * self.words + c / 64] |= 1 << (c % 64);
    }

    #[inline(always)]
    pub fn remove(&mut self, i: usize, cell: CellId) {
        let c = cell.index();
        self.data[i * self.words + c / 64] &= !(1 << (c % 64));
    }

    /// Adds `cell` to set `i` if it is not there, removes it if it is.
    #[inline(always)]
    pub fn toggle(&mut self, i: usize, cell: CellId) {
        let c = cell.index();
        self.data[i * self.words + c / 64] ^= 1 << (c % 64);
    }

    /// How many cells set `i` holds.
    pub fn count(&self, i: usize) -> u32 {
        self.words_of(i).iter().map(|w| w.count_ones()).sum()
    }

    /// The words of set `i` (64 cells each, lowest first).
    #[inline(always)]
    pub fn words_of(&self, i: usize) -> &[u64] {
        &self.data[i * self.words..(i + 1) * self.words]
    }

    /// The words a set takes, and every set's words one after another, to change: for code that
    /// changes bits of several sets at once without going back through `self` for each.
    #[inline(always)]
    pub fn raw_mut(&mut self) -> (usize, &mut [u64]) {
        (self.words, &mut self.data)
    }

    /// Is set `i` empty?
    pub fn is_empty_at(&self, i: usize) -> bool {
        self.data[i * self.words..(i + 1) * self.words].iter().all(|&w| w == 0)
    }

    /// The cells of set `i`, ascending, at any width.
    pub fn cells(&self, i: usize) -> impl Iterator<Item = CellId> + '_ {
        let words = &self.data[i * self.words..(i + 1) * self.words];
        words.iter().enumerate().flat_map(|(k, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    CellId::new(k * 64 + b)
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[usize]) -> Vec<CellId> {
        list.iter().map(|&i| CellId::new(i)).collect()
    }

    #[test]
    fn widths_fit_their_boards() {
        assert_eq!(Width::for_cells(64), Width::W1);
        assert_eq!(Width::for_cells(65), Width::W2);
        assert_eq!(Width::for_cells(93), Width::W2);
        assert_eq!(Width::for_cells(225), Width::W4);
        assert_eq!(Width::for_cells(257), Width::W16);
        assert_eq!(Width::W2.at_least().collect::<Vec<_>>(), [Width::W2, Width::W4, Width::W16]);
    }

    #[test]
    fn a_set_across_words_keeps_its_cells_in_order() {
        let set: CellSet<4> = cells(&[0, 63, 64, 130, 255]).into_iter().collect();
        assert_eq!(set.len(), 5);
        assert_eq!(set.iter().collect::<Vec<_>>(), cells(&[0, 63, 64, 130, 255]));
        assert_eq!(set.iter_rev().collect::<Vec<_>>(), cells(&[255, 130, 64, 63, 0]));
        assert_eq!((set.first(), set.last()), (Some(CellId::new(0)), Some(CellId::new(255))));
        assert!(set.contains(CellId::new(130)) && !set.contains(CellId::new(129)));
        let other: CellSet<4> = cells(&[64, 200]).into_iter().collect();
        assert_eq!((set & other).iter().collect::<Vec<_>>(), cells(&[64]));
        assert_eq!((set | other).len(), 6);
        assert_eq!(set.without(other).len(), 4);
        assert!(set.intersects(&other) && !set.without(other).intersects(&other));
        assert_eq!(CellSet::<2>::first_cells(93).len(), 93);
        assert_eq!(CellSet::<1>::first_cells(64).len(), 64);
        assert!(CellSet::<1>::EMPTY.first().is_none() && CellSet::<1>::EMPTY.is_empty());
    }

    #[test]
    fn shifted_sets_move_their_cells_across_words() {
        let set: CellSet<4> = cells(&[0, 63, 64, 130, 255]).into_iter().collect();
        assert_eq!(set.shifted(1).iter().collect::<Vec<_>>(), cells(&[1, 64, 65, 131]));
        assert_eq!(set.shifted(-1).iter().collect::<Vec<_>>(), cells(&[62, 63, 129, 254]));
        assert_eq!(set.shifted(70).iter().collect::<Vec<_>>(), cells(&[70, 133, 134, 200]));
        assert_eq!(set.shifted(-64).iter().collect::<Vec<_>>(), cells(&[0, 66, 191]));
        assert_eq!(set.shifted(0), set);
        let one: CellSet<1> = cells(&[0, 9, 63]).into_iter().collect();
        assert_eq!(one.shifted(-9).iter().collect::<Vec<_>>(), cells(&[0, 54]));
        assert_eq!(one.shifted(8).iter().collect::<Vec<_>>(), cells(&[8, 17]));
    }

    #[test]
    fn stored_sets_read_back_at_their_width() {
        let mut sets = CellSets::from_sets(Width::W2, [cells(&[1, 100]), cells(&[]), cells(&[127])]);
        assert_eq!(sets.len(), 3);
        assert_eq!(sets.get::<2>(0).iter().collect::<Vec<_>>(), cells(&[1, 100]));
        assert!(sets.contains(2, CellId::new(127)) && !sets.contains(1, CellId::new(127)));
        sets.insert(1, CellId::new(70));
        sets.remove(0, CellId::new(1));
        assert_eq!(sets.cells(1).collect::<Vec<_>>(), cells(&[70]));
        assert_eq!(sets.cells(0).collect::<Vec<_>>(), cells(&[100]));
        assert!(!sets.is_empty_at(1) && CellSets::new(Width::W1, 2).is_empty_at(1));
    }

    #[test]
    fn the_width_macro_names_the_words() {
        let words = |w: Width| with_width!(w, N => CellSet::<N>::first_cells(N * 64).len());
        assert_eq!([Width::W1, Width::W2, Width::W4, Width::W16].map(words), [64, 128, 256, 1024]);
    }
}
