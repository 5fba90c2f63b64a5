//! The compiled move rules: each rule is what every kind sees of it ([`Rule`]) and its kind with
//! the kind's tables ([`Kind`]). Each kind lives in one module of this folder and implements
//! [`MoveKind`] (in `kind`, with what the rest of the engine reads of a kind: generation, `make`, notation, and what legality, attacks and the position
//! reader ask of it); [`kinds!`] is the one list of them, whose line per kind makes `Kind` and
//! its dispatch, each an exhaustive match. [`Moves`] holds a game's rules, its phases, and what
//! generation decides once about them all. Generation, `make` and legality, which use them, are
//! their own parts (`turn`, `make`, `legal`).

use crate::cellbits::CellBits;
use crate::chain::{At, Pattern};
use crate::compile::Compile;
use crate::effects::Effects;
use crate::hash::Keys;
use crate::host::Host;
use crate::moves::kind::{Attack, MoveKind, Seen};
use crate::mv::{Move, NO_DIR, RuleId, Sink};
use crate::piece::Piece;
use crate::position::Position;
use crate::rule::Rule;
use crate::tables::{PhaseRules, Phases};
use hetproba_board::{Board, CellId, Width, per_player};
use hetproba_rules::model::{Action, MoveRule, PieceTypeId, PlayerId, Ruleset, Trigger};

pub(crate) mod kind;

pub use hops::MAX_CHAIN_STEPS;
pub(crate) use hops::MAX_HOPS;
pub(crate) use hops::take_chain_cut;

/// The registry of move kinds: each line a kind's module and type, and the model's primitives
/// it compiles from. It makes [`Kind`], its compilation and its dispatch, each an exhaustive
/// match (a primitive of the model without a kind does not compile).
macro_rules! kinds {
    ($( $Variant:ident ($module:ident :: $Type:ident) <= $( $Model:ident )|+ ),* $(,)?) => {
        $( mod $module; )*

        /// The closed set of move kinds.
        #[derive(Clone, Debug)]
        pub(crate) enum Kind {
            $( $Variant($module::$Type), )*
        }

        impl Kind {
            fn compile(action: &Action, rules: &Ruleset, width: Width) -> Kind {
                match action {
                    $( $( Action::$Model(a) => Kind::$Variant(<$module::$Type as Compile<_>>::compile(a, rules, width)), )+ )*
                }
            }

            /// The dispatch inlines into the caller's loop; each kind's generation stays out of
            /// line ([`generate_kind`]).
            #[inline(always)]
            pub(crate) fn generate<const W: usize>(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, sink: &mut impl Sink) -> bool {
                match self { $( Kind::$Variant(k) => generate_kind::<W>(k, host, pos, side, r, sink), )* }
            }

            pub(crate) fn template(&self, mv: &Move) -> &'static str {
                match self { $( Kind::$Variant(k) => k.template(mv), )* }
            }

            pub(crate) fn reach(&self, board: &Board, side: PlayerId, piece: PieceTypeId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
                match self { $( Kind::$Variant(k) => k.reach(board, side, piece, from, moved, others), )* }
            }

            #[inline(always)]
            pub(crate) fn make(&self, host: &impl Host, pos: &mut Position, mv: Move, rule: &Rule) {
                match self { $( Kind::$Variant(k) => k.make(host, pos, mv, rule), )* }
            }

            pub(crate) fn places(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PLACES, )* }
            }

            fn starts_from_pieces(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::FROM_PIECES, )* }
            }

            fn views_plain(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::VIEWS_PLAIN, )* }
            }

            pub(crate) fn asks_attacks(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::ASKS_ATTACKS, )* }
            }

            pub(crate) fn has_paths(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PATHS, )* }
            }

            pub(crate) fn part_takes(&self) -> bool {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::PART_TAKES, )* }
            }

            #[inline(always)]
            pub(crate) fn seen(&self) -> Seen {
                match self { $( Kind::$Variant(_) => <$module::$Type as MoveKind>::SEEN, )* }
            }

            fn never_captures(&self) -> bool {
                match self { $( Kind::$Variant(k) => k.never_captures(), )* }
            }

            fn always_captures(&self) -> bool {
                match self { $( Kind::$Variant(k) => k.always_captures(), )* }
            }

            fn moves_one_piece(&self, piece: PieceTypeId) -> bool {
                match self { $( Kind::$Variant(k) => k.moves_one_piece(piece), )* }
            }

            pub(crate) fn shifts_others(&self, piece: PieceTypeId) -> bool {
                match self { $( Kind::$Variant(k) => k.shifts_others(piece), )* }
            }

            pub(crate) fn attack(&self, side: PlayerId) -> Attack<'_> {
                match self { $( Kind::$Variant(k) => k.attack(side), )* }
            }

            #[inline(always)]
            pub(crate) fn changes(&self, board: &Board, pos: &Position, mv: &Move) -> [(CellId, Option<Piece>); 4] {
                match self { $( Kind::$Variant(k) => k.changes(board, pos, mv), )* }
            }

            pub(crate) fn later_cells<const W: usize>(&self, board: &Board, pos: &Position, side: PlayerId, origin: CellId, each: &mut impl FnMut(CellId) -> bool) -> bool {
                match self { $( Kind::$Variant(k) => k.later_cells::<W>(board, pos, side, origin, each), )* }
            }

            pub(crate) fn make_later(&self, keys: &crate::hash::Keys, pos: &mut Position, cell: CellId, piece: Piece) {
                match self { $( Kind::$Variant(k) => k.make_later(keys, pos, cell, piece), )* }
            }

            pub(crate) fn paths(&self, host: &impl Host, pos: &Position, mv: &Move) -> Option<Vec<Vec<CellId>>> {
                match self { $( Kind::$Variant(k) => k.paths(host, pos, mv), )* }
            }

            pub(crate) fn captures_directly(&self, host: &impl Host, pos: &Position, side: PlayerId, r: RuleId, from: CellId) -> bool {
                match self { $( Kind::$Variant(k) => k.captures_directly(host, pos, side, r, from), )* }
            }

            pub(crate) fn could_pass(&self, board: &Board, pos: &Position, mover: PlayerId, rule: &Rule, victim: CellId, passed: CellBits) -> bool {
                match self { $( Kind::$Variant(k) => k.could_pass(board, pos, mover, rule, victim, passed), )* }
            }
        }
    };
}

