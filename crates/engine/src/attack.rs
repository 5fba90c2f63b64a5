//! Royal pieces and attacks. A cell is attacked by a player when one of that player's move
//! rules could capture there: the rules are read backwards from the cell (a slide's directions
//! reversed, a leap's offsets reversed), so there is no second description of each piece. Rules
//! that cannot be read backwards (hops, line counts, captures by enclosing) are asked by
//! generating the player's moves.
//!
//! No move may leave the mover's royal pieces attacked: `legal` tests each pseudo-legal move on
//! a view of the position after it, without making it.

use crate::game::{Game, Owner, Piece, Square};
use crate::moves::{Kind, Move};
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{Action, Distance, Landing, PieceTypeId, PlayerId, Ruleset};

/// A piece that attacks along a line: the piece and how far it reaches.
#[derive(Clone, Debug)]
struct Slider {
    piece: Piece,
    min: u32,
    max: u32,
    /// It lands only on cells in this region exactly when it stands in it.
    stay: Option<Vec<bool>>,
    /// It moves only from these cells.
    from: Option<Vec<bool>>,
}

/// How one player's pieces attack.
#[derive(Clone, Debug, Default)]
struct AttackRules {
    /// Per direction of the board, walked from the attacked cell: the direction the attacker
    /// moves in, and the pieces that attack along it.
    rays: Vec<(DirId, DirId, Vec<Slider>)>,
    /// Per leaping piece: per cell, the cells it could leap onto that cell from.
    leaps: Vec<(Piece, Vec<Vec<CellId>>)>,
    /// Some capturing rule cannot be read backwards: attacks are found by generating moves.
    general: bool,
}

/// The royal pieces of a game and the attack rules of both players.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// Per player: its royal pieces.
    royal: [Vec<Piece>; 2],
    by: [AttackRules; 2],
    /// On boards of at most 64 cells, per player attacked: per cell, the cells beside the lines
    /// through it along which an enemy piece attacks from afar, where a piece blocks a step of
    /// the line (a board with blocked steps). Such a piece is treated as pinned.
    flanks: Option<[Vec<u64>; 2]>,
}

impl Attacks {
    pub(crate) fn compile(rules: &Ruleset, compiled: &[crate::moves::Rule]) -> Option<Attacks> {
        let castles = rules.moves.iter().any(|m| matches!(m.action, Action::Castle { .. }));
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
            for (m, rule) in rules.moves.iter().zip(compiled) {
                let captures_by_landing = |to: Landing| matches!(to, Landing::Enemy | Landing::EmptyOrEnemy);
                let from = rule.from.as_ref().map(|f| f[side.index()].clone());
                let piece = rule.moving[side.index()];
                match &m.action {
                    Action::Step { dirs, to } | Action::Slide { dirs, to, .. } if captures_by_landing(*to) => {
                        let (min, max, stay) = match &m.action {
                            Action::Slide { over: Some(_), .. } | Action::Slide { distance: Distance::LineCount, .. } => {
                                out.general = true;
                                continue;
                            }
                            Action::Slide { min, max, stay, .. } => {
                                (*min, max.unwrap_or(u32::MAX), stay.map(|r| rules.regions[r.index()].cells[side.index()].clone()))
                            }
                            _ => (1, 1, None),
                        };
                        for &d in &rules.direction_sets[dirs.index()].dirs[side.index()] {
                            let Some(back) = board.opposite(d) else {
                                out.general = true;
                                continue;
                            };
                            let slider = Slider { piece, min, max, stay: stay.clone(), from: from.clone() };
                            match out.rays.iter_mut().find(|(walk, _, _)| *walk == back) {
                                Some((_, _, list)) => list.push(slider),
                                None => out.rays.push((back, d, vec![slider])),
                            }
                        }
                    }
                    Action::Leap { offsets, to } if captures_by_landing(*to) => {
                        let mut sources = vec![Vec::new(); n];
                        for (src, cell) in board.cells().iter().enumerate() {
                            if from.as_ref().is_some_and(|f| !f[src]) {
                                continue;
                            }
                            for (dx, dy) in offsets {
                                if let Some(t) = board.at(cell.x + dx, cell.y + dy) {
                                    sources[t.index()].push(CellId::new(src));
                                }
                            }
                        }
                        out.leaps.push((piece, sources));
                    }
                    Action::Hops(pattern) if pattern.captures() => out.general = true,
                    _ => {}
                }
                if rule.effects.removes() {
                    out.general = true;
                }
            }
            out
        });
        let flanks = (n <= 64).then(|| {
            [0usize, 1].map(|attacked| {
                board
                    .all_cells()
                    .map(|k| {
                        let mut mask = 0u64;
                        for (walk, dir, _) in by[1 - attacked].rays.iter().filter(|(_, _, list)| list.iter().any(|s| s.max > 1)) {
                            let mut c = board.step(k, *walk);
                            while c != NO_CELL {
                                mask |= board.blockers(c, *dir).iter().fold(0, |m, b| m | b.bit());
                                c = board.step(c, *walk);
                            }
                        }
                        mask
                    })
                    .collect()
            })
        });
        Some(Attacks { royal, by, flanks })
    }
}

