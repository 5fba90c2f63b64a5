//! Moves: the [`Move`] value, where generated moves go ([`Sink`]), the compiled move rules
//! ([`Rule`]) and the registry of move kinds ([`kinds!`]): each kind lives in one module of this
//! folder, implements [`MoveKind`] (generation, `make`, notation, and what legality, attacks and
//! the position reader ask of it) and is one line of the registry, which makes [`Kind`] and its
//! dispatch. Below the registry: the way out of a kind's generation (`Game::emit`), moves of two
//! parts, and `make`.

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
///
/// Its fields are the engine's: outside it a move comes from the generator ([`Game::generate`])
/// or from notation ([`Game::parse_move`]), and is read through its accessors, so a move that
/// reaches [`Game::play`] was made by the engine for some position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cells captured by hopping over them, by enclosing them or by a removal.
    pub(crate) captures: CellBits,
    /// The move also captures the piece on `to` by landing on it.
    pub(crate) take_to: bool,
    /// The move's rule; [`Move::PASS`] has `PASS_RULE`. The loader allows at most
    /// [`MAX_RULES`] move rules, so every rule has its own id.
    pub(crate) rule: RuleId,
    /// The direction of a push or a castling, or `NO_DIR`.
    pub(crate) dir: DirId,
    /// The piece type it becomes, if it promotes ([`Move::promotion`]).
    pub(crate) promote: Promote,
    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    pub(crate) from: CellId,
    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    pub(crate) to: CellId,
    /// The cell of the move's later part (its rule the `next` of `rule`, a placement), or
    /// `NO_CELL` for a move of one part.
    pub(crate) part: CellId,
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
    /// The rule with this index, if a ruleset can have it: below [`MAX_RULES`] (the loader
    /// refuses more; the id after them is [`PASS_RULE`]).
    #[inline(always)]
    pub fn new(index: usize) -> Option<RuleId> {
        u8::try_from(index).ok().filter(|&i| i < PASS_RULE.0).map(RuleId)
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

    /// The cell a piece leaves, or `NO_CELL` for a placement or a pass.
    #[inline(always)]
    pub fn from(&self) -> CellId {
        self.from
    }

    /// The cell a piece arrives on (the entry cell of a push), or `NO_CELL` for a pass.
    #[inline(always)]
    pub fn to(&self) -> CellId {
        self.to
    }

    /// The move's rule, by its index in `[moves]`; `PASS_RULE` for a pass.
    #[inline(always)]
    pub fn rule(&self) -> RuleId {
        self.rule
    }

    /// The direction of a push or a castling, or `NO_DIR`.
    #[inline(always)]
    pub fn dir(&self) -> DirId {
        self.dir
    }

    /// The cell of the move's later part, or `NO_CELL` for a move of one part.
    #[inline(always)]
    pub fn part(&self) -> CellId {
        self.part
    }

    /// The cells captured by hopping over them, by enclosing them or by a removal (not `to`).
    #[inline(always)]
    pub fn captures(&self) -> CellBits {
        self.captures
    }

    /// Does the move also capture the piece on `to` by landing on it?
    #[inline(always)]
    pub fn takes_to(&self) -> bool {
        self.take_to
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

/// May a piece of `side` land on a cell holding `target`, capturing only pieces of `takes`
/// (`None`: any)?
#[inline(always)]
pub(crate) fn lands_taking(to: Landing, target: Option<Piece>, side: PlayerId, takes: Option<PieceTypeSet>) -> bool {
    lands(to, target, side) && takes.is_none_or(|t| target.is_none_or(|p| t.contains(p.kind())))
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
    /// The position remembers a ko after it (`[state] ko`).
    pub leaves_ko: bool,
    /// Its letter in FEN's castling field.
    pub fen: Option<char>,
    /// The rule of the move's later part (`next`), if the move has one.
    pub next: Option<RuleId>,
    /// Its moves only take one piece from one cell to another, capturing on the way or not,
    /// in a game that keeps no other state of a move ([`Rule::moves_one_piece`]): `make` then
    /// records it as one step.
    pub one_piece: bool,
    /// Its piece promotes on arrival only and always, or never: the fast paths of generation
    /// know no more (set by `Game::new`, with the promotions).
    pub simple_promotion: bool,
    /// Its moves start from a piece of its own on the board (a step, slide, leap or hop):
    /// with none there, it has no move, and generation skips it.
    pub from_pieces: bool,
    /// It has an `if`, asked before its moves are generated.
    pub conditional: bool,
}

/// How a legality test sees a move of a kind without making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// One piece leaves `from` (none for a placement) and stands on `to` (promoted or not), and
    /// the captured cells empty: a view of those cells.
    Piece,
    /// The kind says which cells change ([`MoveKind::changes`]).
    Own,
    /// The move is made on a scratch copy.
    Made,
}

/// How a kind's moves capture, read backwards from the captured cell for the attack tables.
pub(crate) enum Attack<'a> {
    /// It captures nothing by landing or hopping.
    None,
    /// It captures by moving `min..=max` cells along one of `dirs` onto the piece, landing only
    /// where `stay` (a set per player) holds exactly when it starts there, and only pieces of
    /// `takes` (`None`: any).
    Lines { dirs: &'a [DirId], min: u32, max: u32, stay: Option<&'a CellSets>, takes: Option<PieceTypeSet> },
    /// It captures by leaping: `targets[cell]`, the cells a leap from `cell` lands on; only
    /// pieces of the set (`None`: any).
    Leaps(&'a [Vec<CellId>], Option<PieceTypeSet>),
    /// It captures along one of `dirs` over exactly `screens` pieces (of the types `screen`,
    /// `None`: any), landing as `stay` allows on a piece of `takes`.
    Screens { dirs: &'a [DirId], screens: u32, screen: Option<PieceTypeSet>, stay: Option<&'a CellSets>, takes: Option<PieceTypeSet> },
    /// It captures in a way that cannot be read backwards: attacks are found by generating.
    General,
}

/// What a kind compiles from: the model's primitive (`A`) in a ruleset, at a width.
pub(crate) trait Compile<A> {
    fn compile(primitive: &A, rules: &Ruleset, width: Width) -> Self;
}

/// A compiled move kind. Each kind's module implements it; the defaults fit a kind that moves
/// one piece already on the board and captures nothing by its own action.
pub(crate) trait MoveKind {
    /// It brings a new piece onto the board (a placement, a roll, a push).
    const PLACES: bool = false;
    /// Its moves start from a piece of its own on the board: with none there, it has no move.
    const FROM_PIECES: bool = false;
    /// It only takes one piece along a ray or a leap: only the cells it leaves and lands on
    /// change, and a piece that no line from a royal piece runs through makes it legally.
    const VIEWS_PLAIN: bool = false;
    /// It asks whether cells are attacked while generating (castling); attacks found by
    /// generating leave it out, or one question would ask the other without end.
    const ASKS_ATTACKS: bool = false;
    /// As the later part of a move, its cell is among the move's captures (a removal).
    const PART_TAKES: bool = false;
    /// A move may have several landing paths ([`MoveKind::paths`]): a chain of hops.
    const PATHS: bool = false;
    /// How a legality test sees its moves.
    const SEEN: Seen = Seen::Made;

    /// The moves of rule `r` (of this kind) by `side`; false if the sink stopped.
    fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool;

    /// Its default notation template for `mv`.
    fn template(&self, mv: &Move) -> &'static str;

    /// Where a move by `side` of `piece` could leave pieces from `from` (`NO_CELL` for a kind
    /// that places), whatever stands where, before any promotion; and the other pieces it
    /// moves, with where.
    fn reach(
        &self,
        game: &Game,
        side: PlayerId,
        piece: PieceTypeId,
        from: CellId,
        moved: &mut Vec<CellId>,
        others: &mut Vec<(Piece, CellId)>,
    );

    /// Makes a move of it (captured pieces are gone already); `piece` is the piece it places.
    fn make(&self, game: &Game, pos: &mut Position, mv: Move, _rule: &Rule) {
        game.move_piece(pos, mv);
    }

    /// Does no move of it capture by its own action?
    fn never_captures(&self) -> bool {
        false
    }

    /// Does every move of it capture?
    fn always_captures(&self) -> bool {
        false
    }

    /// Does each move of it only take its piece from `from` to `to` (promoted or not), the
    /// captures aside? Then `make` may record it as one step.
    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        false
    }

    /// Do its moves carry pieces of other types than the rule's own (a push, a mixed line)?
    fn shifts_others(&self, _piece: PieceTypeId) -> bool {
        false
    }

    /// How its moves by `side` capture, for the attack tables.
    fn attack(&self, _side: PlayerId) -> Attack<'_> {
        Attack::None
    }

    /// The cells a move changes, for a kind [`Seen::Own`]: (cell, what it holds after).
    fn changes(&self, _game: &Game, _pos: &Position, mv: &Move) -> [(CellId, Option<Piece>); 4] {
        [(mv.from, None), (NO_CELL, None), (NO_CELL, None), (NO_CELL, None)]
    }

    /// As the later part of a move: each cell it may act on, `origin` being where the part
    /// before landed, given to `each` (false: stop). False if it stopped.
    fn later_cells<const W: usize>(
        &self,
        _game: &Game,
        _pos: &Position,
        _side: PlayerId,
        _origin: CellId,
        _each: &mut impl FnMut(CellId) -> bool,
    ) -> bool {
        true
    }

    /// Makes it as the later part of a move on `cell`, `piece` being the rule's piece.
    fn make_later(&self, _game: &Game, _pos: &mut Position, _cell: CellId, _piece: Piece) {}

    /// Every landing path of a legal move, when a move may have several (chains of hops).
    fn paths(&self, _game: &Game, _pos: &Position, _mv: &Move) -> Option<Vec<Vec<CellId>>> {
        None
    }

    /// Can the piece on `from` begin a move of rule `r` with a capture (for `capture-trigger =
    /// "direct"`)?
    fn captures_directly(&self, _game: &Game, _pos: &Position, _side: PlayerId, _r: RuleId, _from: CellId) -> bool {
        true
    }

    /// Could the piece on `victim` of `mover` have just passed over `passed` by a move of it?
    fn could_pass(&self, _game: &Game, _pos: &Position, _mover: PlayerId, _rule: &Rule, _victim: CellId, _passed: CellBits) -> bool {
        false
    }
}

