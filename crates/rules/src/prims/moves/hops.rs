//! `jump` and `fly`: a move of hops over pieces, a sequence of hop segments, each possibly
//! repeated (`jump(all, over=own)* jump(all, over=enemy)+`).

use crate::describe::Lang;
use crate::describe::{dirs_words, types_words};
use crate::load::cx::Args;
use crate::model::{DirSetId, Heading, Over, PieceTypeId, Ruleset};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Reader, Spec};
use crate::syntax::{self, ArgValue, Repeat};

/// A move of one or more hops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HopPattern {
    pub segments: Vec<Hop>,
    pub revisit: Revisit,
    /// May a hop go back the way the previous one came (a 180-degree turn)?
    pub reverse: bool,
    /// `chain = "may-stop"`: a chain may end after any hop, a capture included.
    pub may_stop: bool,
    /// `direction`: how each hop heads against the one before (`same`: a straight chain).
    pub direction: Heading,
}

impl HopPattern {
    /// Can the pattern make more than one hop?
    pub fn chains(&self) -> bool {
        self.segments.len() > 1 || self.segments.iter().any(|s| s.max > 1)
    }

    /// Can it capture?
    pub fn captures(&self) -> bool {
        self.segments.iter().any(Hop::captures)
    }
}

/// One segment of a hop pattern: hops over one piece each, repeated `min..=max` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    pub dirs: DirSetId,
    /// Which pieces may be hopped over. Hopping an enemy captures it.
    pub over: Over,
    /// `fly`: empty cells may lie before the piece, and the hop may land on any empty cell
    /// beyond it. `jump`: the piece is adjacent and the hop lands right behind it.
    pub long: bool,
    /// A `fly` hop with `land=behind`: it lands only right behind the piece.
    pub behind: bool,
    /// At least this many hops of the segment: 0 or 1.
    pub min: u8,
    /// At most this many: 1, or [`Hop::UNBOUNDED`].
    pub max: u8,
    /// False with `take=none`: the hop captures nothing, whatever it hops over.
    pub take: bool,
}

impl Hop {
    pub const UNBOUNDED: u8 = u8::MAX;

    /// Does hopping capture the enemy pieces hopped?
    pub fn captures(&self) -> bool {
        self.take && self.over.captures()
    }
}

/// Which cells a move of several hops may land on again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revisit {
    /// A capturing hop may land where the move already was (the start included); a hop that
    /// captures nothing may not.
    ByCapture,
    /// No cell is touched twice in one move, the start included.
    Never,
}

/// The most hop segments in one pattern.
const MAX_SEGMENTS: usize = 16;

impl HopPattern {
    pub const SPEC: Spec = Spec::new(
        &["jump", "fly"],
        &[
            ArgSpec::at("DIRS", ""),
            ArgSpec::key("over", "enemy|own|any|TYPES", "enemy"),
            ArgSpec::key("take", "none|TYPES", "captures"),
            ArgSpec::key("spare", "TYPES", "none"),
            ArgSpec::key("land", "beyond|behind (fly)", "beyond"),
        ],
        "hop over a piece (jump: the next cell, fly: along a line), capturing it; segments repeat with +, * or ?",
        "jump-and-fly-hop-over-pieces-alone-or-in-chains",
    )
    .chains();
}

impl MovePrim for HopPattern {
    fn read(input: &mut MoveInput) -> Option<HopPattern> {
        let MoveInput { r, hops, .. } = input;
        let segments = hops.iter().map(|h| read_hop(r, h)).collect::<Option<Vec<Hop>>>()?;
        if segments.len() > MAX_SEGMENTS {
            r.call_error(&hops[MAX_SEGMENTS].call, format!("a move has at most {MAX_SEGMENTS} hop segments"));
            return None;
        }
        if segments.iter().all(|s| s.min == 0) {
            r.call_error(&hops[0].call, "every part of this pattern may be skipped, so it allows a move of no hops: make one part '+' or plain");
            return None;
        }
        Some(HopPattern { segments, revisit: Revisit::ByCapture, reverse: true, may_stop: false, direction: Heading::Any })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        match lang {
            Lang::En => hop_words(r, piece, self),
            Lang::Hu => hu_hop_words(r, piece, self),
        }
    }

