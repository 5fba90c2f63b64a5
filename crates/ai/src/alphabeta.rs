//! Alpha-beta search on the ruleset's `[eval]`: iterative deepening with aspiration windows and
//! principal variation search, a transposition table on the position's Zobrist hash, move
//! ordering (the table's move, captures by gain, killers, history), late-move reductions,
//! quiescence on captures (a position where every move captures, as under compulsory capture,
//! is searched whole, so a forced exchange is followed to its end; none in a game whose every
//! move captures, where it would search every leaf to the game's end), check extensions, the
//! session's draw rules (repetitions and move counters along the searched line), a contempt for
//! draws, wins and losses scored by their distance, and time shared out over a game under a clock.

use crate::{Agent, Lease, Progress, Rng, Score, Think, TimeLeft, TreeMemory, Unit};
use hetproba_engine::rules::model::{DrawKind, PlayerId};
use hetproba_engine::{Game, MAX_EVAL, Move, Session};
use std::time::Duration;

/// How far an alpha-beta agent searches each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// To this depth in plies (then quiescence).
    Depth(u32),
    /// For about this long (a clock, when one runs, may allow less).
    Time(Duration),
    /// Until this many positions have been searched.
    Nodes(u64),
    /// Until the observer stops it (or the deepest depth).
    Infinite,
}

/// The transposition table's size when none is asked for, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest table, in MiB.
pub const MAX_HASH_MB: usize = 4096;

/// The deepest a search goes, in plies from the root (iterations, extensions and quiescence).
const MAX_PLY: usize = 128;
/// Quiescence follows captures this many plies at most. A capture the player chose (standing on
/// the evaluation was open to it) counts `CHOSEN_CAPTURE` plies, a compulsory one one: chosen
/// captures go 8 plies deep, compulsory chains 24. Where each capture makes more possible (a
/// mill takes a stone, and the next placement makes a mill again) chosen captures alone would
/// grow past any budget at a fixed depth.
const MAX_QUIESCENCE: i32 = 24;
const CHOSEN_CAPTURE: i32 = 3;
/// A won position at the root; a win in `n` plies scores `WIN - n`.
const WIN: i32 = 100_000_000;
/// Scores beyond this are wins or losses found by the search.
const WON: i32 = WIN - 1000;
const INFINITY: i32 = WIN + 1;
/// The search reads the timer and tells the observer every this many positions.
const CHECK_EVERY: u64 = 1024;

/// Plays by alpha-beta search on the ruleset's evaluation.
pub struct AlphaBetaAgent {
    limit: Limit,
    rng: Rng,
    table: Table,
    /// History heuristic: how often a quiet move caused a cut, by a hash of its rule and cells.
    history: Vec<i32>,
    killers: Vec<[Move; 2]>,
    /// What a draw is worth less than nothing to the side to move at the root, in the
    /// evaluation's points (negative: more than nothing).
    contempt: i32,
    /// The memory its table holds in a budget that other searches share, if any.
    _lease: Lease,
}

/// The largest contempt for draws either way, in the evaluation's points: as much as the
/// evaluation can say, so that a draw scores below every won game.
pub const MAX_CONTEMPT: i32 = MAX_EVAL;

impl AlphaBetaAgent {
    /// An agent with the default table size. The seed orders equal moves, so that games differ
    /// from seed to seed; for one seed, a search to a fixed depth or number of positions plays
    /// the same move every time.
    pub fn new(limit: Limit, seed: u64) -> AlphaBetaAgent {
        AlphaBetaAgent::with_hash(limit, seed, DEFAULT_HASH_MB)
    }

    /// An agent with a transposition table of `hash_mb` MiB (1 to [`MAX_HASH_MB`]).
    pub fn with_hash(limit: Limit, seed: u64, hash_mb: usize) -> AlphaBetaAgent {
        AlphaBetaAgent {
            limit,
            rng: Rng::new(seed),
            table: Table::new(hash_mb.clamp(1, MAX_HASH_MB)),
            history: vec![0; HISTORY],
            killers: vec![[Move::PASS; 2]; MAX_PLY + 1],
            contempt: 0,
            _lease: Lease::default(),
        }
    }

