//! `[turn] must-leave`: regions a piece standing in at the start of its owner's turn must leave.

use crate::describe::Lang;
use crate::describe::{join_or, region_words_in};
use crate::load::cx::{Cx, Names};
use crate::model::{RegionId, Ruleset};
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// `must-leave = "REGION"` or a list of regions (resolved for the mover).
pub struct MustLeaveOption;

impl MustLeaveOption {
    pub const SPEC: Spec = Spec::new(
        &["must-leave"],
        &[ArgSpec::at("REGION|[REGION...]", "none")],
        "regions a piece standing in at the start of its owner's turn must leave",
        "compulsory-capture-from-where-a-piece-stands-regions-with-rules-of-their-own",
    );
}

impl TurnOption for MustLeaveOption {
    type Value = Vec<RegionId>;
    const KEYS: &'static [&'static str] = &["must-leave"];
    const ORDER: u8 = 3;

    fn default() -> Vec<RegionId> {
        Vec::new()
    }

    fn read(cx: &mut Cx, nodes: &[Option<&Node>], names: &Names) -> Option<Vec<RegionId>> {
        Some(crate::prims::regions(cx, nodes[0]?, names))
    }

    fn words(regions: &Vec<RegionId>, r: &Ruleset, lang: Lang) -> Vec<(String, String)> {
        if lang == Lang::Hu {
            if regions.is_empty() {
                return Vec::new();
            }
            let names = crate::describe::join_or_in(&regions.iter().map(|&id| region_words_in(r, id, lang)).collect::<Vec<_>>(), lang);
            return vec![("regions a piece must leave".to_string(), format!("Az a bábu, amely a tulajdonosa lépésének kezdetén itt áll: {names}, köteles elhagyni: ha teheti, csak az ilyen lépések szabályosak, és az ütés nem kötelező; ha nem teheti, a többi bábu a szokott módon lép."))];
        }
        if regions.is_empty() {
            return Vec::new();
        }
        let names = join_or(&regions.iter().map(|&id| region_words_in(r, id, lang)).collect::<Vec<_>>());
        vec![("regions a piece must leave".to_string(), format!("A piece standing on {} at the start of its owner's turn must leave it: if it can, only such moves are legal, and capturing is not compulsory; if it cannot, the other pieces move as usual.", names))]
    }
}