    fn captures(&self) -> bool {
        HopPattern::captures(self)
    }

    fn refuses_effects(&self) -> Option<&'static str> {
        Some("cannot follow hops yet")
    }
}

/// One hop segment: `jump(dirs, over=...)` or `fly(...)`, with its repeat.
fn read_hop(r: &mut Reader, hop: &syntax::Hop) -> Option<Hop> {
    let call = &hop.call;
    let mut args = Args::new(call);
    let dirs = r.one_dir_set(call, &mut args)?;
    let over = match args.key("over") {
        None => Over::Enemy,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "enemy" => Over::Enemy,
            ArgValue::Name(n) if n == "own" => Over::Own,
            ArgValue::Name(n) if n == "any" => Over::Any,
            ArgValue::Names(list) if list.iter().any(|n| ["enemy", "own", "any"].contains(&n.as_str())) => {
                r.arg_error(arg, "over= takes enemy, own or any alone, or enemy piece types joined by | (over=man|king)");
                Over::Enemy
            }
            _ => r.piece_types(arg).map_or(Over::Enemy, Over::EnemyOf),
        },
    };
    // take=none captures nothing; take=TYPES and spare=TYPES are over= of enemy piece types.
    let none = call.args.iter().any(|a| a.key.as_deref() == Some("take") && matches!(&a.value, ArgValue::Name(n) if n == "none"));
    let types = if none {
        args.key("take");
        if let Some(arg) = args.key("spare") {
            r.arg_error(arg, "take=none captures nothing: there is nothing for spare= to spare");
        }
        None
    } else {
        r.taken_types(call, &mut args)
    };
    let take = !none;
    let over = match types {
        Some(types) if args_over(call).is_none() => Over::EnemyOf(types),
        Some(_) => {
            r.call_error(call, format!("{}() takes over= or take=/spare=, not both: take=TYPES is over=TYPES", call.name));
            over
        }
        None => over,
    };
    let behind = match args.key("land") {
        None => false,
        Some(arg) => match &arg.value {
            ArgValue::Name(n) if n == "behind" && call.name == "fly" => true,
            ArgValue::Name(n) if n == "beyond" && call.name == "fly" => false,
            _ if call.name != "fly" => {
                r.arg_error(arg, "land= is for fly(): a jump always lands right behind the piece");
                false
            }
            _ => {
                r.arg_error(arg, "land= takes beyond (any empty cell past the piece, the default) or behind (the cell right behind it)");
                false
            }
        },
    };
    r.finish(args);
    let (min, max) = match hop.repeat {
        Repeat::Once => (1, 1),
        Repeat::OneOrMore => (1, Hop::UNBOUNDED),
        Repeat::ZeroOrMore => (0, Hop::UNBOUNDED),
        Repeat::Optional => (0, 1),
    };
    Some(Hop { dirs, over, long: call.name == "fly", behind, min, max, take })
}

/// The `over=` argument of a call, if written.
fn args_over(call: &syntax::Call) -> Option<&syntax::Arg> {
    call.args.iter().find(|a| a.key.as_deref() == Some("over"))
}

