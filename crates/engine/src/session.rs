//! A game in progress: the position plus the history that draw rules need (repetitions, move
//! counters, material configurations). `play`, `replay` and self-play use it; perft does not.

use crate::cellbits::CellBits;
use crate::draws::{DrawTest, clock_events};
use crate::ends::Outcome;
use crate::game::Game;
use crate::host::Host;
use crate::mv::Move;
use crate::notation::PositionError;
use crate::piece::Owner;
use crate::position::Position;
use hetproba_rules::model::{DrawKind, Event, Material, PieceTypeId, PlayerId};

/// How many moves back [`Session::undo`] can always go (at least; up to twice as many).
pub const UNDO_DEPTH: usize = 256;

/// The plies a session makes room for at once: most games are shorter, so a game played from
/// the start (a playout, a self-play game) grows its history without reallocating.
const ROOM: usize = 128;

/// A game with its history.
#[derive(Clone, Debug)]
pub struct Session<'g> {
    game: &'g Game,
    pos: Position,
    /// The repetition key of every position so far, the current one last.
    keys: Vec<u64>,
    /// The index in `keys` of the position after the last irreversible move: no position
    /// before it can stand again, so repetition compares only from there.
    since: usize,
    /// Plies counted by each draw rule (0 for repetition rules).
    counters: Vec<u32>,
    moves: Vec<Move>,
    /// The pieces of each type each player has now, if a draw rule looks at material.
    material: Option<[Vec<u32>; 2]>,
    /// FEN's half-move clock: plies since the last move that was one of the clock's resets
    /// ([`DrawPlan`]).
    halfmove: u32,
    /// FEN's move number at the start, and whether the second player moved first.
    first_move: u32,
    second_began: bool,
    /// What [`Session::undo`] restores, a move at a time: where repetition looks back to, the
    /// half-move clock, the draw rules' counters, and the material counts when they are kept.
    saved: Vec<u32>,
}

fn is_event(e: &Event, mv: &Move, mover_piece: Option<PieceTypeId>) -> bool {
    match e {
        Event::Capture => mv.is_capture(),
        Event::PieceMoves(t) => mover_piece == Some(*t),
    }
}

