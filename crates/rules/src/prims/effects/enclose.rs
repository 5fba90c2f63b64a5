//! `enclose` (and `flip`, its turning form): an unbroken line of enemy pieces between the
//! arriving piece and another own piece turns to the mover's colour or is captured.

use crate::describe::Lang;
use crate::describe::{dirs_words, region_words_in, types_words};
use crate::load::cx::Names;
use crate::model::{DirSetId, PieceTypeId, PieceTypeSet, RegionId, Ruleset};
use crate::prims::{ArgSpec, EffectInput, EffectPrim, Spec};
use crate::syntax::ArgValue;

/// Every unbroken line of enemy pieces enclosed between the arriving piece and another own
/// piece, in the directions of `dirs` (and of exactly `len` pieces, if given), turns to the
/// mover's colour or is removed. The move is legal only if at least `min` pieces are enclosed.
/// With `optional`, each enclosed line may be taken or left: every choice is its own move.
/// With `hostile`, an empty cell of that region (resolved for the mover) closes a line as an
/// own piece would (hostile squares). With `takes`, only enemy pieces of those types are
/// enclosed: another enemy piece ends the line without closing it (tafl's king, who is not
/// taken between two men).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclose {
    pub dirs: DirSetId,
    pub outcome: Enclosed,
    pub len: Option<u32>,
    pub min: u32,
    pub optional: bool,
    pub hostile: Option<RegionId>,
    /// `take=`, `spare=`: the enemy piece types it encloses (`None`: every type).
    pub takes: Option<PieceTypeSet>,
}

/// What happens to enclosed pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosed {
    /// They turn to the mover's colour.
    Flip,
    /// They are captured (custodian capture).
    Remove,
}

/// The most directions the optional captures of one move may look along (each doubles the moves).
const MAX_OPTIONAL_LINES: usize = 16;

impl Enclose {
    pub const SPEC: Spec = Spec::new(
        &["flip", "enclose"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::at("flip|remove", "flip"),
            ArgSpec::at("optional", "every line taken"),
            ArgSpec::key("len", "N", "any length"),
            ArgSpec::key("min", "N", "1 for flip, 0 for remove"),
            ArgSpec::key("hostile", "REGION", "none"),
            ArgSpec::key("take", "TYPES", "every type"),
            ArgSpec::key("spare", "TYPES", "none"),
        ],
        "enemy lines between the arriving piece and another own piece turn (flip) or are captured",
        "enclose-turn-or-capture-enclosed-lines",
    );

    /// The directions it looks along, the most of either player.
    fn lines(names: &Names, dirs: DirSetId) -> usize {
        names.direction_sets[dirs.index()].dirs.iter().map(Vec::len).max().unwrap_or(0)
    }
}

impl EffectPrim for Enclose {
    fn read(input: &mut EffectInput) -> Option<Enclose> {
        let EffectInput { r, call, args, .. } = input;
        let call = *call;
        let positional = args.positional();
        let Some((first, rest)) = positional.split_first() else {
            r.call_error(call, format!("{}() needs a direction set, e.g. {}(all)", call.name, call.name));
            return None;
        };
        let dirs = r.dir_set(first)?;
        let enclose = call.name == "enclose";
        let mut outcome = None;
        let mut optional = false;
        for arg in rest {
            let mut set = |r: &mut crate::prims::Reader, value: Enclosed| {
                if outcome.is_some_and(|o| o != value) {
                    r.arg_error(arg, "enclose() takes flip or remove, not both");
                }
                outcome = Some(value);
            };
            match &arg.value {
                ArgValue::Name(n) if enclose && n == "flip" => set(r, Enclosed::Flip),
                ArgValue::Name(n) if enclose && n == "remove" => set(r, Enclosed::Remove),
                ArgValue::Name(n) if enclose && n == "optional" => optional = true,
                _ if enclose => r.arg_error(arg, "enclose() takes a direction set, then flip or remove, and optional"),
                _ => r.arg_error(arg, "flip() takes one direction set"),
            }
        }
        let outcome = outcome.unwrap_or(Enclosed::Flip);
        let len = match if enclose { args.key("len") } else { None } {
            Some(arg) => match r.uint(arg) {
                Some(0) => {
                    r.arg_error(arg, "len= is the exact number of enclosed pieces: at least 1");
                    None
                }
                len => len,
            },
            None => None,
        };
        let default_min = if outcome == Enclosed::Flip { 1 } else { 0 };
        let min = args.key("min").and_then(|a| r.uint(a)).unwrap_or(default_min);
        if optional && outcome == Enclosed::Flip {
            r.call_error(call, "only a capture (remove) can be optional");
        }
        let hostile = if enclose { args.key("hostile").and_then(|a| r.region(a)) } else { None };
        let takes = if enclose { r.taken_types(call, args) } else { None };
        input.check_follows();
        // Each line an optional capture may take or leave doubles the moves; the engine offers
        // the choices of at most 16 lines.
        let r = &mut input.r;
        let before: usize = input.earlier.iter().map(|e| e.prim().optional_lines(r.names)).sum();
        if optional && before + Enclose::lines(r.names, dirs) > MAX_OPTIONAL_LINES {
            r.call_error(call, format!("optional captures may choose among at most {MAX_OPTIONAL_LINES} directions in one move"));
        }
        Some(Enclose { dirs, outcome, len, min, optional, hostile, takes })
    }

