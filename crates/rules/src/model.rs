//! The checked model of a ruleset: everything resolved (extends, parameters, names), every
//! reference checked. The engine compiles this; it never sees TOML.

pub use crate::prims::draws::{Event, Material};
pub use crate::prims::turn::{PassRule, Removal, Trigger};
/// The primitives' own types, by category (`moves::Slide`, `effects::Enclose`, ...).
pub use crate::prims::{
    Action, Criterion, DrawKind, Effect, EvalKind, Query, Test, Turn, counts, criteria, draws, effects, ends, moves, terms, turn,
};
use crate::source::{Sources, Span};
pub use hetproba_board::{Board, CellId, DirId, Shape};

/// A player: the first (0) or the second (1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub const FIRST: PlayerId = PlayerId(0);
    pub const SECOND: PlayerId = PlayerId(1);

    /// Both players, first first.
    pub const BOTH: [PlayerId; 2] = [PlayerId::FIRST, PlayerId::SECOND];

    /// The opponent.
    #[inline(always)]
    pub fn other(self) -> PlayerId {
        PlayerId(self.0 ^ 1)
    }

    /// Its index, for tables with one entry per player.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
/// An index newtype: `new` from a position in its list, `index` back.
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident($int:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name($int);

        impl $name {
            /// The entry at this position of its list (which the loader keeps short enough).
            #[inline(always)]
            pub fn new(index: usize) -> $name {
                debug_assert!(index <= <$int>::MAX as usize, "index {index} does not fit {}", stringify!($name));
                $name(index as $int)
            }

            /// Its position in its list.
            #[inline(always)]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_type! {
    /// A piece type: an index into [`Ruleset::pieces`] (below
    /// [`PieceTypeSet::CAPACITY`]).
    PieceTypeId(u8)
}
index_type! {
    /// A direction set: an index into [`Ruleset::direction_sets`].
    DirSetId(u16)
}
index_type! {
    /// A region: an index into [`Ruleset::regions`].
    RegionId(u16)
}

/// A set of piece types, one bit per type (a ruleset has at most 64).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceTypeSet(u64);

impl PieceTypeSet {
    /// The most piece types a set holds, and so a ruleset has.
    pub const CAPACITY: usize = 64;
    pub const EMPTY: PieceTypeSet = PieceTypeSet(0);

    #[inline(always)]
    pub fn contains(self, piece: PieceTypeId) -> bool {
        debug_assert!(piece.index() < Self::CAPACITY);
        self.0 >> piece.0 & 1 == 1
    }

    #[inline(always)]
    pub fn insert(&mut self, piece: PieceTypeId) {
        debug_assert!(piece.index() < Self::CAPACITY);
        self.0 |= 1 << piece.0;
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The piece types in it, lowest first.
    pub fn iter(self) -> impl Iterator<Item = PieceTypeId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let t = bits.trailing_zeros();
                bits &= bits - 1;
                PieceTypeId(t as u8)
            })
        })
    }
}

