//! `place`: put a new piece on an empty cell, anywhere or in a region, or near a piece; never
//! on the cell a ko forbids.

use crate::cellbits::CellBits;
use crate::hash::Keys;
use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{MoveKind, Seen};
use crate::mv::{Move, RuleId, Sink};
use crate::rule::Rule;
use crate::piece::{Piece};
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width, per_player};
use hetproba_rules::model::{PieceTypeId, PlayerId, Ruleset, Whose, moves as model};

#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// A set per player: the cells the piece may be placed on (all without a region).
    allowed: CellSets,
    /// `near=`: whose piece must stand near, and a set per cell: the cells near enough.
    near: Option<(Whose, CellSets)>,
    /// `along=`: a later part, on cells reached along these directions from where the part
    /// before landed.
    along: Option<[Vec<DirId>; 2]>,
}

impl Compile<model::Place> for Place {
    fn compile(place: &model::Place, rules: &Ruleset, width: Width) -> Place {
        let n = rules.board.len();
        let allowed = match place.region {
            Some(r) => per_player(width, &rules.regions[r.index()].cells),
            None => per_player(width, &[vec![true; n], vec![true; n]]),
        };
        let near = place
            .near
            .map(|near| (near.of, CellSets::from_sets(width, (0..n).map(|c| within(&rules.board, CellId::new(c), near.within)))));
        let along = place.along.map(|d| rules.direction_sets[d.index()].dirs.clone());
        Place { allowed, near, along }
    }
}

impl MoveKind for Place {
    const PLACES: bool = true;
    const SEEN: Seen = Seen::Piece;

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        self.generate_at::<W>(host, pos, side, r, sink)
    }

    fn template(&self, mv: &Move) -> &'static str {
        template(mv)
    }

    /// The cells a new piece of `side` may be put on.
    fn reach(&self, _board: &Board, side: PlayerId, _piece: PieceTypeId, _from: CellId, moved: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
        moved.extend(self.allowed.cells(side.index()));
    }

    fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
        pos.set(host.keys(), mv.to, Some(rule.moving[pos.side.index()]));
    }

    fn never_captures(&self) -> bool {
        true
    }

    /// The cells a later part may place on, `origin` being where the part before landed.
    fn later_cells<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, origin: CellId, each: &mut impl FnMut(CellId) -> bool) -> bool {
        let free = self.free::<W>(pos, side);
        match &self.along {
            Some(dirs) => {
                                for &d in &dirs[side.index()] {
                    let mut c = board.step(origin, d);
                    while c != NO_CELL && pos.cells[c.index()].is_none() {
                        if free.contains(c) && !each(c) {
                            return false;
                        }
                        c = board.step(c, d);
                    }
                }
                true
            }
            None => free.iter().all(each),
        }
    }

    fn make_later(&self, keys: &Keys, pos: &mut Position, cell: CellId, piece: Piece) {
        pos.set(keys, cell, Some(piece));
    }
}

impl Place {
    /// The empty cells the piece of `side` may be placed on: in its region, and near a piece
    /// of the kind `near=` asks for.
    #[inline(always)]
    fn free<const W: usize>(&self, pos: &Position, side: PlayerId) -> CellSet<W> {
        let mut free = pos.empty_set::<W>() & self.allowed.get(side.index());
        if let Some(ko) = pos.ko() {
            free.remove(ko);
        }
        let Some((whose, cells)) = &self.near else { return free };
        let wanted = match whose {
            Whose::Own => pos.player_set::<W>(side),
            Whose::Enemy => pos.player_set::<W>(side.other()),
            Whose::Any => pos.player_set::<W>(side) | pos.player_set::<W>(side.other()),
        };
        free.iter().filter(|c| cells.get::<W>(c.index()).intersects(&wanted)).collect()
    }

    #[inline(always)]
    fn generate_at<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let rule = host.rule(r);
        let effects = &rule.effects;
        let free: CellSet<W> = self.free::<W>(pos, side);
        if let Some(groups) = effects.groups_only()
            && host.regions().no_quiet.is_none()
            && host.promotion(rule.piece).is_none()
        {
            // Go: the groups are found once, then each cell is a few set tests.
            return groups.placements::<W>(host.board(), pos, side, free, &mut |c, taken| {
                sink.push(Move { captures: CellBits::from_set(taken), ..Move::new(r, NO_CELL, c) })
            });
        }
        // Effects that only ask for an enclosure and nothing else in the way (flipping): push
        // without the general path.
        let plain = !effects.removes() && host.regions().no_quiet.is_none() && host.promotion(rule.piece).is_none();
        if let Some(arrivals) = effects.arrivals::<W>(pos, side) {
            // The cells where a piece encloses, found for all cells at once.
            return (free & arrivals).iter().all(|c| {
                if plain {
                    sink.push(Move::new(r, NO_CELL, c))
                } else {
                    host.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink)
                }
            });
        }
        if let Some(near) = effects.near() {
            // Only empty cells next to an enemy piece can enclose one.
            let enemy = pos.player_set::<W>(side.other());
            let n = host.board().len();
            for c in free.iter() {
                if !near.get::<W>(side.index() * n + c.index()).intersects(&enemy) {
                    continue;
                }
                let more = if plain {
                    !effects.allow::<W>(host.board(), pos, side, c, NO_CELL) || sink.push(Move::new(r, NO_CELL, c))
                } else {
                    host.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink)
                };
                if !more {
                    return false;
                }
            }
            return true;
        }
        free.iter().all(|c| host.emit::<W>(rule, pos, side, Move::new(r, NO_CELL, c), NO_CELL, sink))
    }
}

/// The default notation of a move that puts a new piece on the board (`place`, `roll`, `push`):
/// the cell (with the push direction), then each piece its effects capture after an `x`.
pub(super) fn template(mv: &Move) -> &'static str {
    if mv.captures.is_empty() { "{to}{dir}" } else { "{to}{dir}x{removed:x}" }
}

/// The cells at most `steps` steps from `from` along the board's directions, `from` aside.
fn within(board: &hetproba_board::Board, from: CellId, steps: u32) -> Vec<CellId> {
    let mut seen = vec![false; board.len()];
    seen[from.index()] = true;
    let mut frontier = vec![from];
    let mut out = Vec::new();
    for _ in 0..steps {
        let mut next = Vec::new();
        for c in frontier {
            for d in board.all_directions() {
                let k = board.step(c, d);
                if k != NO_CELL && !seen[k.index()] {
                    seen[k.index()] = true;
                    next.push(k);
                }
            }
        }
        out.extend(&next);
        frontier = next;
    }
    out.sort();
    out
}
