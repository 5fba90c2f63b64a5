//! The compiled tables several parts of the engine read: how each piece type promotes, the
//! regions with rules of their own (`[turn]`), the phases with their move rules, `[hands]`, and
//! where the counters `[state]` declares sit in a position.

use crate::piece::{Owner, Piece};
use crate::position::{Position, Progress};
use hetproba_board::{CellId, CellSets, NO_CELL};
use hetproba_rules::model::{MidCapture, PhaseLimit, PieceTypeId, PlayerId, PromotionLimit, Ruleset};

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
    /// For each of `to`, per player: the choice is offered only while the mover has fewer
    /// pieces of that type on the board (`limit`); `None` when no choice is limited.
    pub limit: Option<Vec<[u32; 2]>>,
}

/// A promotion's `limit`, for each type in `to` and per player: the count the mover must stay
/// below (`u32::MAX` for a type the limit does not name).
pub(crate) fn promotion_limits(rules: &Ruleset, to: &[PieceTypeId], limit: &PromotionLimit) -> Vec<[u32; 2]> {
    to.iter()
        .map(|&t| match limit {
            PromotionLimit::Start => [0, 1].map(|p| {
                let at_start = rules.start.pieces.iter().filter(|&&(_, kind, owner)| kind == t && owner.is_some_and(|o| o.index() == p));
                u32::try_from(at_start.count()).unwrap_or(u32::MAX)
            }),
            PromotionLimit::Most(most) => [most.iter().find(|&&(k, _)| k == t).map_or(u32::MAX, |&(_, n)| n); 2],
        })
        .collect()
}

impl Promo {
    /// Does a move of `side` from `from` (`NO_CELL`: a new piece) to `to` promote, or may it?
    #[inline(always)]
    pub(crate) fn applies(&self, side: PlayerId, from: CellId, to: CellId) -> bool {
        self.cells.contains(side.index(), to) || (self.leaving && from != NO_CELL && self.cells.contains(side.index(), from))
    }

    /// Calls `f` with each type `side` may promote to in `pos` (all of `to` but those at their
    /// limit), until it returns false; false if it did.
    #[inline(always)]
    pub(crate) fn each_choice<const W: usize>(&self, pos: &Position, side: PlayerId, mut f: impl FnMut(PieceTypeId) -> bool) -> bool {
        match &self.limit {
            None => self.to.iter().all(|&t| f(t)),
            Some(most) => self
                .to
                .iter()
                .zip(most)
                .all(|(&t, most)| pos.piece_set::<W>(Piece::new(t, Owner::Player(side))).len() >= most[side.index()] || f(t)),
        }
    }

    /// May such a move also leave the piece as it is?
    #[inline(always)]
    pub(crate) fn may_stay(&self, side: PlayerId, to: CellId) -> bool {
        self.optional && !self.forced.as_ref().is_some_and(|f| f.contains(side.index(), to))
    }
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

/// A phase, compiled: its move rules and its length.
#[derive(Clone, Debug)]
pub(crate) struct PhaseRules {
    pub moves: Vec<usize>,
    pub limit: Option<PhaseLimit>,
    /// `moves` split once, each in phase order: the rules that may capture, and those that never
    /// do, so that generating captures first filters nothing.
    pub capturing: Vec<usize>,
    pub quiet: Vec<usize>,
    /// The `stay()` rules, left out of the lists above: their moves are offered only when
    /// those give none ([`crate::game::Game::generate`]).
    pub stay: Vec<usize>,
}

/// The phases of a game, in order, and whether one lasts until the hands are empty.
#[derive(Clone, Debug, Default)]
pub(crate) struct Phases(pub Vec<PhaseRules>, pub bool);

impl Phases {
    /// Phase `phase`.
    #[inline(always)]
    pub(crate) fn get(&self, phase: u8) -> &PhaseRules {
        &self.0[phase as usize]
    }

