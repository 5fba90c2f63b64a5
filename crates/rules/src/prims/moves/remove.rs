//! `remove`: take a piece off the board, as the later part of a move ("then remove an enemy
//! piece"), or as a move of its own (Konane's opening: "remove an own stone next to the hole").

use crate::describe::Lang;
use crate::describe::{dirs_words, region_words_in};
use crate::model::{DirSetId, PieceTypeId, RegionId, Ruleset, Whose};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// Take a piece off the board: one of the owner `of` says (seen from the mover), standing in
/// `region` (resolved for the mover) if given. The later part of a move
/// ([`crate::model::MoveRule::next`]), or a move of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remove {
    pub of: Whose,
    pub region: Option<RegionId>,
    /// `spare-line=N`: a piece standing in an unbroken line of N or more of its owner's pieces
    /// (along any of the board's directions) is spared, unless every piece it could take is.
    pub spare_line: Option<u32>,
    /// `near=last`: only a piece one step from the cell the last move ended on (for a later
    /// part, where the part before landed), along a direction of the set (`None`: of the
    /// board's directions, `along=DIRS`).
    pub near_last: Option<Option<DirSetId>>,
}

impl Remove {
    pub const SPEC: Spec = Spec::new(
        &["remove"],
        &[
            ArgSpec::at("enemy|own|any", "enemy"),
            ArgSpec::key("in", "REGION", "anywhere"),
            ArgSpec::key("spare-line", "N, at least 2", "none"),
            ArgSpec::key("near", "last", "anywhere"),
            ArgSpec::key("along", "DIRS", "the board's directions"),
        ],
        "take a piece off the board: a move of its own, or the later part of one",
        "remove-a-later-part-that-takes-a-piece-off-and-a-later-parts-if",
    )
    .later_part()
    .any_piece();
}

impl MovePrim for Remove {
    fn read(input: &mut MoveInput) -> Option<Remove> {
        let MoveInput { r, args, .. } = input;
        let of = match args.positional().as_slice() {
            [] => Whose::Enemy,
            [_, extra, ..] => {
                r.arg_error(extra, "remove() takes one positional argument, whose piece leaves the board (enemy, own or any), in=REGION, spare-line=N, near=last and along=DIRS");
                Whose::Enemy
            }
            [arg] => match &arg.value {
                ArgValue::Name(n) if n == "enemy" => Whose::Enemy,
                ArgValue::Name(n) if n == "own" => Whose::Own,
                ArgValue::Name(n) if n == "any" => Whose::Any,
                _ => {
                    r.arg_error(arg, "remove() takes enemy, own or any: whose piece leaves the board");
                    Whose::Enemy
                }
            },
        };
        let region = args.key("in").and_then(|arg| r.region(arg));
        let spare_line = args.key("spare-line").and_then(|arg| {
            let n = r.uint(arg)?;
            if n < 2 {
                r.arg_error(arg, "spare-line= is the length of a line that protects its pieces: at least 2");
                return None;
            }
            Some(n)
        });
        let near = args.key("near").map(|arg| match &arg.value {
            ArgValue::Name(n) if n == "last" => true,
            _ => {
                r.arg_error(arg, "near= takes last: the piece stands next to the cell the last move ended on");
                false
            }
        });
        let along = args.key("along").and_then(|arg| {
            if near.is_none() {
                r.arg_error(arg, "along= says which way from the last move's cell: it goes with near=last");
            }
            r.dir_set(arg)
        });
        let near_last = (near == Some(true)).then_some(along);
        Some(Remove { of, region, spare_line, near_last })
    }

