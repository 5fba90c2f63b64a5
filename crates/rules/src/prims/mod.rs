//! The primitives of the language, one module each: a move kind (`place`, `slide`, `jump`), an
//! effect (`enclose`), an end test (`line`), an evaluation term (`mobility`), a criterion of
//! capture precedence (`most`), a draw rule (`repetition`) or an option of `[turn]` (`pass`).
//! A primitive's module holds its model type, its arguments ([`Spec`]), how it is read and
//! checked (with located errors), its words for `show`, and its unit tests.
//!
//! [`registry!`] below is the one list of them: each line declares a module and puts its type in
//! its category's enum (`Action`, `Effect`, `Test`, `EvalKind`, `Criterion`, `DrawKind`; the
//! options of `[turn]` become the fields of `Turn`). The loader reads a name through its
//! category (`Action::read`), `show` asks the primitive for its words (`Action::prim`), the
//! "expected ..." lists of messages and the table of primitives in docs/language.md
//! ([`docs_table`]) are made from the same lists. Adding a primitive: its module (with its words
//! in every [`Lang`]: English and Hungarian), its line here, its section of docs/language.md (and,
//! for one the engine runs, its engine module and line).

use crate::describe::Lang;
use crate::load::cx::{Args, Cx, Names};
use crate::model::{ALL_TYPES, DirSetId, Phase, PieceTypeId, PieceTypeSet, RegionId, Ruleset, Who};
use crate::syntax::{self, Call};
use crate::tree::Node;
use hetproba_board::DirId;

/// What a primitive is, for the table of primitives and the messages that list a category.
#[derive(Debug)]
pub struct Spec {
    /// The names a ruleset writes it by (a call's name or a table key), the usual one first.
    pub names: &'static [&'static str],
    /// Its arguments (or, for a table key, its values).
    pub args: &'static [ArgSpec],
    /// What it does, in a few words.
    pub summary: &'static str,
    /// The anchor of its section in docs/language.md.
    pub section: &'static str,
    /// A move kind that may be the later part of a move (another rule's `next`).
    pub later_part: bool,
    /// A move kind read from a sequence of calls that may repeat (`jump(...)+ fly(...)`).
    pub chains: bool,
    /// A move kind that takes a piece of any type (`remove`): its rule needs no piece of its own.
    pub any_piece: bool,
    /// A move kind that moves a piece already on the board, one line from where it stands
    /// (`step`, `slide`, `leap`): it may be a later part that moves the piece that moved again.
    pub goes_on: bool,
}

impl Spec {
    pub const fn new(names: &'static [&'static str], args: &'static [ArgSpec], summary: &'static str, section: &'static str) -> Spec {
        Spec { names, args, summary, section, later_part: false, chains: false, any_piece: false, goes_on: false }
    }

    /// The same, for a move kind that may be a later part.
    pub const fn later_part(self) -> Spec {
        Spec { later_part: true, ..self }
    }

    /// The same, for a move kind read from a sequence of hops.
    pub const fn chains(self) -> Spec {
        Spec { chains: true, ..self }
    }

    /// The same, for a move kind that may be a later part moving the piece that moved again.
    pub const fn goes_on(self) -> Spec {
        Spec { goes_on: true, ..self }
    }

    /// The same, for a move kind that takes a piece of any type.
    pub const fn any_piece(self) -> Spec {
        Spec { any_piece: true, ..self }
    }

    /// The name it is usually written by.
    pub fn name(&self) -> &'static str {
        self.names[0]
    }

    /// Its name with its positional arguments: `with(TYPE)`.
    pub fn form(&self) -> String {
        let positional: Vec<&str> = self.args.iter().filter(|a| a.key.is_empty()).map(|a| a.takes).collect();
        if positional.is_empty() { self.name().to_string() } else { format!("{}({})", self.name(), positional.join(", ")) }
    }
}

/// One argument of a primitive.
#[derive(Debug)]
pub struct ArgSpec {
    /// `in` for `in=REGION`; empty for a positional argument.
    pub key: &'static str,
    /// What it takes, with its limits: `REGION`, `DIRS`, `N, at least 1`, `own|enemy|any`.
    pub takes: &'static str,
    /// Its default; empty when it must be given.
    pub default: &'static str,
}

impl ArgSpec {
    /// A positional argument.
    pub const fn at(takes: &'static str, default: &'static str) -> ArgSpec {
        ArgSpec { key: "", takes, default }
    }

    /// A `key=VALUE` argument.
    pub const fn key(key: &'static str, takes: &'static str, default: &'static str) -> ArgSpec {
        ArgSpec { key, takes, default }
    }
}

/// What every reader of a primitive works with: the diagnostics, the string the primitive is
/// written in (errors point inside it), and the names defined so far.
pub(crate) struct Reader<'a> {
    pub cx: &'a mut Cx,
    pub node: &'a Node,
    pub names: &'a Names<'a>,
}

/// A move kind, read from the action of a `do` pattern.
pub(crate) trait MovePrim: std::fmt::Debug {
    /// Reads the action: one call (its arguments in `input.args`, which the loader checks for
    /// leftovers afterwards), or for a kind whose [`Spec::chains`], the whole sequence of hops.
    fn read(input: &mut MoveInput) -> Option<Self>
    where
        Self: Sized;