    /// The agent with a contempt for draws: a drawn position (by the draw rules, by a
    /// repetition found in the search, or a drawn end of the game) scores `-contempt` for the
    /// side to move at the root and `contempt` for the other, so that a positive contempt plays
    /// on in a position the evaluation puts a little behind rather than take a draw, and a
    /// negative one takes a draw rather than play on a little ahead. 0 (the default) scores a
    /// draw as nothing. Clamped to [`MAX_CONTEMPT`] either way.
    pub fn with_contempt(mut self, contempt: i32) -> AlphaBetaAgent {
        self.set_contempt(contempt);
        self
    }

    /// Changes the contempt for draws (see [`AlphaBetaAgent::with_contempt`]), as a protocol's
    /// option does between searches.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.contempt = contempt.clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
    }

    /// An agent whose table of up to `hash_mb` MiB takes its memory from `memory`, which other
    /// searches share (the jobs of a self-play run): as much of it as is left (halved until it
    /// fits, at least 1 MiB), for as long as the agent lives.
    pub fn with_hash_in(limit: Limit, seed: u64, hash_mb: usize, memory: &TreeMemory) -> AlphaBetaAgent {
        let (mib, lease) = memory.lease_mib(hash_mb.clamp(1, MAX_HASH_MB));
        AlphaBetaAgent { _lease: lease, ..AlphaBetaAgent::with_hash(limit, seed, mib) }
    }

    /// Searches the next moves with another limit.
    pub fn set_limit(&mut self, limit: Limit) {
        self.limit = limit;
    }

    /// A new transposition table of `hash_mb` MiB (what was learnt is forgotten).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.table = Table::new(hash_mb.clamp(1, MAX_HASH_MB));
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }
}

impl Agent for AlphaBetaAgent {
    fn choose(&mut self, session: &Session, think: &mut Think) -> Move {
        let game = session.game();
        let mut root_moves = game.legal_moves(session.position());
        if root_moves.len() == 1 {
            return root_moves[0];
        }
        // The seed decides the order of moves that the search ranks alike.
        for i in (1..root_moves.len()).rev() {
            root_moves.swap(i, self.rng.below(i + 1));
        }
        let timer = think.timer;
        let start = timer.now();
        let (soft, hard) = time_for(self.limit, think.clock);
        let max_depth = match self.limit {
            Limit::Depth(d) => d.clamp(1, MAX_PLY as u32 / 2),
            _ => MAX_PLY as u32 / 2,
        };
        let node_limit = match self.limit {
            Limit::Nodes(n) => n.max(1),
            _ => u64::MAX,
        };
        self.table.age = self.table.age.wrapping_add(1);
        let root_side = session.position().side();
        // Scores with a contempt hold draws as the root's side sees them: a table entry is good
        // for searches from the same side only, so each side's entries have keys of their own.
        // Without contempt a draw is nothing to both sides and the keys are the positions'.
        self.table.salt = if self.contempt == 0 { 0 } else { SIDE_SALT.wrapping_mul(root_side.index() as u64 + 1) };
        for h in &mut self.history {
            *h /= 8;
        }
        let mut search = Search {
            game,
            session: session.clone(),
            values: piece_values(game),
            repetition_draws: game.rules().draws.iter().any(|d| matches!(d.kind, DrawKind::Repetition { .. })),
            quiescence: !game.every_move_captures(),
            table: &mut self.table,
            history: &mut self.history,
            killers: &mut self.killers,
            lists: vec![Vec::new(); MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            nodes: 0,
            node_limit,
            hard,
            start,
            stopped: false,
            think,
            best: root_moves[0],
            depth_done: 0,
            score: Score::Points(0),
            root_line: Vec::new(),
            contempt: self.contempt,
            root_side,
        };
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            let mut window = 50;
            let (mut alpha, mut beta) =
                if depth >= 4 && score.abs() < WON { (score - window, score + window) } else { (-INFINITY, INFINITY) };
            let found = loop {
                let found = search.root(&root_moves, depth as i32, alpha, beta);
                if search.stopped {
                    break found;
                }
                if found <= alpha {
                    alpha = (alpha - window).max(-INFINITY);
                } else if found >= beta {
                    beta = (beta + window).min(INFINITY);
                } else {
                    break found;
                }
                window *= 4;
            };
            if search.stopped {
                // A move the unfinished iteration found better than the last one's is kept.
                if let Some(&first) = search.root_line.first() {
                    search.best = first;
                }
                break;
            }
            score = found;
            search.best = search.pv[0].first().copied().unwrap_or(search.best);
            search.root_line = search.pv[0].clone();
            search.depth_done = depth;
            search.score = score_of(score);
            // The best move first in the next iteration.
            if let Some(i) = root_moves.iter().position(|&m| m == search.best) {
                root_moves[..=i].rotate_right(1);
            }
            if search.report(true) {
                break;
            }
            let elapsed = search.elapsed();
            if soft.is_some_and(|s| elapsed >= s) || search.nodes >= node_limit {
                break;
            }
            // A win or loss found at this depth cannot be bettered by searching deeper.
            if score.abs() >= WON && (WIN - score.abs()) as u32 <= depth {
                break;
            }
        }
        search.best
    }
}

