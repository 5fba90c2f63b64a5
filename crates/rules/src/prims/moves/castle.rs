//! `castle`: a piece and its partner move together (castling).

use crate::describe::{Lang, capitalized, hu_the};
use crate::describe::dirs_words;
use crate::model::{DirSetId, PieceTypeId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// The piece (a royal one, never moved and not attacked) moves `steps` cells along a direction
/// towards an own `with` piece that never moved, with only empty cells between; it may not
/// cross or land on an attacked cell; the other piece lands on the cell next to it, on the side
/// it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    pub dirs: DirSetId,
    pub with: PieceTypeId,
    pub steps: u32,
}

impl Castle {
    pub const SPEC: Spec = Spec::new(
        &["castle"],
        &[ArgSpec::at("DIRS", ""), ArgSpec::key("with", "TYPE", ""), ArgSpec::key("steps", "N, at least 1", "2")],
        "a piece that never moved goes towards an own partner that never moved, which lands beside it",
        "castle-a-piece-and-its-partner-move-together",
    );
}

impl MovePrim for Castle {
    fn read(input: &mut MoveInput) -> Option<Castle> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let dirs = r.one_dir_set(call, args)?;
        let with = match args.key("with") {
            Some(arg) => match &arg.value {
                ArgValue::Name(p) => r.names.piece(p).or_else(|| {
                    r.arg_error(arg, format!("no piece type '{p}'"));
                    None
                })?,
                _ => {
                    r.arg_error(arg, "with= takes a piece type");
                    return None;
                }
            },
            None => {
                r.call_error(call, "castle() needs with=PIECE, the piece it castles with, e.g. castle(e, with=rook)");
                return None;
            }
        };
        let steps = args.key("steps").and_then(|a| r.uint(a)).unwrap_or(2);
        if steps < 1 {
            r.call_error(call, "castle() moves at least one cell: steps=1 or more");
        }
        Some(Castle { dirs, with, steps })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            let (king, with) = (hu_the(piece), hu_the(crate::describe::piece_name(r, self.with, lang)));
            return format!(
                "{}, ha még nem lépett, és nincs támadás alatt, sáncolhat: {} mezőt lép {} egy még nem lépett saját {} felé, ha köztük csak üres mezők vannak, és sem áthaladva, sem érkezve nem érint támadott mezőt; {with} {king} melletti mezőre kerül, azon az oldalon, ahonnan {king} jött.",
                capitalized(&king),
                self.steps,
                dirs_words(r, self.dirs, lang),
                crate::describe::piece_name(r, self.with, lang)
            );
        }
        let with = &r.pieces[self.with.index()].name;
        format!(
            "A {} that has never moved, and is not attacked, castles: it moves {} cells {} towards an own {with} that has never moved, with only empty cells between them, crossing and landing on no attacked cell; the {with} lands on the cell next to it, on the side it came from.",
            piece,
            self.steps,
            dirs_words(r, self.dirs, lang),
        )
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow castle(): a castling moves two pieces")
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("castle(): with [stacks] castling would split columns")
    }

    fn needs_unmoved(&self, piece: PieceTypeId) -> Vec<(PieceTypeId, &'static str)> {
        vec![(piece, "the castling piece"), (self.with, "the piece it castles with")]
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{load, message};

    fn castle(args: &str) -> Result<crate::model::Ruleset, String> {
        load(&format!("[moves.m]\npiece = \"king\"\ndo = \"castle({args})\""), "no-moves", "")
    }

    #[test]
    fn a_castling_names_its_partner() {
        let r = castle("orthogonal, with=stone, steps=1").unwrap_or_else(|e| panic!("{e}"));
        assert!(crate::describe::move_words(&r, &r.moves[0]).starts_with("A king that has never moved, and is not attacked, castles: it moves 1 cells"));
        assert_eq!(message(&castle("orthogonal").expect_err("refused")), "castle() needs with=PIECE, the piece it castles with, e.g. castle(e, with=rook)");
        assert_eq!(message(&castle("orthogonal, with=rook").expect_err("refused")), "no piece type 'rook'");
        assert_eq!(message(&castle("orthogonal, with=stone, steps=0").expect_err("refused")), "castle() moves at least one cell: steps=1 or more");
    }
}