    /// Its sentence for `show`, for a move of `piece`.
    fn words(&self, r: &Ruleset, piece: PieceTypeId, lang: Lang) -> String;

    /// Does it bring a new piece onto the board?
    fn places(&self) -> bool {
        false
    }

    /// Can its piece capture by landing on or hopping over a piece?
    fn captures(&self) -> bool {
        false
    }

    /// Is it only ever a later part? Then the message for a rule `rule` that no move goes on with.
    fn only_later(&self, _rule: &str) -> Option<String> {
        None
    }

    /// Why an effect (`then ...`) cannot follow it, if it cannot: `cannot follow hops yet`.
    fn refuses_effects(&self) -> Option<&'static str> {
        None
    }

    /// Why it cannot be used with `[stacks]`, if it cannot.
    fn refused_with_stacks(&self) -> Option<&'static str> {
        None
    }

    /// Does it pass over cells (so that `[state] passed` may name it)?
    fn passes_cells(&self) -> bool {
        false
    }

    /// Does it land on passed cells (`to=passed`)?
    fn lands_on_passed(&self) -> bool {
        false
    }

    /// The pieces whose moves `[state] unmoved` must remember for a move of it by `piece`, each
    /// with what it is to the move (castling: the castling piece and its partner).
    fn needs_unmoved(&self, _piece: PieceTypeId) -> Vec<(PieceTypeId, &'static str)> {
        Vec::new()
    }
}

/// What a move kind is read from.
pub(crate) struct MoveInput<'a> {
    pub r: Reader<'a>,
    /// The action's calls: one, or a sequence of hops.
    pub hops: &'a [syntax::Hop],
    /// The arguments of the first call.
    pub args: Args<'a>,
    /// The rule's piece.
    pub piece: PieceTypeId,
}

/// An effect after `then`.
pub(crate) trait EffectPrim: std::fmt::Debug {
    /// Reads the effect; `None` refuses the whole rule (its errors reported).
    fn read(input: &mut EffectInput) -> Option<Self>
    where
        Self: Sized;

    /// Its words, appended to the move's sentence (starting with a space).
    fn words(&self, r: &Ruleset, lang: Lang) -> String;

    /// Does it capture pieces (decided when the move is generated)?
    fn captures(&self) -> bool {
        false
    }

    /// Does it turn pieces to the mover's colour?
    fn turns(&self) -> bool {
        false
    }

    /// How many enclosed lines a move may choose to take or leave (each doubles the moves).
    fn optional_lines(&self, _names: &Names) -> usize {
        0
    }
}

/// What an effect is read from.
pub(crate) struct EffectInput<'a> {
    pub r: Reader<'a>,
    pub call: &'a Call,
    pub args: Args<'a>,
    /// The effects of the pattern read before this one.
    pub earlier: &'a [Effect],
    /// The action it follows.
    pub action: &'a Action,
    /// Does the rule's piece belong to the mover?
    pub placing: bool,
}

impl EffectInput<'_> {
    /// An effect needs a piece of the mover that arrives alone: reports where it does not.
    pub fn check_follows(&mut self) {
        let call = self.call;
        if !self.placing {
            self.r.call_error(call, format!("{}() needs a piece that belongs to the mover", call.name));
        }
        if let Some(why) = self.action.prim().refuses_effects() {
            self.r.call_error(call, format!("{}() {why}", call.name));
        }
    }

    /// The one direction-set argument of `surround(DIRS)`, `convert(DIRS)`.
    pub fn one_dir_set(&mut self) -> Option<DirSetId> {
        let call = self.call;
        match self.args.positional().as_slice() {
            [arg] => self.r.dir_set(arg),
            _ => {
                self.r.call_error(call, format!("{}() takes one direction set, e.g. {}(orthogonal)", call.name, call.name));
                None
            }
        }
    }
}

/// A test in an end condition.
pub(crate) trait TestPrim: std::fmt::Debug {
    fn read(input: &mut TestInput) -> Option<Self>
    where
        Self: Sized;

    /// Whose pieces it looks at when the condition does not say (`by mover`, `by next`).
    fn default_who(&self) -> Who;

    /// Its words in a condition, `whom` being the player it looks at, in words.
    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String;

    /// The default reason of an end rule that is this test alone.
    fn reason(&self) -> String;

    /// Does it need the list of legal moves?
    fn needs_moves(&self) -> bool {
        false
    }
}

/// What a test is read from.
pub(crate) struct TestInput<'a> {
    pub r: Reader<'a>,
    pub call: &'a Call,
    pub args: Args<'a>,
    /// `by mover` or `by next`, if written.
    pub who: Option<Who>,
    pub phases: &'a [Phase],
}

/// A count in a condition (`count(man)`, `repetitions`): a number the position gives for a
/// player, compared with numbers or other counts. It is read from a [`TestInput`], as a test is.
pub(crate) trait QueryPrim: std::fmt::Debug {
    fn read(input: &mut TestInput) -> Option<Self>
    where
        Self: Sized;

