//! `count(TYPES, in=REGION)`: the player's pieces (of the types, on the region).

use crate::counts::kind::CountKind;
use crate::host::Host;
use hetproba_board::per_player;
use crate::piece::{Owner, Piece};
use crate::compile::Compile;
use crate::position::Position;
use hetproba_board::{CellSet, CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};

#[derive(Clone, Debug)]
pub(crate) struct PieceCount {
    /// The pieces counted, per player; `None`: all of the player's.
    pieces: Option<[Vec<Piece>; 2]>,
    /// The region's cells per player; `None`: the whole board.
    cells: Option<CellSets>,
}

impl Compile<model::PieceCount> for PieceCount {
    fn compile(count: &model::PieceCount, rules: &Ruleset, width: Width) -> PieceCount {
        let pieces = count.types.map(|types| PlayerId::BOTH.map(|p| types.iter().map(|t| Piece::new(t, Owner::Player(p))).collect()));
        let cells = count.region.map(|r| per_player(width, &rules.regions[r.index()].cells));
        PieceCount { pieces, cells }
    }
}

impl CountKind for PieceCount {
    #[inline]
    fn value<const W: usize>(&self, _host: &impl Host, pos: &Position, _before: Option<&Position>, player: PlayerId) -> i64 {
        let set: CellSet<W> = match &self.pieces {
            None if self.cells.is_none() => return i64::from(pos.piece_count(player)),
            None => pos.player_set::<W>(player),
            Some(pieces) => pieces[player.index()].iter().fold(CellSet::EMPTY, |s, &p| s | pos.piece_set::<W>(p)),
        };
        let set = match &self.cells {
            Some(cells) => set & cells.get::<W>(player.index()),
            None => set,
        };
        i64::from(set.len())
    }
}
