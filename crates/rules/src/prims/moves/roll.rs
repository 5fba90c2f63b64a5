//! `roll`: enter at an edge cell and roll inward until the next cell is off the board or
//! occupied.

use crate::describe::Lang;
use crate::describe::dirs_words;
use crate::model::{PieceTypeId, DirSetId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};

/// Enter at an edge cell and roll along a direction of `dirs` until the next cell is off the
/// board or occupied. Entries that land on the same cell are one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    pub dirs: DirSetId,
}

impl Roll {
    pub const SPEC: Spec = Spec::new(
        &["roll"],
        &[ArgSpec::at("DIRS", "")],
        "put a new piece in at an edge; it rolls inward until stopped",
        "roll-enter-at-an-edge-and-roll-until-stopped",
    );
}

impl MovePrim for Roll {
    fn read(input: &mut MoveInput) -> Option<Roll> {
        let MoveInput { r, args, hops, .. } = input;
        Some(Roll { dirs: r.one_dir_set(&hops[0].call, args)? })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            return format!(
                "Egy {piece} gurul be egy szélről, {} haladva: a szélső mezőn lép be (annak üresnek kell lennie), és addig gurul befelé, amíg a következő mező a táblán kívül esik vagy foglalt. Az ugyanazon a mezőn megálló begurítások egy lépésnek számítanak.",
                dirs_words(r, self.dirs, lang)
            );
        }
        format!(
            "Roll a {} in from an edge, moving {}: it enters at the edge cell (which must be empty) and rolls inward until the next cell is off the board or occupied. Entries that stop on the same cell are one move.",
            piece,
            dirs_words(r, self.dirs, lang)
        )
    }

    fn places(&self) -> bool {
        true
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("roll(): with [stacks] a roll would split columns")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_roll_takes_one_direction_set() {
        assert!(words("roll(orthogonal)").starts_with("Roll a stone in from an edge, moving along a row or column:"));
        assert_eq!(error("roll"), "roll() needs a direction set, e.g. roll(orthogonal)");
        assert_eq!(error("roll(orthogonal)+"), "roll() cannot repeat; only jump() and fly() chain");
    }
}
