//! `step`: move a piece one cell along a direction.

use crate::describe::{Lang, hu_the_cap};
use crate::describe::{a_piece, dirs_words, landing_words, taken_words};
use crate::model::{PieceTypeId, DirSetId, Landing, PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};

/// Move one cell along a direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub dirs: DirSetId,
    pub to: Landing,
    /// The enemy piece types it may land on (`take=`, `spare=`); `None`: every type.
    pub takes: Option<PieceTypeSet>,
}

impl Step {
    pub const SPEC: Spec = Spec::new(
        &["step"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::key("to", "empty|enemy|any|passed", "empty"),
            ArgSpec::key("take", "TYPES", "every type"),
            ArgSpec::key("spare", "TYPES", "none"),
        ],
        "move a piece one cell",
        "step-slide-leap-move-a-piece-already-on-the-board",
    )
    .goes_on();
}

impl MovePrim for Step {
    fn read(input: &mut MoveInput) -> Option<Step> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let dirs = r.one_dir_set(call, args)?;
        let to = r.landing(args, Landing::Empty);
        let takes = r.taken_types(call, args);
        check_takes(r, call, to, takes);
        Some(Step { dirs, to, takes })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        let limit = taken_words(r, self.takes, lang);
        if lang == Lang::Hu {
            let (the, dirs, to) = (hu_the_cap(piece), dirs_words(r, self.dirs, lang), landing_words(self.to, lang));
            return format!("{the} egy mezőt lép {dirs}, {to}.{limit}");
        }
        format!("{} steps one cell {} to {}.{limit}", a_piece(piece), dirs_words(r, self.dirs, lang), landing_words(self.to, lang))
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

/// `take=` and `spare=` limit a capture by landing: they need `to=enemy` or `to=any`.
pub(super) fn check_takes(r: &mut crate::prims::Reader, call: &crate::syntax::Call, to: Landing, takes: Option<PieceTypeSet>) {
    if takes.is_some() && !matches!(to, Landing::Enemy | Landing::EmptyOrEnemy) {
        r.call_error(call, format!("{}() captures nothing with this to=: take= and spare= need to=enemy or to=any", call.name));
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn a_step_lands_as_to_says() {
        assert_eq!(words("step(orthogonal, to=any)"), "A stone steps one cell along a row or column to an empty cell or an enemy piece, capturing it.");
        assert_eq!(error("step(orthogonal, to=friend)"), "to= takes empty, enemy, any or passed");
        assert_eq!(words("step(orthogonal, to=any, spare=king)"), "A stone steps one cell along a row or column to an empty cell or an enemy piece, capturing it. It never captures a king.");
        assert_eq!(error("step(orthogonal, take=king)"), "step() captures nothing with this to=: take= and spare= need to=enemy or to=any");
        assert_eq!(error("step(orthogonal, to=any, take=king, spare=stone)"), "step() takes take= or spare=, not both: one names what is captured, the other what is not");
        assert_eq!(error("step(orthogonal, to=any, spare=king|stone)"), "spare= spares every piece type: nothing could be captured");
        assert!(error("step(sidewise)").starts_with("unknown direction set 'sidewise'; known: all, orthogonal, diagonal, "));
    }

    #[test]
    fn moves_are_worded_in_hungarian_with_the_rulesets_piece_names() {
        use crate::prims::test_support::words_hu;
        assert_eq!(words_hu("step(forward)"), "A kő egy mezőt lép előre, üres mezőre.");
        assert_eq!(
            words_hu("slide(diagonal, to=any)"),
            "A kő tetszőleges számú mezőt lép átlósan, üres mezőkön át, üres mezőre vagy ellenséges bábura, leütve azt."
        );
        assert_eq!(words_hu("step(all, to=enemy, take=king)"), "A kő egy mezőt lép bármely irányba, ellenséges bábura, leütve azt. Ezt sosem ütheti: kő.");
        assert!(words_hu("jump(diagonal)+").starts_with("A kő átlósan átugrik egy szomszédos ellenséges bábut, leütve azt, és közvetlenül mögötte, üres mezőre érkezik. Amíg üthet, tovább kell ugrania"));
        assert_eq!(words_hu("place(in=home)"), "Egy saját kő kerül egy üres mezőre itt: a „home” mezők.");
        // A piece the ruleset does not name in Hungarian keeps its own name; the sentence does not.
        let r = crate::prims::test_support::load("[moves.m]\npiece = \"stone\"\ndo = \"step(forward)\"", "no-moves", "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(crate::describe::move_words_in(&r, &r.moves[0], crate::describe::Lang::Hu), "A stone egy mezőt lép előre, üres mezőre.");
    }
}
