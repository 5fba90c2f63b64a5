//! The compiled game: a checked ruleset and the parts compiled from it, each behind its own
//! interface: the move rules and phases (`Moves`: generation reads them), the Zobrist keys
//! (`Keys`: hashing), the attack tables (`Attacks`: legality), the end rules (`Ends`), the draw
//! plan (`DrawPlan`), the evaluation (`Evaluator`), the one-way moves, where pieces may stand,
//! and the start position. `Game` owns them and exposes no field; the parts see the game through
//! [`Host`], which `Game` implements here. Generation (`turn`), `make`, legality (`legal`),
//! notation and the rest are `impl Game` blocks of their own modules, over these accessors.

use crate::attack::Attacks;
use crate::chain::{At, Pattern};
use crate::draws::DrawPlan;
use crate::ends::{Ends, Outcome};
use crate::eval::Evaluator;
use crate::hash::Keys;
use crate::host::Host;
use crate::moves::{Compiled, Moves};
use crate::mv::{RuleId, Sink};
use crate::one_way::OneWay;
pub use crate::piece::{Owner, Piece};
use crate::position::{Position, Progress};
use crate::rule::Rule;
use crate::standing::Standing;
use crate::tables::{HandRules, Promo, RegionRules, TallyPlan, promotion_limits};
use hetproba_board::{Board, CellId, Rays, Width, per_player};
use hetproba_rules::model::{PieceTypeId, PlayerId, RegionId, Removal, Ruleset};
use std::sync::OnceLock;

/// A ruleset compiled for play.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    /// The width of the board's cell sets: generation runs at this width.
    width: Width,
    /// The board's rays as cell sets.
    rays: Rays,
    keys: Keys,
    /// The move rules, compiled, and the phases.
    moves: Moves,
    /// Per piece type: how it promotes.
    promotions: Vec<Option<Promo>>,
    regions: RegionRules,
    ends: Ends,
    evaluator: Evaluator,
    /// Royal pieces and how each player attacks, when the game has royal pieces or castling.
    attacks: Option<Attacks>,
    /// Which moves no earlier position can follow (repetition looks back only to the last).
    one_way: OneWay,
    /// The draw rules' bookkeeping a session does each move.
    draw_plan: DrawPlan,
    /// `[hands]`, compiled, if the game has them.
    hands: Option<HandRules>,
    /// The counters and last move `[state]` declares, and where they sit in a position.
    tally: TallyPlan,
    /// Where pieces may stand, worked out when a position is first read.
    standing: OnceLock<Standing>,
    /// The start position, set up when first asked for ([`Position::start`]).
    start: OnceLock<Position>,
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
        let n = rules.board.len();
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
        let moves = Moves::compile(&rules, width, regions.must_leave.is_some());
        let promotions = rules
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
                        limit: promo.limit.as_ref().map(|limit| promotion_limits(&rules, &promo.to, limit)),
                    }
                })
            })
            .collect();
        Game {
            keys: Keys::new(&rules),
            rays: Rays::compile(width, &rules.board),
            ends: Ends::compile(&rules, width),
            evaluator: Evaluator::compile(&rules),
            attacks: Attacks::compile(&rules, moves.all(), width),
            one_way: OneWay::of(&rules, &moves),
            draw_plan: DrawPlan::of(&rules),
            hands: HandRules::of(&rules),
            tally: TallyPlan::of(&rules),
            standing: OnceLock::new(),
            start: OnceLock::new(),
            moves,
            promotions,
            regions,
            width,
            rules,
        }
    }

    /// The checked ruleset this game was compiled from.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    pub fn board(&self) -> &Board {
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

    /// Does every move of every rule capture (a stone moves only onto an enemy's)? Then a capture
    /// says nothing of a position's calm: a search that follows captures would follow every move.
    pub fn every_move_captures(&self) -> bool {
        self.moves.every_move_captures()
    }

    /// Is a royal piece of the player to move attacked (check)? False in a game without
    /// royal pieces.
    pub fn is_check(&self, pos: &Position) -> bool {
        self.in_check(pos, pos.side())
    }

    /// The result, if the game is over in this position.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        hetproba_board::with_width!(self.width, W => self.ends.outcome::<W>(self, &self.rules, pos, &mut || self.has_raw_moves::<W>(pos)))
    }

    /// The position's points for the player to move under the ruleset's `[eval]` (or the
    /// default: material and mobility), at most [`crate::MAX_EVAL`] either way. It judges
    /// positions that are not over; a search scores won, lost and drawn ones itself.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluator.evaluate(self, pos)
    }

    /// The move rules and phases.
    #[inline(always)]
    pub(crate) fn moves(&self) -> &Moves {
        &self.moves
    }

    /// Move rule `index`, compiled.
    #[inline(always)]
    pub(crate) fn compiled(&self, index: usize) -> &Compiled {
        self.moves.get(index)
    }

    /// The attack tables, when the game has royal pieces or castling.
    #[inline(always)]
    pub(crate) fn attacks(&self) -> Option<&Attacks> {
        self.attacks.as_ref()
    }

    #[inline(always)]
    pub(crate) fn ends(&self) -> &Ends {
        &self.ends
    }

    #[inline(always)]
    pub(crate) fn one_way(&self) -> &OneWay {
        &self.one_way
    }

    #[inline(always)]
    pub(crate) fn draw_plan(&self) -> &DrawPlan {
        &self.draw_plan
    }

    /// `[hands]`, compiled, if the game has them.
    #[inline(always)]
    pub(crate) fn hands(&self) -> Option<&HandRules> {
        self.hands.as_ref()
    }

    /// The counters and last move `[state]` declares.
    #[inline(always)]
    pub(crate) fn tally(&self) -> &TallyPlan {
        &self.tally
    }

    /// Where pieces may stand, worked out the first time it is asked.
    pub(crate) fn standing(&self) -> &Standing {
        self.standing.get_or_init(|| Standing::compile(&self.rules, &self.moves, &self.promotions, self.keys.codes()))
    }

    /// An empty board of this game, first player to move, first phase.
    /// Why `pos` cannot arise in this game, if it cannot ([`Standing`]).
    pub(crate) fn impossible(&self, pos: &Position) -> Option<String> {
        self.standing().impossible(&self.rules, &self.promotions, pos)
    }

    /// The player to move has lost a royal piece to a blast ([`Standing::royal_blown`]).
    pub(crate) fn royal_blown(&self, pos: &Position) -> bool {
        self.standing().royal_blown(&self.rules, pos)
    }

    /// Drops the "never moved" marks no castling needs ([`Moves::drop_idle_marks`]).
    pub(crate) fn drop_idle_marks(&self, pos: &mut Position) {
        self.moves.drop_idle_marks(&self.rules.board, &self.keys, pos);
    }

    pub(crate) fn empty_position(&self) -> Position {
        Position::empty(&self.keys, self.rules.board.len(), self.width, self.rules.stacks.is_some(), self.tally.len)
    }
}

