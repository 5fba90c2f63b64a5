//! Move generation and making moves: one loop per primitive, reading the dense tables.

use crate::game::{Code, EMPTY, Game, code, owner_tag, piece_type, tag};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Action, Landing, Over, PassRule, PlayerId};

/// A move: which rule, the cells and direction it uses, what it captures and what it promotes
/// to. `Copy` and fixed-size, so move lists are flat arrays with no allocation per move. Two
/// chains with the same start, end, captured set and promotion are one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cells captured by hopping over them (hops need boards of at most 128 cells).
    pub captures: CellBits,
    /// The move also captures the piece on `to` by landing on it.
    pub take_to: bool,
    /// Index into the ruleset's moves; [`Move::PASS`] has `PASS_RULE`.
    pub rule: u8,
    /// The push direction, or `NO_DIR`.
    pub dir: u8,
    /// The piece type it becomes, plus one; 0: no promotion.
    pub promote: u8,
    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    pub from: CellId,
    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    pub to: CellId,
}

/// A set of up to 128 cells, as two words: a `u128` field would align the whole move to 16
/// bytes and make it a third larger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellBits([u64; 2]);

impl CellBits {
    pub const NONE: CellBits = CellBits([0, 0]);

    #[inline(always)]
    pub fn from_bits(bits: u128) -> CellBits {
        CellBits([bits as u64, (bits >> 64) as u64])
    }

    #[inline(always)]
    pub fn bits(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }
}

pub const PASS_RULE: u8 = u8::MAX;
pub const NO_DIR: u8 = u8::MAX;

impl Move {
    pub const PASS: Move =
        Move { captures: CellBits::NONE, take_to: false, rule: PASS_RULE, dir: NO_DIR, promote: 0, from: NO_CELL, to: NO_CELL };

    pub fn is_pass(&self) -> bool {
        self.rule == PASS_RULE
    }

    /// Does it capture anything?
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.captures != CellBits::NONE || self.take_to
    }

    /// How many pieces it captures.
    #[inline(always)]
    pub fn capture_count(&self) -> u32 {
        self.captures.0[0].count_ones() + self.captures.0[1].count_ones() + u32::from(self.take_to)
    }

    /// The captured cells: those hopped over in cell order, then `to` if landed on.
    pub fn captured_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        let mut bits = self.captures.bits();
        let mut landing = self.take_to;
        std::iter::from_fn(move || {
            if bits != 0 {
                let c = bits.trailing_zeros() as CellId;
                bits &= bits - 1;
                Some(c)
            } else if landing {
                landing = false;
                Some(self.to)
            } else {
                None
            }
        })
    }

    /// The piece type it promotes to.
    pub fn promotion(&self) -> Option<u8> {
        self.promote.checked_sub(1)
    }
}

/// The cells of one piece kind, visited in cell order.
enum Cells {
    /// Exactly these cells.
    Exact(u64),
    /// These cells, where the piece kind must still be checked.
    Bits(u64),
    Scan(usize),
}

impl Cells {
    #[inline(always)]
    fn next(&mut self, cells: &[Code], piece: Code) -> Option<CellId> {
        match self {
            Cells::Exact(bits) => {
                if *bits == 0 {
                    return None;
                }
                let c = bits.trailing_zeros() as CellId;
                *bits &= *bits - 1;
                Some(c)
            }
            Cells::Bits(bits) => {
                while *bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    *bits &= *bits - 1;
                    if cells[c] == piece {
                        return Some(c as CellId);
                    }
                }
                None
            }
            Cells::Scan(i) => {
                while *i < cells.len() {
                    let c = *i;
                    *i += 1;
                    if cells[c] == piece {
                        return Some(c as CellId);
                    }
                }
                None
            }
        }
    }
}

/// Where generated moves go: a list, a counter, or a check that stops at the first move.
pub(crate) trait Sink {
    /// Takes a move; returns false to stop generating.
    fn push(&mut self, mv: Move) -> bool;

