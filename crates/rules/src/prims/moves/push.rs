//! `push`: put a piece on an edge cell, shifting the run of pieces there one cell inward.

use crate::describe::Lang;
use crate::describe::dirs_words;
use crate::model::{PieceTypeId, DirSetId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};

/// Put the piece on an edge cell; if it is occupied, shift the run of pieces there one cell
/// inward along a direction of `dirs`, into the first empty cell of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Push {
    pub dirs: DirSetId,
}

impl Push {
    pub const SPEC: Spec = Spec::new(
        &["push"],
        &[ArgSpec::at("DIRS", "")],
        "put a new piece on an edge cell, shifting the line there one cell inward",
        "push-put-on-a-border-cell-shifting-the-line",
    );
}

impl MovePrim for Push {
    fn read(input: &mut MoveInput) -> Option<Push> {
        let MoveInput { r, args, hops, .. } = input;
        Some(Push { dirs: r.one_dir_set(&hops[0].call, args)? })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            return format!(
                "Egy {piece} kerül egy szélső mezőre; ha az a mező foglalt, az ott álló bábusor egy mezővel beljebb tolódik ({}), az adott vonal első üres mezőjéig (tele vonalba nem lehet betolni). A betolást az irányával írjuk (a1> jobbra tol).",
                dirs_words(r, self.dirs, lang)
            );
        }
        format!(
            "Put a {} on an edge cell; if that cell is occupied, push the run of pieces there one cell inward ({}), into the first empty cell of that line (a full line cannot be pushed into). A push is written with its direction (a1> pushes right).",
            piece,
            dirs_words(r, self.dirs, lang)
        )
    }

    fn places(&self) -> bool {
        true
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow push() yet: a push moves other pieces too")
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("push(): with [stacks] a push would split columns")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_push_takes_one_direction_set_and_no_effect() {
        assert!(words("push(orthogonal)").starts_with("Put a stone on an edge cell; if that cell is occupied, push the run"));
        assert_eq!(error("push(orthogonal, diagonal)"), "push() takes one direction set");
        assert_eq!(error("push(orthogonal) then flip(all)"), "flip() cannot follow push() yet: a push moves other pieces too");
    }
}
