//! Effects that follow a move's action, one module each ([`effects!`] is the registry):
//! enclosure (`enclose`), capture against the board (`surround`), turning neighbours
//! (`convert`), capture by approach or withdrawal (`approach`), explosions (`explode`). [`Effects`] holds a rule's effects, a list per kind, and is how generation and
//! `make` meet them: `allow` (may the piece arrive so?), `emit` (the captures they add, each
//! choice of optional captures its own move), `make` (the pieces they turn).

use crate::cellbits::CellBits;
use crate::compile::Compile;
use crate::hash::Keys;
use crate::mv::Move;
use crate::position::Position;
use hetproba_board::{Board, CellId, CellSet, CellSets, Width};
use hetproba_rules::model::{Effect, PlayerId, Ruleset, effects as model};
use kind::{Choices, EffectKind};

pub(crate) mod kind;

/// The registry of effect kinds: each line the field of [`Effects`] that holds a rule's effects
/// of the kind, its module and type, and the model's primitive it compiles from.
macro_rules! effects {
    ($( $field:ident: $Variant:ident ($module:ident :: $Type:ident) ),* $(,)?) => {
        $( mod $module; )*

        /// The effects of one move rule.
        #[derive(Clone, Debug, Default)]
        pub(crate) struct Effects {
            $( $field: Vec<$module::$Type>, )*
            /// True if the rule has any effect: [`Effects::is_empty`] is asked at every move
            /// generated, so once here rather than a test per kind there.
            any: bool,
            /// True if an effect captures: the move's captured cells are decided at generation.
            removes: bool,
            /// True if an effect may refuse an arrival ([`EffectKind::refuses`]).
            refuses: bool,
            /// True if an effect captures lines that may each be taken or left.
            choices: bool,
            /// True if some effects are alternative ways to capture (approach, withdrawal).
            alternatives: bool,
            /// True if an effect captures pieces that count as attacked.
            attacks: bool,
            /// What the enclosures allow to be done for all cells at once.
            fast: enclose::Fast,
        }

        impl Effects {
            pub(crate) fn compile(rules: &Ruleset, effects: &[Effect], width: Width) -> Effects {
                let mut out = Effects::default();
                for effect in effects {
                    match effect {
                        $( Effect::$Variant(e) => out.$field.push(<$module::$Type as Compile<model::$Variant>>::compile(e, rules, width)), )*
                    }
                }
                out.any = !effects.is_empty();
                out.removes = false $( || out.$field.iter().any(EffectKind::removes) )*;
                out.refuses = false $( || out.$field.iter().any(EffectKind::refuses) )*;
                out.choices = false $( || out.$field.iter().any(EffectKind::choices_lines) )*;
                out.alternatives = false $( || out.$field.iter().any(EffectKind::alternative) )*;
                out.attacks = false $( || out.$field.iter().any(|e| e.removes() && e.attacks()) )*;
                let alone = effects.iter().all(|e| matches!(e, Effect::Enclose(_)));
                out.fast = enclose::Fast::compile(rules, &out.enclose, alone, width);
                out
            }

            #[inline(always)]
            pub(crate) fn is_empty(&self) -> bool {
                !self.any
            }

            /// Do the effects allow a piece of `side` arriving on `at` (leaving `vacated`, or
            /// `NO_CELL` for a new piece)?
            #[inline]
            pub(crate) fn allow<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> bool {
                !self.refuses || $( self.$field.iter().all(|e| e.allow::<W>(board, pos, side, at, vacated)) && )* true
            }

            #[inline]
            fn take<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, taken: &mut CellSet<W>) {
                $( for e in &self.$field { e.take(board, pos, side, at, vacated, taken); } )*
            }

            fn choices<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Choices<W>) {
                $( for e in &self.$field { e.choices(board, pos, side, at, vacated, out); } )*
            }

            /// Each alternative way to capture that captures here: its set, at most one a way.
            fn lines<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Choices<W>) {
                $( for e in self.$field.iter().filter(|e| e.alternative()) { out.add(e.line(board, pos, side, at, vacated)); } )*
            }

            fn make_each(&self, board: &Board, keys: &Keys, pos: &mut Position, side: PlayerId, at: CellId, captured: bool) {
                $( for e in &self.$field { e.make(board, keys, pos, side, at, captured); } )*
            }

            fn turned_each(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId, out: &mut Vec<CellId>) {
                $( for e in &self.$field { e.turned(board, pos, side, at, vacated, out); } )*
            }
        }
    };
}

effects! {
    enclose: Enclose(enclose::Enclose),
    surround: Surround(surround::Surround),
    convert: Convert(convert::Convert),
    approach: Approach(approach::Approach),
    explode: Explode(explode::Explode),
}

impl Effects {
    /// The cells where a new piece of `side` passes the effects' tests, for all cells at once,
    /// if they can be found so (see [`enclose::Flood`]).
    #[inline(always)]
    pub(crate) fn arrivals<const W: usize>(&self, pos: &Position, side: PlayerId) -> Option<CellSet<W>> {
        let flood = self.fast.flood.as_ref()?;
        if W == 1
            && let Some(steps) = &flood.word
        {
            let word = |set: CellSet<1>| set.words()[0];
            let (own, enemy, empty) = (word(pos.player_set(side)), word(pos.player_set(side.other())), word(pos.empty_set()));
            return Some(CellSet::from_words(&[enclose::Flood::word_arrivals(steps, side, own, enemy, empty)]));
        }
        Some(flood.arrivals(side, pos.player_set(side), pos.player_set(side.other()), pos.empty_set()))
    }

