//! Counts in conditions, compiled: the numbers a condition compares (`count(man) by next`,
//! `repetitions`). Each count is one module of this folder implementing [`CountKind`], and one
//! line of the registry ([`counts!`]).

use crate::compile::Compile;
use crate::host::Host;
use crate::position::Position;
use hetproba_board::Width;
use hetproba_rules::model::{BinOp, Count, PlayerId, Query, Ruleset, Who, counts as model};
use kind::CountKind;

pub(crate) mod kind;

/// The registry of counts: each line a count's module and type, and the model's query it
/// compiles from. It makes [`Counter`] and its dispatch, each an exhaustive match.
macro_rules! counts {
    ($( $Variant:ident ($module:ident :: $Type:ident) <= $Model:ident ),* $(,)?) => {
        $( mod $module; )*

        /// A compiled count, with the tables it reads.
        #[derive(Clone, Debug)]
        pub(crate) enum Counter {
            $( $Variant($module::$Type), )*
        }

        impl Counter {
            fn compile(query: &Query, rules: &Ruleset, width: Width) -> Counter {
                match query {
                    $( Query::$Model(q) => Counter::$Variant(<$module::$Type as Compile<model::$Type>>::compile(q, rules, width)), )*
                }
            }

            #[inline]
            fn value<const W: usize>(&self, host: &impl Host, pos: &Position, before: Option<&Position>, player: PlayerId) -> i64 {
                match self {
                    $( Counter::$Variant(c) => c.value::<W>(host, pos, before, player), )*
                }
            }
        }
    };
}

counts! {
    Count(count::PieceCount) <= Count,
    Repetitions(repetitions::Repetitions) <= Repetitions,
    Captured(captured::Captured) <= Captured,
    Checks(checks::Checks) <= Checks,
    Passes(passes::Passes) <= Passes,
    FileMost(file_most::FileMost) <= FileMost,
}

/// A compiled count expression.
#[derive(Clone, Debug)]
pub(crate) enum CountExpr {
    Int(i64),
    Query(Counter, Who),
    Chain(Box<CountExpr>, Vec<(BinOp, CountExpr)>),
}

impl CountExpr {
    pub(crate) fn compile(c: &Count, rules: &Ruleset, width: Width) -> CountExpr {
        match c {
            Count::Int(v) => CountExpr::Int(*v),
            Count::Query(q, who) => CountExpr::Query(Counter::compile(q, rules, width), *who),
            Count::Chain(first, rest) => CountExpr::Chain(
                Box::new(CountExpr::compile(first, rules, width)),
                rest.iter().map(|(op, c)| (*op, CountExpr::compile(c, rules, width))).collect(),
            ),
        }
    }

    /// Its value, `mover` being the player `by mover` names. An overflow or a division by
    /// zero gives 0.
    pub(crate) fn value<const W: usize>(&self, host: &impl Host, pos: &Position, before: Option<&Position>, mover: PlayerId) -> i64 {
        match self {
            CountExpr::Int(v) => *v,
            CountExpr::Query(counter, who) => {
                let player = match who {
                    Who::Mover => mover,
                    Who::Next => mover.other(),
                };
                counter.value::<W>(host, pos, before, player)
            }
            CountExpr::Chain(first, rest) => rest.iter().fold(first.value::<W>(host, pos, before, mover), |a, (op, c)| {
                op.apply(a, c.value::<W>(host, pos, before, mover)).unwrap_or(0)
            }),
        }
    }
}
