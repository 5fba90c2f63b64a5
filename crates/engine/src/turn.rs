//! The turn: which moves are legal in a position. The moves of the current phase's rules, then
//! the turn's filters (compulsory and majority capture), then passing, then the end rules that
//! look at the moves.

use crate::game::Game;
use crate::host::Host;
use crate::legal::Legal;
use crate::mv::{AnyMove, LastMove, Move, RuleId, Sink};
use crate::position::{Position, with_scratch};
use hetproba_board::NO_CELL;
use hetproba_rules::model::{Criterion, PassRule, PhaseLimit, PieceTypeSet, PlayerId, Trigger};

impl Game {
    /// The legal moves of a position, in generation order. Empty when the game is over.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>) {
        hetproba_board::with_width!(self.width(), W => self.generate_w::<W>(pos, out))
    }

    /// [`Game::generate`] with cell sets of `W` words, the game's width.
    pub(crate) fn generate_w<const W: usize>(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        if self.ends().has_static() && self.ends().static_end::<W>(self, pos) {
            return;
        }
        // Only legal moves reach the list: with royal pieces each is tested as it is found.
        let legality = if self.attacks().is_some() { self.legality::<W>(pos) } else { None };
        let tired = self.tired_piece(pos, pos.side);
        let after = self.ends().has_after();
        // Does every move capture (true), or none (false), as the generation already knows?
        let mut known = None;
        let phase = self.phase_of(pos, pos.side);
        if legality.is_none() && tired.is_none() && !after {
            if !(self.moves().captures_first() && self.generate_captures_first::<W>(pos, phase, out, &mut known)) {
                self.generate_phase::<W>(pos, pos.side, phase, out);
            }
        } else {
            let mut legal = Legal { game: self, pos, legality, tired, after, sink: out };
            self.generate_phase::<W>(pos, pos.side, phase, &mut legal);
        }
        // Where captures come first, no region must be left, and captures oblige: with no
        // capture there is nothing to keep or prefer, and with only captures, all are kept.
        let decided = match known {
            Some(false) => true,
            Some(true) => self.rules().turn.precedence.is_empty(),
            None => false,
        };
        if !decided && !self.must_leave(pos, out) {
            self.capture_rules(pos, out);
        }
        // `stay()`: only when nothing else moves (an empty list for rulesets without it).
        if out.is_empty() && !self.moves().phases().get(phase).stay.is_empty() {
            self.generate_stay::<W>(pos, phase, out);
        }
        match self.rules().turn.pass {
            PassRule::Never => {}
            PassRule::Always => {
                if self.pass_legal::<W>(pos) {
                    out.push(Move::PASS);
                }
            }
            PassRule::WhenStuck => {
                if out.is_empty() && self.opponent_could_move::<W>(pos) && self.pass_legal::<W>(pos) {
                    out.push(Move::PASS);
                }
            }
        }
        // End rules that mention no-moves may still hold through their other tests.
        if self.ends().dynamic_end::<W>(self, pos, !out.is_empty()) {
            out.clear();
        }
    }

    /// The legal moves of the phase's `stay()` rules, each tested as the others are.
    fn generate_stay<const W: usize>(&self, pos: &Position, phase: u8, out: &mut Vec<Move>) {
        let mut legal = Legal {
            game: self,
            pos,
            legality: if self.attacks().is_some() { self.legality::<W>(pos) } else { None },
            tired: self.tired_piece(pos, pos.side),
            after: self.ends().has_after(),
            sink: out,
        };
        self.generate_stay_rules::<W>(pos, pos.side, phase, &mut legal);
    }

    /// The moves of the `stay()` rules of `phase` by `side`; false if the sink stopped.
    fn generate_stay_rules<const W: usize>(&self, pos: &Position, side: PlayerId, phase: u8, sink: &mut impl Sink) -> bool {
        self.moves().phases().get(phase).stay.iter().all(|&rule| self.generate_rule::<W>(pos, side, rule, sink))
    }

    /// Where any capture obliges: the rules that may capture first, and the rules that never
    /// capture only if those found no move; when a capture was found, those could add only
    /// moves that [`Game::capture_rules`] would drop. The list is what the whole phase gives
    /// before the capture rules, or false (the list cleared) when the phase must be generated
    /// whole (moves that capture nothing were found, which the rest go among). `known` is
    /// set when the list holds only captures (true) or none (false).
    fn generate_captures_first<const W: usize>(&self, pos: &Position, phase: u8, out: &mut Vec<Move>, known: &mut Option<bool>) -> bool {
        let rules = self.moves().phases().get(phase);
        self.generate_list::<W>(pos, pos.side, phase, &rules.capturing, out);
        if out.iter().any(Move::is_capture) {
            *known = self.moves().captures_or_never().then_some(true);
            return true;
        }
        if out.is_empty() {
            self.generate_list::<W>(pos, pos.side, phase, &rules.quiet, out);
            *known = Some(false);
            return true;
        }
        out.clear();
        false
    }

    /// The moves of the rules of `list` (rules of `phase`), in its order, each rule's
    /// generation inlined here: the captures-first walk runs every ply of those games.
    #[inline(always)]
    fn generate_list<const W: usize>(&self, pos: &Position, side: PlayerId, phase: u8, list: &[usize], sink: &mut Vec<Move>) {
        let placed_all = self.placed_all(pos, side, phase);
        for &rule in list {
            if !(placed_all && self.compiled(rule).places()) {
                self.generate_rule_inline::<W>(pos, side, rule, sink);
            }
        }
    }

    /// `[state] same-piece`: the piece of `side` that has made its most moves in a row, while
    /// the limit holds (the player owns a piece of the types it names). It may only capture.
    fn tired_piece(&self, pos: &Position, side: PlayerId) -> Option<hetproba_board::CellId> {
        let limit = self.rules().same_piece.as_ref()?;
        let (cell, run) = pos.streak(side)?;
        let owns = |types: PieceTypeSet| pos.cells.iter().flatten().any(|p| p.belongs_to(side) && types.contains(p.kind()));
        (run >= limit.max && (limit.while_owning.is_empty() || owns(limit.while_owning))).then_some(cell)
    }

    /// A piece standing in a region it must leave: if it can, only its moves out of the region
    /// are legal (capturing is then not compulsory). Returns true if that decided the moves.
    fn must_leave(&self, pos: &Position, out: &mut Vec<Move>) -> bool {
        let Some(regions) = &self.regions().must_leave else { return false };
        let side = pos.side.index();
        let leaves = |m: &Move| m.from != NO_CELL && regions.contains(side, m.from) && !regions.contains(side, m.to);
        if !out.iter().any(leaves) {
            return false;
        }
        out.retain(leaves);
        true
    }

    /// The turn's capture rules: compulsory capture (when a capture of the kind that obliges is
    /// possible), then majority.
    fn capture_rules(&self, pos: &Position, out: &mut Vec<Move>) {
        let turn = &self.rules().turn;
        let obliged = turn.compulsory_capture
            && match turn.capture_trigger {
                Trigger::Any => out.iter().any(Move::is_capture),
                Trigger::Direct => out.iter().any(|m| m.is_capture() && self.captures_directly(pos, m)),
            };
        if obliged {
            out.retain(Move::is_capture);
        }
        if (obliged || !turn.compulsory_capture) && !turn.precedence.is_empty() {
            self.prefer(pos, out);
        }
    }

    /// Capture precedence: each criterion in turn keeps the captures it ranks best, until one
    /// capture (or a set of equals) is left. Moves that capture nothing are kept.
    fn prefer(&self, pos: &Position, out: &mut Vec<Move>) {
        for criterion in &self.rules().turn.precedence {
            if out.iter().filter(|m| m.is_capture()).count() <= 1 {
                return;
            }
            let score = |m: &Move| -> i128 {
                match criterion {
                    Criterion::Most(_) if criterion.is_majority() => i128::from(m.capture_count()),
                    Criterion::Most(most) => {
                        m.captured_cells().map(|c| pos.cells[c.index()].map_or(0, |p| i128::from(most.weights[p.kind().index()]))).sum()
                    }
                    Criterion::With(with) => {
                        let types = with.types;
                        // The piece that moves, or the one a placement puts down.
                        let placed = self.compiled(m.rule.index()).rule.piece;
                        let piece = if m.from == NO_CELL { placed } else { pos.cells[m.from.index()].map_or(placed, |p| p.kind()) };
                        i128::from(types.contains(piece))
                    }
                    Criterion::Earliest(earliest) => {
                        self.capture_ways(pos, m).iter().map(|way| earliest_score(pos, way, earliest.types)).max().unwrap_or(0)
                    }
                }
            };
            let scores: Vec<Option<i128>> = out.iter().map(|m| m.is_capture().then(|| score(m))).collect();
            let best = scores.iter().flatten().copied().max();
            let mut i = 0;
            out.retain(|_| {
                let keep = scores[i].is_none() || scores[i] == best;
                i += 1;
                keep
            });
        }
    }

    /// The landing paths of a legal move that the capture precedence allows: all of them, unless
    /// it ranks the ways by when pieces fall (`earliest`).
    pub(crate) fn legal_paths(&self, pos: &Position, mv: &Move) -> Vec<Vec<hetproba_board::CellId>> {
        let paths = self.paths(pos, mv);
        if !self.rules().turn.precedence.iter().any(|c| matches!(c, Criterion::Earliest(_))) || mv.capture_count() < 2 {
            return paths;
        }
        let preferred = self.preferred_ways(pos, mv);
        paths.into_iter().filter(|p| preferred.contains(&self.path_way(mv, p))).collect()
    }

    /// The ways a legal move takes its pieces that the capture precedence allows: all of them,
    /// unless it ranks the ways by when pieces fall (`earliest`), when only the best.
    pub(crate) fn preferred_ways(&self, pos: &Position, mv: &Move) -> Vec<Vec<(hetproba_board::CellId, hetproba_board::DirId)>> {
        let mut ways = self.capture_ways(pos, mv);
        for criterion in &self.rules().turn.precedence {
            if let Criterion::Earliest(earliest) = criterion {
                let best = ways.iter().map(|w| earliest_score(pos, w, earliest.types)).max().unwrap_or(0);
                ways.retain(|w| earliest_score(pos, w, earliest.types) == best);
            }
        }
        ways
    }

    /// Why the legal moves of `pos` cannot all be found, if they cannot: the chains of hops of
    /// one piece lead through more places than the search follows ([`crate::MAX_CHAIN_STEPS`]).
    /// Then the moves generated are only some of the legal ones.
    pub fn search_cut(&self, pos: &Position) -> Option<String> {
        crate::moves::take_chain_cut();
        self.legal_moves(pos);
        let cell = crate::moves::take_chain_cut()?;
        Some(format!(
            "the chains of captures of the piece on {} lead through more than {} places, more than hetproba searches in one move",
            self.board().name(cell),
            crate::MAX_CHAIN_STEPS
        ))
    }

    /// The legal moves as a new list.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate(pos, &mut out);
        out
    }

    /// True if the position has a legal move (cheaper than listing them).
    pub fn has_moves(&self, pos: &Position) -> bool {
        hetproba_board::with_width!(self.width(), W => self.has_moves_w::<W>(pos))
    }

    pub(crate) fn has_moves_w<const W: usize>(&self, pos: &Position) -> bool {
        if self.ends().has_static() && self.ends().static_end::<W>(self, pos) {
            return false;
        }
        let any = self.has_raw_moves::<W>(pos);
        any && !self.ends().dynamic_end::<W>(self, pos, any)
    }

    /// True if the side to move has a move, passing included, ignoring end conditions.
    pub(crate) fn has_raw_moves<const W: usize>(&self, pos: &Position) -> bool {
        self.has_raw_moves_with::<W>(pos, true)
    }

    /// [`Game::has_raw_moves`] without the `if-after` conditions: what an `if-after` that asks
    /// `no-moves` sees of the replies (asking theirs in turn could go on without end).
    pub(crate) fn has_moves_before_after<const W: usize>(&self, pos: &Position) -> bool {
        self.has_raw_moves_with::<W>(pos, false)
    }

    fn has_raw_moves_with<const W: usize>(&self, pos: &Position, after: bool) -> bool {
        self.side_has_moves::<W>(pos, pos.side, self.phase_of(pos, pos.side), after)
            || match self.rules().turn.pass {
                PassRule::Never => false,
                PassRule::Always => self.pass_legal_with::<W>(pos, after),
                PassRule::WhenStuck => self.opponent_could_move::<W>(pos) && self.pass_legal_with::<W>(pos, after),
            }
    }

    /// May the side to move pass (its turn to, aside)? Not while a royal piece of its stands
    /// attacked, nor where an `if-after` condition would not hold after the pass.
    fn pass_legal<const W: usize>(&self, pos: &Position) -> bool {
        self.pass_legal_with::<W>(pos, true)
    }

    fn pass_legal_with<const W: usize>(&self, pos: &Position, after: bool) -> bool {
        (self.attacks().is_none() || !self.in_check_w::<W>(pos, pos.side))
            && !(after && self.ends().has_after() && !self.allowed_after::<W>(pos, &Move::PASS))
    }

    /// Has `side` a legal move under the rules of `phase` (passing aside)? Generation stops at
    /// the first; with royal pieces (or a tired piece, or `if-after` conditions when `after`) at
    /// the first legal one, each tested as it is found, without listing the others.
    fn side_has_moves<const W: usize>(&self, pos: &Position, side: PlayerId, phase: u8, after: bool) -> bool {
        let mut any = AnyMove(false);
        let after = after && self.ends().has_after();
        if side == pos.side && (self.attacks().is_some() || self.rules().same_piece.is_some() || after) {
            let mut legal =
                Legal { game: self, pos, legality: self.legality::<W>(pos), tired: self.tired_piece(pos, side), after, sink: &mut any };
            self.generate_phase::<W>(pos, side, phase, &mut legal);
            if !legal.sink.0 {
                self.generate_stay_rules::<W>(pos, side, phase, &mut legal);
            }
            return any.0;
        }
        self.generate_phase::<W>(pos, side, phase, &mut any);
        if !any.0 {
            self.generate_stay_rules::<W>(pos, side, phase, &mut any);
        }
        any.0
    }

    /// Could a move of the side to move land on the passed cells (en passant)? The moves of
    /// the rules that take them, before legality and the turn's filters: more than the legal
    /// ones, so `false` is final.
    pub(crate) fn could_take_passed(&self, pos: &Position) -> bool {
        hetproba_board::with_width!(self.width(), W => self.moves().phases().get(self.phase_of(pos, pos.side)).moves.iter().any(|&r| {
            let mut any = AnyMove(false);
            self.compiled(r).rule.takes_passed && !self.generate_rule::<W>(pos, pos.side, r, &mut any)
        }))
    }

    /// Would the opponent have a move if the side to move passed?
    fn opponent_could_move<const W: usize>(&self, pos: &Position) -> bool {
        let phase = self.phase_after_ply(pos);
        let mut any = AnyMove(false);
        self.generate_phase::<W>(pos, pos.side.other(), phase, &mut any);
        if !any.0 {
            self.generate_stay_rules::<W>(pos, pos.side.other(), phase, &mut any);
        }
        any.0
    }

    /// The phase whose moves the opponent would play after the side to move passed.
    fn phase_after_ply(&self, pos: &Position) -> u8 {
        let phase = self.moves().phases().advance(pos.phase, pos.progress, pos.side, false).0;
        if self.moves().phases().by_hands(phase) && self.hand_empty(pos, pos.side.other()) { phase + 1 } else { phase }
    }

    /// Generates the moves of `side` under the rules of `phase`. Returns false if the sink stopped.
    pub(crate) fn generate_phase<const W: usize>(&self, pos: &Position, side: PlayerId, phase: u8, sink: &mut impl Sink) -> bool {
        self.generate_phase_where::<W>(pos, side, phase, sink, |_| true)
    }

    /// [`Game::generate_phase`], without castling when `no_castling` (attacks: castling captures
    /// nothing, and its own question "is this cell attacked?" would ask the other side's castling
    /// in turn, without end).
    pub(crate) fn generate_phase_but<const W: usize>(
        &self,
        pos: &Position,
        side: PlayerId,
        phase: u8,
        sink: &mut impl Sink,
        no_castling: bool,
    ) -> bool {
        self.generate_phase_where::<W>(pos, side, phase, sink, |r| !(no_castling && self.compiled(r).kind.asks_attacks()))
    }

    /// [`Game::generate_phase`], of the rules (by index) that `take` takes.
    fn generate_phase_where<const W: usize>(
        &self,
        pos: &Position,
        side: PlayerId,
        phase: u8,
        sink: &mut impl Sink,
        take: impl Fn(usize) -> bool,
    ) -> bool {
        let rules = self.moves().phases().get(phase);
        let placed_all = self.placed_all(pos, side, phase);
        for &rule in &rules.moves {
            if placed_all && self.compiled(rule).places() {
                continue;
            }
            if !take(rule) {
                continue;
            }
            if !self.generate_rule::<W>(pos, side, rule, sink) {
                return false;
            }
        }
        true
    }
}

