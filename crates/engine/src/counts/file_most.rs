//! `file-most(TYPES)`: the most pieces the player has on one file (of the types).

use crate::compile::Compile;
use crate::counts::kind::CountKind;
use crate::host::Host;
use crate::piece::{Owner, Piece};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, Width};
use hetproba_rules::model::{PlayerId, Ruleset, counts as model};
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub(crate) struct FileMost {
    /// The pieces counted, per player; `None`: all of the player's.
    pieces: Option<[Vec<Piece>; 2]>,
    /// The cells of each file (one `x`), the files in order.
    files: CellSets,
}

impl Compile<model::FileMost> for FileMost {
    fn compile(count: &model::FileMost, rules: &Ruleset, width: Width) -> FileMost {
        let pieces = count.types.map(|types| PlayerId::BOTH.map(|p| types.iter().map(|t| Piece::new(t, Owner::Player(p))).collect()));
        let board = &rules.board;
        let mut files: BTreeMap<i32, Vec<CellId>> = BTreeMap::new();
        for c in 0..board.len() {
            files.entry(board.cell(CellId::new(c)).x).or_default().push(CellId::new(c));
        }
        FileMost { pieces, files: CellSets::from_sets(width, files.into_values()) }
    }
}

impl CountKind for FileMost {
    #[inline]
    fn value<const W: usize>(&self, _host: &impl Host, pos: &Position, _before: Option<&Position>, player: PlayerId) -> i64 {
        let set: CellSet<W> = match &self.pieces {
            None => pos.player_set::<W>(player),
            Some(pieces) => pieces[player.index()].iter().fold(CellSet::EMPTY, |s, &p| s | pos.piece_set::<W>(p)),
        };
        (0..self.files.len()).map(|f| (set & self.files.get::<W>(f)).len()).max().map_or(0, i64::from)
    }
}