impl<'g> Session<'g> {
    /// Starts from `pos` with an empty history and counters at zero.
    pub fn new(game: &'g Game, mut pos: Position) -> Session<'g> {
        let mut keys = Vec::with_capacity(ROOM + 1);
        keys.push(repetition_key(game, &pos));
        let counters = vec![0; game.rules().draws.len()];
        let material = game.draw_plan().material.then(|| material_counts(game, &pos));
        let second_began = pos.side() == PlayerId::SECOND;
        // What `play` saves a ply: where repetition looks back to, the clock, the counters, the
        // material.
        let saved_per_ply = 2 + counters.len() + material.as_ref().map_or(0, |m: &[Vec<u32>; 2]| m[0].len() + m[1].len());
        pos.reserve_history(ROOM);
        Session {
            game,
            pos,
            keys,
            since: 0,
            counters,
            moves: Vec::with_capacity(ROOM),
            material,
            halfmove: 0,
            first_move: 1,
            second_began,
            saved: Vec::with_capacity(ROOM * saved_per_ply),
        }
    }

    /// Starts from a position written in the ruleset's notation. FEN's half-move clock and move
    /// number, when given, start the counts: the move number, and the clock with the count of
    /// the draw rule whose resets it follows.
    pub fn from_text(game: &'g Game, text: &str) -> Result<Session<'g>, PositionError> {
        let mut session = Session::new(game, game.read_position(text)?);
        if let Some((halfmove, fullmove)) = game.fen_counters(text) {
            session.halfmove = halfmove;
            session.first_move = fullmove;
            let clock_events = clock_events(game.rules());
            for (i, rule) in game.rules().draws.iter().enumerate() {
                if let DrawKind::Counter(c) = &rule.kind
                    && c.material.is_none()
                    && c.reset == clock_events
                {
                    session.counters[i] = halfmove;
                }
            }
        }
        Ok(session)
    }

    /// The position in the ruleset's notation; FEN with this game's half-move clock and move
    /// number.
    pub fn write_position(&self) -> String {
        match self.game.rules().notation.position {
            hetproba_rules::model::PositionNotation::Fen => self.game.write_fen_counted(&self.pos, self.halfmove, self.fullmove()),
            _ => self.game.write_position(&self.pos),
        }
    }

    /// FEN's move number: the one the game started at, plus one after each move of the second
    /// player.
    pub fn fullmove(&self) -> u32 {
        self.first_move + ((self.moves.len() + usize::from(self.second_began)) / 2) as u32
    }

    /// FEN's half-move clock: plies since the last capture or the last move of the kind that
    /// restarts the move-count draw (a pawn move, say).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The game the session plays.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move and updates the history, without checking it: the move must be one of the
    /// legal moves of the position (playouts and searches play the moves they generate).
    /// [`Session::play`] is the checked path.
    pub fn play_unchecked(&mut self, mv: Move) {
        let game = self.game;
        let plan = game.draw_plan();
        self.saved.extend_from_slice(&[self.since as u32, self.halfmove]);
        self.saved.extend_from_slice(&self.counters);
        if let Some(counts) = &self.material {
            self.saved.extend(counts.iter().flatten());
        }
        let mover_piece = if mv.from == hetproba_board::NO_CELL { None } else { self.pos.at(mv.from).map(|p| p.kind()) };
        game.make(&mut self.pos, mv);
        // The position keeps the undo log of the last UNDO_DEPTH moves, so copying it costs
        // that much whatever the game's length, and searches take moves back within it.
        self.pos.bound_history(UNDO_DEPTH);
        let capture = mv.is_capture();
        self.halfmove = if plan.clock.hit(capture, mover_piece) { 0 } else { self.halfmove + 1 };
        if plan.material {
            self.count_with_material(&mv, mover_piece);
        } else {
            for &(i, resets) in &plan.counters {
                self.counters[i] = if resets.hit(capture, mover_piece) { 0 } else { self.counters[i] + 1 };
            }
        }
        if game.one_way().holds(&mv, mover_piece) {
            self.since = self.keys.len();
        }
        self.keys.push(repetition_key(game, &self.pos));
        self.moves.push(mv);
    }

    /// The draw rules' counters where some rule looks at material: counted once per move, a
    /// rule's count restarts when the material changes or its condition does not hold.
    fn count_with_material(&mut self, mv: &Move, mover_piece: Option<PieceTypeId>) {
        let game = self.game;
        let changed = match &mut self.material {
            Some(counts) => {
                let after = material_counts(game, &self.pos);
                let before = std::mem::replace(counts, after);
                before != *counts
            }
            None => false,
        };
        let after = &self.material;
        for (i, rule) in game.rules().draws.iter().enumerate() {
            if let DrawKind::Counter(c) = &rule.kind {
                let (reset, material) = (&c.reset, &c.material);
                let reset_now = reset.iter().any(|e| is_event(e, mv, mover_piece));
                let holds = material.as_ref().is_none_or(|m| after.as_ref().is_some_and(|counts| material_holds(game, m, counts)));
                self.counters[i] = if !holds || reset_now || (material.is_some() && changed) { 0 } else { self.counters[i] + 1 };
            }
        }
    }

    /// Takes the last move back, with its history: for searches that walk the game's tree from
    /// the session, and for taking moves back in play. Returns false if no move was played, or
    /// if the move is more than [`UNDO_DEPTH`] moves back.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() || self.pos.moves_logged() == 0 {
            return false;
        }
        self.moves.pop();
        self.pos.unmake();
        self.keys.pop();
        if let Some(counts) = &mut self.material {
            let types = counts[0].len();
            let at = self.saved.len() - 2 * types;
            for (i, &n) in self.saved[at..].iter().enumerate() {
                counts[i / types][i % types] = n;
            }
            self.saved.truncate(at);
        }
        let at = self.saved.len() - self.counters.len();
        self.counters.copy_from_slice(&self.saved[at..]);
        self.saved.truncate(at);
        self.halfmove = self.saved.pop().expect("a saved half-move clock for each move");
        self.since = self.saved.pop().expect("a saved start of repetition for each move") as usize;
        true
    }