    fn words(&self, r: &Ruleset, lang: Lang) -> String {
        if lang == Lang::Hu {
            let Enclose { dirs, outcome, len, min, optional, hostile, takes } = *self;
            let dirs = dirs_words(r, dirs, lang);
            let mut s = String::new();
            if (outcome, len, optional, hostile, takes) == (Enclosed::Flip, None, false, None, None) {
                s.push_str(&format!(
                    " Minden tőle {dirs} induló, megszakítatlan ellenséges bábusor, amelyet ő és egy másik saját bábu fog közre, a lépő színére fordul"
                ));
                if min > 0 {
                    s.push_str(&format!("; a lépés csak akkor szabályos, ha legalább {min} bábu átfordul"));
                }
                s.push('.');
                return s;
            }
            let what = match len {
                Some(1) => "egyetlen ellenséges bábu".to_string(),
                Some(n) => format!("pontosan {n} ellenséges bábuból álló sor"),
                None => "minden megszakítatlan ellenséges bábusor".to_string(),
            };

            let fate = match outcome {
                Enclosed::Flip => "a lépő színére fordul",
                Enclosed::Remove => "lekerül a tábláról",
            };
            s.push_str(&format!(" Ezután {what}, amely tőle {dirs} indul, és amelyet ő és egy másik saját bábu fog közre, {fate}"));
            if let Some(g) = hostile {
                s.push_str(&format!("; egy üres mező itt: {}, úgy zár le egy sort, mint egy saját bábu", region_words_in(r, g, lang)));
            }
            if optional {
                s.push_str("; a lépő minden ilyen ütést megtehet vagy elhagyhat (minden választás külön lépés)");
            }
            if min > 0 {
                s.push_str(&format!("; a lépés csak akkor szabályos, ha legalább {min} bábut fog közre"));
            }
            s.push('.');
            s.push_str(&enclosed_types_words(r, takes, lang));
            return s;
        }
        let Enclose { dirs, outcome, len, min, optional, hostile, takes } = *self;
        let mut s = String::new();
        if (outcome, len, optional, hostile, takes) == (Enclosed::Flip, None, false, None, None) {
            s.push_str(&format!(
                " Every unbroken line of enemy pieces {} from it, enclosed between it and another own piece, turns to the mover's colour",
                dirs_words(r, dirs, lang)
            ));
            if min > 0 {
                s.push_str(&format!(
                    "; the move is legal only if at least {min} piece{} turn{}",
                    if min == 1 { "" } else { "s" },
                    if min == 1 { "s" } else { "" }
                ));
            }
            s.push('.');
            return s;
        }
        let what = match len {
            Some(1) => "a single enemy piece".to_string(),
            Some(n) => format!("a line of exactly {n} enemy pieces"),
            None => "every unbroken line of enemy pieces".to_string(),
        };

        let fate = match outcome {
            Enclosed::Flip => "turns to the mover's colour",
            Enclosed::Remove => "is captured",
        };
        s.push_str(&format!(" Then {what} {} from it, enclosed between it and another own piece, {fate}", dirs_words(r, dirs, lang)));
        if let Some(g) = hostile {
            s.push_str(&format!("; an empty cell of {} closes a line as an own piece would", region_words_in(r, g, lang)));
        }
        if optional {
            s.push_str("; the mover may take or leave each such capture (each choice is its own move)");
        }
        if min > 0 {
            s.push_str(&format!("; the move is legal only if at least {min} piece{} {}", if min == 1 { "" } else { "s" }, if min == 1 { "is" } else { "are" }));
            s.push_str(" enclosed");
        }
        s.push('.');
        s.push_str(&enclosed_types_words(r, takes, lang));
        s
    }

