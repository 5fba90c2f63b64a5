//! `enclose` (and `flip`): an unbroken line of enemy pieces between the arriving piece and
//! another own piece (or an empty hostile cell), in the effect's directions (and of an exact
//! length, if the effect says so), turns to the mover's colour or is captured (custodian
//! capture). A capture may be optional: then every choice of the enclosed lines to take is its
//! own move. On boards of one word the common flip is found and made a word at a time
//! ([`Fast`]).

use crate::effects::kind::{Choices, EffectKind};
use crate::piece::Square;
use hetproba_board::line_masks;
use crate::compile::Compile;
use crate::hash::Keys;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::effects::{self as model, Enclosed};
use hetproba_rules::model::{PieceTypeSet, PlayerId, Ruleset};

/// One enclosure effect.
#[derive(Clone, Debug)]
pub(crate) struct Enclose {
    /// Directions, per player.
    dirs: [Vec<DirId>; 2],
    outcome: Enclosed,
    /// Only lines of exactly this many pieces count.
    len: Option<u32>,
    /// The move is legal only if at least this many pieces are enclosed.
    min: u32,
    /// Each enclosed line may be taken or left.
    optional: bool,
    /// Per player: empty cells that close a line as an own piece would.
    hostile: Option<[Vec<bool>; 2]>,
    /// The enemy piece types enclosed (`None`: every type); another enemy piece ends a line.
    takes: Option<PieceTypeSet>,
    /// No exact length, hostile cells or types: a new piece's test can take the lean path.
    plain: bool,
}

impl Compile<model::Enclose> for Enclose {
    fn compile(e: &model::Enclose, rules: &Ruleset, _width: Width) -> Enclose {
        Enclose {
            dirs: rules.direction_sets[e.dirs.index()].dirs.clone(),
            outcome: e.outcome,
            len: e.len,
            min: e.min,
            optional: e.optional,
            hostile: e.hostile.map(|g| rules.regions[g.index()].cells.clone()),
            takes: e.takes,
            plain: e.len.is_none() && e.hostile.is_none() && e.takes.is_none(),
        }
    }
}

impl EffectKind for Enclose {
    fn removes(&self) -> bool {
        self.outcome == Enclosed::Remove
    }

    fn choices_lines(&self) -> bool {
        self.outcome == Enclosed::Remove && self.optional
    }

    fn refuses(&self) -> bool {
        self.min > 0
    }

    /// At least `min` pieces enclosed.
    #[inline]
    fn allow<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> bool {
        if self.min == 0 {
            return true;
        }
        let mut total = 0;
        let plain = vacated == NO_CELL && self.plain;
        for &d in &self.dirs[side.index()] {
            // A new piece and lines of any length: the common case, kept lean.
            total += if plain { closed_run(board, pos, side, at, d) } else { self.enclosed(board, pos, side, at, d, vacated) };
            if total >= self.min {
                break;
            }
        }
        total >= self.min
    }

    #[inline]
    fn take<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, taken: &mut CellSet<W>) {
        if self.outcome == Enclosed::Remove && !self.optional {
            for &d in &self.dirs[side.index()] {
                *taken |= self.run(board, pos, side, at, d, vacated);
            }
        }
    }

    fn choices<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Choices<W>) {
        if self.outcome == Enclosed::Remove && self.optional {
            for &d in &self.dirs[side.index()] {
                out.add(self.run(board, pos, side, at, d, vacated));
            }
        }
    }

    fn make(&self, board: &Board, keys: &Keys, pos: &mut Position, side: PlayerId, at: CellId, _captured: bool) {
        if self.outcome != Enclosed::Flip {
            return;
        }
        for &d in &self.dirs[side.index()] {
            let count = self.enclosed(board, pos, side, at, d, NO_CELL);
            let mut k = at;
            for _ in 0..count {
                k = board.step(k, d);
                let turned = pos.cells[k.index()].map(|p| p.turned_to(side));
                pos.set(keys, k, turned);
            }
        }
    }

    fn turned(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Vec<CellId>) {
        if self.outcome != Enclosed::Flip {
            return;
        }
        for &d in &self.dirs[side.index()] {
            let count = self.enclosed(board, pos, side, at, d, vacated);
            let mut k = at;
            for _ in 0..count {
                k = board.step(k, d);
                out.push(k);
            }
        }
    }
}