/// A kind's generation, out of line whatever its size, so that the loop over the rules stays
/// small (the same for every kind; measured in docs/speed.md).
#[inline(never)]
fn generate_kind<const W: usize>(
    kind: &impl MoveKind,
    host: &impl Host,
    pos: &Position,
    side: PlayerId,
    r: RuleId,
    sink: &mut impl Sink,
) -> bool {
    kind.generate::<W>(host, pos, side, r, sink)
}

kinds! {
    Place(place::Place) <= Place,
    Drop(drop::Drop) <= Drop,
    Roll(roll::Roll) <= Roll,
    Push(push::Push) <= Push,
    Stay(stay::Stay) <= Stay,
    Ray(ray::Ray) <= Step | Slide,
    Leap(leap::Leap) <= Leap,
    Hops(hops::Hops) <= Hops,
    Castle(castle::Castle) <= Castle,
    Remove(remove::Remove) <= Remove,
    Line(line::Line) <= Line,
    Track(track::Track) <= Track,
}

/// A move rule compiled: what every kind sees of it, and its kind.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub rule: Rule,
    pub kind: Kind,
}

impl Compiled {
    /// Compiles the move rule `index` of a ruleset.
    fn compile(rules: &Ruleset, index: usize, width: Width) -> Compiled {
        let rule: &MoveRule = &rules.moves[index];
        let owned = rules.pieces[rule.piece.index()].owned;
        let moving = PlayerId::BOTH.map(|side| Piece::new(rule.piece, owned.then_some(side).into()));
        let kind = Kind::compile(&rule.action, rules, width);
        let effects = Effects::compile(rules, &rule.effects, width);
        let next = rule.next.map(|next| RuleId::new(next).expect("the loader allows at most MAX_RULES move rules"));
        let views_plain = kind.views_plain() && effects.is_empty() && next.is_none();
        let rule = Rule {
            piece: rule.piece,
            moving,
            from_pieces: kind.starts_from_pieces(),
            effects,
            template: rule.notation.clone(),
            from: rule.from.map(|r| per_player(width, &rules.regions[r.index()].cells)),
            becomes: rule.becomes,
            leaves_passed: rule.leaves_passed,
            takes_passed: rule.action.lands_on_passed(),
            leaves_ko: rule.leaves_ko,
            fen: rule.fen,
            next,
            one_piece: false,
            simple_promotion: true,
            views_plain,
            conditional: rule.when.is_some(),
            goes_on: rule.next.is_some_and(|n| rules.moves[n].action.spec().goes_on && !rules.moves[n].action.places()),
            onward: rule.onward,
        };
        Compiled { rule, kind }
    }