/// The soft limit (start no new iteration after it) and the hard one (stop at once), from the
/// agent's limit and the clock.
fn time_for(limit: Limit, clock: Option<TimeLeft>) -> (Option<Duration>, Option<Duration>) {
    let fixed = match limit {
        Limit::Time(t) => Some((t.mul_f64(0.6), t)),
        _ => None,
    };
    let clocked = clock.map(|c| {
        // About a thirtieth of the time left, plus most of the increment, and never so much
        // that the clock could run out.
        let safety = Duration::from_millis(30).min(c.mine / 10);
        let usable = c.mine.saturating_sub(safety);
        let share = (c.mine / 30 + c.increment.mul_f64(0.75)).min(usable / 3);
        (share.mul_f64(0.6), (share * 3).min(usable / 2))
    });
    match (fixed, clocked) {
        (Some((s, h)), Some((cs, ch))) => (Some(s.min(cs)), Some(h.min(ch))),
        (Some((s, h)), None) | (None, Some((s, h))) => (Some(s), Some(h)),
        (None, None) => (None, None),
    }
}

/// The value of each piece type, for ordering captures (at least 1).
fn piece_values(game: &Game) -> Vec<i32> {
    game.rules().pieces.iter().map(|p| p.value.max(1)).collect()
}

fn score_of(score: i32) -> Score {
    if score >= WON {
        Score::Win((WIN - score) as u32)
    } else if score <= -WON {
        Score::Loss((WIN + score) as u32)
    } else {
        Score::Points(score)
    }
}

/// One search: the session walked along the searched line, and what it found so far.
struct Search<'a, 'g, 't> {
    game: &'g Game,
    session: Session<'g>,
    values: Vec<i32>,
    repetition_draws: bool,
    /// False where every move captures: quiescence would be a full search to its depth.
    quiescence: bool,
    table: &'a mut Table,
    history: &'a mut [i32],
    killers: &'a mut [[Move; 2]],
    /// A move list per ply, kept so that no search allocates one.
    lists: Vec<Vec<Move>>,
    /// The principal variation from each ply.
    pv: Vec<Vec<Move>>,
    nodes: u64,
    node_limit: u64,
    hard: Option<Duration>,
    start: Duration,
    stopped: bool,
    think: &'a mut Think<'t>,
    /// The best move of the last iteration searched whole, its depth, score and line.
    best: Move,
    depth_done: u32,
    score: Score,
    root_line: Vec<Move>,
    /// The agent's contempt for draws and the side it searches for.
    contempt: i32,
    root_side: PlayerId,
}