    /// Does phase `phase` last until the hands are empty?
    #[inline(always)]
    pub(crate) fn by_hands(&self, phase: u8) -> bool {
        self.1 && matches!(self.get(phase).limit, Some(PhaseLimit::HandsEmpty))
    }

    /// The last phase: ordinary play, where a position set up without one is.
    pub(crate) fn last(&self) -> u8 {
        u8::try_from(self.0.len() - 1).expect("the loader keeps phases to 255")
    }

    /// The phase and its progress after `side` makes a move in `phase` (`placed`: the move put
    /// a new piece on the board; a pass puts none).
    #[inline(always)]
    pub(crate) fn advance(&self, phase: u8, progress: Progress, side: PlayerId, placed: bool) -> (u8, Progress) {
        match self.get(phase).limit {
            None => (phase, progress),
            Some(PhaseLimit::Plies(limit)) if progress.plies() + 1 >= limit => (phase + 1, Progress::START),
            Some(PhaseLimit::Plies(_)) => (phase, progress.ply()),
            // Ended by the hands, which the position knows ([`crate::game::Game::phase_of`]).
            Some(PhaseLimit::HandsEmpty) => (phase, progress),
            Some(PhaseLimit::Placed(limit)) => {
                let now = if placed { progress.place(side) } else { progress };
                if now.placed(PlayerId::FIRST) >= limit && now.placed(PlayerId::SECOND) >= limit {
                    (phase + 1, Progress::START)
                } else {
                    (phase, now)
                }
            }
        }
    }
}

/// `[hands]`, compiled: what a captured piece goes into a hand as.
#[derive(Clone, Debug)]
pub(crate) struct HandRules {
    /// Captured pieces go into the captor's hand.
    pub captures: bool,
    /// The position marks the pieces that arrived by promotion.
    pub marks: bool,
    /// Per piece type: the type a captured piece of it goes into a hand as, unmarked, and marked.
    pub demote: Vec<PieceTypeId>,
    pub unpromoted: Vec<PieceTypeId>,
}

impl HandRules {
    pub(crate) fn of(rules: &Ruleset) -> Option<HandRules> {
        rules.hands.as_ref().map(|h| HandRules {
            captures: h.captures,
            marks: h.marks,
            demote: h.demote.clone(),
            unpromoted: h.unpromoted.clone(),
        })
    }

    /// The type a captured piece goes into a hand as (`marked`: it arrived by promotion).
    #[inline]
    pub(crate) fn held_as(&self, kind: PieceTypeId, marked: bool) -> PieceTypeId {
        if marked { self.unpromoted[kind.index()] } else { self.demote[kind.index()] }
    }
}

/// Where the declared counters sit in a position's tally (`Position::tally`).
#[derive(Clone, Debug, Default)]
pub(crate) struct TallyPlan {
    /// The checks each player has given (two counters from here) and the most counted.
    pub checks: Option<(usize, u16)>,
    /// The moves in a row that moved nothing.
    pub passes: Option<usize>,
    /// The pieces each player has captured: `captured + player * types + type`.
    pub captured: Option<usize>,
    types: usize,
    /// The position remembers the last move.
    pub last: bool,
    /// How many counters.
    pub len: usize,
    /// Anything declared: `make` then updates it.
    pub any: bool,
}

impl TallyPlan {
    pub(crate) fn of(rules: &Ruleset) -> TallyPlan {
        let t = rules.tally;
        let types = rules.pieces.len();
        let mut len = 0;
        let mut take = |n: usize| {
            len += n;
            len - n
        };
        let checks = t.checks.map(|max| (take(2), max));
        let passes = t.passes.then(|| take(1));
        let captured = t.captured.then(|| take(2 * types));
        TallyPlan { checks, passes, captured, types, last: t.last, len, any: t.any() }
    }

    /// The counter of the pieces of type `t` that `player` has captured.
    pub(crate) fn captured_at(&self, player: PlayerId, t: usize) -> Option<usize> {
        self.captured.map(|base| base + player.index() * self.types + t)
    }
}
