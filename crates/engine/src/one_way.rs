//! OneWay moves: those after which no earlier position can stand on the board again, so
//! that repetition compares only the positions since the last of them (a capture, the step of a
//! piece that only moves forward). Worked out from the rules alone, and only where it can
//! be proved; where it cannot, every move counts as reversible and repetition looks at the
//! whole game.
//!
//! The proof is a measure that no move lowers: per player `p` and piece type `t`, the triple
//! (pieces on the board, fewest first; `p`'s pieces of `t`, fewest first; the sum over them of
//! their cells' ranks). It holds when no move brings a piece onto the board (no placement, no
//! stacks, which keep captured pieces), nothing becomes a `t` (no promotion to it, no pieces
//! turned), no move carries a `t` along with another piece (castling's partner), and the cells a
//! `t` of `p` can go to without capturing form no cycle, so that they can be ranked with every
//! such move going up. A capture then lowers the board's count for good, and a move of a `t`
//! raises its measure for good; two positions with different measures differ.

use crate::moves::{Kind, Moves};
use crate::mv::Move;
use hetproba_board::CellId;
use hetproba_rules::model::{Effect, PieceTypeId, PlayerId, Ruleset};

#[cfg(test)]
thread_local! {
    /// The cells whose reach [`OneWay::of`] asked, on this thread.
    static REACHED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Which moves are irreversible.
#[derive(Clone, Debug, Default)]
pub(crate) struct OneWay {
    /// Every capture is.
    captures: bool,
    /// Per piece type: every move of a piece of it is.
    pieces: Vec<bool>,
}

impl OneWay {
    pub(crate) fn of(rules: &Ruleset, moves: &Moves) -> OneWay {
        let types = rules.pieces.len();
        let adds = rules.stacks.is_some() || moves.all().iter().any(|r| r.places());
        if adds {
            return OneWay { captures: false, pieces: vec![false; types] };
        }
        let turns = rules.moves.iter().flat_map(|m| &m.effects).any(Effect::turns);
        let mut pieces = vec![!turns; types];
        for (t, piece) in rules.pieces.iter().enumerate() {
            pieces[t] &= piece.owned;
            for promo in rules.pieces.iter().filter_map(|p| p.promotion.as_ref()) {
                if promo.to.iter().any(|&to| to.index() == t) {
                    pieces[t] = false;
                }
            }
        }
        // `goes[p][t][c]`: where a piece of type `t` of player `p` on `c` may go without
        // necessarily capturing.
        let n = rules.board.len();
        let mut goes = vec![vec![vec![Vec::new(); n]; types]; 2];
        let (mut moved, mut others) = (Vec::new(), Vec::new());
        for side in PlayerId::BOTH {
            for rule in moves.all() {
                let t = rule.rule.piece.index();
                // Only castling and lines carry other pieces along; any other rule is asked
                // where it goes, and that only when its piece may still be one way and it may
                // move without capturing (a flying king's captures on a 32x32 board cost 94% of
                // the board's compiling).
                let carries = matches!(rule.kind, Kind::Castle(_) | Kind::Line(_));
                if !carries && (rule.always_captures() || !pieces[t]) {
                    continue;
                }
                #[cfg(test)]
                REACHED.with(|r| r.set(r.get() + goes[side.index()][t].len()));
                for (c, to) in goes[side.index()][t].iter_mut().enumerate() {
                    moved.clear();
                    others.clear();
                    rule.reach(&rules.board, side, CellId::new(c), &mut moved, &mut others);
                    for (other, _) in &others {
                        pieces[other.kind().index()] = false;
                    }
                    if !rule.always_captures() {
                        to.extend(moved.iter().map(|d| d.index()));
                    }
                }
            }
        }
        for (t, one_way) in pieces.iter_mut().enumerate() {
            *one_way &= goes.iter().all(|per_type| acyclic(&per_type[t]));
        }
        OneWay { captures: true, pieces }
    }

    /// Is `mv`, made by a piece of type `mover` (`None`: none moves), irreversible?
    #[inline]
    pub(crate) fn holds(&self, mv: &Move, mover: Option<PieceTypeId>) -> bool {
        (self.captures && mv.is_capture()) || mover.is_some_and(|t| self.pieces[t.index()])
    }

    /// Is every capture irreversible?
    #[cfg(test)]
    pub(crate) fn captures(&self) -> bool {
        self.captures
    }

    /// Is every move of a piece of `t` irreversible?
    #[cfg(test)]
    pub(crate) fn piece(&self, t: PieceTypeId) -> bool {
        self.pieces[t.index()]
    }
}

/// Does the graph of `edges[c]` (cells reached from `c`) have no cycle, a loop included?
fn acyclic(edges: &[Vec<usize>]) -> bool {
    // Depth first, without recursion: 0 not seen, 1 on the path, 2 done.
    let mut state = vec![0u8; edges.len()];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..edges.len() {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        stack.push((root, 0));
        while let Some(&mut (c, ref mut next)) = stack.last_mut() {
            if let Some(&d) = edges[c].get(*next) {
                *next += 1;
                match state[d] {
                    0 => {
                        state[d] = 1;
                        stack.push((d, 0));
                    }
                    1 => return false,
                    _ => {}
                }
            } else {
                state[c] = 2;
                stack.pop();
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// Men step forward and jump both ways, promoting on the far row; kings step both ways.
    const HOPPING: &str = include_str!("../../../tests/fixtures/hopping.toml");
    /// A runner slides forward only and promotes to a queen (slides both ways) or a knight.
    const RACING: &str = include_str!("../../../tests/fixtures/racing.toml");
    /// Stones placed on empty cells.
    const PLACING: &str = include_str!("../../../tests/fixtures/placing.toml");
    /// Stacks of men (columns): a capture keeps the piece in the column.
    const COLUMNS: &str = include_str!("../../../tests/fixtures/columns.toml");

    fn load(text: &str) -> Game {
        Game::new(hetproba_rules::load("fixture.toml", text, &hetproba_rules::BuiltinFiles, &[]).expect("loads"))
    }

    fn piece(game: &Game, name: &str) -> PieceTypeId {
        game.rules().piece_index(name).expect("a piece of the ruleset")
    }

    /// The hopping fixture with the men's forward step written as `step`.
    fn hopping_with_man_step(step: &str) -> String {
        let from = "[moves.man-step]\npiece = \"man\"\ndo = \"step(forward-diagonal)\"";
        assert!(HOPPING.contains(from));
        HOPPING.replace(from, &format!("[moves.man-step]\npiece = \"man\"\ndo = \"{step}\""))
    }

    #[test]
    fn captures_and_forward_only_pieces_are_one_way() {
        // Men step forward only (their jumps all capture); kings step both ways.
        let g = load(HOPPING);
        let i = &g.one_way();
        assert!(i.captures() && i.piece(piece(&g, "man")) && !i.piece(piece(&g, "king")));
        // A forward slide is one way; what the runner promotes to is not.
        let g = load(RACING);
        let i = &g.one_way();
        assert!(i.piece(piece(&g, "runner")) && !i.piece(piece(&g, "queen")) && !i.piece(piece(&g, "knight")));
    }

    #[test]
    fn a_line_of_men_moving_forward_is_one_way() {
        // Men move forward as lines too (every man of the line one cell forward).
        let g = load(&hopping_with_man_step("line(forward-diagonal)"));
        let i = &g.one_way();
        assert!(i.captures() && i.piece(piece(&g, "man")) && !i.piece(piece(&g, "king")));
        // Kings that nothing promotes to and that step forward only are one way too, until a
        // line carries them along with a man: a piece moved by another piece's rule proves
        // nothing.
        let forward = hopping_with_man_step("line(forward-diagonal)")
            .replace(
                "[moves.king-step]\npiece = \"king\"\ndo = \"step(diagonal)\"",
                "[moves.king-step]\npiece = \"king\"\ndo = \"step(forward-diagonal)\"",
            )
            .replace("promote = { to = \"king\", in = \"far\" }\n", "");
        assert!(forward.contains("do = \"step(forward-diagonal)\"\nnotation") && !forward.contains("promote"));
        let g = load(&forward);
        assert!(g.one_way().piece(piece(&g, "man")) && g.one_way().piece(piece(&g, "king")));
        let g = load(&forward.replace("line(forward-diagonal)", "line(forward-diagonal, of=man|king)"));
        assert!(g.one_way().piece(piece(&g, "man")) && !g.one_way().piece(piece(&g, "king")));
    }

    /// Issue 38, finding 23: a 32x32 board took 0.27 s to load, 94% of it walking every
    /// king's captures from every cell. Captures and the moves of a piece that cannot
    /// be one way are not walked: only the men's steps are, for each side.
    #[test]
    fn a_large_board_walks_only_the_moves_that_can_prove_one_way() {
        // The hopping fixture on 32 x 32 (its embedded tests are written for 6 x 6).
        let text = HOPPING.split("[[tests]]").next().expect("text before the tests");
        let large = text.replace("width = 6\nheight = 6", "width = 32\nheight = 32");
        assert!(large.contains("width = 32"));
        let rules = hetproba_rules::load("fixture.toml", &large, &hetproba_rules::BuiltinFiles, &[]).expect("loads");
        REACHED.with(|r| r.set(0));
        let g = Game::new(rules);
        let cells = g.board().len();
        assert_eq!(REACHED.with(std::cell::Cell::get), 2 * cells);
        let i = g.one_way();
        assert!(i.captures() && i.piece(piece(&g, "man")) && !i.piece(piece(&g, "king")));
    }

    #[test]
    fn nothing_is_one_way_where_pieces_come_onto_the_board() {
        // Placements add pieces; columns keep captured pieces.
        for (name, text) in [("placing", PLACING), ("columns", COLUMNS)] {
            let g = load(text);
            let i = &g.one_way();
            assert!(!i.captures(), "{name}");
            assert!((0..g.rules().pieces.len()).all(|t| !i.piece(PieceTypeId::new(t))), "{name}");
        }
    }

    #[test]
    fn a_piece_that_can_step_back_is_not() {
        // The same game with men stepping in every diagonal direction: a man's step no longer
        // proves anything, whatever a move-count draw resets on.
        let g = load(&hopping_with_man_step("step(diagonal)"));
        assert!(g.one_way().captures() && !g.one_way().piece(piece(&g, "man")));
    }

    #[test]
    fn cycles_are_found() {
        assert!(acyclic(&[vec![1, 2], vec![2], vec![]]));
        assert!(!acyclic(&[vec![1], vec![2], vec![0]]));
        assert!(!acyclic(&[vec![], vec![1]]));
    }
}