/// What the enclosures of a rule allow to be found for all cells, or made, at once: the cells
/// next to each cell, the flood of arrivals, the turning of a board of one word.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fast {
    /// When an effect needs at least one piece: `near[p * cells + c]`, player `p`'s cells one
    /// step away from `c` along the effects' directions. A piece can only enclose next to an
    /// enemy piece, so other cells are skipped at once.
    pub near: Option<CellSets>,
    /// The cells where a new piece encloses, for all cells at once, when that is the only
    /// test (one effect needs a piece, lines of any length) and every direction of it moves by
    /// a fixed index offset ([`hetproba_board::dir_offset`]).
    pub flood: Option<Flood>,
    /// The turning of a move made a word at a time, when the board is one word wide and the
    /// only effect turns enclosed lines of any length along directions of fixed offsets.
    pub turn: Option<TurnWord>,
}

impl Fast {
    /// `list`: the rule's enclosures; `alone`: they are its only effects.
    pub(crate) fn compile(rules: &Ruleset, list: &[Enclose], alone: bool, width: Width) -> Fast {
        let near = list.iter().any(|e| e.min > 0).then(|| {
            let masks = [0, 1].map(|player| {
                let dirs: Vec<DirId> = list.iter().flat_map(|e| e.dirs[player].iter().copied()).collect();
                line_masks(width, &rules.board, &dirs, false)
            });
            CellSets::from_sets(width, masks.iter().flat_map(|m| (0..m.len()).map(move |c| m.cells(c).collect::<Vec<_>>())))
        });
        let mut needing = list.iter().filter(|e| e.min > 0);
        let flood = match (needing.next(), needing.next()) {
            (Some(e), None) if e.min == 1 && e.len.is_none() && e.hostile.is_none() && e.takes.is_none() => Flood::compile(rules, &e.dirs, width),
            _ => None,
        };
        let turn = match list {
            [e] if alone => TurnWord::compile(rules, e, width),
            _ => None,
        };
        Fast { near, flood, turn }
    }
}

/// Directions as steps of a board of one word, per player. A cell with a step moves by the
/// direction's offset within the board, so the rotation moves exactly the cells of the mask to
/// their neighbours.
#[derive(Clone, Debug)]
pub(crate) struct WordSteps {
    dirs: [Vec<WordStep>; 2],
}

/// One direction's step: a rotation of the word by the direction's offset (modulo 64), and the
/// cells that have a step along it.
#[derive(Clone, Copy, Debug)]
struct WordStep {
    rot: u32,
    from: u64,
}

impl WordStep {
    /// The cells of `set` one step along.
    #[inline(always)]
    fn ahead(self, set: u64) -> u64 {
        (set & self.from).rotate_left(self.rot)
    }

    /// The cells whose step along lands in `set`.
    #[inline(always)]
    fn behind(self, set: u64) -> u64 {
        set.rotate_right(self.rot) & self.from
    }
}

impl WordSteps {
    /// `None` unless the board is one word and every direction moves by a fixed offset.
    fn compile(rules: &Ruleset, dirs: &[Vec<DirId>; 2], width: Width) -> Option<WordSteps> {
        let board = &rules.board;
        if width != Width::W1 {
            return None;
        }
        let mut out = [Vec::new(), Vec::new()];
        for (p, list) in dirs.iter().enumerate() {
            for &d in list {
                let offset = hetproba_board::dir_offset(board, d)?;
                let from = board.all_cells().filter(|&c| board.step(c, d) != NO_CELL).fold(0u64, |m, c| m | 1 << c.index());
                out[p].push(WordStep { rot: offset.rem_euclid(64) as u32, from });
            }
        }
        Some(WordSteps { dirs: out })
    }
}

