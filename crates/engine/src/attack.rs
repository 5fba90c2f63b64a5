//! Royal pieces and attacks. A cell is attacked by a player when one of that player's move
//! rules could capture there: the rules are read backwards from the cell (a slide's directions
//! reversed, a leap's offsets reversed), so there is no second description of each piece. Rules
//! that cannot be read backwards (hops, line counts, captures by enclosing) are asked by
//! generating the player's moves.
//!
//! No move may leave the mover's royal pieces attacked. What the tests of one position share is
//! found once ([`Legality`]: the royal pieces, whether one is attacked, the pieces that might be
//! pinned); then each pseudo-legal move is tested on a view of the position after it, without
//! making it. Only moves whose effects a view cannot show, and attacks that cannot be read
//! backwards, are made, on a scratch copy of the position that is reused.

use crate::game::{Game, Owner, Piece, Square};
use crate::moves::{Attack, Move, Seen, Sink};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::{Action, PieceTypeId, PlayerId, Ruleset};
use std::cell::RefCell;

/// A piece that attacks along a line: the piece and how far it reaches.
#[derive(Clone, Debug)]
struct Slider {
    piece: Piece,
    min: u32,
    max: u32,
    /// It lands only on cells in this region (set 0) exactly when it stands in it.
    stay: Option<CellSets>,
    /// It moves only from these cells (set 0).
    from: Option<CellSets>,
}

/// The pieces that attack along one line, read backwards from the attacked cell.
#[derive(Clone, Debug)]
struct Line {
    /// The direction walked from the attacked cell.
    walk: DirId,
    /// The direction the attacker moves in (the opposite of `walk`).
    dir: DirId,
    sliders: Vec<Slider>,
    /// The farthest any of them reaches.
    reach: u32,
    /// Whether cell indices rise along the rays walked, when both directions have an order
    /// ([`crate::game::Rays`]): the nearest piece is then found in the ray's set at once.
    order: Option<bool>,
    /// When every slider of the line is plain (from any cell, no region to stay in, reaching
    /// one cell or without limit): per piece byte, `NEAR` if it attacks from the next cell,
    /// `FAR` too if from any distance. The nearest piece then answers by one look-up.
    kinds: Option<Box<[u8; 256]>>,
}

const NEAR: u8 = 1;
const FAR: u8 = 2;

impl Line {
    fn find_kinds(&mut self) {
        let plain = |s: &Slider| s.min <= 1 && (s.max == 1 || s.max == u32::MAX) && s.stay.is_none() && s.from.is_none();
        if !self.sliders.iter().all(plain) {
            return;
        }
        let mut kinds = Box::new([0u8; 256]);
        for s in &self.sliders {
            kinds[Some(s.piece).code()] |= if s.max == 1 { NEAR } else { NEAR | FAR };
        }
        self.kinds = Some(kinds);
    }
}

/// How one player's pieces attack.
#[derive(Clone, Debug, Default)]
struct AttackRules {
    lines: Vec<Line>,
    /// Per leaping piece: per cell, the cells it could leap onto that cell from (set `cell`),
    /// met with the piece's own cells in one step.
    leaps: Vec<(Piece, CellSets)>,
    /// Some capturing rule cannot be read backwards: attacks are found by generating moves.
    general: bool,
}

/// The royal pieces of a game and the attack rules of both players.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// Per player: its royal pieces.
    royal: [Vec<Piece>; 2],
    by: [AttackRules; 2],
    /// On a board with blocked steps, `flanks[attacked * cells + c]`: the cells beside the
    /// lines through `c` along which an enemy piece attacks (from afar, or by one step such as
    /// a horse's), where a piece blocks a step of the line within its reach. Such a piece is
    /// treated as pinned: moving it away may open the line.
    flanks: Option<CellSets>,
}

