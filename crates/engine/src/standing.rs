//! Which positions can arise at all, as far as the ruleset declares it: where each piece may
//! stand when a move is over, and how many royal pieces each player has. The position reader
//! refuses the rest (a position without the royal piece, two of them for one player, a man on
//! its first row or on its promotion row), from general rules only:
//!
//! - a piece stands where the start puts it, where a move of its own may end from a cell it
//!   may stand on (whatever stands where), where a placement puts it, where a promotion
//!   makes it, or where a castling leaves it as the partner;
//! - a piece never rests where a move of its promotes, unless the promotion is optional there:
//!   it has become another (a placement never promotes);
//! - enclosures that turn pieces over let either owner's piece stand where one may,
//!   and a push, which shifts whole lines, lets any piece stand anywhere (and so does a line
//!   move that carries pieces of other types);
//! - a royal piece is never captured (no move may leave it attacked), so each player has at
//!   least the royal pieces the start gives them, and no more unless a placement or a
//!   promotion makes one; where captures explode, a blast may take one (the game is then over).

use crate::moves::{Compiled, Moves};
use crate::piece::{Owner, Piece, Square};
use crate::position::Position;
use crate::tables::Promo;
use hetproba_board::{CellId, NO_CELL};
use hetproba_rules::model::{Effect, PieceTypeId, PlayerId, Ruleset};

/// Where pieces may stand and the royal pieces' counts, worked out once per game.
#[derive(Clone, Debug)]
pub(crate) struct Standing {
    /// `may[piece byte][cell]` ([`Square::code`]); empty when any piece may stand anywhere (a
    /// push).
    may: Vec<Vec<bool>>,
    /// Per royal piece type and player: (the piece, pieces at the start, may there be more).
    royal: Vec<(Piece, u32, bool)>,
}

impl Standing {
    /// Works it out from the ruleset, its compiled moves and promotions, and the number of
    /// piece codes.
    pub(crate) fn compile(rules: &Ruleset, moves: &Moves, promotions: &[Option<Promo>], codes: usize) -> Standing {
        let n = rules.board.len();
        let placed = |kind: PieceTypeId| moves.all().iter().any(|r| r.rule.piece == kind && r.places());
        let promoted_to = |kind: PieceTypeId| promotions.iter().flatten().any(|p| p.to.contains(&kind));
        let kinds = || (0..rules.pieces.len()).map(PieceTypeId::new);
        let in_start =
            |piece: Piece| rules.start.pieces.iter().filter(|&&(_, kind, owner)| Piece::new(kind, owner.into()) == piece).count();
        let mut royal = Vec::new();
        for kind in kinds().filter(|k| rules.pieces[k.index()].royal) {
            for side in PlayerId::BOTH {
                let piece = Piece::new(kind, Owner::Player(side));
                let start = in_start(piece);
                // A royal piece the game never brings says nothing about its count (a ruleset
                // written for positions set up by hand).
                if start > 0 || placed(kind) || promoted_to(kind) {
                    royal.push((piece, start as u32, placed(kind) || promoted_to(kind)));
                }
            }
        }
        let shifts_others = |r: &Compiled| r.kind.shifts_others(r.rule.piece);
        if moves.all().iter().any(shifts_others) {
            return Standing { may: Vec::new(), royal };
        }
        let flips = rules.moves.iter().any(|m| m.effects.iter().any(Effect::turns));
        let mut may = vec![vec![false; n]; codes];
        let mut todo: Vec<(Piece, CellId)> = Vec::new();
        let mut mark = |piece: Piece, cell: CellId, todo: &mut Vec<(Piece, CellId)>| {
            let mut pieces = vec![piece];
            if flips && let Owner::Player(p) = piece.owner() {
                pieces.push(piece.turned_to(p.other()));
            }
            for piece in pieces {
                if !may[piece.code()][cell.index()] {
                    may[piece.code()][cell.index()] = true;
                    todo.push((piece, cell));
                }
            }
        };
        for &(cell, kind, owner) in &rules.start.pieces {
            mark(Piece::new(kind, owner.into()), cell, &mut todo);
        }
        // A piece the game never brings (not in the start, never placed, never promoted to):
        // the ruleset says nothing of where it comes from (one written for positions set up by
        // hand), so it may stand anywhere.
        for kind in kinds() {
            let owners = if rules.pieces[kind.index()].owned { PlayerId::BOTH.map(Owner::Player).to_vec() } else { vec![Owner::Nobody] };
            for owner in owners {
                let piece = Piece::new(kind, owner);
                let started = in_start(piece) > 0 || (flips && owner.player().is_some_and(|p| in_start(piece.turned_to(p.other())) > 0));
                if !started && !placed(kind) && !promoted_to(kind) {
                    for cell in 0..n {
                        mark(piece, CellId::new(cell), &mut todo);
                    }
                }
            }
        }
        // A piece a rule of `side` moves from `from` to `cell`: promoted where the move promotes,
        // and as it was too where the promotion is optional. A placement (`from` is `NO_CELL`)
        // never promotes.
        let arrive =
            |piece: Piece, side: PlayerId, from: CellId, cell: CellId, out: &mut Vec<Piece>| match &promotions[piece.kind().index()] {
                Some(promo) if from != NO_CELL && piece.belongs_to(side) && promo.applies(side, from, cell) => {
                    out.extend(promo.to.iter().map(|&t| Piece::new(t, Owner::Player(side))));
                    if promo.may_stay(side, cell) {
                        out.push(piece);
                    }
                }
                _ => out.push(piece),
            };
        let (mut moved, mut others, mut arrived) = (Vec::new(), Vec::new(), Vec::new());
        for rule in moves.all().iter().filter(|r| r.places()) {
            for side in PlayerId::BOTH {
                moved.clear();
                others.clear();
                rule.reach(&rules.board, side, NO_CELL, &mut moved, &mut others);
                for &cell in &moved {
                    arrived.clear();
                    arrive(rule.rule.moving[side.index()], side, NO_CELL, cell, &mut arrived);
                    for &piece in &arrived {
                        mark(piece, cell, &mut todo);
                    }
                }
            }
        }
        while let Some((piece, from)) = todo.pop() {
            for rule in moves.all().iter().filter(|r| !r.places()) {
                for side in PlayerId::BOTH {
                    if rule.rule.moving[side.index()] != piece || !rule.rule.starts_on(side, from) {
                        continue;
                    }
                    moved.clear();
                    others.clear();
                    rule.reach(&rules.board, side, from, &mut moved, &mut others);
                    for &cell in &moved {
                        arrived.clear();
                        arrive(piece, side, from, cell, &mut arrived);
                        for &p in &arrived {
                            mark(p, cell, &mut todo);
                        }
                    }
                    for &(p, cell) in &others {
                        mark(p, cell, &mut todo);
                    }
                }
            }
        }
        Standing { may, royal }
    }
}