impl FromIterator<PieceTypeId> for PieceTypeSet {
    fn from_iter<I: IntoIterator<Item = PieceTypeId>>(iter: I) -> PieceTypeSet {
        let mut set = PieceTypeSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

/// A checked ruleset.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    /// The ruleset this one extends, if any.
    pub extends: Option<String>,
    /// Where the rules come from (a seed passage, a published rule book).
    pub source: String,
    pub summary: String,
    /// `[game] uci-variant`: another name `UCI_Variant` knows the ruleset by (Fairy-Stockfish's
    /// name for the variant, where it is not the id).
    pub uci_variant: Option<String>,
    pub players: [Player; 2],
    /// Parameters and their values (after overrides).
    pub params: Vec<(String, i64)>,
    /// Per parameter, in the order of `params`: the least and the most a run may set it to,
    /// where `[params]` says (`size = { default = 8, min = 5, max = 12 }`).
    pub param_ranges: Vec<(Option<i64>, Option<i64>)>,
    pub board: Board,
    pub shape: Shape,
    pub naming: Naming,
    /// Each player's forward direction (`[board.forward]`), if the board has it.
    pub forward: [Option<DirId>; 2],
    pub direction_sets: Vec<DirectionSet>,
    pub regions: Vec<Region>,
    /// The points of the shape drawn dark (`[board] dark`), for front ends that draw the board;
    /// empty: every cell is drawn alike. Play never looks at it.
    pub dark: Vec<(i32, i32)>,
    /// The board's tracks (`[board.tracks]`), which `track()` moves follow.
    pub tracks: Vec<Track>,
    pub pieces: Vec<PieceType>,
    pub start: Start,
    pub phases: Vec<Phase>,
    pub moves: Vec<MoveRule>,
    pub turn: Turn,
    pub ends: Vec<EndRule>,
    /// Draws that need the game's history; applied in play and replay, not in perft.
    pub draws: Vec<DrawRule>,
    /// A game clock, if the ruleset sets one.
    pub clock: Option<Clock>,
    pub notation: Notation,
    /// The piece types whose pieces the position remembers as never moved (castling rights).
    pub unmoved: Vec<PieceTypeId>,
    /// A limit on moving one piece many times in a row, if the rules set one.
    pub same_piece: Option<SamePiece>,
    /// The counters and the memory of the last move the position keeps (`[state] checks`,
    /// `captured`, `passes`, `last`), for conditions to read.
    pub tally: Tally,
    /// How the computer players judge a position that is not over (`[eval]`, or the default).
    pub eval: Eval,
    /// `[stacks]`: a cell may hold a column of pieces, if the rules say so.
    pub stacks: Option<Stacks>,
    /// `[hands]`: each player keeps pieces off the board, to drop them later, if the rules say so.
    pub hands: Option<Hands>,
    /// `[game] cannot-draw = true` (where it is written): no end rule or draw rule gives a
    /// draw, and a game that ends with no rule holding is a contradiction that `check` reports.
    pub cannot_draw: Option<Span>,
    pub tests: Vec<TestCase>,
    pub interpretations: Vec<Interpretation>,
    /// `[lang.CODE]`: its words in other languages, by language code.
    pub lang: std::collections::BTreeMap<String, Translation>,
    /// The files the ruleset was read from, for messages that point into them.
    pub sources: Sources,
}

/// `[lang.CODE]`: a ruleset's own words in another language; what it leaves out (None, empty)
/// stays as the ruleset writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Translation {
    pub name: Option<String>,
    pub summary: Option<String>,
    /// Both players' names, in order, or none.
    pub players: Vec<String>,
    /// Each piece type's name, by its index (empty: none named).
    pub pieces: Vec<Option<String>>,
    /// The reasons of end and draw rules, by their own words.
    pub words: std::collections::BTreeMap<String, String>,
}

pub use hetproba_board::Naming;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// The letter that names this player in position notation (`b`, `w`).
    pub short: String,
    /// The name is a plural ("hounds"): results say "hounds win".
    pub plural: bool,
}

impl Player {
    /// "black wins", "hounds win".
    pub fn wins(&self) -> String {
        format!("{} {}", self.name, if self.plural { "win" } else { "wins" })
    }
}

/// `[state] same-piece`: a player may not move the same piece of these types more than `max`
/// times in a row without capturing, while owning a piece of the `while_owning` types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamePiece {
    /// The piece types counted.
    pub pieces: PieceTypeSet,
    pub max: u8,
    /// The limit holds only while the player owns a piece of these types (empty: always).
    pub while_owning: PieceTypeSet,
}

/// What `[state]` asks the position to count and remember for conditions: each saved for
/// `unmake`, hashed and written in the position's notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `checks = N`: the checks each player has given, counted up to N (a move after which a
    /// royal piece of the opponent stands attacked gives one).
    pub checks: Option<u16>,
    /// `captured = true`: the pieces each player has captured, by type.
    pub captured: bool,
    /// `passes = true`: the moves in a row that moved nothing (a pass, or a piece that stays
    /// where it stood and captures nothing), by either player.
    pub passes: bool,
    /// `last = true`: the cells of the last move and the types of the pieces it captured.
    pub last: bool,
}

