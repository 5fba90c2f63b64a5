//! The pattern of a move of hops as a chain follows it: its segments, which may come next, and
//! where it may end. Chains read it for their own rule, and, after a promotion in mid-chain,
//! for the rules the new piece goes on with ([`At`] names where a chain stands).

use crate::mv::RuleId;
use hetproba_board::DirId;
use hetproba_rules::model::moves::{HopPattern, Revisit};
use hetproba_rules::model::{Heading, Over, Ruleset};

/// One segment of a hop pattern.
#[derive(Clone, Debug)]
pub(crate) struct Segment {
    /// Directions, per player.
    pub dirs: [Vec<DirId>; 2],
    pub over: Over,
    /// `fly`: empty cells may lie before the piece hopped over, and the hop may land on any
    /// empty cell beyond it. `jump`: the piece is adjacent and the hop lands right behind it.
    pub long: bool,
    /// A flying hop that lands only right behind the piece.
    pub behind: bool,
    /// Hops of this segment: at least `min` (0 or 1), at most `max` (1, or `Hop::UNBOUNDED`).
    pub min: u8,
    pub max: u8,
    /// Does a hop of this segment capture the enemy piece it hops (not with `take=none`)?
    pub takes: bool,
}

/// A hop pattern compiled for chains.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub segments: Vec<Segment>,
    /// `next[seg][started]`: the segments a chain standing in `seg` (with at least one hop of
    /// it made, or none) may hop in next. Repeats are `+`, `*`, `?` or once, so what matters of
    /// a segment's count is only whether it has started.
    pub next: Vec<[Vec<u8>; 2]>,
    /// `may_end[seg][started]`: may a chain standing there end, as far as the pattern goes?
    pub may_end: Vec<[bool; 2]>,
    pub revisit: Revisit,
    /// May a hop go straight back the way the previous one came?
    pub reverse: bool,
    /// May a chain end after any hop, a capture included?
    pub may_stop: bool,
    /// How each hop heads against the one before (`same`: a straight chain).
    pub direction: Heading,
}

impl Pattern {
    pub(crate) fn compile(pattern: &HopPattern, rules: &Ruleset) -> Pattern {
        let segments: Vec<Segment> = pattern
            .segments
            .iter()
            .map(|hop| Segment {
                dirs: rules.direction_sets[hop.dirs.index()].dirs.clone(),
                over: hop.over,
                long: hop.long,
                behind: hop.behind,
                min: hop.min,
                max: hop.max,
                takes: hop.captures(),
            })
            .collect();
        // Segments are at most 16 (the loader's limit): their indices fit a byte.
        let index = |seg: usize| u8::try_from(seg).expect("the loader keeps hop segments to 16");
        let next: Vec<[Vec<u8>; 2]> = (0..segments.len())
            .map(|seg| {
                [0u8, 1].map(|count| {
                    let s = &segments[seg];
                    let mut list = Vec::new();
                    if count < s.max {
                        list.push(index(seg));
                    }
                    if count >= s.min {
                        for (j, later) in segments.iter().enumerate().skip(seg + 1) {
                            list.push(index(j));
                            if later.min > 0 {
                                break;
                            }
                        }
                    }
                    list
                })
            })
            .collect();
        let may_end = (0..segments.len())
            .map(|seg| [0u8, 1].map(|count| count >= segments[seg].min && segments[seg + 1..].iter().all(|s| s.min == 0)))
            .collect();
        Pattern {
            segments,
            next,
            may_end,
            revisit: pattern.revisit,
            reverse: pattern.reverse,
            may_stop: pattern.may_stop,
            direction: pattern.direction,
        }
    }

    /// The segments a chain may begin with: the first, and each after it while those before
    /// may be skipped.
    pub(crate) fn first_segments(&self) -> impl Iterator<Item = &Segment> {
        let skippable = self.segments.iter().take_while(|s| s.min == 0).count();
        self.segments.iter().take(skippable + 1)
    }
}

/// Where a chain stands in its pattern: rule, segment, and whether a hop of that segment has
/// been made (0 or 1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    pub rule: RuleId,
    pub seg: u8,
    pub count: u8,
    /// The direction of the hop that arrived here (`NO_DIR` at the start).
    pub last: DirId,
}
