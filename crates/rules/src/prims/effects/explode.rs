//! `explode`: a capture blows up the capturing piece and the pieces around it (atomic chess).

use crate::describe::Lang;
use crate::describe::{dirs_words, types_words};
use crate::model::{DirSetId, PieceTypeSet, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};

/// When the move captures, the capturing piece is taken off where it arrived, and so is every
/// piece, of either player, on the cells one step from there along `dirs`, but for the types
/// of `spare`. A royal piece so blown up counts as lost: the mover's own makes the move illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explode {
    pub dirs: DirSetId,
    pub spare: PieceTypeSet,
}

impl Explode {
    pub const SPEC: Spec = Spec::new(
        &["explode"],
        &[ArgSpec::at("DIRS", ""), ArgSpec::key("spare", "TYPES", "none")],
        "a capture also takes off the capturing piece and the pieces next to where it landed (but spared types)",
        "explode-a-capture-blows-up-its-surroundings",
    );
}

impl EffectPrim for Explode {
    fn read(input: &mut EffectInput) -> Option<Explode> {
        let dirs = input.one_dir_set()?;
        input.check_follows();
        let EffectInput { r, args, .. } = input;
        let spare = match args.key("spare") {
            Some(arg) => r.piece_types(arg)?,
            None => PieceTypeSet::EMPTY,
        };
        Some(Explode { dirs, spare })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            let spared = if self.spare.is_empty() { String::new() } else { format!(", kivéve ezt: {},", types_words(r, self.spare, lang)) };
            return format!(
                " Ha üt, felrobban: az ütő bábu és minden bábu, amely az érkezési mezője mellett ({}) áll{spared} lekerül a tábláról.",
                dirs_words(r, self.dirs, lang)
            );
        }
        let spared = if self.spare.is_empty() { String::new() } else { format!(", but not a {},", types_words(r, self.spare, lang)) };
        format!(
            " When it captures, it explodes: the capturing piece and every piece next to where it landed {}{spared} leave the board.",
            dirs_words(r, self.dirs, lang)
        )
    }

    fn captures(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn an_explosion_follows_a_capture() {
        assert!(words("step(all, to=any) then explode(all)").ends_with("When it captures, it explodes: the capturing piece and every piece next to where it landed in any direction leave the board."));
        assert_eq!(error("step(all) then explode"), "explode() takes one direction set, e.g. explode(orthogonal)");
        assert_eq!(error("step(all) then explode(all, spare=queen)"), "no piece type 'queen'; the pieces are: stone, king");
    }
}