/// The words for a move of hops: one segment as before, several as a sequence.
fn hop_words(r: &Ruleset, piece: &str, pattern: &HopPattern) -> String {
    let lang = Lang::En;
    let over_words = |hop: &Hop| match hop.over {
        _ if !hop.captures() && hop.over != Over::Own => match hop.over {
            Over::Any => "piece, own or enemy, capturing nothing".to_string(),
            Over::EnemyOf(mask) => format!("enemy {}, capturing nothing", types_words(r, mask, lang)),
            _ => "enemy piece, capturing nothing".to_string(),
        },
        Over::Enemy => "enemy piece, capturing it".to_string(),
        Over::Own => "own piece".to_string(),
        Over::Any => "piece (an enemy piece is captured)".to_string(),
        Over::EnemyOf(mask) => format!("enemy {}, capturing it (never another enemy piece)", types_words(r, mask, lang)),
    };
    let mut text = match pattern.segments.as_slice() {
        [hop] if hop.min == 1 => {
            let how = if hop.long { "along a line over any number of empty cells and then over an" } else { "over an adjacent" };
            let landing =
                if hop.long && !hop.behind { "landing on any empty cell beyond it" } else { "landing on the empty cell right behind it" };
            let mut text = format!("A {piece} jumps {} {how} {}, {landing}.", dirs_words(r, hop.dirs, lang), over_words(hop));
            if hop.max > 1 {
                text.push_str(if !hop.captures() || pattern.may_stop {
                    " It may go on jumping, and stop after any jump."
                } else {
                    " It must go on jumping while it can capture, and may change direction; a piece is captured at most once."
                });
                if hop.long && !hop.behind && hop.captures() && !pattern.may_stop {
                    text.push_str(" Where the capture can go on from some landing cells, it must land on one of them.");
                }
            }
            text
        }
        segments => {
            let parts: Vec<String> = segments
                .iter()
                .map(|hop| {
                    let times = match (hop.min, hop.max) {
                        (0, 1) => "at most one hop",
                        (1, 1) => "one hop",
                        (0, _) => "any number of hops",
                        _ => "one or more hops",
                    };
                    let how = if hop.long { "along a line over empty cells and then over an" } else { "over an adjacent" };
                    let behind = if hop.long && hop.behind { ", landing right behind it" } else { "" };
                    format!("{times} {} {how} {}{behind}", dirs_words(r, hop.dirs, lang), over_words(hop))
                })
                .collect();
            let mut text = format!("A {piece} makes, in one move, {}.", parts.join(", then "));
            text.push_str(if pattern.may_stop {
                " It may stop after any hop."
            } else {
                " It may stop after a hop that captures nothing; after a capture it must go on capturing while it can."
            });
            text
        }
    };
    if pattern.revisit == Revisit::Never && pattern.chains() {
        text.push_str(" No cell is touched twice in one move, the start included.");
    }
    if !pattern.reverse && pattern.chains() {
        text.push_str(" No hop goes straight back the way the previous one came.");
    }
    if pattern.chains() {
        text.push_str(match pattern.direction {
            Heading::Any => "",
            Heading::Other => " No hop goes the way the previous one went.",
            Heading::Same => " Every hop goes the way the first one went: the chain runs in a straight line.",
        });
    }
    text
}