    /// Does a move of this rule only take its piece from `from` to `to` (promoted or not),
    /// capturing on the way or not, with no effect and no later part? (Whether the game keeps
    /// state of its own about moves is the game's to say.)
    fn moves_one_piece(&self) -> bool {
        let rule = &self.rule;
        self.kind.moves_one_piece(rule.piece) && rule.effects.is_empty() && !rule.leaves_passed && rule.next.is_none()
    }

    /// True for kinds that bring a new piece onto the board.
    #[inline(always)]
    pub(crate) fn places(&self) -> bool {
        self.kind.places()
    }

    /// Does no move of this rule capture? (A kind that captures nothing by its action, with no
    /// effect that removes pieces and no later part.)
    pub(crate) fn never_captures(&self) -> bool {
        self.kind.never_captures() && !self.rule.effects.removes() && self.rule.next.is_none()
    }

    /// Does every move of this rule capture (so that none goes anywhere without)?
    pub(crate) fn always_captures(&self) -> bool {
        self.kind.always_captures()
    }

    /// The notation template of a move of this rule.
    pub(crate) fn template(&self, mv: &Move) -> &str {
        match &self.rule.template {
            Some(own) => own,
            None => self.kind.template(mv),
        }
    }

    /// Where a move of this rule by `side` could leave pieces, whatever stands where: the cells
    /// of the piece it moves from `from` (or puts on the board: then `from` is `NO_CELL`),
    /// before any promotion, and the other pieces it moves, with where (a castling's partner).
    pub(crate) fn reach(&self, board: &Board, side: PlayerId, from: CellId, moved: &mut Vec<CellId>, others: &mut Vec<(Piece, CellId)>) {
        self.kind.reach(board, side, self.rule.piece, from, moved, others);
    }
}

/// A game's move rules, by index in `[moves]`, and its phases.
#[derive(Clone, Debug, Default)]
pub(crate) struct Moves {
    rules: Vec<Compiled>,
    phases: Phases,
    /// Per piece type: where its capturing chains go on, which a piece promoted in the middle
    /// of a chain continues with.
    chain_states: Vec<Vec<At>>,
    /// Does some chain of hops depend on the cells it landed on (`Hops::remembers_landings`)?
    chains_remember_landings: bool,
    /// True if a move rule castles (the position's "never moved" marks then follow castling).
    castles: bool,
    /// Any capture obliges, no region must be left first, and some rules never capture:
    /// generation tries the rules that may capture first.
    captures_first: bool,
    /// Every rule that may capture always does: then the rules tried first give only captures.
    captures_or_never: bool,
}

