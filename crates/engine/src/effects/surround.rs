//! `surround`: an enemy piece next to the arriving piece, whose every neighbour is an own piece or
//! the board's edge, is captured; with `groups`, every enemy group next to it left without an
//! empty neighbour (Go), and then, with `suicide`, the mover's own group if it has none.

use crate::compile::Compile;
use crate::effects::kind::EffectKind;
use crate::piece::Square;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::effects as model;
use hetproba_rules::model::{PieceTypeSet, PlayerId, Ruleset};

/// A capture against the board: an enemy piece next to the arriving piece, on one of `cells`,
/// with only own pieces and the board's edge around it along `dirs`.
#[derive(Clone, Debug)]
pub(crate) struct Surround {
    dirs: [Vec<DirId>; 2],
    /// Per player: where a piece may be so taken (`None`: anywhere).
    cells: Option<[Vec<bool>; 2]>,
    /// Whole groups: per player, the cells next to each cell along `dirs`
    /// (`near[p * cells + c]`).
    groups: Option<CellSets>,
    /// With groups: the mover's own group without a liberty is captured (else the move is
    /// refused).
    suicide: bool,
    /// The enemy piece types taken singly (`None`: every type).
    takes: Option<PieceTypeSet>,
    /// Per player: empty cells that shut a piece in as an own piece would.
    hostile: Option<[Vec<bool>; 2]>,
}

/// The groups of `stones` (joined through `near`, a set per cell from `base` on), each with its
/// liberties (the cells of `empty` next to it), one at a time.
struct Groups<'a, const W: usize> {
    near: &'a CellSets,
    base: usize,
    left: CellSet<W>,
    stones: CellSet<W>,
    empty: CellSet<W>,
}

impl<'a, const W: usize> Groups<'a, W> {
    fn new(near: &'a CellSets, base: usize, stones: CellSet<W>, empty: CellSet<W>) -> Groups<'a, W> {
        Groups { near, base, left: stones, stones, empty }
    }
}

impl<const W: usize> Iterator for Groups<'_, W> {
    type Item = (CellSet<W>, CellSet<W>);

    fn next(&mut self) -> Option<(CellSet<W>, CellSet<W>)> {
        let first = self.left.pop_first()?;
        let mut group = CellSet::single(first);
        let mut ring = group;
        let mut all_around = CellSet::<W>::EMPTY;
        loop {
            let mut around = CellSet::<W>::EMPTY;
            for c in ring.iter() {
                around |= self.near.get::<W>(self.base + c.index());
            }
            all_around |= around;
            ring = (around & self.stones).without(group);
            if ring.is_empty() {
                break;
            }
            group |= ring;
        }
        self.left = self.left.without(group);
        Some((group, all_around & self.empty))
    }
}

impl Compile<model::Surround> for Surround {
    fn compile(s: &model::Surround, rules: &Ruleset, width: Width) -> Surround {
        let dirs = rules.direction_sets[s.dirs.index()].dirs.clone();
        let board = &rules.board;
        let groups = s.groups.then(|| {
            CellSets::from_sets(
                width,
                dirs.iter().flat_map(|d| board.all_cells().map(move |c| d.iter().map(move |&d| board.step(c, d)).filter(|&n| n != NO_CELL))),
            )
        });
        Surround {
            dirs,
            cells: s.region.map(|g| rules.regions[g.index()].cells.clone()),
            groups,
            suicide: s.suicide,
            takes: s.takes,
            hostile: s.hostile.map(|g| rules.regions[g.index()].cells.clone()),
        }
    }
}

impl EffectKind for Surround {
    fn removes(&self) -> bool {
        true
    }

    fn refuses(&self) -> bool {
        self.groups.is_some() && !self.suicide
    }