impl Attacks {
    pub(crate) fn compile(rules: &Ruleset, compiled: &[crate::moves::Rule], width: Width) -> Option<Attacks> {
        let castles = rules.moves.iter().any(|m| matches!(m.action, Action::Castle(_)));
        let royal: [Vec<Piece>; 2] = PlayerId::BOTH.map(|p| {
            rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, t)| t.royal)
                .map(|(i, _)| Piece::new(PieceTypeId::new(i), Owner::Player(p)))
                .collect()
        });
        if royal[0].is_empty() && !castles {
            return None;
        }
        let board = &rules.board;
        let n = board.len();
        let by = PlayerId::BOTH.map(|side| {
            let mut out = AttackRules::default();
            let one = |cells: &CellSets| CellSets::from_sets(width, [cells.cells(side.index()).collect::<Vec<_>>()]);
            for rule in compiled {
                let from = rule.from.as_ref().map(one);
                let piece = rule.moving[side.index()];
                match rule.kind.attack(side) {
                    Attack::None => {}
                    Attack::General => out.general = true,
                    Attack::Lines { dirs, min, max, stay } => {
                        let stay = stay.map(one);
                        for &d in dirs {
                            let Some(back) = board.opposite(d) else {
                                out.general = true;
                                continue;
                            };
                            let slider = Slider { piece, min, max, stay: stay.clone(), from: from.clone() };
                            match out.lines.iter_mut().find(|line| line.walk == back) {
                                Some(line) => {
                                    line.reach = line.reach.max(max);
                                    line.sliders.push(slider);
                                }
                                None => {
                                    let order = crate::game::ray_order(board, d).and(crate::game::ray_order(board, back));
                                    out.lines.push(Line { walk: back, dir: d, sliders: vec![slider], reach: max, order, kinds: None });
                                }
                            }
                        }
                    }
                    Attack::Leaps(targets) => {
                        let mut sources = vec![Vec::new(); n];
                        for (src, reached) in targets.iter().enumerate() {
                            if from.as_ref().is_some_and(|f| !f.contains(0, CellId::new(src))) {
                                continue;
                            }
                            for t in reached {
                                sources[t.index()].push(CellId::new(src));
                            }
                        }
                        out.leaps.push((piece, CellSets::from_sets(width, sources)));
                    }
                }
                if rule.effects.removes() {
                    out.general = true;
                }
            }
            out.lines.iter_mut().for_each(Line::find_kinds);
            out
        });
        let flanks = board.has_blocked_steps().then(|| {
            CellSets::from_sets(
                width,
                [0usize, 1].iter().flat_map(|&attacked| {
                    let lines = &by[1 - attacked].lines;
                    board.all_cells().map(move |k| {
                        let mut cells = Vec::new();
                        for line in lines {
                            let mut c = board.step(k, line.walk);
                            let mut dist = 0;
                            while c != NO_CELL && dist < line.reach {
                                cells.extend_from_slice(board.blockers(c, line.dir));
                                c = board.step(c, line.walk);
                                dist += 1;
                            }
                        }
                        cells
                    })
                }),
            )
        });
        Some(Attacks { royal, by, flanks })
    }
}

/// A position seen after some cells change (a move not yet made).
struct View<'a, const W: usize> {
    pos: &'a Position,
    changes: &'a [(CellId, Option<Piece>)],
    occupied: CellSet<W>,
    /// The cells `changes` names.
    changed: CellSet<W>,
}

impl<'a, const W: usize> View<'a, W> {
    #[inline(always)]
    fn new(pos: &'a Position, changes: &'a [(CellId, Option<Piece>)]) -> View<'a, W> {
        let mut occupied = pos.occupied_set::<W>();
        let mut changed = CellSet::EMPTY;
        for &(c, held) in changes {
            changed.insert(c);
            if held.is_some() {
                occupied.insert(c);
            } else {
                occupied.remove(c);
            }
        }
        View { pos, changes, occupied, changed }
    }

    #[inline(always)]
    fn at(&self, cell: CellId) -> Option<Piece> {
        for &(c, held) in self.changes {
            if c == cell {
                return held;
            }
        }
        self.pos.cells[cell.index()]
    }
}

/// What the legality tests of one position share, found once: the mover's royal pieces, whether
/// one of them is attacked, and the pieces that might be pinned.
pub(crate) struct Legality<const W: usize> {
    royals: [CellId; 8],
    count: usize,
    /// When no royal piece is attacked: the mover's pieces that are not royal and cannot be
    /// pinned to one (not among a superset of the pins). A plain move of one of them
    /// ([`crate::moves::Rule::views_plain`]) is legal. Empty when one is attacked.
    free: CellSet<W>,
    /// Attacks that cannot be read backwards, or more royal pieces than `royals` holds: each
    /// move is made and the replies asked.
    by_making: bool,
}

