//! The checked model of a ruleset: everything resolved (extends, parameters, names), every
//! reference checked. The engine compiles this; it never sees TOML.

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
    /// How the computer players judge a position that is not over (`[eval]`, or the default).
    pub eval: Eval,
    /// `[stacks]`: a cell may hold a column of pieces, if the rules say so.
    pub stacks: Option<Stacks>,
    /// `[game] cannot-draw = true` (where it is written): no end rule or draw rule gives a
    /// draw, and a game that ends with no rule holding is a contradiction that `check` reports.
    pub cannot_draw: Option<Span>,
    pub tests: Vec<TestCase>,
    pub interpretations: Vec<Interpretation>,
    /// The files the ruleset was read from, for messages that point into them.
    pub sources: Sources,
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

/// A named set of directions, resolved for each player (`forward` differs between players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectionSet {
    pub name: String,
    pub dirs: [Vec<DirId>; 2],
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
}

/// How a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The piece types it may become (several: the mover chooses, each is its own move).
    pub to: Vec<PieceTypeId>,
    /// Where: a region, resolved per player (`far`).
    pub region: RegionId,
    pub during_capture: MidCapture,
}

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
    /// The letter that stands for this move's right in FEN's castling field (`K`, `Q`).
    pub fen: Option<char>,
    /// The position remembers the cells this move passed over, for the next move to land on
    /// (`to=passed`: en passant).
    pub leaves_passed: bool,
    /// The rule of the move's later part, made by the same player in the same move after this
    /// one (`next = "shoot"`): a move of this rule is whole only with one of that rule's. A rule
    /// named so is a part only, never a move by itself.
    pub next: Option<usize>,
    /// A later part's `if`: the part is made only when this holds after the part before, the
    /// mover's move so far being "the last move"; otherwise the move is whole without it.
    pub when: Option<Condition>,
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
        MoveRule { name, piece, action, effects, notation, from: None, fen: None, leaves_passed: false, next: None, when: None, text, span }
    }
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

/// What a move does first: put a piece on the board, or move one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Put the piece on an empty cell (of `region`, if given).
    ///
    /// With `near`, only within `near.within` steps (along any of the board's directions) of a
    /// piece of the owner `near.of` says: a clone, a new piece next to an own one.
    ///
    /// With `along`, a later part of a move ([`MoveRule::next`]): only on a cell reached from
    /// where the part before landed along a direction of `along`, over empty cells (an arrow
    /// shot from where a piece landed).
    Place { region: Option<RegionId>, near: Option<Near>, along: Option<DirSetId> },
    /// Take a piece off the board: one of the owner `of` says (seen from the mover), standing in
    /// `region` (resolved for the mover) if given. Only the later part of a move
    /// ([`MoveRule::next`]): "then remove an enemy piece".
    Remove { of: Whose, region: Option<RegionId> },
    /// Enter at an edge cell and roll along a direction of `dirs` until the next cell is off the
    /// board or occupied. Entries that land on the same cell are one move.
    Roll { dirs: DirSetId },
    /// Put the piece on an edge cell; if it is occupied, shift the run of pieces there one cell
    /// inward along a direction of `dirs`, into the first empty cell of the line.
    Push { dirs: DirSetId },
    /// Move one cell along a direction.
    Step { dirs: DirSetId, to: Landing },
    /// Move along a direction over empty cells (and pieces `over` allows): any number of
    /// cells up to `max`, or exactly as many as `distance` says.
    Slide { dirs: DirSetId, to: Landing, min: u32, max: Option<u32>, over: Option<Over>, distance: Distance, stay: Option<RegionId> },
    /// Jump to a cell at a fixed offset, over anything.
    Leap { offsets: Vec<(i32, i32)>, to: Landing },
    /// Hops over pieces: a sequence of hop segments, each possibly repeated
    /// (`jump(all, over=own)* jump(all, over=enemy)+`).
    Hops(HopPattern),
    /// The piece (a royal one, never moved and not attacked) moves `steps` cells along a
    /// direction towards an own `with` piece that never moved, with only empty cells between;
    /// it may not cross or land on an attacked cell; the other piece lands on the cell next to
    /// it, on the side it came from.
    Castle { dirs: DirSetId, with: PieceTypeId, steps: u32 },
    /// A straight unbroken line of the mover's pieces of the types `of`, from the rule's piece
    /// (its rear) forward along a direction of `dirs`, at least `length` pieces long, moves as
    /// a unit along that direction: one cell, or up to `max` cells (`None`: as far as empty
    /// cells allow), into the empty cells in front of it (a line of men moving as one).
    Line { dirs: DirSetId, of: PieceTypeSet, length: u32, max: Option<u32> },
}

