//! `[hands]`: pieces each player keeps off the board. A hand is a count per piece type, kept in
//! the position's sets after the pieces' rows (so a position without hands has none, and one
//! with hands grows by a few words), hashed, logged for unmake. Here: what a move does to the
//! hands and the marks of promoted pieces, and how positions write and read them (FEN's
//! brackets, `Q~` for a marked queen; SFEN's counted hand; `+P` for a promoted shogi pawn).

use crate::game::Game;
use crate::host::Host;
use crate::moves::Kind;
use crate::mv::Move;
use crate::piece::{Owner, Piece};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{PieceTypeId, PlayerId};

impl Game {
    /// The piece type a move takes from the mover's hand, if it is a drop.
    pub fn dropped(&self, mv: Move) -> Option<PieceTypeId> {
        let rule = self.moves().all().get(mv.rule.index())?;
        matches!(rule.kind, Kind::Drop(_)).then_some(rule.rule.piece)
    }

    /// Before a move of a game with hands is made: each piece it captures goes into the
    /// mover's hand (as the type it goes back to), and loses its mark. Returns whether the
    /// moving piece is marked, for [`Game::after_held`].
    #[cold]
    #[inline(never)]
    pub(crate) fn before_held(&self, pos: &mut Position, mv: &Move) -> bool {
        let Some(hands) = self.hands() else { return false };
        let side = pos.side();
        if hands.captures {
            for c in mv.captured_cells() {
                let Some(piece) = pos.at(c) else { continue };
                let kind = hands.held_as(piece.kind(), pos.marked(self.keys(), c));
                let held = pos.in_hand(self, side, kind);
                self.set_hand(pos, side, kind, held + 1);
            }
        }
        if !hands.marks {
            return false;
        }
        for c in mv.captured_cells() {
            pos.set_mark(self.keys(), c, false, true);
        }
        mv.from != NO_CELL && pos.marked(self.keys(), mv.from)
    }

    /// After a move of a game with hands is made: the mark of a marked piece moves with it, and
    /// a piece that promoted is marked.
    #[cold]
    #[inline(never)]
    pub(crate) fn after_held(&self, pos: &mut Position, mv: &Move, marked: bool) {
        if !self.hands().is_some_and(|h| h.marks) || mv.from == NO_CELL {
            return;
        }
        if marked && mv.from != mv.to {
            pos.set_mark(self.keys(), mv.from, false, true);
        }
        if marked || mv.promotion().is_some() {
            pos.set_mark(self.keys(), mv.to, true, true);
        }
    }

    /// Does `player` hold nothing in hand?
    pub(crate) fn hand_empty(&self, pos: &Position, player: PlayerId) -> bool {
        (0..self.rules().pieces.len()).all(|k| pos.in_hand(self, player, PieceTypeId::new(k)) == 0)
    }

    /// Are both hands empty?
    pub(crate) fn hands_empty(&self, pos: &Position) -> bool {
        PlayerId::BOTH.iter().all(|&p| self.hand_empty(pos, p))
    }

    /// The phase a position read without one is in: the first, where it lasts until the hands
    /// are empty and a hand holds pieces; otherwise the last (ordinary play).
    pub(crate) fn implied_phase(&self, pos: &Position) -> u8 {
        if self.moves().phases().by_hands(0) && !self.hands_empty(pos) { 0 } else { self.moves().phases().last() }
    }

    /// The phase whose moves `side` plays in `pos`: in a phase that lasts until the hands are
    /// empty, a player whose own hand is empty plays the next phase's moves already.
    #[inline(always)]
    pub(crate) fn phase_of(&self, pos: &Position, side: PlayerId) -> u8 {
        if self.moves().phases().by_hands(pos.phase) && self.hand_empty(pos, side) { pos.phase + 1 } else { pos.phase }
    }

    /// The phase whose moves attack: pieces on the board attack as in the phase after one that
    /// lasts until the hands are empty (a player still dropping attacks with what stands).
    #[inline(always)]
    pub(crate) fn attack_phase(&self, pos: &Position) -> u8 {
        if self.moves().phases().by_hands(pos.phase) { pos.phase + 1 } else { pos.phase }
    }

    /// The piece types in hand order: those `[hands] order` lists, as it lists them, then the
    /// most valuable first, then as the ruleset lists them
    /// (SFEN's rook, bishop, gold, silver, knight, lance, pawn; FEN's Q R B N P).
    pub fn hand_order(&self) -> Vec<PieceTypeId> {
        let mut kinds: Vec<PieceTypeId> = (0..self.rules().pieces.len()).map(PieceTypeId::new).collect();
        let order = self.rules().hands.as_ref().map_or(&[][..], |h| &h.order[..]);
        // `[hands] order` first, as it lists them; the rest by value.
        kinds.sort_by_key(|k| {
            (order.iter().position(|o| o == k).unwrap_or(usize::MAX), std::cmp::Reverse(self.rules().pieces[k.index()].value))
        });
        kinds
    }

    /// The hands as FEN writes them inside its brackets: each piece's symbol once per piece,
    /// the first player's first (`QPPqr`).
    pub(crate) fn write_hands_listed(&self, pos: &Position) -> String {
        let mut out = String::new();
        for player in PlayerId::BOTH {
            for kind in self.hand_order() {
                let symbol = self.symbol(Piece::new(kind, Owner::Player(player)));
                for _ in 0..pos.in_hand(self, player, kind) {
                    out.push(symbol);
                }
            }
        }
        out
    }

