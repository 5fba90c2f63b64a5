//! End rules, compiled: when a position is over, and who won. Each `[[end]]` condition becomes a
//! tree of tests with their tables (line axes, neighbour masks, region cells), evaluated in
//! order; the first that holds decides. Each test is one module of this folder implementing
//! [`TestKind`], and one line of the registry ([`tests!`]).

use crate::compile::Compile;
use crate::counts::CountExpr;
use crate::host::Host;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{CmpOp, Condition, PlayerId, Ruleset, Test, Verdict, Who, ends as model};
use kind::TestKind;
use std::fmt;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<PlayerId>,
    pub reason: String,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "player {} wins: {}", p.0 + 1, self.reason),
            None => write!(f, "draw: {}", self.reason),
        }
    }
}

pub(crate) mod area;
pub(crate) mod kind;

/// The registry of end tests: each line a test's module and type, and the model's test it
/// compiles from. It makes [`Check`] and its dispatch, each an exhaustive match.
macro_rules! tests {
    ($( $Variant:ident ($module:ident :: $Type:ident) <= $Model:ident ),* $(,)?) => {
        $( mod $module; )*

        /// A compiled end test, with the tables it reads.
        #[derive(Clone, Debug)]
        enum Check {
            $( $Variant($module::$Type), )*
        }

        impl Check {
            fn compile(test: &Test, rules: &Ruleset, width: Width) -> Check {
                match test {
                    $( Test::$Model(t) => Check::$Variant(<$module::$Type as Compile<model::$Model>>::compile(t, rules, width)), )*
                }
            }

            #[inline]
            fn holds<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, has_moves: &mut dyn FnMut() -> bool) -> bool {
                match self {
                    $( Check::$Variant(t) => t.holds::<W>(host, pos, player, has_moves), )*
                }
            }
        }
    };
}

tests! {
    Line(line::Line) <= Line,
    NoMoves(no_moves::NoMoves) <= NoMoves,
    NoPieces(no_pieces::NoPieces) <= NoPieces,
    Fewer(fewer::Fewer) <= Fewer,
    Connected(connected::Connected) <= Connected,
    Joins(joins::Joins) <= Joins,
    Occupies(occupies::Occupies) <= Occupies,
    Fills(fills::Fills) <= Fills,
    Within(within::Within) <= Within,
    Phase(phase::Phase) <= Phase,
    Royal(check::Royal) <= Check,
    Player(player::Player) <= Player,
    Last(last::Last) <= Last,
}

/// A compiled condition.
#[derive(Clone, Debug)]
enum Cond {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Test(Check, Who),
    Compare(CountExpr, CmpOp, CountExpr),
}

/// The end rules of a game, compiled, and the conditions of its moves.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ends {
    rules: Vec<(Cond, Verdict)>,
    /// The rules decided without the list of moves, in order.
    static_rules: Vec<usize>,
    /// True if a rule mentions no-moves together with another test, so that it can hold while
    /// moves exist.
    has_dynamic: bool,
    /// Per move rule: its `if`, asked before its part is made.
    before: Vec<Option<Cond>>,
    /// Per move rule: its `if-after`, asked after the whole move.
    after: Vec<Option<Cond>>,
    /// `[turn] if-after`, asked after every move and pass.
    turn_after: Option<Cond>,
    /// Some move, or the pass, has an `if-after`.
    any_after: bool,
}

impl Ends {
    pub(crate) fn compile(rules: &Ruleset, width: Width) -> Ends {
        let compiled: Vec<(Cond, Verdict)> = rules.ends.iter().map(|e| (compile(rules, &e.condition, width), e.verdict)).collect();
        let static_rules = (0..rules.ends.len()).filter(|&i| !rules.ends[i].condition.needs_moves()).collect();
        let has_dynamic =
            rules.ends.iter().any(|e| e.condition.needs_moves() && !matches!(e.condition, Condition::Test(Test::NoMoves(_), _)));
        let before = rules.moves.iter().map(|m| m.when.as_ref().map(|c| compile(rules, c, width))).collect();
        let after: Vec<Option<Cond>> = rules.moves.iter().map(|m| m.after.as_ref().map(|c| compile(rules, c, width))).collect();
        let turn_after = rules.turn.if_after.as_ref().map(|c| compile(rules, c, width));
        let any_after = turn_after.is_some() || after.iter().any(Option::is_some);
        Ends { rules: compiled, static_rules, has_dynamic, before, after, turn_after, any_after }
    }