/// A position seen after some cells change (a move not yet made).
struct View<'a> {
    pos: &'a Position,
    changes: &'a [(CellId, Option<Piece>)],
}

impl View<'_> {
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

impl Game {
    /// Would `piece`, standing on `cell`, be attacked by `by` in this position? (`piece` is the
    /// one there, or one that would cross the cell, such as a castling piece.)
    pub(crate) fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        match &self.attacks {
            Some(a) if a.by[by.index()].general => self.attacked_by_generating(pos, cell, by, piece),
            Some(_) => self.attacked_in(&View { pos, changes: &[] }, cell, by),
            None => false,
        }
    }

    /// Does a royal piece of `player` stand attacked?
    pub(crate) fn in_check(&self, pos: &Position, player: PlayerId) -> bool {
        let Some(a) = &self.attacks else { return false };
        a.royal[player.index()].iter().any(|&royal| {
            let mut pieces = self.pieces_of(pos, royal);
            std::iter::from_fn(|| pieces.next(&pos.cells, royal)).any(|c| self.attacked(pos, c, player.other(), royal))
        })
    }

    /// A royal piece of the player who has just moved that stands attacked: a position no
    /// legal move leads to. (Where a player may pass, passing in check leads there: none.)
    pub(crate) fn exposed_royal(&self, pos: &Position) -> Option<CellId> {
        let a = self.attacks.as_ref()?;
        if self.turn.pass != hetproba_rules::model::PassRule::Never {
            return None;
        }
        let owner = pos.side.other();
        a.royal[owner.index()].iter().find_map(|&royal| {
            let mut pieces = self.pieces_of(pos, royal);
            std::iter::from_fn(|| pieces.next(&pos.cells, royal)).find(|&c| self.attacked(pos, c, pos.side, royal))
        })
    }

    /// Reads the attack rules backwards from `cell` in `view`.
    fn attacked_in(&self, view: &View, cell: CellId, by: PlayerId) -> bool {
        let Some(a) = &self.attacks else { return false };
        let rules = &a.by[by.index()];
        let board = self.board();
        for (walk, dir, sliders) in &rules.rays {
            let reach = sliders.iter().map(|s| s.max).max().unwrap_or(0);
            let mut c = cell;
            let mut dist = 0;
            while dist < reach {
                let p = board.step(c, *walk);
                if p == NO_CELL {
                    break;
                }
                dist += 1;
                // The attacker's step from p towards the cell may be blocked by the board.
                if board.blockers(p, *dir).iter().any(|&b| view.at(b).is_some()) {
                    break;
                }
                let held = view.at(p);
                if held.is_some() {
                    let hits = sliders.iter().any(|s| {
                        Some(s.piece) == held
                            && dist >= s.min
                            && dist <= s.max
                            && s.stay.as_ref().is_none_or(|r| r[p.index()] == r[cell.index()])
                            && s.from.as_ref().is_none_or(|f| f[p.index()])
                    });
                    if hits {
                        return true;
                    }
                    break;
                }
                c = p;
            }
        }
        rules.leaps.iter().any(|(piece, sources)| sources[cell.index()].iter().any(|&s| view.at(s) == Some(*piece)))
    }

    /// The slow, sure way: does any move of `by` capture `piece` on `cell`? Moves only capture
    /// pieces, so an empty cell is asked on a copy with the piece standing there (a hop over it,
    /// an enclosure of it).
    fn attacked_by_generating(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        let mut moves = Vec::new();
        let captured =
            |moves: &[Move]| moves.iter().any(|m| (m.take_to && m.to == cell) || (cell.in_128() && m.captures.bits() & cell.bit128() != 0));
        if pos.cells[cell.index()] == Some(piece) {
            self.generate_phase_but(pos, by, pos.phase, &mut moves, true);
            return captured(&moves);
        }
        let mut there = pos.clone();
        there.put(self, cell, Some(piece));
        self.generate_phase_but(&there, by, there.phase, &mut moves, true);
        captured(&moves)
    }

    /// Drops the moves that would leave a royal piece of the mover attacked.
    pub(crate) fn keep_legal(&self, pos: &Position, out: &mut Vec<Move>) {
        let Some(a) = &self.attacks else { return };
        let side = pos.side;
        if a.royal[side.index()].is_empty() {
            return;
        }
        // The royal pieces, on the stack: this runs at every node of a chess perft.
        let mut found = [NO_CELL; 8];
        let mut count = 0;
        for &royal in &a.royal[side.index()] {
            let mut pieces = self.pieces_of(pos, royal);
            while let Some(c) = pieces.next(&pos.cells, royal) {
                if count < found.len() {
                    found[count] = c;
                }
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        let royals = &found[..count.min(found.len())];
        let enemy = side.other();
        if a.by[enemy.index()].general || count > found.len() {
            // Make each move and generate the replies.
            let mut scratch = pos.clone();
            out.retain(|&mv| {
                if mv.is_pass() {
                    return true;
                }
                self.make(&mut scratch, mv);
                let safe = !self.in_check(&scratch, side);
                scratch.unmake();
                safe
            });
            return;
        }
        let in_check = royals.iter().any(|&k| self.attacked_in(&View { pos, changes: &[] }, k, enemy));
        // The pieces that might be pinned to a royal piece; the others move freely when no
        // royal piece is attacked.
        let exposed: Option<u64> = match (&a.flanks, in_check) {
            (Some(flanks), false) => Some(royals.iter().fold(0, |m, &k| m | flanks[side.index()][k.index()] | self.pinned(pos, k, side))),
            _ => None,
        };
        out.retain(|mv| {
            if mv.is_pass() {
                return true;
            }
            let rule = &self.compiled[mv.rule.index()];
            let moves_royal = mv.from != NO_CELL && royals.contains(&mv.from);
            let plain = matches!(rule.kind, Kind::Ray(_) | Kind::Leap(_)) && mv.captures == crate::moves::CellBits::NONE;
            if plain && !moves_royal && exposed.is_some_and(|e| mv.from.in_64() && e & mv.from.bit() == 0) {
                return true;
            }
            let mut changes: [(CellId, Option<Piece>); 8] = [(NO_CELL, None); 8];
            let mut count = 0;
            match &rule.kind {
                Kind::Castle(k) => {
                    changes[..4].copy_from_slice(&k.changes(self, pos, mv));
                    count = 4;
                }
                Kind::Ray(_) | Kind::Leap(_) | Kind::Hops(_) | Kind::Place(_) | Kind::Roll(_) => {
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
                    let mut bits = mv.captures.bits();
                    while bits != 0 && count < changes.len() {
                        let c = CellId::lowest128(bits);
                        bits &= bits - 1;
                        changes[count] = (c, None);
                        count += 1;
                    }
                    if bits != 0 || !rule.effects.is_empty() {
                        return self.safe_after_making(pos, *mv, side);
                    }
                }
                Kind::Push(_) => return self.safe_after_making(pos, *mv, side),
            }
            let view = View { pos, changes: &changes[..count] };
            royals.iter().all(|&k| {
                let k = if k == mv.from { mv.to } else { k };
                !self.attacked_in(&view, k, enemy)
            })
        });
    }

    /// The pieces of `side` that stand first on a line from `k` with an enemy piece behind them
    /// that attacks along it from afar (ignoring its reach and regions: a superset of the pins).
    fn pinned(&self, pos: &Position, k: CellId, side: PlayerId) -> u64 {
        let Some(a) = &self.attacks else { return 0 };
        let board = self.board();
        let mut mask = 0;
        for (walk, _, sliders) in &a.by[side.other().index()].rays {
            if sliders.iter().all(|s| s.max <= 1) {
                continue;
            }
            let mut c = board.step(k, *walk);
            while c != NO_CELL && pos.cells[c.index()].is_none() {
                c = board.step(c, *walk);
            }
            if c == NO_CELL || !pos.cells[c.index()].of(side) {
                continue;
            }
            let mine = c;
            c = board.step(c, *walk);
            while c != NO_CELL && pos.cells[c.index()].is_none() {
                c = board.step(c, *walk);
            }
            if c != NO_CELL && sliders.iter().any(|s| Some(s.piece) == pos.cells[c.index()] && s.max > 1) {
                mask |= mine.bit();
            }
        }
        mask
    }

    /// Makes the move on a copy and asks whether the mover's royal pieces are safe.
    fn safe_after_making(&self, pos: &Position, mv: Move, side: PlayerId) -> bool {
        let mut scratch = pos.clone();
        self.make(&mut scratch, mv);
        !self.in_check(&scratch, side)
    }
}
