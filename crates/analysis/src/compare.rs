//! Variant analysis: what differs in the rules of two rulesets (in words), perft side by side
//! until the counts part, a witness (a position reachable under both rulesets where their legal
//! moves differ), and with `play` games of each compared. Bounded by depth, time and a count of
//! positions; the report says what was found within them.
//!
//! [`compare`] writes the report a line at a time as it goes (a long perft shows its rows as they
//! come) and returns it as data ([`Comparison`]).

use crate::selfplay::{GameLine, Run, play_many};
use crate::stats::{Share, reports};
use crate::{ThreadsError, Workers};
use hetproba_ai::Timer;
use hetproba_engine::board::{CellId, NO_CELL};
use hetproba_engine::rules::describe::{Aspect, fingerprint};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, NO_DIR, Owner, Piece, Position};
use hetproba_play::AgentSpec;
use hetproba_play::draw::draw;
use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

/// The bounds of a comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The deepest perft depth compared (from different starts, at most 3).
    pub max_depth: u32,
    /// The time budget for perft and the witness search, in seconds (above 0, at most 24 h).
    pub seconds: f64,
    /// Random games of each ruleset to compare in play (0: none).
    pub play: u64,
    /// The seed of those games.
    pub seed: u64,
}

/// What went wrong while comparing.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// A game of one ruleset did not replay under itself: a bug, reported rather than hidden.
    #[error("{ruleset}: game {game} replays wrongly at ply {ply}: {error}")]
    Replay { ruleset: String, game: u64, ply: usize, error: hetproba_engine::MoveError },
}

/// What the report says, as data (`compare --json`). Stable: fields are only ever added.
#[derive(serde::Serialize, Default, Debug)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    /// The rules whose words differ: {aspect, key, a, b} (null where a ruleset lacks the rule).
    pub rules_differ: Vec<Differ>,
    pub same_start: bool,
    /// Perft from the start, depth by depth: {depth, a, b}.
    pub perft: Vec<PerftRow>,
    pub first_difference: Option<u32>,
    /// A position reachable under both whose legal moves differ, if one was found.
    pub witness: Option<WitnessData>,
    /// The report as it was written, line by line.
    pub text: Vec<String>,
}

#[derive(serde::Serialize, Debug)]
pub struct Differ {
    pub aspect: &'static str,
    pub key: String,
    pub a: Option<String>,
    pub b: Option<String>,
}

#[derive(serde::Serialize, Debug)]
pub struct PerftRow {
    pub depth: u32,
    pub a: u64,
    pub b: u64,
}

#[derive(serde::Serialize, Debug)]
pub struct WitnessData {
    /// The moves from the start (empty: the start itself).
    pub line: Vec<String>,
    pub position: String,
    pub to_move: String,
    pub only_a: Vec<String>,
    pub only_b: Vec<String>,
}

/// Where the report's lines go: to the caller as they are written, and into the data's `text`.
struct Report<'s> {
    data: Comparison,
    sink: &'s mut dyn FnMut(&str),
}

impl Report<'_> {
    /// One or more lines (a leading `\n` starts a section with an empty line).
    fn say(&mut self, line: String) {
        (self.sink)(&line);
        self.data.text.extend(line.lines().map(String::from));
    }
}

macro_rules! say {
    ($report:expr, $($arg:tt)*) => { $report.say(format!($($arg)*)) };
}

/// How the cells of one board sit on the other's: at the same coordinates, or mirrored left to
/// right (`x` becomes `mirror - x`: a board played on its light squares against one played on its
/// dark ones). Mirroring is its own inverse, so one frame serves both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    mirror: Option<i32>,
}

impl Frame {
    const SAME: Frame = Frame { mirror: None };

    fn cell(self, (x, y): (i32, i32)) -> (i32, i32) {
        match self.mirror {
            Some(m) => (m - x, y),
            None => (x, y),
        }
    }

    fn step(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        if self.mirror.is_some() { (-dx, dy) } else { (dx, dy) }
    }
}