impl Tally {
    /// Does the position keep any of it?
    pub fn any(&self) -> bool {
        self.checks.is_some() || self.captured || self.passes || self.last
    }
}

/// A named set of directions, resolved for each player (`forward` differs between players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectionSet {
    pub name: String,
    pub dirs: [Vec<DirId>; 2],
}

/// A track of the board (`[board.tracks]`): a cyclic sequence of cells, a cell possibly more
/// than once (where the track crosses itself), and the loops between some neighbours in it.
/// `loops[i]` holds when the way from `cells[i]` to the next cell (the first, after the last)
/// runs round a loop: Surakarta's circuits and their corner loops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub name: String,
    pub cells: Vec<CellId>,
    pub loops: Vec<bool>,
}

/// A track of the board, by its index in [`Ruleset::tracks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TrackId(pub u8);

impl TrackId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A named set of cells, resolved for each player (`far` differs between players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub name: String,
    pub cells: [Vec<bool>; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    pub name: String,
    /// Position-notation letter for each owner; a neutral piece has one letter, in slot 0.
    pub symbols: [char; 2],
    /// False for pieces that belong to nobody (blocking stones).
    pub owned: bool,
    /// Worth, for evaluation.
    pub value: i32,
    pub promotion: Option<Promotion>,
    /// No move may leave a royal piece of the mover attacked (a king in check).
    pub royal: bool,
    /// The letter move notation writes for it (`N` for a knight); empty for none (a pawn).
    pub letter: String,
    /// `figure`: the drawing a board shows for it, where it has one.
    pub figure: Option<Figure>,
}

/// A piece's drawing on a board (`figure = "knight"`): the figures players know from chess
/// sets. A piece type without one is drawn as a disc with its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Figure {
    pub const ALL: [Figure; 6] = [Figure::King, Figure::Queen, Figure::Rook, Figure::Bishop, Figure::Knight, Figure::Pawn];

    /// Its name in a ruleset.
    pub fn name(self) -> &'static str {
        match self {
            Figure::King => "king",
            Figure::Queen => "queen",
            Figure::Rook => "rook",
            Figure::Bishop => "bishop",
            Figure::Knight => "knight",
            Figure::Pawn => "pawn",
        }
    }
}

/// How a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The piece types it may become (several: the mover chooses, each is its own move).
    pub to: Vec<PieceTypeId>,
    /// Where: a region, resolved per player (`far`).
    pub region: RegionId,
    pub during_capture: MidCapture,
    /// The piece may also stay as it is (each move is then listed with and without promotion).
    pub optional: bool,
    /// A move that starts in the region promotes too, not only one that ends there (shogi:
    /// entering, leaving or moving inside the zone).
    pub leaving: bool,
    /// Where promotion is compulsory even when it is `optional`: the cells it could never move
    /// from again (a shogi lance on the last rank).
    pub forced: Option<RegionId>,
    /// `limit`: a choice is offered only while the mover has fewer pieces of that type on the
    /// board than this says (grand chess: only to a type the player has lost).
    pub limit: Option<PromotionLimit>,
}

/// How many pieces of a type a player may have on the board for a promotion to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromotionLimit {
    /// As many as the player has at the start (`[start]`): only to a type the player has lost.
    Start,
    /// At most these many of each type named; a type not named has no limit.
    Most(Vec<(PieceTypeId, u32)>),
}

