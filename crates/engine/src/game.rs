//! The compiled game: a checked ruleset turned into dense tables the move generator reads.

use crate::attack::Attacks;
use crate::ends::Ends;
use crate::eval::Evaluator;
use crate::moves::{At, Kind, Rule};
use crate::position::Progress;
use hetproba_board::{CellId, CellSet, CellSets, DirId, Width};
use hetproba_rules::model::*;
use std::num::NonZeroU8;

/// Who a piece belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    Player(PlayerId),
    /// A piece of nobody's (a blocking stone).
    Nobody,
}

impl Owner {
    /// The player it is, if any.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Owner::Player(p) => Some(p),
            Owner::Nobody => None,
        }
    }
}

impl From<Option<PlayerId>> for Owner {
    fn from(player: Option<PlayerId>) -> Owner {
        player.map_or(Owner::Nobody, Owner::Player)
    }
}

/// A piece: its type and its owner, in one byte, `type << 2 | tag`, where the tag is 1 or 2
/// for the first or second player and 3 for nobody. Never 0, so that a cell, an
/// `Option<Piece>` with `None` for empty, is one byte too: the byte indexes the Zobrist keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(NonZeroU8);

/// The owner tag of a player.
#[inline(always)]
fn player_tag(player: PlayerId) -> u8 {
    player.0 + 1
}

impl Piece {
    /// A piece of this type (one of the first [`PieceTypeSet::CAPACITY`]) and owner.
    #[inline(always)]
    pub fn new(kind: PieceTypeId, owner: Owner) -> Piece {
        debug_assert!(kind.index() < PieceTypeSet::CAPACITY);
        let tag = match owner {
            Owner::Player(p) => player_tag(p),
            Owner::Nobody => NOBODY,
        };
        Piece(NonZeroU8::new((kind.index() as u8) << 2 | tag).expect("an owner tag is never 0"))
    }

    #[inline(always)]
    pub fn kind(self) -> PieceTypeId {
        PieceTypeId::new(usize::from(self.0.get() >> 2))
    }

    #[inline(always)]
    pub fn owner(self) -> Owner {
        match self.0.get() & 3 {
            NOBODY => Owner::Nobody,
            t => Owner::Player(PlayerId(t - 1)),
        }
    }

    /// Does it belong to `player`?
    #[inline(always)]
    pub fn belongs_to(self, player: PlayerId) -> bool {
        self.0.get() & 3 == player_tag(player)
    }

    /// The same type of piece, of `player`'s (a piece turned by enclosing it).
    #[inline(always)]
    pub fn turned_to(self, player: PlayerId) -> Piece {
        Piece::new(self.kind(), Owner::Player(player))
    }

    /// The piece as its byte (`type << 2 | tag`, never 0), for callers that pass pieces as
    /// numbers (the web page's set-up palette).
    pub fn byte(self) -> u8 {
        self.0.get()
    }

    /// The piece a [`Piece::byte`] stands for in `rules`: None for 0, for a type the ruleset does
    /// not have, or for an owner its type cannot have (a piece of nobody's that is owned, or the
    /// reverse).
    pub fn from_byte(rules: &Ruleset, byte: u8) -> Option<Piece> {
        let piece = Piece(NonZeroU8::new(byte)?);
        let owned = rules.pieces.get(piece.kind().index())?.owned;
        let tag = byte & 3;
        (tag != 0 && owned == (tag != NOBODY)).then_some(piece)
    }
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piece").field("kind", &self.kind()).field("owner", &self.owner()).finish()
    }
}

/// The tag of nobody's pieces.
const NOBODY: u8 = 3;

/// What a cell holds, seen as the byte the position stores: for per-owner tables and keys.
pub(crate) trait Square: Copy {
    /// Its owner's slot in per-owner tables: 0 empty, 1 and 2 the players, 3 nobody.
    fn slot(self) -> usize;
    /// Its byte: the index of its Zobrist key and piece bit set (0: empty).
    fn code(self) -> usize;
    /// Does it hold a piece of `player`'s?
    fn of(self, player: PlayerId) -> bool;
}

