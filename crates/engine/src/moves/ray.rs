//! Moves along a direction: `step` (one cell) and `slide` (any number of cells up to a limit,
//! exactly as many as there are pieces on the line the move runs along, or as far as it can),
//! over empty cells and, if the rule says so, over pieces.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::cellbits::CellBits;
use crate::mv::{Move, RuleId, Sink, lands, lands_taking};
use crate::rule::Rule;
use crate::piece::{Piece, Square};
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSets, DirId, NO_CELL, Width, line_masks, per_player, ray_order};
use hetproba_rules::model::moves::{self as model, Distance};
use hetproba_rules::model::{Landing, Over, PieceTypeId, PieceTypeSet, PlayerId, Ruleset};

#[derive(Clone, Debug)]
pub(crate) struct Ray {
    /// Directions, per player.
    dirs: [Vec<DirId>; 2],
    to: Landing,
    /// Cells travelled at least, and at most (1 for a step).
    min: u32,
    max: Option<u32>,
    /// A set per player: the move lands only on cells that are in this region exactly when its
    /// start is (a piece bound to one colour of cells).
    stay: Option<CellSets>,
    /// Pieces the move may pass over (none: only empty cells).
    over: Option<Over>,
    distance: Distance,
    /// For a step to an empty cell on a board that blocks no steps: `steps[p * cells + c]`,
    /// player `p`'s cells one step away from `c`. A piece's steps are then `steps & empty`.
    steps: Option<CellSets>,
    /// For a slide over empty cells along directions whose rays have an order: the moves are
    /// the cells of the ray up to the first piece ([`crate::game::Rays::reach`]). With a limit
    /// on the distance, `window[d * cells + c]`: the cells at an allowed distance from `c`
    /// along `d`.
    slides: bool,
    window: Option<CellSets>,
    /// A step (to any landing) on a board that blocks no steps: one neighbour per direction.
    neighbours: bool,
    /// For a step onto enemy pieces on a board that blocks no steps: `near[p * cells + c]`,
    /// the cells one step away, so that a piece with no enemy there is passed over at once.
    near: Option<CellSets>,
    /// For a line-count move: `lines[d * cells + c]`, the whole line through `c` along `d`
    /// (both ways, `c` included).
    lines: Option<CellSets>,
    /// The enemy piece types it may land on (`take=`, `spare=`); `None`: every type.
    takes: Option<PieceTypeSet>,
    /// It passes over exactly this many pieces, landing only beyond the last (0: none).
    screens: u32,
    /// The piece types that may be screens (`None`: every type).
    screen: Option<PieceTypeSet>,
    /// For a line-count move on a board that blocks no steps, passing over what a cell set
    /// can say (not `over` of some types): `ahead[d * cells + c]`, the cells beyond `c` along
    /// `d`. The cells a move from `c` to `t` passes over are then `ahead(c) - ahead(t) - t`.
    ahead: Option<CellSets>,
}

impl Compile<model::Step> for Ray {
    fn compile(step: &model::Step, rules: &Ruleset, width: Width) -> Ray {
        let (dirs, to) = (step.dirs, step.to);
        let set = &rules.direction_sets[dirs.index()].dirs;
        // The tables of whole steps hold only for directions the board never blocks.
        let unblocked = set.iter().flatten().all(|&d| rules.board.all_cells().all(|c| rules.board.blockers(c, d).is_empty()));
        let masks = || {
            let masks = [0, 1].map(|p| line_masks(width, &rules.board, &set[p], false));
            CellSets::from_sets(width, masks.iter().flat_map(|m| (0..m.len()).map(move |c| m.cells(c).collect::<Vec<_>>())))
        };
        let steps = (to == Landing::Empty && unblocked).then(masks);
        let near = (to == Landing::Enemy && unblocked).then(masks);
        Ray {
            dirs: set.clone(),
            to,
            min: 1,
            max: Some(1),
            stay: None,
            over: None,
            distance: Distance::Any,
            steps,
            slides: false,
            window: None,
            neighbours: unblocked,
            near,
            lines: None,
            ahead: None,
            takes: step.takes,
            screens: 0,
            screen: None,
        }
    }
}