/// `[hands]`: pieces kept off the board by each player, dropped later by `drop()` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// A captured piece changes owner into the captor's hand, as [`Hands::demote`] says.
    pub captures: bool,
    /// The position marks each piece that arrived by promotion (FEN writes `~` after it), and a
    /// marked piece goes into a hand as the type it promoted from ([`Hands::unpromoted`]).
    pub marks: bool,
    /// Per piece type: the type it goes into a hand as (itself, or for a type that only
    /// arises by promotion, the type it promoted from).
    pub demote: Vec<PieceTypeId>,
    /// Per piece type: the type a marked piece of it promoted from (itself where none does).
    pub unpromoted: Vec<PieceTypeId>,
    /// The pieces each player holds at the start: per player, per piece type, how many.
    pub start: [Vec<u16>; 2],
    /// `order`: the types in the order positions write hands in; empty: the most valuable first.
    pub order: Vec<PieceTypeId>,
}

/// The most pieces of one type a hand holds (counts are 16 bits).
pub const MAX_IN_HAND: u32 = u16::MAX as u32;

/// What happens when a piece reaches its promotion region in the middle of a capture chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCapture {
    /// It goes on capturing as it is and promotes only if the move ends in the region.
    AtEnd,
    /// It promotes at once and goes on capturing with the new piece's captures.
    AtOnce,
    /// The move ends there and it promotes.
    EndsMove,
}

/// The start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// (cell, piece type, owner; `None` for a neutral piece).
    pub pieces: Vec<(CellId, PieceTypeId, Option<PlayerId>)>,
    pub side: PlayerId,
}

/// A stretch of the game with its own moves: blocking stones first, then play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub name: String,
    /// The phase ends after this many plies, or once each player has placed this many pieces
    /// in it; `None`: it lasts to the end of the game.
    pub limit: Option<PhaseLimit>,
    /// Indices into [`Ruleset::moves`].
    pub moves: Vec<usize>,
}

/// How long a phase lasts (a limit of 1 to `u16::MAX`: positions count progress in a `u16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseLimit {
    /// This many plies, whoever plays them.
    Plies(u32),
    /// Until each player has placed this many pieces in the phase (a player who has placed
    /// them all places no more).
    Placed(u32),
    /// `until = "hands-empty"`: each player plays this phase's moves while their hand holds
    /// pieces, and the next phase's once it is empty; the phase ends when both hands are.
    HandsEmpty,
}

/// One kind of move, from a `[moves.NAME]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRule {
    pub name: String,
    /// The piece placed or moved.
    pub piece: PieceTypeId,
    pub action: Action,
    pub effects: Vec<Effect>,
    /// Notation template (`@{to}`); `None`: the action's default.
    pub notation: Option<String>,
    /// Only pieces standing in this region (resolved for the mover) make this move.
    pub from: Option<RegionId>,
    /// `promote = "TYPE"`: every move of this rule turns its piece into this type (the piece's
    /// own `promote` does not apply to them).
    pub becomes: Option<PieceTypeId>,
    /// The letter that stands for this move's right in FEN's castling field (`K`, `Q`).
    pub fen: Option<char>,
    /// The position remembers the cells this move passed over, for the next move to land on
    /// (`to=passed`: en passant).
    pub leaves_passed: bool,
    /// The position remembers a ko after this move (`[state] ko`): when it captured exactly
    /// one piece and its piece now stands alone with that cell its only liberty, the next move
    /// may not place on that cell.
    pub leaves_ko: bool,
    /// The rule of the move's later part, made by the same player in the same move after this
    /// one (`next = "shoot"`): a move of this rule is whole only with one of that rule's. A rule
    /// named so is a part only, never a move by itself.
    pub next: Option<usize>,
    /// How a move goes on with this rule when it is a later part that moves the piece again
    /// (`chain`, `revisit`, `direction` on a `step`, `slide` or `leap` named in a `next`).
    pub onward: Onward,
    /// `if`: the part is made only when this holds just before it: for a first part, in the
    /// position before the move (the last move being the opponent's); for a later part, after
    /// the part before (the mover's move so far being "the last move"), and otherwise the move
    /// is whole without it. "The mover" is the player making the move.
    pub when: Option<Condition>,
    /// `if-after`: a move of this rule is legal only when this holds in the position after the
    /// whole move, as an end condition reads it (the mover having just moved).
    pub after: Option<Condition>,
    /// The pattern as written, and where.
    pub text: String,
    pub span: Span,
}