impl Outcome {
    /// "black wins: more pieces at the end" or "draw: every line is full".
    pub fn describe(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => format!("{}: {}", game.rules.players[p.index()].wins(), self.reason),
            None => format!("draw: {}", self.reason),
        }
    }

    /// "black wins", "hounds win", "draw": the short form used by tests and records.
    pub fn short(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => game.rules.players[p.index()].wins(),
            None => "draw".to_string(),
        }
    }
}

impl Position {
    /// The hash computed from scratch (to check the incremental one).
    pub fn compute_hash(&self, game: &Game) -> u64 {
        self.hash_from_scratch(&game.keys)
    }

    /// The start position of the game: set up once per game and copied (a playout starts
    /// every game from it).
    pub fn start(game: &Game) -> Position {
        game.start.get_or_init(|| Position::set_up_start(game)).clone()
    }

    fn set_up_start(game: &Game) -> Position {
        let keys = &game.keys;
        let mut pos = game.empty_position();
        for &(cell, piece, owner) in &game.rules.start.pieces {
            pos.put(keys, cell, Some(Piece::new(piece, owner.into())));
            if game.rules.unmoved.contains(&piece) {
                pos.mark_unmoved(keys, cell);
            }
        }
        // A mark that pairs with nothing (a rook set up off its king's row) is dropped here as
        // after every move: positions that castle alike are alike, and FEN reads them back.
        game.drop_idle_marks(&mut pos);
        if let Some(hands) = &game.rules.hands {
            for player in PlayerId::BOTH {
                for (kind, &count) in hands.start[player.index()].iter().enumerate() {
                    game.put_hand(&mut pos, player, PieceTypeId::new(kind), u32::from(count));
                }
            }
        }
        pos.set_side(keys, game.rules.start.side);
        pos
    }

    /// A position with these pieces, `side` to move, in the last phase (ordinary play), with
    /// no history: for tools that build positions themselves.
    pub fn with_pieces(game: &Game, pieces: &[(CellId, Piece)], side: PlayerId) -> Position {
        let keys = &game.keys;
        let mut pos = game.empty_position();
        for &(cell, piece) in pieces {
            pos.put(keys, cell, Some(piece));
        }
        pos.set_side(keys, side);
        pos.set_phase(keys, game.moves.phases().last(), Progress::START);
        pos
    }
}

/// The game as its parts see it.
impl Host for Game {
    #[inline(always)]
    fn board(&self) -> &Board {
        &self.rules.board
    }

    #[inline(always)]
    fn keys(&self) -> &Keys {
        &self.keys
    }

    #[inline(always)]
    fn rays(&self) -> &Rays {
        &self.rays
    }

    #[inline(always)]
    fn width(&self) -> Width {
        self.width
    }

    #[inline(always)]
    fn rule(&self, r: RuleId) -> &Rule {
        &self.moves.get(r.index()).rule
    }

    #[inline(always)]
    fn pattern(&self, r: RuleId) -> &Pattern {
        self.moves.pattern(r)
    }

    #[inline(always)]
    fn chain_states(&self, piece: PieceTypeId) -> &[At] {
        self.moves.chain_states(piece)
    }

    #[inline(always)]
    fn chains_remember_landings(&self) -> bool {
        self.moves.chains_remember_landings()
    }

    #[inline(always)]
    fn promotion(&self, piece: PieceTypeId) -> Option<&Promo> {
        self.promotions[piece.index()].as_ref()
    }

    #[inline(always)]
    fn regions(&self) -> &RegionRules {
        &self.regions
    }

    #[inline(always)]
    fn removal(&self) -> Removal {
        self.rules.turn.removal
    }

    #[inline(always)]
    fn tally(&self) -> &TallyPlan {
        &self.tally
    }

    #[inline(always)]
    fn attacked<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool {
        self.is_attacked::<W>(pos, cell, by, piece)
    }

    #[inline(always)]
    fn in_check<const W: usize>(&self, pos: &Position, player: PlayerId) -> bool {
        self.in_check_w::<W>(pos, player)
    }

    #[inline(always)]
    fn generate_side<const W: usize>(&self, pos: &Position, side: PlayerId, sink: &mut impl Sink) -> bool {
        self.generate_phase::<W>(pos, side, self.phase_of(pos, side), sink)
    }
}
