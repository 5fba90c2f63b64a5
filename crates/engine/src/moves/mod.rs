//! Moves: the [`Move`] value, where generated moves go ([`Sink`]), and the closed set of compiled
//! move kinds. Each kind lives in one module of this folder and owns its generation, its `make`
//! and its default notation; this file only dispatches. Adding a primitive means a module here,
//! a loader section that reads it, and a paragraph of docs/language.md.

mod castle;
mod hops;
mod leap;
mod line;
mod place;
mod push;
mod ray;
mod remove;
mod roll;

use crate::effects::Effects;
use crate::game::{Game, Owner, Piece, Square};
use crate::position::Position;
use hetproba_board::{CellId, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::{Action, Landing, MoveRule, PieceTypeId, PieceTypeSet, PlayerId, Ruleset};

pub(crate) use hops::At;
pub use hops::MAX_CHAIN_STEPS;
pub(crate) use hops::MAX_HOPS;
pub(crate) use hops::take_chain_cut;

/// A move: which rule, the cells and direction it uses, what it captures and what it promotes
/// to. `Copy` and fixed-size, so move lists are flat arrays with no allocation per move. Two
/// chains with the same start, end, captured set and promotion are one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cells captured by hopping over them, by enclosing them or by a removal.
    pub captures: CellBits,
    /// The move also captures the piece on `to` by landing on it.
    pub take_to: bool,
    /// The move's rule; [`Move::PASS`] has `PASS_RULE`. The loader allows at most
    /// [`MAX_RULES`] move rules, so every rule has its own id.
    pub rule: RuleId,
    /// The direction of a push or a castling, or `NO_DIR`.
    pub dir: DirId,
    /// The piece type it becomes, if it promotes ([`Move::promotion`]).
    pub(crate) promote: Promote,
    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    pub from: CellId,
    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    pub to: CellId,
    /// The cell of the move's later part (its rule the `next` of `rule`, a placement), or
    /// `NO_CELL` for a move of one part.
    pub part: CellId,
}

pub use crate::cellbits::CellBits;

/// A promotion in one byte, the piece type plus one, 0 for none: an `Option<PieceTypeId>`
/// would take two and make a move a third larger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Promote(u8);

impl Promote {
    pub(crate) const NONE: Promote = Promote(0);

    #[inline(always)]
    pub(crate) fn to(piece: PieceTypeId) -> Promote {
        Promote(piece.index() as u8 + 1)
    }

    #[inline(always)]
    pub(crate) fn get(self) -> Option<PieceTypeId> {
        self.0.checked_sub(1).map(|t| PieceTypeId::new(usize::from(t)))
    }
}

impl From<Option<PieceTypeId>> for Promote {
    #[inline(always)]
    fn from(piece: Option<PieceTypeId>) -> Promote {
        piece.map_or(Promote::NONE, Promote::to)
    }
}

/// A move rule of a ruleset, by its index in `[moves]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub u8);