impl MoveRule {
    /// A rule as its pattern gives it; `from`, `fen`, `next` and `when` come from its other keys.
    pub fn new(
        name: String,
        piece: PieceTypeId,
        action: Action,
        effects: Vec<Effect>,
        notation: Option<String>,
        text: String,
        span: Span,
    ) -> MoveRule {
        MoveRule {
            name,
            piece,
            action,
            effects,
            notation,
            from: None,
            becomes: None,
            fen: None,
            leaves_passed: false,
            next: None,
            onward: Onward::default(),
            when: None,
            after: None,
            leaves_ko: false,
            text,
            span,
        }
    }
}

/// How a move goes on with a later part that moves the piece that moved again (a `step`,
/// `slide` or `leap` rule named in another's `next`, which may name itself: Fanorona's chain of
/// captures).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Onward {
    /// `chain = "may-stop"`: the move may end before this part though it could be made.
    /// Otherwise (`must-go-on`) it goes on whenever the part can be made.
    pub may_stop: bool,
    /// `revisit = "never"`: the piece never lands on a cell it stood on earlier in the move
    /// (its starting cell included).
    pub revisit_never: bool,
    /// `direction`: the way the piece goes on, against the direction of the part before.
    pub direction: Heading,
}

/// `direction = "any" | "other" | "same"`: how each later part of a move (each hop after the
/// first, for a chain of hops) heads, against the direction of the one before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Heading {
    /// Any way.
    #[default]
    Any,
    /// Never along the direction of the one before (straight back is another direction).
    Other,
    /// Only along the direction of the one before: the move goes on in a straight line.
    Same,
}

/// Where a moving piece may land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// On an empty cell only.
    Empty,
    /// On an enemy piece only, capturing it.
    Enemy,
    /// On an empty cell or an enemy piece (capturing it).
    EmptyOrEnemy,
    /// On an empty cell that the opponent's last move passed over, capturing the piece that
    /// passed it (en passant).
    Passed,
}

/// Whose pieces a rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Own,
    Enemy,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    Enemy,
    Own,
    Any,
    /// Enemy pieces of these types.
    EnemyOf(PieceTypeSet),
}

impl Over {
    /// Does hopping over such a piece capture it?
    pub fn captures(self) -> bool {
        self != Over::Own
    }

    /// May an own piece be hopped over?
    pub fn own(self) -> bool {
        matches!(self, Over::Own | Over::Any)
    }
}

/// `[stacks]`: a cell holds a column of pieces; its top piece owns and moves it, and is what
/// the rest of the rules see on the cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stacks {
    /// What a move carries.
    pub carry: Carry,
    /// What becomes of the top piece a hop takes from a column.
    pub prisoners: Prisoners,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carry {
    /// The whole column moves.
    Column,
    /// The top piece moves alone; the piece under it becomes the top of what stays.
    Top,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prisoners {
    /// It goes under the capturing column, at the bottom.
    Under,
    /// It leaves the board.
    Removed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub kind: DrawKind,
    pub reason: String,
}

/// A game clock: time per player, and an increment after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// How positions are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionNotation {
    /// Rows of symbols, the side to move, the phase.
    Rows,
    /// PDN FEN (`W:Wa1,c3,Kd4:Bb6`): the side, then each side's pieces; `king` is the piece
    /// written with a `K`, `man` the other.
    Pdn { man: PieceTypeId, king: PieceTypeId },
    /// FEN: rows of symbols, side (`w`/`b`), castling rights (the `fen` letters of the
    /// castling moves still possible by the unmoved pieces), the en-passant cell, then the two
    /// move counters. With `[hands]`, the pieces in hand in brackets after the rows
    /// (`[Qp]`), and promoted pieces marked `~` where the hands remember them.
    Fen,
    /// SFEN, as shogi writes positions: rows of symbols, side, the pieces in hand (`-`, or
    /// each type with its count before it when more than one: `2Pb`), then the move number.
    Sfen,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notation {
    pub position: PositionNotation,
    /// Moves written as standard algebraic notation (piece letter, the start's file or rank
    /// when needed, `x`, the cell, `=Q`, `+`/`#`), rather than from templates.
    pub san: bool,
    /// The PDN `GameType` tag written in game records (`20` international, `21` English, ...).
    pub game_type: Option<String>,
}

/// Whose pieces a test looks at.
pub use crate::syntax::Who;

pub use crate::syntax::{BinOp, CmpOp};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    Or(Vec<Condition>),
    And(Vec<Condition>),
    Not(Box<Condition>),
    Test(Test, Who),
    /// Two counts compared: `captured by mover >= 10`.
    Compare(Count, CmpOp, Count),
}