    /// The hands as SFEN writes them: each piece's symbol with its count before it when more
    /// than one (`2Pb`), the first player's first; `-` for empty hands.
    pub(crate) fn write_hands_counted(&self, pos: &Position) -> String {
        let mut out = String::new();
        for player in PlayerId::BOTH {
            for kind in self.hand_order() {
                match pos.in_hand(self, player, kind) {
                    0 => {}
                    1 => out.push(self.symbol(Piece::new(kind, Owner::Player(player)))),
                    n => out.push_str(&format!("{n}{}", self.symbol(Piece::new(kind, Owner::Player(player))))),
                }
            }
        }
        if out.is_empty() { "-".to_string() } else { out }
    }

    /// Reads hands written as FEN's bracket contents or SFEN's counted list (`-` for none) into
    /// `pos`, whose hands are empty.
    pub(crate) fn read_hands(&self, pos: &mut Position, text: &str) -> Result<(), String> {
        if self.hands().is_none() {
            return if text.is_empty() || text == "-" { Ok(()) } else { Err(format!("this ruleset keeps no hands: drop '{text}'")) };
        }
        if text == "-" {
            return Ok(());
        }
        let mut count: Option<u32> = None;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10) {
                let n = count.unwrap_or(0).saturating_mul(10).saturating_add(d);
                if n > hetproba_rules::model::MAX_IN_HAND {
                    return Err(format!("a hand holds at most {} pieces of a type", hetproba_rules::model::MAX_IN_HAND));
                }
                count = Some(n);
                continue;
            }
            let piece = self.piece_of_symbol(ch).ok_or_else(|| format!("unknown piece symbol '{ch}' in the hands"))?;
            let Owner::Player(player) = piece.owner() else {
                return Err(format!("'{ch}' belongs to nobody: only a player's pieces are held"));
            };
            if !self.may_hold(piece.kind()) {
                let name = &self.rules().pieces[piece.kind().index()].name;
                return Err(format!("no {name} ever goes into a hand in this game ('{ch}')"));
            }
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(format!("a count of 0 before '{ch}': leave the piece out"));
            }
            let held = pos.in_hand(self, player, piece.kind()) + n;
            if held > hetproba_rules::model::MAX_IN_HAND {
                return Err(format!("a hand holds at most {} pieces of a type", hetproba_rules::model::MAX_IN_HAND));
            }
            self.put_hand(pos, player, piece.kind(), held);
        }
        if count.is_some() {
            return Err(format!("'{text}' ends with a count and no piece"));
        }
        Ok(())
    }

    /// Can a piece of type `kind` be in a hand: one a capture puts there, or one a hand
    /// starts with?
    pub(crate) fn may_hold(&self, kind: PieceTypeId) -> bool {
        let Some(hands) = self.hands() else { return false };
        let captured = hands.captures
            && self
                .rules()
                .pieces
                .iter()
                .enumerate()
                .any(|(t, p)| !p.royal && p.owned && (hands.demote[t] == kind || (hands.marks && hands.unpromoted[t] == kind)));
        captured || self.rules().hands.as_ref().is_some_and(|h| h.start.iter().any(|s| s[kind.index()] > 0))
    }

    /// How a position written with hands names the piece on `cell`: a promoted piece that
    /// goes into a hand as another type is `+` and that type's symbol (`+P`), a marked piece
    /// its symbol and `~` (`Q~`).
    pub(crate) fn held_symbol(&self, pos: &Position, cell: CellId, piece: Piece, out: &mut String) {
        let Some(hands) = self.hands() else {
            out.push(self.symbol(piece));
            return;
        };
        let base = hands.demote[piece.kind().index()];
        if base != piece.kind() {
            out.push('+');
            out.push(self.symbol(Piece::new(base, piece.owner())));
        } else {
            out.push(self.symbol(piece));
            if pos.marked(self.keys(), cell) {
                out.push('~');
            }
        }
    }

    /// The piece written `+` and `symbol`: the promoted type that goes into a hand as the
    /// symbol's type.
    pub(crate) fn promoted_of_symbol(&self, symbol: char) -> Option<Piece> {
        let hands = self.hands()?;
        let base = self.piece_of_symbol(symbol)?;
        let kind = (0..self.rules().pieces.len()).find(|&t| t != base.kind().index() && hands.demote[t] == base.kind())?;
        Some(Piece::new(PieceTypeId::new(kind), base.owner()))
    }
}

impl Game {
    /// Sets how many pieces of type `kind` `player` holds during a move, recording the old count.
    pub(crate) fn set_hand(&self, pos: &mut Position, player: PlayerId, kind: PieceTypeId, count: u32) {
        if let Some(slot) = self.keys().hand_slot(player, kind) {
            pos.set_hand(self.keys(), slot, count);
        }
    }

    /// Sets a hand's count without recording it (setting up a position).
    pub(crate) fn put_hand(&self, pos: &mut Position, player: PlayerId, kind: PieceTypeId, count: u32) {
        if let Some(slot) = self.keys().hand_slot(player, kind) {
            pos.put_hand(self.keys(), slot, count);
        }
    }
}

impl Position {
    /// How many pieces of type `kind` `player` holds in hand (0 in a game without hands).
    #[inline]
    pub fn in_hand(&self, game: &Game, player: PlayerId, kind: PieceTypeId) -> u32 {
        game.keys().hand_slot(player, kind).map_or(0, |slot| self.hand(slot))
    }

    /// Did the piece on `cell` arrive by promotion (`[hands] mark-promoted`)?
    #[inline]
    pub fn is_marked(&self, game: &Game, cell: CellId) -> bool {
        self.marked(game.keys(), cell)
    }
}