impl RuleId {
    #[inline(always)]
    pub fn new(index: usize) -> RuleId {
        RuleId(index as u8)
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

pub const PASS_RULE: RuleId = RuleId(u8::MAX);
pub const NO_DIR: DirId = DirId::NONE;

impl Move {
    pub const PASS: Move = Move {
        captures: CellBits::EMPTY,
        take_to: false,
        rule: PASS_RULE,
        dir: NO_DIR,
        promote: Promote::NONE,
        from: NO_CELL,
        to: NO_CELL,
        part: NO_CELL,
    };

    /// A move of `rule` from `from` to `to` that captures nothing.
    #[inline(always)]
    pub(crate) fn new(rule: RuleId, from: CellId, to: CellId) -> Move {
        Move { captures: CellBits::EMPTY, take_to: false, rule, dir: NO_DIR, promote: Promote::NONE, from, to, part: NO_CELL }
    }

    pub fn is_pass(&self) -> bool {
        self.rule == PASS_RULE
    }

    /// Does it capture anything?
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        !self.captures.is_empty() || self.take_to
    }

    /// How many pieces it captures.
    #[inline(always)]
    pub fn capture_count(&self) -> u32 {
        self.captures.len() + u32::from(self.take_to)
    }

    /// The captured cells: those hopped over or enclosed, in cell order, then `to` if landed on.
    pub fn captured_cells(&self) -> impl Iterator<Item = CellId> + '_ {
        let mut cells = self.captures.iter();
        let mut landing = self.take_to;
        std::iter::from_fn(move || {
            if let Some(c) = cells.next() {
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
    #[inline(always)]
    pub fn promotion(&self) -> Option<PieceTypeId> {
        self.promote.get()
    }

    /// The same move, promoting to `piece`.
    #[inline(always)]
    pub(crate) fn promoting(self, piece: PieceTypeId) -> Move {
        Move { promote: Promote::to(piece), ..self }
    }
}

/// May a piece of `side` land on a cell holding `target`?
#[inline(always)]
pub(crate) fn lands(to: Landing, target: Option<Piece>, side: PlayerId) -> bool {
    match to {
        Landing::Empty => target.is_none(),
        Landing::Enemy => target.of(side.other()),
        Landing::EmptyOrEnemy => target.is_none() || target.of(side.other()),
        // En passant needs the position's state: `ray` decides it.
        Landing::Passed => false,
    }
}

/// The most move rules a ruleset may have: rule indices are one byte, and one value is the pass.
pub const MAX_RULES: usize = PASS_RULE.0 as usize;

/// Where generated moves go: a list, or a check that stops at the first move.
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

/// A move rule compiled for play: its piece, its kind with the kind's tables, its effects and
/// its notation.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    /// The piece placed or moved.
    pub piece: PieceTypeId,
    /// The piece it moves or places, for each side (the same for a piece of nobody's).
    pub moving: [Piece; 2],
    pub kind: Kind,
    pub effects: Effects,
    /// The rule's own notation template, if it has one.
    pub template: Option<String>,
    /// Only pieces standing on these cells (a set per player) make this move; `None`: any.
    pub from: Option<CellSets>,
    /// The position remembers the cells this move passes over (en passant).
    pub leaves_passed: bool,
    /// It lands on passed cells (`to=passed`).
    pub takes_passed: bool,
    /// Its letter in FEN's castling field.
    pub fen: Option<char>,
    /// The rule of the move's later part (`next`), if the move has one.
    pub next: Option<RuleId>,
    /// Its moves only take one piece from one cell to another, capturing on the way or not,
    /// in a game that keeps no other state of a move ([`Rule::moves_one_piece`]): `make` then
    /// records it as one step.
    pub one_piece: bool,
    /// Its moves start from a piece of its own on the board (a step, slide, leap or hop):
    /// with none there, it has no move, and generation skips it.
    pub from_pieces: bool,
}

/// The closed set of move kinds.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Place(place::Place),
    Roll(roll::Roll),
    Push(push::Push),
    Ray(ray::Ray),
    Leap(leap::Leap),
    Hops(hops::Hops),
    Castle(castle::Castle),
    /// Only ever a later part ([`Rule::next`]): the loader sees to it.
    Remove(remove::Remove),
    Line(line::Line),
}

impl Rule {
    /// Compiles the move rule `index` of a ruleset.
    pub(crate) fn compile(rules: &Ruleset, index: usize, width: Width) -> Rule {
        let rule: &MoveRule = &rules.moves[index];
        let owned = rules.pieces[rule.piece.index()].owned;
        let moving = PlayerId::BOTH.map(|side| Piece::new(rule.piece, owned.then_some(side).into()));
        let kind = match &rule.action {
            Action::Place { region, near, along } => Kind::Place(place::Place::compile(rules, *region, *near, *along, width)),
            Action::Roll { dirs } => Kind::Roll(roll::Roll::compile(rules, *dirs)),
            Action::Push { dirs } => Kind::Push(push::Push::compile(rules, *dirs)),
            Action::Step { dirs, to } => Kind::Ray(ray::Ray::step(rules, *dirs, *to, width)),
            Action::Slide { dirs, to, min, max, over, distance, stay } => {
                Kind::Ray(ray::Ray::slide(rules, *dirs, *to, (*min, *max), *over, *distance, *stay, width))
            }
            Action::Leap { offsets, to } => Kind::Leap(leap::Leap::compile(rules, offsets, *to)),
            Action::Hops(pattern) => Kind::Hops(hops::Hops::compile(rules, pattern, width)),
            Action::Castle { dirs, with, steps } => Kind::Castle(castle::Castle::compile(rules, *dirs, *with, *steps)),
            Action::Remove { of, region } => Kind::Remove(remove::Remove::compile(rules, *of, *region, width)),
            Action::Line { dirs, of, length, max } => Kind::Line(line::Line::compile(rules, *dirs, *of, *length, *max)),
        };
        let from_pieces = matches!(kind, Kind::Ray(_) | Kind::Leap(_) | Kind::Hops(_));
        let effects = Effects::compile(rules, &rule.effects, width);
        let from = rule.from.map(|r| crate::game::per_player(width, &rules.regions[r.index()].cells));
        Rule {
            piece: rule.piece,
            moving,
            kind,
            effects,
            template: rule.notation.clone(),
            from,
            leaves_passed: rule.leaves_passed,
            takes_passed: matches!(rule.action, Action::Step { to: Landing::Passed, .. } | Action::Slide { to: Landing::Passed, .. }),
            fen: rule.fen,
            next: rule.next.map(RuleId::new),
            one_piece: false,
            from_pieces,
        }
    }

    /// Does a move of this rule only take its piece from `from` to `to` (promoted or not),
    /// capturing on the way or not, with no effect and no later part? (Whether the game keeps
    /// state of its own about moves is the game's to say: [`Game::with_width`].)
    pub(crate) fn moves_one_piece(&self) -> bool {
        let kind = match &self.kind {
            Kind::Ray(_) | Kind::Leap(_) | Kind::Hops(_) => true,
            Kind::Line(k) => !k.carries_others(self.piece) && k.moves_one(),
            Kind::Place(_) | Kind::Roll(_) | Kind::Push(_) | Kind::Castle(_) | Kind::Remove(_) => false,
        };
        kind && self.effects.is_empty() && !self.leaves_passed && self.next.is_none()
    }

    /// Does a move of this rule only take one piece along a ray or a leap, with no effect and
    /// no later part? Then only the cells it leaves and lands on change, and a piece that no
    /// line from a royal piece runs through may make it without a legality test.
    #[inline(always)]
    pub(crate) fn views_plain(&self) -> bool {
        matches!(self.kind, Kind::Ray(_) | Kind::Leap(_)) && self.effects.is_empty() && self.next.is_none()
    }

    /// True for kinds that bring a new piece onto the board.
    pub(crate) fn places(&self) -> bool {
        matches!(self.kind, Kind::Place(_) | Kind::Roll(_) | Kind::Push(_))
    }

    /// Does no move of this rule capture? (A step, slide or leap to an empty cell, a placement,
    /// a castling or a line, with no effect that removes pieces and no later part.)
    pub(crate) fn never_captures(&self) -> bool {
        let kind = match &self.kind {
            Kind::Ray(k) => k.lands_empty(),
            Kind::Leap(k) => k.lands_empty(),
            Kind::Place(_) | Kind::Castle(_) | Kind::Line(_) => true,
            Kind::Roll(_) | Kind::Push(_) | Kind::Hops(_) | Kind::Remove(_) => false,
        };
        kind && !self.effects.removes() && self.next.is_none()
    }

    /// Does every move of this rule capture (so that none goes anywhere without)?
    pub(crate) fn always_captures(&self) -> bool {
        match &self.kind {
            Kind::Ray(k) => k.always_captures(),
            Kind::Leap(k) => k.always_captures(),
            Kind::Hops(k) => k.always_captures(),
            Kind::Place(_) | Kind::Roll(_) | Kind::Push(_) | Kind::Castle(_) | Kind::Remove(_) | Kind::Line(_) => false,
        }
    }

    /// The notation template of a move of this rule.
    pub(crate) fn template(&self, mv: &Move) -> &str {
        if let Some(own) = &self.template {
            return own;
        }
        match &self.kind {
            Kind::Place(_) => place::template(mv),
            Kind::Roll(_) => place::template(mv),
            Kind::Push(_) => place::template(mv),
            Kind::Ray(_) => ray::template(mv),
            Kind::Leap(_) => ray::template(mv),
            Kind::Hops(_) => hops::TEMPLATE,
            Kind::Castle(_) => castle::TEMPLATE,
            Kind::Remove(_) => remove::TEMPLATE,
            Kind::Line(_) => ray::template(mv),
        }
    }

    /// Where a move of this rule by `side` could leave pieces, whatever stands where: the cells
    /// of the piece it moves from `from` (or puts on the board: then `from` is `NO_CELL`),
    /// before any promotion, and the other pieces it moves, with where (a castling's
    /// partner). A push shifts whole lines and a roll stops anywhere: every cell.
    pub(crate) fn reach(&self, game: &Game, side: PlayerId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
        match &self.kind {
            Kind::Place(k) => k.reach(side, moved),
            Kind::Roll(_) | Kind::Push(_) => moved.extend((0..game.board().len()).map(CellId::new)),
            Kind::Ray(k) => k.reach(game, side, from, moved),
            Kind::Leap(k) => k.reach(from, moved),
            Kind::Hops(k) => k.reach(game, side, from, moved),
            Kind::Castle(k) => k.reach(game, side, from, moved, others),
            Kind::Remove(_) => {}
            Kind::Line(k) => k.reach(game, side, self.piece, from, moved, others),
        }
    }

    /// May the piece on `cell` of `side` make this move (the rule's `from` region)?
    #[inline(always)]
    pub(crate) fn starts_on(&self, side: PlayerId, cell: CellId) -> bool {
        self.from.as_ref().is_none_or(|f| f.contains(side.index(), cell))
    }
}

impl Game {
    /// Generates the moves of one rule for `side`. Returns false if the sink stopped.
    pub(crate) fn generate_rule<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        self.generate_rule_inline::<W>(pos, side, index, sink)
    }

    /// [`Game::generate_rule`], inlined into its caller: the dispatch on the kind then sits in
    /// the caller's loop (the kinds' own generation stays out of line).
    #[inline(always)]
    pub(crate) fn generate_rule_inline<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        let rule = &self.compiled[index];
        if rule.from_pieces && pos.piece_set::<W>(rule.moving[side.index()]).is_empty() {
            return true;
        }
        if let Some(next) = rule.next {
            return self.generate_parts::<W>(pos, side, index, next, sink);
        }
        self.generate_kind::<W>(pos, side, index, sink)
    }

