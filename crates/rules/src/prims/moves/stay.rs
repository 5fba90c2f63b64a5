//! `stay`: the piece "moves" zero cells, onto its own cell; only when its player has no other
//! legal move (a blocked Kamisado tower), or with `always` as any other move (sittuyin's pawn that
//! promotes where it stands).

use crate::describe::Lang;
use crate::model::{PieceTypeId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// The piece stays where it stands: a move from its cell to the same cell. The engine offers
/// these moves only when the player has no other legal move, after the other rules (as
/// `pass = "when-stuck"` passes), so the rules of a ruleset without `stay` cost nothing more;
/// with `always`, among the other moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stay {
    /// `stay(always)`: offered as any other move, not only when the player has none.
    pub always: bool,
}

impl Stay {
    pub const SPEC: Spec = Spec::new(
        &["stay"],
        &[ArgSpec::at("always", "only when stuck")],
        "the piece moves zero cells, only when its player has no other move (always: as any move)",
        "stay-a-blocked-piece-moves-zero-cells",
    );
}

impl MovePrim for Stay {
    fn read(input: &mut MoveInput) -> Option<Stay> {
        let MoveInput { r, args, .. } = input;
        let mut always = false;
        for (i, arg) in args.positional().into_iter().enumerate() {
            match &arg.value {
                ArgValue::Name(n) if n == "always" && i == 0 => always = true,
                _ => {
                    r.arg_error(arg, "stay() takes only always: the piece stays on its own cell");
                    return None;
                }
            }
        }
        Some(Stay { always })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if self.always {
            if lang == Lang::Hu {
                return format!("Egy {piece} nulla mezőt lép: a saját mezején marad, és a lépés onnan oda vezet.");
            }
            return format!(
                "{} moves zero cells: it stays on its cell, and the move goes from that cell to the same cell.",
                crate::describe::a_piece(piece)
            );
        }
        if lang == Lang::Hu {
            return format!(
                "Ha a játékosnak nincs más szabályos lépése, egy {piece} nulla mezőt lép: a saját mezején marad, és a lépés onnan oda vezet (a lépés célmezője a saját mezeje)."
            );
        }
        format!(
            "{} moves zero cells, only when the player has no other legal move: it stays on its cell, and the move goes from that cell to the same cell (its cell is where the move ended).",
            crate::describe::a_piece(piece)
        )
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow stay(): a piece that stays moves nothing")
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("stay(): with [stacks] a column that stays would be split")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_stay_takes_nothing_and_no_effect() {
        assert!(words("stay").starts_with("A stone moves zero cells, only when the player has no other legal move"));
        assert_eq!(error("stay(orthogonal)"), "stay() takes only always: the piece stays on its own cell");
        assert_eq!(error("stay(always, always)"), "stay() takes only always: the piece stays on its own cell");
        assert!(words("stay(always)").starts_with("A stone moves zero cells: it stays on its cell"));
        assert_eq!(error("stay then flip(all)"), "flip() cannot follow stay(): a piece that stays moves nothing");
    }
}
