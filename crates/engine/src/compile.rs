//! How a part of the engine is made from the model: [`Compile`], implemented by each move kind,
//! effect and end test for the model's primitive it compiles.

use hetproba_board::Width;
use hetproba_rules::model::Ruleset;

/// What a kind compiles from: the model's primitive (`A`) in a ruleset, at a width.
pub(crate) trait Compile<A> {
    fn compile(primitive: &A, rules: &Ruleset, width: Width) -> Self;
}