impl Square for Option<Piece> {
    #[inline(always)]
    fn slot(self) -> usize {
        self.map_or(0, |p| usize::from(p.0.get() & 3))
    }

    #[inline(always)]
    fn code(self) -> usize {
        self.map_or(0, |p| usize::from(p.0.get()))
    }

    #[inline(always)]
    fn of(self, player: PlayerId) -> bool {
        self.slot() == slot(player)
    }
}

impl Square for Piece {
    #[inline(always)]
    fn slot(self) -> usize {
        usize::from(self.0.get() & 3)
    }

    #[inline(always)]
    fn code(self) -> usize {
        usize::from(self.0.get())
    }

    #[inline(always)]
    fn of(self, player: PlayerId) -> bool {
        self.belongs_to(player)
    }
}

/// A player's slot in per-owner tables (see [`Square::slot`]).
#[inline(always)]
pub(crate) fn slot(player: PlayerId) -> usize {
    usize::from(player_tag(player))
}

/// A line through a cell: a direction and its opposite, if the board has one.
pub(crate) type Axis = (DirId, Option<DirId>);

/// How a piece type promotes, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Promo {
    /// The piece types it may become (each choice is its own move).
    pub to: Vec<PieceTypeId>,
    /// Per player (set 0 or 1): the cells where it promotes.
    pub cells: CellSets,
    pub during: MidCapture,
    /// It may also stay as it is, except on the `forced` cells (a set per player).
    pub optional: bool,
    pub forced: Option<CellSets>,
    /// A move that starts on the cells promotes too.
    pub leaving: bool,
}

impl Promo {
    /// Does a move of `side` from `from` (`NO_CELL`: a new piece) to `to` promote, or may it?
    #[inline(always)]
    pub(crate) fn applies(&self, side: PlayerId, from: CellId, to: CellId) -> bool {
        self.cells.contains(side.index(), to)
            || (self.leaving && from != hetproba_board::NO_CELL && self.cells.contains(side.index(), from))
    }

    /// May such a move also leave the piece as it is?
    #[inline(always)]
    pub(crate) fn may_stay(&self, side: PlayerId, to: CellId) -> bool {
        self.optional && !self.forced.as_ref().is_some_and(|f| f.contains(side.index(), to))
    }

    /// Promotion on arrival, always taken: the fast paths of generation know no more.
    #[inline(always)]
    pub(crate) fn simple(&self) -> bool {
        !self.optional && !self.leaving
    }
}

impl HandRules {
    /// The words the marks and the hands take after the pieces' rows of a position's sets.
    pub(crate) fn hands_at_end(&self, game: &Game) -> usize {
        self.hands_at - self.marks_at + (2 * game.rules.pieces.len()).div_ceil(4)
    }

    /// The word of the sets and the shift of the 16 bits that hold `player`'s count of `kind`.
    #[inline(always)]
    pub(crate) fn hand_place(&self, game: &Game, player: PlayerId, kind: PieceTypeId) -> (usize, u32) {
        let at = player.index() * game.rules.pieces.len() + kind.index();
        (self.hands_at + at / 4, (at % 4) as u32 * 16)
    }

    /// The type a captured piece goes into a hand as (`marked`: it arrived by promotion).
    #[inline]
    pub(crate) fn held_as(&self, kind: PieceTypeId, marked: bool) -> PieceTypeId {
        if marked { self.unpromoted[kind.index()] } else { self.demote[kind.index()] }
    }
}

/// `[hands]`, compiled: what a captured piece goes into a hand as, and the keys of the hands.
#[derive(Clone, Debug)]
pub(crate) struct HandRules {
    /// Captured pieces go into the captor's hand.
    pub captures: bool,
    /// The position marks the pieces that arrived by promotion.
    pub marks: bool,
    /// Per piece type: the type a captured piece of it goes into a hand as, unmarked, and marked.
    pub demote: Vec<PieceTypeId>,
    pub unpromoted: Vec<PieceTypeId>,
    /// Per player and piece type (`player * types + type`): the key a hand's count is mixed
    /// with ([`Game::hand_key`]).
    keys: Vec<u64>,
    /// The word of the position's sets where the marks' row starts, and where the hands start
    /// ([`crate::position::Position`] keeps both after the pieces' rows).
    pub marks_at: usize,
    pub hands_at: usize,
}

