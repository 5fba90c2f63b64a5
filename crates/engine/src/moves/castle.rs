//! `castle`: a piece that has never moved, and is not attacked, goes `steps` cells along a
//! direction towards an own piece of a given type that has never moved, with only empty cells
//! between them, crossing and landing on no attacked cell; the other piece lands on the cell
//! next to it, on the side it came from (castling).

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink};
use crate::rule::Rule;
use crate::piece::{Owner, Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Castle {
    /// Directions, per player.
    dirs: [Vec<DirId>; 2],
    /// The piece it castles with, per player.
    with: [Piece; 2],
    steps: u32,
}

impl Compile<model::Castle> for Castle {
    fn compile(castle: &model::Castle, rules: &Ruleset, _width: Width) -> Castle {
        Castle {
            dirs: rules.direction_sets[castle.dirs.index()].dirs.clone(),
            with: PlayerId::BOTH.map(|p| Piece::new(castle.with, Owner::Player(p))),
            steps: castle.steps,
        }
    }
}

impl MoveKind for Castle {
    const ASKS_ATTACKS: bool = true;
    const SEEN: Seen = Seen::Own;

    /// The default notation: `O-` (castling), then the castling piece's move with its letter.
    /// The mark keeps it apart from a plain move of the piece to the same cell (`steps=1`).
    fn template(&self, _mv: &Move) -> &'static str {
        "O-{letter}{from}-{to}"
    }

    fn never_captures(&self) -> bool {
        true
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let mine = rule.moving[side.index()];
        let board = host.board();
        let cells = &pos.cells;
        for c in pos.piece_set::<W>(mine).iter() {
            if !pos.is_unmoved(c) || !rule.starts_on(side, c) {
                continue;
            }
            // Whether the piece stands attacked, asked only once a partner is in reach: most
            // positions have none, and the attack test is the dear one.
            let mut attacked = None;
            for &d in &self.dirs[side.index()] {
                // The first piece along the direction, and how far it is.
                let mut k = board.step(c, d);
                let mut dist = 1;
                while k != NO_CELL && cells[k.index()].is_none() {
                    k = board.step(k, d);
                    dist += 1;
                }
                if k == NO_CELL || cells[k.index()] != Some(self.with[side.index()]) || !pos.is_unmoved(k) || self.steps >= dist {
                    continue;
                }
                if *attacked.get_or_insert_with(|| host.attacked::<W>(pos, c, side.other(), mine)) {
                    break;
                }
                // Every cell the piece crosses, and the one it lands on, must be safe.
                let mut to = c;
                let mut safe = true;
                for _ in 0..self.steps {
                    to = board.step(to, d);
                    if host.attacked::<W>(pos, to, side.other(), mine) {
                        safe = false;
                        break;
                    }
                }
                if safe && !sink.push(Move { dir: d, ..Move::new(r, c, to) }) {
                    return false;
                }
            }
        }
        true
    }

    /// Moves both pieces: the castling one to `to`, the other from the far side to the cell
    /// next to it, on the side it came from.
    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, _rule: &Rule) {
        let board = host.board();
        let mut partner = board.step(mv.to, mv.dir);
        while partner != NO_CELL && pos.cells[partner.index()].is_none() {
            partner = board.step(partner, mv.dir);
        }
        let landing = board.opposite(mv.dir).map_or(NO_CELL, |back| board.step(mv.to, back));
        host.move_piece(pos, mv);
        if partner != NO_CELL && landing != NO_CELL {
            let other = pos.cells[partner.index()];
            pos.set(host.keys(), partner, None);
            pos.clear_unmoved(host.keys(), partner);
            pos.set(host.keys(), landing, other);
        }
    }

    /// The cells that change, for a legality test without making the move: (cell, what it
    /// holds after).
    fn changes(&self, board: &Board, pos: &Position, mv: &Move) -> [(CellId, Option<Piece>); 4] {
                let mut partner = board.step(mv.to, mv.dir);
        while partner != NO_CELL && pos.cells[partner.index()].is_none() {
            partner = board.step(partner, mv.dir);
        }
        let landing = board.opposite(mv.dir).map_or(NO_CELL, |back| board.step(mv.to, back));
        let (king, rook) = (pos.cells[mv.from.index()], pos.cells[partner.index()]);
        [(mv.from, None), (mv.to, king), (partner, None), (landing, rook)]
    }

    /// Where a castling from `from` leaves its two pieces, whatever stands where: this piece
    /// `steps` cells along each direction, and its partner next to it, on the side it came from.
    fn reach(&self, board: &Board, side: PlayerId, _piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
                for &d in &self.dirs[side.index()] {
            let mut to = from;
            for _ in 0..self.steps {
                to = if to == NO_CELL { NO_CELL } else { board.step(to, d) };
            }
            if to == NO_CELL {
                continue;
            }
            moved.push(to);
            if let Some(back) = board.opposite(d)
                && board.step(to, back) != NO_CELL
            {
                others.push((self.with[side.index()], board.step(to, back)));
            }
        }
    }
}

impl Castle {
    /// The pieces of `side` a castling piece on `from` could castle with: every one of the
    /// partner's type along the rule's directions, nearest first, whatever stands between
    /// (FEN's castling rights name a pair, not a move possible now).
    pub(crate) fn partners(&self, board: &Board, pos: &Position, side: PlayerId, from: CellId) -> Vec<CellId> {
        let mut out = Vec::new();
        for &d in &self.dirs[side.index()] {
            let mut k = board.step(from, d);
            while k != NO_CELL {
                if pos.cells[k.index()] == Some(self.with[side.index()]) {
                    out.push(k);
                }
                k = board.step(k, d);
            }
        }
        out
    }

    /// The piece it castles with, for `side`.
    pub(crate) fn partner(&self, side: PlayerId) -> Piece {
        self.with[side.index()]
    }
}