    /// Whose count it is when the condition does not say (`by mover`, `by next`).
    fn default_who(&self) -> Who;

    /// Its words, a noun phrase: "the number of men of {whom}".
    fn words(&self, r: Option<&Ruleset>, whom: &str, lang: Lang) -> String;
}

/// A term of `[eval]`.
pub(crate) trait TermPrim: std::fmt::Debug {
    fn read(input: &mut TermInput) -> Option<Self>
    where
        Self: Sized;

    /// Its words, `points` being the weight in words ("100 points").
    fn words(&self, r: &Ruleset, points: &str, lang: Lang) -> String;
}

/// What a term is read from.
pub(crate) struct TermInput<'a> {
    pub r: Reader<'a>,
    pub call: &'a Call,
    pub args: Args<'a>,
    /// Each player's forward direction.
    pub forward: [Option<DirId>; 2],
}

impl TermInput<'_> {
    /// `pieces(TYPE|TYPE)`, `advance(man)`: the piece types, or all of them when none is named.
    pub fn types_positional(&mut self) -> Option<PieceTypeSet> {
        let call = self.call;
        match self.args.positional().as_slice() {
            [] => Some(ALL_TYPES),
            [arg] => self.r.piece_types(arg),
            [_, extra, ..] => {
                self.r.arg_error(extra, format!("{}() takes piece types joined by |, e.g. {}(man|king)", call.name, call.name));
                None
            }
        }
    }

    /// `region(REGION, pieces=TYPES)`, `approach(...)`: the region and the piece types.
    pub fn region_and_types(&mut self) -> Option<(RegionId, PieceTypeSet)> {
        let call = self.call;
        let region = match self.args.positional().as_slice() {
            [arg] => self.r.region(arg),
            [] => {
                self.r.call_error(call, format!("{}() needs a region, e.g. {}(centre)", call.name, call.name));
                None
            }
            [_, extra, ..] => {
                self.r.arg_error(extra, format!("{}() takes one region; pieces=TYPE|TYPE picks the pieces", call.name));
                None
            }
        };
        let types = match self.args.key("pieces") {
            Some(arg) => self.r.piece_types(arg),
            None => Some(ALL_TYPES),
        };
        Some((region?, types?))
    }

    /// `groups(DIRS)`: one direction set, all of the board's when none is named.
    pub fn optional_dir_set(&mut self) -> Option<DirSetId> {
        let call = self.call;
        match self.args.positional().as_slice() {
            [] => self.r.names.direction_set("all"),
            [arg] => self.r.dir_set(arg),
            [_, extra, ..] => {
                self.r.arg_error(extra, format!("{}() takes one direction set", call.name));
                None
            }
        }
    }
}

/// A criterion of capture precedence.
pub(crate) trait CriterionPrim: std::fmt::Debug {
    fn read(input: &mut CriterionInput) -> Option<Self>
    where
        Self: Sized;

    /// Its words: "a capture that takes the most pieces".
    fn words(&self, r: &Ruleset, lang: Lang) -> String;

    /// `most(pieces)`: the majority rule.
    fn is_majority(&self) -> bool {
        false
    }
}

/// What a criterion is read from.
pub(crate) struct CriterionInput<'a> {
    pub r: Reader<'a>,
    pub call: &'a Call,
    pub args: Args<'a>,
}

impl CriterionInput<'_> {
    /// `with(TYPE)`, `earliest(TYPE|TYPE)`: the one piece-types argument.
    pub fn types(&mut self) -> Option<PieceTypeSet> {
        let call = self.call;
        match self.args.positional().as_slice() {
            [arg] => self.r.piece_types(arg),
            _ => {
                let message = format!("{}() takes a piece type, or piece types joined by |: {}(king)", call.name, call.name);
                self.r.call_error(call, message);
                None
            }
        }
    }
}

/// A draw rule of `[[draw]]`, named by its key (`repetition = N`).
pub(crate) trait DrawPrim: std::fmt::Debug {
    /// Reads it from its key's value and the table's other keys.
    fn read(input: &mut DrawInput) -> Option<Self>
    where
        Self: Sized;

    /// The reason shown when it draws, unless the rule gives one, in a language; `pieces` are
    /// the piece types' names in it.
    fn reason(&self, pieces: &[&str], lang: Lang) -> String;

    /// What else the rule does besides drawing, in `show`'s words (a loss by perpetual check).
    fn besides(&self, _lang: Lang) -> Option<&'static str> {
        None
    }
}

/// What a draw rule is read from.
pub(crate) struct DrawInput<'a> {
    pub cx: &'a mut Cx,
    pub names: &'a Names<'a>,
    /// The table, for errors about the rule as a whole.
    pub span: crate::source::Span,
    /// The value of the rule's own key.
    pub value: &'a Node,
    /// The table's other keys ([`DrawKind::extra_keys`]), in order, each with its value if given.
    pub extras: &'a [(&'static str, Option<&'a Node>)],
}