/// A phase, compiled: its move rules and its length.
#[derive(Clone, Debug)]
pub(crate) struct PhaseRules {
    pub moves: Vec<usize>,
    pub limit: Option<PhaseLimit>,
    /// `moves` split once, each in phase order: the rules that may capture, and those that never
    /// do ([`Rule::never_captures`]), so that generating captures first filters nothing.
    pub capturing: Vec<usize>,
    pub quiet: Vec<usize>,
}

/// The regions with rules of their own (`[turn]`), a set per player (0 or 1); `None` when no
/// region has the rule.
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionRules {
    /// Cells a piece may arrive on only by capturing.
    pub no_quiet: Option<CellSets>,
    /// Cells a piece must leave on its owner's turn.
    pub must_leave: Option<CellSets>,
    /// Cells where a move ends when the piece arrives.
    pub stops: Option<CellSets>,
}

/// Every ray of the board as a cell set, for moves and attacks along lines: the nearest piece
/// on a ray is the nearest cell of `ray & occupied`, found with one scan of the set's bits
/// where the cells of the direction's rays are in index order.
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    /// `sets[d * cells + c]`: the cells met stepping from `c` along `d`, `c` excluded.
    sets: CellSets,
    /// Per direction: `Some(true)` if cell indices rise along each of its rays, `Some(false)`
    /// if they fall; `None` if neither, or if the board blocks some of its steps: such a
    /// direction is walked cell by cell.
    order: Vec<Option<bool>>,
    cells: usize,
}

impl Rays {
    fn compile(width: Width, board: &hetproba_board::Board) -> Rays {
        let n = board.len();
        // At most n steps: a direction that comes back to a cell has no order anyway.
        let walk = |c: CellId, d: DirId| {
            let step = move |k: CellId| Some(board.step(k, d)).filter(|&k| k != hetproba_board::NO_CELL);
            std::iter::successors(step(c), move |&k| step(k)).take(n)
        };
        let sets = CellSets::from_sets(width, board.all_directions().flat_map(|d| board.all_cells().map(move |c| walk(c, d))));
        let order = board.all_directions().map(|d| ray_order(board, d)).collect();
        Rays { sets, order, cells: n }
    }

    /// The cells met stepping from `c` along `d`.
    #[inline(always)]
    pub(crate) fn ray<const W: usize>(&self, d: DirId, c: CellId) -> CellSet<W> {
        self.sets.get(d.index() * self.cells + c.index())
    }

    /// Whether cell indices rise along the rays of `d` (`None`: `d` is walked).
    #[inline(always)]
    pub(crate) fn order(&self, d: DirId) -> Option<bool> {
        self.order[d.index()]
    }

    /// The cells from `c` along `d` up to and including the first cell of `stops` on the way
    /// (all of the ray if none), for a direction with an order.
    #[inline(always)]
    pub(crate) fn reach<const W: usize>(&self, d: DirId, c: CellId, rising: bool, stops: CellSet<W>) -> CellSet<W> {
        let ray = self.ray::<W>(d, c);
        let hit = ray & stops;
        let first = if rising { hit.first() } else { hit.last() };
        match first {
            Some(b) => ray.without(self.ray(d, b)),
            None => ray,
        }
    }

    /// The first cell of `among` from `c` along `d`, for a direction with an order.
    #[inline(always)]
    pub(crate) fn nearest<const W: usize>(&self, d: DirId, c: CellId, rising: bool, among: CellSet<W>) -> Option<CellId> {
        let hit = self.ray::<W>(d, c) & among;
        if rising { hit.first() } else { hit.last() }
    }
}