/// The frame that lays `a`'s cells exactly on `b`'s, if any (directions may differ: a board with
/// more directions is the same board).
fn frame(a: &Game, b: &Game) -> Option<Frame> {
    let coords = |g: &Game, f: Frame| {
        let mut c: Vec<(i32, i32)> = g.board().cells().iter().map(|c| f.cell((c.x, c.y))).collect();
        c.sort();
        c
    };
    let target = coords(b, Frame::SAME);
    if coords(a, Frame::SAME) == target {
        return Some(Frame::SAME);
    }
    let xs = a.board().cells().iter().map(|c| c.x);
    let mirror = Frame { mirror: Some(xs.clone().min()? + xs.max()?) };
    (coords(a, mirror) == target).then_some(mirror)
}

/// A move as both rulesets can name it: the piece, start, end, direction, captured cells and
/// promotion — cells and directions by their coordinates in a common frame, so that two rulesets
/// on one board agree even when they name its cells differently (algebraic and PDN numbers) or
/// lay it mirrored; piece types by name (as indices into a list both share).
type MoveKey = (u16, Option<(i32, i32)>, Option<(i32, i32)>, Option<(i32, i32)>, Vec<(i32, i32)>, Option<u16>);

/// Piece type names shared by two rulesets: per ruleset, each piece type's index in one list.
fn shared_piece_ids(a: &Game, b: &Game) -> [Vec<u16>; 2] {
    let mut names: Vec<&str> = Vec::new();
    [a, b].map(|g| {
        g.rules()
            .pieces
            .iter()
            .map(|p| match names.iter().position(|n| *n == p.name) {
                Some(i) => i as u16,
                None => {
                    names.push(&p.name);
                    (names.len() - 1) as u16
                }
            })
            .collect()
    })
}

/// The piece id of a pass.
const PASS_PIECE: u16 = u16::MAX;

fn key(game: &Game, mv: Move, frame: Frame, piece_ids: &[u16]) -> MoveKey {
    let board = game.board();
    let at = |c: CellId| {
        (c != NO_CELL).then(|| {
            let cell = board.cell(c);
            frame.cell((cell.x, cell.y))
        })
    };
    let dir = (mv.dir() != NO_DIR).then(|| {
        let d = &board.directions()[mv.dir().index()];
        frame.step((d.dx, d.dy))
    });
    // In coordinate order: the boards may number their cells differently.
    let mut captures: Vec<(i32, i32)> = mv.captured_cells().filter_map(at).collect();
    captures.sort();
    let promotion = mv.promotion().map(|t| piece_ids[t.index()]);
    let piece = if mv.is_pass() { PASS_PIECE } else { piece_ids[game.rules().moves[mv.rule().index()].piece.index()] };
    (piece, at(mv.from()), at(mv.to()), dir, captures, promotion)
}

/// A position by coordinates (in `frame`), owner names and piece names, with the player to
/// move: the same for two rulesets that start alike, whatever they call their cells.
fn portable(game: &Game, pos: &Position, frame: Frame) -> (Vec<(i32, i32, String, String)>, String) {
    let rules = game.rules();
    let mut cells = Vec::new();
    for (i, cell) in game.board().cells().iter().enumerate() {
        if let Some(piece) = pos.at(CellId::new(i)) {
            let owner = match piece.owner() {
                Owner::Player(p) => rules.players[p.index()].name.clone(),
                Owner::Nobody => "nobody".to_string(),
            };
            let (x, y) = frame.cell((cell.x, cell.y));
            cells.push((x, y, owner, rules.pieces[piece.kind().index()].name.clone()));
        }
    }
    cells.sort();
    (cells, game.player_name(pos.side()).to_string())
}

/// `from`'s player as `to` knows them: by name when the two rulesets name the same players
/// (one ruleset may list black first, the other white), otherwise by order.
fn player_in(from: &Game, to: &Game, p: PlayerId) -> PlayerId {
    let name = &from.rules().players[p.index()].name;
    let same_names = from.rules().players.iter().all(|fp| to.rules().players.iter().any(|tp| tp.name == fp.name));
    match to.rules().players.iter().position(|tp| &tp.name == name) {
        Some(i) if same_names => PlayerId(i as u8),
        _ => p,
    }
}