impl<const W: usize> Legality<W> {
    fn royals(&self) -> &[CellId] {
        &self.royals[..self.count]
    }
}

// Scratch positions, reused: a test that must make a move makes it on a copy of the position,
// and copying into an old copy allocates nothing. A pool, because such tests nest (a move made,
// its replies generated, one of them made).
thread_local! {
    static SCRATCH: RefCell<Vec<Position>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on a scratch copy of `pos` (without its history).
pub(crate) fn with_scratch<R>(pos: &Position, f: impl FnOnce(&mut Position) -> R) -> R {
    let mut scratch = SCRATCH.with(|s| s.borrow_mut().pop()).unwrap_or_else(|| pos.clone());
    scratch.copy_state_from(pos);
    let result = f(&mut scratch);
    SCRATCH.with(|s| s.borrow_mut().push(scratch));
    result
}

/// A sink that asks whether a move captures on `cell`, and stops at the first that does.
struct CapturesOn(CellId, bool);

impl Sink for CapturesOn {
    #[inline(always)]
    fn push(&mut self, m: Move) -> bool {
        self.1 = (m.take_to && m.to == self.0) || m.captures.contains(self.0);
        !self.1
    }
}

impl Game {
    /// Would `piece`, standing on `cell`, be attacked by `by` in this position? (`piece` is the
    /// one there, or one that would cross the cell, such as a castling piece.)
    pub(crate) fn attacked<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        match &self.attacks {
            Some(a) if a.by[by.index()].general => self.attacked_by_generating::<W>(pos, cell, by, piece),
            Some(_) => self.attacked_in(&View::<W>::new(pos, &[]), cell, by),
            None => false,
        }
    }

    /// Does a royal piece of `player` stand attacked?
    pub(crate) fn in_check(&self, pos: &Position, player: PlayerId) -> bool {
        hetproba_board::with_width!(self.width, W => self.in_check_w::<W>(pos, player))
    }

    pub(crate) fn in_check_w<const W: usize>(&self, pos: &Position, player: PlayerId) -> bool {
        let Some(a) = &self.attacks else { return false };
        a.royal[player.index()]
            .iter()
            .any(|&royal| self.pieces_of::<W>(pos, royal).any(|c| self.attacked::<W>(pos, c, player.other(), royal)))
    }

    /// A royal piece of the player who has just moved that stands attacked: a position no
    /// legal move leads to. (Where a player may pass, passing in check leads there: none.)
    pub(crate) fn exposed_royal(&self, pos: &Position) -> Option<CellId> {
        let a = self.attacks.as_ref()?;
        if self.turn.pass != hetproba_rules::model::PassRule::Never {
            return None;
        }
        let owner = pos.side.other();
        hetproba_board::with_width!(self.width, W => a.royal[owner.index()]
            .iter()
            .find_map(|&royal| self.pieces_of::<W>(pos, royal).find(|&c| self.attacked::<W>(pos, c, pos.side, royal))))
    }

    /// Reads the attack rules backwards from `cell` in `view`.
    fn attacked_in<const W: usize>(&self, view: &View<W>, cell: CellId, by: PlayerId) -> bool {
        let Some(a) = &self.attacks else { return false };
        let rules = &a.by[by.index()];
        for line in &rules.lines {
            if let (Some(kinds), Some(rising)) = (&line.kinds, line.order)
                && line.reach > 1
            {
                let Some(p) = self.rays.nearest(line.walk, cell, rising, view.occupied) else { continue };
                let k = kinds[view.at(p).code()];
                if k == NEAR | FAR || (k == NEAR && self.board().step(cell, line.walk) == p) {
                    return true;
                }
                continue;
            }
            // The nearest piece along the line, and how far it is.
            let (p, dist) = match line.order {
                Some(rising) if line.reach > 1 => {
                    let Some(p) = self.rays.nearest(line.walk, cell, rising, view.occupied) else { continue };
                    let dist = self.rays.ray::<W>(line.walk, cell).without(self.rays.ray(line.walk, p)).len();
                    if dist > line.reach {
                        continue;
                    }
                    (p, dist)
                }
                _ => match self.walk_to_piece(view, cell, line) {
                    Some(found) => found,
                    None => continue,
                },
            };
            let held = view.at(p);
            let hits = line.sliders.iter().any(|s| {
                Some(s.piece) == held
                    && dist >= s.min
                    && dist <= s.max
                    && s.stay.as_ref().is_none_or(|r| r.contains(0, p) == r.contains(0, cell))
                    && s.from.as_ref().is_none_or(|f| f.contains(0, p))
            });
            if hits {
                return true;
            }
        }
        // A source holds the piece if the position has it there and the view left it, or the
        // view put it there: only the changed cells need a closer look.
        rules.leaps.iter().any(|&(piece, ref sources)| {
            let near = sources.get::<W>(cell.index());
            let held = view.pos.piece_set::<W>(piece).without(view.changed);
            !(near & held).is_empty() || (near & view.changed).iter().any(|s| view.at(s) == Some(piece))
        })
    }

    /// The nearest piece from `cell` along a line, cell by cell, within the line's reach and
    /// before a step the board blocks; and how far it is.
    #[inline]
    fn walk_to_piece<const W: usize>(&self, view: &View<W>, cell: CellId, line: &Line) -> Option<(CellId, u32)> {
        let board = self.board();
        let mut c = cell;
        let mut dist = 0;
        while dist < line.reach {
            let p = board.step(c, line.walk);
            if p == NO_CELL {
                return None;
            }
            dist += 1;
            // The attacker's step from p towards the cell may be blocked by the board.
            if board.blockers(p, line.dir).iter().any(|&b| view.occupied.contains(b)) {
                return None;
            }
            if view.occupied.contains(p) {
                return Some((p, dist));
            }
            c = p;
        }
        None
    }

    /// The slow, sure way: does any move of `by` capture `piece` on `cell`? Moves only capture
    /// pieces, so an empty cell is asked on a copy with the piece standing there (a hop over it,
    /// an enclosure of it).
    fn attacked_by_generating<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        let mut sink = CapturesOn(cell, false);
        if pos.cells[cell.index()] == Some(piece) {
            self.generate_phase_but::<W>(pos, by, pos.phase, &mut sink, true);
            return sink.1;
        }
        with_scratch(pos, |there| {
            there.put(self, cell, Some(piece));
            self.generate_phase_but::<W>(there, by, there.phase, &mut sink, true);
            sink.1
        })
    }

    /// What the legality tests of `pos` share, or `None` when every move is legal (the mover
    /// has no royal piece on the board).
    #[inline]
    pub(crate) fn legality<const W: usize>(&self, pos: &Position) -> Option<Legality<W>> {
        let a = self.attacks.as_ref()?;
        let side = pos.side;
        // The royal pieces, on the stack: this runs at every node of a perft with royal pieces.
        let mut royals = [NO_CELL; 8];
        let mut count = 0;
        for &royal in &a.royal[side.index()] {
            for c in self.pieces_of::<W>(pos, royal) {
                if count < royals.len() {
                    royals[count] = c;
                }
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        let enemy = side.other();
        let by_making = a.by[enemy.index()].general || count > royals.len();
        let mut legality = Legality { royals, count: count.min(royals.len()), free: CellSet::EMPTY, by_making };
        if by_making {
            return Some(legality);
        }
        let view = View::<W>::new(pos, &[]);
        let in_check = legality.royals().iter().any(|&k| self.attacked_in(&view, k, enemy));
        if !in_check {
            let n = self.board().len();
            let exposed = legality.royals().iter().fold(CellSet::EMPTY, |m, &k| {
                let flanks = a.flanks.as_ref().map_or(CellSet::EMPTY, |f| f.get::<W>(side.index() * n + k.index()));
                let mut k_set = CellSet::EMPTY;
                k_set.insert(k);
                m | k_set | flanks | self.pinned::<W>(pos, &view, k, side)
            });
            legality.free = pos.player_set::<W>(side).without(exposed);
        }
        Some(legality)
    }

    /// Does `mv` leave the mover's royal pieces safe?
    #[inline]
    pub(crate) fn legal<const W: usize>(&self, pos: &Position, legality: &Legality<W>, mv: &Move) -> bool {
        if mv.is_pass() {
            return true;
        }
        let side = pos.side;
        if legality.by_making {
            return self.safe_after_making::<W>(pos, *mv, side);
        }
        let royals = legality.royals();
        let rule = &self.compiled[mv.rule.index()];
        if legality.free.contains(mv.from) && rule.views_plain() && mv.captures.is_empty() {
            return true;
        }
        let mut changes: [(CellId, Option<Piece>); 8] = [(NO_CELL, None); 8];
        let mut count = 0;
        match rule.kind.seen() {
            Seen::Own => {
                changes[..4].copy_from_slice(&rule.kind.changes(self, pos, mv));
                count = 4;
            }
            Seen::Piece => {
                if mv.from != NO_CELL {
                    changes[count] = (mv.from, None);
                    count += 1;
                }
                let arriving = match mv.promotion() {
                    Some(t) => Some(Piece::new(t, Owner::Player(side))),
                    None if mv.from != NO_CELL => pos.cells[mv.from.index()],
                    None => Some(rule.moving[side.index()]),
                };
                changes[count] = (mv.to, arriving);
                count += 1;
                let mut captured = mv.captures.iter();
                for c in captured.by_ref().take(changes.len() - count) {
                    changes[count] = (c, None);
                    count += 1;
                }
                if captured.next().is_some() || !rule.effects.is_empty() {
                    return self.safe_after_making::<W>(pos, *mv, side);
                }
            }
            Seen::Made => return self.safe_after_making::<W>(pos, *mv, side),
        }
        let view = View::<W>::new(pos, &changes[..count]);
        let enemy = side.other();
        royals.iter().all(|&k| {
            let k = if k == mv.from { mv.to } else { k };
            !self.attacked_in(&view, k, enemy)
        })
    }

    /// The pieces of `side` that stand first on a line from `k` with an enemy piece behind them
    /// that attacks along it from afar (ignoring its reach and regions: a superset of the pins).
    fn pinned<const W: usize>(&self, pos: &Position, view: &View<W>, k: CellId, side: PlayerId) -> CellSet<W> {
        let Some(a) = &self.attacks else { return CellSet::EMPTY };
        let board = self.board();
        let mut pinned = CellSet::EMPTY;
        for line in &a.by[side.other().index()].lines {
            if line.reach <= 1 {
                continue;
            }
            let next = |from: CellId| match line.order {
                Some(rising) => self.rays.nearest(line.walk, from, rising, view.occupied),
                None => {
                    let mut c = board.step(from, line.walk);
                    while c != NO_CELL && pos.cells[c.index()].is_none() {
                        c = board.step(c, line.walk);
                    }
                    (c != NO_CELL).then_some(c)
                }
            };
            let Some(mine) = next(k).filter(|&c| pos.cells[c.index()].of(side)) else { continue };
            if let Some(c) = next(mine)
                && line.sliders.iter().any(|s| Some(s.piece) == pos.cells[c.index()] && s.max > 1)
            {
                pinned.insert(mine);
            }
        }
        pinned
    }

    /// Makes the move on a scratch copy and asks whether the mover's royal pieces are safe.
    fn safe_after_making<const W: usize>(&self, pos: &Position, mv: Move, side: PlayerId) -> bool {
        with_scratch(pos, |scratch| {
            self.make(scratch, mv);
            !self.in_check_w::<W>(scratch, side)
        })
    }
}

/// A sink that passes on only the legal moves (and, with a tired piece, only its captures).
pub(crate) struct Legal<'a, const W: usize, S: Sink> {
    pub game: &'a Game,
    pub pos: &'a Position,
    pub legality: Option<Legality<W>>,
    pub tired: Option<CellId>,
    pub sink: &'a mut S,
}

impl<const W: usize, S: Sink> Sink for Legal<'_, W, S> {
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        if self.tired.is_some_and(|t| mv.from == t && !mv.is_capture()) {
            return true;
        }
        if let Some(l) = &self.legality {
            // The common case first, without the call: a plain move of a piece no pin can hold.
            // (`free` holds no `NO_CELL`: a placement is tested.)
            let free = l.free.contains(mv.from) && mv.captures.is_empty() && self.game.compiled[mv.rule.index()].views_plain();
            if !free && !self.game.legal(self.pos, l, &mv) {
                return true;
            }
        }
        self.sink.push(mv)
    }

    fn mark(&self) -> usize {
        self.sink.mark()
    }

    fn holds_since(&self, mark: usize, mv: &Move) -> bool {
        self.sink.holds_since(mark, mv)
    }
}
