//! `approach` and `withdraw`: the moving piece captures the enemy line in front of where it
//! arrives (approach), or the one behind where it started (withdrawal).

use crate::describe::Lang;
use crate::describe::dirs_words;
use crate::model::{DirSetId, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};

/// A piece that moved along a direction of `dirs` captures the unbroken line of enemy pieces
/// that starts on the next cell beyond where it arrived, along the same direction (approach),
/// or, with `withdraw`, the one that starts on the cell behind where it started, away from it
/// (withdrawal). A rule's moves are those that capture one of these ways; a rule with both
/// effects makes the player choose when both would capture (each is a move of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approach {
    pub dirs: DirSetId,
    pub withdraw: bool,
}

impl Approach {
    pub const SPEC: Spec = Spec::new(
        &["approach", "withdraw"],
        &[ArgSpec::at("DIRS", "")],
        "the moving piece captures the enemy line in front of where it arrives (approach), or behind where it left (withdraw); only moves that capture",
        "approach-and-withdraw-capture-the-line-in-front-or-behind",
    );
}

impl EffectPrim for Approach {
    fn read(input: &mut EffectInput) -> Option<Approach> {
        let withdraw = input.call.name == "withdraw";
        let dirs = input.one_dir_set()?;
        input.check_follows();
        if input.action.places() {
            let name = &input.call.name;
            input.r.call_error(input.call, format!("{name}() needs a piece that moves: it captures along the way the piece went"));
        }
        Some(Approach { dirs, withdraw })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            let dirs = dirs_words(r, self.dirs, lang);
            return if self.withdraw {
                format!(" Elvonulással is üthet: ha a kiinduló mezője mellett álló ellenséges bábutól {dirs} távolodik, leüti azt és a mögötte álló megszakítatlan ellenséges bábusort.")
            } else {
                format!(" Megközelítéssel is üthet: ha {dirs} haladva egy közvetlenül előtte álló ellenséges bábu melletti mezőre érkezik, leüti azt és a mögötte álló megszakítatlan ellenséges bábusort.")
            };
        }
        let dirs = dirs_words(r, self.dirs, lang);
        if self.withdraw {
            format!(
                " It may capture by withdrawal: moving {dirs} away from an enemy piece next to where it started, it captures that piece and the unbroken line of enemy pieces behind it."
            )
        } else {
            format!(
                " It may capture by approach: moving {dirs} to the cell next to an enemy piece straight ahead, it captures that piece and the unbroken line of enemy pieces behind it."
            )
        }
    }

    fn captures(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn approach_and_withdrawal_follow_a_moving_piece() {
        assert!(words("step(all) then approach(all)").contains("It may capture by approach: moving in any direction"));
        assert!(words("step(all) then withdraw(orthogonal)").contains("It may capture by withdrawal: moving along a row or column away"));
        assert_eq!(error("step(all) then approach"), "approach() takes one direction set, e.g. approach(orthogonal)");
        assert_eq!(error("place then withdraw(all)"), "withdraw() needs a piece that moves: it captures along the way the piece went");
        assert_eq!(error("jump(all) then approach(all)"), "approach() cannot follow hops yet");
    }
}