impl Search<'_, '_, '_> {
    fn elapsed(&self) -> Duration {
        self.think.timer.now().saturating_sub(self.start)
    }

    /// Tells the observer; true if it asks to stop.
    fn report(&mut self, fresh: bool) -> bool {
        if !self.think.is_observed() {
            return false;
        }
        let progress = Progress {
            nodes: self.nodes,
            unit: Unit::Positions,
            elapsed: self.elapsed(),
            best: self.best,
            depth: self.depth_done,
            score: self.score,
            pv: if self.root_line.is_empty() { vec![self.best] } else { self.root_line.clone() },
            fresh,
        };
        self.think.report(&progress).is_break()
    }

    /// Counts a position; every [`CHECK_EVERY`] reads the timer and tells the observer.
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(CHECK_EVERY) && (self.hard.is_some_and(|h| self.elapsed() >= h) || self.report(false)))
        {
            self.stopped = true;
        }
    }

    /// The root: like [`Search::negamax`], over the root's moves in the order given.
    fn root(&mut self, moves: &[Move], depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.pv[0].clear();
        let original_alpha = alpha;
        let hash = self.session.position().hash();
        let table_move = self.table.probe(hash).map(|e| e.mv);
        let mut ordered: Vec<Move> = moves.to_vec();
        if let Some(tm) = table_move
            && let Some(i) = ordered.iter().position(|&m| m == tm)
        {
            ordered[..=i].rotate_right(1);
        }
        let mut best = -INFINITY;
        let mut best_move = ordered[0];
        for (i, &mv) in ordered.iter().enumerate() {
            self.session.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.stopped { -self.negamax(depth - 1, -beta, -alpha, 1) } else { s }
            };
            self.session.undo();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.set_pv(0, mv);
                    // A better move in an unfinished iteration is kept if the search stops.
                    self.root_line = self.pv[0].clone();
                }
                if score >= beta {
                    break;
                }
            }
        }
        if !self.stopped {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(hash, best_move, best, depth, bound);
        }
        best
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The score of the session's position for the player to move, searched `depth` plies.
    fn negamax(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        self.visit();
        if self.stopped {
            return 0;
        }
        if self.drawn() {
            return self.draw_score();
        }
        // A win found this far from the root cannot beat one found nearer.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        self.game.generate(self.session.position(), &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return self.terminal(ply);
        }
        if ply >= MAX_PLY {
            self.lists[ply] = moves;
            return self.game.evaluate(self.session.position());
        }
        let in_check = self.game.is_check(self.session.position());
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            let score = self.quiescence(&mut moves, alpha, beta, ply, 0);
            self.lists[ply] = moves;
            return score;
        }
        let hash = self.session.position().hash();
        let entry = self.table.probe(hash);
        if let Some(e) = entry
            && e.depth as i32 >= depth
        {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut && alpha + 1 == beta {
                self.lists[ply] = moves;
                return score;
            }
        }
        self.order(&mut moves, entry.map(|e| e.mv), ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        for i in 0..moves.len() {
            let mv = moves[i];
            let quiet = !mv.is_capture() && mv.promotion().is_none();
            self.session.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched a ply shallower first; a surprise is searched again.
                let reduce = if depth >= 3 && i >= 3 && quiet && !in_check { 1 + i32::from(i >= 8 && depth >= 5) } else { 0 };
                let mut s = -self.negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.session.undo();
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                }
                if score >= beta {
                    if quiet {
                        self.reward(mv, depth, ply);
                    }
                    break;
                }
            }
        }
        self.lists[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(hash, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// Captures only, from a position whose moves are `moves`: the player to move may stand on
    /// the evaluation, unless every move captures (capture is compulsory: the exchange goes on)
    /// or a royal piece stands attacked (every move is searched).
    fn quiescence(&mut self, moves: &mut Vec<Move>, mut alpha: i32, beta: i32, ply: usize, qdepth: i32) -> i32 {
        let pos = self.session.position();
        if !self.quiescence && !self.game.is_check(pos) {
            return self.game.evaluate(pos);
        }
        let forced = moves.iter().all(Move::is_capture) || self.game.is_check(pos);
        if !forced || qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY {
            let stand = self.game.evaluate(pos);
            if stand >= beta || qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY {
                return stand;
            }
            alpha = alpha.max(stand);
            moves.retain(|m| m.is_capture() || m.promotion().is_some());
            if moves.is_empty() {
                return stand;
            }
        }
        self.order(moves, None, ply);
        let step = if forced { 1 } else { CHOSEN_CAPTURE };
        let mut best = if forced { -INFINITY } else { alpha };
        for &mv in moves.iter() {
            self.session.play_unchecked(mv);
            self.visit();
            let score = if self.stopped {
                0
            } else if self.drawn() {
                -self.draw_score()
            } else {
                let mut next = std::mem::take(&mut self.lists[ply + 1]);
                self.game.generate(self.session.position(), &mut next);
                let s = if next.is_empty() {
                    -self.terminal(ply + 1)
                } else {
                    -self.quiescence(&mut next, -beta, -alpha, ply + 1, qdepth + step)
                };
                self.lists[ply + 1] = next;
                s
            };
            self.session.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Drawn by the session's history: a `[[draw]]` rule holds, or the position stood before
    /// and the rules draw repetitions (a repetition is as good as a draw: it can be repeated).
    fn drawn(&self) -> bool {
        (self.repetition_draws && self.session.repetitions() > 0) || self.session.history_draw().is_some()
    }

    /// A drawn position's score for the player to move: the contempt against the root's side,
    /// for it to the other side.
    fn draw_score(&self) -> i32 {
        if self.session.position().side() == self.root_side { -self.contempt } else { self.contempt }
    }

    /// The score of a position with no moves: the game is over.
    fn terminal(&self, ply: usize) -> i32 {
        let pos = self.session.position();
        match self.game.outcome(pos).and_then(|o| o.winner) {
            Some(w) if w == pos.side() => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
            None => self.draw_score(),
        }
    }

    /// Orders moves: the table's move, captures by gain (the most valuable taken first, then
    /// with the least valuable piece), promotions, killers, then quiet moves by history.
    fn order(&self, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        let pos = self.session.position();
        let killers = self.killers[ply.min(MAX_PLY)];
        let rank = |mv: &Move| -> i64 {
            if Some(*mv) == table_move {
                return i64::MAX;
            }
            let mut r = 0i64;
            if mv.is_capture() {
                let value = |c| pos.at(c).map_or(0, |p| i64::from(self.values[p.kind().index()]));
                let gain: i64 = mv.captured_cells().map(value).sum();
                let mover = if mv.from().index() < self.game.board().len() { value(mv.from()) } else { 0 };
                r += 1_000_000_000 + gain * 1000 - mover;
            }
            if let Some(to) = mv.promotion() {
                r += 500_000_000 + i64::from(self.game.rules().pieces[to.index()].value) * 1000;
            }
            if r == 0 {
                if *mv == killers[0] {
                    r = 400_000_000;
                } else if *mv == killers[1] {
                    r = 300_000_000;
                } else {
                    r = i64::from(self.history[history_index(mv)]);
                }
            }
            r
        };
        moves.sort_by_cached_key(|m| std::cmp::Reverse(rank(m)));
    }

    /// A quiet move caused a cut: a killer at its ply, and history by depth.
    fn reward(&mut self, mv: Move, depth: i32, ply: usize) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
        let h = &mut self.history[history_index(&mv)];
        *h = (*h + depth * depth).min(100_000_000);
    }
}

const HISTORY: usize = 1 << 16;

fn history_index(mv: &Move) -> usize {
    let key =
        (u64::from(mv.rule().0) << 40) ^ ((mv.from().index() as u64) << 20) ^ mv.to().index() as u64 ^ ((mv.dir().index() as u64) << 50);
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize
}

/// Wins are stored by their distance from the stored position, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score + ply as i32
    } else if score <= -WON {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WON {
        score - ply as i32
    } else if score <= -WON {
        score + ply as i32
    } else {
        score
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this (a cut).
    Lower,
    /// The score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    mv: Move,
    score: i32,
    depth: i16,
    bound: Bound,
    age: u8,
}

/// The transposition table: one entry per slot, kept when it is deeper and of this search.
/// Its slots come in chunks, each allocated when first stored into: a table of gigabytes costs
/// nothing until a search fills it (`setoption name Hash value 4096` answers at once, a short
/// game touches a few chunks), and clearing it gives the memory back.
struct Table {
    chunks: Vec<Vec<Option<Entry>>>,
    slots: usize,
    age: u8,
    /// Mixed into every key: the root's side under a contempt for draws, else 0.
    salt: u64,
}

/// Slots in a chunk (about half a MiB).
const CHUNK: usize = 1 << 14;

/// A side's keys under a contempt: the position's hash times this, plus one, for side 0.
const SIDE_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

impl Table {
    fn new(mb: usize) -> Table {
        let slots = ((mb << 20) / std::mem::size_of::<Option<Entry>>()).max(CHUNK) / CHUNK * CHUNK;
        Table { chunks: vec![Vec::new(); slots / CHUNK], slots, age: 0, salt: 0 }
    }

    fn clear(&mut self) {
        self.chunks.iter_mut().for_each(|c| *c = Vec::new());
    }

    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots as u128) >> 64) as usize
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt;
        let slot = self.slot(key);
        self.chunks[slot / CHUNK].get(slot % CHUNK).copied().flatten().filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound) {
        let key = key ^ self.salt;
        let slot = self.slot(key);
        let age = self.age;
        let chunk = &mut self.chunks[slot / CHUNK];
        if chunk.is_empty() {
            *chunk = vec![None; CHUNK];
        }
        let entry = &mut chunk[slot % CHUNK];
        let keep = entry.is_some_and(|e| e.key != key && e.age == age && e.depth as i32 > depth);
        if !keep {
            *entry = Some(Entry { key, mv, score, depth: depth.clamp(0, i16::MAX as i32) as i16, bound, age });
        }
    }

    /// The slots allocated so far.
    #[cfg(test)]
    fn touched(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }
}

