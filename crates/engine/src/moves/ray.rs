//! Moves along a direction: `step` (one cell) and `slide` (any number of cells up to a limit,
//! or exactly as many as there are pieces on the line the move runs along), over empty cells
//! and, if the rule says so, over pieces.

use super::{Move, RuleId, Sink, lands};
use crate::game::{Game, Square, line_masks};
use crate::position::Position;
use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_rules::model::{DirSetId, Distance, Landing, Over, PlayerId, RegionId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Ray {
    /// Directions, per player.
    dirs: [Vec<DirId>; 2],
    to: Landing,
    /// Cells travelled at least, and at most (1 for a step).
    min: u32,
    max: Option<u32>,
    /// Per player: the move lands only on cells that are in this region exactly when its start
    /// is (a piece bound to one colour of cells).
    stay: Option<[Vec<bool>; 2]>,
    /// Pieces the move may pass over (none: only empty cells).
    over: Option<Over>,
    distance: Distance,
    /// On boards of at most 64 cells, for a step to an empty cell: per player, the cells one
    /// step away from each cell, as bits. A piece's steps are then `mask & empty`.
    steps: Option<[Vec<u64>; 2]>,
    /// For a line-count move on a board of at most 64 cells: `lines[dir][cell]`, the whole line
    /// through the cell along the direction (both ways, the cell included), as bits.
    lines: Vec<Vec<u64>>,
}

impl Ray {
    pub(crate) fn step(rules: &Ruleset, dirs: DirSetId, to: Landing) -> Ray {
        let set = &rules.direction_sets[dirs.index()].dirs;
        let plain = to == Landing::Empty && rules.board.len() <= 64 && !rules.board.has_blocked_steps();
        let steps = plain.then(|| [0, 1].map(|p| line_masks(&rules.board, &set[p], false)));
        Ray { dirs: set.clone(), to, min: 1, max: Some(1), stay: None, over: None, distance: Distance::Any, steps, lines: Vec::new() }
    }

    pub(crate) fn slide(
        rules: &Ruleset,
        dirs: DirSetId,
        to: Landing,
        (min, max): (u32, Option<u32>),
        over: Option<Over>,
        distance: Distance,
        stay: Option<RegionId>,
    ) -> Ray {
        let board = &rules.board;
        let lines = if distance == Distance::LineCount && board.len() <= 64 {
            board
                .all_directions()
                .map(|d| {
                    let mut both = vec![d];
                    both.extend(board.opposite(d));
                    line_masks(board, &both, true).into_iter().enumerate().map(|(c, m)| m | 1u64 << c).collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        let stay = stay.map(|r| rules.regions[r.index()].cells.clone());
        Ray { dirs: rules.direction_sets[dirs.index()].dirs.clone(), to, min, max, stay, over, distance, steps: None, lines }
    }

    pub(crate) fn generate(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r.index()];
        match &self.steps {
            Some(steps) if game.plain_emit(rule) && rule.from.is_none() => self.steps(game, pos, side, r, steps, sink),
            _ => self.rays(game, pos, side, r, sink),
        }
    }

    /// Steps to empty cells on a small board: one mask per piece.
    #[inline(always)]
    fn steps(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, steps: &[Vec<u64>; 2], sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r.index()];
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        let mut pieces = game.pieces_of(pos, mine);
        {
            let masks = &steps[side.index()];
            let empty = pos.bits[0];
            let promo = game.promotions[rule.piece.index()].as_ref();
            let promotes = promo.map_or(0, |p| p.bits[side.index()]);
            while let Some(c) = pieces.next(cells, mine) {
                let mut targets = masks[c.index()] & empty;
                while targets != 0 {
                    let t = CellId::lowest(targets);
                    targets &= targets - 1;
                    let mv = Move::new(r, c, t);
                    let more = match promo {
                        Some(p) if promotes & t.bit() != 0 => p.to.iter().all(|&to| sink.push(mv.promoting(to))),
                        _ => sink.push(mv),
                    };
                    if !more {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Every other move along directions: the general walk.
    #[inline(never)]
    fn rays(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = &game.compiled[r.index()];
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        let mut pieces = game.pieces_of(pos, mine);
        let board = game.board();
        let passable = |t: CellId| -> bool {
            let Some(piece) = cells[t.index()] else { return true };
            match self.over {
                None => false,
                Some(Over::Own) => piece.belongs_to(side),
                Some(Over::Enemy) => piece.belongs_to(side.other()),
                Some(Over::Any) => piece.belongs_to(side) || piece.belongs_to(side.other()),
                Some(Over::EnemyOf(types)) => piece.belongs_to(side.other()) && types.contains(piece.kind()),
            }
        };
        let stay = self.stay.as_ref().map(|s| &s[side.index()]);
        let emit = |c: CellId, t: CellId, sink: &mut _| {
            if stay.is_some_and(|s| s[t.index()] != s[c.index()]) {
                return true;
            }
            let target = cells[t.index()];
            if self.to == Landing::Passed {
                // En passant: onto an empty cell the last move passed over, taking its piece.
                let Some((passed, victim)) = pos.passed() else { return true };
                if target.is_some() || passed.bits() & t.bit128() == 0 || !cells[victim.index()].of(side.other()) {
                    return true;
                }
                let mv = Move { captures: super::CellBits::from_bits(victim.bit128()), ..Move::new(r, c, t) };
                return game.emit(rule, pos, side, mv, c, sink);
            }
            !lands(self.to, target, side) || game.emit(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, c, t) }, c, sink)
        };
        // A step between two cells is blocked when either holds a piece (declared by the board).
        let blocked = |k: CellId, d: DirId| board.blockers(k, d).iter().any(|&b| cells[b.index()].is_some());
        while let Some(c) = pieces.next(cells, mine) {
            if !rule.starts_on(side, c) {
                continue;
            }
            for &d in &self.dirs[side.index()] {
                if self.distance == Distance::LineCount {
                    // Exactly as far as there are pieces on the line, passing only over what
                    // the rule allows.
                    let count = self.line_count(game, pos, c, d);
                    let mut t = c;
                    let mut clear = true;
                    for step in 1..=count {
                        if blocked(t, d) {
                            clear = false;
                            break;
                        }
                        t = board.step(t, d);
                        if t == NO_CELL || (step < count && !passable(t)) {
                            clear = false;
                            break;
                        }
                    }
                    if clear && !emit(c, t, sink) {
                        return false;
                    }
                    continue;
                }
                let mut t = if blocked(c, d) { NO_CELL } else { board.step(c, d) };
                let mut dist = 1;
                while t != NO_CELL && self.max.is_none_or(|m| dist <= m) {
                    if dist >= self.min && !emit(c, t, sink) {
                        return false;
                    }
                    if !passable(t) || blocked(t, d) {
                        break;
                    }
                    t = board.step(t, d);
                    dist += 1;
                }
            }
        }
        true
    }

    /// Could a move of this rule by `side` have ended on `to`, passing over exactly `passed`,
    /// from an empty start? (Positions read from text name the passed cells, not the move.)
    pub(crate) fn could_pass(&self, game: &Game, pos: &Position, side: PlayerId, rule: &super::Rule, to: CellId, passed: u128) -> bool {
        let board = game.board();
        let over = passed.count_ones();
        self.dirs[side.index()].iter().any(|&d| {
            let Some(back) = board.opposite(d) else { return false };
            let mut c = to;
            let mut walked = 0u128;
            for _ in 0..over {
                c = board.step(c, back);
                if c == NO_CELL || !c.in_128() {
                    return false;
                }
                walked |= c.bit128();
            }
            let start = board.step(c, back);
            let dist = over + 1;
            walked == passed
                && start != NO_CELL
                && pos.cells[start.index()].is_none()
                && dist >= self.min
                && self.max.is_none_or(|m| dist <= m)
                && rule.starts_on(side, start)
                && self.stay.as_ref().is_none_or(|s| s[side.index()][start.index()] == s[side.index()][to.index()])
        })
    }

    /// The pieces on the whole line through `c` along `d` (both ways, `c` included).
    #[inline]
    fn line_count(&self, game: &Game, pos: &Position, c: CellId, d: DirId) -> u32 {
        if let Some(line) = self.lines.get(d.index()) {
            return (line[c.index()] & !pos.bits[0]).count_ones();
        }
        let board = game.board();
        let mut count = 1;
        for dir in std::iter::once(d).chain(board.opposite(d)) {
            let mut k = board.step(c, dir);
            while k != NO_CELL {
                count += u32::from(pos.cells[k.index()].is_some());
                k = board.step(k, dir);
            }
        }
        count
    }
}

/// The default notation of a move of a piece along the board (`step`, `slide`, `leap`): the
/// piece's letter if it has one, then `-`, or `x` when it lands on an enemy piece; then each
/// piece it captures otherwise (enclosed, or taken en passant) after an `x`.
pub(super) fn template(mv: &Move) -> &'static str {
    match (mv.take_to, mv.captures != super::CellBits::NONE) {
        (true, true) => "{letter}{from}x{to}x{removed:x}",
        (true, false) => "{letter}{from}x{to}",
        (false, true) => "{letter}{from}-{to}x{removed:x}",
        (false, false) => "{letter}{from}-{to}",
    }
}