/// Captures may explode: a blast takes a royal piece without capturing it, and the move that
/// does so ends the game, whatever it leaves attacked.
fn blasts(rules: &Ruleset) -> bool {
    rules.moves.iter().any(|m| m.effects.iter().any(|e| matches!(e, Effect::Explode(_))))
}

impl Standing {
    /// The player to move has lost a royal piece to a blast: the game is over, and the move that
    /// ended it may have left the mover's own royal piece attacked.
    pub(crate) fn royal_blown(&self, rules: &Ruleset, pos: &Position) -> bool {
        blasts(rules)
            && self.royal.iter().any(|&(piece, start, _)| {
                piece.owner().player() == Some(pos.side)
                    && u32::try_from(pos.cells.iter().filter(|&&c| c == Some(piece)).count()).is_ok_and(|n| n < start)
            })
    }

    /// Why `pos` cannot arise in this game, if it cannot (see the module's rules).
    pub(crate) fn impossible(&self, rules: &Ruleset, promotions: &[Option<Promo>], pos: &Position) -> Option<String> {
        let standing = self;
        let blasts = blasts(rules);
        let player_name = |p: PlayerId| rules.players[p.index()].name.as_str();
        let kind_name = |piece: Piece| rules.pieces[piece.kind().index()].name.as_str();
        for &(piece, start, more) in &standing.royal {
            let count = pos.cells.iter().filter(|&&c| c == Some(piece)).count() as u32;
            let (player, name) = (piece.owner().player().map_or("", player_name), kind_name(piece));
            if count < start && !blasts {
                let has = match count {
                    0 => format!("no {name}"),
                    1 => format!("1 {name}"),
                    _ => format!("{count} {name}s"),
                };
                return Some(format!("{player} has {has}: the game starts with {start}, and a royal piece is never captured"));
            }
            if count > start && !more {
                return Some(format!(
                    "{player} has {count} {name}s: the game starts with {start}, and no piece becomes one or is put on the board"
                ));
            }
        }
        if standing.may.is_empty() {
            return None;
        }
        for (i, &held) in pos.cells.iter().enumerate() {
            let Some(piece) = held else { continue };
            if standing.may[piece.code()][i] {
                continue;
            }
            let name = kind_name(piece);
            let owner = piece.owner().player().map_or(String::new(), |p| format!("{}'s ", player_name(p)));
            let promotes = piece.owner().player().is_some_and(|p| {
                promotions[piece.kind().index()].as_ref().is_some_and(|promo| promo.cells.contains(p.index(), CellId::new(i)))
            });
            let why =
                if promotes { "it would have promoted there".to_string() } else { format!("no move of the game leaves a {name} there") };
            return Some(format!("{owner}{name} on {}: {why}", rules.board.name(CellId::new(i))));
        }
        None
    }
}