/// The same position under another ruleset on the same board: cells by coordinates (through
/// `frame`), owners by name (or order), piece types by name. `None` if a piece type has no
/// namesake there.
fn translate(from: &Game, to: &Game, pos: &Position, frame: Frame) -> Option<Position> {
    let mut pieces = Vec::new();
    for (i, cell) in from.board().cells().iter().enumerate() {
        let Some(c) = pos.at(CellId::new(i)) else { continue };
        let name = &from.rules().pieces[c.kind().index()].name;
        let piece = to.rules().piece_index(name)?;
        let owner = match c.owner() {
            Owner::Player(p) => Owner::Player(player_in(from, to, p)),
            Owner::Nobody => Owner::Nobody,
        };
        let (x, y) = frame.cell((cell.x, cell.y));
        pieces.push((to.board().at(x, y)?, Piece::new(piece, owner)));
    }
    Some(Position::with_pieces(to, &pieces, player_in(from, to, pos.side())))
}

/// The most positions the witness search visits from each of two different starts.
const DIFFERENT_STARTS_NODES: u64 = 100_000;

/// What the witness search found.
struct Witness {
    line: Vec<String>,
    pos_a: Position,
    only_a: Vec<String>,
    only_b: Vec<String>,
}

struct Search<'a> {
    a: &'a Game,
    b: &'a Game,
    /// How `a`'s board lies on `b`'s.
    frame: Frame,
    /// Per ruleset, its piece types' shared ids.
    piece_ids: [Vec<u16>; 2],
    timer: &'a dyn Timer,
    deadline: Duration,
    timed_out: bool,
    /// Positions visited, and the most the search may visit (a bound that, unlike the time,
    /// gives the same answer on every machine).
    nodes: u64,
    max_nodes: u64,
    capped: bool,
    seen: HashSet<(u64, u32)>,
    line: Vec<String>,
}

impl Search<'_> {
    /// Depth-first search, over moves both rulesets allow, for a position where the move sets
    /// differ, at most `depth` plies deep.
    fn find(&mut self, pa: &mut Position, pb: &mut Position, depth: u32) -> Option<Witness> {
        if self.timer.now() >= self.deadline {
            self.timed_out = true;
            return None;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.capped = true;
            return None;
        }
        let moves_a = self.a.legal_moves(pa);
        let moves_b = self.b.legal_moves(pb);
        let keys_a: Vec<MoveKey> = moves_a.iter().map(|&m| key(self.a, m, self.frame, &self.piece_ids[0])).collect();
        let keys_b: Vec<MoveKey> = moves_b.iter().map(|&m| key(self.b, m, Frame::SAME, &self.piece_ids[1])).collect();
        let set_a: BTreeSet<&MoveKey> = keys_a.iter().collect();
        let set_b: BTreeSet<&MoveKey> = keys_b.iter().collect();
        if set_a != set_b {
            let only_a = moves_a.iter().zip(&keys_a).filter(|(_, k)| !set_b.contains(k)).map(|(&m, _)| self.a.move_name(pa, m)).collect();
            let only_b = moves_b.iter().zip(&keys_b).filter(|(_, k)| !set_a.contains(k)).map(|(&m, _)| self.b.move_name(pb, m)).collect();
            return Some(Witness { line: self.line.clone(), pos_a: pa.clone(), only_a, only_b });
        }
        if depth == 0 || !self.seen.insert((pa.hash(), depth)) {
            return None;
        }
        for (i, &ma) in moves_a.iter().enumerate() {
            let Some(j) = keys_b.iter().position(|k| *k == keys_a[i]) else { continue };
            self.line.push(self.a.move_name(pa, ma));
            self.a.make(pa, ma);
            self.b.make(pb, moves_b[j]);
            let found = self.find(pa, pb, depth - 1);
            pa.unmake();
            pb.unmake();
            self.line.pop();
            if found.is_some() || self.timed_out || self.capped {
                return found;
            }
        }
        None
    }
}

fn numbered(line: &[String], first_side: PlayerId) -> String {
    let mut out = Vec::new();
    for (i, mv) in line.iter().enumerate() {
        let ply = i + first_side.index();
        if ply.is_multiple_of(2) {
            out.push(format!("{}. {mv}", ply / 2 + 1));
        } else if i == 0 {
            out.push(format!("{}... {mv}", ply / 2 + 1));
        } else {
            out.push(mv.clone());
        }
    }
    out.join(" ")
}