/// Whether cell indices rise (`Some(true)`) or fall (`Some(false)`) along every ray of `d`;
/// `None` if neither, or if the board blocks some step along `d`.
pub(crate) fn ray_order(board: &hetproba_board::Board, d: DirId) -> Option<bool> {
    if board.all_cells().any(|c| !board.blockers(c, d).is_empty()) {
        return None;
    }
    let along = |rising: bool| {
        board.all_cells().all(|c| {
            let mut last = c;
            let mut k = board.step(c, d);
            let mut steps = 0;
            while k != hetproba_board::NO_CELL {
                if (k > last) != rising || steps > board.len() {
                    return false;
                }
                last = k;
                k = board.step(k, d);
                steps += 1;
            }
            true
        })
    };
    if along(true) {
        Some(true)
    } else if along(false) {
        Some(false)
    } else {
        None
    }
}

/// The index offset of a step along `d`, when every step along it moves by the same offset
/// (a rectangular board numbered row by row): the cells whose step lands in a set are then the
/// set shifted back by it, among the cells that have a step.
pub(crate) fn dir_offset(board: &hetproba_board::Board, d: DirId) -> Option<i32> {
    let mut offset = None;
    for c in board.all_cells() {
        let t = board.step(c, d);
        if t == hetproba_board::NO_CELL {
            continue;
        }
        let k = t.index() as i32 - c.index() as i32;
        if *offset.get_or_insert(k) != k {
            return None;
        }
    }
    offset
}

/// A set of cells per player (set 0 for the first player, 1 for the second), from a
/// per-player table of cells.
pub(crate) fn per_player(width: Width, cells: &[Vec<bool>; 2]) -> CellSets {
    CellSets::from_sets(width, cells.iter().map(|on| on.iter().enumerate().filter(|(_, on)| **on).map(|(c, _)| CellId::new(c))))
}

/// A ruleset compiled for play.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Ruleset,
    /// The width of the board's cell sets: generation runs at this width.
    pub(crate) width: Width,
    /// The board's rays as cell sets.
    pub(crate) rays: Rays,
    /// The move rules, compiled: each a kind of move with its tables.
    pub(crate) compiled: Vec<Rule>,
    pub(crate) phases: Vec<PhaseRules>,
    pub(crate) turn: Turn,
    pub(crate) regions: RegionRules,
    /// When captured pieces leave the board in a chain.
    pub(crate) removal: Removal,
    /// `zobrist[cell * codes + code]`, the code of what the cell holds ([`Square::code`]).
    pub(crate) zobrist: Vec<u64>,
    pub(crate) codes: usize,
    pub(crate) side_key: u64,
    /// Keys of the declared state, per cell: never moved, passed over, the piece that passed,
    /// the piece that moved several times in a row.
    state_keys: Vec<u64>,
    /// With `[hands] mark-promoted`: per cell, the key of "the piece here arrived by promotion".
    mark_keys: Vec<u64>,
    /// The end rules, compiled.
    pub(crate) ends: Ends,
    /// The evaluation (`[eval]`), compiled.
    pub(crate) evaluator: Evaluator,
    /// Royal pieces and how each player attacks, when the game has royal pieces or castling.
    pub(crate) attacks: Option<Attacks>,
    /// True if a move rule castles (the position's "never moved" marks then follow castling).
    pub(crate) castles: bool,
    /// Per piece type: how it promotes.
    pub(crate) promotions: Vec<Option<Promo>>,
    /// `[hands]`, compiled, if the game has them.
    pub(crate) hands: Option<HandRules>,
    /// Per piece type: where its capturing chains go on, which a piece promoted in the middle
    /// of a chain continues with.
    pub(crate) chain_states: Vec<Vec<At>>,
    /// Does some chain of hops depend on the cells it landed on (`Hops::remembers_landings`)?
    pub(crate) chains_remember_landings: bool,
    /// Any capture obliges, no region must be left first, and some rules never capture:
    /// generation tries the rules that may capture first ([`Game::generate_captures_first`]).
    pub(crate) captures_first: bool,
    /// Every rule that may capture always does: then the rules tried first give only captures.
    pub(crate) captures_or_never: bool,
    /// Which moves no earlier position can follow (repetition looks back only to the last).
    pub(crate) one_way: crate::one_way::OneWay,
    /// The draw rules' bookkeeping a session does each move.
    pub(crate) draw_plan: crate::session::DrawPlan,
    /// The counters and last move `[state]` declares, and where they sit in a position.
    pub(crate) tally: crate::tally::TallyPlan,
    /// Where pieces may stand, worked out when a position is first read.
    pub(crate) standing: std::sync::OnceLock<crate::standing::Standing>,
    /// The start position, set up when first asked for ([`Position::start`]).
    pub(crate) start: std::sync::OnceLock<crate::position::Position>,
}

