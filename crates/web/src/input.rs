//! Entering a move by clicks: every legal move is one or more sequences of clicks (its start,
//! then each landing of one of its paths; the cell of a placement; the edge arrow of a push;
//! the piece in hand, then the cell of a drop), and each click narrows the moves down until one
//! is left or the player must choose.

use hetproba_board::{CellId, DirId, NO_CELL};
use hetproba_engine::rules::model::PieceTypeId;
use hetproba_engine::{Game, Move, NO_DIR, Position};

/// One click: on a cell, on the arrow that pushes into a border cell along a direction, or on
/// a piece type in the mover's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Click {
    Cell(CellId),
    Edge(CellId, DirId),
    Hand(PieceTypeId),
}

impl Click {
    /// Reads a click key as the board and the hands write it: `12` for a cell, `12>3` for an
    /// edge arrow, `h2` for the mover's pieces in hand of the third type.
    pub fn parse(key: &str) -> Option<Click> {
        if let Some(kind) = key.strip_prefix('h') {
            return Some(Click::Hand(PieceTypeId::new(usize::from(kind.parse::<u8>().ok()?))));
        }
        match key.split_once('>') {
            Some((cell, dir)) => Some(Click::Edge(CellId::checked(cell.parse().ok()?)?, DirId::new(dir.parse().ok()?)?)),
            None => Some(Click::Cell(CellId::checked(key.parse().ok()?)?)),
        }
    }
}

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing: the click matches no move (and clears what was selected).
    Nothing,
    /// More clicks are needed; the board shows where.
    Partial,
    /// The move to play.
    Play(Move),
    /// Several moves are entered alike (promotions to different pieces): the player chooses.
    Choose(Vec<Move>),
}

/// The clicks of each legal move, and the clicks made so far.
#[derive(Clone, Debug, Default)]
pub struct Entry {
    sequences: Vec<(Vec<Click>, Move)>,
    clicked: Vec<Click>,
}

impl Entry {
    /// The click sequences of the legal moves of `pos` (a pass has none: it is a button).
    pub fn new(game: &Game, pos: &Position, moves: &[Move]) -> Entry {
        let mut sequences = Vec::new();
        for &mv in moves {
            if mv.is_pass() {
                continue;
            }
            let part = (mv.part() != NO_CELL).then_some(Click::Cell(mv.part()));
            if let Some(kind) = game.dropped(mv) {
                // A drop: the piece in hand, then its cell.
                sequences.push((vec![Click::Hand(kind), Click::Cell(mv.to())].into_iter().chain(part).collect(), mv));
                continue;
            }
            if mv.from() == NO_CELL {
                if mv.dir() != NO_DIR {
                    // A push: the border cell, then the arrow of its direction.
                    sequences.push((vec![Click::Cell(mv.to()), Click::Edge(mv.to(), mv.dir())], mv));
                } else {
                    sequences.push((vec![Click::Cell(mv.to())].into_iter().chain(part).collect(), mv));
                }
                continue;
            }
            for path in game.move_paths(pos, mv) {
                let mut clicks = vec![Click::Cell(mv.from())];
                clicks.extend(path.into_iter().map(Click::Cell));
                // A move of two parts: then the cell of the later part (an arrow shot after the move).
                clicks.extend(part);
                sequences.push((clicks, mv));
            }
        }
        Entry { sequences, clicked: Vec::new() }
    }

    /// The clicks made so far.
    pub fn clicked(&self) -> &[Click] {
        &self.clicked
    }

    pub fn clear(&mut self) {
        self.clicked.clear();
    }

