//! `count(TYPES, in=REGION)`: how many pieces the player has (of the types, on the region).

use crate::describe::Lang;
use crate::describe::{region_words_in, types_words};
use crate::model::{PieceTypeSet, RegionId, Ruleset, Who};
use crate::prims::{ArgSpec, QueryPrim, Spec, TestInput};

/// The player's pieces on the board: of `types` (all when `None`), on `region` (resolved for
/// the player; anywhere when `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCount {
    pub types: Option<PieceTypeSet>,
    pub region: Option<RegionId>,
}

impl PieceCount {
    pub const SPEC: Spec = Spec::new(
        &["count"],
        &[ArgSpec::at("TYPES", "any type"), ArgSpec::key("in", "REGION", "the whole board")],
        "how many pieces the player has on the board (of the types, on the region)",
        "counts-and-comparisons",
    );
}

impl QueryPrim for PieceCount {
    fn read(input: &mut TestInput) -> Option<PieceCount> {
        let TestInput { r, args, .. } = input;
        let types = match args.positional().as_slice() {
            [] => None,
            [arg] => Some(r.piece_types(arg)?),
            [_, extra, ..] => {
                r.arg_error(extra, "count() takes piece types joined by | and in=REGION: count(man|king, in=far)");
                return None;
            }
        };
        let region = match args.key("in") {
            Some(arg) => Some(r.region(arg)?),
            None => None,
        };
        Some(PieceCount { types, region })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let mut within: Vec<String> = Vec::new();
            if let (Some(r), Some(types)) = (r, self.types) {
                within.push(types_words(r, types, lang));
            }
            match (r, self.region) {
                (Some(r), Some(region)) => within.push(format!("itt: {}", region_words_in(r, region, lang))),
                (None, Some(_)) => within.push("egy tartományban".to_string()),
                _ => {}
            }
            let within = if within.is_empty() { String::new() } else { format!(" ({})", within.join("; ")) };
            return format!("{whom} bábuinak száma{within}");
        }
        let what = pieces_words(r, self.types, lang);
        let place = match (r, self.region) {
            (Some(r), Some(region)) => format!(" on {}", region_words_in(r, region, lang)),
            (None, Some(_)) => " on a region".to_string(),
            _ => String::new(),
        };
        format!("the number of {what} of {whom}{place}")
    }
}

/// "pieces", or "pieces of type man or king" when only some types count.
pub(super) fn pieces_words(r: Option<&Ruleset>, types: Option<PieceTypeSet>, lang: Lang) -> String {
    match (lang, r, types) {
        (Lang::En, Some(r), Some(types)) => format!("pieces of type {}", types_words(r, types, lang)),
        (Lang::En, ..) => "pieces".to_string(),
        (Lang::Hu, Some(r), Some(types)) => format!("bábuk ({})", types_words(r, types, lang)),
        (Lang::Hu, ..) => "bábuk".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{CmpOp, Condition, Count, Query};
    use crate::prims::test_support::{load, message};

    #[test]
    fn count_reads_types_and_a_region() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        let r = load(moves, "count(stone, in=home) by next >= count by mover + 1", "").unwrap_or_else(|e| panic!("{e}"));
        let Condition::Compare(Count::Query(Query::Count(c), who), CmpOp::Ge, Count::Chain(..)) = &r.ends[0].condition else {
            panic!("{:?}", r.ends[0].condition)
        };
        assert_eq!((c.types.map(|t| t.len()), c.region.is_some(), *who), (Some(1), true, crate::model::Who::Next));
        assert_eq!(message(&load(moves, "count(rock) > 1", "").expect_err("refused")), "no piece type 'rock'; the pieces are: stone, king");
        assert_eq!(message(&load(moves, "count(stone, king) > 1", "").expect_err("refused")), "count() takes piece types joined by | and in=REGION: count(man|king, in=far)");
        assert_eq!(message(&load(moves, "count(in=nowhere) > 1", "").expect_err("refused")), "no region 'nowhere'; the board has: all, edge, home");
    }

    #[test]
    fn counts_are_worded_in_hungarian() {
        let text = crate::prims::test_support::rules_hu("[moves.m]\npiece = \"stone\"\ndo = \"place\"", "count(stone, in=home) by next >= 3", "");
        assert!(text.contains("Ha a soron következő játékos bábuinak száma (kő; itt: a „home” mezők) legalább 3, az éppen lépett játékos nyer."), "{text}");
    }
}
