//! Hops and chains of hops: a move pattern is a sequence of hop segments, each with its
//! directions, what it may hop over, short (`jump`) or long (`fly`), and how often it repeats
//! (`jump(all, over=own)* jump(all, over=enemy)+`). Hopping an enemy captures it; captured
//! pieces leave at once or at the end of the move; a piece reaching its promotion region in the
//! middle of a chain goes on as it is, promotes and goes on as the new piece, or stops.
//!
//! One depth-first search serves generation and notation: it reports each finished chain with
//! its path, and the caller keeps what it needs.
//!
//! The rules of a chain, all here:
//! - the chain follows the pattern: a segment's hops repeat up to its limit, and the chain may
//!   end only where every remaining segment may be skipped;
//! - after a capture, the chain goes on while a capture can follow (it may not stop there);
//!   after a hop that captures nothing it may stop, or go on;
//! - a flying capture lands only where the chain can go on, if any landing allows it;
//! - a hop that captures nothing never lands on a cell the move has touched (the start
//!   included), so canters cannot go round in circles; with `revisit = "never"` no hop does;
//! - a hop that captures nothing does not land in a region entered only by capturing, and a
//!   chain ends in a region that ends moves.

use crate::cellbits::CellBits;
use crate::chain::{At, Pattern, Segment};
use crate::compile::Compile;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::mv::{Move, NO_DIR, RuleId, Sink};
use crate::piece::{Piece, Square};
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::moves::{HopPattern, Revisit};
use hetproba_board::line_masks;
use hetproba_rules::model::{Heading, MidCapture, Over, PieceTypeId, PlayerId, Removal, Ruleset};
use std::cell::Cell;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::marker::PhantomData;

/// The longest chain followed, in hops. A chain lands at most once per cell without capturing
/// and captures each piece at most once, so on a board of at most 128 cells no chain is
/// longer; on a larger one a chain stops here (no game has chains of hundreds of hops).
pub(crate) const MAX_HOPS: usize = 256;

/// The most places one piece's chains are followed through in one search. Finding the longest
/// chain is as hard as finding a long path in a graph: a flying king facing a lattice of men
/// has more places than can be searched (25 men in a lattice on 10x10 take 59,000 places and
/// about a second, 36 men more than 10^5), so the search stops here and says so
/// ([`take_chain_cut`]). The chains of real games pass through a few hundred.
pub const MAX_CHAIN_STEPS: u32 = 100_000;

thread_local! {
    /// The start of a chain search that stopped at [`MAX_CHAIN_STEPS`] on this thread.
    static CUT: Cell<Option<CellId>> = const { Cell::new(None) };
}

/// The cell of a piece whose chains were not searched in full (the search stopped at
/// [`MAX_CHAIN_STEPS`]) since the last call on this thread; the moves generated then are only
/// some of the legal ones. Clears the note.
pub(crate) fn take_chain_cut() -> Option<CellId> {
    CUT.with(|cut| cut.take())
}

/// Per cell: (hopped cell, landing cell) pairs.
type JumpPairs = Vec<Vec<(CellId, CellId)>>;

/// The first jumps of every piece at once, on a board of one word: the cells whose jump pairs
/// lie at the same distances along the cell index (hopped cell `c + over`, landing
/// `c + land`) make one group. The pieces that can jump are then, per group, the group's cells
/// whose hopped cell holds a hoppable piece and whose landing is empty: two rotated words and
/// two intersections a group, in place of a test per piece. (A rotation is exact here: the
/// bit it brings to a cell of the group is that of the cell's hopped or landing cell, which
/// lies inside the word.)
#[derive(Clone, Debug)]
struct JumpShifts {
    /// Per player: (cells of the group, over and land as rotations to the right) of each group.
    groups: [Vec<(u64, u32, u32)>; 2],
}

impl JumpShifts {
    /// The most groups a player may have; a board whose jumps need more keeps the test per piece.
    const MOST: usize = 16;

    fn compile(width: Width, pairs: &[JumpPairs; 2]) -> Option<JumpShifts> {
        if width.words() != 1 {
            return None;
        }
        let mut groups: [Vec<(u64, u32, u32)>; 2] = [Vec::new(), Vec::new()];
        for (p, per_cell) in pairs.iter().enumerate() {
            for (c, list) in per_cell.iter().enumerate() {
                for &(over, land) in list {
                    let rot = |to: CellId| (to.index() as i64 - c as i64).rem_euclid(64) as u32;
                    let key = (rot(over), rot(land));
                    match groups[p].iter_mut().find(|g| (g.1, g.2) == key) {
                        Some(g) => g.0 |= 1 << c,
                        None => groups[p].push((1 << c, key.0, key.1)),
                    }
                }
            }
            if groups[p].len() > Self::MOST {
                return None;
            }
        }
        Some(JumpShifts { groups })
    }