    /// With groups and no suicide, a piece may arrive only where its group keeps a liberty,
    /// or where it takes an enemy group (whose cells become its liberties).
    #[inline]
    fn allow<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> bool {
        let Some(near) = &self.groups else { return true };
        if self.suicide {
            return true;
        }
        let n = board.len();
        let around = near.get::<W>(side.index() * n + at.index());
        let mut empty = pos.empty_set::<W>();
        if vacated != NO_CELL {
            empty.insert(vacated);
        }
        empty.remove(at);
        if around.intersects(&empty) {
            return true;
        }
        let enemy = pos.player_set::<W>(side.other());
        for c in (around & enemy).iter() {
            if !self.has_liberty::<W>(near, n, side, c, enemy, empty) {
                return true;
            }
        }
        let mut own = pos.player_set::<W>(side);
        own.insert(at);
        self.has_liberty::<W>(near, n, side, at, own, empty)
    }

    #[inline]
    fn take<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, taken: &mut CellSet<W>) {
        match &self.groups {
            // Limits by type or hostile cells are compiled out where the rule has neither.
            None if self.takes.is_none() && self.hostile.is_none() => *taken |= self.taken::<W, false>(board, pos, side, at, vacated, *taken),
            None => *taken |= self.taken::<W, true>(board, pos, side, at, vacated, *taken),
            Some(near) => *taken |= self.taken_groups(board, near, pos, side, at, vacated, *taken),
        }
    }
}