    /// The cells next to each cell along the effects' directions (`near[p * cells + c]`, for
    /// player `p`), when every arrival must enclose something.
    #[inline(always)]
    pub(crate) fn near(&self) -> Option<&CellSets> {
        self.fast.near.as_ref()
    }

    /// True if an effect captures (the captured cells are decided when the move is generated).
    #[inline(always)]
    pub(crate) fn removes(&self) -> bool {
        self.removes
    }

    /// The first explosion's blast (per player and cell, the cells it takes) and spared types.
    pub(crate) fn blast(&self) -> Option<(&CellSets, hetproba_rules::model::PieceTypeSet)> {
        self.explode.first().map(|e| (&e.blast, e.spare))
    }

    /// True if an effect captures pieces that count as attacked (an explosion's do not).
    pub(crate) fn attacks(&self) -> bool {
        self.attacks
    }

    /// Passes `mv` on as the effects make it: not at all if they forbid it; with the cells they
    /// capture added to its captures, once per choice when captures are optional. `vacated` is
    /// the cell the moving piece leaves (`NO_CELL` for a new piece). Returns false if `push`
    /// asked to stop.
    #[inline]
    pub(crate) fn emit<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        if self.is_empty() {
            return push(mv);
        }
        if !self.allow::<W>(board, pos, side, mv.to, vacated) {
            return true;
        }
        if !self.removes {
            return push(mv);
        }
        self.emit_taking::<W>(board, pos, side, mv, vacated, push)
    }

    /// [`Effects::emit`] of effects that capture, with sets of the game's width.
    #[inline]
    fn emit_taking<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut taken: CellSet<W> = mv.captures.to_set();
        self.take(board, pos, side, mv.to, vacated, &mut taken);
        if self.alternatives {
            return self.emit_alternatives(board, pos, side, mv, vacated, taken, push);
        }
        if !self.choices {
            return push(Move { captures: CellBits::from_set(taken), ..mv });
        }
        self.emit_choices(board, pos, side, mv, vacated, taken, push)
    }

    /// Passes `mv` on once per alternative way it captures (approach, withdrawal), each with
    /// `taken` and what that way takes; not at all when it captures no way.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn emit_alternatives<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        taken: CellSet<W>,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut ways = Choices::new();
        self.lines(board, pos, side, mv.to, vacated, &mut ways);
        for way in ways.lines() {
            let more = if self.choices {
                self.emit_choices(board, pos, side, mv, vacated, taken | *way, push)
            } else {
                push(Move { captures: CellBits::from_set(taken | *way), ..mv })
            };
            if !more {
                return false;
            }
        }
        true
    }

    /// Passes `mv` on once per choice of the optional lines, each with `taken` and the lines
    /// chosen, the choice of none first.
    #[allow(clippy::too_many_arguments)]
    fn emit_choices<const W: usize>(
        &self,
        board: &Board,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        taken: CellSet<W>,
        push: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let mut choices = Choices::new();
        self.choices(board, pos, side, mv.to, vacated, &mut choices);
        for subset in 0..1u32 << choices.lines().len() {
            let mut captures = taken;
            for (i, run) in choices.lines().iter().enumerate() {
                if subset & (1 << i) != 0 {
                    captures |= *run;
                }
            }
            if !push(Move { captures: CellBits::from_set(captures), ..mv }) {
                return false;
            }
        }
        true
    }

    /// The one effect, when it is a capture of whole groups (Go): then placements are found for
    /// all cells at once ([`surround::Surround::placements`]).
    #[inline(always)]
    pub(crate) fn groups_only(&self) -> Option<&surround::Surround> {
        match (self.enclose.as_slice(), self.surround.as_slice(), self.convert.as_slice()) {
            ([], [s], []) if s.takes_groups() => Some(s),
            _ => None,
        }
    }

    /// Does a move of `side` whose piece arrived on `at` and captured only the piece on `taken`
    /// leave a ko (see `Game::make`): its piece stands alone with `taken` its only liberty?
    pub(crate) fn leaves_ko(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, taken: CellId) -> bool {
        self.surround.iter().any(|s| s.leaves_ko(board, pos, side, at, taken))
    }

    /// Applies the effects of a piece of `side` that has arrived on `at` (captures were made
    /// with the move, which `captured` says; turning and explosions are done here).
    pub(crate) fn make(&self, board: &Board, keys: &Keys, pos: &mut Position, side: PlayerId, at: CellId, captured: bool) {
        if let Some(turn) = &self.fast.turn {
            let own = pos.player_set::<1>(side).words()[0];
            let enemy = pos.player_set::<1>(side.other()).words()[0];
            let cells = turn.turned(side, at, own, enemy);
            if cells != 0 {
                pos.turn_word(keys, cells, side);
            }
            return;
        }
        self.make_each(board, keys, pos, side, at, captured);
    }

    /// The cells the effects would turn for a piece of `side` arriving on `at` (leaving
    /// `vacated`, or `NO_CELL` for a new piece), in cell order.
    pub(crate) fn turned(&self, board: &Board, pos: &Position, side: PlayerId, at: CellId, vacated: CellId) -> Vec<CellId> {
        let mut out = Vec::new();
        self.turned_each(board, pos, side, at, vacated, &mut out);
        out.sort();
        out
    }
}