/// `place(near=own, within=N)`: a placement next to (within N steps of) a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Near {
    pub of: Whose,
    /// Steps along the board's directions, at least 1.
    pub within: u32,
}

/// Whose pieces a rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Own,
    Enemy,
    Any,
}

/// How far a slide goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Any number of cells (up to the slide's `max`).
    Any,
    /// Exactly as many cells as there are pieces on the whole line the move runs along (both
    /// directions, the moving piece included).
    LineCount,
}

/// A move of one or more hops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HopPattern {
    pub segments: Vec<Hop>,
    pub revisit: Revisit,
    /// May a hop go back the way the previous one came (a 180-degree turn)?
    pub reverse: bool,
    /// `chain = "may-stop"`: a chain may end after any hop, a capture included.
    pub may_stop: bool,
}

impl HopPattern {
    /// Can the pattern make more than one hop?
    pub fn chains(&self) -> bool {
        self.segments.len() > 1 || self.segments.iter().any(|s| s.max > 1)
    }

    /// Can it capture?
    pub fn captures(&self) -> bool {
        self.segments.iter().any(Hop::captures)
    }
}

/// One segment of a hop pattern: hops over one piece each, repeated `min..=max` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    pub dirs: DirSetId,
    /// Which pieces may be hopped over. Hopping an enemy captures it.
    pub over: Over,
    /// `fly`: empty cells may lie before the piece, and the hop may land on any empty cell
    /// beyond it. `jump`: the piece is adjacent and the hop lands right behind it.
    pub long: bool,
    /// A `fly` hop with `land=behind`: it lands only right behind the piece.
    pub behind: bool,
    /// At least this many hops of the segment: 0 or 1.
    pub min: u8,
    /// At most this many: 1, or [`Hop::UNBOUNDED`].
    pub max: u8,
    /// False with `take=none`: the hop captures nothing, whatever it hops over.
    pub take: bool,
}

impl Hop {
    pub const UNBOUNDED: u8 = u8::MAX;

    /// Does hopping capture the enemy pieces hopped?
    pub fn captures(&self) -> bool {
        self.take && self.over.captures()
    }
}

/// Which cells a move of several hops may land on again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revisit {
    /// A capturing hop may land where the move already was (the start included); a hop that
    /// captures nothing may not.
    ByCapture,
    /// No cell is touched twice in one move, the start included.
    Never,
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

impl Action {
    /// True for actions that bring a new piece onto the board.
    pub fn places(&self) -> bool {
        matches!(self, Action::Place { .. } | Action::Roll { .. } | Action::Push { .. })
    }
}

/// What happens after the action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Every unbroken line of enemy pieces enclosed between the arriving piece and another own
    /// piece, in the directions of `dirs` (and of exactly `len` pieces, if given), turns to the
    /// mover's colour or is removed. The move is legal only if at least `min` pieces are
    /// enclosed. With `optional`, each enclosed line may be taken or left: every choice is its
    /// own move.
    /// With `hostile`, an empty cell of that region (resolved for the mover) closes a line as
    /// an own piece would (hostile squares).
    Enclose { dirs: DirSetId, outcome: Enclosed, len: Option<u32>, min: u32, optional: bool, hostile: Option<RegionId> },
    /// Each enemy piece next to the arriving piece along `dirs`, standing in `region` (resolved
    /// for the mover; `None`: anywhere), whose every neighbour along `dirs` is an own piece or
    /// off the board is captured: custodian capture against the board's edge (in a
    /// corner two pieces take one).
    Surround { dirs: DirSetId, region: Option<RegionId> },
    /// Every enemy piece next to the arriving piece along `dirs` turns to the mover's colour
    /// (converts).
    Convert { dirs: DirSetId },
}