    /// The cells of `side` with a first jump over a piece of `hoppable` to a cell of `empty`
    /// (sets of one word).
    #[inline(always)]
    fn starts(&self, side: PlayerId, hoppable: u64, empty: u64) -> u64 {
        let mut out = 0;
        for &(cells, over, land) in &self.groups[side.index()] {
            out |= cells & hoppable.rotate_right(over) & empty.rotate_right(land);
        }
        out
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Hops {
    /// The segments, which may come next and where a chain may end: what other chains read
    /// of this rule.
    pattern: Pattern,
    /// Whether a first hop may pass over an own piece, an enemy piece.
    first_over: (bool, bool),
    /// May some hop pass over a piece without capturing it (over own pieces, or any)?
    quiet: bool,
    /// When every first hop is a short one: per player and cell, the (hopped cell, landing
    /// cell) of each first hop. A piece can begin a chain only if one of them has a hoppable
    /// piece and an empty landing.
    first_jumps: Option<[JumpPairs; 2]>,
    /// The same first jumps as groups of shifted sets, for all pieces at once (boxed, as
    /// `onward_jumps`).
    jump_shifts: Option<Box<JumpShifts>>,
    /// Every chain begins in the first segment with a jump that captures ([`Hops::single_hops`]).
    capturing_jump_first: bool,
    /// When every hop that may follow a first hop of the first segment is a short one: per
    /// player and cell, the (hopped cell, landing cell) of each. [`Hops::single_hops`] asks
    /// whether a chain can go on with these and two bit tests, not a hop per direction.
    /// Boxed: every rule is as large as its largest kind, and a larger rule costs all games.
    onward_jumps: Option<Box<[JumpPairs; 2]>>,
    /// `onward[p * cells + c]`: the cells any hop of player `p` from `c` could pass over.
    onward: CellSets,
    /// Whether some hop may pass over an own piece, an enemy piece.
    any_over: (bool, bool),
    /// `reach[p * cells + c]`: the cells a first hop of player `p` from `c` could pass over
    /// (the neighbours for a jump, the whole rays for a flying hop). A piece with no hoppable
    /// piece there cannot hop.
    reach: CellSets,
}

impl Compile<HopPattern> for Hops {
    fn compile(pattern: &HopPattern, rules: &Ruleset, width: Width) -> Hops {
        let compiled = Pattern::compile(pattern, rules);
        let segments = &compiled.segments;
        let n = rules.board.len();
        let mut reach = CellSets::new(width, 2 * n);
        for p in 0..2 {
            for seg in compiled.first_segments() {
                let masks = line_masks(width, &rules.board, &seg.dirs[p], seg.long);
                for c in 0..n {
                    for k in masks.cells(c) {
                        reach.insert(p * n + c, k);
                    }
                }
            }
        }
        let mut onward = CellSets::new(width, 2 * n);
        for p in 0..2 {
            for seg in segments {
                let masks = line_masks(width, &rules.board, &seg.dirs[p], seg.long);
                for c in 0..n {
                    for k in masks.cells(c) {
                        onward.insert(p * n + c, k);
                    }
                }
            }
        }
        let any_over = segments.iter().fold((false, false), |(own, enemy), s| (own || s.over.own(), enemy || s.over != Over::Own));
        let next = &compiled.next;
        let first_over =
            compiled.first_segments().fold((false, false), |(own, enemy), s| (own || s.over.own(), enemy || s.over != Over::Own));
        let board = &rules.board;
        let first_jumps =
            compiled.first_segments().all(|s| !s.long).then(|| jump_pairs(board, &compiled.first_segments().collect::<Vec<_>>()));
        let jump_shifts = first_jumps.as_ref().and_then(|pairs| JumpShifts::compile(width, pairs)).map(Box::new);
        let onward_jumps = next.first().is_some_and(|n| n[1].iter().all(|&j| !segments[j as usize].long)).then(|| {
            let onward: Vec<&Segment> = next[0][1].iter().map(|&j| &segments[j as usize]).collect();
            Box::new(jump_pairs(board, &onward))
        });
        let quiet = segments.iter().any(|s| !s.takes || matches!(s.over, Over::Own | Over::Any));
        let capturing_jump_first = compiled.first_segments().count() == 1
            && segments.first().is_some_and(|s| !s.long && s.takes && matches!(s.over, Over::Enemy | Over::EnemyOf(_)));
        Hops { pattern: compiled, first_over, first_jumps, jump_shifts, capturing_jump_first, onward_jumps, onward, any_over, reach, quiet }
    }
}

impl MoveKind for Hops {
    const FROM_PIECES: bool = true;
    const PATHS: bool = true;
    const SEEN: Seen = Seen::Piece;

    /// The default notation: every landing cell, joined by `:`.
    fn template(&self, _mv: &Move) -> &'static str {
        "{from}:{path::}"
    }

    /// Does every hop capture the piece it passes over?
    fn always_captures(&self) -> bool {
        !self.quiet
    }

    fn moves_one_piece(&self, _piece: PieceTypeId) -> bool {
        true
    }

    /// Chains are not read backwards: attacks by hops are found by generating.
    fn attack(&self, _side: PlayerId) -> Attack<'_> {
        if self.pattern.segments.iter().any(|s| s.takes) { Attack::General } else { Attack::None }
    }