    /// How many times the current position stood on the board earlier in the game (same
    /// cells, player to move and declared state). Only the positions since the last
    /// irreversible move can be the same, so only those are compared; and since every move
    /// ends its player's turn, only every second one of them has the same player to move.
    pub fn repetitions(&self) -> u32 {
        let (now, before) = self.keys[self.since..].split_last().expect("the session holds the current position's key");
        let (mut count, mut i) = (0, before.len());
        while i >= 2 {
            i -= 2;
            count += u32::from(before[i] == *now);
        }
        count
    }

    /// The result: the game's own end conditions first, then the draws that need history.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.game.outcome(&self.pos) {
            return Some(o);
        }
        self.drawn()
    }

    /// [`Session::outcome`], given the legal moves of the position as [`Game::generate`] lists
    /// them: while there are some, the game's own end conditions do not hold (generation has
    /// asked them), so a loop that generates each ply asks only the draws, and generates once.
    #[inline]
    pub fn outcome_given(&self, moves: &[Move]) -> Option<Outcome> {
        if moves.is_empty() { self.outcome() } else { self.drawn() }
    }

    /// The draw that the history makes, if any.
    #[inline]
    fn drawn(&self) -> Option<Outcome> {
        let rule = self.history_draw()?;
        let draw = &self.game.rules().draws[rule];
        if let DrawKind::Repetition(r) = &draw.kind
            && r.check_loses
            && let Some(checker) = self.perpetual_checker()
        {
            let reason = format!("perpetual check ({})", draw.reason);
            return Some(Outcome { winner: Some(checker.other()), reason });
        }
        Some(Outcome { winner: None, reason: draw.reason.clone() })
    }

    /// The player who gave check with every move of theirs since the current position first
    /// stood, if exactly one did (both checking is a draw). Walks a copy of the position back
    /// through the cycle; a cycle longer than the moves it can take back counts as no check.
    #[inline(never)]
    fn perpetual_checker(&self) -> Option<PlayerId> {
        let keys = &self.keys[self.since..];
        let (now, before) = keys.split_last()?;
        let first = (before.len() % 2..before.len()).step_by(2).find(|&i| before[i] == *now)?;
        let plies = keys.len() - 1 - first;
        if plies > self.pos.moves_logged() {
            return None;
        }
        let mut pos = self.pos.clone();
        let mut always = [true, true];
        for _ in 0..plies {
            // The move that made `pos` was the other player's: did it leave the side to move in check?
            let mover = pos.side().other();
            always[mover.index()] &= self.game.is_check(&pos);
            pos.unmake();
        }
        match always {
            [true, false] => Some(PlayerId::FIRST),
            [false, true] => Some(PlayerId::SECOND),
            _ => None,
        }
    }

    /// The first `[[draw]]` rule that holds now, by its index: the draws that need history,
    /// without the game's own end conditions (a search that has the moves at hand asks this
    /// alone).
    pub fn history_draw(&self) -> Option<usize> {
        for (i, test) in self.game.draw_plan().tests.iter().enumerate() {
            let drawn = match *test {
                DrawTest::Repetition(count) => self.repetitions() + 1 >= count,
                DrawTest::Count { plies, material } => self.counters[i] >= plies && (!material || self.material_holds(i)),
                DrawTest::CountByPieces => self.material_holds(i) && self.counters[i] >= self.plies_by_pieces(i),
            };
            if drawn {
                return Some(i);
            }
        }
        None
    }

    /// Does the material condition of draw rule `i` hold now? (Kept out of line: most games
    /// have no such rule, and their draws are asked every ply.)
    #[inline(never)]
    fn material_holds(&self, i: usize) -> bool {
        match &self.game.rules().draws[i].kind {
            DrawKind::Counter(c) => match &c.material {
                Some(m) => self.material.as_ref().is_some_and(|counts| material_holds(self.game, m, counts)),
                None => true,
            },
            _ => true,
        }
    }

    /// The plies draw rule `i` allows by its `moves = "..."`, worked out from the pieces on the
    /// board now (the material holds, so they are those the count started with); 0 when the
    /// expression is not positive: drawn at once.
    #[inline(never)]
    fn plies_by_pieces(&self, i: usize) -> u32 {
        let (DrawKind::Counter(c), Some(counts)) = (&self.game.rules().draws[i].kind, &self.material) else {
            return 0;
        };
        let Some(by) = &c.by_pieces else {
            return 0;
        };
        let both = |t: usize| i64::from(counts[0][t]) + i64::from(counts[1][t]);
        let lookup = |name: &str| -> Option<i64> {
            if name == "pieces" {
                return Some((0..counts[0].len()).map(both).sum());
            }
            self.game.rules().piece_index(name).map(|t| both(t.index()))
        };
        // The names were checked when the rule was read; an overflow counts as no moves left.
        let moves = by.0.eval(&lookup).unwrap_or(0).clamp(0, 99_999);
        u32::try_from(moves * 2).unwrap_or(0)
    }

    /// The counter of each draw rule, in plies.
    pub fn counters(&self) -> &[u32] {
        &self.counters
    }
}