/// Compares `a` and `b` within `options`, writing the report to `sink` a line at a time (a
/// string may hold several lines, and starts with `\n` where a section begins) and returning it
/// as data.
pub fn compare(a: &Game, b: &Game, options: &Options, timer: &dyn Timer, sink: &mut dyn FnMut(&str)) -> Result<Comparison, CompareError> {
    let mut r = Report { data: Comparison::default(), sink };
    report(&mut r, a, b, options, timer)?;
    Ok(r.data)
}

/// The report, section by section, and its data.
fn report(r: &mut Report, a: &Game, b: &Game, options: &Options, timer: &dyn Timer) -> Result<(), CompareError> {
    // The budget is held to (0, 24 h] by the caller: the deadline below cannot overflow.
    let Options { max_depth, seconds, play, seed: play_seed } = *options;
    let (na, nb) = (a.rules().id.clone(), b.rules().id.clone());
    let started = timer.now();
    let budget = Duration::from_secs_f64(seconds);
    say!(r, "Comparing {na} and {nb}.");

    // 1. The rules in words.
    let fa = fingerprint(a.rules());
    let fb = fingerprint(b.rules());
    let keys: Vec<(Aspect, String)> = {
        let mut keys: Vec<(Aspect, String)> = fa.iter().map(|(asp, k, _)| (*asp, k.clone())).collect();
        for (asp, k, _) in &fb {
            if !keys.iter().any(|(_, x)| x == k) {
                keys.push((*asp, k.clone()));
            }
        }
        keys
    };
    let words = |f: &[(Aspect, String, String)], k: &str| f.iter().find(|(_, key, _)| key == k).map(|(_, _, w)| w.clone());
    let mut differing = Vec::new();
    for (aspect, k) in &keys {
        let (wa, wb) = (words(&fa, k), words(&fb, k));
        if wa != wb {
            differing.push((*aspect, k.clone(), wa, wb));
        }
    }
    r.data.a = na.clone();
    r.data.b = nb.clone();
    r.data.rules_differ = differing
        .iter()
        .map(|(aspect, key, wa, wb)| Differ { aspect: aspect.word(), key: key.clone(), a: wa.clone(), b: wb.clone() })
        .collect();
    say!(r, "\n1. Rules that differ:");
    if differing.is_empty() {
        say!(r, "   none: the two rulesets say the same in every rule.");
    }
    for (_, k, wa, wb) in &differing {
        say!(r, "   - {k}:");
        say!(r, "       {na}: {}", wa.as_deref().unwrap_or("(none)"));
        say!(r, "       {nb}: {}", wb.as_deref().unwrap_or("(none)"));
    }
    let board_frame = frame(a, b);

    // 2. Perft side by side.
    say!(r, "\n2. Perft from the start:");
    let width = na.len().max(nb.len()).max(10);
    say!(r, "   {:>5}  {:>width$}  {:>width$}", "depth", na, nb);
    let (start_a, start_b) = (Position::start(a), Position::start(b));
    let same_start = board_frame.is_some_and(|f| portable(a, &start_a, f) == portable(b, &start_b, Frame::SAME));
    // From different starts the counts differ at once; a few depths show how the games grow.
    let search_depth = max_depth.saturating_sub(1);
    let max_depth = if same_start { max_depth } else { max_depth.min(3) };
    r.data.same_start = same_start;
    let mut first_difference = None;
    let mut last_time = Duration::ZERO;
    let mut last_growth = 1.0f64;
    let mut last_nodes = 1u64;
    let mut reached = 0;
    for depth in 1..=max_depth {
        // Stop before a depth whose estimated time would overrun the budget.
        let estimate = Duration::try_from_secs_f64(last_time.as_secs_f64() * last_growth.max(1.0)).unwrap_or(Duration::MAX);
        if depth > 1 && timer.now().saturating_sub(started).saturating_add(estimate) > budget {
            say!(r, "   (stopped before depth {depth}: the time budget of {seconds} s would run out)");
            break;
        }
        let t = timer.now();
        let count = |g: &Game, p: &Position| -> u64 { g.perft_divide(p, depth, true, &|_, _| {}).iter().map(|(_, n)| n).sum() };
        let (pa, pb) = (count(a, &start_a), count(b, &start_b));
        last_time = timer.now().saturating_sub(t);
        last_growth = pa as f64 / last_nodes.max(1) as f64;
        last_nodes = pa.max(1);
        reached = depth;
        r.data.perft.push(PerftRow { depth, a: pa, b: pb });
        let mark = if pa != pb && first_difference.is_none() { "   <- first difference" } else { "" };
        say!(r, "   {depth:>5}  {pa:>width$}  {pb:>width$}{mark}");
        if pa != pb && first_difference.is_none() {
            first_difference = Some(depth);
            r.data.first_difference = Some(depth);
            if same_start {
                break;
            }
        }
    }

    // 3. A witness.
    'witness: {
        say!(r, "\n3. Where the legal moves differ:");
        let Some(board_frame) = board_frame else {
            say!(r, "   The boards differ, so no position can be played under both rulesets; only the rules and the counts above compare.");
            break 'witness;
        };
        if board_frame.mirror.is_some() {
            say!(r, "   The boards are mirror images (left and right swapped): positions are compared mirrored.");
        }
        // From a common start the counts say how deep to look; from different starts they cannot, so
        // the search goes as deep as the perft would have.
        let depth = if same_start { first_difference.map_or(reached, |d| d - 1) } else { search_depth };
        let mut search = Search {
            a,
            b,
            frame: board_frame,
            piece_ids: shared_piece_ids(a, b),
            timer,
            deadline: started + budget.max(Duration::from_millis(200)),
            timed_out: false,
            nodes: 0,
            // From a common start the depth bounds the search; from different starts a count of
            // positions does, so that a search with no witness to find ends early.
            max_nodes: if same_start { u64::MAX } else { DIFFERENT_STARTS_NODES },
            capped: false,
            seen: HashSet::new(),
            line: Vec::new(),
        };
        // The positions to search from: the common start, or, when the starts differ, each start
        // set up under the other ruleset too (the moves after it are those both allow).
        let mut starts: Vec<(String, Position, Position)> = Vec::new();
        if same_start {
            starts.push(("the start position".to_string(), start_a.clone(), start_b.clone()));
        } else {
            say!(r, "   The start positions differ (pieces, or who moves first):");
            say!(r, "     {na}: {} to move, {}", a.player_name(start_a.side()), a.write_position(&start_a));
            say!(r, "     {nb}: {} to move, {}", b.player_name(start_b.side()), b.write_position(&start_b));
            if let Some(pb) = translate(a, b, &start_a, board_frame) {
                starts.push((format!("{na}'s start"), start_a.clone(), pb));
            }
            if let Some(pa) = translate(b, a, &start_b, board_frame) {
                starts.push((format!("{nb}'s start"), pa, start_b.clone()));
            }
            if starts.is_empty() {
                say!(r, "   Neither start can be set up under the other ruleset (its pieces differ), so there is nothing to search.");
                break 'witness;
            }
            say!(r, "   Searching from each start, set up under both rulesets:");
        }
        let mut found = None;
        let mut from = String::new();
        // The depth searched completely from every start.
        let mut searched = depth;
        'starts: for (name, start_a, start_b) in &starts {
            search.nodes = 0;
            search.capped = false;
            for limit in 0..=depth {
                search.seen.clear();
                let (mut pa, mut pb) = (start_a.clone(), start_b.clone());
                found = search.find(&mut pa, &mut pb, limit);
                if found.is_some() || search.timed_out {
                    from = name.clone();
                    break 'starts;
                }
                if search.capped {
                    searched = searched.min(limit.saturating_sub(1));
                    break;
                }
            }
        }
        let start_a = starts.iter().find(|(name, ..)| *name == from).map_or(start_a.clone(), |(_, pa, _)| pa.clone());
        match found {
            Some(w) => {
                r.data.witness = Some(WitnessData {
                    line: w.line.clone(),
                    position: a.write_position(&w.pos_a),
                    to_move: a.player_name(w.pos_a.side()).to_string(),
                    only_a: w.only_a.clone(),
                    only_b: w.only_b.clone(),
                });
                let reached_by = match (w.line.is_empty(), same_start) {
                    (true, true) => "the start position".to_string(),
                    (true, false) => from.clone(),
                    (false, true) => format!("after {}", numbered(&w.line, start_a.side())),
                    (false, false) => format!("from {from}, after {}", numbered(&w.line, start_a.side())),
                };
                say!(r, "   A position reachable under both, {reached_by}:");
                for row in draw(a, &w.pos_a).lines() {
                    say!(r, "     {row}");
                }
                say!(r, "   position: {}", a.write_position(&w.pos_a));
                say!(r, "   {} to move", a.player_name(w.pos_a.side()));
                say!(r, "   only under {na}: {}", if w.only_a.is_empty() { "-".to_string() } else { w.only_a.join(" ") });
                say!(r, "   only under {nb}: {}", if w.only_b.is_empty() { "-".to_string() } else { w.only_b.join(" ") });
            }
            None => {
                let plies = searched;
                let limit = match (search.timed_out, same_start) {
                    (true, _) => "within the time budget".to_string(),
                    (false, true) => format!("within {plies} plies of the start"),
                    (false, false) => format!("within {plies} plies of either start"),
                };
                say!(r, "   No position {limit} where their legal moves differ.");
                let start_only = |asp: &Aspect, k: &str| *asp == Aspect::Board && k == "start position";
                if !differing.is_empty() && differing.iter().all(|(asp, k, ..)| start_only(asp, k)) {
                    say!(r, "   They move identically; they differ only in their start position.");
                } else if !differing.is_empty() && differing.iter().all(|(asp, k, ..)| *asp == Aspect::End || start_only(asp, k)) {
                    let ends: Vec<&str> = differing.iter().map(|(_, k, ..)| k.as_str()).collect();
                    say!(r, "   They move identically; their difference lies only in how a game ends ({}).", ends.join(", "));
                }
            }
        }
    }

    // 4. In play.
    if play > 0 {
        play_section(r, a, b, frame(a, b), play, play_seed, timer)?;
    }
    Ok(())
}

