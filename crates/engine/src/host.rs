//! The interface between the compiled game and its parts. [`Host`] is the game as a move kind,
//! an effect or an end test sees it: the board and its tables, the compiled rules as every kind
//! sees them, promotion and the regions with rules of their own, and the questions only the
//! whole game answers (is a cell attacked, is a royal piece in check, which moves has a side).
//! The parts name neither `Game` nor each other: `Game` implements `Host` and owns the parts.
//! What each primitive implements is its family's `kind` module: `moves::kind::MoveKind`,
//! `effects::kind::EffectKind`, `ends::kind::TestKind`, and [`crate::compile::Compile`].

use crate::chain::{At, Pattern};
use crate::hash::Keys;
use crate::mv::{Move, RuleId, Sink};
use crate::piece::{Owner, Piece};
use crate::position::Position;
use crate::rule::Rule;
use crate::tables::{Promo, RegionRules, TallyPlan};
use hetproba_board::{Board, CellId, Rays, Width};
use hetproba_rules::model::{PieceTypeId, PlayerId, Removal};

/// The game, as its parts see it. One implementation, `Game`'s; every method is a look-up or
/// is inlined, so generation through it costs what it cost when the parts held the game.
pub(crate) trait Host {
    fn board(&self) -> &Board;

    /// The Zobrist keys every change to a position updates.
    fn keys(&self) -> &Keys;

    /// Every ray of the board as a cell set.
    fn rays(&self) -> &Rays;

    /// The width of the board's cell sets.
    fn width(&self) -> Width;

    /// Move rule `r`, as every kind sees it.
    fn rule(&self, r: RuleId) -> &Rule;

    /// The pattern of move rule `r`, a move of hops.
    fn pattern(&self, r: RuleId) -> &Pattern;

    /// Where `piece`'s capturing chains go on, which a piece promoted to it in mid-chain
    /// continues with.
    fn chain_states(&self, piece: PieceTypeId) -> &[At];

    /// Does some chain of hops depend on the cells it landed on?
    fn chains_remember_landings(&self) -> bool;

    /// How `piece` promotes, if it does.
    fn promotion(&self, piece: PieceTypeId) -> Option<&Promo>;

    /// The regions with rules of their own.
    fn regions(&self) -> &RegionRules;

    /// When captured pieces leave the board in a chain.
    fn removal(&self) -> Removal;

    /// The counters and last move `[state]` declares.
    fn tally(&self) -> &TallyPlan;

    /// Would `piece`, standing on `cell`, be attacked by `by`?
    fn attacked<const W: usize>(&self, pos: &Position, cell: CellId, by: PlayerId, piece: Piece) -> bool;

    /// Does a royal piece of `player` stand attacked?
    fn in_check<const W: usize>(&self, pos: &Position, player: PlayerId) -> bool;

    /// The moves `side`'s rules of its phase generate in `pos`, before the turn's rules choose
    /// among them (as if it were `side`'s turn); false if the sink stopped.
    fn generate_side<const W: usize>(&self, pos: &Position, side: PlayerId, sink: &mut impl Sink) -> bool;

    /// True if [`Host::emit`] passes a rule's moves on unchanged but for promotion.
    #[inline(always)]
    fn plain_emit(&self, rule: &Rule) -> bool {
        rule.effects.is_empty() && self.regions().no_quiet.is_none() && rule.becomes.is_none()
    }

    /// Pushes `base`, or one move per promotion choice when the piece promotes on `base.to` (or
    /// leaving `base.from`, where the promotion says so) that its `limit` allows in `pos`, and
    /// `base` itself first where the promotion is optional there.
    #[inline(always)]
    fn push_promoting<const W: usize>(&self, pos: &Position, piece: PieceTypeId, side: PlayerId, base: Move, sink: &mut impl Sink) -> bool {
        match self.promotion(piece) {
            Some(promo) if promo.applies(side, base.from, base.to) => {
                (!promo.may_stay(side, base.to) || sink.push(base)) && promo.each_choice::<W>(pos, side, |to| sink.push(base.promoting(to)))
            }
            _ => sink.push(base),
        }
    }

    /// The common way out of a kind's generation: through the rule's effects (which may
    /// forbid the move, or add captures), then once per promotion choice. A piece may arrive in
    /// a region entered only by capturing only by landing on an enemy piece. `vacated` is the
    /// cell the piece leaves (`NO_CELL` for a new piece). Returns false if the sink stopped.
    #[inline(always)]
    fn emit<const W: usize>(&self, rule: &Rule, pos: &Position, side: PlayerId, mv: Move, vacated: CellId, sink: &mut impl Sink) -> bool {
        if let Some(no_quiet) = &self.regions().no_quiet
            && no_quiet.contains(side.index(), mv.to)
            && !mv.take_to
        {
            return true;
        }
        if rule.becomes.is_some() {
            return self.emit_becoming::<W>(rule, pos, side, mv, vacated, sink);
        }
        if !rule.effects.removes() {
            if !rule.effects.is_empty() && !rule.effects.allow::<W>(self.board(), pos, side, mv.to, vacated) {
                return true;
            }
            return self.push_promoting::<W>(pos, rule.piece, side, mv, sink);
        }
        rule.effects.emit::<W>(self.board(), pos, side, mv, vacated, &mut |m| self.push_promoting::<W>(pos, rule.piece, side, m, sink))
    }

    /// [`Host::emit`] for a rule with its own promotion (`promote = "TYPE"`): every move of it
    /// promotes, whatever the piece's own promotion says. Out of line: other rules never come here.
    #[inline(never)]
    fn emit_becoming<const W: usize>(
        &self,
        rule: &Rule,
        pos: &Position,
        side: PlayerId,
        mv: Move,
        vacated: CellId,
        sink: &mut impl Sink,
    ) -> bool {
        let Some(to) = rule.becomes else { return true };
        if !rule.effects.removes() {
            if !rule.effects.is_empty() && !rule.effects.allow::<W>(self.board(), pos, side, mv.to, vacated) {
                return true;
            }
            return sink.push(mv.promoting(to));
        }
        rule.effects.emit::<W>(self.board(), pos, side, mv, vacated, &mut |m| sink.push(m.promoting(to)))
    }

    /// Moves the piece on `from` to `to`, where it arrives as what it promotes to, if it does:
    /// the `make` of every kind that moves a piece already on the board.
    fn move_piece(&self, pos: &mut Position, mv: Move) {
        let keys = self.keys();
        let moving = pos.cells[mv.from.index()];
        pos.set(keys, mv.from, None);
        pos.clear_unmoved(keys, mv.from);
        pos.clear_unmoved(keys, mv.to);
        let arriving = match mv.promotion() {
            Some(t) => Some(Piece::new(t, Owner::Player(pos.side))),
            None => moving,
        };
        pos.set(keys, mv.to, arriving);
    }
}