    pub(crate) fn has_static(&self) -> bool {
        !self.static_rules.is_empty()
    }

    /// Does some move, or the pass, have an `if-after`?
    #[inline(always)]
    pub(crate) fn has_after(&self) -> bool {
        self.any_after
    }
}

fn compile(rules: &Ruleset, c: &Condition, width: Width) -> Cond {
    match c {
        Condition::Or(parts) => Cond::Or(parts.iter().map(|p| compile(rules, p, width)).collect()),
        Condition::And(parts) => Cond::And(parts.iter().map(|p| compile(rules, p, width)).collect()),
        Condition::Not(inner) => Cond::Not(Box::new(compile(rules, inner, width))),
        Condition::Test(test, who) => Cond::Test(Check::compile(test, rules, width), *who),
        Condition::Compare(a, op, b) => Cond::Compare(CountExpr::compile(a, rules, width), *op, CountExpr::compile(b, rules, width)),
    }
}

impl Ends {
    /// The result, if the game is over in `pos`: the first end rule that holds, else no legal
    /// move (`has_raw_moves` says whether the player to move has one, passing included).
    pub(crate) fn outcome<const W: usize>(
        &self,
        host: &impl Host,
        rules: &Ruleset,
        pos: &Position,
        has_raw_moves: &mut dyn FnMut() -> bool,
    ) -> Option<Outcome> {
        let mut has_moves: Option<bool> = None;
        for (i, (cond, _)) in self.rules.iter().enumerate() {
            let mut moves = || *has_moves.get_or_insert_with(&mut *has_raw_moves);
            if self.eval::<W>(host, pos, cond, pos.side.other(), None, &mut moves) {
                return Some(verdict(rules, pos, i));
            }
        }
        if !has_moves.unwrap_or_else(has_raw_moves) {
            return Some(Outcome { winner: None, reason: "no legal moves".into() });
        }
        None
    }

    /// Does an end rule hold without looking at the moves?
    #[inline]
    pub(crate) fn static_end<const W: usize>(&self, host: &impl Host, pos: &Position) -> bool {
        let mover = pos.side.other();
        self.static_rules.iter().any(|&i| match &self.rules[i].0 {
            // A player left without pieces, the commonest of these ends, is asked here
            // without the general walk: generation asks it in every position.
            Cond::Test(Check::NoPieces(_), Who::Mover) => pos.piece_count(mover) == 0,
            Cond::Test(Check::NoPieces(_), Who::Next) => pos.piece_count(mover.other()) == 0,
            c => self.eval::<W>(host, pos, c, mover, None, &mut || true),
        })
    }

    /// Does rule `rule` have an `if`?
    #[inline(always)]
    pub(crate) fn part_has_condition(&self, rule: usize) -> bool {
        self.before[rule].is_some()
    }

    /// Does the `if` of the later part of rule `rule` hold? `pos` is after the part before, the
    /// turn not over: the player to move is the mover. (The loader keeps no-moves out of it.)
    pub(crate) fn part_allowed<const W: usize>(&self, host: &impl Host, pos: &Position, rule: usize) -> bool {
        self.before[rule].as_ref().is_none_or(|c| self.eval::<W>(host, pos, c, pos.side, None, &mut || true))
    }

