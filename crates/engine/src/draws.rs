//! The draw plan: what the draw rules (`[[draw]]`) ask of a game's history, decided once per
//! game, so that a session walks no rule it has nothing to do for each move: which counters a
//! move updates and what restarts them, what each rule tests, what FEN's half-move clock follows.

use hetproba_rules::model::{DrawKind, Event, PieceTypeId, PieceTypeSet, Ruleset};

/// The events that restart a count, as sets tested once a move: any capture, and the moves of
/// some piece types.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Resets {
    capture: bool,
    pieces: PieceTypeSet,
}

impl Resets {
    pub(crate) fn of(events: &[Event]) -> Resets {
        let mut resets = Resets::default();
        for e in events {
            match e {
                Event::Capture => resets.capture = true,
                Event::PieceMoves(t) => resets.pieces.insert(*t),
            }
        }
        resets
    }

    /// Does a move (`capture`: it captures; `mover`: the type of the piece that moves) restart
    /// the count?
    #[inline(always)]
    pub(crate) fn hit(self, capture: bool, mover: Option<PieceTypeId>) -> bool {
        (self.capture && capture) || mover.is_some_and(|t| self.pieces.contains(t))
    }
}

/// The draw rules' bookkeeping, decided once per game: which counters a move updates and what
/// restarts them, so that [`Session::play`] walks no rule it has nothing to do for.
#[derive(Clone, Debug, Default)]
pub(crate) struct DrawPlan {
    /// What restarts FEN's half-move clock.
    pub clock: Resets,
    /// The move-count rules without a material condition: their index among the draw rules and
    /// what restarts them.
    pub counters: Vec<(usize, Resets)>,
    /// Some rule has a material condition: then every counter takes the general path.
    pub material: bool,
    /// Per draw rule, in order, what [`Session::history_draw`] tests.
    pub tests: Vec<DrawTest>,
}

/// What a draw rule asks of the history.
#[derive(Clone, Copy, Debug)]
pub(crate) enum DrawTest {
    /// The current position stood this many times, itself included.
    Repetition(u32),
    /// The rule's counter reached `plies`, and its material condition holds if it has one.
    Count { plies: u32, material: bool },
    /// The rule's counter reached the plies its `moves = "..."` works out from the pieces on the
    /// board, and its material condition holds.
    CountByPieces,
}

impl DrawPlan {
    pub(crate) fn of(rules: &Ruleset) -> DrawPlan {
        let material = rules.draws.iter().any(|d| matches!(&d.kind, DrawKind::Counter(c) if c.material.is_some()));
        let counters = rules
            .draws
            .iter()
            .enumerate()
            .filter_map(|(i, d)| match &d.kind {
                DrawKind::Counter(c) if c.material.is_none() => Some((i, Resets::of(&c.reset))),
                _ => None,
            })
            .collect();
        let tests = rules
            .draws
            .iter()
            .map(|d| match &d.kind {
                DrawKind::Repetition(r) => DrawTest::Repetition(r.count),
                DrawKind::Counter(c) if c.by_pieces.is_some() => DrawTest::CountByPieces,
                DrawKind::Counter(c) => DrawTest::Count { plies: c.plies, material: c.material.is_some() },
            })
            .collect();
        DrawPlan { clock: Resets::of(&clock_events(rules)), counters, material, tests }
    }
}

/// The events that restart FEN's half-move clock: the resets of the first move-count draw rule
/// that has some and no material condition (a fifty-move rule: a capture or a pawn move),
/// or else a capture.
pub(crate) fn clock_events(rules: &Ruleset) -> Vec<Event> {
    rules
        .draws
        .iter()
        .find_map(|d| match &d.kind {
            DrawKind::Counter(c) if c.material.is_none() && !c.reset.is_empty() => Some(c.reset.clone()),
            _ => None,
        })
        .unwrap_or_else(|| vec![Event::Capture])
}
