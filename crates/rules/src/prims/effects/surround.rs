//! `surround`: capture against the board's edge, of single pieces or of whole groups (Go).

use crate::describe::Lang;
use crate::describe::{dirs_words, region_words_in, types_words};
use crate::model::{DirSetId, PieceTypeSet, RegionId, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};
use crate::syntax::ArgValue;

/// Each enemy piece next to the arriving piece along `dirs`, standing in `region` (resolved for
/// the mover; `None`: anywhere), whose every neighbour along `dirs` is an own piece or off the
/// board is captured: custodian capture against the board's edge (in a corner two pieces take
/// one).
///
/// With `groups`, whole groups are taken instead (Go): an enemy group (pieces of one owner
/// joined along `dirs`) that touches the arriving piece and has no liberty left (no empty cell
/// next to it along `dirs`) is captured. Then the arriving piece's own group, if it has no
/// liberty: with `suicide` it is captured too, else the move is not legal.
///
/// `takes` limits single captures to some enemy types (tafl's king, taken on four sides), and an
/// empty cell of `hostile` (resolved for the mover) shuts a piece in as an own piece would (the
/// throne: the king beside it falls to three).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surround {
    pub dirs: DirSetId,
    pub region: Option<RegionId>,
    pub groups: bool,
    pub suicide: bool,
    /// `take=`, `spare=`: the enemy piece types it captures (`None`: every type).
    pub takes: Option<PieceTypeSet>,
    /// `hostile=`: empty cells that shut a piece in as an own piece would.
    pub hostile: Option<RegionId>,
}

impl Surround {
    pub const SPEC: Spec = Spec::new(
        &["surround"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::key("in", "REGION", "anywhere"),
            ArgSpec::at("groups", "single pieces"),
            ArgSpec::key("suicide", "refused|allowed", "refused"),
            ArgSpec::key("take", "TYPES", "every type"),
            ArgSpec::key("spare", "TYPES", "none"),
            ArgSpec::key("hostile", "REGION", "none"),
        ],
        "an enemy piece (or with groups, a group) next to the arriving one, with no empty cell around it, is captured",
        "surround-and-convert-captures-against-the-board-and-turning-neighbours",
    );
}