/// The registry of move kinds: each line a kind's module and type, and the model's primitives
/// it compiles from. It makes [`Kind`], its compilation and its dispatch, each an exhaustive
/// match (a primitive of the model without a kind does not compile).
macro_rules! kinds {
    ($( $Variant:ident ($module:ident :: $Type:ident) <= $( $Model:ident )|+ ),* $(,)?) => {
        $( mod $module; )*

        /// The closed set of move kinds.
        #[derive(Clone, Debug)]
        pub(crate) enum Kind {
            $( $Variant($module::$Type), )*
        }

        impl Kind {
            fn compile(action: &Action, rules: &Ruleset, width: Width) -> Kind {
                match action {
                    $( $( Action::$Model(a) => Kind::$Variant(<$module::$Type as Compile<_>>::compile(a, rules, width)), )+ )*
                }
            }

            #[inline(always)]
            pub(crate) fn generate<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
                match self { $( Kind::$Variant(k) => k.generate::<W>(game, pos, side, r, sink), )* }
            }

            pub(crate) fn template(&self, mv: &Move) -> &'static str {
                match self { $( Kind::$Variant(k) => k.template(mv), )* }
            }

            pub(crate) fn reach(&self, game: &Game, side: PlayerId, piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
                match self { $( Kind::$Variant(k) => k.reach(game, side, piece, from, moved, others), )* }
            }

            #[inline(always)]
            pub(crate) fn make(&self, game: &Game, pos: &mut Position, mv: Move, rule: &Rule) {
                match self { $( Kind::$Variant(k) => k.make(game, pos, mv, rule), )* }
            }

            pub(crate) fn places(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PLACES, )* }
            }

            fn starts_from_pieces(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::FROM_PIECES, )* }
            }

            #[inline(always)]
            fn views_plain(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::VIEWS_PLAIN, )* }
            }

            pub(crate) fn asks_attacks(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::ASKS_ATTACKS, )* }
            }

            pub(crate) fn has_paths(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PATHS, )* }
            }

            pub(crate) fn part_takes(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PART_TAKES, )* }
            }

            #[inline(always)]
            pub(crate) fn seen(&self) -> Seen {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::SEEN, )* }
            }

            fn never_captures(&self) -> bool {
                match self { $( Kind::$Variant(k) => k.never_captures(), )* }
            }

            fn always_captures(&self) -> bool {
                match self { $( Kind::$Variant(k) => k.always_captures(), )* }
            }

            fn moves_one_piece(&self, piece: PieceTypeId) -> bool {
                match self { $( Kind::$Variant(k) => k.moves_one_piece(piece), )* }
            }

            pub(crate) fn shifts_others(&self, piece: PieceTypeId) -> bool {
                match self { $( Kind::$Variant(k) => k.shifts_others(piece), )* }
            }

            pub(crate) fn attack(&self, side: PlayerId) -> Attack<'_> {
                match self { $( Kind::$Variant(k) => k.attack(side), )* }
            }

            #[inline(always)]
            pub(crate) fn changes(&self, game: &Game, pos: &Position, mv: &Move) -> [(CellId, Option<Piece>); 4] {
                match self { $( Kind::$Variant(k) => k.changes(game, pos, mv), )* }
            }

            fn later_cells<const W: usize>(&self, game: &Game, pos: &Position, side: PlayerId, origin: CellId, each: &mut impl FnMut(CellId) -> bool) -> bool {
                match self { $( Kind::$Variant(k) => k.later_cells::<W>(game, pos, side, origin, each), )* }
            }

            fn make_later(&self, game: &Game, pos: &mut Position, cell: CellId, piece: Piece) {
                match self { $( Kind::$Variant(k) => k.make_later(game, pos, cell, piece), )* }
            }

            fn paths(&self, game: &Game, pos: &Position, mv: &Move) -> Option<Vec<Vec<CellId>>> {
                match self { $( Kind::$Variant(k) => k.paths(game, pos, mv), )* }
            }

            fn captures_directly(&self, game: &Game, pos: &Position, side: PlayerId, r: RuleId, from: CellId) -> bool {
                match self { $( Kind::$Variant(k) => k.captures_directly(game, pos, side, r, from), )* }
            }

            fn could_pass(&self, game: &Game, pos: &Position, mover: PlayerId, rule: &Rule, victim: CellId, passed: CellBits) -> bool {
                match self { $( Kind::$Variant(k) => k.could_pass(game, pos, mover, rule, victim, passed), )* }
            }
        }
    };
}