impl Moves {
    /// Compiles the move rules of `rules` and its phases; `must_leave`: some region must be
    /// left (then captures are not tried first).
    pub(crate) fn compile(rules: &Ruleset, width: Width, must_leave: bool) -> Moves {
        let mut compiled: Vec<Compiled> = (0..rules.moves.len()).map(|i| Compiled::compile(rules, i, width)).collect();
        let never_captures: Vec<bool> = compiled.iter().map(Compiled::never_captures).collect();
        let phases = Phases(
            rules
                .phases
                .iter()
                .map(|p| {
                    // `stay()` rules are offered only when the others give no move: apart
                    // (`stay(always)` goes with the others).
                    let (stay, moves): (Vec<usize>, Vec<usize>) =
                        p.moves.iter().copied().partition(|&r| matches!(&compiled[r].kind, Kind::Stay(s) if !s.always));
                    let (quiet, capturing) = moves.iter().copied().partition(|&r| never_captures[r]);
                    PhaseRules { moves, limit: p.limit, capturing, quiet, stay }
                })
                .collect(),
            rules.phases.iter().any(|p| p.limit == Some(hetproba_rules::model::PhaseLimit::HandsEmpty)),
        );
        let castles = compiled.iter().any(|r| matches!(r.kind, Kind::Castle(_)));
        // A game that keeps no state of a move but its cells (no stacks, runs of one piece,
        // castling, never-moved marks or hands) makes a one-piece move as one step.
        let plain = rules.stacks.is_none() && rules.same_piece.is_none() && !castles && rules.unmoved.is_empty() && rules.hands.is_none();
        for c in &mut compiled {
            c.rule.one_piece = plain && c.moves_one_piece();
            c.rule.simple_promotion = rules.pieces[c.rule.piece.index()].promotion.as_ref().is_none_or(|p| !p.optional && !p.leaving);
        }
        let chain_states = (0..rules.pieces.len())
            .map(|p| {
                compiled
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.rule.piece.index() == p)
                    .filter_map(|(i, c)| match &c.kind {
                        Kind::Hops(h) => h.chain_segment().map(|seg| At {
                            rule: RuleId::new(i).expect("the loader allows at most MAX_RULES move rules"),
                            seg: u8::try_from(seg).expect("the loader keeps hop segments to 16"),
                            count: 1,
                            last: NO_DIR,
                        }),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let chains_remember_landings = compiled.iter().any(|c| matches!(&c.kind, Kind::Hops(h) if h.remembers_landings()));
        let turn = &rules.turn;
        let captures_first = turn.compulsory_capture
            && turn.capture_trigger == Trigger::Any
            && !must_leave
            && never_captures.contains(&true)
            && never_captures.contains(&false);
        let captures_or_never = compiled.iter().zip(&never_captures).all(|(c, &never)| never || c.always_captures());
        Moves { rules: compiled, phases, chain_states, chains_remember_landings, castles, captures_first, captures_or_never }
    }

    /// Move rule `index`.
    #[inline(always)]
    pub(crate) fn get(&self, index: usize) -> &Compiled {
        &self.rules[index]
    }

    /// Every move rule, in order.
    pub(crate) fn all(&self) -> &[Compiled] {
        &self.rules
    }

    #[inline(always)]
    pub(crate) fn phases(&self) -> &Phases {
        &self.phases
    }

    /// The pattern of rule `r`, a move of hops.
    #[inline(always)]
    pub(crate) fn pattern(&self, r: RuleId) -> &Pattern {
        match &self.rules[r.index()].kind {
            Kind::Hops(h) => h.pattern(),
            _ => unreachable!("a chain state names a hop rule"),
        }
    }

    #[inline(always)]
    pub(crate) fn chain_states(&self, piece: PieceTypeId) -> &[At] {
        &self.chain_states[piece.index()]
    }

    #[inline(always)]
    pub(crate) fn chains_remember_landings(&self) -> bool {
        self.chains_remember_landings
    }

    /// Does a move rule castle?
    pub(crate) fn castles(&self) -> bool {
        self.castles
    }

    /// A "never moved" mark matters only as half of a pair that could still castle: a castling
    /// piece with an unmoved partner along one of its castling directions. Other marks are
    /// dropped after every move, so that positions that castle alike are alike (and FEN, which
    /// writes rights rather than marks, reads back the same position).
    pub(crate) fn drop_idle_marks(&self, board: &Board, keys: &Keys, pos: &mut Position) {
        for side in PlayerId::BOTH {
            let mut keep: Vec<CellId> = Vec::new();
            let mut related: Vec<Piece> = Vec::new();
            for rule in &self.rules {
                let Kind::Castle(castle) = &rule.kind else { continue };
                let (piece, partner) = (rule.rule.moving[side.index()], castle.partner(side));
                related.extend([piece, partner]);
                for c in pos.cells_with(piece) {
                    if !pos.is_unmoved(c) {
                        continue;
                    }
                    let partners: Vec<CellId> = castle.partners(board, pos, side, c).into_iter().filter(|&p| pos.is_unmoved(p)).collect();
                    if !partners.is_empty() {
                        keep.push(c);
                        keep.extend(partners);
                    }
                }
            }
            for piece in related {
                let cells: Vec<CellId> = pos.cells_with(piece).collect();
                for c in cells {
                    if !keep.contains(&c) {
                        pos.clear_unmoved(keys, c);
                    }
                }
            }
        }
    }

    /// Are captures tried first ([`Moves::compile`])?
    #[inline(always)]
    pub(crate) fn captures_first(&self) -> bool {
        self.captures_first
    }

    /// Does every rule that may capture always capture?
    #[inline(always)]
    pub(crate) fn captures_or_never(&self) -> bool {
        self.captures_or_never
    }

    /// Does every move of every rule capture?
    pub(crate) fn every_move_captures(&self) -> bool {
        self.rules.iter().all(Compiled::always_captures)
    }

    /// Does any move rule leave passed cells?
    pub(crate) fn remembers_passed(&self) -> bool {
        self.rules.iter().any(|c| c.rule.leaves_passed)
    }
}