impl Effect {
    /// Does the effect capture pieces (decided when the move is generated)?
    pub fn captures(&self) -> bool {
        matches!(self, Effect::Enclose { outcome: Enclosed::Remove, .. } | Effect::Surround { .. })
    }
}

/// What happens to enclosed pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosed {
    /// They turn to the mover's colour.
    Flip,
    /// They are captured (custodian capture).
    Remove,
}

/// When a player may pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    Never,
    /// Only when no other move is legal, and the opponent has a move (otherwise the game ends).
    WhenStuck,
    /// On any turn.
    Always,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub pass: PassRule,
    /// A player who can capture must.
    pub compulsory_capture: bool,
    /// Which captures make capturing compulsory.
    pub capture_trigger: Trigger,
    /// Which captures are legal among several: each criterion in turn keeps the captures it
    /// ranks best, until one separates them. Empty: free choice.
    pub precedence: Vec<Criterion>,
    /// When captured pieces leave the board in a chain.
    pub removal: Removal,
    /// Regions a piece may arrive in only by capturing (resolved for the mover).
    pub enter_by_capture_only: Vec<RegionId>,
    /// Regions a piece standing in at the start of its owner's turn must leave: if it can, only
    /// such moves are legal, and capturing is not compulsory.
    pub must_leave: Vec<RegionId>,
    /// Regions where a move ends as soon as the piece arrives (a chain stops there).
    pub move_ends_in: Vec<RegionId>,
}

impl Default for Turn {
    fn default() -> Turn {
        Turn {
            pass: PassRule::Never,
            compulsory_capture: false,
            capture_trigger: Trigger::Any,
            precedence: Vec::new(),
            removal: Removal::End,
            enter_by_capture_only: Vec::new(),
            must_leave: Vec::new(),
            move_ends_in: Vec::new(),
        }
    }
}

/// One criterion of capture precedence: the captures it ranks highest are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// The most captured, each captured piece weighing its type's weight (indexed by piece
    /// type; `most(pieces)` weighs every type 1).
    Most(Vec<i64>),
    /// Captures made by a piece of one of these types.
    With(PieceTypeSet),
    /// Captures that take a piece of one of these types earliest in the sequence (captures
    /// that take none rank last).
    Earliest(PieceTypeSet),
}

impl Criterion {
    /// `most(pieces)`: the majority rule.
    pub fn is_majority(&self) -> bool {
        matches!(self, Criterion::Most(w) if w.iter().all(|&w| w == 1))
    }
}

/// Which captures make capturing compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Any capture the player could make.
    Any,
    /// A capture from where a piece stands: a hop move whose first hop captures (a capture
    /// reached only after hops over own pieces does not count), or any other capturing move.
    Direct,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// After the whole chain: a captured piece stays as an obstacle until the
    /// move ends and cannot be captured twice.
    End,
    /// At once: its cell is free for the rest of the chain.
    Immediate,
}

/// A draw that needs the game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawKind {
    /// The same position, with the same player to move, for the `count`-th time.
    Repetition { count: u32 },
    /// `plies` plies pass while the material condition holds (the count starts again when the
    /// material changes), or, without a condition, without any of the `reset` events.
    Counter { plies: u32, reset: Vec<Event>, material: Option<Box<Material>> },
}

/// Something that restarts a move counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move that captures.
    Capture,
    /// A move by a piece of this type.
    PieceMoves(PieceTypeId),
}

/// A material configuration: one side satisfies `strong`, the other `weak`. Each is a predicate
/// over `pieces` (the side's total) and the count of each piece type by its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    pub strong: crate::syntax::Pred,
    pub weak: crate::syntax::Pred,
    pub text: String,
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
    /// move counters.
    Fen,
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