/// splitmix64: a fixed, well-mixed stream of keys for Zobrist hashing.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// Compiles a checked ruleset.
    pub fn new(rules: Ruleset) -> Game {
        let width = rules.board.width();
        Game::with_width(rules, width)
    }

    /// Compiles a checked ruleset to run with cell sets of `width`, which may be wider than
    /// the board needs (tests run every width through the same games).
    pub fn with_width(rules: Ruleset, width: Width) -> Game {
        assert!(width.words() >= rules.board.width().words(), "cell sets of {width:?} are too narrow for the board");
        let board = &rules.board;
        let n = board.len();
        let compiled: Vec<Rule> = (0..rules.moves.len()).map(|i| Rule::compile(&rules, i, width)).collect();
        let never_captures: Vec<bool> = compiled.iter().map(Rule::never_captures).collect();
        let phases = rules
            .phases
            .iter()
            .map(|p| {
                let (quiet, capturing) = p.moves.iter().copied().partition(|&r| never_captures[r]);
                PhaseRules { moves: p.moves.clone(), limit: p.limit, capturing, quiet }
            })
            .collect();
        let union = |ids: &[RegionId]| {
            (!ids.is_empty()).then(|| {
                per_player(width, &[0, 1].map(|p| (0..n).map(|c| ids.iter().any(|&id| rules.regions[id.index()].cells[p][c])).collect()))
            })
        };
        let regions = RegionRules {
            no_quiet: union(&rules.turn.enter_by_capture_only),
            must_leave: union(&rules.turn.must_leave),
            stops: union(&rules.turn.move_ends_in),
        };
        let codes = rules.pieces.len() * 4;
        let mut seed = 0x4865_7470_726F_6261; // "Hetproba"
        // An empty cell has key 0, so the empty board hashes to the phase key alone.
        let zobrist = (0..n * codes).map(|i| if i % codes == 0 { 0 } else { splitmix(&mut seed) }).collect();
        let side_key = splitmix(&mut seed);
        let state_keys = (0..4 * n).map(|_| splitmix(&mut seed)).collect();
        let promotions: Vec<Option<Promo>> = rules
            .pieces
            .iter()
            .map(|p| {
                p.promotion.as_ref().map(|promo| {
                    let cells = per_player(width, &rules.regions[promo.region.index()].cells);
                    let forced = promo.forced.map(|f| per_player(width, &rules.regions[f.index()].cells));
                    Promo {
                        to: promo.to.clone(),
                        cells,
                        during: promo.during_capture,
                        optional: promo.optional,
                        forced,
                        leaving: promo.leaving,
                    }
                })
            })
            .collect();
        // After the pieces' rows of a position's sets: a row of marks, then the hands.
        let hands = rules.hands.as_ref().map(|h| {
            let types = rules.pieces.len();
            let marks_at = width.words() * (crate::position::PIECES + codes);
            let hands_at = marks_at + if h.marks { width.words() } else { 0 };
            HandRules {
                captures: h.captures,
                marks: h.marks,
                demote: h.demote.clone(),
                unpromoted: h.unpromoted.clone(),
                keys: (0..2 * types).map(|_| splitmix(&mut seed)).collect(),
                marks_at,
                hands_at,
            }
        });
        let mark_keys =
            if rules.hands.as_ref().is_some_and(|h| h.marks) { (0..n).map(|_| splitmix(&mut seed)).collect() } else { Vec::new() };
        let ends = Ends::compile(&rules, width);
        let evaluator = Evaluator::compile(&rules);
        let attacks = Attacks::compile(&rules, &compiled, width);
        let castles = compiled.iter().any(|r| matches!(r.kind, Kind::Castle(_)));
        // A game that keeps no state of a move but its cells (no stacks, runs of one piece,
        // castling, never-moved marks or hands) makes a one-piece move as one step.
        let plain = rules.stacks.is_none() && rules.same_piece.is_none() && !castles && rules.unmoved.is_empty() && hands.is_none();
        let mut compiled = compiled;
        for rule in &mut compiled {
            rule.one_piece = plain && rule.moves_one_piece();
            rule.simple_promotion = promotions[rule.piece.index()].as_ref().is_none_or(Promo::simple);
        }
        let chain_states = (0..rules.pieces.len())
            .map(|p| {
                compiled
                    .iter()
                    .enumerate()
                    .filter(|(_, rule)| rule.piece.index() == p)
                    .filter_map(|(i, rule)| match &rule.kind {
                        Kind::Hops(h) => h.chain_segment().map(|seg| At {
                            rule: crate::moves::RuleId::new(i).expect("the loader allows at most MAX_RULES move rules"),
                            seg: seg as u8,
                            count: 1,
                            last: crate::moves::NO_DIR,
                        }),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let chains_remember_landings = compiled.iter().any(|r| matches!(&r.kind, Kind::Hops(h) if h.remembers_landings()));
        let turn = rules.turn.clone();
        let removal = turn.removal;
        let tally = crate::tally::TallyPlan::of(&rules);
        let rays = Rays::compile(width, &rules.board);
        let mut game = Game {
            rules,
            width,
            rays,
            compiled,
            phases,
            turn,
            regions,
            removal,
            zobrist,
            codes,
            side_key,
            state_keys,
            ends,
            evaluator,
            attacks,
            castles,
            promotions,
            hands,
            mark_keys,
            chain_states,
            chains_remember_landings,
            captures_first: false,
            captures_or_never: false,
            one_way: Default::default(),
            draw_plan: Default::default(),
            tally,
            standing: std::sync::OnceLock::new(),
            start: std::sync::OnceLock::new(),
        };
        game.one_way = crate::one_way::OneWay::of(&game);
        game.draw_plan = crate::session::DrawPlan::of(&game.rules);
        game.captures_first = game.turn.compulsory_capture
            && game.turn.capture_trigger == Trigger::Any
            && game.regions.must_leave.is_none()
            && never_captures.contains(&true)
            && never_captures.contains(&false);
        game.captures_or_never = game.compiled.iter().zip(&never_captures).all(|(r, &never)| never || r.always_captures());
        game
    }

    /// The checked ruleset this game was compiled from.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    pub fn board(&self) -> &hetproba_board::Board {
        &self.rules.board
    }

    /// The name of a player.
    pub fn player_name(&self, player: PlayerId) -> &str {
        &self.rules.players[player.index()].name
    }

    /// The position-notation symbol of a piece.
    pub fn symbol(&self, piece: Piece) -> char {
        let symbols = &self.rules.pieces[piece.kind().index()].symbols;
        match piece.owner() {
            Owner::Nobody => symbols[0],
            Owner::Player(p) => symbols[p.index()],
        }
    }

    /// The piece a position-notation symbol stands for.
    pub fn piece_of_symbol(&self, symbol: char) -> Option<Piece> {
        self.rules.pieces.iter().enumerate().find_map(|(i, p)| {
            let i = PieceTypeId::new(i);
            if !p.owned {
                (p.symbols[0] == symbol).then(|| Piece::new(i, Owner::Nobody))
            } else if p.symbols[0] == symbol {
                Some(Piece::new(i, Owner::Player(PlayerId::FIRST)))
            } else if p.symbols[1] == symbol {
                Some(Piece::new(i, Owner::Player(PlayerId::SECOND)))
            } else {
                None
            }
        })
    }

    #[inline(always)]
    pub(crate) fn key(&self, cell: CellId, held: Option<Piece>) -> u64 {
        self.zobrist[cell.index() * self.codes + held.code()]
    }

    /// Does every move of every rule capture (a stone moves only onto an enemy's)? Then a capture
    /// says nothing of a position's calm: a search that follows captures would follow every move.
    pub fn every_move_captures(&self) -> bool {
        self.compiled.iter().all(Rule::always_captures)
    }

    /// Is a royal piece of the player to move attacked (check)? False in a game without
    /// royal pieces.
    pub fn is_check(&self, pos: &crate::Position) -> bool {
        self.in_check(pos, pos.side())
    }

    /// Does the position remember which pieces never moved?
    pub(crate) fn tracks_unmoved(&self) -> bool {
        !self.rules.unmoved.is_empty()
    }

    /// The key of "the piece on `cell` never moved".
    #[inline(always)]
    pub(crate) fn unmoved_key(&self, cell: CellId) -> u64 {
        self.state_keys[cell.index()]
    }

    /// The key of "the last move passed over `passed`, its piece standing on `victim`".
    pub(crate) fn passed_key(&self, passed: crate::moves::CellBits, victim: CellId) -> u64 {
        let n = self.rules.board.len();
        let mut key = self.state_keys[2 * n + victim.index()];
        for c in passed.iter() {
            key ^= self.state_keys[n + c.index()];
        }
        key
    }

    /// The key of "a ko forbids placing on `cell`".
    pub(crate) fn ko_key(&self, cell: CellId) -> u64 {
        let mut s = self.state_keys[self.rules.board.len() + cell.index()] ^ 0x6B6F; // "ko"
        splitmix(&mut s)
    }

    /// The key of "the piece on `cell` has made `count` moves in a row".
    pub(crate) fn streak_key(&self, cell: CellId, count: u8) -> u64 {
        let mut s = self.state_keys[3 * self.rules.board.len() + cell.index()] ^ u64::from(count);
        splitmix(&mut s)
    }

    /// The key of "`player` holds `count` pieces of type `kind` in hand" (0 for none).
    #[inline]
    pub(crate) fn hand_key(&self, player: PlayerId, kind: PieceTypeId, count: u32) -> u64 {
        match &self.hands {
            Some(h) if count > 0 => {
                let mut s = h.keys[player.index() * self.rules.pieces.len() + kind.index()] ^ u64::from(count);
                splitmix(&mut s)
            }
            _ => 0,
        }
    }

    /// The key of "the piece on `cell` arrived by promotion".
    #[inline]
    pub(crate) fn mark_key(&self, cell: CellId) -> u64 {
        self.mark_keys[cell.index()]
    }

    /// The key of the phase part of the position: only plies inside a limited phase matter.
    pub(crate) fn phase_key(&self, phase: u8, progress: Progress) -> u64 {
        let limited = self.phases[phase as usize].limit.is_some();
        let mut s = (phase as u64) << 32 | if limited { progress.key() } else { 0 };
        splitmix(&mut s)
    }
}

/// For each cell, the cells one step away along `dirs` (or, with `whole`, every cell of those
/// rays): a set per cell.
pub(crate) fn line_masks(width: Width, board: &hetproba_board::Board, dirs: &[hetproba_board::DirId], whole: bool) -> CellSets {
    CellSets::from_sets(
        width,
        board.all_cells().map(|c| {
            let mut cells = Vec::new();
            for &d in dirs {
                let mut k = board.step(c, d);
                while k != hetproba_board::NO_CELL {
                    cells.push(k);
                    if !whole {
                        break;
                    }
                    k = board.step(k, d);
                }
            }
            cells
        }),
    )
}

pub(crate) fn axes_of(rules: &Ruleset, dirs: &[DirId]) -> Vec<Axis> {
    let mut list: Vec<Axis> = Vec::new();
    for &d in dirs {
        // One entry per axis: skip a direction whose opposite is already listed.
        if !list.iter().any(|&(a, b)| a == d || b == Some(d)) {
            list.push((d, rules.board.opposite(d)));
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::position::Progress;

    #[test]
    fn a_piece_keeps_its_type_and_owner_in_one_byte() {
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        let owners = [Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND), Owner::Nobody];
        let mut codes = std::collections::HashSet::new();
        for kind in (0..PieceTypeSet::CAPACITY).map(PieceTypeId::new) {
            for owner in owners {
                let piece = Piece::new(kind, owner);
                assert_eq!((piece.kind(), piece.owner()), (kind, owner));
                assert_eq!(piece.belongs_to(PlayerId::FIRST), owner == Owner::Player(PlayerId::FIRST));
                // The byte is the Zobrist index: distinct per piece, within the game's codes.
                assert!(Some(piece).code() < PieceTypeSet::CAPACITY * 4 && codes.insert(Some(piece).code()));
            }
        }
        assert_eq!((None::<Piece>.code(), None::<Piece>.slot()), (0, 0));
        let man = Piece::new(PieceTypeId::new(5), Owner::Player(PlayerId::FIRST));
        assert_eq!(man.turned_to(PlayerId::SECOND), Piece::new(PieceTypeId::new(5), Owner::Player(PlayerId::SECOND)));
        assert!(Some(man).of(PlayerId::FIRST) && !Some(man).of(PlayerId::SECOND) && !None::<Piece>.of(PlayerId::FIRST));
    }

    #[test]
    fn a_piece_byte_reads_back_only_as_a_piece_the_ruleset_can_hold() {
        let load = |text| hetproba_rules::load("fixture.toml", text, &hetproba_rules::BuiltinFiles, &[]).expect("loads");
        // Men and kings, both owned by the players.
        let rules = load(include_str!("../../../tests/fixtures/hopping.toml"));
        let king = PieceTypeId::new(1);
        for owner in [Owner::Player(PlayerId::FIRST), Owner::Player(PlayerId::SECOND)] {
            assert_eq!(Piece::from_byte(&rules, Piece::new(king, owner).byte()), Some(Piece::new(king, owner)));
        }
        // Empty, a king of nobody's, a third type, a tag of no owner.
        for byte in [0, Piece::new(king, Owner::Nobody).byte(), 2 << 2 | 1, 1 << 2] {
            assert_eq!(Piece::from_byte(&rules, byte), None, "{byte}");
        }
        // A built-in with a piece of nobody's: that piece reads back only as nobody's.
        let id = hetproba_rules::builtin_ids()
            .find(|id| hetproba_rules::load_builtin(id, &[]).expect("built in").expect("loads").pieces.iter().any(|p| !p.owned));
        let rules = hetproba_rules::load_builtin(id.expect("a built-in with a piece of nobody's"), &[]).expect("built in").expect("loads");
        let kind = PieceTypeId::new(rules.pieces.iter().position(|p| !p.owned).expect("found above"));
        assert_eq!(Piece::from_byte(&rules, Piece::new(kind, Owner::Nobody).byte()), Some(Piece::new(kind, Owner::Nobody)));
        assert_eq!(Piece::from_byte(&rules, Piece::new(kind, Owner::Player(PlayerId::FIRST)).byte()), None);
    }

    #[test]
    fn a_move_with_its_promotion_is_no_larger_than_before() {
        // 16 bytes of captured cells, 2 + 2 of cells, 1 each of rule, direction, capture flag and
        // promotion.
        assert_eq!(std::mem::size_of::<Move>(), 32);
        let queen = PieceTypeId::new(4);
        let mv = Move::PASS.promoting(queen);
        assert_eq!((Move::PASS.promotion(), mv.promotion()), (None, Some(queen)));
    }

    #[test]
    fn progress_counts_plies_or_each_players_placements() {
        let placed = Progress::START.place(PlayerId::SECOND).place(PlayerId::SECOND).place(PlayerId::FIRST);
        assert_eq!((placed.placed(PlayerId::FIRST), placed.placed(PlayerId::SECOND)), (1, 2));
        assert_eq!(placed, Progress::after_placing([1, 2]));
        assert_eq!(Progress::START.ply().ply().plies(), 2);
        assert_eq!(Progress::START.ply().ply(), Progress::after_plies(2));
        assert_ne!(placed.key(), Progress::after_placing([2, 1]).key());
    }
}