impl<'a> DrawInput<'a> {
    /// The value of another key of the table.
    pub fn extra(&self, key: &str) -> Option<&'a Node> {
        self.extras.iter().find(|(k, _)| *k == key).and_then(|(_, n)| *n)
    }

    /// Refuses the other keys given that are not among `own` (another rule's `reset` on a
    /// repetition rule): one error naming them.
    pub fn refuse_others(&mut self, own: &[&str], what: &str) {
        let given: Vec<&str> = self.extras.iter().filter(|(k, n)| n.is_some() && !own.contains(k)).map(|(k, _)| *k).collect();
        if !given.is_empty() {
            self.cx.error(self.span, format!("{what} takes no {}", crate::describe::join_or(&given)));
        }
    }

    /// A count from 1 to 99,999.
    pub fn positive(&mut self, node: &Node) -> Option<u32> {
        match node.value {
            crate::tree::Value::Int(v) if v > 0 && v < 100_000 => u32::try_from(v).ok(),
            _ => {
                self.cx.expect_type(node, "a positive integer");
                None
            }
        }
    }
}

/// An option of `[turn]`: its keys, its value, its words.
pub(crate) trait TurnOption {
    /// The value it gives `Turn`.
    type Value: Clone + std::fmt::Debug + PartialEq + Eq;

    /// The keys it reads, in the order `[turn]`'s message lists them.
    const KEYS: &'static [&'static str];

    /// Where its sentences stand among the turn's (0 first); from 6 on, after the pieces'
    /// rules (promotion, royal pieces, stacks).
    const ORDER: u8;

    /// The value when the file says nothing.
    fn default() -> Self::Value;

    /// Reads its keys (`nodes`, one per key of [`TurnOption::KEYS`], `None` where absent); `None`
    /// keeps the default.
    fn read(cx: &mut Cx, nodes: &[Option<&Node>], names: &Names) -> Option<Self::Value>;

    /// Its sentences for `show` and `compare`, each (key, sentence).
    fn words(_value: &Self::Value, _r: &Ruleset, _lang: Lang) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// Declares the categories and their primitives: a module per primitive, the category's enum
/// (or, for `[turn]`, struct) and the dispatch from names and to the primitive's trait.
macro_rules! registry {
    (
        $(
            $(#[$meta:meta])*
            enum $Enum:ident in $category:ident ($Trait:ident, $Input:ident) {
                $( $Variant:ident ($module:ident :: $Type:ident) ),* $(,)?
            }
        )*
        turn {
            $( $field:ident: $Value:ty = $tmodule:ident :: $Option:ident ),* $(,)?
        }
        draws {
            $( $dmodule:ident :: $Draw:ident ),* $(,)?
        }
    ) => {
        $(
            pub mod $category {
                $( mod $module; pub use $module::*; )*
            }

            $(#[$meta])*
            #[derive(Clone, Debug, PartialEq, Eq)]
            pub enum $Enum {
                $( $Variant($category::$Type), )*
            }

            impl $Enum {
                /// The category's primitives, in the registry's order.
                pub const SPECS: &'static [&'static Spec] = &[ $( &$category::$Type::SPEC, )* ];

                /// The primitive, as its category's trait: its words and what the loader asks.
                pub(crate) fn prim(&self) -> &dyn $Trait {
                    match self {
                        $( $Enum::$Variant(p) => p, )*
                    }
                }

                /// Its [`Spec`].
                pub fn spec(&self) -> &'static Spec {
                    match self {
                        $( $Enum::$Variant(_) => &$category::$Type::SPEC, )*
                    }
                }

                /// Reads the primitive called `name`: `None` when the category has none of that
                /// name, `Some(None)` when it is refused (its errors reported).
                pub(crate) fn read(name: &str, input: &mut $Input) -> Option<Option<$Enum>> {
                    $(
                        if $category::$Type::SPEC.names.contains(&name) {
                            return Some(<$category::$Type as $Trait>::read(input).map($Enum::$Variant));
                        }
                    )*
                    None
                }

                /// The category's names, in the registry's order.
                pub fn names() -> impl Iterator<Item = &'static str> {
                    Self::SPECS.iter().flat_map(|s| s.names.iter().copied())
                }
            }
        )*

        pub mod turn {
            $( mod $tmodule; pub use $tmodule::*; )*
        }

        /// `[turn]`: one field per option of the registry, each that option's value.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Turn {
            $( pub $field: $Value, )*
        }

        impl Default for Turn {
            fn default() -> Turn {
                Turn { $( $field: <turn::$Option as TurnOption>::default(), )* }
            }
        }

        impl Turn {
            /// The options of `[turn]`, in the registry's order.
            pub const SPECS: &'static [&'static Spec] = &[ $( &turn::$Option::SPEC, )* ];

            /// Reads each option from its keys, asking `get` for each key in order.
            pub(crate) fn read_options<'n>(cx: &mut Cx, names: &Names, mut get: impl FnMut(&'static str) -> Option<&'n Node>) -> Turn {
                let mut turn = Turn::default();
                $(
                    let nodes: Vec<Option<&Node>> = <turn::$Option as TurnOption>::KEYS.iter().map(|&k| get(k)).collect();
                    if let Some(v) = <turn::$Option as TurnOption>::read(cx, &nodes, names) {
                        turn.$field = v;
                    }
                )*
                turn
            }

            /// Every key `[turn]` takes, in order.
            pub fn keys() -> impl Iterator<Item = &'static str> {
                [$( <turn::$Option as TurnOption>::KEYS, )*].into_iter().flatten().copied()
            }

            /// The options' sentences, each (order, key, sentence), in the order they are said.
            pub(crate) fn words(&self, r: &Ruleset, lang: Lang) -> Vec<(u8, String, String)> {
                let mut out = Vec::new();
                $(
                    for (key, words) in <turn::$Option as TurnOption>::words(&self.$field, r, lang) {
                        out.push((<turn::$Option as TurnOption>::ORDER, key, words));
                    }
                )*
                out.sort_by_key(|(order, ..)| *order);
                out
            }
        }

        pub mod draws {
            $( mod $dmodule; pub use $dmodule::*; )*
        }

        /// A draw that needs the game's history (`[[draw]]`), named by its key.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum DrawKind {
            $( $Draw(draws::$Draw), )*
        }

        impl DrawKind {
            /// The draw rules, in the registry's order.
            pub const SPECS: &'static [&'static Spec] = &[ $( &draws::$Draw::SPEC, )* ];

            /// The draw rule, as [`DrawPrim`].
            pub(crate) fn prim(&self) -> &dyn DrawPrim {
                match self {
                    $( DrawKind::$Draw(p) => p, )*
                }
            }

            /// Reads the rule named by `key`.
            pub(crate) fn read(key: &str, input: &mut DrawInput) -> Option<Option<DrawKind>> {
                $(
                    if draws::$Draw::SPEC.name() == key {
                        return Some(<draws::$Draw as DrawPrim>::read(input).map(DrawKind::$Draw));
                    }
                )*
                None
            }

            /// The keys that name a draw rule (`repetition`, `moves`), in order.
            pub fn keys() -> impl Iterator<Item = &'static str> {
                Self::SPECS.iter().map(|s| s.name())
            }

            /// The other keys the rules take (`reset`, `material`), in order.
            pub fn extra_keys() -> impl Iterator<Item = &'static str> {
                Self::SPECS.iter().flat_map(|s| s.args.iter().filter(|a| !a.key.is_empty()).map(|a| a.key))
            }
        }
    };
}