    fn paths(&self, host: &impl Host, pos: &Position, mv: &Move) -> Option<Vec<Vec<CellId>>> {
        Some(hetproba_board::with_width!(host.width(), W => self.paths_at::<W>(host, pos, mv)))
    }

    /// Can the piece on `from` begin a move of this rule with a capturing hop?
    fn captures_directly(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, from: CellId) -> bool {
        hetproba_board::with_width!(host.width(), W => self.first_hop_captures_at::<W>(host, pos, side, r, from))
    }

    /// The cells a chain from `from` could end on, whatever stands where: every cell that
    /// some run of hops of the pattern's segments lands on (a jump two cells along a
    /// direction, a flying hop two or more).
    fn reach(&self, board: &Board, side: PlayerId, _piece: PieceTypeId, from: CellId, out: &mut Vec<CellId>, _others: &mut Vec<(Piece, CellId)>) {
                let mut seen = vec![false; board.len()];
        let mut todo = vec![from];
        while let Some(c) = todo.pop() {
            for seg in &self.pattern.segments {
                for &d in &seg.dirs[side.index()] {
                    let over = board.step(c, d);
                    let mut land = if over == NO_CELL { NO_CELL } else { board.step(over, d) };
                    while land != NO_CELL {
                        if !seen[land.index()] {
                            seen[land.index()] = true;
                            out.push(land);
                            todo.push(land);
                        }
                        if !seg.long {
                            break;
                        }
                        land = board.step(land, d);
                    }
                }
            }
        }
    }

    fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
        let mine = host.rule(r).moving[side.index()];
        let n = host.board().len();
        let (own, enemy) = self.first_over;
        let none = CellSet::EMPTY;
        let hoppable: CellSet<W> = if own { pos.player_set(side) } else { none } | if enemy { pos.player_set(side.other()) } else { none };
        let reach = |c: CellId| self.reach.get::<W>(side.index() * n + c.index()).intersects(&hoppable);
        // One path buffer for the whole generation, filled when a first search needs it: each
        // search writes the cells it reads, and filling 256 cells a piece cost a hopping
        // game's perft 2% of its instructions (docs/speed.md).
        let mut path: Option<[CellId; MAX_HOPS]> = None;
        if let Some(jumps) = &self.first_jumps {
            let jumps = &jumps[side.index()];
            let empty = pos.empty_set::<W>();
            let onward: CellSet<W> = if self.any_over.0 { pos.player_set(side) } else { none }
                | if self.any_over.1 { pos.player_set(side.other()) } else { none };
            // Only the pieces with a first jump, when the jumps are shifted sets: then each of
            // them has one, and is not tested again.
            let mut pieces = pos.piece_set::<W>(mine);
            let mut shifted = false;
            if W == 1
                && let Some(shifts) = &self.jump_shifts
            {
                pieces &= CellSet::from_words(&[shifts.starts(side, hoppable.words()[0], empty.words()[0])]);
                shifted = true;
            }
            for c in pieces.iter() {
                let can =
                    shifted || (reach(c) && jumps[c.index()].iter().any(|&(over, land)| hoppable.contains(over) && empty.contains(land)));
                if can
                    && !self
                        .single_hops::<W>(host, pos, side, r, c, (&empty, &onward), sink)
                        .unwrap_or_else(|| self.search_from::<W>(host, pos, side, r, c, path_buffer(&mut path), sink))
                {
                    return false;
                }
            }
            return true;
        }
        pos.piece_set::<W>(mine).iter().all(|c| !reach(c) || self.generate_from::<W>(host, pos, side, r, c, &mut path, sink))
    }
}

impl Hops {
    /// The pattern other chains read.
    #[inline(always)]
    pub(crate) fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// Does the future of a chain depend on the cells it landed on, not only on where it stands
    /// and what it captured? Only where a hop may not land on a cell the move touched: a hop
    /// that captures nothing, or any hop with `revisit = "never"`.
    pub(crate) fn remembers_landings(&self) -> bool {
        self.quiet || self.pattern.revisit == Revisit::Never
    }

    /// Is this a chain that captures and can go on capturing (one a piece promoted in the middle
    /// of a chain continues with)? Returns the segment it continues in.
    pub(crate) fn chain_segment(&self) -> Option<usize> {
        self.pattern.segments.iter().rposition(|s| s.takes && s.max > 1)
    }

