//! `slide`: move a piece along a direction any number of cells up to a limit, or exactly as many
//! as the line it runs along holds pieces, over empty cells and the pieces `over=` allows.

use crate::describe::{Lang, hu_the_cap};
use crate::describe::{a_piece, dirs_words, landing_words, region_words_in, taken_words, types_words};
use crate::model::{PieceTypeId, DirSetId, Landing, Over, PieceTypeSet, RegionId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// Move along a direction over empty cells (and pieces `over` allows): any number of cells up
/// to `max`, or exactly as many as `distance` says. With `screens`, over exactly that many
/// pieces of either side (the cannon's screens), landing only beyond the last of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub dirs: DirSetId,
    pub to: Landing,
    pub min: u32,
    pub max: Option<u32>,
    pub over: Option<Over>,
    pub distance: Distance,
    /// It lands on this region (resolved for the mover) exactly when it starts there.
    pub stay: Option<RegionId>,
    /// The enemy piece types it may land on (`take=`, `spare=`); `None`: every type.
    pub takes: Option<PieceTypeSet>,
    /// It passes over exactly this many pieces, of either side, and lands only beyond the last
    /// (0: a plain slide).
    pub screens: u32,
    /// The piece types that may be those screens (`None`: every type).
    pub screen: Option<PieceTypeSet>,
}

/// How far a slide goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distance {
    /// Any number of cells (up to the slide's `max`).
    Any,
    /// Exactly as many cells as there are pieces on the whole line the move runs along (both
    /// directions, the moving piece included).
    LineCount,
    /// As far as it can: over empty cells to the last before a piece or the board's edge, and
    /// nowhere short of it (Dao, Neutron).
    Farthest,
}

impl Slide {
    pub const SPEC: Spec = Spec::new(
        &["slide"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::key("to", "empty|enemy|any|passed", "empty"),
            ArgSpec::key("min", "N", "1"),
            ArgSpec::key("max", "N", "no limit"),
            ArgSpec::key("over", "none|own|enemy|any", "none"),
            ArgSpec::key("distance", "any|line-count|farthest", "any"),
            ArgSpec::key("stay", "REGION", "anywhere"),
            ArgSpec::key("take", "TYPES", "every type"),
            ArgSpec::key("spare", "TYPES", "none"),
            ArgSpec::key("screens", "N, at least 1", "none"),
            ArgSpec::key("screen", "TYPES", "every type"),
        ],
        "move a piece along a line of empty cells",
        "step-slide-leap-move-a-piece-already-on-the-board",
    )
    .goes_on();
}