    fn words(&self, r: &Ruleset, _piece: PieceTypeId, lang: Lang) -> String {
        if lang == Lang::Hu {
            let whose = match self.of {
                Whose::Own => "Egy saját bábu",
                Whose::Enemy => "Egy ellenséges bábu",
                Whose::Any => "Egy bábu",
            };
            let place = self.region.map_or(String::new(), |id| format!(", amely itt áll: {},", region_words_in(r, id, lang)));
            let spare = self.spare_line.map_or(String::new(), |n| {
                format!(" Nem lehet olyan, amely tulajdonosa legalább {n} bábujának egyenes, megszakítatlan sorában áll, hacsak mind ilyen.")
            });
            let near = self.near_last.map_or(String::new(), |along| match along {
                Some(d) => format!(", amely az utolsó lépés mezőjétől egy lépésre áll, {},", dirs_words(r, d, lang)),
                None => ", amely az utolsó lépés mezőjének szomszédja,".to_string(),
            });
            return format!("{whose}{place}{near} lekerül a tábláról.{spare}");
        }
        let whose = match self.of {
            Whose::Own => "an own piece",
            Whose::Enemy => "an enemy piece",
            Whose::Any => "a piece",
        };
        let place = self.region.map_or(String::new(), |id| format!(" standing on {}", region_words_in(r, id, lang)));
        let spare = self.spare_line.map_or(String::new(), |n| {
            format!(" Not one standing in a straight unbroken line of {n} or more of its owner's pieces, unless all of them do.")
        });
        let near = self.near_last.map_or(String::new(), |along| match along {
            Some(d) => format!(" one step {} from the cell the last move ended on", dirs_words(r, d, lang)),
            None => " next to the cell the last move ended on".to_string(),
        });
        format!("Take {whose}{place}{near} off the board.{spare}")
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow remove(): a removal moves no piece")
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("remove(): with [stacks] taking a piece off is not defined for columns yet")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn removal(args: &str) -> Result<crate::model::Ruleset, String> {
        load(&format!("[moves.m]\npiece = \"stone\"\ndo = \"place\"\nnext = \"take\"\n\n[moves.take]\ndo = \"remove({args})\""), "no-moves", "")
    }

    #[test]
    fn a_removal_takes_whose_piece_and_where() {
        let r = removal("own, in=home").unwrap_or_else(|e| panic!("{e}"));
        assert!(crate::describe::move_words(&r, &r.moves[0]).ends_with("Then, in the same move (written after a '/'): take an own piece standing on the home cells off the board."));
        // The message for a second argument names everything remove() takes.
        assert_eq!(
            message(&removal("enemy, own").expect_err("refused")),
            "remove() takes one positional argument, whose piece leaves the board (enemy, own or any), in=REGION, spare-line=N, near=last and along=DIRS"
        );
        assert_eq!(message(&removal("enemy, spare-line=1").expect_err("refused")), "spare-line= is the length of a line that protects its pieces: at least 2");
        let r = removal("enemy, spare-line=3").unwrap_or_else(|e| panic!("{e}"));
        assert!(crate::describe::move_words(&r, &r.moves[0]).ends_with("Not one standing in a straight unbroken line of 3 or more of its owner's pieces, unless all of them do."));
        assert_eq!(message(&removal("foe").expect_err("refused")), "remove() takes enemy, own or any: whose piece leaves the board");
    }

    #[test]
    fn a_removal_near_the_last_cell() {
        // As a later part, next to where the part before landed: no state needed.
        let r = removal("enemy, near=last, along=orthogonal").unwrap_or_else(|e| panic!("{e}"));
        assert!(
            crate::describe::move_words(&r, &r.moves[0])
                .ends_with("take an enemy piece one step along a row or column from the cell the last move ended on off the board.")
        );
        assert_eq!(message(&removal("enemy, near=first").expect_err("refused")), "near= takes last: the piece stands next to the cell the last move ended on");
        assert_eq!(
            message(&removal("enemy, along=orthogonal").expect_err("refused")),
            "along= says which way from the last move's cell: it goes with near=last"
        );
        // As a move of its own, it needs the last move remembered.
        let alone = load("[moves.take]\ndo = \"remove(own, near=last)\"", "no-moves", "");
        assert_eq!(
            message(&alone.expect_err("refused")),
            "'take' is a removal next to the last move's cell: add last = true to [state], so that positions remember it"
        );
    }
}
