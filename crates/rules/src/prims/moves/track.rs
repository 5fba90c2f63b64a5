//! `track`: move along the board's declared tracks, round their loops (Surakarta's capture).

use crate::describe::Lang;
use crate::describe::{a_piece, landing_words};
use crate::model::{PieceTypeId, Landing, Ruleset, TrackId};
use crate::prims::{ArgSpec, MoveInput, MovePrim, Spec};
use crate::syntax::ArgValue;

/// Move along one of `tracks` (declared in `[board.tracks]`), either way, over empty cells (the
/// piece's own cell counts as empty once it has left it), and land where `to` allows, having
/// gone round at least `loops` of the track's loops. At most once round the whole track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackMove {
    pub tracks: Vec<TrackId>,
    pub to: Landing,
    pub loops: u32,
}

impl TrackMove {
    pub const SPEC: Spec = Spec::new(
        &["track"],
        &[ArgSpec::at("TRACK|TRACK", ""), ArgSpec::key("to", "empty|enemy|any", "enemy"), ArgSpec::key("loops", "N", "0")],
        "move along a declared track over empty cells, round at least N of its loops",
        "track-move-along-the-boards-tracks-round-their-loops",
    );
}

impl MovePrim for TrackMove {
    fn read(input: &mut MoveInput) -> Option<TrackMove> {
        let MoveInput { r, args, hops, .. } = input;
        let call = &hops[0].call;
        let names: Vec<(String, &crate::syntax::Arg)> = match args.positional().as_slice() {
            [arg] => match &arg.value {
                ArgValue::Name(n) => vec![(n.clone(), *arg)],
                ArgValue::Names(ns) => ns.iter().map(|n| (n.clone(), *arg)).collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        if names.is_empty() {
            r.call_error(call, "track() takes the tracks it follows, joined by |: track(inner|outer)");
            return None;
        }
        let mut tracks = Vec::new();
        for (name, arg) in names {
            match r.names.track(&name) {
                Some(t) => tracks.push(t),
                None => {
                    let known: Vec<&str> = r.names.tracks.iter().map(|t| t.name.as_str()).collect();
                    let listed = if known.is_empty() { "the board declares none in [board.tracks]".to_string() } else { format!("the board has: {}", known.join(", ")) };
                    r.arg_error(arg, format!("no track '{name}'; {listed}"));
                }
            }
        }
        let to = r.landing(args, Landing::Enemy);
        if to == Landing::Passed {
            r.call_error(call, "to=passed is for step() and slide()");
        }
        let loops = match args.key("loops") {
            Some(a) => r.uint(a)?,
            None => 0,
        };
        if tracks.is_empty() {
            return None;
        }
        Some(TrackMove { tracks, to, loops })
    }

    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String {
        let piece = crate::describe::piece_name(r, piece, lang);
        if lang == Lang::Hu {
            let names: Vec<&str> = self.tracks.iter().map(|t| r.tracks[t.index()].name.as_str()).collect();
            let names = crate::describe::join_or_in(&names, lang);
            let round = match self.loops {
                0 => String::new(),
                1 => ", miután legalább egy hurkát megkerülte".to_string(),
                n => format!(", miután legalább {n} hurkát megkerülte"),
            };
            return format!(
                "{} {} {names} pálya mentén halad, bármelyik irányba, üres mezőkön át (a saját mezője, miután elhagyta, üresnek számít), {}{round}.",
                crate::describe::hu_the_cap(piece),
                crate::describe::hu_article(&names),
                landing_words(self.to, lang)
            );
        }
        let names: Vec<&str> = self.tracks.iter().map(|t| r.tracks[t.index()].name.as_str()).collect();
        let round = match self.loops {
            0 => String::new(),
            1 => ", having gone round at least one of its loops".to_string(),
            n => format!(", having gone round at least {n} of its loops"),
        };
        format!(
            "{} moves along the track {} either way, over empty cells (its own cell counts as empty once left), to {}{round}.",
            a_piece(piece),
            crate::describe::join_or(&names),
            landing_words(self.to, lang)
        )
    }

    fn captures(&self) -> bool {
        self.to != Landing::Empty
    }

    fn refused_with_stacks(&self) -> Option<&'static str> {
        Some("a move along a track: columns move by hops only")
    }
}

#[cfg(test)]
mod tests {
    use crate::prims::test_support::load;

    fn with_tracks(pattern: &str, tracks: &str) -> Result<crate::model::Ruleset, String> {
        let extra = format!("[board.tracks]\n{tracks}\n");
        let text = crate::prims::test_support::text(&format!("[moves.m]\npiece = \"stone\"\ndo = \"{pattern}\""), "no-moves", "")
            .replace("[board.regions]", &format!("{extra}\n[board.regions]"));
        crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).map_err(|r| r.to_string())
    }

    #[test]
    fn a_track_is_read_with_its_loops() {
        let r = with_tracks("track(ring, loops=1)", "ring = \"a2 b2 c2 ~ c3 b3 a3 ~\"").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.tracks[0].cells.len(), 6);
        assert_eq!(r.tracks[0].loops, [false, false, true, false, false, true]);
        let crate::model::Action::Track(t) = &r.moves[0].action else { panic!("a track move") };
        assert_eq!((t.loops, t.to), (1, crate::model::Landing::Enemy));
    }

    #[test]
    fn bad_tracks_are_named() {
        let e = with_tracks("track(ring)", "ring = \"a2 z9 ~\"").expect_err("refused");
        assert!(e.contains("track 'ring': no cell 'z9' on this board"), "{e}");
        let e = with_tracks("track(ring)", "ring = \"a2 ~ ~ b2\"").expect_err("refused");
        assert!(e.contains("a ~ stands between two cells, once"), "{e}");
        let e = with_tracks("track(loop)", "ring = \"a2 b2\"").expect_err("refused");
        assert!(e.contains("no track 'loop'; the board has: ring"), "{e}");
        let e = load("[moves.m]\npiece = \"stone\"\ndo = \"track\"", "no-moves", "").expect_err("refused");
        assert!(e.contains("track() takes the tracks it follows, joined by |: track(inner|outer)"), "{e}");
    }
}