    fn matching<'a>(&'a self, prefix: &'a [Click]) -> impl Iterator<Item = &'a (Vec<Click>, Move)> + 'a {
        self.sequences.iter().filter(move |(s, _)| s.starts_with(prefix))
    }

    /// The next clicks that continue a move.
    pub fn next(&self) -> Vec<Click> {
        let n = self.clicked.len();
        let mut out: Vec<Click> = Vec::new();
        for (s, _) in self.matching(&self.clicked) {
            if let Some(&c) = s.get(n)
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
        out
    }

    /// The cells where a move starts (a piece that can move, or a cell to place on).
    pub fn starts(&self) -> Vec<CellId> {
        self.first_clicks(|c| if let Click::Cell(cell) = c { Some(cell) } else { None })
    }

    /// The piece types in the mover's hand that a drop can start with.
    pub fn hand_starts(&self) -> Vec<PieceTypeId> {
        self.first_clicks(|c| if let Click::Hand(kind) = c { Some(kind) } else { None })
    }

    /// The distinct first clicks of the moves that `pick` keeps, in the moves' order.
    fn first_clicks<T: PartialEq>(&self, pick: impl Fn(Click) -> Option<T>) -> Vec<T> {
        let mut out: Vec<T> = Vec::new();
        for (s, _) in &self.sequences {
            if let Some(t) = pick(s[0])
                && !out.contains(&t)
            {
                out.push(t);
            }
        }
        out
    }

    /// The piece type in hand chosen for a drop, if one is.
    pub fn hand_chosen(&self) -> Option<PieceTypeId> {
        match self.clicked.first() {
            Some(&Click::Hand(kind)) => Some(kind),
            _ => None,
        }
    }

    /// Every edge arrow of the position's pushes.
    pub fn edges(&self) -> Vec<(CellId, DirId)> {
        let mut out = Vec::new();
        for (s, _) in &self.sequences {
            for c in s {
                if let Click::Edge(cell, dir) = *c
                    && !out.contains(&(cell, dir))
                {
                    out.push((cell, dir));
                }
            }
        }
        out
    }

    /// One click. A click that continues no move starts afresh from it (another piece), and
    /// clears the selection when nothing starts there either. A move is played as soon as the
    /// clicks name one move, once a landing (or the arrow of a push) has been clicked; a click
    /// on the last landing again ends a move that could go on.
    pub fn click(&mut self, click: Click) -> Outcome {
        // The piece in hand chosen again: it is put back.
        if matches!(click, Click::Hand(_)) && self.clicked == [click] {
            self.clicked.clear();
            return Outcome::Nothing;
        }
        // An arrow is the whole push: its cell, then itself.
        if let Click::Edge(cell, _) = click
            && !self.clicked.ends_with(&[Click::Cell(cell)])
        {
            self.clicked = vec![Click::Cell(cell)];
        }
        if self.clicked.last() == Some(&click) && !self.clicked.is_empty() {
            let done = self.moves_ending_here();
            if !done.is_empty() {
                self.clicked.clear();
                return decide(done);
            }
        }
        let mut attempt = self.clicked.clone();
        attempt.push(click);
        if self.matching(&attempt).next().is_none() {
            // A shortcut: the end of a capture, when only one move from the selected start ends there.
            if let Some(mv) = self.by_end(click) {
                self.clicked.clear();
                return Outcome::Play(mv);
            }
            attempt = vec![click];
            if self.matching(&attempt).next().is_none() {
                self.clicked.clear();
                return Outcome::Nothing;
            }
        }
        self.clicked = attempt;
        let n = self.clicked.len();
        let moves: Vec<Move> = distinct(self.matching(&self.clicked).map(|(_, m)| *m));
        let goes_on = self.matching(&self.clicked).any(|(s, _)| s.len() > n);
        let ends = self.moves_ending_here();
        let first_click_of_a_move = n == 1 && self.matching(&self.clicked).any(|(s, _)| s.len() > 1 && !matches!(s[1], Click::Edge(..)));
        if !goes_on {
            self.clicked.clear();
            return decide(ends);
        }
        if moves.len() == 1 && !first_click_of_a_move {
            self.clicked.clear();
            return Outcome::Play(moves[0]);
        }
        Outcome::Partial
    }

    fn moves_ending_here(&self) -> Vec<Move> {
        distinct(self.matching(&self.clicked).filter(|(s, _)| s.len() == self.clicked.len()).map(|(_, m)| *m))
    }

    /// The one move from the selected start whose last landing is `click`, if exactly one.
    fn by_end(&self, click: Click) -> Option<Move> {
        if self.clicked.is_empty() {
            return None;
        }
        let moves = distinct(self.matching(&self.clicked).filter(|(s, _)| s.last() == Some(&click)).map(|(_, m)| *m));
        (moves.len() == 1).then(|| moves[0])
    }
}