/// Enclosed lines found and turned on a board of one word, by the word's steps.
#[derive(Clone, Debug)]
pub(crate) struct TurnWord {
    steps: WordSteps,
}

impl TurnWord {
    fn compile(rules: &Ruleset, e: &Enclose, width: Width) -> Option<TurnWord> {
        if e.outcome != Enclosed::Flip || e.len.is_some() || e.hostile.is_some() || e.takes.is_some() {
            return None;
        }
        Some(TurnWord { steps: WordSteps::compile(rules, &e.dirs, width)? })
    }

    /// The cells a piece of `side` just arrived on `at` turns: the unbroken lines of `enemy`
    /// pieces from it closed by an `own` piece.
    #[inline(always)]
    pub(crate) fn turned(&self, side: PlayerId, at: CellId, own: u64, enemy: u64) -> u64 {
        let mut out = 0;
        for &d in &self.steps.dirs[side.index()] {
            let mut k = d.ahead(1 << at.index());
            let mut run = 0;
            while k & enemy != 0 {
                run |= k;
                k = d.ahead(k);
            }
            if k & own != 0 {
                out |= run;
            }
        }
        out
    }
}

/// An enclosure's test as a flood along each direction: per player, each direction's offset
/// and the set (in `from`) of the cells that have a step along it.
#[derive(Clone, Debug)]
pub(crate) struct Flood {
    dirs: [Vec<(i32, usize)>; 2],
    from: CellSets,
    cells: usize,
    /// On a board of one word: the same directions as the word's steps ([`Flood::word`]).
    pub word: Option<WordSteps>,
}

impl Flood {
    fn compile(rules: &Ruleset, dirs: &[Vec<DirId>; 2], width: Width) -> Option<Flood> {
        let board = &rules.board;
        let mut from = Vec::new();
        let mut per_player = [Vec::new(), Vec::new()];
        for (p, list) in dirs.iter().enumerate() {
            for &d in list {
                let offset = hetproba_board::dir_offset(board, d)?;
                per_player[p].push((offset, from.len()));
                from.push(board.all_cells().filter(|&c| board.step(c, d) != NO_CELL).collect::<Vec<_>>());
            }
        }
        let word = WordSteps::compile(rules, dirs, width);
        Some(Flood { dirs: per_player, from: CellSets::from_sets(width, from), cells: board.len(), word })
    }

    /// [`Flood::arrivals`] on a board of one word: per direction, the enemy pieces next to an
    /// own piece, then one step further back at a time the empty cells (arrivals) and the enemy
    /// pieces (the line goes on) there, until no line goes on.
    #[inline(always)]
    pub(crate) fn word_arrivals(steps: &WordSteps, side: PlayerId, own: u64, enemy: u64, empty: u64) -> u64 {
        let mut out = 0;
        for &d in &steps.dirs[side.index()] {
            // The far end of the enemy lines closed by an own piece, one step further each time.
            let mut end = d.behind(own) & enemy;
            while end != 0 {
                let next = d.behind(end);
                out |= next & empty;
                end = next & enemy;
            }
        }
        out
    }

    /// The empty cells from which, along some direction, an unbroken line of `enemy` pieces is
    /// closed by an `own` piece.
    #[inline]
    pub(crate) fn arrivals<const W: usize>(&self, side: PlayerId, own: CellSet<W>, enemy: CellSet<W>, empty: CellSet<W>) -> CellSet<W> {
        let mut out = CellSet::EMPTY;
        for &(offset, row) in &self.dirs[side.index()] {
            let from = self.from.get::<W>(row);
            // The cells whose step along the direction lands in `set`.
            let back = |set: CellSet<W>| set.shifted(-offset) & from;
            let mut run = back(own) & enemy;
            for _ in 0..self.cells {
                let longer = run | (back(run) & enemy);
                if longer == run {
                    break;
                }
                run = longer;
            }
            out |= back(run) & empty;
        }
        out
    }
}

