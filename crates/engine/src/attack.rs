//! Royal pieces and attacks. A cell is attacked by a player when one of that player's move
//! rules could capture there: the rules are read backwards from the cell (a slide's directions
//! reversed, a leap's offsets reversed), so there is no second description of each piece. Rules
//! that cannot be read backwards (hops, line counts, captures by enclosing) are asked by
//! generating the player's moves.
//!
//! [`Attacks`] holds the tables and reads them on a [`View`] (a position with some cells changed,
//! a move not yet made); `legal` uses them to refuse moves that leave a royal piece attacked.

use crate::moves::Compiled;
use crate::moves::kind::Attack;
use crate::piece::{Owner, Piece, Square};
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Rays, Width, ray_order};
use hetproba_rules::model::{Action, PieceTypeId, PieceTypeSet, PlayerId, Ruleset};

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
    /// Its captures explode: it attacks no cell whose blast would take its own royal piece.
    explodes: bool,
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
        let plain = |s: &Slider| s.min <= 1 && (s.max == 1 || s.max == u32::MAX) && s.stay.is_none() && s.from.is_none() && !s.explodes;
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

/// A piece that attacks along a line over screens (the cannon): the piece, how many pieces it
/// passes over, which may be screens, where it may land.
#[derive(Clone, Debug)]
struct Gunner {
    piece: Piece,
    screens: u32,
    /// The piece types that may be screens (`None`: any).
    screen: Option<PieceTypeSet>,
    stay: Option<CellSets>,
    from: Option<CellSets>,
}

/// The pieces that attack over screens along one line, read backwards from the attacked cell.
#[derive(Clone, Debug)]
struct ScreenLine {
    walk: DirId,
    dir: DirId,
    gunners: Vec<Gunner>,
    /// The most screens any of them passes over.
    most: u32,
    order: Option<bool>,
}

/// The most screens an attack over screens is read backwards for: more is found by generating.
const MAX_SCREENS: u32 = 6;

