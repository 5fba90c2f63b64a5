//! `[turn] move-ends-in`: regions where a move ends as soon as the piece arrives.

use crate::describe::Lang;
use crate::describe::{join_or, region_words_in};
use crate::load::cx::{Cx, Names};
use crate::model::{RegionId, Ruleset};
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// `move-ends-in = "REGION"` or a list of regions (resolved for the mover).
pub struct EndsInOption;

impl EndsInOption {
    pub const SPEC: Spec = Spec::new(
        &["move-ends-in"],
        &[ArgSpec::at("REGION|[REGION...]", "none")],
        "regions where a move ends as soon as the piece arrives",
        "compulsory-capture-from-where-a-piece-stands-regions-with-rules-of-their-own",
    );
}

impl TurnOption for EndsInOption {
    type Value = Vec<RegionId>;
    const KEYS: &'static [&'static str] = &["move-ends-in"];
    const ORDER: u8 = 4;

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
            return vec![("regions that end a move".to_string(), format!("A lépés azonnal véget ér, amint a bábu ide érkezik: {names}."))];
        }
        if regions.is_empty() {
            return Vec::new();
        }
        let names = join_or(&regions.iter().map(|&id| region_words_in(r, id, lang)).collect::<Vec<_>>());
        vec![("regions that end a move".to_string(), format!("A move ends as soon as the piece arrives on {}.", names))]
    }
}