/// A count in a condition: a number (a parameter's value is one), a query of the position for
/// a player, or counts joined by operators, left to right within a run of one precedence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    Int(i64),
    Query(Query, Who),
    Chain(Box<Count>, Vec<(BinOp, Count)>),
}

impl Condition {
    /// True if the condition needs the list of legal moves (it mentions `no-moves`).
    pub fn needs_moves(&self) -> bool {
        self.any_test(&mut |t| t.needs_moves())
    }

    /// Does `f` hold for one of its tests?
    pub fn any_test(&self, f: &mut dyn FnMut(&Test) -> bool) -> bool {
        match self {
            Condition::Or(parts) | Condition::And(parts) => parts.iter().any(|p| p.any_test(f)),
            Condition::Not(inner) => inner.any_test(f),
            Condition::Test(test, _) => f(test),
            Condition::Compare(..) => false,
        }
    }

    /// Does `f` hold for one of its queries?
    pub fn any_query(&self, f: &mut dyn FnMut(&Query) -> bool) -> bool {
        match self {
            Condition::Or(parts) | Condition::And(parts) => parts.iter().any(|p| p.any_query(f)),
            Condition::Not(inner) => inner.any_query(f),
            Condition::Test(..) => false,
            Condition::Compare(a, _, b) => a.any_query(f) || b.any_query(f),
        }
    }
}

impl Count {
    /// Does `f` hold for one of its queries?
    pub fn any_query(&self, f: &mut dyn FnMut(&Query) -> bool) -> bool {
        match self {
            Count::Int(_) => false,
            Count::Query(q, _) => f(q),
            Count::Chain(first, rest) => first.any_query(f) || rest.iter().any(|(_, c)| c.any_query(f)),
        }
    }
}

/// What an end condition gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    MoverWins,
    NextWins,
    Draw,
    /// The player with more pieces on the board wins; equal is a draw.
    MostPieces,
    /// The player with the greater area wins (Go's area scoring, Tromp-Taylor's): its pieces,
    /// and the empty cells from which only its pieces can be reached through empty cells
    /// along `dirs`; `komi` points are added to the second player's area, and equal scores
    /// go to `ties` (a draw when `None`).
    MostArea(Area),
}

/// How [`Verdict::MostArea`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub dirs: DirSetId,
    pub komi: u32,
    pub ties: Option<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRule {
    pub condition: Condition,
    pub verdict: Verdict,
    /// Words for the result line ("four in a row").
    pub reason: String,
    pub text: String,
    pub span: Span,
}

/// `[eval]`: the evaluation the computer players search with, a weighted sum of general terms.
/// Each term is measured for both players and counts the side's own measure minus the
/// opponent's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    pub terms: Vec<EvalTerm>,
    /// False when the ruleset declares no `[eval]` and these are the default terms.
    pub declared: bool,
    /// `playout`: the plies of random moves an MCTS playout makes before the terms judge its
    /// position (0: every playout is played to the end of the game).
    pub playout: u32,
}

/// The plies an MCTS playout makes before the evaluation judges, when `[eval]` does not say.
pub const DEFAULT_PLAYOUT: u32 = 16;