impl MovePrim for Slide {
    fn read(input: &mut MoveInput) -> Option<Slide> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let dirs = r.one_dir_set(call, args)?;
        let to = r.landing(args, Landing::Empty);
        let max = args.key("max").and_then(|a| r.uint(a));
        let min = args.key("min").and_then(|a| r.uint(a)).unwrap_or(1).max(1);
        if let Some(m) = max
            && m < min
        {
            r.call_error(call, format!("slide() has min={min} above max={m}"));
        }
        let stay = args.key("stay").and_then(|a| r.region(a));
        let over = match args.key("over") {
            None => None,
            Some(arg) => match &arg.value {
                ArgValue::Name(n) if n == "none" => None,
                ArgValue::Name(n) if n == "enemy" => Some(Over::Enemy),
                ArgValue::Name(n) if n == "own" => Some(Over::Own),
                ArgValue::Name(n) if n == "any" => Some(Over::Any),
                _ => {
                    r.arg_error(arg, "over= takes none, own, enemy or any");
                    None
                }
            },
        };
        let distance = match args.key("distance") {
            None => Distance::Any,
            Some(arg) => match &arg.value {
                ArgValue::Name(n) if n == "line-count" => Distance::LineCount,
                ArgValue::Name(n) if n == "any" => Distance::Any,
                ArgValue::Name(n) if n == "farthest" => Distance::Farthest,
                _ => {
                    r.arg_error(arg, "distance= takes any, line-count or farthest");
                    Distance::Any
                }
            },
        };
        if distance == Distance::LineCount && max.is_some() {
            r.call_error(call, "slide() takes max= or distance=line-count, not both");
        }
        if distance == Distance::Farthest {
            // It goes to one cell, fixed by the pieces: a limit, a way over pieces or a
            // landing on one would make it another move.
            let clash = [("min", args.key("min").is_some()), ("max", max.is_some()), ("over", over.is_some()), ("to", to != Landing::Empty)];
            if let Some((key, _)) = clash.iter().find(|(_, given)| *given) {
                r.call_error(call, format!("slide() takes distance=farthest or {key}=, not both: a slide as far as it can goes over empty cells to the last one before a piece or the edge"));
            }
        }
        let takes = r.taken_types(call, args);
        super::step::check_takes(r, call, to, takes);
        let screens = match args.key("screens") {
            None => 0,
            Some(arg) => match r.uint(arg) {
                Some(0) => {
                    r.arg_error(arg, "screens= is the number of pieces the slide jumps: at least 1");
                    0
                }
                Some(n) => {
                    let clash = [("over", over.is_some()), ("min", min > 1), ("max", max.is_some()), ("distance", distance != Distance::Any)];
                    if let Some((key, _)) = clash.iter().find(|(_, given)| *given) {
                        r.arg_error(arg, format!("slide() takes screens= or {key}=, not both: a slide with screens passes over exactly that many pieces, at any distance"));
                    }
                    if to == Landing::Passed {
                        r.arg_error(arg, "a slide with screens= lands beyond them: to=passed is for plain steps and slides");
                    }
                    n
                }
                None => 0,
            },
        };
        let screen = match args.key("screen") {
            Some(arg) if screens == 0 => {
                r.arg_error(arg, "screen= names the pieces a slide with screens=N may jump: give screens= too");
                None
            }
            Some(arg) => r.piece_types(arg),
            None => None,
        };
        Some(Slide { dirs, to, min, max, over, distance, stay, takes, screens, screen })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        let Slide { dirs, to, min, max, over, distance, stay, takes, screens, screen } = *self;
        let limit = taken_words(r, takes, lang);
        if lang == Lang::Hu {
            return hu_words(self, r, piece, limit);
        }
        let stays = stay.map_or(String::new(), |id| format!(", landing on {} exactly when it starts there", region_words_in(r, id, lang)));
        if screens > 0 {
            let count = if screens == 1 { "exactly one piece".to_string() } else { format!("exactly {screens} pieces") };
            let kinds = screen.map_or(String::new(), |t| format!(" (a {})", types_words(r, t, lang)));
            return format!(
                "{} slides {} over empty cells and {count} of either side{kinds}, its screen{}, then over empty cells to {}{stays}.{limit}",
                a_piece(piece),
                dirs_words(r, dirs, lang),
                if screens == 1 { "" } else { "s" },
                landing_words(to, lang)
            );
        }
        if distance == Distance::Farthest {
            return format!(
                "{} slides {} as far as it can over empty cells: it stops only before a piece or at the edge of the board{stays}.{limit}",
                a_piece(piece),
                dirs_words(r, dirs, lang)
            );
        }
        if (min, over, distance, stay) == (1, None, Distance::Any, None) {
            return format!(
                "{} slides {} {} over empty cells to {}.{limit}",
                a_piece(piece),
                max.map_or("any distance".to_string(), |m| format!("up to {m} cells")),
                dirs_words(r, dirs, lang),
                landing_words(to, lang)
            );
        }
        let how_far = match (distance, min, max) {
            (Distance::LineCount, ..) => {
                "exactly as many cells as there are pieces on the whole line it moves along (both ways, itself included)".to_string()
            }
            (_, 1, None) => "any distance".to_string(),
            (_, 1, Some(m)) => format!("up to {m} cells"),
            (_, n, None) => format!("{n} cells or more"),
            (_, n, Some(m)) if n == m => format!("exactly {n} cells"),
            (_, n, Some(m)) => format!("{n} to {m} cells"),
        };
        let passing = match over {
            None => "over empty cells only",
            Some(Over::Own) => "passing over empty cells and own pieces, never over an enemy piece",
            Some(Over::Enemy) => "passing over empty cells and enemy pieces, never over an own piece",
            Some(Over::Any) => "passing over empty cells and any pieces",
            Some(Over::EnemyOf(_)) => "passing over empty cells and some enemy pieces",
        };
        format!("{} moves {how_far} {}, {passing}, to {}{stays}.{limit}", a_piece(piece), dirs_words(r, dirs, lang), landing_words(to, lang))
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

/// A slide's sentence in Hungarian.
fn hu_words(slide: &Slide, r: &Ruleset, piece: &str, limit: String) -> String {
    let lang = Lang::Hu;
    let Slide { dirs, to, min, max, over, distance, stay, screens, screen, .. } = *slide;
    let the = hu_the_cap(piece);
    let (dirs, to) = (dirs_words(r, dirs, lang), landing_words(to, lang));
    let stays =
        stay.map_or(String::new(), |id| format!(", és pontosan akkor érkezik ide: {}, ha onnan indul", region_words_in(r, id, lang)));
    if screens > 0 {
        let kinds = screen.map_or(String::new(), |t| format!(" ({})", types_words(r, t, lang)));
        let (count, screen) = if screens == 1 { ("egy".to_string(), "a fedezékén") } else { (screens.to_string(), "a fedezékein") };
        return format!(
            "{the} {dirs} halad üres mezőkön és pontosan {count}, bármelyik félhez tartozó bábun{kinds}, {screen} át, majd üres mezőkön át {to}{stays}.{limit}"
        );
    }
    if distance == Distance::Farthest {
        return format!("{the} {dirs} lép, ameddig csak tud, üres mezőkön át: csak egy bábu előtt vagy a tábla szélén áll meg{stays}.{limit}");
    }
    if (min, over, distance, stay) == (1, None, Distance::Any, None) {
        let how_far = max.map_or("tetszőleges számú mezőt".to_string(), |m| format!("legfeljebb {m} mezőt"));
        return format!("{the} {how_far} lép {dirs}, üres mezőkön át, {to}.{limit}");
    }
    let how_far = match (distance, min, max) {
        (Distance::LineCount, ..) => {
            return format!(
                "{the} {dirs} lép, mégpedig pontosan annyi mezőt, ahány bábu áll a teljes vonalon, amelyen halad (mindkét irányban, önmagát is beleértve), {}, {to}{stays}.{limit}",
                hu_passing(over)
            );
        }
        (_, 1, None) => "tetszőleges számú mezőt".to_string(),
        (_, 1, Some(m)) => format!("legfeljebb {m} mezőt"),
        (_, n, None) => format!("legalább {n} mezőt"),
        (_, n, Some(m)) if n == m => format!("pontosan {n} mezőt"),
        (_, n, Some(m)) => format!("{n}–{m} mezőt"),
    };
    format!("{the} {how_far} lép {dirs}, {}, {to}{stays}.{limit}", hu_passing(over))
}

/// What a slide passes over, in Hungarian.
fn hu_passing(over: Option<Over>) -> &'static str {
    match over {
        None => "csak üres mezőkön át",
        Some(Over::Own) => "üres mezőkön és saját bábukon át, ellenséges bábun soha",
        Some(Over::Enemy) => "üres mezőkön és ellenséges bábukon át, saját bábun soha",
        Some(Over::Any) => "üres mezőkön és bármilyen bábun át",
        Some(Over::EnemyOf(_)) => "üres mezőkön és bizonyos ellenséges bábukon át",
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words, words_hu};

