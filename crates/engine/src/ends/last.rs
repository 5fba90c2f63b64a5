//! `last(from=, to=, piece=, captured=)`: what the last move did.

use crate::ends::kind::TestKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSets, NO_CELL, Width};
use hetproba_rules::model::{PieceTypeSet, PlayerId, Ruleset, ends as model};

#[derive(Clone, Debug)]
pub(crate) struct Last {
    from: Option<CellSets>,
    to: Option<CellSets>,
    piece: Option<PieceTypeSet>,
    captured: Option<PieceTypeSet>,
}

impl Compile<model::Last> for Last {
    fn compile(test: &model::Last, rules: &Ruleset, width: Width) -> Last {
        let cells = |r: Option<hetproba_rules::model::RegionId>| r.map(|r| per_player(width, &rules.regions[r.index()].cells));
        Last { from: cells(test.from), to: cells(test.to), piece: test.piece, captured: test.captured }
    }
}

impl TestKind for Last {
    /// The regions are resolved for the player who made the last move: the player to move's
    /// opponent, whoever the test looks at.
    #[inline]
    fn holds<const W: usize>(&self, _host: &impl Host, pos: &Position, _player: PlayerId, _has_moves: &mut dyn FnMut() -> bool) -> bool {
        let last = pos.last;
        let maker = pos.side().other().index();
        let on = |set: &Option<CellSets>, cell| set.as_ref().is_none_or(|s| cell != NO_CELL && s.contains(maker, cell));
        last.known
            && on(&self.from, last.from)
            && on(&self.to, last.to)
            && self.piece.is_none_or(|types| last.to != NO_CELL && pos.at(last.to).is_some_and(|p| types.contains(p.kind())))
            && self.captured.is_none_or(|types| types.iter().any(|t| last.captured.contains(t)))
    }
}