/// `--play N`: N random games of each ruleset, their statistics side by side, and how often a
/// position reached in one's games has other legal moves under the other.
fn play_section(
    r: &mut Report,
    a: &Game,
    b: &Game,
    board_frame: Option<Frame>,
    n: u64,
    seed: u64,
    timer: &dyn Timer,
) -> Result<(), CompareError> {
    say!(r, "\n4. In play ({n} games of each, random against random, seed {seed}):");
    let workers = Workers::new(None)?;
    let numbers: Vec<u64> = (0..n).collect();
    let run = Run { players: [AgentSpec::Random, AgentSpec::Random], seed, alternate: true, max_plies: 1000, memory: Default::default() };
    let play = |g: &Game| -> Vec<GameLine> {
        let mut out = Vec::new();
        let Ok(()) = play_many::<GameLine, std::convert::Infallible>(
            &workers,
            g,
            &run,
            &numbers,
            timer,
            |line| line,
            |lines| {
                out.extend(lines);
                Ok(())
            },
            &|_| {},
        );
        out
    };
    let (games_a, games_b) = (play(a), play(b));
    let (ra, rb) = (&reports(&games_a)[0], &reports(&games_b)[0]);
    let (na, nb) = (&a.rules().id, &b.rules().id);
    let width = na.len().max(nb.len()).max(12);
    let pct = |s: &Share| format!("{:.1}%", 100.0 * s.share);
    let num = |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let rows: Vec<(&str, String, String)> = vec![
        ("first seat wins", pct(&ra.first_seat_wins), pct(&rb.first_seat_wins)),
        ("second seat wins", pct(&ra.second_seat_wins), pct(&rb.second_seat_wins)),
        ("draws", pct(&ra.draws), pct(&rb.draws)),
        ("stopped at 1000 plies", pct(&ra.stopped), pct(&rb.stopped)),
        ("mean length (plies)", format!("{:.1}", ra.length.mean), format!("{:.1}", rb.length.mean)),
        ("median length", format!("{:.1}", ra.length.median), format!("{:.1}", rb.length.median)),
        ("branching", format!("{:.2}", ra.branching), format!("{:.2}", rb.branching)),
        ("balance", num(ra.measures.balance, 3), num(rb.measures.balance, 3)),
        ("drawishness", num(ra.measures.drawishness, 3), num(rb.measures.drawishness, 3)),
        ("decisiveness", num(ra.measures.decisiveness, 3), num(rb.measures.decisiveness, 3)),
        ("lead changes", format!("{:.2}", ra.measures.lead_changes), format!("{:.2}", rb.measures.lead_changes)),
    ];
    say!(r, "   {:<22}  {:>width$}  {:>width$}", "", na, nb);
    for (name, va, vb) in rows {
        say!(r, "   {name:<22}  {va:>width$}  {vb:>width$}");
    }
    let Some(f) = board_frame else {
        say!(r, "   The boards differ, so the positions of one ruleset's games cannot be set up under the other.");
        return Ok(());
    };
    for (from, to, games) in [(a, b, &games_a), (b, a, &games_b)] {
        differ_in_play(r, from, to, games, f)?;
    }
    Ok(())
}