    /// Does the `if` of rule `rule` hold for a move of `side` in `pos`, before the move? (For a
    /// first part; `side` is the mover even when the generation is asked for the other player,
    /// as attacks are.)
    #[cold]
    #[inline(never)]
    pub(crate) fn rule_allowed<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, rule: usize) -> bool {
        self.before[rule].as_ref().is_none_or(|c| self.eval::<W>(host, pos, c, side, None, &mut || true))
    }

    /// Do the `if-after` conditions of a move of rule `rule` (`None`: the pass) and `[turn]`'s
    /// hold in `after`, the position after it (a copy, without the history), made by `side`
    /// from `before`? `has_moves`: whether the player to move in `after` has a reply.
    pub(crate) fn after_holds<const W: usize>(
        &self,
        host: &impl Host,
        after: &Position,
        side: PlayerId,
        before: &Position,
        rule: Option<usize>,
        has_moves: &mut dyn FnMut() -> bool,
    ) -> bool {
        let own = rule.and_then(|r| self.after[r].as_ref());
        [own, self.turn_after.as_ref()].into_iter().flatten().all(|c| self.eval::<W>(host, after, c, side, Some(before), has_moves))
    }

    /// Has a move of rule `rule` (`None`: the pass) an `if-after` to ask, its own or `[turn]`'s?
    pub(crate) fn has_after_for(&self, rule: Option<usize>) -> bool {
        self.turn_after.is_some() || rule.is_some_and(|r| self.after[r].is_some())
    }

    /// Does an end rule that mentions no-moves hold, given whether the player to move has moves?
    /// (Only rules that combine no-moves with other tests are asked: the plain one is how
    /// `generate` ends anyway.)
    #[inline]
    pub(crate) fn dynamic_end<const W: usize>(&self, host: &impl Host, pos: &Position, has_moves: bool) -> bool {
        self.has_dynamic
            && self.rules.iter().enumerate().any(|(i, (cond, _))| {
                !self.static_rules.contains(&i) && self.eval::<W>(host, pos, cond, pos.side.other(), None, &mut || has_moves)
            })
    }

    /// Evaluates a condition, `mover` being the player `by mover` names. `before` is the
    /// position a move is tried from, when `pos` is a copy after it (`if-after`).
    fn eval<const W: usize>(
        &self,
        host: &impl Host,
        pos: &Position,
        c: &Cond,
        mover: PlayerId,
        before: Option<&Position>,
        has_moves: &mut dyn FnMut() -> bool,
    ) -> bool {
        match c {
            Cond::Or(parts) => parts.iter().any(|p| self.eval::<W>(host, pos, p, mover, before, has_moves)),
            Cond::And(parts) => parts.iter().all(|p| self.eval::<W>(host, pos, p, mover, before, has_moves)),
            Cond::Not(inner) => !self.eval::<W>(host, pos, inner, mover, before, has_moves),
            Cond::Test(check, who) => {
                let player = match who {
                    Who::Mover => mover,
                    Who::Next => mover.other(),
                };
                check.holds::<W>(host, pos, player, has_moves)
            }
            Cond::Compare(a, op, b) => op.holds(a.value::<W>(host, pos, before, mover), b.value::<W>(host, pos, before, mover)),
        }
    }
}

/// The outcome of end rule `rule`, which holds in `pos`.
fn verdict(rules: &Ruleset, pos: &Position, rule: usize) -> Outcome {
    let end = &rules.ends[rule];
    let mover = pos.side.other();
    let winner = match end.verdict {
        Verdict::MoverWins => Some(mover),
        Verdict::NextWins => Some(pos.side),
        Verdict::Draw => None,
        Verdict::MostPieces => {
            let (a, b) = (pos.piece_count(PlayerId::FIRST), pos.piece_count(PlayerId::SECOND));
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(PlayerId::FIRST),
                std::cmp::Ordering::Less => Some(PlayerId::SECOND),
                std::cmp::Ordering::Equal => None,
            }
        }
        Verdict::MostArea(area) => {
            let [a, b] = area::area(rules, pos, &area);
            match a.cmp(&(b + area.komi)) {
                std::cmp::Ordering::Greater => Some(PlayerId::FIRST),
                std::cmp::Ordering::Less => Some(PlayerId::SECOND),
                std::cmp::Ordering::Equal => area.ties,
            }
        }
    };
    if let Verdict::MostArea(area) = end.verdict {
        let [a, b] = area::area(rules, pos, &area);
        let names = &rules.players;
        let komi = if area.komi > 0 { format!(" and {} komi", area.komi) } else { String::new() };
        let reason = format!("area {a} for {} against {b}{komi} for {}", names[0].name, names[1].name);
        return Outcome { winner, reason };
    }
    let reason = if end.verdict == Verdict::MostPieces {
        format!(
            "{} against {} at the end",
            pos.piece_count(PlayerId::FIRST).max(pos.piece_count(PlayerId::SECOND)),
            pos.piece_count(PlayerId::FIRST).min(pos.piece_count(PlayerId::SECOND))
        )
    } else {
        end.reason.clone()
    };
    Outcome { winner, reason }
}