fn distinct(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

fn decide(moves: Vec<Move>) -> Outcome {
    match moves.len() {
        0 => Outcome::Nothing,
        1 => Outcome::Play(moves[0]),
        _ => Outcome::Choose(moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{HOLDING, HOPPING, PLACING, PUSHING, RACING, game};

    fn cell(game: &Game, name: &str) -> Click {
        Click::Cell(game.board().find(name).unwrap())
    }

    fn entry(game: &Game, pos: &Position) -> Entry {
        Entry::new(game, pos, &game.legal_moves(pos))
    }

    #[test]
    fn a_placement_is_one_click() {
        let game = game(PLACING);
        let mut pos = Position::start(&game);
        game.play_line(&mut pos, "b2").unwrap();
        let mut e = entry(&game, &pos);
        let Outcome::Play(mv) = e.click(cell(&game, "a1")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "a1");
        assert_eq!(e.click(cell(&game, "b2")), Outcome::Nothing, "b2 is taken");
    }

    /// Konane's opening removals are moves of their own, from no cell: one click on the stone.
    #[test]
    fn a_removal_is_one_click() {
        let rules = hetproba_engine::rules::load_builtin("konane", &[]).expect("konane is built in").expect("konane loads");
        let game = Game::new(rules);
        let mut pos = Position::start(&game);
        let mut e = entry(&game, &pos);
        let Outcome::Play(mv) = e.click(cell(&game, "d5")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "xd5");
        game.make(&mut pos, mv);
        let mut e = entry(&game, &pos);
        assert_eq!(e.click(cell(&game, "a1")), Outcome::Nothing, "a1 is not next to the hole");
        let Outcome::Play(mv) = e.click(cell(&game, "d4")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "xd4");
    }

    #[test]
    fn a_step_is_its_start_then_its_end() {
        let game = game(RACING);
        let pos = Position::start(&game);
        let mut e = entry(&game, &pos);
        assert_eq!(e.click(cell(&game, "b1")), Outcome::Partial);
        assert_eq!(e.next(), vec![cell(&game, "b2"), cell(&game, "b3")]);
        let Outcome::Play(mv) = e.click(cell(&game, "b3")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "b1-b3");
    }

    #[test]
    fn another_own_piece_starts_afresh() {
        let game = game(RACING);
        let pos = Position::start(&game);
        let mut e = entry(&game, &pos);
        e.click(cell(&game, "b1"));
        assert_eq!(e.click(cell(&game, "d1")), Outcome::Partial);
        assert_eq!(e.clicked(), &[cell(&game, "d1")]);
    }

    #[test]
    fn a_promotion_asks_which_piece() {
        let game = game(RACING);
        let pos = game.read_position("4/1R2/3r/4 w").unwrap();
        let mut e = entry(&game, &pos);
        e.click(cell(&game, "b3"));
        let Outcome::Choose(moves) = e.click(cell(&game, "b4")) else { panic!() };
        let mut names = game.move_names(&pos, &moves);
        names.sort();
        assert_eq!(names, ["b3-b4=N", "b3-b4=Q"]);
    }

    #[test]
    fn a_capture_chain_is_entered_by_its_landings_and_played_once_it_is_one_move() {
        // The white man on a1 takes b2 (landing c3), then d4 (landing e5) or b4 (landing a5):
        // after c3 the player must say which way.
        let game = game(HOPPING);
        let pos = game.read_position("W:Wa1:Bb2,b4,d4").unwrap();
        let mut e = entry(&game, &pos);
        assert_eq!(e.click(cell(&game, "a1")), Outcome::Partial);
        assert_eq!(e.click(cell(&game, "c3")), Outcome::Partial);
        let mut next = e.next();
        next.sort_by_key(|c| format!("{c:?}"));
        let mut expected = vec![cell(&game, "a5"), cell(&game, "e5")];
        expected.sort_by_key(|c| format!("{c:?}"));
        assert_eq!(next, expected);
        let Outcome::Play(mv) = e.click(cell(&game, "e5")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "a1:c3:e5");
    }

    #[test]
    fn the_end_of_a_capture_alone_names_it_when_it_is_one() {
        let game = game(HOPPING);
        let pos = game.read_position("W:Wa1:Bb2,b4,d4").unwrap();
        let mut e = entry(&game, &pos);
        e.click(cell(&game, "a1"));
        let Outcome::Play(mv) = e.click(cell(&game, "a5")) else { panic!() };
        assert_eq!(game.move_name(&pos, mv), "a1:c3:a5");
    }

    #[test]
    fn a_push_into_an_occupied_corner_is_one_of_its_two_edge_arrows() {
        // A stone on an empty border cell is a placement; on an occupied one it pushes the run
        // there inward, and a corner can be pushed along two lines.
        let game = game(PUSHING);
        let mut pos = Position::start(&game);
        game.play_line(&mut pos, "a1").unwrap();
        let mut e = entry(&game, &pos);
        let a1 = game.board().find("a1").unwrap();
        let arrows: Vec<_> = e.edges().into_iter().filter(|&(c, _)| c == a1).collect();
        assert_eq!(arrows.len(), 2);
        assert_eq!(e.click(Click::Cell(a1)), Outcome::Partial);
        assert_eq!(e.next().len(), 2);
        let (c, d) = arrows[0];
        let Outcome::Play(mv) = e.click(Click::Edge(c, d)) else { panic!() };
        assert_eq!((mv.to(), mv.dir()), (c, d));
        // An arrow alone, without its cell first, is the whole push.
        let Outcome::Play(mv) = e.click(Click::Edge(arrows[1].0, arrows[1].1)) else { panic!() };
        assert_eq!(mv.dir(), arrows[1].1);
    }

    #[test]
    fn a_drop_is_the_piece_in_hand_then_its_cell() {
        let game = game(HOLDING);
        let pos = Position::start(&game);
        let mut e = entry(&game, &pos);
        let (stone, wall) = (game.rules().piece_index("stone").unwrap(), game.rules().piece_index("wall").unwrap());
        // Cross holds a wall and no stone: only the wall starts a drop.
        assert_eq!(e.hand_starts(), vec![wall]);
        assert_eq!(e.click(cell(&game, "b2")), Outcome::Nothing, "an empty cell alone drops nothing");
        assert_eq!(e.click(Click::Hand(stone)), Outcome::Nothing, "no stone in hand");
        assert_eq!(e.click(Click::Hand(wall)), Outcome::Partial);
        assert_eq!(e.hand_chosen(), Some(wall));
        // Every empty cell: nine less the two stones.
        assert_eq!(e.next().len(), 7);
        assert!(!e.next().contains(&cell(&game, "a1")));
        // Chosen again, the wall is put back.
        assert_eq!(e.click(Click::Hand(wall)), Outcome::Nothing);
        assert_eq!(e.hand_chosen(), None);
        e.click(Click::Hand(wall));
        let Outcome::Play(mv) = e.click(cell(&game, "b2")) else { panic!() };
        assert_eq!(game.dropped(mv), Some(wall));
        assert_eq!(game.move_name(&pos, mv), "W@b2");
    }

    #[test]
    fn click_keys_read_back() {
        assert_eq!(Click::parse("12"), Some(Click::Cell(CellId::new(12))));
        assert_eq!(Click::parse("3>2"), Some(Click::Edge(CellId::new(3), DirId(2))));
        assert_eq!(Click::parse("x"), None);
        assert_eq!(Click::parse("h2"), Some(Click::Hand(PieceTypeId::new(2))));
        assert_eq!(Click::parse("h256"), None);
        // Out of range: no cell or direction has these numbers (a byte would wrap 256 to 0).
        assert_eq!(Click::parse("3>256"), None);
        assert_eq!(Click::parse("70000"), None);
    }

    /// Enters `mv` by the clicks of its first sequence: true when they play it (or offer it
    /// among the moves entered alike).
    fn enters(start: &Entry, mv: Move) -> bool {
        let Some((clicks, _)) = start.sequences.iter().find(|(_, m)| *m == mv) else { return false };
        let mut e = start.clone();
        for &c in clicks {
            match e.click(c) {
                Outcome::Play(m) => return m == mv,
                Outcome::Choose(ms) => return ms.contains(&mv),
                Outcome::Nothing => return false,
                Outcome::Partial => {}
            }
        }
        // Every click made and the move could go on: its last landing again ends it.
        match e.click(*clicks.last().expect("a sequence has a click")) {
            Outcome::Play(m) => m == mv,
            Outcome::Choose(ms) => ms.contains(&mv),
            _ => false,
        }
    }

    #[test]
    fn every_move_of_every_built_in_can_be_entered_by_clicks_along_a_random_game() {
        // The web board plays a game to its end only if each legal move has clicks that play it:
        // checked for every move of 40 plies of a random game of each built-in.
        for (n, id) in hetproba_engine::rules::builtin_ids().enumerate() {
            let game = Game::new(hetproba_engine::rules::load_builtin(id, &[]).unwrap().unwrap());
            let mut pos = Position::start(&game);
            let mut seed = 0x2545_F491_4F6C_DD1D_u64 ^ n as u64;
            for ply in 0..40 {
                let moves = game.legal_moves(&pos);
                let start = Entry::new(&game, &pos, &moves);
                for &mv in moves.iter().filter(|m| !m.is_pass()) {
                    assert!(enters(&start, mv), "{id}, ply {ply}: {} cannot be entered by clicks", game.move_name(&pos, mv));
                }
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves[(seed % moves.len() as u64) as usize];
                game.play(&mut pos, mv).unwrap();
            }
        }
    }
}