registry! {
    /// What a move does first: put a piece on the board, or move one (the `do` pattern's action).
    enum Action in moves (MovePrim, MoveInput) {
        Place(place::Place),
        Drop(drop::Drop),
        Remove(remove::Remove),
        Roll(roll::Roll),
        Push(push::Push),
        Stay(stay::Stay),
        Step(step::Step),
        Slide(slide::Slide),
        Leap(leap::Leap),
        Castle(castle::Castle),
        Line(line::Line),
        Track(track::TrackMove),
        Hops(hops::HopPattern),
    }
    /// What happens after the action (`then ...`).
    enum Effect in effects (EffectPrim, EffectInput) {
        Enclose(enclose::Enclose),
        Surround(surround::Surround),
        Convert(convert::Convert),
        Approach(approach::Approach),
        Explode(explode::Explode),
    }
    /// A test inside an end condition.
    enum Test in ends (TestPrim, TestInput) {
        Line(line::Line),
        NoMoves(no_moves::NoMoves),
        NoPieces(no_pieces::NoPieces),
        Fewer(fewer::Fewer),
        Connected(connected::Connected),
        Joins(joins::Joins),
        Occupies(occupies::Occupies),
        Fills(fills::Fills),
        Within(within::Within),
        Phase(phase::Phase),
        Check(check::Check),
        Player(player::Player),
        Last(last::Last),
    }
    /// A count inside a condition, compared with numbers or other counts.
    enum Query in counts (QueryPrim, TestInput) {
        Count(count::PieceCount),
        Repetitions(repetitions::Repetitions),
        Captured(captured::Captured),
        Checks(checks::Checks),
        Passes(passes::Passes),
        FileMost(file_most::FileMost),
    }
    /// What a term of `[eval]` measures, for one player.
    enum EvalKind in terms (TermPrim, TermInput) {
        Material(material::Material),
        Pieces(pieces::Pieces),
        Mobility(mobility::Mobility),
        Movers(movers::Movers),
        Advance(advance::Advance),
        Region(region::Region),
        Approach(approach::Approach),
        Lines(lines::Lines),
        Groups(groups::Groups),
        Spread(spread::Spread),
        Stable(stable::Stable),
        Shelter(shelter::Shelter),
        Gap(gap::Gap),
        Captured(captured::CapturedTerm),
    }
    /// One criterion of capture precedence: the captures it ranks highest are kept.
    enum Criterion in criteria (CriterionPrim, CriterionInput) {
        Most(most::Most),
        With(with::With),
        Earliest(earliest::Earliest),
    }
    turn {
        compulsory_capture: bool = capture::CaptureOption,
        precedence: Vec<Criterion> = precedence::PrecedenceOption,
        removal: turn::Removal = removal::RemovalOption,
        pass: turn::PassRule = pass::PassOption,
        capture_trigger: turn::Trigger = capture_trigger::TriggerOption,
        enter_by_capture_only: Vec<RegionId> = enter_by_capture_only::EnterOption,
        must_leave: Vec<RegionId> = must_leave::MustLeaveOption,
        move_ends_in: Vec<RegionId> = move_ends_in::EndsInOption,
        if_after: Option<crate::model::Condition> = if_after::IfAfterOption,
    }
    draws {
        repetition::Repetition,
        counter::Counter,
    }
}