impl Compile<model::Slide> for Ray {
    fn compile(slide: &model::Slide, rules: &Ruleset, width: Width) -> Ray {
        let model::Slide { dirs, to, min, max, over, distance, stay, takes, screens, screen } = *slide;
        let board = &rules.board;
        let lines = (distance == Distance::LineCount).then(|| {
            CellSets::from_sets(
                width,
                board.all_directions().flat_map(|d| {
                    let mut both = vec![d];
                    both.extend(board.opposite(d));
                    let masks = line_masks(width, board, &both, true);
                    board.all_cells().map(move |c| masks.cells(c.index()).chain(std::iter::once(c)).collect::<Vec<_>>())
                }),
            )
        });
        let ahead = (distance == Distance::LineCount && !board.has_blocked_steps() && !matches!(over, Some(Over::EnemyOf(_))))
            .then(|| ray_sets(width, board, 1, None));
        let stay = stay.map(|r| per_player(width, &rules.regions[r.index()].cells));
        let dirs = rules.direction_sets[dirs.index()].dirs.clone();
        let slides = over.is_none() && distance == Distance::Any && dirs.iter().flatten().all(|&d| ray_order(board, d).is_some());
        let window = (slides && (min > 1 || max.is_some())).then(|| ray_sets(width, board, min, max));
        Ray {
            dirs,
            to,
            min,
            max,
            stay,
            over,
            distance,
            steps: None,
            slides,
            window,
            neighbours: false,
            near: None,
            lines,
            ahead,
            takes,
            screens,
            screen,
        }
    }
}

impl MoveKind for Ray {
    const FROM_PIECES: bool = true;
    const VIEWS_PLAIN: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn template(&self, mv: &Move) -> &'static str {
        template(mv)
    }

    /// Does it land only on empty cells?
    fn never_captures(&self) -> bool {
        self.to == Landing::Empty
    }

    /// Does every move capture: it lands on an enemy piece, or takes one passed (en passant)?
    fn always_captures(&self) -> bool {
        matches!(self.to, Landing::Enemy | Landing::Passed)
    }

    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        true
    }

    /// A capture by landing reads backwards along the directions; passing over pieces or
    /// counting a line's pieces does not.
    fn attack(&self, side: PlayerId) -> Attack<'_> {
        match self.to {
            Landing::Enemy | Landing::EmptyOrEnemy if self.screens > 0 => Attack::Screens {
                dirs: &self.dirs[side.index()],
                screens: self.screens,
                screen: self.screen,
                stay: self.stay.as_ref(),
                takes: self.takes,
            },
            Landing::Enemy | Landing::EmptyOrEnemy if self.over.is_some() || self.distance == Distance::LineCount => Attack::General,
            Landing::Enemy | Landing::EmptyOrEnemy => Attack::Lines {
                dirs: &self.dirs[side.index()],
                min: self.min,
                max: self.max.unwrap_or(u32::MAX),
                stay: self.stay.as_ref(),
                takes: self.takes,
            },
            Landing::Empty | Landing::Passed => Attack::None,
        }
    }

    /// The cells a move from `from` could end on, whatever stands where: along each direction
    /// as far as the rule goes (any distance for a line-count move), in the rule's `stay`
    /// region when it has one.
    fn reach(&self, board: &Board, side: PlayerId, _piece: PieceTypeId, from: CellId, out: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
                let stay = self.stay.as_ref();
        let (min, max) = if self.distance == Distance::LineCount { (1, None) } else { (self.min, self.max) };
        for &d in &self.dirs[side.index()] {
            let mut t = board.step(from, d);
            let mut dist = 1;
            while t != NO_CELL && max.is_none_or(|m| dist <= m) {
                if dist >= min && stay.is_none_or(|s| s.contains(side.index(), t) == s.contains(side.index(), from)) {
                    out.push(t);
                }
                t = board.step(t, d);
                dist += 1;
            }
        }
    }

    /// Could a move of this rule by `side` have ended on `to`, passing over exactly `passed`,
    /// from an empty start? (Positions read from text name the passed cells, not the move.)
    fn could_pass(&self, board: &Board, pos: &Position, side: PlayerId, rule: &Rule, to: CellId, passed: CellBits) -> bool {
                let over = passed.len();
        self.dirs[side.index()].iter().any(|&d| {
            let Some(back) = board.opposite(d) else { return false };
            let mut c = to;
            let mut walked = CellBits::EMPTY;
            for _ in 0..over {
                c = board.step(c, back);
                if c == NO_CELL {
                    return false;
                }
                walked.insert(c);
            }
            let start = board.step(c, back);
            let dist = over + 1;
            walked == passed
                && start != NO_CELL
                && pos.cells[start.index()].is_none()
                && dist >= self.min
                && self.max.is_none_or(|m| dist <= m)
                && (self.distance != Distance::Farthest || board.step(to, d) == NO_CELL || pos.cells[board.step(to, d).index()].is_some())
                && rule.starts_on(side, start)
                && self.stay.as_ref().is_none_or(|s| s.contains(side.index(), start) == s.contains(side.index(), to))
        })
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        // En passant needs cells the last move passed over.
        if self.to == Landing::Passed && pos.passed().is_none() {
            return true;
        }
        if self.screens > 0 {
            return self.screened::<W>(host, pos, side, r, sink);
        }
        match &self.steps {
            Some(steps) if host.plain_emit(rule) && rule.from.is_none() && rule.simple_promotion => self.steps::<W>(host, pos, side, r, steps, sink),
            _ if self.neighbours => self.neighbours::<W>(host, pos, side, r, sink),
            _ if self.slides => self.slides::<W>(host, pos, side, r, sink),
            _ => self.rays::<W>(host, pos, side, r, sink),
        }
    }
}