/// A position's key for repetition: its hash, but without the passed cells when no legal move
/// lands on them. Positions are the same when the same moves are possible (FIDE 9.2): a pawn's
/// double step that no pawn can take changes nothing. (The never-moved marks are kept canonical
/// the same way, by `drop_idle_marks`.)
#[inline(always)]
fn repetition_key(game: &Game, pos: &Position) -> u64 {
    match pos.passed() {
        Some((passed, victim)) => passed_repetition_key(game, pos, passed, victim),
        None => pos.hash(),
    }
}

/// [`repetition_key`] of a position whose last move passed over cells.
fn passed_repetition_key(game: &Game, pos: &Position, passed: CellBits, victim: hetproba_board::CellId) -> u64 {
    // Listing the legal moves only when a move could take the passed cells at all.
    if !game.could_take_passed(pos)
        || !game.legal_moves(pos).iter().any(|m| !m.is_pass() && game.compiled(m.rule.index()).rule.takes_passed)
    {
        pos.hash() ^ game.keys().passed(passed, victim)
    } else {
        pos.hash()
    }
}

/// Pieces of each type for each player: `counts[player][type]`.
fn material_counts(game: &Game, pos: &Position) -> [Vec<u32>; 2] {
    let types = game.rules().pieces.len();
    let mut counts = [vec![0; types], vec![0; types]];
    for c in 0..game.board().len() {
        if let Some(piece) = pos.at(hetproba_board::CellId::new(c))
            && let Owner::Player(owner) = piece.owner()
        {
            counts[owner.index()][piece.kind().index()] += 1;
        }
    }
    counts
}

fn material_holds(game: &Game, m: &Material, counts: &[Vec<u32>; 2]) -> bool {
    let side_holds = |pred: &hetproba_rules::syntax::Pred, player: PlayerId| {
        let mine = &counts[player.index()];
        let lookup = |name: &str| -> Option<i64> {
            if name == "pieces" {
                return Some(mine.iter().sum::<u32>() as i64);
            }
            game.rules().piece_index(name).map(|t| mine[t.index()] as i64)
        };
        pred.eval(&lookup).unwrap_or(false)
    };
    (side_holds(&m.strong, PlayerId::FIRST) && side_holds(&m.weak, PlayerId::SECOND))
        || (side_holds(&m.strong, PlayerId::SECOND) && side_holds(&m.weak, PlayerId::FIRST))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small generator of its own, so the test needs no other crate.
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *state >> 33
    }

    #[test]
    fn repetitions_since_the_last_one_way_move_are_all_of_them() {
        // Random games of every ruleset: counting from the last irreversible move finds what
        // comparing with the whole game finds, and it does skip the game before it.
        let mut skipped = 0;
        for id in hetproba_rules::builtin_ids() {
            let game = Game::new(hetproba_rules::load_builtin(id, &[]).expect("listed").expect("loads"));
            for seed in 0..3 {
                let mut state = seed;
                let mut session = Session::new(&game, Position::start(&game));
                let mut moves = Vec::new();
                for _ in 0..300 {
                    game.generate(session.position(), &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    session.play_unchecked(moves[next(&mut state) as usize % moves.len()]);
                    let (now, before) = session.keys.split_last().expect("a key");
                    let whole = before.iter().filter(|&k| k == now).count() as u32;
                    assert_eq!(session.repetitions(), whole, "{id}: after {:?}", session.moves());
                    skipped += session.since;
                }
            }
        }
        assert!(skipped > 0, "some one-way move cut the history");
    }
}