impl EffectPrim for Surround {
    fn read(input: &mut EffectInput) -> Option<Surround> {
        let call = input.call;
        let positional = input.args.positional();
        let Some((first, rest)) = positional.split_first() else {
            input.r.call_error(call, "surround() takes one direction set, e.g. surround(orthogonal), and groups for whole groups");
            return None;
        };
        let dirs = input.r.dir_set(first);
        let mut groups = false;
        for arg in rest {
            match &arg.value {
                ArgValue::Name(n) if n == "groups" && !groups => groups = true,
                _ => input.r.arg_error(arg, "surround() takes one direction set, e.g. surround(orthogonal), and groups for whole groups"),
            }
        }
        input.check_follows();
        let EffectInput { r, args, .. } = input;
        let region = args.key("in").and_then(|a| r.region(a));
        if groups && let Some(a) = args.key("in") {
            r.arg_error(a, "surround(..., groups) takes whole groups wherever they stand: in= is for single pieces");
        }
        let suicide = match args.key("suicide") {
            None => false,
            Some(a) => match &a.value {
                ArgValue::Name(n) if groups && n == "allowed" => true,
                ArgValue::Name(n) if groups && n == "refused" => false,
                _ if !groups => {
                    r.arg_error(a, "suicide= is for surround(..., groups): a single arriving piece is never taken");
                    false
                }
                _ => {
                    r.arg_error(a, "suicide= takes refused or allowed");
                    false
                }
            },
        };
        let takes = r.taken_types(call, args);
        let hostile = args.key("hostile").and_then(|a| r.region(a));
        if groups && let Some(a) = args.key("take").or(args.key("spare")).or(args.key("hostile")) {
            r.arg_error(a, "surround(..., groups) takes whole groups of any piece by their liberties: take=, spare= and hostile= are for single pieces");
        }
        Some(Surround { dirs: dirs?, region, groups, suicide, takes, hostile })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            if self.groups {
                let own = if self.suicide {
                    "Ezután a lépő saját csoportja is lekerül a tábláról, ha neki sincs üres szomszédja (az öngyilkos lépés megengedett)."
                } else {
                    "Nem szabályos az a lépés, amely után a lépő saját csoportjának nem marad üres szomszédja (az öngyilkos lépés tilos)."
                };
                return format!(
                    " Ezután minden mellette álló ellenséges csoport ({dirs} összefüggő bábuk), amelynek nincs üres szomszédja ({dirs}), lekerül a tábláról. {own}",
                    dirs = dirs_words(r, self.dirs, lang)
                );
            }
            let where_ = self.region.map_or(String::new(), |g| format!(" (itt: {})", region_words_in(r, g, lang)));
            let what = self.takes.map_or("bábu".to_string(), |t| format!("bábu ({})", types_words(r, t, lang)));
            let hostile = self.hostile.map_or(String::new(), |g| format!(", üres mező itt: {}", region_words_in(r, g, lang)));
            return format!(
                " Ezután az a mellette ({}) álló ellenséges {what}{where_}, amelynek abban az irányban minden szomszédja saját bábu{hostile} vagy a tábla széle, lekerül a tábláról.",
                dirs_words(r, self.dirs, lang)
            );
        }
        if self.groups {
            let own = if self.suicide {
                "Then the mover's own group, if it has none, is captured too (suicide is allowed)."
            } else {
                "A move that leaves the mover's own group without an empty neighbour is not allowed (no suicide)."
            };
            return format!(
                " Then every enemy group (pieces joined {dirs}) next to it that has no empty neighbour {dirs} is captured. {own}",
                dirs = dirs_words(r, self.dirs, lang)
            );
        }
        let where_ = self.region.map_or(String::new(), |g| format!(" on {}", region_words_in(r, g, lang)));
        let what = self.takes.map_or("piece".to_string(), |t| types_words(r, t, lang));
        let hostile = self.hostile.map_or(String::new(), |g| format!(", an empty cell of {}", region_words_in(r, g, lang)));
        format!(
            " Then an enemy {what}{where_} next to it {}, whose every neighbour that way is an own piece{hostile} or the board's edge, is captured.",
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
    fn a_surround_needs_a_piece_that_arrives_alone() {
        assert!(words("step(orthogonal) then surround(orthogonal, in=home)").ends_with("Then an enemy piece on the home cells next to it along a row or column, whose every neighbour that way is an own piece or the board's edge, is captured."));
        assert_eq!(error("step(orthogonal) then surround"), "surround() takes one direction set, e.g. surround(orthogonal), and groups for whole groups");
        assert_eq!(error("castle(orthogonal, with=king) then surround(all)"), "surround() cannot follow castle(): a castling moves two pieces");
    }

    #[test]
    fn groups_take_whole_groups_and_say_what_suicide_does() {
        assert!(words("place then surround(orthogonal, groups)").contains("every enemy group (pieces joined along a row or column)"));
        assert!(words("place then surround(orthogonal, groups)").ends_with("(no suicide)."));
        assert!(words("place then surround(orthogonal, groups, suicide=allowed)").ends_with("(suicide is allowed)."));
        assert_eq!(error("place then surround(orthogonal, groups, suicide=maybe)"), "suicide= takes refused or allowed");
        assert_eq!(error("place then surround(orthogonal, suicide=allowed)"), "suicide= is for surround(..., groups): a single arriving piece is never taken");
        assert_eq!(error("place then surround(orthogonal, heaps)"), "surround() takes one direction set, e.g. surround(orthogonal), and groups for whole groups");
        assert_eq!(error("place then surround(orthogonal, groups, in=home)"), "surround(..., groups) takes whole groups wherever they stand: in= is for single pieces");
    }

    #[test]
    fn a_surround_of_some_types_against_hostile_cells() {
        assert!(words("step(orthogonal) then surround(orthogonal, take=king, hostile=home)").ends_with(
            "Then an enemy king next to it along a row or column, whose every neighbour that way is an own piece, an empty cell of the home cells or the board's edge, is captured."
        ));
        assert!(crate::prims::test_support::words_hu("step(orthogonal) then surround(orthogonal, take=king, hostile=home)").contains("ellenséges bábu (király)"));
        assert_eq!(
            error("place then surround(orthogonal, groups, take=king)"),
            "surround(..., groups) takes whole groups of any piece by their liberties: take=, spare= and hostile= are for single pieces"
        );
        assert_eq!(
            error("step(orthogonal) then surround(orthogonal, take=king, spare=stone)"),
            "surround() takes take= or spare=, not both: one names what is captured, the other what is not"
        );
        assert!(error("step(orthogonal) then surround(orthogonal, hostile=throne)").starts_with("no region 'throne'"));
    }
}
