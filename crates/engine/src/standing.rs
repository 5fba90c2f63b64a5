//! Which positions can arise at all, as far as the ruleset declares it: where each piece may
//! stand when a move is over, and how many royal pieces each player has. The position reader
//! refuses the rest (a chess position without kings, two white kings, a pawn on its first row
//! or on its last), from general rules only:
//!
//! - a piece stands where the start puts it, where a move of its own may end from a cell it
//!   may stand on (whatever stands where), where a placement puts it, where a promotion
//!   makes it, or where a castling leaves it as the partner;
//! - a piece never rests where it promotes (promotion is not optional): it has become another;
//! - enclosures that turn pieces over (Reversi) let either owner's piece stand where one may,
//!   and a push, which shifts whole lines, lets any piece stand anywhere;
//! - a royal piece is never captured (no move may leave it attacked), so each player has at
//!   least the royal pieces the start gives them, and no more unless a placement or a
//!   promotion makes one.

use crate::game::{Code, EMPTY, Game, code, owner_tag, piece_type, tag};
use crate::position::Position;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Effect, Enclosed, PieceTypeId, PlayerId};

/// Where pieces may stand and the royal pieces' counts, worked out once per game.
#[derive(Clone, Debug)]
pub(crate) struct Standing {
    /// `may[code][cell]`; empty when any piece may stand anywhere (a push).
    may: Vec<Vec<bool>>,
    /// Per royal piece type and player: (type, player, pieces at the start, may there be more).
    royal: Vec<(PieceTypeId, PlayerId, u32, bool)>,
}

impl Standing {
    pub(crate) fn compile(game: &Game) -> Standing {
        let rules = game.rules();
        let n = game.board().len();
        let placed = |piece: PieceTypeId| game.compiled.iter().any(|r| r.piece == piece && r.places());
        let promoted_to = |piece: PieceTypeId| game.promotions.iter().flatten().any(|p| p.to.contains(&piece));
        let mut royal = Vec::new();
        for (t, _) in rules.pieces.iter().enumerate().filter(|(_, p)| p.royal) {
            let t = t as PieceTypeId;
            for side in PlayerId::BOTH {
                let start = rules.start.pieces.iter().filter(|&&(_, piece, owner)| piece == t && owner == Some(side)).count();
                // A royal piece the game never brings says nothing about its count (a ruleset
                // written for positions set up by hand).
                if start > 0 || placed(t) || promoted_to(t) {
                    royal.push((t, side, start as u32, placed(t) || promoted_to(t)));
                }
            }
        }
        let pushes = game.compiled.iter().any(|r| matches!(r.kind, crate::moves::Kind::Push(_)));
        if pushes {
            return Standing { may: Vec::new(), royal };
        }
        let flips = rules.moves.iter().any(|m| m.effects.iter().any(|e| matches!(e, Effect::Enclose { outcome: Enclosed::Flip, .. })));
        let mut may = vec![vec![false; n]; game.codes];
        let mut todo: Vec<(Code, CellId)> = Vec::new();
        let mut mark = |code: Code, cell: CellId, todo: &mut Vec<(Code, CellId)>| {
            let mut codes = vec![code];
            if flips && owner_tag(code) != crate::game::NEUTRAL {
                codes
                    .push(crate::game::code(piece_type(code), Some(if owner_tag(code) == 1 { PlayerId::SECOND } else { PlayerId::FIRST })));
            }
            for c in codes {
                if !may[c as usize][cell.index()] {
                    may[c as usize][cell.index()] = true;
                    todo.push((c, cell));
                }
            }
        };
        for &(cell, piece, owner) in &rules.start.pieces {
            mark(code(piece, owner), cell, &mut todo);
        }
        // A piece the game never brings (not in the start, never placed, never promoted to):
        // the ruleset says nothing of where it comes from (one written for positions set up by
        // hand), so it may stand anywhere.
        for (t, piece) in rules.pieces.iter().enumerate() {
            let t = t as PieceTypeId;
            let owners: Vec<Option<PlayerId>> = if piece.owned { PlayerId::BOTH.map(Some).to_vec() } else { vec![None] };
            for owner in owners {
                let brought = rules.start.pieces.iter().any(|&(_, p, o)| p == t && (o == owner || flips)) || placed(t) || promoted_to(t);
                if !brought {
                    for cell in 0..n {
                        mark(code(t, owner), CellId::new(cell), &mut todo);
                    }
                }
            }
        }
        let (mut moved, mut others) = (Vec::new(), Vec::new());
        // A piece a rule of `side` leaves on `cell`: promoted if it lands where it promotes.
        let arrive = |code: Code, side: PlayerId, cell: CellId, out: &mut Vec<Code>| {
            let piece = piece_type(code);
            match &game.promotions[piece as usize] {
                Some(promo) if owner_tag(code) == tag(side) && promo.cells[side.index()][cell.index()] => {
                    out.extend(promo.to.iter().map(|&t| crate::game::code(t, Some(side))));
                }
                _ => out.push(code),
            }
        };
        let mut arrived = Vec::new();
        for rule in game.compiled.iter().filter(|r| r.places()) {
            for side in PlayerId::BOTH {
                moved.clear();
                others.clear();
                rule.reach(game, side, NO_CELL, &mut moved, &mut others);
                for &cell in &moved {
                    arrived.clear();
                    arrive(rule.code[side.index()], side, cell, &mut arrived);
                    for &c in &arrived {
                        mark(c, cell, &mut todo);
                    }
                }
            }
        }
        while let Some((piece_code, from)) = todo.pop() {
            for rule in game.compiled.iter().filter(|r| !r.places()) {
                for side in PlayerId::BOTH {
                    if rule.code[side.index()] != piece_code || !rule.starts_on(side, from) {
                        continue;
                    }
                    moved.clear();
                    others.clear();
                    rule.reach(game, side, from, &mut moved, &mut others);
                    for &cell in &moved {
                        arrived.clear();
                        arrive(piece_code, side, cell, &mut arrived);
                        for &c in &arrived {
                            mark(c, cell, &mut todo);
                        }
                    }
                    for &(c, cell) in &others {
                        mark(c, cell, &mut todo);
                    }
                }
            }
        }
        Standing { may, royal }
    }
}

