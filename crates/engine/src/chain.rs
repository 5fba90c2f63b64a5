//! Hops and chains of hops: short jumps and flying jumps, over own or enemy pieces, repeated
//! while a capture can go on, with captured pieces removed at once or at the end of the chain,
//! and promotion in the middle of a chain handled as the piece's rule says.
//!
//! One depth-first search serves move generation and move notation: it reports each finished
//! chain with its path, and the caller keeps what it needs.

use crate::game::{EMPTY, Game, owner_tag, tag};
use crate::movegen::{CellBits, Move, NO_DIR, Sink};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Action, Hop, MidCapture, Over, PieceTypeId, PlayerId, Removal};

/// Longest chain followed (hops); far beyond any real capture sequence.
const MAX_HOPS: usize = 64;

/// Receives finished chains: (end cell, captured set, promotion + 1 or 0, landing path).
trait ChainOut {
    fn chain(&mut self, to: CellId, captured: u128, promote: u8, path: &[CellId]) -> bool;
}

/// The search state that does not change along a chain.
struct Search<'a> {
    game: &'a Game,
    pos: &'a Position,
    side: PlayerId,
    from: CellId,
    immediate: bool,
}

#[inline(always)]
fn bit(c: CellId) -> u128 {
    1u128 << c
}

impl Search<'_> {
    /// Can the moving piece pass or land here? Its own start cell is empty while it moves.
    #[inline(always)]
    fn free(&self, c: CellId, captured: u128) -> bool {
        c == self.from || self.pos.cells[c as usize] == EMPTY || (self.immediate && captured & bit(c) != 0)
    }

    /// Can the moving piece hop over this cell?
    #[inline(always)]
    fn hoppable(&self, c: CellId, over: Over, captured: u128) -> bool {
        let piece = self.pos.cells[c as usize];
        if c == self.from || piece == EMPTY || captured & bit(c) != 0 {
            return false;
        }
        let owner = owner_tag(piece);
        match over {
            Over::Enemy => owner == tag(self.side ^ 1),
            Over::Own => owner == tag(self.side),
            Over::Any => owner == tag(self.side) || owner == tag(self.side ^ 1),
        }
    }

    /// The piece hopped over and the landing cells of one hop from `cur` along `d`.
    #[inline]
    fn hop(&self, cur: CellId, d: u8, hop: &Hop, captured: u128, landings: &mut [CellId; 32]) -> Option<(CellId, usize)> {
        let board = self.game.board();
        let mut over = board.step(cur, d);
        if hop.long {
            while over != NO_CELL && self.free(over, captured) {
                over = board.step(over, d);
            }
        }
        if over == NO_CELL || !self.hoppable(over, hop.over, captured) {
            return None;
        }
        let mut count = 0;
        let mut land = board.step(over, d);
        while land != NO_CELL && self.free(land, captured) && count < landings.len() {
            landings[count] = land;
            count += 1;
            if !hop.long {
                break;
            }
            land = board.step(land, d);
        }
        (count > 0).then_some((over, count))
    }

    fn captures(&self, hop: &Hop, over: CellId) -> bool {
        owner_tag(self.pos.cells[over as usize]) == tag(self.side ^ 1) && hop.over != Over::Own
    }

    /// Could a chain that stands on `cur` as `piece` capture again? (Only a capture that can go
    /// on forces a chain to go on.)
    fn can_go_on(&self, cur: CellId, piece: PieceTypeId, captured: u128, first_rule: usize) -> bool {
        let mut landings = [NO_CELL; 32];
        for &ri in self.rules_for(piece, &first_rule) {
            let Action::Hop(hop) = &self.game.rules.moves[ri].action else { continue };
            if !hop.repeat {
                continue;
            }
            for &d in &self.game.compiled[ri].dirs[self.side as usize] {
                if let Some((over, _)) = self.hop(cur, d, hop, captured, &mut landings)
                    && self.captures(hop, over)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The hop rules a piece continues with: the rule it started with, or after a promotion
    /// in mid-chain the new piece's chain rules.
    fn rules_for<'r>(&'r self, piece: PieceTypeId, first_rule: &'r usize) -> &'r [usize] {
        if self.game.rules.moves[*first_rule].piece == piece {
            std::slice::from_ref(first_rule)
        } else {
            &self.game.chain_rules[piece as usize]
        }
    }

    /// Extends a chain standing on `cur` (after `hops` hops).
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        cur: CellId,
        piece: PieceTypeId,
        first_rule: usize,
        captured: u128,
        visited: u128,
        promoted: u8,
        path: &mut [CellId; MAX_HOPS],
        hops: usize,
        by_capture: bool,
        out: &mut impl ChainOut,
    ) -> bool {
        // Did the chain go on with a capture? Then it may not end here.
        let mut captured_on = false;
        let mut landings = [NO_CELL; 32];
        if hops < MAX_HOPS {
            for &ri in self.rules_for(piece, &first_rule) {
                let Action::Hop(hop) = &self.game.rules.moves[ri].action else { continue };
                if hops > 0 && !hop.repeat {
                    continue;
                }
                for &d in &self.game.compiled[ri].dirs[self.side as usize] {
                    let Some((over, count)) = self.hop(cur, d, hop, captured, &mut landings) else { continue };
                    let capturing = self.captures(hop, over);
                    let now_captured = if capturing { captured | bit(over) } else { captured };
                    // Non-capturing hops may not return to a cell (no endless canters).
                    let fresh = |l: CellId| capturing || visited & bit(l) == 0;
                    // A chain that can go on from some landing cells must land on one of them.
                    let mut must: [bool; 32] = [false; 32];
                    let mut any_must = false;
                    if hop.repeat && capturing && count > 1 {
                        for (i, &l) in landings[..count].iter().enumerate() {
                            let (next_piece, _, ends) = self.arrival(l, piece, promoted);
                            must[i] = !ends && self.can_go_on(l, next_piece, now_captured, first_rule);
                            any_must |= must[i];
                        }
                    }
                    for i in 0..count {
                        let l = landings[i];
                        if !fresh(l) || (any_must && !must[i]) {
                            continue;
                        }
                        captured_on |= capturing;
                        path[hops] = l;
                        let (next_piece, next_promoted, ends) = self.arrival(l, piece, promoted);
                        let keep_going = if ends || !hop.repeat {
                            self.finish(l, next_piece, now_captured, next_promoted, &path[..=hops], out)
                        } else {
                            // A non-capturing hop may stop here, or go on.
                            (capturing || self.finish(l, next_piece, now_captured, next_promoted, &path[..=hops], out))
                                && self.extend(
                                    l,
                                    next_piece,
                                    first_rule,
                                    now_captured,
                                    visited | bit(l),
                                    next_promoted,
                                    path,
                                    hops + 1,
                                    capturing,
                                    out,
                                )
                        };
                        if !keep_going {
                            return false;
                        }
                    }
                }
            }
        }
        // A chain that arrived here by a capture ends here unless it captures on. (One that
        // arrived by another hop was reported on arrival.)
        if !captured_on && by_capture {
            return self.finish(cur, piece, captured, promoted, &path[..hops], out);
        }
        true
    }

    /// What a piece is after landing on `l`: its type, its promotion so far, and whether the
    /// move must end here.
    fn arrival(&self, l: CellId, piece: PieceTypeId, promoted: u8) -> (PieceTypeId, u8, bool) {
        if promoted != 0 {
            return (piece, promoted, false);
        }
        let Some(promo) = &self.game.rules.pieces[piece as usize].promotion else { return (piece, 0, false) };
        if !self.game.rules.regions[promo.region as usize].cells[self.side as usize][l as usize] {
            return (piece, 0, false);
        }
        match promo.during_capture {
            MidCapture::AtEnd => (piece, 0, false),
            MidCapture::AtOnce => (promo.to[0], promo.to[0] + 1, false),
            MidCapture::EndsMove => (piece, 0, true),
        }
    }

    /// Reports a finished chain; a piece that ends in its promotion region promotes (one chain
    /// per choice).
    fn finish(&self, to: CellId, piece: PieceTypeId, captured: u128, promoted: u8, path: &[CellId], out: &mut impl ChainOut) -> bool {
        if promoted != 0 {
            return out.chain(to, captured, promoted, path);
        }
        match &self.game.rules.pieces[piece as usize].promotion {
            Some(promo) if self.game.rules.regions[promo.region as usize].cells[self.side as usize][to as usize] => {
                promo.to.iter().all(|&t| out.chain(to, captured, t + 1, path))
            }
            _ => out.chain(to, captured, 0, path),
        }
    }
}

/// Passes on distinct moves: chains with the same end, captures and promotion are one move.
struct Distinct<'s, S: Sink> {
    rule: u8,
    from: CellId,
    mark: usize,
    sink: &'s mut S,
}