    /// How many moves it holds (a sink that keeps none says 0).
    fn mark(&self) -> usize {
        0
    }

    /// Does it already hold `mv` among the moves pushed since `mark`? (Chains that reach the
    /// same move by another path are pushed once.)
    fn holds_since(&self, _mark: usize, _mv: &Move) -> bool {
        false
    }
}

impl Sink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        true
    }

    fn mark(&self) -> usize {
        self.len()
    }

    fn holds_since(&self, mark: usize, mv: &Move) -> bool {
        self[mark..].contains(mv)
    }
}

/// Stops at the first move.
pub(crate) struct AnyMove(pub bool);

impl Sink for AnyMove {
    #[inline(always)]
    fn push(&mut self, _: Move) -> bool {
        self.0 = true;
        false
    }
}

impl Game {
    /// The legal moves of a position, in generation order. Empty when the game is over.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.has_static_ends && self.static_end(pos).is_some() {
            return;
        }
        self.generate_phase(pos, pos.side, pos.phase, out);
        let turn = &self.rules.turn;
        if turn.compulsory_capture && out.iter().any(Move::is_capture) {
            out.retain(Move::is_capture);
            if turn.majority {
                let most = out.iter().map(Move::capture_count).max().unwrap_or(0);
                out.retain(|m| m.capture_count() == most);
            }
        } else if turn.majority && !turn.compulsory_capture {
            let most = out.iter().filter(|m| m.is_capture()).map(Move::capture_count).max().unwrap_or(0);
            out.retain(|m| !m.is_capture() || m.capture_count() == most);
        }
        match self.rules.turn.pass {
            PassRule::Never => {}
            PassRule::Always => out.push(Move::PASS),
            PassRule::WhenStuck => {
                if out.is_empty() && self.opponent_could_move(pos) {
                    out.push(Move::PASS);
                }
            }
        }
        // End rules that mention no-moves may still hold through their other tests.
        if self.has_dynamic_ends && self.dynamic_end(pos, !out.is_empty()) {
            out.clear();
        }
    }

    /// The legal moves as a new list.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate(pos, &mut out);
        out
    }

    /// True if the position has a legal move (cheaper than listing them).
    pub fn has_moves(&self, pos: &Position) -> bool {
        if self.has_static_ends && self.static_end(pos).is_some() {
            return false;
        }
        let any = self.has_raw_moves(pos);
        any && !(self.has_dynamic_ends && self.dynamic_end(pos, any))
    }

    /// True if the side to move has a move, passing included, ignoring end conditions.
    pub(crate) fn has_raw_moves(&self, pos: &Position) -> bool {
        let mut any = AnyMove(false);
        self.generate_phase(pos, pos.side, pos.phase, &mut any);
        any.0
            || match self.rules.turn.pass {
                PassRule::Never => false,
                PassRule::Always => true,
                PassRule::WhenStuck => self.opponent_could_move(pos),
            }
    }

    /// Would the opponent have a move if the side to move passed?
    fn opponent_could_move(&self, pos: &Position) -> bool {
        let phase = self.phase_after_ply(pos);
        let mut any = AnyMove(false);
        self.generate_phase(pos, pos.side ^ 1, phase, &mut any);
        any.0
    }

    fn phase_after_ply(&self, pos: &Position) -> u8 {
        match self.rules.phases[pos.phase as usize].plies {
            Some(limit) if pos.phase_ply + 1 >= limit => pos.phase + 1,
            _ => pos.phase,
        }
    }

    /// Generates the moves of `side` under the rules of `phase`. Returns false if the sink stopped.
    pub(crate) fn generate_phase(&self, pos: &Position, side: PlayerId, phase: u8, sink: &mut impl Sink) -> bool {
        for &rule in &self.rules.phases[phase as usize].moves {
            if !self.generate_rule(pos, side, rule, sink) {
                return false;
            }
        }
        true
    }

    fn generate_rule(&self, pos: &Position, side: PlayerId, rule_index: usize, sink: &mut impl Sink) -> bool {
        let board = self.board();
        let rule = &self.rules.moves[rule_index];
        let compiled = &self.compiled[rule_index];
        let cells = &pos.cells;
        let n = cells.len() as CellId;
        let r = rule_index as u8;
        let dirs = &compiled.dirs[side as usize];
        let placed = |to: CellId| Move { captures: CellBits::NONE, take_to: false, rule: r, dir: NO_DIR, promote: 0, from: NO_CELL, to };
        match &rule.action {
            Action::Place { .. } => {
                let allowed = &compiled.allowed[side as usize];
                if let Some(near) = &compiled.near {
                    // Only empty cells next to an enemy piece can enclose one.
                    let near = &near[side as usize];
                    let enemy = pos.bits[tag(side ^ 1) as usize];
                    let mut empty = pos.bits[0];
                    while empty != 0 {
                        let c = empty.trailing_zeros() as CellId;
                        empty &= empty - 1;
                        if near[c as usize] & enemy != 0
                            && allowed[c as usize]
                            && self.effects_allow(pos, side, rule_index, c)
                            && !sink.push(placed(c))
                        {
                            return false;
                        }
                    }
                    return true;
                }
                for c in 0..n {
                    if cells[c as usize] == EMPTY
                        && allowed[c as usize]
                        && self.effects_allow(pos, side, rule_index, c)
                        && !sink.push(placed(c))
                    {
                        return false;
                    }
                }
            }
            Action::Roll { .. } => {
                for c in 0..n {
                    if cells[c as usize] != EMPTY {
                        continue;
                    }
                    // A stone rolling along d stops on c if the next cell is off the board or
                    // occupied, and reaches c if every cell back to the edge is empty.
                    let lands = dirs.iter().any(|&d| {
                        let ahead = board.step(c, d);
                        if ahead != NO_CELL && cells[ahead as usize] == EMPTY {
                            return false;
                        }
                        let Some(back) = board.opposite(d) else { return false };
                        let mut k = c;
                        loop {
                            let p = board.step(k, back);
                            if p == NO_CELL {
                                return true;
                            }
                            if cells[p as usize] != EMPTY {
                                return false;
                            }
                            k = p;
                        }
                    });
                    if lands && self.effects_allow(pos, side, rule_index, c) && !sink.push(placed(c)) {
                        return false;
                    }
                }
            }
            Action::Push { .. } => {
                for c in 0..n {
                    let inward = |d: u8| board.opposite(d).is_some_and(|back| board.step(c, back) == NO_CELL);
                    if cells[c as usize] == EMPTY {
                        if dirs.iter().any(|&d| inward(d)) && self.effects_allow(pos, side, rule_index, c) && !sink.push(placed(c)) {
                            return false;
                        }
                        continue;
                    }
                    for &d in dirs {
                        if !inward(d) {
                            continue;
                        }
                        let mut k = board.step(c, d);
                        while k != NO_CELL && cells[k as usize] != EMPTY {
                            k = board.step(k, d);
                        }
                        if k != NO_CELL
                            && !sink.push(Move {
                                captures: CellBits::NONE,
                                take_to: false,
                                rule: r,
                                dir: d,
                                promote: 0,
                                from: NO_CELL,
                                to: c,
                            })
                        {
                            return false;
                        }
                    }
                }
            }
            Action::Step { .. } if compiled.steps.is_some() => {
                // Steps to empty cells on a small board: one mask per piece.
                let Some(steps) = &compiled.steps else { return true };
                let masks = &steps[side as usize];
                let mine = code(rule.piece, Some(side));
                let promote = self.promotion_bits[rule.piece as usize][side as usize];
                let choices = self.rules.pieces[rule.piece as usize].promotion.as_ref().map_or(&[][..], |p| &p.to[..]);
                let empty = pos.bits[0];
                let mut pieces = self.pieces_of(pos, mine);
                while let Some(c) = pieces.next(cells, mine) {
                    let mut targets = masks[c as usize] & empty;
                    while targets != 0 {
                        let t = targets.trailing_zeros() as CellId;
                        targets &= targets - 1;
                        let base = Move { captures: CellBits::NONE, take_to: false, rule: r, dir: NO_DIR, promote: 0, from: c, to: t };
                        let more = if promote & (1u64 << t) != 0 {
                            choices.iter().all(|&to| sink.push(Move { promote: to + 1, ..base }))
                        } else {
                            sink.push(base)
                        };
                        if !more {
                            return false;
                        }
                    }
                }
            }
            Action::Step { to, .. } | Action::Slide { to, .. } | Action::Leap { to, .. } => {
                let mine = code(rule.piece, Some(side));
                let enemy = tag(side ^ 1);
                let lands = |t: CellId| -> bool {
                    let target = cells[t as usize];
                    match to {
                        Landing::Empty => target == EMPTY,
                        Landing::Enemy => owner_tag(target) == enemy,
                        Landing::EmptyOrEnemy => target == EMPTY || owner_tag(target) == enemy,
                    }
                };
                let promotion = self.rules.pieces[rule.piece as usize].promotion.as_ref();
                let promotes_on = |t: CellId| match promotion {
                    Some(_) => self.promotion_cells[rule.piece as usize][side as usize][t as usize],
                    None => false,
                };
                let mut pieces = self.pieces_of(pos, mine);
                while let Some(c) = pieces.next(cells, mine) {
                    let mut emit = |t: CellId| {
                        let take_to = cells[t as usize] != EMPTY;
                        let base = Move { captures: CellBits::NONE, take_to, rule: r, dir: NO_DIR, promote: 0, from: c, to: t };
                        if promotes_on(t)
                            && let Some(p) = promotion
                        {
                            p.to.iter().all(|&to| sink.push(Move { promote: to + 1, ..base }))
                        } else {
                            sink.push(base)
                        }
                    };
                    match &rule.action {
                        Action::Step { .. } => {
                            for &d in dirs {
                                let t = board.step(c, d);
                                if t != NO_CELL && lands(t) && !emit(t) {
                                    return false;
                                }
                            }
                        }
                        Action::Slide { max, .. } => {
                            for &d in dirs {
                                let mut t = board.step(c, d);
                                let mut dist = 1;
                                while t != NO_CELL && max.is_none_or(|m| dist <= m) {
                                    if lands(t) && !emit(t) {
                                        return false;
                                    }
                                    if cells[t as usize] != EMPTY {
                                        break;
                                    }
                                    t = board.step(t, d);
                                    dist += 1;
                                }
                            }
                        }
                        _ => {
                            for &t in &compiled.leaps[c as usize] {
                                if lands(t) && !emit(t) {
                                    return false;
                                }
                            }
                        }
                    }
                }
            }
            Action::Hop(hop) => {
                let mine = code(rule.piece, Some(side));
                let hoppable = match hop.over {
                    Over::Enemy => pos.bits[tag(side ^ 1) as usize],
                    Over::Own => pos.bits[tag(side) as usize],
                    Over::Any => pos.bits[1] | pos.bits[2],
                };
                let mut pieces = self.pieces_of(pos, mine);
                if let Some(reach) = &compiled.reach {
                    let reach = &reach[side as usize];
                    while let Some(c) = pieces.next(cells, mine) {
                        if reach[c as usize] & hoppable != 0 && !self.generate_chains(pos, side, rule_index, c, sink) {
                            return false;
                        }
                    }
                } else {
                    while let Some(c) = pieces.next(cells, mine) {
                        if !self.generate_chains(pos, side, rule_index, c, sink) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The cells holding `piece`: from the owner's bit set on boards of at most 64 cells, by
    /// scanning otherwise.
    #[inline(always)]
    fn pieces_of(&self, pos: &Position, piece: Code) -> Cells {
        if self.board().len() <= 64 {
            if piece < 32 { Cells::Exact(pos.code_bits[piece as usize]) } else { Cells::Bits(pos.bits[owner_tag(piece) as usize]) }
        } else {
            Cells::Scan(0)
        }
    }

    /// Do the effects allow a piece of `side` arriving on `at`? (A flip with a minimum needs
    /// that many enclosed pieces.)
    #[inline]
    fn effects_allow(&self, pos: &Position, side: PlayerId, rule: usize, at: CellId) -> bool {
        self.compiled[rule].flips.iter().all(|(dirs, min)| {
            if *min == 0 {
                return true;
            }
            let mut total = 0;
            for &d in &dirs[side as usize] {
                total += self.enclosed(pos, side, at, d);
                if total >= *min {
                    return true;
                }
            }
            false
        })
    }

    /// How many enemy pieces lie in an unbroken line from `at` along `d`, closed by an own piece.
    #[inline(always)]
    fn enclosed(&self, pos: &Position, side: PlayerId, at: CellId, d: u8) -> u32 {
        let table = self.board().table(d);
        let (own, enemy) = (tag(side), tag(side ^ 1));
        let mut k = table[at as usize];
        let mut count = 0;
        while k != NO_CELL && owner_tag(pos.cells[k as usize]) == enemy {
            count += 1;
            k = table[k as usize];
        }
        if count > 0 && k != NO_CELL && owner_tag(pos.cells[k as usize]) == own { count } else { 0 }
    }

    /// The cells a move's flip effects turn (for move descriptions).
    pub(crate) fn flipped_cells(&self, pos: &Position, mv: Move) -> Vec<CellId> {
        let mut out = Vec::new();
        if mv.is_pass() {
            return out;
        }
        for (dirs, _) in &self.compiled[mv.rule as usize].flips {
            for &d in &dirs[pos.side as usize] {
                let count = self.enclosed(pos, pos.side, mv.to, d);
                let mut k = mv.to;
                for _ in 0..count {
                    k = self.board().step(k, d);
                    out.push(k);
                }
            }
        }
        out
    }

    /// Makes a move (which must be legal here). [`Position::unmake`] takes it back.
    pub fn make(&self, pos: &mut Position, mv: Move) {
        pos.begin();
        if mv.is_pass() {
            pos.end_turn(self);
            return;
        }
        let side = pos.side;
        let rule = &self.rules.moves[mv.rule as usize];
        let owner = self.rules.pieces[rule.piece as usize].owned.then_some(side);
        let new_piece: Code = code(rule.piece, owner);
        match &rule.action {
            Action::Place { .. } | Action::Roll { .. } => pos.set(self, mv.to, new_piece),
            Action::Push { .. } => {
                if mv.dir == NO_DIR {
                    pos.set(self, mv.to, new_piece);
                } else {
                    // Shift the run one cell along the direction, into the first empty cell.
                    let mut carried = new_piece;
                    let mut k = mv.to;
                    while k != NO_CELL {
                        let here = pos.cells[k as usize];
                        pos.set(self, k, carried);
                        if here == EMPTY {
                            break;
                        }
                        carried = here;
                        k = self.board().step(k, mv.dir);
                    }
                }
            }
            Action::Step { .. } | Action::Slide { .. } | Action::Leap { .. } | Action::Hop(_) => {
                let moving = pos.cells[mv.from as usize];
                for c in mv.captured_cells() {
                    if c != mv.to {
                        pos.set(self, c, EMPTY);
                    }
                }
                pos.set(self, mv.from, EMPTY);
                let arriving = match mv.promotion() {
                    Some(t) => code(t, Some(side)),
                    None => moving,
                };
                pos.set(self, mv.to, arriving);
            }
        }
        for (dirs, _) in &self.compiled[mv.rule as usize].flips {
            for &d in &dirs[side as usize] {
                let count = self.enclosed(pos, side, mv.to, d);
                let mut k = mv.to;
                for _ in 0..count {
                    k = self.board().step(k, d);
                    let turned = code(piece_type(pos.cells[k as usize]), Some(side));
                    pos.set(self, k, turned);
                }
            }
        }
        pos.end_turn(self);
    }
}
