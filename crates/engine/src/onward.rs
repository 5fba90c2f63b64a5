//! Moves whose piece moves again: a first part that moves a piece (`step`, `slide`, `leap`)
//! goes on with later parts that move the same piece on from where it landed (`next` naming a
//! step, slide or leap, which may name itself: Fanorona's chain of captures). A whole move is
//! one `Move`: where the piece started, where it ended, everything it captured on the way. Its
//! parts are found again by walking the same tree ([`Game::onward_ways`]) for its notation.
//! Games without such parts never come here.

use crate::cellbits::CellBits;
use crate::game::Game;
use crate::host::Host;
use crate::mv::{Move, RuleId, Sink};
use crate::position::{Position, with_scratch};
use hetproba_board::CellId;
use hetproba_rules::model::{Heading, PlayerId};

/// One walk of the tree of parts: the position the parts are made on, and the parts so far.
struct Walk<'p> {
    after: &'p mut Position,
    side: PlayerId,
    parts: Vec<Move>,
}

impl Game {
    /// The moves of rule `index`, whose later part `next` moves the piece again: every first
    /// part, gone on with every chain of later parts the rules allow, each whole move once (two
    /// chains that start, end and capture alike are one move, as chains of hops are).
    #[cold]
    #[inline(never)]
    pub(crate) fn generate_onward<const W: usize>(
        &self,
        pos: &Position,
        side: PlayerId,
        index: usize,
        next: RuleId,
        sink: &mut impl Sink,
    ) -> bool {
        let mut firsts = Vec::new();
        let rule = RuleId::new(index).expect("the loader allows at most MAX_RULES move rules");
        self.compiled(index).kind.generate::<W>(self, pos, side, rule, &mut firsts);
        if firsts.is_empty() {
            return true;
        }
        let mut out: Vec<Move> = Vec::new();
        with_scratch(pos, |after| {
            let mut walk = Walk { after, side, parts: Vec::new() };
            for first in firsts {
                self.walk_onward::<W>(&mut walk, first, first, Some(next), CellBits::single(first.from), &mut |whole, _| {
                    if !out.contains(&whole) {
                        out.push(whole);
                    }
                });
            }
        });
        out.into_iter().all(|mv| sink.push(mv))
    }

    /// The chains of parts that make the legal move `mv` (of a rule whose later part moves the
    /// piece again), each a list of parts, each part a move of its own rule; none for any other.
    pub(crate) fn onward_ways(&self, pos: &Position, mv: &Move) -> Vec<Vec<Move>> {
        let rule = &self.compiled(mv.rule.index()).rule;
        let Some(next) = rule.next.filter(|_| rule.goes_on) else { return Vec::new() };
        hetproba_board::with_width!(self.width(), W => self.onward_ways_w::<W>(pos, mv, next))
    }

    fn onward_ways_w<const W: usize>(&self, pos: &Position, mv: &Move, next: RuleId) -> Vec<Vec<Move>> {
        let side = pos.side;
        let mut firsts = Vec::new();
        self.compiled(mv.rule.index()).kind.generate::<W>(self, pos, side, mv.rule, &mut firsts);
        let mut ways = Vec::new();
        with_scratch(pos, |after| {
            let mut walk = Walk { after, side, parts: Vec::new() };
            for first in firsts.into_iter().filter(|f| f.from == mv.from) {
                self.walk_onward::<W>(&mut walk, first, first, Some(next), CellBits::single(first.from), &mut |whole, parts| {
                    if whole == *mv {
                        ways.push(parts.to_vec());
                    }
                });
            }
        });
        ways
    }

    /// Walks on from the part `last` of the move `whole` so far: `each` is given every whole
    /// move that may end here (where no later part can be made, or where the later part's rule
    /// lets the move stop), with its parts; then each later part of rule `next` goes on.
    /// `visited`: the cells the piece stood on before `last` landed.
    fn walk_onward<const W: usize>(
        &self,
        walk: &mut Walk,
        whole: Move,
        last: Move,
        next: Option<RuleId>,
        visited: CellBits,
        each: &mut impl FnMut(Move, &[Move]),
    ) {
        walk.parts.push(last);
        let Some(next) = next else {
            each(whole, &walk.parts);
            walk.parts.pop();
            return;
        };
        let part = &self.compiled(next.index()).rule;
        walk.after.begin(self.keys());
        self.make_part(walk.after, last);
        let mut goes = Vec::new();
        self.compiled(next.index()).kind.generate::<W>(self, walk.after, walk.side, next, &mut goes);
        let heading = self.heading(last.from, last.to);
        goes.retain(|g| {
            g.from == last.to
                && !(part.onward.revisit_never && (visited.contains(g.to) || g.to == last.to))
                && match part.onward.direction {
                    Heading::Any => true,
                    Heading::Other => self.heading(g.from, g.to) != heading,
                    Heading::Same => self.heading(g.from, g.to) == heading,
                }
        });
        if goes.is_empty() || part.onward.may_stop {
            each(whole, &walk.parts);
        }
        let mut been = visited;
        been.insert(last.to);
        for g in goes {
            let mut captures = whole.captures;
            for c in g.captures.iter() {
                captures.insert(c);
            }
            if whole.take_to {
                captures.insert(whole.to);
            }
            let longer = Move { to: g.to, captures, take_to: g.take_to, promote: g.promote, ..whole };
            self.walk_onward::<W>(walk, longer, g, part.next, been, each);
        }
        walk.after.unmake();
        walk.parts.pop();
    }

    /// The way from `from` to `to`, in lowest terms (a step and a slide along one line head
    /// alike; on a board of links, the way the link runs).
    fn heading(&self, from: CellId, to: CellId) -> (i32, i32) {
        let board = self.board();
        let (a, b) = (board.cell(from), board.cell(to));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1);
        let g = i32::try_from(g).expect("a board's offsets are small");
        (dx / g, dy / g)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