// The evaluation never reaches the scores of won games.
const _: () = assert!(MAX_EVAL < WON);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StepTimer;
    use hetproba_engine::Position;
    use std::ops::ControlFlow;

    /// Issue 38, findings 11 and 13: a table of 4 GiB was zero-filled when made (6-8 s before
    /// `readyok`, a self-play game's 4 GiB touched at its start); now only the chunks stored
    /// into are allocated, and clearing gives them back.
    #[test]
    fn a_large_table_costs_what_is_stored_in_it() {
        let mut table = Table::new(MAX_HASH_MB);
        assert_eq!(table.slots, (MAX_HASH_MB << 20) / std::mem::size_of::<Option<Entry>>() / CHUNK * CHUNK);
        assert_eq!(table.touched(), 0);
        table.store(0x1234_5678_9abc_def0, Move::PASS, 7, 3, Bound::Exact);
        assert_eq!(table.touched(), CHUNK);
        assert_eq!(table.probe(0x1234_5678_9abc_def0).map(|e| e.score), Some(7));
        assert!(table.probe(0x0fed_cba9_8765_4321).is_none());
        table.clear();
        assert_eq!(table.touched(), 0);
        assert!(table.probe(0x1234_5678_9abc_def0).is_none());
    }

    /// Every built-in ruleset: the search must work for each.
    fn games() -> Vec<Game> {
        hetproba_engine::rules::builtin_ids()
            .map(|id| Game::new(hetproba_engine::rules::load_builtin(id, &[]).expect("built in").expect("loads")))
            .collect()
    }

    #[test]
    fn tables_that_share_a_memory_budget_take_what_is_left_and_give_it_back() {
        let left = |memory: &TreeMemory| memory.left.as_ref().map(|l| l.load(std::sync::atomic::Ordering::Acquire));
        let memory = TreeMemory::new(20 << 20);
        let first = AlphaBetaAgent::with_hash_in(Limit::Depth(1), 1, 16, &memory);
        assert_eq!(first.table.slots, AlphaBetaAgent::with_hash(Limit::Depth(1), 1, 16).table.slots);
        assert_eq!(left(&memory), Some(4 << 20), "16 of the 20 MiB held");
        // The second table gets what is left: 16 halved until it fits.
        let second = AlphaBetaAgent::with_hash_in(Limit::Depth(1), 1, 16, &memory);
        assert_eq!(second.table.slots, AlphaBetaAgent::with_hash(Limit::Depth(1), 1, 4).table.slots);
        assert_eq!(left(&memory), Some(0));
        drop((first, second));
        assert_eq!(left(&memory), Some(20 << 20), "all given back");
    }

    #[test]
    fn a_fixed_budget_plays_a_legal_move_the_same_for_a_seed_in_every_ruleset() {
        let timer = StepTimer::new(Duration::ZERO);
        for game in games() {
            let session = Session::new(&game, Position::start(&game));
            // A number of positions, not a depth: a big board's third ply is slow in a test.
            let play = |seed| AlphaBetaAgent::new(Limit::Nodes(3000), seed).choose(&session, &mut Think::new(&timer));
            let mv = play(5);
            assert!(game.legal_moves(session.position()).contains(&mv), "{}", game.rules().id);
            assert_eq!(play(5), mv, "{}: the same seed, the same move", game.rules().id);
        }
    }

    #[test]
    fn each_iteration_is_reported_with_depth_score_line_and_positions() {
        let game = &crate::few_moves_game();
        let session = Session::new(game, Position::start(game));
        let timer = StepTimer::new(Duration::ZERO);
        let mut fresh = Vec::new();
        let mut observe = |p: &Progress| {
            if p.fresh {
                fresh.push((p.depth, p.nodes, p.pv.clone(), p.best));
            }
            ControlFlow::Continue(())
        };
        let mv = AlphaBetaAgent::new(Limit::Depth(4), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
        let depths: Vec<u32> = fresh.iter().map(|f| f.0).collect();
        assert_eq!(depths[..4], [1, 2, 3, 4], "{depths:?}");
        assert!(fresh.windows(2).all(|w| w[0].1 <= w[1].1), "positions only grow");
        let (_, _, pv, best) = fresh.last().expect("reports");
        assert_eq!((pv[0], *best), (mv, mv), "the line starts with the move played");
        // The line is legal move by move.
        let mut pos = session.position().clone();
        for &m in pv {
            assert!(game.legal_moves(&pos).contains(&m));
            game.make(&mut pos, m);
        }
    }

    #[test]
    fn chosen_captures_that_open_more_captures_end_at_a_fixed_depth() {
        // Mills on 4x4 (tests/fixtures/mills.toml): a placement that makes a row of three takes
        // a stone, which makes room for more rows: captures nobody has to make, without end.
        let text = include_str!("../../../tests/fixtures/mills.toml");
        let rules = hetproba_engine::rules::load("mills.toml", text, &hetproba_engine::rules::BuiltinFiles, &[]).expect("loads");
        let game = Game::new(rules);
        let mut session = Session::new(&game, Position::start(&game));
        let timer = StepTimer::new(Duration::ZERO);
        // A whole game at depth 2 a side: no search may need a million positions (without a
        // bound on chosen captures the fourth ply's did).
        while session.outcome().is_none() {
            let (mut deepest, mut most) = (0, 0);
            let mut observe = |p: &Progress| {
                if p.fresh {
                    deepest = deepest.max(p.depth);
                }
                most = most.max(p.nodes);
                if p.nodes > 1_000_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            };
            let mv = AlphaBetaAgent::new(Limit::Depth(2), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
            assert!(most <= 1_000_000, "ply {}: stopped after {most} positions at depth {deepest}", session.moves().len());
            session.play_unchecked(mv);
        }
    }

    #[test]
    fn the_observer_stops_the_search_at_once() {
        let game = &crate::few_moves_game();
        let session = Session::new(game, Position::start(game));
        let timer = StepTimer::new(Duration::ZERO);
        let mut last = 0;
        let mut observe = |p: &Progress| {
            last = p.nodes;
            if p.nodes >= 3 * CHECK_EVERY { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let mv = AlphaBetaAgent::new(Limit::Infinite, 1).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert!(game.legal_moves(session.position()).contains(&mv));
        assert!(last <= 3 * CHECK_EVERY, "stopped when told, at {last} positions");
    }

    #[test]
    fn a_time_limit_is_read_from_the_timer_and_a_clock_shortens_it() {
        let game = &crate::few_moves_game();
        let session = Session::new(game, Position::start(game));
        // Each reading of the timer moves it on by 1 ms: a budget of 200 ms ends after a fixed
        // number of readings, and so of positions, the same on every machine.
        let run = |clock: Option<TimeLeft>| {
            let timer = StepTimer::new(Duration::from_millis(1));
            let mut nodes = 0;
            let mut observe = |p: &Progress| {
                nodes = p.nodes;
                ControlFlow::Continue(())
            };
            let think = &mut Think::observed(&timer, &mut observe).with_clock(clock);
            let mv = AlphaBetaAgent::new(Limit::Time(Duration::from_millis(200)), 1).choose(&session, think);
            (mv, nodes)
        };
        let (mv, nodes) = run(None);
        assert_eq!(run(None), (mv, nodes), "the same readings, the same search");
        let short = TimeLeft { mine: Duration::from_millis(300), theirs: Duration::from_secs(60), increment: Duration::ZERO };
        let (_, fewer) = run(Some(short));
        assert!(fewer < nodes, "300 ms left on the clock allows less than 200 ms a move: {fewer} < {nodes}");
    }

    #[test]
    fn time_is_shared_out_over_the_game() {
        let clock = |mine, increment| TimeLeft {
            mine: Duration::from_secs(mine),
            theirs: Duration::from_secs(60),
            increment: Duration::from_secs(increment),
        };
        let (soft, hard) = time_for(Limit::Infinite, Some(clock(60, 0)));
        assert_eq!(soft, Some(Duration::from_secs(2).mul_f64(0.6)), "a thirtieth of the time left");
        assert_eq!(hard, Some(Duration::from_secs(6)));
        let (with_increment, _) = time_for(Limit::Infinite, Some(clock(60, 2)));
        assert!(with_increment > soft, "an increment adds to the share");
        let (fixed, fixed_hard) = time_for(Limit::Time(Duration::from_millis(500)), Some(clock(60, 0)));
        assert_eq!(
            (fixed, fixed_hard),
            (Some(Duration::from_millis(300)), Some(Duration::from_millis(500))),
            "a fixed time below the share"
        );
        assert_eq!(time_for(Limit::Depth(3), None), (None, None));
    }

    #[test]
    fn under_a_contempt_a_search_for_the_other_side_does_not_read_the_first_sides_entries() {
        // Scores with a contempt hold draws as the root's side sees them. A search for the first
        // player stores the start position; a search for the second (after one move) must not
        // find that entry, and without contempt it does (draws are nothing to both sides).
        let game = &crate::few_moves_game();
        let start = Session::new(game, Position::start(game));
        let mut after = start.clone();
        after.play_unchecked(game.legal_moves(start.position())[0]);
        let timer = StepTimer::new(Duration::ZERO);
        for (contempt, read) in [(0, true), (50, false), (-50, false)] {
            let mut agent = AlphaBetaAgent::new(Limit::Depth(3), 1).with_contempt(contempt);
            agent.choose(&start, &mut Think::new(&timer));
            assert!(agent.table.probe(start.position().hash()).is_some(), "the root is stored");
            agent.choose(&after, &mut Think::new(&timer));
            assert_eq!(agent.table.probe(start.position().hash()).is_some(), read, "contempt {contempt}");
        }
    }

    #[test]
    fn wins_are_kept_by_their_distance_in_the_table() {
        let won = WIN - 5;
        assert_eq!(from_table(to_table(won, 3), 3), won);
        assert_eq!(from_table(to_table(won, 3), 7), won - 4, "seen four plies deeper, the same win is four plies further");
        assert_eq!(from_table(to_table(-won, 2), 2), -won);
        assert_eq!(to_table(120, 9), 120);
        assert_eq!(score_of(WIN - 3), Score::Win(3));
        assert_eq!(score_of(-(WIN - 2)), Score::Loss(2));
    }
}