impl Ray {

    /// Does `emit` pass this rule's moves on as they are (no region to stay in, no effects, no
    /// region entered only by capturing, no promotion, not en passant)? Then they are pushed
    /// at once.
    #[inline(always)]
    fn plain(&self, host: &impl Host, rule: &Rule) -> bool {
        self.stay.is_none()
            && self.takes.is_none()
            && self.to != Landing::Passed
            && host.plain_emit(rule)
            && host.promotion(rule.piece).is_none()
    }

    /// Steps on a board that blocks none: the neighbour along each direction.
    #[inline(always)]
    fn neighbours<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let board = host.board();
        let cells = &pos.cells;
        let plain = self.plain(host, rule);
        let emit = self.emitter::<W, _, _>(host, pos, side, r);
        let n = board.len();
        let enemy = pos.player_set::<W>(side.other());
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            if let Some(near) = &self.near
                && (near.get::<W>(side.index() * n + c.index()) & enemy).is_empty()
            {
                continue;
            }
            for &d in &self.dirs[side.index()] {
                let t = board.step(c, d);
                if t == NO_CELL {
                    continue;
                }
                let more = if plain {
                    let target = cells[t.index()];
                    !lands(self.to, target, side) || sink.push(Move { take_to: target.is_some(), ..Move::new(r, c, t) })
                } else {
                    emit(c, t, cells, sink)
                };
                if !more {
                    return false;
                }
            }
        }
        true
    }

    /// Steps to empty cells: one set per piece.
    #[inline(always)]
    fn steps<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        steps: &CellSets,
        sink: &mut impl Sink,
    ) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let n = host.board().len();
        let empty = pos.empty_set::<W>();
        let targets = |c: CellId| (steps.get::<W>(side.index() * n + c.index()) & empty).iter();
        // One loop without promotion and one with, so that neither asks per move.
        let Some(promo) = host.promotion(rule.piece) else {
            // Loops, not `all` over `all`: the nested closures compiled to more instructions a
            // move (a stepping game's perft: 8% more than this loop; docs/speed.md).
            for c in pos.piece_set::<W>(mine).iter() {
                for t in targets(c) {
                    if !sink.push(Move::new(r, c, t)) {
                        return false;
                    }
                }
            }
            return true;
        };
        let promotes = promo.cells.get::<W>(side.index());
        for c in pos.piece_set::<W>(mine).iter() {
            for t in targets(c) {
                let mv = Move::new(r, c, t);
                let more =
                    if promotes.contains(t) { promo.each_choice::<W>(pos, side, |to| sink.push(mv.promoting(to))) } else { sink.push(mv) };
                if !more {
                    return false;
                }
            }
        }
        true
    }

    /// Slides along ordered rays: the reach of each direction up to the first piece, in the
    /// order the walk would find the cells (nearest first).
    #[inline(always)]
    fn slides<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let cells = &pos.cells;
        // One walk for each way of passing moves on, so that each inlines its own push.
        if self.plain(host, rule) {
            self.slides_by::<W, _>(host, pos, side, r, sink, |c, t, sink| {
                let target = cells[t.index()];
                !lands(self.to, target, side) || sink.push(Move { take_to: target.is_some(), ..Move::new(r, c, t) })
            })
        } else {
            let emit = self.emitter::<W, _, _>(host, pos, side, r);
            self.slides_by::<W, _>(host, pos, side, r, sink, |c, t, sink| emit(c, t, cells, sink))
        }
    }

    /// The walk of [`Ray::slides`], passing each move on through `push`.
    #[inline(always)]
    fn slides_by<const W: usize, S: Sink>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        sink: &mut S,
        mut push: impl FnMut(CellId, CellId, &mut S) -> bool,
    ) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let n = host.board().len();
        let rays = host.rays();
        let occupied = pos.occupied_set::<W>();
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            for &d in &self.dirs[side.index()] {
                let rising = rays.order(d).expect("a slide's directions have an order");
                let mut reach = rays.reach::<W>(d, c, rising, occupied);
                if let Some(window) = &self.window {
                    reach &= window.get::<W>(d.index() * n + c.index());
                }
                // One call of `push`, so that it inlines.
                while let Some(t) = if rising { reach.pop_first() } else { reach.pop_last() } {
                    if !push(c, t, sink) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Passes on a move of this rule from `c` to `t`, if it may land there: the landing rule,
    /// the region it stays in, en passant. Returns false if the sink stopped.
    #[inline(always)]
    fn emitter<'a, const W: usize, S: Sink, H: Host>(
        &'a self,
        host: &'a H,
        pos: &'a Position,
        side: PlayerId,
        r: RuleId,
    ) -> impl Fn(CellId, CellId, &[Option<Piece>], &mut S) -> bool + 'a {
        let rule = host.rule(r);
        move |c: CellId, t: CellId, cells: &[Option<Piece>], sink: &mut S| {
            if self.stay.as_ref().is_some_and(|s| s.contains(side.index(), t) != s.contains(side.index(), c)) {
                return true;
            }
            let target = cells[t.index()];
            if self.to == Landing::Passed {
                // En passant: onto an empty cell the last move passed over, taking its piece.
                let Some((passed, victim)) = pos.passed() else { return true };
                if target.is_some() || !passed.contains(t) || !cells[victim.index()].of(side.other()) {
                    return true;
                }
                let mv = Move { captures: CellBits::single(victim), ..Move::new(r, c, t) };
                return host.emit::<W>(rule, pos, side, mv, c, sink);
            }
            !lands_taking(self.to, target, side, self.takes)
                || host.emit::<W>(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, c, t) }, c, sink)
        }
    }

    /// Slides over exactly `screens` pieces: along each direction past the screens (each of the
    /// types `screen` allows; another piece ends the way), then over empty cells, landing on
    /// each as `to` allows, and on the next piece if `to` allows. Along a direction with an
    /// order, each piece met is the nearest of the occupied cells beyond the last.
    #[inline(never)]
    fn screened<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        let board = host.board();
        let rays = host.rays();
        let occupied = pos.occupied_set::<W>();
        let emit = self.emitter::<W, _, _>(host, pos, side, r);
        let screens_on = |p: CellId| cells[p.index()].is_some_and(|piece| self.screen.is_none_or(|s| s.contains(piece.kind())));
        let blocked = |k: CellId, d: DirId| board.blockers(k, d).iter().any(|&b| cells[b.index()].is_some());
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            'ray: for &d in &self.dirs[side.index()] {
                if let Some(rising) = rays.order(d) {
                    let mut at = c;
                    for _ in 0..self.screens {
                        match rays.nearest(d, at, rising, occupied) {
                            Some(p) if screens_on(p) => at = p,
                            _ => continue 'ray,
                        }
                    }
                    let mut beyond = rays.reach::<W>(d, at, rising, occupied);
                    if self.to == Landing::Enemy {
                        beyond &= occupied;
                    }
                    while let Some(t) = if rising { beyond.pop_first() } else { beyond.pop_last() } {
                        if !emit(c, t, cells, sink) {
                            return false;
                        }
                    }
                    continue;
                }
                let mut jumped = 0;
                let mut t = if blocked(c, d) { NO_CELL } else { board.step(c, d) };
                while t != NO_CELL {
                    let here = cells[t.index()];
                    if jumped == self.screens && !emit(c, t, cells, sink) {
                        return false;
                    }
                    if here.is_some() {
                        if jumped == self.screens || !screens_on(t) {
                            break;
                        }
                        jumped += 1;
                    }
                    t = if blocked(t, d) { NO_CELL } else { board.step(t, d) };
                }
            }
        }
        true
    }

    /// Every other move along directions: the general walk.
    #[inline(never)]
    fn rays<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let cells = &pos.cells;
        let board = host.board();
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
        let emit = |c: CellId, t: CellId, sink: &mut _| self.emitter::<W, _, _>(host, pos, side, r)(c, t, cells, sink);
        // A step between two cells is blocked when either holds a piece (declared by the board).
        let blocked = |k: CellId, d: DirId| board.blockers(k, d).iter().any(|&b| cells[b.index()].is_some());
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            if let Some(ahead) = &self.ahead {
                if !self.line_counts::<W, _>(host, pos, side, c, ahead, &emit, sink) {
                    return false;
                }
                continue;
            }
            for &d in &self.dirs[side.index()] {
                if self.distance == Distance::LineCount {
                    // Exactly as far as there are pieces on the line, passing only over what
                    // the rule allows.
                    let count = self.line_count::<W>(host, pos, c, d);
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
                if self.distance == Distance::Farthest {
                    // Over empty cells to the last before a piece or the edge, and only there.
                    let mut last = NO_CELL;
                    let mut t = if blocked(c, d) { NO_CELL } else { board.step(c, d) };
                    while t != NO_CELL && cells[t.index()].is_none() {
                        last = t;
                        t = if blocked(t, d) { NO_CELL } else { board.step(t, d) };
                    }
                    if last != NO_CELL && !emit(c, last, sink) {
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

    /// The line-count moves of the piece on `c`, by cell sets (see [`Ray::ahead`]): its
    /// landing found by as many steps as the line holds pieces, what it passes over tested at
    /// once. Returns false if the sink stopped.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn line_counts<const W: usize, S: Sink>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        c: CellId,
        ahead: &CellSets,
        emit: &impl Fn(CellId, CellId, &mut S) -> bool,
        sink: &mut S,
    ) -> bool {
        let board = host.board();
        let n = board.len();
        let occupied = pos.occupied_set::<W>();
        // The pieces it may not pass over.
        let barred = match self.over {
            None => occupied,
            Some(Over::Own) => occupied.without(pos.player_set::<W>(side)),
            Some(Over::Enemy) => occupied.without(pos.player_set::<W>(side.other())),
            Some(Over::Any) => occupied.without(pos.player_set::<W>(side) | pos.player_set::<W>(side.other())),
            Some(Over::EnemyOf(_)) => unreachable!("no cell-set table for passing over some types"),
        };
        for &d in &self.dirs[side.index()] {
            let count = self.line_count::<W>(host, pos, c, d);
            let table = board.table(d);
            let mut t = c;
            for _ in 0..count {
                t = table[t.index()];
                if t == NO_CELL {
                    break;
                }
            }
            if t == NO_CELL {
                continue;
            }
            let mut passed = ahead.get::<W>(d.index() * n + c.index()).without(ahead.get::<W>(d.index() * n + t.index()));
            passed.remove(t);
            if !passed.intersects(&barred) && !emit(c, t, sink) {
                return false;
            }
        }
        true
    }

    /// The pieces on the whole line through `c` along `d` (both ways, `c` included).
    #[inline]
    fn line_count<const W: usize>(&self, host: &impl Host, pos: &Position, c: CellId, d: DirId) -> u32 {
        let lines = self.lines.as_ref().expect("a line-count move has its lines");
        (lines.get::<W>(d.index() * host.board().len() + c.index()) & pos.occupied_set::<W>()).len()
    }
}

/// The default notation of a move of a piece along the board (`step`, `slide`, `leap`): the
/// piece's letter if it has one, then `-`, or `x` when it lands on an enemy piece; then each
/// piece it captures otherwise (enclosed, or taken en passant) after an `x`.
pub(super) fn template(mv: &Move) -> &'static str {
    match (mv.take_to, !mv.captures.is_empty()) {
        (true, true) => "{letter}{from}x{to}x{removed:x}",
        (true, false) => "{letter}{from}x{to}",
        (false, true) => "{letter}{from}-{to}x{removed:x}",
        (false, false) => "{letter}{from}-{to}",
    }
}

/// `sets[d * cells + c]`: the cells along `d` from `c` at a distance from `min` to `max`
/// (`None`: to the edge).
fn ray_sets(width: Width, board: &hetproba_board::Board, min: u32, max: Option<u32>) -> CellSets {
    CellSets::from_sets(
        width,
        board.all_directions().flat_map(|d| {
            board.all_cells().map(move |c| {
                let mut cells = Vec::new();
                let mut k = board.step(c, d);
                let mut dist = 1;
                while k != NO_CELL && max.is_none_or(|m| dist <= m) && dist <= board.len() as u32 {
                    if dist >= min {
                        cells.push(k);
                    }
                    k = board.step(k, d);
                    dist += 1;
                }
                cells
            })
        }),
    )
}

#[cfg(test)]
mod tests {
    use crate::{Game, Position};

    /// The fixture's row of eight cells, its line-count move passing over what `over` allows
    /// (`""`: nothing but empty cells).
    fn row(over: &str) -> Game {
        let text = include_str!("../../../../tests/fixtures/counting.toml").replace(", over=own", over);
        Game::new(hetproba_rules::load("counting.toml", &text, &hetproba_rules::BuiltinFiles, &[]).expect("loads"))
    }

    fn moves(game: &Game, position: &str) -> String {
        let pos: Position = game.read_position(position).expect("reads");
        game.move_names(&pos, &game.legal_moves(&pos)).join(" ")
    }

    #[test]
    fn a_line_count_move_passes_over_what_its_rule_allows_and_nothing_else() {
        // Worked by hand: three pieces on the row, so every move goes three cells. In the first
        // position a1 passes over an enemy and an own piece, in the second b1 over an enemy one,
        // in the third a1 over an own one; the moves that pass over empty cells only (c1-f1,
        // b1xe1) are there whatever `over` says.
        let positions = ["xox5 w", "xxo5 w", "xx2o3 w"];
        let expected = [
            ("", ["c1-f1", "", "b1xe1"]),
            (", over=own", ["c1-f1", "", "a1-d1 b1xe1"]),
            (", over=enemy", ["c1-f1", "b1-e1", "b1xe1"]),
            (", over=any", ["a1-d1 c1-f1", "a1-d1 b1-e1", "a1-d1 b1xe1"]),
        ];
        for (over, want) in expected {
            let game = row(over);
            let got: Vec<String> = positions.iter().map(|p| moves(&game, p)).collect();
            assert_eq!(got, want, "over: {over:?}");
        }
    }
}