impl Action {
    /// True for actions that bring a new piece onto the board.
    pub fn places(&self) -> bool {
        self.prim().places()
    }

    /// Can a move of it capture by landing on or hopping over a piece?
    pub fn captures(&self) -> bool {
        self.prim().captures()
    }

    /// Does it land on passed cells (`to=passed`: en passant)?
    pub fn lands_on_passed(&self) -> bool {
        self.prim().lands_on_passed()
    }

    /// The names of the kinds read from a sequence of hops (`jump`, `fly`).
    pub fn chaining_names() -> impl Iterator<Item = &'static str> {
        Action::SPECS.iter().filter(|s| s.chains).flat_map(|s| s.names.iter().copied())
    }
}

impl Effect {
    /// Does the effect capture pieces (decided when the move is generated)?
    pub fn captures(&self) -> bool {
        self.prim().captures()
    }

    /// Does the effect turn pieces to the mover's colour?
    pub fn turns(&self) -> bool {
        self.prim().turns()
    }
}

impl Test {
    /// Does the test need the list of legal moves?
    pub fn needs_moves(&self) -> bool {
        self.prim().needs_moves()
    }
}

impl Criterion {
    /// `most(pieces)`: the majority rule.
    pub fn is_majority(&self) -> bool {
        self.prim().is_majority()
    }
}

/// A region name, or a list of them (`[turn]`'s region options).
pub(crate) fn regions(cx: &mut Cx, node: &Node, names: &Names) -> Vec<RegionId> {
    let listed = match &node.value {
        crate::tree::Value::Str(one) => vec![(one.clone(), node.span)],
        _ => cx.strings(node).unwrap_or_default(),
    };
    let mut out = Vec::new();
    for (name, span) in listed {
        match names.region(&name) {
            Some(r) => out.push(r),
            None => {
                let known: Vec<&str> = names.regions.iter().map(|r| r.name.as_str()).collect();
                cx.error(span, format!("no region '{name}'; the board has: {}", known.join(", ")));
            }
        }
    }
    out
}

/// "a", "a or b", "a, b or c": the names of a category in a message.
pub(crate) fn listed(names: impl Iterator<Item = &'static str>) -> String {
    let names: Vec<&str> = names.collect();
    crate::describe::join_or(&names)
}