impl Game {
    /// Generates the moves of one rule for `side`. Returns false if the sink stopped.
    pub(crate) fn generate_rule<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        self.generate_rule_inline::<W>(pos, side, index, sink)
    }

    /// [`Game::generate_rule`], inlined into its caller: the dispatch on the kind then sits in
    /// the caller's loop (the kinds' own generation stays out of line).
    #[inline(always)]
    pub(crate) fn generate_rule_inline<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        let rule = &self.compiled(index).rule;
        if rule.from_pieces && pos.piece_set::<W>(rule.moving[side.index()]).is_empty() {
            return true;
        }
        if rule.conditional && !self.ends().rule_allowed::<W>(self, pos, side, index) {
            return true;
        }
        if let Some(next) = rule.next {
            if rule.goes_on {
                return self.generate_onward::<W>(pos, side, index, next, sink);
            }
            return self.generate_parts::<W>(pos, side, index, next, sink);
        }
        self.generate_kind::<W>(pos, side, index, sink)
    }

    /// The moves of one rule's kind, whole when the rule has no later part.
    #[inline(always)]
    fn generate_kind<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, sink: &mut impl Sink) -> bool {
        let rule = RuleId::new(index).expect("the loader allows at most MAX_RULES move rules");
        self.compiled(index).kind.generate::<W>(self, pos, side, rule, sink)
    }

    /// Moves of two parts: each first part is made on a copy of the position, and each later
    /// part possible there makes one whole move. A first part with no later part is no move,
    /// unless the later part has an `if` (then the move is whole without it when the condition
    /// fails after the first part, or when nothing is left to do).
    fn generate_parts<const W: usize>(&self, pos: &Position, side: PlayerId, index: usize, next: RuleId, sink: &mut impl Sink) -> bool {
        let mut firsts = Vec::new();
        self.generate_kind::<W>(pos, side, index, &mut firsts);
        if firsts.is_empty() {
            return true;
        }
        let conditional = self.ends().part_has_condition(next.index());
        // A scratch copy without the history: this runs at every generation of such a game.
        with_scratch(pos, |after| self.generate_later_parts::<W>(after, side, firsts, next, conditional, sink))
    }

    /// The moves that begin with each of `firsts`, made in turn on `after`, and go on with a
    /// later part of rule `next` (see [`Game::generate_parts`]).
    fn generate_later_parts<const W: usize>(
        &self,
        after: &mut Position,
        side: PlayerId,
        firsts: Vec<Move>,
        next: RuleId,
        conditional: bool,
        sink: &mut impl Sink,
    ) -> bool {
        for first in firsts {
            after.begin(self.keys());
            // The later part's `if` reads the move so far as the last move.
            let captured = if self.tally().last {
                first.captured_cells().filter_map(|c| after.at(c).map(|p| p.kind())).collect()
            } else {
                PieceTypeSet::EMPTY
            };
            self.make_part(after, first);
            if self.tally().last {
                after.set_last(self.keys(), LastMove { known: true, from: first.from, to: first.to, captured });
            }
            let mut any = false;
            let more = if conditional && !self.ends().part_allowed::<W>(self, after, next.index()) {
                true
            } else {
                let part = &self.compiled(next.index()).kind;
                let takes = part.part_takes();
                part.later_cells::<W>(self.board(), after, side, first.to, &mut |c| {
                    any = true;
                    let mut mv = Move { part: c, ..first };
                    if takes {
                        mv.captures.insert(c);
                    }
                    sink.push(mv)
                })
            };
            after.unmake();
            if !more || (conditional && !any && !sink.push(first)) {
                return false;
            }
        }
        true
    }
}

impl Game {
    /// In a phase that counts placements, has `side` placed them all (so places no more)?
    #[inline(always)]
    fn placed_all(&self, pos: &Position, side: PlayerId, phase: u8) -> bool {
        match self.moves().phases().get(phase).limit {
            Some(PhaseLimit::Placed(limit)) => phase == pos.phase && pos.placed(side) >= limit,
            _ => false,
        }
    }
}

/// How early a way of capturing takes pieces of `types`: one bit per capture, the first
/// capture the highest, set where such a piece falls. Compared as numbers, the first such piece
/// taken earlier wins; if as early, the second; and so on. 0: none taken.
fn earliest_score(pos: &Position, way: &[(hetproba_board::CellId, hetproba_board::DirId)], types: PieceTypeSet) -> i128 {
    way.iter()
        .take(126)
        .enumerate()
        .filter(|(_, (c, _))| pos.cells[c.index()].is_some_and(|p| types.contains(p.kind())))
        .fold(0i128, |bits, (i, _)| bits | 1i128 << (125 - i))
}