kinds! {
    Place(place::Place) <= Place,
    Drop(drop::Drop) <= Drop,
    Roll(roll::Roll) <= Roll,
    Push(push::Push) <= Push,
    Ray(ray::Ray) <= Step | Slide,
    Leap(leap::Leap) <= Leap,
    Hops(hops::Hops) <= Hops,
    Castle(castle::Castle) <= Castle,
    Remove(remove::Remove) <= Remove,
    Line(line::Line) <= Line,
    Track(track::Track) <= Track,
}

impl Rule {
    /// Compiles the move rule `index` of a ruleset.
    pub(crate) fn compile(rules: &Ruleset, index: usize, width: Width) -> Rule {
        let rule: &MoveRule = &rules.moves[index];
        let owned = rules.pieces[rule.piece.index()].owned;
        let moving = PlayerId::BOTH.map(|side| Piece::new(rule.piece, owned.then_some(side).into()));
        let kind = Kind::compile(&rule.action, rules, width);
        let from_pieces = kind.starts_from_pieces();
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
            takes_passed: rule.action.lands_on_passed(),
            leaves_ko: rule.leaves_ko,
            fen: rule.fen,
            next: rule.next.map(|next| RuleId::new(next).expect("the loader allows at most MAX_RULES move rules")),
            one_piece: false,
            simple_promotion: true,
            from_pieces,
            conditional: rule.when.is_some(),
        }
    }

    /// Does a move of this rule only take its piece from `from` to `to` (promoted or not),
    /// capturing on the way or not, with no effect and no later part? (Whether the game keeps
    /// state of its own about moves is the game's to say: [`Game::with_width`].)
    pub(crate) fn moves_one_piece(&self) -> bool {
        self.kind.moves_one_piece(self.piece) && self.effects.is_empty() && !self.leaves_passed && self.next.is_none()
    }

    /// Does a move of this rule only take one piece along a ray or a leap, with no effect and
    /// no later part? Then only the cells it leaves and lands on change, and a piece that no
    /// line from a royal piece runs through may make it without a legality test.
    #[inline(always)]
    pub(crate) fn views_plain(&self) -> bool {
        self.kind.views_plain() && self.effects.is_empty() && self.next.is_none()
    }

    /// True for kinds that bring a new piece onto the board.
    pub(crate) fn places(&self) -> bool {
        self.kind.places()
    }

    /// Does no move of this rule capture? (A kind that captures nothing by its action, with no
    /// effect that removes pieces and no later part.)
    pub(crate) fn never_captures(&self) -> bool {
        self.kind.never_captures() && !self.effects.removes() && self.next.is_none()
    }

    /// Does every move of this rule capture (so that none goes anywhere without)?
    pub(crate) fn always_captures(&self) -> bool {
        self.kind.always_captures()
    }

    /// The notation template of a move of this rule.
    pub(crate) fn template(&self, mv: &Move) -> &str {
        match &self.template {
            Some(own) => own,
            None => self.kind.template(mv),
        }
    }

    /// Where a move of this rule by `side` could leave pieces, whatever stands where: the cells
    /// of the piece it moves from `from` (or puts on the board: then `from` is `NO_CELL`),
    /// before any promotion, and the other pieces it moves, with where (a castling's
    /// partner). A push shifts whole lines and a roll stops anywhere: every cell.
    pub(crate) fn reach(&self, game: &Game, side: PlayerId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
        self.kind.reach(game, side, self.piece, from, moved, others);
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
        if rule.conditional && !self.rule_allowed::<W>(pos, side, index) {
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
        let rule = RuleId::new(index).expect("the loader allows at most MAX_RULES move rules");
        self.compiled[index].kind.generate::<W>(self, pos, side, rule, sink)
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
            // The later part's `if` reads the move so far as the last move.
            let captured = if self.tally.last {
                first.captured_cells().filter_map(|c| after.at(c).map(|p| p.kind())).collect()
            } else {
                PieceTypeSet::EMPTY
            };
            self.make_part(after, first);
            if self.tally.last {
                after.set_last(self, crate::position::LastMove { known: true, from: first.from, to: first.to, captured });
            }
            let mut any = false;
            let more = if conditional && !self.part_allowed::<W>(after, next.index()) {
                true
            } else {
                let part = &self.compiled[next.index()].kind;
                let takes = part.part_takes();
                part.later_cells::<W>(self, after, side, first.to, &mut |c| {
                    any = true;
                    let mut mv = Move { part: c, ..first };
                    if takes {
                        mv.captures.insert(c);
                    }
                    sink.push(mv)
                })
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
            && self.compiled[next.index()].kind.part_takes()
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

    /// Makes a move without checking it: the move must be one of the legal moves of `pos`
    /// (perft, searches and playouts make the moves they generate). [`Position::unmake`] takes
    /// it back. [`Game::play`] is the checked path.
    #[inline]
    pub fn make(&self, pos: &mut Position, mv: Move) {
        if self.tally.any {
            self.make_tallied(pos, mv);
        } else {
            self.make_plain(pos, mv);
        }
    }

    /// Makes a move, without the counters `[state]` may declare ([`Game::make_tallied`]).
    pub(crate) fn make_plain(&self, pos: &mut Position, mv: Move) {
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
        {
            let part = &self.compiled[next.index()];
            part.kind.make_later(self, pos, mv.part, part.moving[pos.side.index()]);
            places |= part.places();
        }
        pos.end_turn(self, places);
    }

    /// Makes a move's first (or only) part: everything but its later part and the end of the turn.
    fn make_part(&self, pos: &mut Position, mv: Move) {
        if let Some(stacks) = self.rules.stacks {
            self.make_stacked(pos, mv, stacks);
            return;
        }
        if self.hands.is_some() {
            // Out of line: games without hands never come here.
            let marked = self.before_held(pos, &mv);
            self.make_on_board(pos, mv);
            self.after_held(pos, &mv, marked);
            return;
        }
        self.make_on_board(pos, mv);
    }

    /// [`Game::make_part`] on the board: the captured pieces leave, the piece moves, the
    /// declared state follows.
    #[inline(always)]
    fn make_on_board(&self, pos: &mut Position, mv: Move) {
        let side = pos.side;
        let rule = &self.compiled[mv.rule.index()];
        // Pieces captured by hopping over them or enclosing them leave first.
        for c in mv.captures.iter() {
            pos.set(self, c, None);
            pos.clear_unmoved(self, c);
        }
        if let Some(limit) = &self.rules.same_piece {
            self.count_streak(pos, mv, limit.pieces, limit.max);
        }
        rule.kind.make(self, pos, mv, rule);
        if rule.leaves_passed {
            pos.set_passed(self, self.cells_between(mv.from, mv.to), mv.to);
        }
        if self.castles && pos.dropped_marks() {
            self.drop_idle_marks(pos);
        }
        if !rule.effects.is_empty() {
            rule.effects.make(self, pos, side, mv.to, mv.is_capture());
            // Suicide: the arriving piece is among what its own move captures.
            if rule.effects.removes() && mv.captures.contains(mv.to) {
                pos.set(self, mv.to, None);
            }
        }
        if rule.leaves_ko
            && mv.capture_count() == 1
            && let Some(taken) = mv.captures.iter().next()
            && rule.effects.leaves_ko(self, pos, side, mv.to, taken)
        {
            pos.set_ko(self, taken);
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
        if rule.places() {
            rule.kind.make(self, pos, mv, rule);
        } else {
            self.carry(pos, mv, stacks, prisoners);
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
            // The piece, or what it promoted to on arriving there.
            let piece = rule.moving[mover.index()] == here
                || self.promotions[rule.piece.index()]
                    .as_ref()
                    .is_some_and(|p| p.cells.contains(mover.index(), victim) && p.to.contains(&here.kind()));
            rule.leaves_passed && piece && rule.kind.could_pass(self, pos, mover, rule, victim, passed)
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
            if !rule.effects.is_empty() && !rule.effects.allow::<W>(self, pos, side, mv.to, vacated) {
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

    /// Pushes `base`, or one move per promotion choice when the piece promotes on `base.to` (or
    /// leaving `base.from`, where the promotion says so), and `base` itself first where the
    /// promotion is optional there.
    #[inline(always)]
    pub(crate) fn push_promoting(&self, piece: PieceTypeId, side: PlayerId, base: Move, sink: &mut impl Sink) -> bool {
        match &self.promotions[piece.index()] {
            Some(promo) if promo.applies(side, base.from, base.to) => {
                (!promo.may_stay(side, base.to) || sink.push(base)) && promo.to.iter().all(|&to| sink.push(base.promoting(to)))
            }
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
        self.compiled[mv.rule.index()].kind.captures_directly(self, pos, pos.side, mv.rule, mv.from)
    }

    /// Every landing path of a legal move, in the order its kind finds them (one path, `to`,
    /// for anything but hops; none for a placement or a pass).
    pub(crate) fn paths(&self, pos: &Position, mv: &Move) -> Vec<Vec<CellId>> {
        if mv.is_pass() || mv.from == NO_CELL {
            return vec![Vec::new()];
        }
        self.compiled[mv.rule.index()].kind.paths(self, pos, mv).unwrap_or_else(|| vec![vec![mv.to]])
    }

    /// The distinct ways a move takes its captured pieces: per path, each piece taken with the
    /// direction of the hop that takes it. Paths that differ only in where a flying piece lands
    /// before going on straight are one way; taking the same pieces in another order, or turning
    /// towards a piece from another cell, is another. Moves that are not hops have one way.
    pub(crate) fn capture_ways(&self, pos: &Position, mv: &Move) -> Vec<Vec<(CellId, DirId)>> {
        if !self.compiled.get(mv.rule.index()).is_some_and(|r| r.kind.has_paths()) {
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