/// Replays `from`'s games and counts the positions whose legal moves differ under `to`.
fn differ_in_play(r: &mut Report, from: &Game, to: &Game, games: &[GameLine], f: Frame) -> Result<(), CompareError> {
    let [ids_from, ids_to] = shared_piece_ids(from, to);
    let (mut positions, mut differing, mut untranslated) = (0u64, 0u64, 0u64);
    let mut witness: Option<String> = None;
    for line in games {
        let mut pos = Position::start(from);
        for (ply, name) in line.moves.iter().enumerate() {
            match translate(from, to, &pos, f) {
                None => untranslated += 1,
                Some(other) => {
                    positions += 1;
                    let moves_from = from.legal_moves(&pos);
                    let moves_to = to.legal_moves(&other);
                    let keys_from: BTreeSet<MoveKey> = moves_from.iter().map(|&m| key(from, m, f, &ids_from)).collect();
                    let keys_to: BTreeSet<MoveKey> = moves_to.iter().map(|&m| key(to, m, Frame::SAME, &ids_to)).collect();
                    if keys_from != keys_to {
                        differing += 1;
                        if witness.is_none() {
                            let only = |g: &Game, p: &Position, moves: &[Move], keys: Vec<MoveKey>, other: &BTreeSet<MoveKey>| {
                                let names: Vec<String> =
                                    moves.iter().zip(keys).filter(|(_, k)| !other.contains(k)).map(|(&m, _)| g.move_name(p, m)).collect();
                                if names.is_empty() { "-".to_string() } else { names.join(" ") }
                            };
                            let list_from: Vec<MoveKey> = moves_from.iter().map(|&m| key(from, m, f, &ids_from)).collect();
                            let list_to: Vec<MoveKey> = moves_to.iter().map(|&m| key(to, m, Frame::SAME, &ids_to)).collect();
                            witness = Some(format!(
                                "     first in game {} after {ply} plies: {}\n     only under {}: {}\n     only under {}: {}",
                                line.game,
                                from.write_position(&pos),
                                from.rules().id,
                                only(from, &pos, &moves_from, list_from, &keys_to),
                                to.rules().id,
                                only(to, &other, &moves_to, list_to, &keys_from),
                            ));
                        }
                    }
                }
            }
            let mv = from.parse_move(&pos, name).map_err(|error| CompareError::Replay {
                ruleset: from.rules().id.clone(),
                game: line.game,
                ply,
                error,
            })?;
            from.make(&mut pos, mv);
        }
    }
    let share = Share::new(differing, positions);
    say!(
        r,
        "   Positions reached in {}'s games whose legal moves differ under {}: {differing} of {positions} ({:.1}%, 95% CI {:.1}-{:.1}%)",
        from.rules().id,
        to.rules().id,
        100.0 * share.share,
        100.0 * share.low,
        100.0 * share.high
    );
    if untranslated > 0 {
        say!(r, "     ({untranslated} positions hold pieces {} does not have and were not compared)", to.rules().id);
    }
    if let Some(w) = witness {
        say!(r, "{w}");
    }
    Ok(())
}