    #[test]
    fn a_slide_says_how_far_and_over_what() {
        assert_eq!(words("slide(diagonal, max=3)"), "A stone slides up to 3 cells diagonally over empty cells to an empty cell.");
        assert_eq!(
            words("slide(orthogonal, min=2, max=2, over=own)"),
            "A stone moves exactly 2 cells along a row or column, passing over empty cells and own pieces, never over an enemy piece, to an empty cell."
        );
        assert_eq!(error("slide(all, min=3, max=2)"), "slide() has min=3 above max=2");
        assert_eq!(error("slide(all, distance=line-count, max=2)"), "slide() takes max= or distance=line-count, not both");
        assert_eq!(error("slide(all, over=friend)"), "over= takes none, own, enemy or any");
        assert_eq!(
            words("slide(orthogonal, screens=1, to=enemy)"),
            "A stone slides along a row or column over empty cells and exactly one piece of either side, its screen, then over empty cells to an enemy piece, capturing it."
        );
        assert_eq!(
            words("slide(orthogonal, screens=1, screen=stone, to=any, spare=stone)"),
            "A stone slides along a row or column over empty cells and exactly one piece of either side (a stone), its screen, then over empty cells to an empty cell or an enemy piece, capturing it. It never captures a stone."
        );
        assert_eq!(error("slide(all, screens=0)"), "screens= is the number of pieces the slide jumps: at least 1");
        assert_eq!(
            error("slide(all, screens=1, over=any)"),
            "slide() takes screens= or over=, not both: a slide with screens passes over exactly that many pieces, at any distance"
        );
        assert_eq!(error("slide(all, screen=king)"), "screen= names the pieces a slide with screens=N may jump: give screens= too");
    }

    #[test]
    fn a_slide_as_far_as_it_can_says_so_and_takes_no_limit() {
        assert_eq!(
            words("slide(all, distance=farthest)"),
            "A stone slides in any direction as far as it can over empty cells: it stops only before a piece or at the edge of the board."
        );
        assert_eq!(
            words_hu("slide(all, distance=farthest)"),
            "A kő bármely irányba lép, ameddig csak tud, üres mezőkön át: csak egy bábu előtt vagy a tábla szélén áll meg."
        );
        let far = "a slide as far as it can goes over empty cells to the last one before a piece or the edge";
        assert_eq!(error("slide(all, distance=farthest, max=2)"), format!("slide() takes distance=farthest or max=, not both: {far}"));
        assert_eq!(error("slide(all, distance=farthest, min=1)"), format!("slide() takes distance=farthest or min=, not both: {far}"));
        assert_eq!(error("slide(all, distance=farthest, over=own)"), format!("slide() takes distance=farthest or over=, not both: {far}"));
        assert_eq!(error("slide(all, distance=farthest, to=any)"), format!("slide() takes distance=farthest or to=, not both: {far}"));
        assert_eq!(error("slide(all, distance=far)"), "distance= takes any, line-count or farthest");
    }
}