/// How one player's pieces attack.
#[derive(Clone, Debug, Default)]
struct AttackRules {
    lines: Vec<Line>,
    /// Lines along which pieces attack over screens.
    screens: Vec<ScreenLine>,
    /// Per leaping piece: per cell, the cells it could leap onto that cell from (set `cell`),
    /// met with the piece's own cells in one step; and whether its captures explode.
    leaps: Vec<(Piece, CellSets, bool)>,
    /// Captures that explode (`explode`): per cell, the cells a capture there blows up, and
    /// the types spared. A capture whose blast would take the player's own royal piece is no
    /// attack (atomic chess: kings side by side give no check).
    blast: Option<(CellSets, PieceTypeSet)>,
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
    pub(crate) fn compile(rules: &Ruleset, compiled: &[Compiled], width: Width) -> Option<Attacks> {
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
        // What attacks are asked about: royal pieces, and the pieces that castle.
        let targets: PieceTypeSet = rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(i, t)| t.royal || rules.moves.iter().any(|m| m.piece.index() == *i && matches!(m.action, Action::Castle(_))))
            .map(|(i, _)| PieceTypeId::new(i))
            .collect();
        // A capture limited to some types attacks those pieces if it may take every one of them,
        // none if it takes none of them; otherwise it is asked by generating.
        let reaches = |takes: Option<PieceTypeSet>| -> Option<bool> {
            match takes {
                None => Some(true),
                Some(t) if targets.iter().all(|p| t.contains(p)) => Some(true),
                Some(t) if targets.iter().all(|p| !t.contains(p)) => Some(false),
                Some(_) => None,
            }
        };
        let by = PlayerId::BOTH.map(|side| {
            let mut out = AttackRules::default();
            let one = |cells: &CellSets| CellSets::from_sets(width, [cells.cells(side.index()).collect::<Vec<_>>()]);
            for Compiled { rule, kind } in compiled {
                let from = rule.from.as_ref().map(one);
                let piece = rule.moving[side.index()];
                let explodes = match rule.effects.blast() {
                    Some((blast, spare)) => {
                        let own = CellSets::from_sets(width, (0..n).map(|c| blast.cells(side.index() * n + c).collect::<Vec<_>>()));
                        out.blast.get_or_insert((own, spare));
                        true
                    }
                    None => false,
                };
                // A rule with an `if` attacks only when it holds: asked by generating.
                let attack = if rule.conditional { Attack::General } else { kind.attack(side) };
                let takes = match &attack {
                    Attack::Lines { takes, .. } | Attack::Leaps(_, takes) | Attack::Screens { takes, .. } => *takes,
                    Attack::None | Attack::General => None,
                };
                match reaches(takes) {
                    Some(true) => {}
                    Some(false) => {
                        if rule.effects.removes() {
                            out.general = true;
                        }
                        continue;
                    }
                    None => {
                        out.general = true;
                        continue;
                    }
                }
                match attack {
                    Attack::None => {}
                    Attack::General => out.general = true,
                    Attack::Screens { dirs, screens, screen, stay, .. } => {
                        let stay = stay.map(one);
                        for &d in dirs {
                            let Some(back) = board.opposite(d).filter(|_| screens <= MAX_SCREENS) else {
                                out.general = true;
                                continue;
                            };
                            let gunner = Gunner { piece, screens, screen, stay: stay.clone(), from: from.clone() };
                            match out.screens.iter_mut().find(|line| line.walk == back) {
                                Some(line) => {
                                    line.most = line.most.max(screens);
                                    line.gunners.push(gunner);
                                }
                                None => {
                                    let order = ray_order(board, d).and(ray_order(board, back));
                                    out.screens.push(ScreenLine { walk: back, dir: d, gunners: vec![gunner], most: screens, order });
                                }
                            }
                        }
                    }
                    Attack::Lines { dirs, min, max, stay, .. } => {
                        let stay = stay.map(one);
                        for &d in dirs {
                            let Some(back) = board.opposite(d) else {
                                out.general = true;
                                continue;
                            };
                            let slider = Slider { piece, min, max, stay: stay.clone(), from: from.clone(), explodes };
                            match out.lines.iter_mut().find(|line| line.walk == back) {
                                Some(line) => {
                                    line.reach = line.reach.max(max);
                                    line.sliders.push(slider);
                                }
                                None => {
                                    let order = ray_order(board, d).and(ray_order(board, back));
                                    out.lines.push(Line { walk: back, dir: d, sliders: vec![slider], reach: max, order, kinds: None });
                                }
                            }
                        }
                    }
                    Attack::Leaps(leaps, _) => {
                        let mut sources = vec![Vec::new(); n];
                        for (src, reached) in leaps.iter().enumerate() {
                            if from.as_ref().is_some_and(|f| !f.contains(0, CellId::new(src))) {
                                continue;
                            }
                            for t in reached {
                                sources[t.index()].push(CellId::new(src));
                            }
                        }
                        out.leaps.push((piece, CellSets::from_sets(width, sources), explodes));
                    }
                }
                if rule.effects.attacks() {
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
                    let rules = &by[1 - attacked];
                    let walks =
                        rules.lines.iter().map(|l| (l.walk, l.dir, l.reach)).chain(rules.screens.iter().map(|l| (l.walk, l.dir, u32::MAX)));
                    let walks: Vec<(DirId, DirId, u32)> = walks.collect();
                    board.all_cells().map(move |k| {
                        let mut cells = Vec::new();
                        for &(walk, dir, reach) in &walks {
                            let mut c = board.step(k, walk);
                            let mut dist = 0;
                            while c != NO_CELL && dist < reach.min(board.len() as u32) {
                                cells.extend_from_slice(board.blockers(c, dir));
                                c = board.step(c, walk);
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
pub(crate) struct View<'a, const W: usize> {
    pos: &'a Position,
    changes: &'a [(CellId, Option<Piece>)],
    occupied: CellSet<W>,
    /// The cells `changes` names.
    changed: CellSet<W>,
}

impl<'a, const W: usize> View<'a, W> {
    #[inline(always)]
    pub(crate) fn new(pos: &'a Position, changes: &'a [(CellId, Option<Piece>)]) -> View<'a, W> {
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

impl Attacks {
    /// The royal pieces of `player`.
    #[inline(always)]
    pub(crate) fn royal(&self, player: PlayerId) -> &[Piece] {
        &self.royal[player.index()]
    }

    /// Are `by`'s attacks found by generating its moves (some capture cannot be read backwards)?
    #[inline(always)]
    pub(crate) fn general(&self, by: PlayerId) -> bool {
        self.by[by.index()].general
    }

    /// On a board with blocked steps: the cells beside the lines through `cell` along which
    /// `attacked`'s enemy attacks, where a piece blocks a step of the line (see `flanks`).
    #[inline(always)]
    pub(crate) fn flanks<const W: usize>(&self, attacked: PlayerId, cells: usize, cell: CellId) -> CellSet<W> {
        self.flanks.as_ref().map_or(CellSet::EMPTY, |f| f.get::<W>(attacked.index() * cells + cell.index()))
    }

    /// Reads the attack rules backwards from `cell` in `view`.
    pub(crate) fn attacked_in<const W: usize>(&self, board: &Board, rays: &Rays, view: &View<W>, cell: CellId, by: PlayerId) -> bool {
        let rules = &self.by[by.index()];
        // A capture on `cell` whose blast takes the attacker's own royal piece is no attack.
        let blasted = rules.blast.as_ref().is_some_and(|(blast, spare)| {
            blast
                .get::<W>(cell.index())
                .iter()
                .any(|c| view.at(c).is_some_and(|p| !spare.contains(p.kind()) && self.royal[by.index()].contains(&p)))
        });
        for line in &rules.lines {
            if let (Some(kinds), Some(rising)) = (&line.kinds, line.order)
                && line.reach > 1
            {
                let Some(p) = rays.nearest(line.walk, cell, rising, view.occupied) else { continue };
                let k = kinds[view.at(p).code()];
                if k == NEAR | FAR || (k == NEAR && board.step(cell, line.walk) == p) {
                    return true;
                }
                continue;
            }
            // The nearest piece along the line, and how far it is.
            let (p, dist) = match line.order {
                Some(rising) if line.reach > 1 => {
                    let Some(p) = rays.nearest(line.walk, cell, rising, view.occupied) else { continue };
                    let dist = rays.ray::<W>(line.walk, cell).without(rays.ray(line.walk, p)).len();
                    if dist > line.reach {
                        continue;
                    }
                    (p, dist)
                }
                _ => match walk_to_piece(board, view, cell, line) {
                    Some(found) => found,
                    None => continue,
                },
            };
            let held = view.at(p);
            let hits = line.sliders.iter().any(|s| {
                !(blasted && s.explodes)
                    && Some(s.piece) == held
                    && dist >= s.min
                    && dist <= s.max
                    && s.stay.as_ref().is_none_or(|r| r.contains(0, p) == r.contains(0, cell))
                    && s.from.as_ref().is_none_or(|f| f.contains(0, p))
            });
            if hits {
                return true;
            }
        }
        for line in &rules.screens {
            let mut met = [NO_CELL; MAX_SCREENS as usize + 1];
            let found = pieces_along(board, rays, view, cell, line.walk, line.dir, line.order, &mut met[..=line.most as usize]);
            let hits = line.gunners.iter().any(|g| {
                let n = g.screens as usize;
                n < found && {
                    let p = met[n];
                    view.at(p) == Some(g.piece)
                        && met[..n].iter().all(|&s| g.screen.is_none_or(|t| view.at(s).is_some_and(|q| t.contains(q.kind()))))
                        && g.stay.as_ref().is_none_or(|r| r.contains(0, p) == r.contains(0, cell))
                        && g.from.as_ref().is_none_or(|f| f.contains(0, p))
                }
            });
            if hits {
                return true;
            }
        }
        // A source holds the piece if the position has it there and the view left it, or the
        // view put it there: only the changed cells need a closer look.
        rules.leaps.iter().any(|&(piece, ref sources, explodes)| {
            if blasted && explodes {
                return false;
            }
            let near = sources.get::<W>(cell.index());
            let held = view.pos.piece_set::<W>(piece).without(view.changed);
            !(near & held).is_empty() || (near & view.changed).iter().any(|s| view.at(s) == Some(piece))
        })
    }

    /// The pieces of `side` that stand first on a line from `k` with an enemy piece behind them
    /// that attacks along it from afar (ignoring its reach and regions: a superset of the pins).
    pub(crate) fn pinned<const W: usize>(
        &self,
        board: &Board,
        rays: &Rays,
        pos: &Position,
        view: &View<W>,
        k: CellId,
        side: PlayerId,
    ) -> CellSet<W> {
        let mut pinned = CellSet::EMPTY;
        for line in &self.by[side.other().index()].lines {
            if line.reach <= 1 {
                continue;
            }
            let Some(mine) = line.nearest(board, rays, pos, view, k).filter(|&c| pos.cells[c.index()].of(side)) else { continue };
            if let Some(c) = line.nearest(board, rays, pos, view, mine)
                && line.sliders.iter().any(|s| Some(s.piece) == pos.cells[c.index()] && s.max > 1)
            {
                pinned.insert(mine);
            }
        }
        pinned
    }
}

impl Line {
    /// The first occupied cell from `from` (excluded) along the line's walk. A method, not a
    /// closure in [`Attacks::pinned`]: the closure stopped being inlined there, which cost
    /// a royal game's perft about 3% of its instructions (docs/speed.md).
    #[inline(always)]
    fn nearest<const W: usize>(&self, board: &Board, rays: &Rays, pos: &Position, view: &View<W>, from: CellId) -> Option<CellId> {
        match self.order {
            Some(rising) => rays.nearest(self.walk, from, rising, view.occupied),
            None => {
                let mut c = board.step(from, self.walk);
                while c != NO_CELL && pos.cells[c.index()].is_none() {
                    c = board.step(c, self.walk);
                }
                (c != NO_CELL).then_some(c)
            }
        }
    }
}

impl Attacks {
    /// Does `by` attack over screens?
    #[inline(always)]
    pub(crate) fn has_screens(&self, by: PlayerId) -> bool {
        !self.by[by.index()].screens.is_empty()
    }

    /// Over screens: the pieces of `side` among those between `k` and an enemy piece that
    /// attacks it along a line over one screen more than stand between (moving one away gives
    /// check), and whether some such line lacks one screen (a piece moving onto it gives check).
    pub(crate) fn screen_pins<const W: usize>(
        &self,
        board: &Board,
        rays: &Rays,
        view: &View<W>,
        k: CellId,
        side: PlayerId,
    ) -> (CellSet<W>, bool) {
        let mut pinned = CellSet::EMPTY;
        let mut open = false;
        for line in &self.by[side.other().index()].screens {
            let mut met = [NO_CELL; MAX_SCREENS as usize + 2];
            let found = pieces_along(board, rays, view, k, line.walk, line.dir, line.order, &mut met[..line.most as usize + 2]);
            for g in &line.gunners {
                let n = g.screens as usize;
                if n < found + 1 && n > 0 && view.at(met[n - 1]) == Some(g.piece) {
                    open = true;
                }
                if n + 1 < found && view.at(met[n + 1]) == Some(g.piece) {
                    for &c in &met[..=n] {
                        if view.at(c).is_some_and(|p| p.belongs_to(side)) {
                            pinned.insert(c);
                        }
                    }
                }
            }
        }
        (pinned, open)
    }
}

/// The first pieces from `cell` along `walk` in `view`, nearest first, into `out` (as many
/// as it holds), stopping at a step the board blocks (the attacker moves along `dir`): how
/// many were found.
#[inline]
#[allow(clippy::too_many_arguments)]
fn pieces_along<const W: usize>(
    board: &Board,
    rays: &Rays,
    view: &View<W>,
    cell: CellId,
    walk: DirId,
    dir: DirId,
    order: Option<bool>,
    out: &mut [CellId],
) -> usize {
    let mut found = 0;
    let mut c = cell;
    while found < out.len() {
        let next = match order {
            Some(rising) => rays.nearest(walk, c, rising, view.occupied),
            None => {
                let mut k = c;
                loop {
                    let p = board.step(k, walk);
                    if p == NO_CELL || board.blockers(p, dir).iter().any(|&b| view.occupied.contains(b)) {
                        break None;
                    }
                    if view.occupied.contains(p) {
                        break Some(p);
                    }
                    k = p;
                }
            }
        };
        let Some(p) = next else { break };
        out[found] = p;
        found += 1;
        c = p;
    }
    found
}

/// The nearest piece from `cell` along a line, cell by cell, within the line's reach and
/// before a step the board blocks; and how far it is.
#[inline]
fn walk_to_piece<const W: usize>(board: &Board, view: &View<W>, cell: CellId, line: &Line) -> Option<(CellId, u32)> {
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