/// The most plies `playout` may ask for.
pub const MAX_PLAYOUT: u32 = 10_000;

impl Eval {
    /// The evaluation of a ruleset that declares none: material and mobility.
    pub fn default_terms() -> Eval {
        let term = |weight, kind, text: &str| EvalTerm { weight, kind, text: text.to_string() };
        Eval {
            terms: vec![
                term(100, EvalKind::Material(terms::Material), "100 * material"),
                term(10, EvalKind::Mobility(terms::Mobility), "10 * mobility"),
            ],
            declared: false,
            playout: DEFAULT_PLAYOUT,
        }
    }
}

/// One weighted term of `[eval]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// Points per unit of the term (a piece of value 1 is 100 points under `100 * material`).
    pub weight: i32,
    pub kind: EvalKind,
    /// The term as written.
    pub text: String,
}

/// Every piece type, as a set.
pub const ALL_TYPES: PieceTypeSet = PieceTypeSet(u64::MAX);

/// A test embedded in a ruleset file, run by `hetproba check`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TestCase {
    pub name: String,
    pub position: Option<String>,
    pub after: Option<String>,
    /// The exact set of legal moves, in notation.
    pub moves: Option<Vec<String>>,
    /// Moves that must be legal.
    pub legal: Vec<String>,
    /// Moves that must not be legal.
    pub illegal: Vec<String>,
    pub count: Option<u64>,
    /// Perft counts from depth 1.
    pub perft: Vec<u64>,
    /// The expected result: "none" (game goes on), "draw", or "<player> wins".
    pub result: Option<String>,
    pub span: Span,
}

/// A rule the original text leaves open, and what the ruleset decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interpretation {
    pub rule: String,
    pub seed: String,
}

impl Ruleset {
    pub fn piece_index(&self, name: &str) -> Option<PieceTypeId> {
        self.pieces.iter().position(|p| p.name == name).map(PieceTypeId::new)
    }

    pub fn player_index(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name || p.short == name).map(|i| PlayerId(i as u8))
    }

    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// The ruleset's name in language `lang` (a code, `hu`), or its own.
    pub fn name_in(&self, lang: &str) -> &str {
        self.lang.get(lang).and_then(|t| t.name.as_deref()).unwrap_or(&self.name)
    }

    /// The summary in language `lang`, or its own.
    pub fn summary_in(&self, lang: &str) -> &str {
        self.lang.get(lang).and_then(|t| t.summary.as_deref()).unwrap_or(&self.summary)
    }

    /// A player's name in language `lang`, or its own.
    pub fn player_in(&self, player: PlayerId, lang: &str) -> &str {
        self.lang.get(lang).and_then(|t| t.players.get(player.index())).unwrap_or(&self.players[player.index()].name)
    }

    /// A piece type's name in language `lang`, or its own.
    pub fn piece_in(&self, piece: PieceTypeId, lang: &str) -> &str {
        self.lang.get(lang).and_then(|t| t.pieces.get(piece.index())?.as_deref()).unwrap_or(&self.pieces[piece.index()].name)
    }

    /// Words the ruleset writes (an end rule's reason) in language `lang`, or as written.
    pub fn words_in<'a>(&'a self, words: &'a str, lang: &str) -> &'a str {
        self.lang.get(lang).and_then(|t| t.words.get(words)).map_or(words, String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_type_set_holds_what_is_put_in() {
        let mut set = PieceTypeSet::EMPTY;
        assert!(set.is_empty());
        for t in [63, 0, 7] {
            set.insert(PieceTypeId::new(t));
        }
        assert!(set.contains(PieceTypeId::new(63)) && set.contains(PieceTypeId::new(7)) && !set.contains(PieceTypeId::new(1)));
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().map(PieceTypeId::index).collect::<Vec<_>>(), [0, 7, 63]);
        assert_eq!(set.iter().collect::<PieceTypeSet>(), set);
    }
}