/// A test inside an end condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Test {
    /// A straight unbroken line of `len` own pieces (`exact`: exactly `len`, longer lines do not
    /// count) along the axes of `dirs`.
    Line { len: u32, exact: bool, dirs: DirSetId },
    /// The player to move has no legal move (passing included).
    NoMoves,
    /// The player has no pieces on the board.
    NoPieces,
    /// All of the player's pieces form one group, joined through the directions of `dirs`
    /// (a single piece, or none, counts as connected).
    Connected { dirs: DirSetId },
    /// A piece of the player stands on a cell of the region (resolved for that player).
    Occupies { region: RegionId },
    /// A royal piece of the player is attacked: some move of the opponent could capture it.
    Check,
    /// The player has fewer than `count` pieces (of the `types`; `None`: of any type).
    Fewer { count: u32, types: Option<PieceTypeSet> },
    /// A chain of the player's pieces, neighbours through the directions of `dirs`, joins a cell
    /// of region `from` to a cell of region `to` (both resolved for the player).
    Joins { from: RegionId, to: RegionId, dirs: DirSetId },
    /// Every cell of the region (resolved for the player) holds one of the player's pieces.
    Fills { region: RegionId },
    /// Every piece of the player stands in the region (resolved for the player); a player with
    /// no pieces does not count.
    Within { region: RegionId },
    /// The game is in this phase (its index in `[[phases]]`): "after move 40".
    Phase { phase: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    Or(Vec<Condition>),
    And(Vec<Condition>),
    Not(Box<Condition>),
    Test(Test, Who),
}

impl Condition {
    /// True if the condition needs the list of legal moves (it mentions `no-moves`).
    pub fn needs_moves(&self) -> bool {
        match self {
            Condition::Or(parts) | Condition::And(parts) => parts.iter().any(Condition::needs_moves),
            Condition::Not(inner) => inner.needs_moves(),
            Condition::Test(test, _) => matches!(test, Test::NoMoves),
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
            terms: vec![term(100, EvalKind::Material, "100 * material"), term(10, EvalKind::Mobility, "10 * mobility")],
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

/// What a term of `[eval]` measures, for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The sum of the player's pieces' values.
    Material,
    /// The number of the player's pieces of these types.
    Pieces { types: PieceTypeSet },
    /// The moves the player's rules generate in the position (as if it were the player's turn),
    /// before the turn's filters.
    Mobility,
    /// The player's pieces that have at least one of those moves (distinct cells moves leave;
    /// placements count none), before the turn's filters.
    Movers,
    /// For each piece of these types, the rows it stands ahead of the player's first row,
    /// along the player's forward direction.
    Advance { types: PieceTypeSet },
    /// The player's pieces of these types standing in the region (resolved for the player).
    Region { region: RegionId, types: PieceTypeSet },
    /// For each piece of these types, how many steps nearer the region it stands than the
    /// cell farthest from it.
    Approach { region: RegionId, types: PieceTypeSet },
    /// Every straight run of `len` cells along the axes of `dirs` that holds own pieces and no
    /// other: the square of the own pieces in it.
    Lines { len: u32, dirs: DirSetId },
    /// The number of groups the player's pieces form, joined through `dirs`.
    Groups { dirs: DirSetId },
    /// The steps (through `dirs`) from each of the player's pieces to the most central of them.
    Spread { dirs: DirSetId },
    /// The player's pieces that can never be enclosed along the axes of `dirs`.
    Stable { dirs: DirSetId },
    /// The player's own pieces next to each of the player's royal pieces (through `dirs`).
    Shelter { dirs: DirSetId },
    /// The fewest empty cells the player must still fill for its pieces to join region `from`
    /// to region `to` through `dirs` (both resolved for the player); other pieces bar the way,
    /// and a way barred everywhere counts as the board's number of cells.
    Gap { from: RegionId, to: RegionId, dirs: DirSetId },
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

    /// The rule whose moves go on with the move rule `index` as their later part, if any.
    pub fn part_of(&self, index: usize) -> Option<&MoveRule> {
        self.moves.iter().find(|m| m.next == Some(index))
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