    /// The moves of one rule's kind, whole when the rule has no later part.
    #[inline(always)]
    fn generate_kind<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        let rule = &self.compiled[index];
        let r = RuleId::new(index);
        match &rule.kind {
            Kind::Place(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Roll(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Push(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Ray(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Leap(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Hops(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Castle(k) => k.generate::<W>(self, pos, side, r, sink),
            Kind::Remove(_) => true,
            Kind::Line(k) => k.generate::<W>(self, pos, side, r, sink),
        }
    }

    /// Moves of two parts: each first part is made on a copy of the position, and each later
    /// part possible there makes one whole move. A first part with no later part is no move,
    /// unless the later part has an `if` (then the move is whole without it when the condition
    /// fails after the first part, or when nothing is left to do).
    fn generate_parts<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, next: RuleId, sink: &mut impl Sink) -> bool {
        let mut firsts = Vec::new();
        self.generate_kind::<W>(pos, side, index, &mut firsts);
        if firsts.is_empty() {
            return true;
        }
        let conditional = self.part_has_condition(next.index());
        // A scratch copy without the history: this runs at every generation of such a game.
        crate::attack::with_scratch(pos, |after| self.generate_later_parts::<W>(after, side, firsts, next, conditional, sink))
    }

    /// The moves that begin with each of `firsts`, made in turn on `after`, and go on with a
    /// later part of rule `next` (see [`Game::generate_parts`]).
    fn generate_later_parts<const W: usize>(
        &self,
        after: &mut Position,
        side: PlayerId,
        firsts: Vec<Move>,
        next: RuleId,
        conditional: bool,
        sink: &mut impl Sink,
    ) -> bool {
        for first in firsts {
            after.begin(self);
            self.make_part(after, first);
            let mut any = false;
            let more = if conditional && !self.part_allowed::<W>(after, next.index()) {
                true
            } else {
                match &self.compiled[next.index()].kind {
                    Kind::Place(part) => part.each_cell::<W>(self, after, side, first.to, &mut |c| {
                        any = true;
                        sink.push(Move { part: c, ..first })
                    }),
                    Kind::Remove(part) => part.each_cell::<W>(self, after, side, &mut |c| {
                        any = true;
                        let mut mv = Move { part: c, ..first };
                        mv.captures.insert(c);
                        sink.push(mv)
                    }),
                    _ => unreachable!("the loader allows only place() and remove() as a later part"),
                }
            };
            after.unmake();
            if !more || (conditional && !any && !sink.push(first)) {
                return false;
            }
        }
        true
    }

    /// The move's first part as it is written: without the cell its later removal takes (a
    /// removal is among the captures, and `a1-a4/xg7` is a plain move then a removal).
    pub(crate) fn first_part(&self, mut mv: Move) -> Move {
        if let Some(next) = self.compiled[mv.rule.index()].next
            && mv.part != NO_CELL
            && let Kind::Remove(_) = self.compiled[next.index()].kind
        {
            mv.captures.remove(mv.part);
        }
        mv
    }

    /// The cells of `piece`, lowest first.
    #[inline(always)]
    pub(crate) fn pieces_of<const W: usize>(&self, pos: &Position, piece: Piece) -> hetproba_board::cells::Iter<W> {
        pos.piece_set::<W>(piece).iter()
    }

    /// Makes a move (which must be legal here). [`Position::unmake`] takes it back.
    pub fn make(&self, pos: &mut Position, mv: Move) {
        pos.begin(self);
        if mv.is_pass() {
            pos.end_turn(self, false);
            return;
        }
        let rule = &self.compiled[mv.rule.index()];
        if rule.one_piece {
            if !mv.captures.is_empty() {
                for c in mv.captures.iter() {
                    pos.take(self, c);
                }
            }
            let promoted = mv.promotion().map(|t| Piece::new(t, Owner::Player(pos.side)));
            pos.step(self, mv.from, mv.to, promoted);
            pos.end_turn(self, false);
            return;
        }
        self.make_part(pos, mv);
        let mut places = rule.places();
        // A removal left with the move's captures, in make_part.
        if let Some(next) = rule.next
            && mv.part != NO_CELL
            && let Kind::Place(_) = self.compiled[next.index()].kind
        {
            let part = &self.compiled[next.index()];
            place::make(self, pos, Move::new(next, NO_CELL, mv.part), part.moving[pos.side.index()]);
            places |= part.places();
        }
        pos.end_turn(self, places);
    }

    /// Makes a move's first (or only) part: everything but its later part and the end of the turn.
    fn make_part(&self, pos: &mut Position, mv: Move) {
        let side = pos.side;
        let rule = &self.compiled[mv.rule.index()];
        if let Some(stacks) = self.rules.stacks {
            self.make_stacked(pos, mv, stacks);
            return;
        }
        // Pieces captured by hopping over them or enclosing them leave first.
        for c in mv.captures.iter() {
            pos.set(self, c, None);
            pos.clear_unmoved(self, c);
        }
        if let Some(limit) = &self.rules.same_piece {
            self.count_streak(pos, mv, limit.pieces, limit.max);
        }
        let piece = rule.moving[side.index()];
        match &rule.kind {
            Kind::Place(_) => place::make(self, pos, mv, piece),
            Kind::Roll(_) => place::make(self, pos, mv, piece),
            Kind::Push(_) => push::make(self, pos, mv, piece),
            Kind::Ray(_) => self.move_piece(pos, mv),
            Kind::Leap(_) => self.move_piece(pos, mv),
            Kind::Hops(_) => self.move_piece(pos, mv),
            Kind::Castle(k) => k.make(self, pos, mv),
            Kind::Remove(_) => unreachable!("a removal is only a later part"),
            // A line of one piece type moved one cell looks like its rear piece moved to the
            // cell in front of it: the same position.
            Kind::Line(k) if !k.carries_others(rule.piece) && k.moves_one() => self.move_piece(pos, mv),
            Kind::Line(k) => line::make(self, pos, mv, k),
        }
        if rule.leaves_passed {
            pos.set_passed(self, self.cells_between(mv.from, mv.to), mv.to);
        }
        if self.castles && pos.dropped_marks() {
            self.drop_idle_marks(pos);
        }
        if !rule.effects.is_empty() {
            rule.effects.make(self, pos, side, mv.to);
        }
    }

    /// Makes a move of a game with `[stacks]`, whose moves the loader keeps to placements,
    /// steps, slides, leaps and hops with no effects: the tops it hops leave their columns
    /// first, then the moving column carries them. Out of line: games without stacks never
    /// come here, and `make` stays small for them.
    #[cold]
    #[inline(never)]
    fn make_stacked(&self, pos: &mut Position, mv: Move, stacks: hetproba_rules::model::Stacks) {
        let prisoners = self.take_tops(pos, &mv);
        if let Some(limit) = &self.rules.same_piece {
            self.count_streak(pos, mv, limit.pieces, limit.max);
        }
        let rule = &self.compiled[mv.rule.index()];
        match rule.kind {
            Kind::Place(_) => place::make(self, pos, mv, rule.moving[pos.side.index()]),
            _ => self.carry(pos, mv, stacks, prisoners),
        }
        if rule.leaves_passed {
            pos.set_passed(self, self.cells_between(mv.from, mv.to), mv.to);
        }
    }

    /// `[state] same-piece`: a move without capture by a counted piece adds one to its run (or
    /// starts one); any other move of the player ends the run. A piece captured ends its owner's
    /// run. Called before the move is made, captured pieces already gone. A run stops at `max`:
    /// longer runs play alike (and happen when the limit does not hold, the player owning none
    /// of the pieces it names), so counting on would only make positions differ that do not.
    fn count_streak(&self, pos: &mut Position, mv: Move, counted: PieceTypeSet, max: u8) {
        let side = pos.side;
        let enemy = side.other();
        if let Some((cell, _)) = pos.streak(enemy)
            && (mv.captures.contains(cell) || (mv.take_to && mv.to == cell))
        {
            pos.set_streak(self, enemy, NO_CELL, 0);
        }
        let piece = if mv.from == NO_CELL { None } else { pos.cells[mv.from.index()] };
        match piece {
            Some(p) if counted.contains(p.kind()) && !mv.is_capture() && mv.promotion().is_none() => {
                let run = match pos.streak(side) {
                    Some((cell, n)) if cell == mv.from => n.saturating_add(1).min(max),
                    _ => 1,
                };
                pos.set_streak(self, side, mv.to, run);
            }
            _ => pos.set_streak(self, side, NO_CELL, 0),
        }
    }

    /// Moves the piece on `from` to `to`, where it arrives as what it promotes to, if it does:
    /// the `make` of every kind that moves a piece already on the board.
    pub(super) fn move_piece(&self, pos: &mut Position, mv: Move) {
        let moving = pos.cells[mv.from.index()];
        pos.set(self, mv.from, None);
        pos.clear_unmoved(self, mv.from);
        pos.clear_unmoved(self, mv.to);
        let arriving = match mv.promotion() {
            Some(t) => Some(Piece::new(t, Owner::Player(pos.side))),
            None => moving,
        };
        pos.set(self, mv.to, arriving);
    }

    /// Could the piece on `victim`, of `mover`, have just passed over `passed` by a move of a
    /// rule that leaves passed cells ([state] passed), from a cell now empty? Positions read
    /// from text name the cells and not the move.
    pub(crate) fn could_have_passed(&self, pos: &Position, mover: PlayerId, passed: CellBits, victim: CellId) -> bool {
        let Some(here) = pos.cells[victim.index()].filter(|p| p.belongs_to(mover)) else { return false };
        self.compiled.iter().any(|rule| {
            let Kind::Ray(ray) = &rule.kind else { return false };
            // The piece, or what it promoted to on arriving there.
            let piece = rule.moving[mover.index()] == here
                || self.promotions[rule.piece.index()]
                    .as_ref()
                    .is_some_and(|p| p.cells.contains(mover.index(), victim) && p.to.contains(&here.kind()));
            rule.leaves_passed && piece && ray.could_pass(self, pos, mover, rule, victim, passed)
        })
    }

    /// Does any move rule leave passed cells?
    pub(crate) fn remembers_passed(&self) -> bool {
        self.compiled.iter().any(|r| r.leaves_passed)
    }

    /// The cells strictly between two cells on one line (empty if they share none).
    pub(crate) fn cells_between(&self, from: CellId, to: CellId) -> CellBits {
        let board = self.board();
        for d in board.all_directions() {
            let mut cells = CellBits::EMPTY;
            let mut c = board.step(from, d);
            while c != NO_CELL && c != to {
                cells.insert(c);
                c = board.step(c, d);
            }
            if c == to {
                return cells;
            }
        }
        CellBits::EMPTY
    }

    /// Passes on a move of a rule that is not a hop: through the rule's effects (which may
    /// forbid it, or add captures), then once per promotion choice. A piece may arrive in a
    /// region entered only by capturing only by landing on an enemy piece. `vacated` is the
    /// cell the piece leaves (`NO_CELL` for a new piece). Returns false if the sink stopped.
    #[inline(always)]
    pub(crate) fn emit<const W: usize>(
        &self,
        rule: &Rule,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        sink: &mut impl Sink,
    ) -> bool {
        if let Some(no_quiet) = &self.regions.no_quiet
            && no_quiet.contains(side.index(), mv.to)
            && !mv.take_to
        {
            return true;
        }
        if !rule.effects.removes() {
            if !rule.effects.is_empty() && !rule.effects.allow(self, pos, side, mv.to, vacated) {
                return true;
            }
            return self.push_promoting(rule.piece, side, mv, sink);
        }
        rule.effects.emit::<W>(self, pos, side, mv, vacated, &mut |m| self.push_promoting(rule.piece, side, m, sink))
    }

    /// True if `emit` passes a rule's moves on unchanged but for promotion.
    #[inline(always)]
    pub(crate) fn plain_emit(&self, rule: &Rule) -> bool {
        rule.effects.is_empty() && self.regions.no_quiet.is_none()
    }

    /// Pushes `base`, or one move per promotion choice when the piece promotes on `base.to`.
    #[inline(always)]
    pub(crate) fn push_promoting(&self, piece: PieceTypeId, side: PlayerId, base: Move, sink: &mut impl Sink) -> bool {
        match &self.promotions[piece.index()] {
            Some(promo) if promo.cells.contains(side.index(), base.to) => promo.to.iter().all(|&to| sink.push(base.promoting(to))),
            _ => sink.push(base),
        }
    }

    /// The cells a move's effects turn (for move descriptions).
    pub(crate) fn turned_cells(&self, pos: &Position, mv: Move) -> Vec<CellId> {
        if mv.is_pass() {
            return Vec::new();
        }
        self.compiled[mv.rule.index()].effects.turned(self, pos, pos.side, mv.to, mv.from)
    }

    /// Does the piece that makes the capture `mv` capture from where it stands? (A hop move
    /// does if its piece can begin with a capturing hop; any other capture does.)
    pub(crate) fn captures_directly(&self, pos: &Position, mv: &Move) -> bool {
        match &self.compiled[mv.rule.index()].kind {
            Kind::Hops(k) => k.first_hop_captures(self, pos, pos.side, mv.rule, mv.from),
            _ => true,
        }
    }

    /// Every landing path of a legal move, in the order its kind finds them (one path, `to`,
    /// for anything but hops; none for a placement or a pass).
    pub(crate) fn paths(&self, pos: &Position, mv: &Move) -> Vec<Vec<CellId>> {
        if mv.is_pass() || mv.from == NO_CELL {
            return vec![Vec::new()];
        }
        match &self.compiled[mv.rule.index()].kind {
            Kind::Hops(k) => k.paths(self, pos, mv),
            _ => vec![vec![mv.to]],
        }
    }

    /// The distinct ways a move takes its captured pieces: per path, each piece taken with the
    /// direction of the hop that takes it. Paths that differ only in where a flying piece lands
    /// before going on straight are one way; taking the same pieces in another order, or turning
    /// towards a piece from another cell, is another. Moves that are not hops have one way.
    pub(crate) fn capture_ways(&self, pos: &Position, mv: &Move) -> Vec<Vec<(CellId, DirId)>> {
        if !matches!(self.compiled.get(mv.rule.index()).map(|r| &r.kind), Some(Kind::Hops(_))) {
            let mut order: Vec<(CellId, DirId)> = mv.take_to.then_some((mv.to, NO_DIR)).into_iter().collect();
            order.extend(mv.captured_cells().filter(|&c| !(mv.take_to && c == mv.to)).map(|c| (c, NO_DIR)));
            return vec![order];
        }
        let mut ways: Vec<Vec<(CellId, DirId)>> = Vec::new();
        for path in self.paths(pos, mv) {
            let way = self.path_way(mv, &path);
            if !ways.contains(&way) {
                ways.push(way);
            }
        }
        ways
    }

    /// The pieces one landing path of a hop move takes, in order, each with the direction of
    /// the hop that takes it.
    pub(crate) fn path_way(&self, mv: &Move, path: &[CellId]) -> Vec<(CellId, DirId)> {
        let board = self.board();
        let mut taken = CellBits::EMPTY;
        let mut way = Vec::new();
        let mut at = mv.from;
        for &l in path {
            // The piece a hop takes lies between its start and its landing; a piece taken
            // earlier in the chain may lie there too, already gone.
            for d in board.all_directions() {
                let mut c = board.step(at, d);
                let mut between = Vec::new();
                while c != NO_CELL && c != l {
                    between.push(c);
                    c = board.step(c, d);
                }
                if c == l {
                    for c in between {
                        if mv.captures.contains(c) && !taken.contains(c) {
                            taken.insert(c);
                            way.push((c, d));
                        }
                    }
                    break;
                }
            }
            at = l;
        }
        way
    }
}