/// The names of `known` nearest `name` (one or two edits away, or the same letters swapped),
/// for "did you mean": the closest first.
pub(crate) fn near_names(name: &str, known: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    let mut found: Vec<(usize, &'static str)> = known.filter_map(|k| edits(name, k).filter(|&d| d <= 2).map(|d| (d, k))).collect();
    found.sort_by_key(|&(d, _)| d);
    found.dedup_by_key(|(_, k)| *k);
    match found.first() {
        Some(&(best, _)) => found.into_iter().filter(|&(d, _)| d == best).map(|(_, k)| k).collect(),
        None => Vec::new(),
    }
}

/// The edits between two short names (insertions, deletions, substitutions, and two neighbours
/// swapped), or `None` when they differ in length by more than two.
fn edits(a: &str, b: &str) -> Option<usize> {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > 2 {
        return None;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    Some(d[a.len()][b.len()])
}

/// "did you mean 'step'? " when a known name is near `name`, else nothing: it goes between an
/// unknown name's message and the list of the known ones.
pub(crate) fn did_you_mean(name: &str, known: impl Iterator<Item = &'static str>) -> String {
    let near = near_names(name, known);
    if near.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = near.iter().map(|n| format!("'{n}'")).collect();
    format!("did you mean {}? ", crate::describe::join_or(&quoted))
}

/// The table of primitives in docs/language.md: one table per category, a row per primitive
/// with how it is written, its defaults and its section. `cargo xtask docs` writes it between
/// the page's `<!-- primitives -->` marks; a test checks that the page holds it.
pub fn docs_table() -> String {
    let categories: [(&str, &[&Spec]); 8] = [
        ("Move kinds (`do = \"...\"`)", Action::SPECS),
        ("Effects (`then ...`)", Effect::SPECS),
        ("Tests in conditions (`[[end]] if = \"...\"`, a move's `if`)", Test::SPECS),
        ("Counts in conditions (`captured by mover >= 10`)", Query::SPECS),
        ("Draw rules (`[[draw]]`)", DrawKind::SPECS),
        ("Options of `[turn]`", Turn::SPECS),
        ("Capture precedence (`[turn] precedence = [...]`)", Criterion::SPECS),
        ("Evaluation terms (`[eval] terms = [...]`)", EvalKind::SPECS),
    ];
    let mut out = String::new();
    for (title, specs) in categories {
        out.push_str(&format!("**{title}**\n\n| primitive | arguments (default) | what it does |\n|---|---|---|\n"));
        for spec in specs {
            let names: Vec<String> = spec.names.iter().map(|n| format!("[`{n}`](#{})", spec.section)).collect();
            let args: Vec<String> = spec
                .args
                .iter()
                .map(|a| {
                    let written = if a.key.is_empty() { format!("`{}`", a.takes) } else { format!("`{}={}`", a.key, a.takes) };
                    if a.default.is_empty() { written } else { format!("{written} ({})", a.default) }
                })
                .collect();
            let args = if args.is_empty() { "none".to_string() } else { args.join(", ") };
            out.push_str(&format!("| {} | {} | {} |\n", names.join(", "), args.replace('|', "\\|"), spec.summary));
        }
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The reading helpers every primitive uses, over the string it is written in.
impl Reader<'_> {
    pub fn call_error(&mut self, call: &Call, message: impl Into<String>) {
        crate::load::cx::call_error(self.cx, self.node, call, message);
    }

    pub fn arg_error(&mut self, arg: &syntax::Arg, message: impl Into<String>) {
        crate::load::cx::arg_error(self.cx, self.node, arg, message);
    }

    /// A direction set named by an argument.
    pub fn dir_set(&mut self, arg: &syntax::Arg) -> Option<crate::model::DirSetId> {
        crate::load::cx::dir_set_arg(self.cx, self.node, arg, self.names)
    }

    /// The one required direction-set argument of a call.
    pub fn one_dir_set(&mut self, call: &Call, args: &mut Args) -> Option<crate::model::DirSetId> {
        crate::load::cx::one_dir_set(self.cx, self.node, call, args, self.names)
    }

    /// A region named by an argument.
    pub fn region(&mut self, arg: &syntax::Arg) -> Option<crate::model::RegionId> {
        crate::load::cx::region_arg(self.cx, self.node, arg, self.names)
    }

    /// Piece types named by an argument (`man|king`).
    pub fn piece_types(&mut self, arg: &syntax::Arg) -> Option<crate::model::PieceTypeSet> {
        crate::load::cx::piece_types_arg(self.cx, self.node, arg, self.names)
    }

    /// `take=TYPES` or `spare=TYPES`: the enemy piece types a capture may take (`None`: every
    /// type). Both at once, or a `spare=` that spares every type, is an error at the argument.
    pub fn taken_types(&mut self, call: &Call, args: &mut Args) -> Option<PieceTypeSet> {
        let (take, spare) = (args.key("take"), args.key("spare"));
        if let (Some(_), Some(spare)) = (take, spare) {
            self.arg_error(
                spare,
                format!("{}() takes take= or spare=, not both: one names what is captured, the other what is not", call.name),
            );
            return None;
        }
        let every: PieceTypeSet = (0..self.names.pieces.len()).map(PieceTypeId::new).collect();
        if let Some(arg) = take {
            return self.piece_types(arg).filter(|&t| t != every);
        }
        let arg = spare?;
        let spared = self.piece_types(arg)?;
        let left: PieceTypeSet = every.iter().filter(|&t| !spared.contains(t)).collect();
        if left.is_empty() {
            self.arg_error(arg, "spare= spares every piece type: nothing could be captured");
            return None;
        }
        Some(left)
    }

    /// A non-negative integer argument, or a parameter's name.
    pub fn uint(&mut self, arg: &syntax::Arg) -> Option<u32> {
        crate::load::cx::uint_arg(self.cx, self.node, arg, self.names)
    }

    /// `to=...`: where a moving piece may land.
    pub fn landing(&mut self, args: &mut Args, default: crate::model::Landing) -> crate::model::Landing {
        crate::load::cx::landing_arg(self.cx, self.node, args, default)
    }

    /// Reports the arguments nobody asked for.
    pub fn finish(&mut self, args: Args) {
        args.finish(self.cx, self.node);
    }
}

/// What the primitives' unit tests load: a 5x5 board, two players (`x`, `o`), a stone and a
/// king (royal), with the moves, ends and extra tables given.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::model::Ruleset;

    /// The ruleset's text: `extra` goes after the pieces (regions, `[turn]`, `[[draw]]`...).
    pub fn text(moves: &str, end: &str, extra: &str) -> String {
        format!(
            "[game]\nid = \"t\"\nname = \"T\"\n\n[[players]]\nname = \"x\"\n\n[[players]]\nname = \"o\"\n\n\
             [board]\nshape = \"rect\"\nwidth = 5\nheight = 5\n\n[board.regions]\nhome = \"y == 0\"\n\n\
             [pieces.stone]\nsymbols = [\"x\", \"o\"]\n\n[pieces.king]\nsymbols = [\"K\", \"k\"]\nroyal = true\n\n\
             [state]\nunmoved = [\"king\", \"stone\"]\n\n{moves}\n\n[[end]]\nif = \"{end}\"\nresult = \"mover wins\"\n\n{extra}\n"
        )
    }

    /// The ruleset, or the report of what is wrong.
    pub fn load(moves: &str, end: &str, extra: &str) -> Result<Ruleset, String> {
        crate::load("t.toml", &text(moves, end, extra), &crate::BuiltinFiles, &[]).map_err(|r| r.to_string())
    }

    /// The ruleset with more keys in its `[state]` (a second `[state]` table would be refused).
    pub fn load_with_state(moves: &str, end: &str, state: &str) -> Result<Ruleset, String> {
        let text = text(moves, end, "").replacen("[state]\n", &format!("[state]\n{state}\n"), 1);
        crate::load("t.toml", &text, &crate::BuiltinFiles, &[]).map_err(|r| r.to_string())
    }

    /// A rule `[moves.m]` of the stone doing `pattern`: its sentence for `show`.
    pub fn words(pattern: &str) -> String {
        let r = load(&format!("[moves.m]\npiece = \"stone\"\ndo = \"{pattern}\""), "no-moves", "").unwrap_or_else(|e| panic!("{e}"));
        crate::describe::move_words(&r, &r.moves[0])
    }

    /// Hungarian names for the fixture's pieces and players.
    pub const HU: &str = "[lang.hu]\nplayers = [\"iksz\", \"kör\"]\npieces = { stone = \"kő\", king = \"király\" }";

    /// [`words`] in Hungarian.
    pub fn words_hu(pattern: &str) -> String {
        let r = load(&format!("[moves.m]\npiece = \"stone\"\ndo = \"{pattern}\""), "no-moves", HU).unwrap_or_else(|e| panic!("{e}"));
        crate::describe::move_words_in(&r, &r.moves[0], crate::describe::Lang::Hu)
    }

    /// The whole ruleset in Hungarian words, with the moves, end and extra tables given.
    pub fn rules_hu(moves: &str, end: &str, extra: &str) -> String {
        let r = load(moves, end, &format!("{extra}\n\n{HU}")).unwrap_or_else(|e| panic!("{e}"));
        crate::describe::rules_in_words_in(&r, crate::describe::Lang::Hu)
    }

    /// The first message of a ruleset whose rule `[moves.m]` of the stone does `pattern`,
    /// without its place.
    pub fn error(pattern: &str) -> String {
        let report = load(&format!("[moves.m]\npiece = \"stone\"\ndo = \"{pattern}\""), "no-moves", "").expect_err("refused");
        message(&report)
    }

    /// The first message of a report, without its place (`t.toml:L:C: `).
    pub fn message(report: &str) -> String {
        let first = report.lines().next().expect("a message");
        let rest = first.strip_prefix("t.toml:").expect("located in the file");
        rest.splitn(3, ':').nth(2).expect("line:column: message").trim().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_a_few_edits_away() {
        let moves = ["place", "remove", "roll", "push", "step", "slide", "leap", "castle", "line", "jump", "fly"];
        assert_eq!(near_names("stpe", moves.into_iter()), ["step"]);
        assert_eq!(near_names("slid", moves.into_iter()), ["slide"]);
        assert_eq!(near_names("wobble", moves.into_iter()), Vec::<&str>::new());
        assert_eq!(did_you_mean("jmup", moves.into_iter()), "did you mean 'jump'? ");
        assert_eq!(did_you_mean("wobble", moves.into_iter()), "");
    }

    #[test]
    fn every_name_is_one_primitives_in_its_category() {
        let categories: [Vec<&str>; 8] = [
            Action::names().collect(),
            Effect::names().collect(),
            Test::names().collect(),
            Query::names().collect(),
            EvalKind::names().collect(),
            Criterion::names().collect(),
            DrawKind::SPECS.iter().flat_map(|s| s.names.iter().copied()).collect(),
            Turn::keys().collect(),
        ];
        for names in categories {
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len(), "a name twice in {names:?}");
        }
    }

    #[test]
    fn the_language_page_holds_the_table_of_primitives() {
        // `cargo xtask docs` writes it there.
        let page = include_str!("../../../../docs/language.md");
        let (open, close) = ("<!-- primitives -->\n", "<!-- /primitives -->");
        let start = page.find(open).expect("docs/language.md has the table's opening mark") + open.len();
        let end = page.find(close).expect("docs/language.md has the table's closing mark");
        assert!(page[start..end] == docs_table(), "the table of primitives in docs/language.md is not current: run cargo xtask docs");
    }

    #[test]
    fn every_primitive_names_a_section_of_the_language_page() {
        // The anchors GitHub makes of the page's headings: lower case, spaces to '-', and only
        // letters, digits, '-' and '_' kept.
        let page = include_str!("../../../../docs/language.md");
        let anchors: Vec<String> = page
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| {
                l.trim_start_matches('#')
                    .trim()
                    .to_lowercase()
                    .chars()
                    .filter_map(|c| match c {
                        ' ' => Some('-'),
                        c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let all =
            [Action::SPECS, Effect::SPECS, Test::SPECS, Query::SPECS, DrawKind::SPECS, Turn::SPECS, Criterion::SPECS, EvalKind::SPECS];
        for spec in all.iter().flat_map(|s| s.iter()) {
            assert!(anchors.iter().any(|a| a == spec.section), "{}: no heading #{} in docs/language.md", spec.name(), spec.section);
        }
    }
}
