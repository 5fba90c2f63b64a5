//! `file-most(TYPES)`: the most pieces the player has on one file (of the types).

use crate::describe::{Lang, types_words};
use crate::model::{PieceTypeSet, Ruleset, Who};
use crate::prims::{ArgSpec, QueryPrim, Spec, TestInput};

/// The largest number of the player's pieces (of `types`; all when `None`) that stand on one
/// file of the board, a file being the cells with one `x`. Shogi's two pawns on a file (nifu)
/// is `file-most(pawn) by mover >= 2` after a pawn drop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileMost {
    pub types: Option<PieceTypeSet>,
}

impl FileMost {
    pub const SPEC: Spec = Spec::new(
        &["file-most"],
        &[ArgSpec::at("TYPES", "any type")],
        "the most pieces the player has on one file of the board (of the types)",
        "counts-and-comparisons",
    );
}

impl QueryPrim for FileMost {
    fn read(input: &mut TestInput) -> Option<FileMost> {
        let TestInput { r, args, .. } = input;
        let types = match args.positional().as_slice() {
            [] => None,
            [arg] => Some(r.piece_types(arg)?),
            [_, extra, ..] => {
                r.arg_error(extra, "file-most() takes piece types joined by |: file-most(pawn|lance)");
                return None;
            }
        };
        Some(FileMost { types })
    }

    fn default_who(&self) -> Who {
        Who::Mover
    }

    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String {
        if lang == Lang::Hu {
            let within = match (r, self.types) {
                (Some(r), Some(types)) => format!(" ({})", types_words(r, types, lang)),
                _ => String::new(),
            };
            return format!("{whom} egy oszlopon álló bábuinak legnagyobb száma{within}");
        }
        let what = super::count::pieces_words(r, self.types, lang);
        format!("the most {what} {whom} has on one file")
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{CmpOp, Condition, Count, Query};
    use crate::prims::test_support::{load, message};

    #[test]
    fn file_most_reads_types() {
        let moves = "[moves.m]\npiece = \"stone\"\ndo = \"place\"";
        let r = load(moves, "file-most(stone) by next >= 2", "").unwrap_or_else(|e| panic!("{e}"));
        let Condition::Compare(Count::Query(Query::FileMost(c), who), CmpOp::Ge, Count::Int(2)) = &r.ends[0].condition else {
            panic!("{:?}", r.ends[0].condition)
        };
        assert_eq!((c.types.map(|t| t.len()), *who), (Some(1), crate::model::Who::Next));
        assert_eq!(message(&load(moves, "file-most(rock) > 1", "").expect_err("refused")), "no piece type 'rock'; the pieces are: stone, king");
        assert_eq!(
            message(&load(moves, "file-most(stone, king) > 1", "").expect_err("refused")),
            "file-most() takes piece types joined by |: file-most(pawn|lance)"
        );
    }
}
