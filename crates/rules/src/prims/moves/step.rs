//! `step`: move a piece one cell along a direction.

use crate::describe::{a_piece, dirs_words, landing_words};
use crate::model::{DirSetId, Landing, PieceType, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};

/// Move one cell along a direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub dirs: DirSetId,
    pub to: Landing,
}

impl Step {
    pub const SPEC: Spec = Spec::new(
        &["step"],
        &[ArgSpec::at("DIRS", ""), ArgSpec::key("to", "empty|enemy|any|passed", "empty")],
        "move a piece one cell",
        "step-slide-leap-move-a-piece-already-on-the-board",
    );
}

impl MovePrim for Step {
    fn read(input: &mut MoveInput) -> Option<Step> {
        let MoveInput { r, args, hops, .. } = input;
        let dirs = r.one_dir_set(&hops[0].call, args)?;
        Some(Step { dirs, to: r.landing(args, Landing::Empty) })
    }

    fn words(&self, r: &Ruleset, piece: &PieceType) -> String {
        format!("{} steps one cell {} to {}.", a_piece(&piece.name), dirs_words(r, self.dirs), landing_words(self.to))
    }

    fn captures(&self) -> bool {
        self.to != Landing::Empty
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        (self.to != Landing::Empty).then_some("a move that lands on a piece: with [stacks] pieces capture only by hopping (to=empty)")
    }

    fn passes_cells(&self) -> bool {
        true
    }

    fn lands_on_passed(&self) -> bool {
        self.to == Landing::Passed
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_step_lands_as_to_says() {
        assert_eq!(words("step(orthogonal, to=any)"), "A stone steps one cell along a row or column to an empty cell or an enemy piece, capturing it.");
        assert_eq!(error("step(orthogonal, to=friend)"), "to= takes empty, enemy, any or passed");
        assert!(error("step(sidewise)").starts_with("unknown direction set 'sidewise'; known: all, orthogonal, diagonal, "));
    }
}