    fn captures(&self) -> bool {
        self.outcome == Enclosed::Remove
    }

    fn turns(&self) -> bool {
        self.outcome == Enclosed::Flip
    }

    fn optional_lines(&self, names: &Names) -> usize {
        if self.optional { Enclose::lines(names, self.dirs) } else { 0 }
    }
}

/// The sentence of an enclosure limited to some piece types: the fewer types named, the spared
/// ones or the taken ones; nothing when every type is enclosed.
fn enclosed_types_words(r: &Ruleset, takes: Option<PieceTypeSet>, lang: Lang) -> String {
    let Some(takes) = takes else { return String::new() };
    let spared: PieceTypeSet = (0..r.pieces.len()).map(PieceTypeId::new).filter(|&t| !takes.contains(t)).collect();
    match (lang, spared.len() <= takes.len()) {
        (Lang::En, true) => format!(" A {} is never enclosed: it ends the line.", types_words(r, spared, lang)),
        (Lang::En, false) => format!(" Only a {} is enclosed: another piece ends the line.", types_words(r, takes, lang)),
        (Lang::Hu, true) => format!(" Ez sosem kerül közre: {}; ott a sor véget ér.", types_words(r, spared, lang)),
        (Lang::Hu, false) => format!(" Csak ez kerülhet közre: {}; más bábunál a sor véget ér.", types_words(r, takes, lang)),
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn an_enclosure_says_what_becomes_of_the_line() {
        assert_eq!(words("place then flip(all)"), "Place an own stone on any empty cell. Every unbroken line of enemy pieces in any direction from it, enclosed between it and another own piece, turns to the mover's colour; the move is legal only if at least 1 piece turns.");
        assert!(words("step(orthogonal) then enclose(orthogonal, remove, len=1, optional)").ends_with("Then a single enemy piece along a row or column from it, enclosed between it and another own piece, is captured; the mover may take or leave each such capture (each choice is its own move)."));
    }

    #[test]
    fn an_enclosure_is_checked_at_its_arguments() {
        assert_eq!(error("place then enclose(all, flip, remove)"), "enclose() takes flip or remove, not both");
        assert_eq!(error("place then enclose(all, optional)"), "only a capture (remove) can be optional");
        assert_eq!(error("place then flip(all, remove)"), "flip() takes one direction set");
        assert_eq!(error("place then enclose(all, remove, len=0)"), "len= is the exact number of enclosed pieces: at least 1");
        assert_eq!(
            error("place then enclose(all, remove, take=king, spare=stone)"),
            "enclose() takes take= or spare=, not both: one names what is captured, the other what is not"
        );
        assert_eq!(error("place then enclose(all, remove, spare=stone|king)"), "spare= spares every piece type: nothing could be captured");
        assert!(error("place then enclose(all, remove, spare=kings)").starts_with("no piece type 'kings'"));
    }

    #[test]
    fn an_enclosure_of_some_types_says_which() {
        assert!(words("step(orthogonal) then enclose(orthogonal, remove, len=1, spare=king)").ends_with(
            "is captured. A king is never enclosed: it ends the line."
        ));
        assert!(words("step(orthogonal) then enclose(orthogonal, remove, take=king)").ends_with("A stone is never enclosed: it ends the line."));
        assert!(crate::prims::test_support::words_hu("step(orthogonal) then enclose(orthogonal, remove, len=1, spare=king)")
            .ends_with("Ez sosem kerül közre: király; ott a sor véget ér."));
    }

    #[test]
    fn effects_are_worded_in_hungarian() {
        use crate::prims::test_support::words_hu;
        assert_eq!(
            words_hu("place then flip(all)"),
            "Egy saját kő kerül bármely üres mezőre. Minden tőle bármely irányba induló, megszakítatlan ellenséges bábusor, amelyet ő és egy másik saját bábu fog közre, a lépő színére fordul; a lépés csak akkor szabályos, ha legalább 1 bábu átfordul."
        );
        assert!(words_hu("step(orthogonal) then enclose(orthogonal, remove, len=1, optional)").ends_with(
            "Ezután egyetlen ellenséges bábu, amely tőle sor vagy oszlop mentén indul, és amelyet ő és egy másik saját bábu fog közre, lekerül a tábláról; a lépő minden ilyen ütést megtehet vagy elhagyhat (minden választás külön lépés)."
        ));
        assert!(words_hu("place then surround(orthogonal, groups)").contains("Ezután minden mellette álló ellenséges csoport (sor vagy oszlop mentén összefüggő bábuk)"));
    }
}
