//! `line`: a straight unbroken line of the mover's pieces moves as a unit along its own
//! direction, into the empty cells in front of it (a line of men moving as one). The move is named
//! by the line's rear piece and the cell its front piece enters; a lone piece is a line of one.

use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::MoveKind;
use crate::mv::{Move, RuleId, Sink};
use crate::rule::Rule;
use crate::piece::{Owner, Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, DirId, NO_CELL, Width};
use hetproba_rules::model::{PieceTypeId, PieceTypeSet, PlayerId, Ruleset, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// Directions, per player.
    dirs: [Vec<DirId>; 2],
    /// The piece types a line is made of (the rule's piece among them).
    of: PieceTypeSet,
    /// The fewest pieces of a line.
    length: u32,
    /// The most cells it moves (`None`: as far as empty cells allow).
    max: Option<u32>,
}

impl Compile<model::Line> for Line {
    fn compile(line: &model::Line, rules: &Ruleset, _width: Width) -> Line {
        Line { dirs: rules.direction_sets[line.dirs.index()].dirs.clone(), of: line.of, length: line.length, max: line.max }
    }
}

impl Line {
    /// Does a line carry pieces of other types than the rule's own? (Then a move may leave a
    /// piece of such a type where no rule of its own could.)
    fn carries_others(&self, piece: PieceTypeId) -> bool {
        self.of.iter().any(|t| t != piece)
    }

    /// Does every move of it take the line one cell?
    fn moves_one(&self) -> bool {
        self.max == Some(1)
    }

    /// A piece of `side` that belongs to a line.
    #[inline(always)]
    fn in_line(&self, piece: Option<Piece>, side: PlayerId) -> bool {
        piece.is_some_and(|p| p.belongs_to(side) && self.of.contains(p.kind()))
    }

}

impl MoveKind for Line {
    fn template(&self, mv: &Move) -> &'static str {
        super::ray::template(mv)
    }

    fn never_captures(&self) -> bool {
        true
    }

    /// A line of one piece type moved one cell looks like its rear piece moved to the cell in
    /// front of it: the same position.
    fn moves_one_piece(&self, piece: PieceTypeId) -> bool {
        !self.carries_others(piece) && self.moves_one()
    }

    fn shifts_others(&self, piece: PieceTypeId) -> bool {
        self.carries_others(piece)
    }

    /// Moves the line from `mv.from` along `mv.dir` so that its front piece lands on `mv.to`,
    /// as what it promotes to if it does.
    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
        if self.moves_one_piece(rule.piece) {
            host.move_piece(pos, mv);
        } else {
            make(host, pos, mv, self);
        }
    }

    /// The cells a line from `from` may leave the rear piece on, whatever stands where: any cell
    /// along its directions (the whole line ahead of it moves too). The pieces of other types a
    /// line carries may go there too: they are `others`.
    fn reach(&self, board: &Board, side: PlayerId, piece: PieceTypeId, from: CellId, out: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
                let start = out.len();
        for &d in &self.dirs[side.index()] {
            let mut t = board.step(from, d);
            while t != NO_CELL && !out[start..].contains(&t) {
                out.push(t);
                t = board.step(t, d);
            }
        }
        for kind in self.of.iter().filter(|&t| t != piece) {
            let carried = Piece::new(kind, Owner::Player(side));
            others.extend(out[start..].iter().map(|&c| (carried, c)));
        }
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let board = host.board();
        let rule = host.rule(r);
        let cells = &pos.cells;
        for c in pos.piece_set::<W>(rule.moving[side.index()]).iter() {
            if !rule.starts_on(side, c) {
                continue;
            }
            for &d in &self.dirs[side.index()] {
                // The line: c and the line pieces after it; `front` is its last cell.
                let mut front = c;
                let mut count = 1;
                let mut k = board.step(c, d);
                while k != NO_CELL && self.in_line(cells[k.index()], side) {
                    front = k;
                    count += 1;
                    k = board.step(k, d);
                }
                if count < self.length {
                    continue;
                }
                let Some(front_piece) = cells[front.index()] else { continue };
                let mut dist = 1;
                while k != NO_CELL && cells[k.index()].is_none() && self.max.is_none_or(|m| dist <= m) {
                    let mv = Move { dir: d, ..Move::new(r, c, k) };
                    let more = if front_piece.kind() == rule.piece {
                        host.emit::<W>(rule, pos, side, mv, c, sink)
                    } else {
                        host.regions().no_quiet.as_ref().is_some_and(|q| q.contains(side.index(), k))
                            || host.push_promoting::<W>(pos, front_piece.kind(), side, mv, sink)
                    };
                    if !more {
                        return false;
                    }
                    k = board.step(k, d);
                    dist += 1;
                }
            }
        }
        true
    }
}

/// Moves the line from `mv.from` along `mv.dir` so that its front piece lands on `mv.to`, as
/// what it promotes to if it does.
fn make(host: &impl Host, pos: &mut Position, mv: Move, line: &Line) {
    let board = host.board();
    let side = pos.side;
    let mut pieces: Vec<CellId> = vec![mv.from];
    let mut k = board.step(mv.from, mv.dir);
    while k != NO_CELL && line.in_line(pos.cells[k.index()], side) {
        pieces.push(k);
        k = board.step(k, mv.dir);
    }
    // How far the line moves: from the cell in front of it to `to`, inclusive.
    let mut dist = 1;
    while k != mv.to {
        k = board.step(k, mv.dir);
        dist += 1;
    }
    for (i, &c) in pieces.iter().enumerate().rev() {
        let mut piece = pos.cells[c.index()];
        let mut t = c;
        for _ in 0..dist {
            t = board.step(t, mv.dir);
        }
        if i + 1 == pieces.len()
            && let Some(kind) = mv.promotion()
        {
            piece = Some(Piece::new(kind, Owner::Player(side)));
        }
        pos.set(host.keys(), c, None);
        pos.clear_unmoved(host.keys(), c);
        pos.clear_unmoved(host.keys(), t);
        pos.set(host.keys(), t, piece);
    }
}
