//! `track`: move along the board's declared tracks (Surakarta's circuits), either way, over
//! empty cells, round at least so many of their loops.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink, lands};
use crate::piece::Piece;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, Width};
use hetproba_rules::model::{Landing, PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Track {
    /// The tracks followed: each its cells in order and, per cell, whether the way on from it
    /// runs round a loop.
    tracks: Vec<(Vec<CellId>, Vec<bool>)>,
    /// Per cell: where it stands in the tracks followed, (track, index), once per time.
    at: Vec<Vec<(usize, usize)>>,
    to: Landing,
    /// The loops a move must go round before it may land.
    loops: u32,
}

impl Compile<model::TrackMove> for Track {
    fn compile(m: &model::TrackMove, rules: &Ruleset, _width: Width) -> Track {
        let tracks: Vec<(Vec<CellId>, Vec<bool>)> =
            m.tracks.iter().map(|t| (rules.tracks[t.index()].cells.clone(), rules.tracks[t.index()].loops.clone())).collect();
        let mut at = vec![Vec::new(); rules.board.len()];
        for (t, (cells, _)) in tracks.iter().enumerate() {
            for (i, c) in cells.iter().enumerate() {
                at[c.index()].push((t, i));
            }
        }
        Track { tracks, at, to: m.to, loops: m.loops }
    }
}

impl MoveKind for Track {
    const FROM_PIECES: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn template(&self, mv: &Move) -> &'static str {
        super::ray::template(mv)
    }

    /// Every cell of the tracks through `from`.
    fn reach(&self, _board: &Board, _side: PlayerId, _piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        for &(t, _) in &self.at[from.index()] {
            moved.extend(self.tracks[t].0.iter().filter(|&&c| c != from));
        }
    }

    fn never_captures(&self) -> bool {
        self.to == Landing::Empty
    }

    fn always_captures(&self) -> bool {
        self.to == Landing::Enemy
    }

    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        true
    }

    fn attack(&self, _side: PlayerId) -> Attack<'_> {
        if self.to == Landing::Empty { Attack::None } else { Attack::General }
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        for c in pos.piece_set::<W>(mine).iter() {
            if !rule.starts_on(side, c) || self.at[c.index()].is_empty() {
                continue;
            }
            // A landing reached along several ways is one move.
            let mut found = CellSet::<W>::EMPTY;
            for &(t, i) in &self.at[c.index()] {
                for forward in [true, false] {
                    if !self.walk::<W>(host, pos, side, r, c, t, i, forward, &mut found, sink) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

impl Track {
    /// The moves of the piece on `from` along track `t` from its `i`-th cell, one way, once
    /// round at most; false if the sink stopped.
    #[allow(clippy::too_many_arguments)]
    fn walk<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        from: CellId,
        t: usize,
        mut i: usize,
        forward: bool,
        found: &mut CellSet<W>,
        sink: &mut impl Sink,
    ) -> bool {
        let rule = host.rule(r);
        let (cells, loops) = &self.tracks[t];
        let n = cells.len();
        let mut round = 0;
        for _ in 0..n {
            let next = if forward { (i + 1) % n } else { (i + n - 1) % n };
            // The loop between two cells is written after the first of them.
            if loops[if forward { i } else { next }] {
                round += 1;
            }
            i = next;
            let k = cells[i];
            if k == from {
                continue;
            }
            let target = pos.cells[k.index()];
            if round >= self.loops && lands(self.to, target, side) && !found.contains(k) {
                found.insert(k);
                if !host.emit::<W>(rule, pos, side, Move { take_to: target.is_some(), ..Move::new(r, from, k) }, from, sink) {
                    return false;
                }
            }
            if target.is_some() {
                break;
            }
        }
        true
    }
}