/// The unbroken line of enemy pieces from `at` along `d`: how many, and the cell after it.
#[inline(always)]
fn enemy_run(board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId) -> (u32, CellId) {
    let enemy = side.other();
    run_of(board, pos, at, d, |p| p.of(enemy))
}

/// [`enemy_run`] of the enemy pieces of `takes` only: another piece ends the line (and, being
/// no own piece, does not close it).
#[inline(always)]
fn typed_run(board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId, takes: PieceTypeSet) -> (u32, CellId) {
    let enemy = side.other();
    run_of(board, pos, at, d, |p| p.is_some_and(|p| p.belongs_to(enemy) && takes.contains(p.kind())))
}

/// The unbroken line of cells from `at` along `d` whose contents satisfy `holds`: how many, and
/// the cell after it.
#[inline(always)]
fn run_of(board: &Board, pos: &Position, at: CellId, d: DirId, holds: impl Fn(Option<crate::piece::Piece>) -> bool) -> (u32, CellId) {
    let table = board.table(d);
    let mut k = table[at.index()];
    let mut count = 0;
    while k != NO_CELL && holds(pos.cells[k.index()]) {
        count += 1;
        k = table[k.index()];
    }
    (count, k)
}

/// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own piece.
#[inline(always)]
fn closed_run(board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId) -> u32 {
    let (count, k) = enemy_run(board, pos, side, at, d);
    if count > 0 && k != NO_CELL && pos.cells[k.index()].of(side) { count } else { 0 }
}

impl Enclose {
    /// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own
    /// piece (`vacated` counts as empty: the cell the arriving piece left), if the line has the
    /// length this effect wants; otherwise 0.
    #[inline(always)]
    fn enclosed(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId, vacated: CellId) -> u32 {
        // Lines of some types only go out of line: the common case keeps its loop as it was.
        if let Some(takes) = self.takes {
            return self.enclosed_of(board, pos, side, at, d, vacated, takes);
        }
        let (count, k) = enemy_run(board, pos, side, at, d);
        self.closed(pos, side, count, k, vacated)
    }

    /// [`Enclose::enclosed`] of the enemy pieces of `takes` only.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn enclosed_of(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId, vacated: CellId, takes: PieceTypeSet) -> u32 {
        let (count, k) = typed_run(board, pos, side, at, d, takes);
        self.closed(pos, side, count, k, vacated)
    }

    /// A run of `count` enemy pieces ending before `k`: its length if `k` closes it (an own
    /// piece, or an empty hostile cell) and the length is the one wanted; otherwise 0.
    #[inline(always)]
    fn closed(&self, pos: &Position, side: PlayerId, count: u32, k: CellId, vacated: CellId) -> u32 {
        // No run (most directions) first: the tests of the closing cell come after.
        if count == 0 || k == NO_CELL {
            return 0;
        }
        let closer = pos.cells[k.index()];
        let closed = if k != vacated && closer.is_some() {
            closer.of(side)
        } else {
            // An empty cell closes the line only where it is hostile.
            self.hostile.as_ref().is_some_and(|h| h[side.index()][k.index()])
        };
        if closed && self.len.is_none_or(|l| l == count) { count } else { 0 }
    }

    /// The cells [`Enclose::enclosed`] counts.
    #[inline(always)]
    fn run<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, d: DirId, vacated: CellId) -> CellSet<W> {
        let mut run = CellSet::EMPTY;
        let mut k = at;
        for _ in 0..self.enclosed(board, pos, side, at, d, vacated) {
            k = board.step(k, d);
            run.insert(k);
        }
        run
    }
}

