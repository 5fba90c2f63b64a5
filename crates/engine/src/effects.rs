//! Effects that follow a move's action. Enclosure: an unbroken line of enemy pieces between the
//! arriving piece and another own piece (or an empty hostile cell), in the effect's directions
//! (and of an exact length, if the effect says so), turns to the mover's colour (a flip)
//! or is captured (custodian capture). A capture may be optional: then every choice of the
//! enclosed lines to take is its own move. Surrounding: an enemy piece next to the arriving piece
//! whose every neighbour is an own piece or the board's edge is captured. Conversion: the enemy
//! pieces next to the arriving piece turn.

use crate::game::{Game, Square, line_masks};
use crate::moves::{CellBits, Move};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::{Effect, Enclosed, PlayerId, Ruleset};

/// One enclosure effect.
#[derive(Clone, Debug)]
struct Enclose {
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
}

/// A capture against the board: an enemy piece next to the arriving piece, on one of `cells`,
/// with only own pieces and the board's edge around it along `dirs`.
#[derive(Clone, Debug)]
struct Surround {
    dirs: [Vec<DirId>; 2],
    /// Per player: where a piece may be so taken (`None`: anywhere).
    cells: Option<[Vec<bool>; 2]>,
}

/// The effects of one move rule.
#[derive(Clone, Debug, Default)]
pub(crate) struct Effects {
    list: Vec<Enclose>,
    surround: Vec<Surround>,
    /// Per effect and player: the directions along which neighbouring enemy pieces turn.
    convert: Vec<[Vec<DirId>; 2]>,
    /// True if an effect captures: the move's captured cells are decided at generation.
    removes: bool,
    /// True if an effect captures lines that may each be taken or left.
    choices: bool,
    /// When an effect needs at least one piece: `near[p * cells + c]`, player `p`'s cells one
    /// step away from `c` along the effects' directions. A piece can only enclose next to an
    /// enemy piece, so other cells are skipped at once.
    near: Option<CellSets>,
    /// The cells where a new piece encloses, for all cells at once, when that is the only
    /// test (one effect needs a piece, lines of any length) and every direction of it moves by
    /// a fixed index offset ([`crate::game::dir_offset`]).
    flood: Option<Flood>,
    /// The turning of a move made a word at a time, when the board is one word wide and the
    /// only effect turns enclosed lines of any length along directions of fixed offsets.
    turn: Option<TurnWord>,
}

/// Directions as steps of a board of one word, per player. A cell with a step moves by the
/// direction's offset within the board, so the rotation moves exactly the cells of the mask to
/// their neighbours.
#[derive(Clone, Debug)]
struct WordSteps {
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
                let offset = crate::game::dir_offset(board, d)?;
                let from = board.all_cells().filter(|&c| board.step(c, d) != NO_CELL).fold(0u64, |m, c| m | 1 << c.index());
                out[p].push(WordStep { rot: offset.rem_euclid(64) as u32, from });
            }
        }
        Some(WordSteps { dirs: out })
    }
}

/// Enclosed lines found and turned on a board of one word, by the word's steps.
#[derive(Clone, Debug)]
struct TurnWord {
    steps: WordSteps,
}

impl TurnWord {
    fn compile(rules: &Ruleset, e: &Enclose, width: Width) -> Option<TurnWord> {
        if e.outcome != Enclosed::Flip || e.len.is_some() || e.hostile.is_some() {
            return None;
        }
        Some(TurnWord { steps: WordSteps::compile(rules, &e.dirs, width)? })
    }