impl Surround {
    /// The enemy pieces a piece of `side` arriving on `at` (leaving `vacated`) takes this way,
    /// as a set; `taken` are pieces the move takes anyway (their cells count as empty). `LIMITS`:
    /// the rule has `take=`/`spare=` or `hostile=`.
    fn taken<const W: usize, const LIMITS: bool>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        at: CellId,
        vacated: CellId,
        taken: CellSet<W>,
    ) -> CellSet<W> {
        let dirs = &self.dirs[side.index()];
        let mut out = CellSet::EMPTY;
        for &d in dirs {
            let c = board.step(at, d);
            if c == NO_CELL || c == vacated || !pos.cells[c.index()].of(side.other()) || taken.contains(c) {
                continue;
            }
            if self.cells.as_ref().is_some_and(|cells| !cells[side.index()][c.index()]) {
                continue;
            }
            if LIMITS && self.takes.is_some_and(|t| pos.cells[c.index()].is_some_and(|p| !t.contains(p.kind()))) {
                continue;
            }
            let hostile = if LIMITS { self.hostile.as_ref().map(|h| &h[side.index()]) } else { None };
            let shut = dirs.iter().all(|&e| {
                let n = board.step(c, e);
                n == NO_CELL
                    || n == at
                    || (n != vacated && !taken.contains(n) && pos.cells[n.index()].of(side))
                    || (LIMITS
                        && hostile.is_some_and(|h| h[n.index()] && (n == vacated || taken.contains(n) || pos.cells[n.index()].is_none())))
            });
            if shut {
                out.insert(c);
            }
        }
        out
    }

    /// The groups a piece of `side` arriving on `at` takes: each enemy group next to it with no
    /// empty neighbour but `at`; then, with suicide, its own group if that has none left.
    #[allow(clippy::too_many_arguments)]
    fn taken_groups<const W: usize>(
        &self,
        board: &Board,
        near: &CellSets,
        pos: &Position,
        side: PlayerId,
        at: CellId,
        vacated: CellId,
        taken: CellSet<W>,
    ) -> CellSet<W> {
        let n = board.len();
        let around = near.get::<W>(side.index() * n + at.index());
        let enemy = pos.player_set::<W>(side.other()).without(taken);
        let mut empty = pos.empty_set::<W>() | taken;
        if vacated != NO_CELL {
            empty.insert(vacated);
        }
        empty.remove(at);
        let mut out = CellSet::EMPTY;
        for c in (around & enemy).iter() {
            if out.contains(c) {
                continue;
            }
            if let Some(group) = self.dead_group::<W>(near, n, side, c, enemy, empty) {
                out |= group;
            }
        }
        if self.suicide && out.is_empty() {
            let mut own = pos.player_set::<W>(side).without(taken);
            own.insert(at);
            if let Some(group) = self.dead_group::<W>(near, n, side, at, own, empty) {
                out |= group;
            }
        }
        out
    }

    /// Does the group of `stones` through `from` have a cell of `empty` next to it?
    #[inline]
    fn has_liberty<const W: usize>(&self, near: &CellSets, n: usize, side: PlayerId, from: CellId, stones: CellSet<W>, empty: CellSet<W>) -> bool {
        self.dead_group::<W>(near, n, side, from, stones, empty).is_none()
    }

    /// The group of `stones` through `from`, when no cell of `empty` is next to it (it dies);
    /// `None` as soon as one is found. The group grows a ring of neighbours at a time.
    fn dead_group<const W: usize>(
        &self,
        near: &CellSets,
        n: usize,
        side: PlayerId,
        from: CellId,
        stones: CellSet<W>,
        empty: CellSet<W>,
    ) -> Option<CellSet<W>> {
        let base = side.index() * n;
        let mut group = CellSet::single(from);
        let mut ring = group;
        loop {
            let mut around = CellSet::EMPTY;
            for c in ring.iter() {
                around |= near.get::<W>(base + c.index());
            }
            if around.intersects(&empty) {
                return None;
            }
            ring = (around & stones).without(group);
            if ring.is_empty() {
                return Some(group);
            }
            group |= ring;
        }
    }

    /// Does it take whole groups (Go)?
    pub(crate) fn takes_groups(&self) -> bool {
        self.groups.is_some()
    }

    /// Every placement of a piece of `side` on a cell of `free`, with what it captures, for all
    /// cells at once: the groups of the position are found once (each with its liberties), so
    /// each cell is a few set tests. `each` takes the cell and its captures (false: stop).
    /// False if it stopped.
    pub(crate) fn placements<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        free: CellSet<W>,
        each: &mut impl FnMut(CellId, CellSet<W>) -> bool,
    ) -> bool {
        let Some(near) = &self.groups else { return true };
        let n = board.len();
        let base = side.index() * n;
        let empty = pos.empty_set::<W>();
        // The one liberty of each enemy group in atari: a piece there takes the group.
        let enemy = pos.player_set::<W>(side.other());
        let mut atari_cells = CellSet::<W>::EMPTY;
        for (_, libs) in Groups::<W>::new(near, base, enemy, empty) {
            if libs.len() == 1 {
                atari_cells |= libs;
            }
        }
        // The liberties of own groups that keep another one when a piece fills it.
        let own = pos.player_set::<W>(side);
        let mut safe = CellSet::<W>::EMPTY;
        for (_, libs) in Groups::<W>::new(near, base, own, empty) {
            if libs.len() >= 2 {
                safe |= libs;
            }
        }
        for c in free.iter() {
            let mut taken = CellSet::<W>::EMPTY;
            if atari_cells.contains(c) {
                let mut gone = empty;
                gone.remove(c);
                for e in (near.get::<W>(base + c.index()) & enemy).iter() {
                    if !taken.contains(e)
                        && let Some(group) = self.dead_group::<W>(near, n, side, e, enemy, gone)
                    {
                        taken |= group;
                    }
                }
            }
            let breathes = !taken.is_empty() || safe.contains(c) || near.get::<W>(base + c.index()).intersects(&empty);
            if !breathes {
                if !self.suicide {
                    continue;
                }
                // The own group through c, which has no liberty left: it is taken.
                let mut stones = own;
                stones.insert(c);
                let mut gone = empty;
                gone.remove(c);
                taken = self.dead_group::<W>(near, n, side, c, stones, gone).unwrap_or(CellSet::single(c));
            }
            if !each(c, taken) {
                return false;
            }
        }
        true
    }

    /// After a move of `side` whose piece arrived on `at` and took the one piece on `taken`:
    /// does its piece stand alone, `taken` its only empty neighbour (a ko)?
    pub(crate) fn leaves_ko(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, taken: CellId) -> bool {
        if self.groups.is_none() {
            return false;
        }
        self.dirs[side.index()].iter().all(|&d| {
            let c = board.step(at, d);
            c == NO_CELL || c == taken || pos.cells[c.index()].of(side.other())
        })
    }
}