impl<S: Sink> ChainOut for Distinct<'_, S> {
    fn chain(&mut self, to: CellId, captured: u128, promote: u8, _path: &[CellId]) -> bool {
        let mv =
            Move { captures: CellBits::from_bits(captured), take_to: false, rule: self.rule, dir: NO_DIR, promote, from: self.from, to };
        if self.sink.holds_since(self.mark, &mv) {
            return true;
        }
        self.sink.push(mv)
    }
}

/// Collects the landing paths of one move.
struct Paths<'m> {
    target: &'m Move,
    paths: Vec<Vec<CellId>>,
}

impl ChainOut for Paths<'_> {
    fn chain(&mut self, to: CellId, captured: u128, promote: u8, path: &[CellId]) -> bool {
        if to == self.target.to && captured == self.target.captures.bits() && promote == self.target.promote {
            self.paths.push(path.to_vec());
        }
        true
    }
}

impl Game {
    fn search<'a>(&'a self, pos: &'a Position, side: PlayerId, from: CellId) -> Search<'a> {
        Search { game: self, pos, side, from, immediate: self.rules.turn.removal == Removal::Immediate }
    }

    /// Generates the chains of the hop rule `rule` for the piece on `from`.
    pub(crate) fn generate_chains(&self, pos: &Position, side: PlayerId, rule: usize, from: CellId, sink: &mut impl Sink) -> bool {
        let search = self.search(pos, side, from);
        // Most pieces cannot hop at all: look for a first hop before preparing a search.
        let Action::Hop(hop) = &self.rules.moves[rule].action else { return true };
        let mut landings = [NO_CELL; 32];
        if !self.compiled[rule].dirs[side as usize].iter().any(|&d| search.hop(from, d, hop, 0, &mut landings).is_some()) {
            return true;
        }
        let piece = self.rules.moves[rule].piece;
        let mark = sink.mark();
        let mut out = Distinct { rule: rule as u8, from, mark, sink };
        let mut path = [NO_CELL; MAX_HOPS];
        search.extend(from, piece, rule, 0, bit(from), 0, &mut path, 0, false, &mut out)
    }

    /// Every landing path of a hop move, in the order the search finds them (cell order of
    /// the directions and landing cells).
    pub(crate) fn chain_paths(&self, pos: &Position, mv: &Move) -> Vec<Vec<CellId>> {
        let search = self.search(pos, pos.side, mv.from);
        let piece = self.rules.moves[mv.rule as usize].piece;
        let mut out = Paths { target: mv, paths: Vec::new() };
        let mut path = [NO_CELL; MAX_HOPS];
        search.extend(mv.from, piece, mv.rule as usize, 0, bit(mv.from), 0, &mut path, 0, false, &mut out);
        out.paths
    }
}