/// [`hop_words`] in Hungarian.
fn hu_hop_words(r: &Ruleset, piece: &str, pattern: &HopPattern) -> String {
    let lang = Lang::Hu;
    // What a hop jumps, as the object of "átugrik" / "átugorva".
    let over_words = |hop: &Hop| match hop.over {
        _ if !hop.captures() && hop.over != Over::Own => match hop.over {
            Over::Any => "bábut, sajátot vagy ellenségeset, ütés nélkül".to_string(),
            Over::EnemyOf(mask) => format!("ellenséges bábut ({}), ütés nélkül", types_words(r, mask, lang)),
            _ => "ellenséges bábut, ütés nélkül".to_string(),
        },
        Over::Enemy => "ellenséges bábut, leütve azt".to_string(),
        Over::Own => "saját bábut".to_string(),
        Over::Any => "bábut (az ellenségeset leüti)".to_string(),
        Over::EnemyOf(mask) => format!("ellenséges bábut ({}), leütve azt (más ellenséges bábut soha)", types_words(r, mask, lang)),
    };
    let the = crate::describe::hu_the_cap(piece);
    let mut text = match pattern.segments.as_slice() {
        [hop] if hop.min == 1 => {
            let how = if hop.long { "haladva tetszőleges számú üres mező után átugrik egy" } else { "átugrik egy szomszédos" };
            let landing =
                if hop.long && !hop.behind { "és mögötte bármely üres mezőre érkezik" } else { "és közvetlenül mögötte, üres mezőre érkezik" };
            let mut text = format!("{the} {} {how} {}, {landing}.", dirs_words(r, hop.dirs, lang), over_words(hop));
            if hop.max > 1 {
                text.push_str(if !hop.captures() || pattern.may_stop {
                    " Tovább ugorhat, és bármely ugrás után megállhat."
                } else {
                    " Amíg üthet, tovább kell ugrania, és közben irányt válthat; egy bábut legfeljebb egyszer lehet leütni."
                });
                if hop.long && !hop.behind && hop.captures() && !pattern.may_stop {
                    text.push_str(" Ha az ütés egyes érkezési mezőkről folytatható, ezek egyikére kell érkeznie.");
                }
            }
            text
        }
        segments => {
            let parts: Vec<String> = segments
                .iter()
                .map(|hop| {
                    let times = match (hop.min, hop.max) {
                        (0, 1) => "legfeljebb egy ugrás",
                        (1, 1) => "egy ugrás",
                        (0, _) => "tetszőleges számú ugrás",
                        _ => "egy vagy több ugrás",
                    };
                    let how = if hop.long { "üres mezőkön át haladva, majd átugorva egy" } else { "átugorva egy szomszédos" };
                    let behind = if hop.long && hop.behind { ", közvetlenül mögé érkezve" } else { "" };
                    format!("{times} {}, {how} {}{behind}", dirs_words(r, hop.dirs, lang), over_words(hop))
                })
                .collect();
            let mut text = format!("{the} egy lépésben ezt teszi: {}.", parts.join(", majd "));
            text.push_str(if pattern.may_stop {
                " Bármely ugrás után megállhat."
            } else {
                " Ütés nélküli ugrás után megállhat; ütés után, amíg tud, tovább kell ütnie."
            });
            text
        }
    };
    if pattern.revisit == Revisit::Never && pattern.chains() {
        text.push_str(" Egy lépésben egy mezőt sem érint kétszer, a kiindulót is beleértve.");
    }
    if !pattern.reverse && pattern.chains() {
        text.push_str(" Egyik ugrás sem megy egyenesen vissza azon az úton, amelyen az előző jött.");
    }
    if pattern.chains() {
        text.push_str(match pattern.direction {
            Heading::Any => "",
            Heading::Other => " Egyik ugrás sem megy arra, amerre az előző ment.",
            Heading::Same => " Minden ugrás arra megy, amerre az első: a lánc egyenes vonalban halad.",
        });
    }
    text
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::{error, words};

    #[test]
    fn hops_are_worded_as_one_segment_or_a_sequence() {
        assert_eq!(
            words("jump(diagonal)+"),
            "A stone jumps diagonally over an adjacent enemy piece, capturing it, landing on the empty cell right behind it. It must go on jumping while it can capture, and may change direction; a piece is captured at most once."
        );
        assert!(words("jump(all, over=own)* jump(all)+").starts_with("A stone makes, in one move, any number of hops in any direction over an adjacent own piece, then one or more hops"));
    }

    #[test]
    fn a_pattern_of_hops_is_checked_whole() {
        assert_eq!(error("jump(all)? fly(all)*"), "every part of this pattern may be skipped, so it allows a move of no hops: make one part '+' or plain");
        assert_eq!(error("jump(all) step(all)"), "step() cannot follow or precede hops: a move of several parts is a sequence of jump() and fly()");
        assert_eq!(error("jump(all, land=behind)"), "land= is for fly(): a jump always lands right behind the piece");
        assert_eq!(error("fly(all, over=enemy|stone)"), "over= takes enemy, own or any alone, or enemy piece types joined by | (over=man|king)");
    }
}
