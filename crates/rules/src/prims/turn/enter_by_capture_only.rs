//! `[turn] enter-by-capture-only`: regions a piece may arrive in only by capturing.

use crate::describe::Lang;
use crate::describe::{join_or, region_words_in};
use crate::load::cx::{Cx, Names};
use crate::model::{RegionId, Ruleset};
use crate::prims::{ArgSpec, Spec, TurnOption};
use crate::tree::Node;

/// `enter-by-capture-only = "REGION"` or a list of regions (resolved for the mover).
pub struct EnterOption;

impl EnterOption {
    pub const SPEC: Spec = Spec::new(
        &["enter-by-capture-only"],
        &[ArgSpec::at("REGION|[REGION...]", "none")],
        "regions a piece may arrive in only by capturing",
        "compulsory-capture-from-where-a-piece-stands-regions-with-rules-of-their-own",
    );
}

impl TurnOption for EnterOption {
    type Value = Vec<RegionId>;
    const KEYS: &'static [&'static str] = &["enter-by-capture-only"];
    const ORDER: u8 = 2;

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
            return vec![("regions entered only by capturing".to_string(), format!("Ide egy bábu csak ütéssel érkezhet (ellenséges bábura lépve vagy egyet átugorva): {names}."))];
        }
        if regions.is_empty() {
            return Vec::new();
        }
        let names = join_or(&regions.iter().map(|&id| region_words_in(r, id, lang)).collect::<Vec<_>>());
        vec![("regions entered only by capturing".to_string(), format!("A piece may arrive on {} only by capturing: by landing on an enemy piece, or by a hop over one.", names))]
    }
}