    /// Generates the chains of the piece on `from` (`path`: the generation's path buffer).
    #[allow(clippy::too_many_arguments)]
    fn generate_from<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        from: CellId,
        path: &mut Option<[CellId; MAX_HOPS]>,
        sink: &mut impl Sink,
    ) -> bool {
        let search = Search::<_, W>::new(host, pos, side, from, r);
        // Most pieces cannot hop at all: look for a first hop before preparing a search.
        let any = self.pattern.next[0][0].iter().any(|&j| {
            let seg = &self.pattern.segments[j as usize];
            seg.dirs[side.index()].iter().any(|&d| search.hop(from, d, seg, CellSet::EMPTY).is_some())
        });
        if !any {
            return true;
        }
        self.search_from::<W>(host, pos, side, r, from, path_buffer(path), sink)
    }

    fn first_hop_captures_at<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, from: CellId) -> bool {
        let search = Search::<_, W>::new(host, pos, side, from, r);
        self.pattern.next[0][0].iter().any(|&j| {
            let seg = &self.pattern.segments[j as usize];
            seg.dirs[side.index()]
                .iter()
                .any(|&d| search.hop(from, d, seg, CellSet::EMPTY).is_some_and(|(over, _)| search.captures(seg, over)))
        })
    }

    /// Most captures are one jump after which nothing more can be taken: where every chain
    /// begins with a capturing jump, and none of the piece's first jumps can go on, its moves
    /// are pushed here as the search would push them, without preparing one. `None` (nothing
    /// pushed) when some chain could go on, or the piece promotes in mid-chain and goes on as
    /// the new piece: then the search decides. Otherwise whether the sink took every move.
    /// `empty`: the empty cells; `onward`: the pieces some hop may pass over.
    #[allow(clippy::too_many_arguments)]
    fn single_hops<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        from: CellId,
        (empty, onward): (&CellSet<W>, &CellSet<W>),
        sink: &mut impl Sink,
    ) -> Option<bool> {
        /// The most first jumps of a piece taken this way; more go to the search.
        const MOST: usize = 8;
        let seg = &self.pattern.segments[0];
        let dirs = &seg.dirs[side.index()];
        if !self.capturing_jump_first || dirs.len() > MOST {
            return None;
        }
        if !host.rule(r).starts_on(side, from) {
            return Some(true);
        }
        let search = Search::<_, W>::new(host, pos, side, from, r);
        let piece = host.rule(r).piece;
        let board = host.board();
        let enemy = pos.player_set::<W>(side.other());
        let n = board.len();
        let mut found = [(NO_CELL, NO_CELL, piece); MOST];
        let mut count = 0;
        for &d in dirs {
            let over = board.step(from, d);
            if over == NO_CELL || !enemy.contains(over) {
                continue;
            }
            let land = board.step(over, d);
            if land == NO_CELL || !empty.contains(land) || !search.hoppable(over, seg.over, CellSet::EMPTY) {
                continue;
            }
            let (next_piece, promoted, ends) = search.arrival(land, piece, None);
            if promoted.is_some() {
                return None;
            }
            // Can a hop follow? Not if no piece stands where a hop from the landing could pass.
            let captured = CellSet::single(over);
            let mut left = *onward;
            left.remove(over);
            let on = !ends
                && match &self.onward_jumps {
                    // Some jump over a piece a hop may pass (not the one taken) to a free cell:
                    // at least every chain the search below would go on with.
                    Some(pairs) => {
                        let mut free = *empty;
                        free.insert(from);
                        if search.immediate {
                            free.insert(over);
                        }
                        pairs[side.index()][land.index()].iter().any(|&(o, l)| o != from && left.contains(o) && free.contains(l))
                    }
                    None => {
                        self.onward.get::<W>(side.index() * n + land.index()).intersects(&left)
                            && self.pattern.next[0][1].iter().any(|&j| {
                                let next = &self.pattern.segments[j as usize];
                                next.dirs[side.index()]
                                    .iter()
                                    .any(|&e| !search.reverses(d, e) && search.hop(land, e, next, captured).is_some())
                            })
                    }
                };
            if on {
                return None;
            }
            // Two directions may step to the same cells on some boards: one move for both.
            if !found[..count].iter().any(|&(o, l, _)| (o, l) == (over, land)) {
                found[count] = (over, land, next_piece);
                count += 1;
            }
        }
        // The chain stands in the first segment, one hop made: may it end there?
        if !self.pattern.may_end[0][1] {
            return Some(true);
        }
        // The moves are distinct (each takes another piece), so none is looked for among those
        // pushed before.
        for &(over, land, next_piece) in &found[..count] {
            let mv = Move { captures: CellBits::from_set(CellSet::<W>::single(over)), ..Move::new(r, from, land) };
            let choices = host.promotion(next_piece).filter(|p| p.cells.contains(side.index(), land));
            let mut push = |mv: Move| sink.push(mv);
            let pushed = match choices {
                Some(promo) => promo.each_choice::<W>(pos, side, |t| push(mv.promoting(t))),
                None => push(mv),
            };
            if !pushed {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Searches the chains of the piece on `from`, which can make a first hop (`path`: a
    /// buffer for the landing path, whatever it holds).
    #[allow(clippy::too_many_arguments)]
    fn search_from<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        side: PlayerId,
        r: RuleId,
        from: CellId,
        path: &mut [CellId; MAX_HOPS],
        sink: &mut impl Sink,
    ) -> bool {
        if !host.rule(r).starts_on(side, from) {
            return true;
        }
        let search = Search::<_, W>::new(host, pos, side, from, r);
        let start = At { rule: r, seg: 0, count: 0, last: NO_DIR };
        let piece = host.rule(r).piece;
        let mark = sink.mark();
        let mut out = Distinct { rule: r, from, mark, sink, searched: Places::default() };
        search.extend(from, piece, start, CellSet::EMPTY, CellSet::single(from), None, path, 0, false, &mut out)
    }

    /// Every landing path of a hop move, in the order the search finds them (cell order of
    /// the directions and landing cells).
    fn paths_at<const W: usize>(&self, host: &impl Host, pos: &Position, mv: &Move) -> Vec<Vec<CellId>> {
        let search = Search::<_, W>::new(host, pos, pos.side, mv.from, mv.rule);
        let piece = host.rule(mv.rule).piece;
        let mut out = Paths { target: mv, captures: mv.captures.to_set(), paths: Vec::new(), barren: Places::default() };
        let mut path = [NO_CELL; MAX_HOPS];
        search.extend(
            mv.from,
            piece,
            At { rule: mv.rule, seg: 0, count: 0, last: NO_DIR },
            CellSet::EMPTY,
            CellSet::single(mv.from),
            None,
            &mut path,
            0,
            false,
            &mut out,
        );
        out.paths
    }
}

/// The generation's landing-path buffer, filled on first use.
#[inline(always)]
// Lazily: the eager form clippy prefers would fill the 256 cells at every call.
#[allow(clippy::unnecessary_lazy_evaluations)]
fn path_buffer(path: &mut Option<[CellId; MAX_HOPS]>) -> &mut [CellId; MAX_HOPS] {
    path.get_or_insert_with(|| [NO_CELL; MAX_HOPS])
}

/// Per player and cell, the (hopped cell, landing cell) of each short hop of `segs`.
fn jump_pairs(board: &hetproba_board::Board, segs: &[&Segment]) -> [JumpPairs; 2] {
    [0, 1].map(|p| {
        (0..board.len())
            .map(CellId::new)
            .map(|c| {
                let mut pairs: Vec<(CellId, CellId)> = Vec::new();
                for seg in segs {
                    for &d in &seg.dirs[p] {
                        let over = board.step(c, d);
                        let land = if over == NO_CELL { NO_CELL } else { board.step(over, d) };
                        if land != NO_CELL && !pairs.contains(&(over, land)) {
                            pairs.push((over, land));
                        }
                    }
                }
                pairs
            })
            .collect()
    })
}


/// Receives finished chains: (end cell, captured set, promotion, landing path).
trait ChainOut<const W: usize> {
    fn chain(&mut self, to: CellId, captured: CellSet<W>, promote: Option<PieceTypeId>, path: &[CellId]) -> bool;

    /// Is there anything to find from this place? False when an earlier chain searched it
    /// and what it finds there is known (a chain that took the same pieces in another order).
    fn enter(&mut self, place: &Place<W>) -> bool;

    /// The place has been searched; `found` tells whether chains were reported from it.
    fn searched(&mut self, place: Place<W>, found: bool);

    /// How many chains it has taken so far.
    fn found(&self) -> usize;

    /// May the chain capture the piece on this cell?
    fn may_capture(&self, _cell: CellId) -> bool {
        true
    }

    /// How many places it searches at most.
    fn budget(&self) -> u32 {
        MAX_CHAIN_STEPS
    }
}

/// Places already searched, hashed by [`PlaceHasher`].
type Places<const W: usize> = HashSet<Place<W>, BuildHasherDefault<PlaceHasher>>;

/// A multiply-and-rotate hash (the one Firefox uses for its tables): places are hashed in the
/// middle of move generation, where SipHash cost perft a few per cent, and nobody chooses them
/// to collide but the ruleset's own author.
#[derive(Default)]
struct PlaceHasher(u64);

impl PlaceHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for PlaceHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }

    fn write_u16(&mut self, n: u16) {
        self.add(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// Where a chain stands, with everything its future depends on: the chains that reach the
/// same place by taking the same pieces in other orders go on alike. Without this, a king
/// facing a lattice of men tries every order of taking them (seconds for 25 men, and growing
/// exponentially); with it, each place is searched once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Place<const W: usize> {
    cur: CellId,
    captured: CellSet<W>,
    /// The cells landed on, where they matter ([`Hops::remembers_landings`]); empty otherwise.
    visited: CellSet<W>,
    rule: RuleId,
    seg: u8,
    count: u8,
    last: DirId,
    piece: PieceTypeId,
    promoted: Option<PieceTypeId>,
    by_capture: bool,
}

/// The search state that does not change along a chain.
struct Search<'a, H: Host, const W: usize> {
    host: &'a H,
    pos: &'a Position,
    side: PlayerId,
    from: CellId,
    /// The rule the move belongs to.
    first: RuleId,
    immediate: bool,
    /// No hop lands on a cell the move has touched, captures included.
    never_revisit: bool,
    /// No hop goes straight back the way the previous one came.
    no_reverse: bool,
    /// How each hop heads against the one before ([`Heading::Any`]: any way).
    heading: Heading,
    /// Does some rule above restrict the way a hop heads? One test for chains that turn freely.
    turns_ruled: bool,
    /// A chain may end after any hop (`chain = "may-stop"`).
    may_stop: bool,
    /// Cells a hop may land on only by capturing (per the mover), if any.
    no_quiet: Option<&'a CellSets>,
    /// Cells where the move ends on arrival, if any.
    stops: Option<&'a CellSets>,
    /// Does a chain's future depend on the cells it landed on ([`Hops::remembers_landings`])?
    remembers_landings: bool,
    /// Places entered so far, against [`MAX_CHAIN_STEPS`].
    steps: Cell<u32>,
    /// Chains' sets have `W` words, the game's width.
    width: PhantomData<[u64; W]>,
}

impl<'a, H: Host, const W: usize> Search<'a, H, W> {
    fn new(host: &'a H, pos: &'a Position, side: PlayerId, from: CellId, first: RuleId) -> Search<'a, H, W> {
        let pattern = host.pattern(first);
        let (never_revisit, no_reverse, may_stop) = (pattern.revisit == Revisit::Never, !pattern.reverse, pattern.may_stop);
        Search {
            host,
            pos,
            side,
            from,
            first,
            immediate: host.removal() == Removal::Immediate,
            never_revisit,
            no_reverse,
            heading: pattern.direction,
            turns_ruled: no_reverse || pattern.direction != Heading::Any,
            may_stop,
            no_quiet: host.regions().no_quiet.as_ref(),
            stops: host.regions().stops.as_ref(),
            remembers_landings: host.chains_remember_landings(),
            steps: Cell::new(0),
            width: PhantomData,
        }
    }

    fn hops(&self, rule: RuleId) -> &'a Pattern {
        self.host.pattern(rule)
    }

    /// The places a chain may go on from: its own, or after a promotion in mid-chain those of
    /// the new piece's capturing chains.
    #[inline(always)]
    fn states<'s>(&self, piece: PieceTypeId, at: &'s [At; 1]) -> &'s [At]
    where
        'a: 's,
    {
        if self.host.rule(self.first).piece == piece { at } else { self.host.chain_states(piece) }
    }

    /// Can the moving piece pass or land here? Its own start cell is empty while it moves.
    #[inline(always)]
    fn free(&self, c: CellId, captured: CellSet<W>) -> bool {
        c == self.from || self.pos.cells[c.index()].is_none() || (self.immediate && captured.contains(c))
    }

    /// Can the moving piece hop over this cell?
    #[inline(always)]
    fn hoppable(&self, c: CellId, over: Over, captured: CellSet<W>) -> bool {
        let Some(piece) = self.pos.cells[c.index()] else { return false };
        if c == self.from || captured.contains(c) {
            return false;
        }
        match over {
            Over::Enemy => piece.belongs_to(self.side.other()),
            Over::Own => piece.belongs_to(self.side),
            Over::Any => piece.belongs_to(self.side) || piece.belongs_to(self.side.other()),
            Over::EnemyOf(types) => piece.belongs_to(self.side.other()) && types.contains(piece.kind()),
        }
    }

    /// The piece hopped over, and how many landing cells one hop from `cur` along `d` has:
    /// they are the cells right behind the piece, one after another along `d`.
    #[inline]
    fn hop(&self, cur: CellId, d: DirId, seg: &Segment, captured: CellSet<W>) -> Option<(CellId, usize)> {
        let board = self.host.board();
        let mut over = board.step(cur, d);
        if seg.long {
            while over != NO_CELL && self.free(over, captured) {
                over = board.step(over, d);
            }
        }
        if over == NO_CELL || !self.hoppable(over, seg.over, captured) {
            return None;
        }
        let mut count = 0;
        let mut land = board.step(over, d);
        while land != NO_CELL && self.free(land, captured) {
            count += 1;
            if !seg.long || seg.behind {
                break;
            }
            land = board.step(land, d);
        }
        (count > 0).then_some((over, count))
    }

    /// The landing cells of a hop over `over` along `d`.
    fn landings(&self, over: CellId, d: DirId, count: usize) -> impl Iterator<Item = CellId> + '_ {
        let board = self.host.board();
        std::iter::successors(Some(over), move |&c| Some(board.step(c, d))).skip(1).take(count)
    }

    /// Is a hop along `d` after one along `last` refused: straight back where the rule
    /// forbids reversing, or against the rule's `direction`?
    #[inline(always)]
    fn reverses(&self, last: DirId, d: DirId) -> bool {
        self.turns_ruled
            && last != NO_DIR
            && ((self.no_reverse && self.host.board().opposite(last) == Some(d))
                || match self.heading {
                    Heading::Any => false,
                    Heading::Other => d == last,
                    Heading::Same => d != last,
                })
    }

    fn captures(&self, seg: &Segment, over: CellId) -> bool {
        seg.takes && self.pos.cells[over.index()].of(self.side.other())
    }

    /// Could a chain standing on `cur` as `piece` at `at` capture again?
    fn can_go_on(&self, cur: CellId, piece: PieceTypeId, at: At, captured: CellSet<W>, visited: CellSet<W>) -> bool {
        for state in self.states(piece, &[at]) {
            let hops = self.hops(state.rule);
            for &j in &hops.next[state.seg as usize][state.count as usize] {
                let seg = &hops.segments[j as usize];
                for &d in &seg.dirs[self.side.index()] {
                    if self.reverses(at.last, d) {
                        continue;
                    }
                    if let Some((over, count)) = self.hop(cur, d, seg, captured)
                        && self.captures(seg, over)
                        && (!self.never_revisit || self.landings(over, d, count).any(|l| !visited.contains(l)))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Extends a chain standing on `cur` at `at` (after `hops` hops), unless a chain that took
    /// the same pieces otherwise searched this place before. Places are remembered from the
    /// third hop: most chains are shorter, and remembering costs more than it saves there.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        cur: CellId,
        piece: PieceTypeId,
        at: At,
        captured: CellSet<W>,
        visited: CellSet<W>,
        promoted: Option<PieceTypeId>,
        path: &mut [CellId; MAX_HOPS],
        hops: usize,
        by_capture: bool,
        out: &mut impl ChainOut<W>,
    ) -> bool {
        if hops < 3 {
            return self.step(out) && self.extend_here(cur, piece, at, captured, visited, promoted, path, hops, by_capture, out);
        }
        let visited_matters = self.remembers_landings;
        let place = Place {
            cur,
            captured,
            visited: if visited_matters { visited } else { CellSet::EMPTY },
            rule: at.rule,
            seg: at.seg,
            count: at.count,
            last: at.last,
            piece,
            promoted,
            by_capture,
        };
        if !out.enter(&place) {
            return true;
        }
        if !self.step(out) {
            return false;
        }
        let before = out.found();
        let go_on = self.extend_here(cur, piece, at, captured, visited, promoted, path, hops, by_capture, out);
        if go_on {
            out.searched(place, out.found() > before);
        }
        go_on
    }

    /// Counts a place searched; false (stop) past the budget, noting where the search stopped.
    fn step(&self, out: &impl ChainOut<W>) -> bool {
        let steps = self.steps.get() + 1;
        self.steps.set(steps);
        if steps > out.budget() {
            CUT.with(|cut| cut.set(Some(self.from)));
            return false;
        }
        true
    }

    /// [`Search::extend`], searching from here.
    #[allow(clippy::too_many_arguments)]
    fn extend_here(
        &self,
        cur: CellId,
        piece: PieceTypeId,
        at: At,
        captured: CellSet<W>,
        visited: CellSet<W>,
        promoted: Option<PieceTypeId>,
        path: &mut [CellId; MAX_HOPS],
        hops: usize,
        by_capture: bool,
        out: &mut impl ChainOut<W>,
    ) -> bool {
        // Did the chain go on with a capture? Then it may not end here.
        let mut captured_on = false;
        let mut may_end = false;
        let board = self.host.board();
        for state in self.states(piece, &[at]) {
            let rule_hops = self.hops(state.rule);
            may_end |= rule_hops.may_end[state.seg as usize][state.count as usize];
            if hops >= MAX_HOPS {
                continue;
            }
            for &j in &rule_hops.next[state.seg as usize][state.count as usize] {
                let seg = &rule_hops.segments[j as usize];
                for &d in &seg.dirs[self.side.index()] {
                    if self.reverses(at.last, d) {
                        continue;
                    }
                    let next = At { rule: state.rule, seg: j, count: 1, last: d };
                    let Some((over, count)) = self.hop(cur, d, seg, captured) else { continue };
                    let capturing = self.captures(seg, over);
                    if capturing && !out.may_capture(over) {
                        continue;
                    }
                    let now_captured = if capturing { captured | CellSet::single(over) } else { captured };
                    // Non-capturing hops may not return to a cell (no endless canters), nor arrive
                    // where only a capture may.
                    let fresh = |l: CellId| {
                        ((capturing && !self.never_revisit) || !visited.contains(l))
                            && (capturing || self.no_quiet.is_none_or(|r| !r.contains(self.side.index(), l)))
                    };
                    // A capture that can go on from some landing cells must land on one of them.
                    let mut must = CellSet::<W>::EMPTY;
                    if capturing && count > 1 && !self.may_stop {
                        let mut l = over;
                        for _ in 0..count {
                            l = board.step(l, d);
                            let (next_piece, _, ends) = self.arrival(l, piece, promoted);
                            if !ends && fresh(l) && self.can_go_on(l, next_piece, next, now_captured, visited | CellSet::single(l)) {
                                must.insert(l);
                            }
                        }
                    }
                    let mut l = over;
                    for _ in 0..count {
                        l = board.step(l, d);
                        if !fresh(l) || (!must.is_empty() && !must.contains(l)) {
                            continue;
                        }
                        captured_on |= capturing;
                        path[hops] = l;
                        let (next_piece, next_promoted, ends) = self.arrival(l, piece, promoted);
                        let next_one = [next];
                        let next_states = self.states(next_piece, &next_one);
                        let goes_on = !ends && next_states.iter().any(|s| !self.hops(s.rule).next[s.seg as usize][1].is_empty());
                        let pattern_done = || next_states.iter().any(|s| self.hops(s.rule).may_end[s.seg as usize][1]);
                        let keep_going = if !goes_on {
                            // The move ends here, and counts only if its pattern is complete.
                            !pattern_done() || self.finish(l, next_piece, now_captured, next_promoted, &path[..=hops], out)
                        } else {
                            // A non-capturing hop may stop here (if the pattern allows), or go on.
                            let stop_here = (!capturing || self.may_stop) && pattern_done();
                            (!stop_here || self.finish(l, next_piece, now_captured, next_promoted, &path[..=hops], out))
                                && self.extend(
                                    l,
                                    next_piece,
                                    next,
                                    now_captured,
                                    visited | CellSet::single(l),
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
        if !captured_on && by_capture && may_end && !self.may_stop {
            return self.finish(cur, piece, captured, promoted, &path[..hops], out);
        }
        true
    }

    /// What a piece is after landing on `l`: its type, its promotion so far, and whether the
    /// move must end here.
    fn arrival(&self, l: CellId, piece: PieceTypeId, promoted: Option<PieceTypeId>) -> (PieceTypeId, Option<PieceTypeId>, bool) {
        if self.stops.is_some_and(|s| s.contains(self.side.index(), l)) {
            return (piece, promoted, true);
        }
        if promoted.is_some() {
            return (piece, promoted, false);
        }
        let Some(promo) = &self.host.promotion(piece) else { return (piece, None, false) };
        if !promo.cells.contains(self.side.index(), l) {
            return (piece, None, false);
        }
        match promo.during {
            MidCapture::AtEnd => (piece, None, false),
            MidCapture::AtOnce => (promo.to[0], Some(promo.to[0]), false),
            MidCapture::EndsMove => (piece, None, true),
        }
    }

    /// Reports a finished chain; a piece that ends in its promotion region promotes (one chain
    /// per choice).
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        to: CellId,
        piece: PieceTypeId,
        captured: CellSet<W>,
        promoted: Option<PieceTypeId>,
        path: &[CellId],
        out: &mut impl ChainOut<W>,
    ) -> bool {
        if promoted.is_some() {
            return out.chain(to, captured, promoted, path);
        }
        match &self.host.promotion(piece) {
            Some(promo) if promo.cells.contains(self.side.index(), to) => {
                promo.each_choice::<W>(self.pos, self.side, |t| out.chain(to, captured, Some(t), path))
            }
            _ => out.chain(to, captured, None, path),
        }
    }
}

/// Passes on distinct moves: chains with the same end, captures and promotion are one move.
struct Distinct<'s, S: Sink, const W: usize> {
    rule: RuleId,
    from: CellId,
    mark: usize,
    sink: &'s mut S,
    /// The places searched (from the third hop of a chain).
    searched: Places<W>,
}

impl<S: Sink, const W: usize> ChainOut<W> for Distinct<'_, S, W> {
    fn chain(&mut self, to: CellId, captured: CellSet<W>, promote: Option<PieceTypeId>, _path: &[CellId]) -> bool {
        let mv = Move { captures: CellBits::from_set(captured), promote: promote.into(), ..Move::new(self.rule, self.from, to) };
        if self.sink.holds_since(self.mark, &mv) {
            return true;
        }
        self.sink.push(mv)
    }

    /// A place searched once has given all its moves.
    fn enter(&mut self, place: &Place<W>) -> bool {
        !self.searched.contains(place)
    }

    fn searched(&mut self, place: Place<W>, _found: bool) {
        self.searched.insert(place);
    }

    fn found(&self) -> usize {
        0
    }
}

/// The most landing paths gathered for one move: a move is written by the first of them in
/// cell order, and a typed path is matched against them. (A king taking a lattice of men has
/// more ways than can be counted; real games have a handful.)
pub(crate) const MAX_PATHS: usize = 1000;

/// Collects the landing paths of one move.
struct Paths<'m, const W: usize> {
    target: &'m Move,
    /// The target's captures, as a set of the game's width.
    captures: CellSet<W>,
    paths: Vec<Vec<CellId>>,
    /// Places from which no path of the move goes on.
    barren: Places<W>,
}

impl<const W: usize> ChainOut<W> for Paths<'_, W> {
    fn chain(&mut self, to: CellId, captured: CellSet<W>, promote: Option<PieceTypeId>, path: &[CellId]) -> bool {
        if to == self.target.to && captured == self.captures && promote == self.target.promotion() {
            self.paths.push(path.to_vec());
        }
        self.paths.len() < MAX_PATHS
    }

    /// Each way through a place is a path of its own: only places that led nowhere are
    /// skipped.
    fn enter(&mut self, place: &Place<W>) -> bool {
        !self.barren.contains(place)
    }

    fn searched(&mut self, place: Place<W>, found: bool) {
        if !found {
            self.barren.insert(place);
        }
    }

    fn found(&self) -> usize {
        self.paths.len()
    }

    /// Only the move's own pieces.
    fn may_capture(&self, cell: CellId) -> bool {
        self.captures.contains(cell)
    }

    /// The places of a move whose generation stayed within [`MAX_CHAIN_STEPS`] are fewer,
    /// and each is searched again only on the way to another path.
    fn budget(&self) -> u32 {
        MAX_CHAIN_STEPS + (MAX_PATHS * MAX_HOPS) as u32
    }
}