impl Game {
    /// Why `pos` cannot arise in this game, if it cannot (see the module's rules).
    pub(crate) fn impossible(&self, pos: &Position) -> Option<String> {
        let standing = self.standing.get_or_init(|| Standing::compile(self));
        let piece_name = |t: PieceTypeId| self.rules.pieces[t as usize].name.as_str();
        for &(t, side, start, more) in &standing.royal {
            let count = pos.cells.iter().filter(|&&c| c == code(t, Some(side))).count() as u32;
            let (player, piece) = (self.player_name(side), piece_name(t));
            if count < start {
                let has = match count {
                    0 => format!("no {piece}"),
                    1 => format!("1 {piece}"),
                    _ => format!("{count} {piece}s"),
                };
                return Some(format!("{player} has {has}: the game starts with {start}, and a royal piece is never captured"));
            }
            if count > start && !more {
                return Some(format!(
                    "{player} has {count} {piece}s: the game starts with {start}, and no piece becomes one or is put on the board"
                ));
            }
        }
        if standing.may.is_empty() {
            return None;
        }
        let board = self.board();
        for (i, &c) in pos.cells.iter().enumerate() {
            if c == EMPTY || standing.may[c as usize][i] {
                continue;
            }
            let cell = CellId::new(i);
            let piece = piece_name(piece_type(c));
            let owner = match owner_tag(c) {
                1 => format!("{}'s ", self.player_name(PlayerId::FIRST)),
                2 => format!("{}'s ", self.player_name(PlayerId::SECOND)),
                _ => String::new(),
            };
            let promotes = owner_tag(c) != crate::game::NEUTRAL
                && self.promotions[piece_type(c) as usize].as_ref().is_some_and(|p| p.cells[(owner_tag(c) - 1) as usize][i]);
            let why =
                if promotes { "it would have promoted there".to_string() } else { format!("no move of the game leaves a {piece} there") };
            return Some(format!("{owner}{piece} on {}: {why}", board.name(cell)));
        }
        None
    }
}
