//! The compiled tables several parts of the engine read: how each piece type promotes, the
//! regions with rules of their own (`[turn]`), and the phases with their move rules.

use crate::position::Progress;
use hetproba_board::CellSets;
use hetproba_rules::model::{MidCapture, PhaseLimit, PieceTypeId, PlayerId};

/// How a piece type promotes, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Promo {
    /// The piece types it may become (each choice is its own move).
    pub to: Vec<PieceTypeId>,
    /// Per player (set 0 or 1): the cells where it promotes.
    pub cells: CellSets,
    pub during: MidCapture,
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
}

/// The phases of a game, in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Phases(pub Vec<PhaseRules>);

impl Phases {
    /// Phase `phase`.
    #[inline(always)]
    pub(crate) fn get(&self, phase: u8) -> &PhaseRules {
        &self.0[phase as usize]
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