    /// The cells a piece of `side` just arrived on `at` turns: the unbroken lines of `enemy`
    /// pieces from it closed by an `own` piece.
    #[inline(always)]
    fn turned(&self, side: PlayerId, at: CellId, own: u64, enemy: u64) -> u64 {
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
struct Flood {
    dirs: [Vec<(i32, usize)>; 2],
    from: CellSets,
    cells: usize,
    /// On a board of one word: the same directions as the word's steps ([`Flood::word`]).
    word: Option<WordSteps>,
}

impl Flood {
    fn compile(rules: &Ruleset, dirs: &[Vec<DirId>; 2], width: Width) -> Option<Flood> {
        let board = &rules.board;
        let mut from = Vec::new();
        let mut per_player = [Vec::new(), Vec::new()];
        for (p, list) in dirs.iter().enumerate() {
            for &d in list {
                let offset = crate::game::dir_offset(board, d)?;
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
    fn word_arrivals(steps: &WordSteps, side: PlayerId, own: u64, enemy: u64, empty: u64) -> u64 {
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
    fn arrivals<const W: usize>(&self, side: PlayerId, own: CellSet<W>, enemy: CellSet<W>, empty: CellSet<W>) -> CellSet<W> {
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

/// The most enclosed lines one move may choose among (the loader allows no more directions).
const MAX_CHOICES: usize = 16;

impl Effects {
    pub(crate) fn compile(rules: &Ruleset, effects: &[Effect], width: Width) -> Effects {
        let dirs_of = |d: &hetproba_rules::model::DirSetId| rules.direction_sets[d.index()].dirs.clone();
        let cells_of = |g: &Option<hetproba_rules::model::RegionId>| g.map(|g| rules.regions[g.index()].cells.clone());
        let list: Vec<Enclose> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Enclose { dirs, outcome, len, min, optional, hostile } => Some(Enclose {
                    dirs: dirs_of(dirs),
                    outcome: *outcome,
                    len: *len,
                    min: *min,
                    optional: *optional,
                    hostile: cells_of(hostile),
                }),
                _ => None,
            })
            .collect();
        let surround: Vec<Surround> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Surround { dirs, region } => Some(Surround { dirs: dirs_of(dirs), cells: cells_of(region) }),
                _ => None,
            })
            .collect();
        let convert: Vec<[Vec<DirId>; 2]> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Convert { dirs } => Some(dirs_of(dirs)),
                _ => None,
            })
            .collect();
        let near = list.iter().any(|e| e.min > 0).then(|| {
            let masks = [0, 1].map(|player| {
                let dirs: Vec<DirId> = list.iter().flat_map(|e| e.dirs[player].iter().copied()).collect();
                line_masks(width, &rules.board, &dirs, false)
            });
            CellSets::from_sets(width, masks.iter().flat_map(|m| (0..m.len()).map(move |c| m.cells(c).collect::<Vec<_>>())))
        });
        let removes = effects.iter().any(Effect::captures);
        let choices = list.iter().any(|e| e.outcome == Enclosed::Remove && e.optional);
        let mut needing = list.iter().filter(|e| e.min > 0);
        let flood = match (needing.next(), needing.next()) {
            (Some(e), None) if e.min == 1 && e.len.is_none() && e.hostile.is_none() => Flood::compile(rules, &e.dirs, width),
            _ => None,
        };
        let turn = match list.as_slice() {
            [e] if surround.is_empty() && convert.is_empty() => TurnWord::compile(rules, e, width),
            _ => None,
        };
        Effects { list, surround, convert, removes, choices, near, flood, turn }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.list.is_empty() && self.surround.is_empty() && self.convert.is_empty()
    }

    /// The cells where a new piece of `side` passes the effects' tests, for all cells at once,
    /// if they can be found so (see [`Flood`]).
    #[inline(always)]
    pub(crate) fn arrivals<const W: usize>(&self, pos: &Position, side: PlayerId) -> Option<CellSet<W>> {
        let flood = self.flood.as_ref()?;
        if W == 1
            && let Some(steps) = &flood.word
        {
            let word = |set: CellSet<1>| set.words()[0];
            let (own, enemy, empty) = (word(pos.player_set(side)), word(pos.player_set(side.other())), word(pos.empty_set()));
            return Some(CellSet::from_words(&[Flood::word_arrivals(steps, side, own, enemy, empty)]));
        }
        Some(flood.arrivals(side, pos.player_set(side), pos.player_set(side.other()), pos.empty_set()))
    }

    /// The cells next to each cell along the effects' directions (`near[p * cells + c]`, for
    /// player `p`), when every arrival must enclose something.
    #[inline(always)]
    pub(crate) fn near(&self) -> Option<&CellSets> {
        self.near.as_ref()
    }

    /// Do the effects allow a piece of `side` arriving on `at` (leaving `vacated`, or
    /// `NO_CELL` for a new piece)?
    #[inline]
    pub(crate) fn allow(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> bool {
        for e in &self.list {
            if e.min == 0 {
                continue;
            }
            let mut total = 0;
            let plain = vacated == NO_CELL && e.len.is_none() && e.hostile.is_none();
            for &d in &e.dirs[side.index()] {
                // A new piece and lines of any length: the common case, kept lean.
                total += if plain { closed_run(game, pos, side, at, d) } else { e.enclosed(game, pos, side, at, d, vacated) };
                if total >= e.min {
                    break;
                }
            }
            if total < e.min {
                return false;
            }
        }
        true
    }

    /// True if an effect captures (the captured cells are decided when the move is generated).
    #[inline(always)]
    pub(crate) fn removes(&self) -> bool {
        self.removes
    }

    /// Passes `mv` on as the effects make it: not at all if they forbid it; with the cells they
    /// capture added to its captures, once per choice when captures are optional. `vacated` is
    /// the cell the moving piece leaves (`NO_CELL` for a new piece). Returns false if `push`
    /// asked to stop.
    #[inline]
    pub(crate) fn emit<const W: usize>(
        &self,
        game: &Game,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        if self.is_empty() {
            return push(mv);
        }
        if !self.allow(game, pos, side, mv.to, vacated) {
            return true;
        }
        if !self.removes {
            return push(mv);
        }
        self.emit_taking::<W>(game, pos, side, mv, vacated, push)
    }

    /// [`Effects::emit`] of effects that capture, with sets of the game's width.
    #[inline]
    fn emit_taking<const W: usize>(
        &self,
        game: &Game,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut taken: CellSet<W> = mv.captures.to_set();
        for e in self.list.iter().filter(|e| e.outcome == Enclosed::Remove && !e.optional) {
            for &d in &e.dirs[side.index()] {
                taken |= e.run(game, pos, side, mv.to, d, vacated);
            }
        }
        for s in &self.surround {
            taken |= s.taken(game, pos, side, mv.to, vacated, taken);
        }
        if !self.choices {
            return push(Move { captures: CellBits::from_set(taken), ..mv });
        }
        self.emit_choices(game, pos, side, mv, vacated, taken, push)
    }

    /// Passes `mv` on once per choice of the optional lines, each with `taken` and the lines
    /// chosen, the choice of none first.
    #[allow(clippy::too_many_arguments)]
    fn emit_choices<const W: usize>(
        &self,
        game: &Game,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        taken: CellSet<W>,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut choices = [CellSet::<W>::EMPTY; MAX_CHOICES];
        let mut count = 0;
        for e in self.list.iter().filter(|e| e.outcome == Enclosed::Remove && e.optional) {
            for &d in &e.dirs[side.index()] {
                let run = e.run(game, pos, side, mv.to, d, vacated);
                if !run.is_empty() && count < MAX_CHOICES && !choices[..count].contains(&run) {
                    choices[count] = run;
                    count += 1;
                }
            }
        }
        for subset in 0..1u32 << count {
            let mut captures = taken;
            for (i, run) in choices[..count].iter().enumerate() {
                if subset & (1 << i) != 0 {
                    captures |= *run;
                }
            }
            if !push(Move { captures: CellBits::from_set(captures), ..mv }) {
                return false;
            }
        }
        true
    }

    /// Applies the effects of a piece of `side` that has arrived on `at` (captures were made
    /// with the move; turning is done here).
    pub(crate) fn make(&self, game: &Game, pos: &mut Position, side: PlayerId, at: CellId) {
        if let Some(turn) = &self.turn {
            let own = pos.player_set::<1>(side).words()[0];
            let enemy = pos.player_set::<1>(side.other()).words()[0];
            let cells = turn.turned(side, at, own, enemy);
            if cells != 0 {
                pos.turn_word(game, cells, side);
            }
            return;
        }
        for e in self.list.iter().filter(|e| e.outcome == Enclosed::Flip) {
            for &d in &e.dirs[side.index()] {
                let count = e.enclosed(game, pos, side, at, d, NO_CELL);
                let mut k = at;
                for _ in 0..count {
                    k = game.board().step(k, d);
                    let turned = pos.cells[k.index()].map(|p| p.turned_to(side));
                    pos.set(game, k, turned);
                }
            }
        }
        for dirs in &self.convert {
            for &d in &dirs[side.index()] {
                let k = game.board().step(at, d);
                if k != NO_CELL && pos.cells[k.index()].of(side.other()) {
                    let turned = pos.cells[k.index()].map(|p| p.turned_to(side));
                    pos.set(game, k, turned);
                }
            }
        }
    }

    /// The cells the effects would turn for a piece of `side` arriving on `at` (leaving
    /// `vacated`, or `NO_CELL` for a new piece).
    pub(crate) fn turned(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> Vec<CellId> {
        let mut out = Vec::new();
        for e in self.list.iter().filter(|e| e.outcome == Enclosed::Flip) {
            for &d in &e.dirs[side.index()] {
                let count = e.enclosed(game, pos, side, at, d, vacated);
                let mut k = at;
                for _ in 0..count {
                    k = game.board().step(k, d);
                    out.push(k);
                }
            }
        }
        for dirs in &self.convert {
            for &d in &dirs[side.index()] {
                let k = game.board().step(at, d);
                if k != NO_CELL && k != vacated && pos.cells[k.index()].of(side.other()) && !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out.sort();
        out
    }
}

/// The unbroken line of enemy pieces from `at` along `d`: how many, and the cell after it.
#[inline(always)]
fn enemy_run(game: &Game, pos: &Position, side: PlayerId, at: CellId, d: DirId) -> (u32, CellId) {
    let table = game.board().table(d);
    let enemy = side.other();
    let mut k = table[at.index()];
    let mut count = 0;
    while k != NO_CELL && pos.cells[k.index()].of(enemy) {
        count += 1;
        k = table[k.index()];
    }
    (count, k)
}

/// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own piece.
#[inline(always)]
fn closed_run(game: &Game, pos: &Position, side: PlayerId, at: CellId, d: DirId) -> u32 {
    let (count, k) = enemy_run(game, pos, side, at, d);
    if count > 0 && k != NO_CELL && pos.cells[k.index()].of(side) { count } else { 0 }
}

impl Enclose {
    /// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own
    /// piece (`vacated` counts as empty: the cell the arriving piece left), if the line has the
    /// length this effect wants; otherwise 0.
    #[inline(always)]
    fn enclosed(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId, d: DirId, vacated: CellId) -> u32 {
        let (count, k) = enemy_run(game, pos, side, at, d);
        let empty = k == vacated || (k != NO_CELL && pos.cells[k.index()].is_none());
        let hostile = empty && k != NO_CELL && self.hostile.as_ref().is_some_and(|h| h[side.index()][k.index()]);
        let closed = count > 0 && k != NO_CELL && ((k != vacated && pos.cells[k.index()].of(side)) || hostile);
        if closed && self.len.is_none_or(|l| l == count) { count } else { 0 }
    }

    /// The cells [`Enclose::enclosed`] counts.
    #[inline(always)]
    fn run<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, at: CellId, d: DirId, vacated: CellId) -> CellSet<W> {
        let mut run = CellSet::EMPTY;
        let mut k = at;
        for _ in 0..self.enclosed(game, pos, side, at, d, vacated) {
            k = game.board().step(k, d);
            run.insert(k);
        }
        run
    }
}

impl Surround {
    /// The enemy pieces a piece of `side` arriving on `at` (leaving `vacated`) takes this way,
    /// as a set; `taken` are pieces the move takes anyway (their cells count as empty).
    fn taken<const W: usize>(
        &self,
        game: &Game,
        pos: &Position,
        side: PlayerId,
        at: CellId,
        vacated: CellId,
        taken: CellSet<W>,
    ) -> CellSet<W> {
        let board = game.board();
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
            let shut = dirs.iter().all(|&e| {
                let n = board.step(c, e);
                n == NO_CELL || n == at || (n != vacated && !taken.contains(n) && pos.cells[n.index()].of(side))
            });
            if shut {
                out.insert(c);
            }
        }
        out
    }
}
