//! Monte Carlo tree search: UCT selection with a tunable exploration constant, random playouts
//! that end by the session's draw rules and stop early to let the ruleset's evaluation judge,
//! proven wins and losses (MCTS-solver), and the tree kept from one move to the next.
//! [`MctsOptions::plain`] turns all of that off: the UCT with random playouts to the end of the
//! game that hetproba first had, kept as a baseline.

use crate::{Agent, Budget, PROGRESS_EVERY, Progress, Rng, Score, Think, TreeMemory, Unit};
use hetproba_engine::rules::model::PlayerId;
use hetproba_engine::{Game, Move, Position, Session};

/// Plays random moves from `pos` until the game ends or `max_plies` pass. Returns the winner
/// (`None` for a draw or an unfinished playout). The game's own end rules only: no history.
pub fn random_playout(game: &Game, pos: &mut Position, rng: &mut Rng, moves: &mut Vec<Move>, max_plies: usize) -> Option<PlayerId> {
    let mut made = 0;
    let result = loop {
        game.generate(pos, moves);
        if moves.is_empty() {
            break game.outcome(pos).and_then(|o| o.winner);
        }
        if made >= max_plies {
            break None;
        }
        let mv = moves[rng.below(moves.len())];
        game.make(pos, mv);
        made += 1;
    };
    for _ in 0..made {
        pos.unmake();
    }
    result
}

/// How an MCTS agent searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// UCT's exploration constant: higher tries more moves, lower digs deeper into the best.
    pub exploration: f64,
    /// Playouts and the tree end games by the ruleset's `[[draw]]` rules (repetitions, move
    /// counters), as play does.
    pub draws: bool,
    /// A playout stops after this many plies and the evaluation judges the position (0: play
    /// to the end); `None`: as the ruleset's `[eval] playout` says.
    pub cutoff: Option<u32>,
    /// The tree of the last search is kept for the next move, from the position reached.
    pub reuse: bool,
    /// Wins and losses proven in the tree are propagated (MCTS-solver).
    pub solver: bool,
    /// Longest playout, in plies; a playout cut short without an evaluation counts as a draw.
    pub max_playout: usize,
    /// Contempt for draws, from 0 to 1: a finished draw (by the game's end or its `[[draw]]`
    /// rules) is worth less than a half to the side the evaluation puts ahead at the root, by
    /// this share of that side's chance of winning over a half (0: a half for both; 1: a draw
    /// worth as little to the side ahead as its chance of losing). The side ahead then plays
    /// on rather than repeat the position or run out a move counter.
    pub contempt: f64,
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions { exploration: 1.0, draws: true, cutoff: None, reuse: true, solver: true, max_playout: 2000, contempt: 0.5 }
    }
}

impl MctsOptions {
    /// Plain UCT: exploration 1.4, random playouts to the end of the game without the draw
    /// rules, a new tree for every move, nothing proven, a draw a half for both.
    pub fn plain() -> MctsOptions {
        MctsOptions { exploration: 1.4, draws: false, cutoff: Some(0), reuse: false, solver: false, max_playout: 2000, contempt: 0.0 }
    }
}

/// The points of the evaluation that make a playout's result a win three times in four: the
/// scale on which the evaluation becomes a chance of winning.
const SCALE: f64 = 150.0;

/// The most positions an MCTS tree holds (one per playout, and the root): a search with a time
/// budget stops early when its tree is this large, as one of 1,000,000 playouts does.
pub const MAX_TREE: usize = 1_000_000;

/// A position in the tree, reached by `mv`.
struct Node {
    mv: Move,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: f64,
    /// Results for the player who made `mv` (win 1, draw 0.5, a judged position its chance).
    score: f64,
    /// The player who made `mv`.
    mover: PlayerId,
    /// Proven for the player who made `mv`: 1 won, -1 lost, 0 not proven.
    proven: i8,
}

/// The tree kept between moves: its nodes and the game's moves up to its root.
struct Kept {
    nodes: Vec<Node>,
    moves: Vec<Move>,
    hash: u64,
}

/// Monte Carlo tree search; a search stops at its budget, when its tree holds [`MAX_TREE`]
/// positions, or when the root is proven.
pub struct MctsAgent {
    budget: Budget,
    rng: Rng,
    pub options: MctsOptions,
    kept: Option<Kept>,
    /// Where its tree's memory comes from while it searches.
    memory: TreeMemory,
}

impl MctsAgent {
    /// The improved search ([`MctsOptions::default`]).
    pub fn new(budget: Budget, seed: u64) -> MctsAgent {
        MctsAgent::with_options(budget, seed, MctsOptions::default())
    }

    pub fn with_options(budget: Budget, seed: u64, options: MctsOptions) -> MctsAgent {
        MctsAgent { budget, rng: Rng::new(seed), options, kept: None, memory: TreeMemory::unlimited() }
    }

    /// Its trees take their memory from `memory`, which other searches may share.
    pub fn with_memory(mut self, memory: TreeMemory) -> MctsAgent {
        self.memory = memory;
        self
    }
}

/// What a position of a tree holds in memory: the node, its moves not yet tried, and its
/// place in its parent's list.
fn node_bytes(untried: &[Move]) -> u64 {
    (std::mem::size_of::<Node>() + std::mem::size_of_val(untried) + std::mem::size_of::<usize>()) as u64
}

/// The memory a tree holds, given back when its search ends (however it ends).
struct Held<'m> {
    memory: &'m TreeMemory,
    bytes: u64,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.memory.give(self.bytes);
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, session: &Session, think: &mut Think) -> Move {
        self.search(session, think)
    }
}

/// The child a search plays: a proven win, else the most visited child not proven lost.
fn best_child(nodes: &[Node], node: usize) -> Option<usize> {
    let children = &nodes[node].children;
    if let Some(&won) = children.iter().find(|&&c| nodes[c].proven == 1) {
        return Some(won);
    }
    let rank = |&c: &usize| (nodes[c].proven != -1, nodes[c].visits, nodes[c].score);
    children.iter().copied().max_by(|a, b| rank(a).partial_cmp(&rank(b)).unwrap_or(std::cmp::Ordering::Equal))
}

fn best_move(nodes: &[Node]) -> Move {
    match best_child(nodes, 0) {
        Some(child) => nodes[child].mv,
        None => nodes[0].untried[0],
    }
}

impl MctsAgent {
    /// The tree for the session's position: the kept one, moved down along the moves played
    /// since, or a new one.
    fn tree_for(&mut self, session: &Session) -> Vec<Node> {
        let pos = session.position();
        if let Some(kept) = self.kept.take()
            && self.options.reuse
            && session.moves().len() >= kept.moves.len()
            && session.moves()[..kept.moves.len()] == kept.moves[..]
        {
            let mut node = 0;
            for mv in &session.moves()[kept.moves.len()..] {
                match kept.nodes[node].children.iter().find(|&&c| kept.nodes[c].mv == *mv) {
                    Some(&c) => node = c,
                    None => {
                        node = usize::MAX;
                        break;
                    }
                }
            }
            if node != usize::MAX && (node != 0 || kept.hash == pos.hash()) {
                return subtree(kept.nodes, node);
            }
        }
        let untried = session.game().legal_moves(pos);
        vec![Node {
            mv: Move::PASS,
            parent: usize::MAX,
            children: Vec::new(),
            untried,
            visits: 0.0,
            score: 0.0,
            mover: pos.side().other(),
            proven: 0,
        }]
    }

    /// The search; an observer is told the progress every [`PROGRESS_EVERY`] playouts and at the
    /// end. Without one the search does no more than test that it is absent.
    fn search(&mut self, session: &Session, think: &mut Think) -> Move {
        let game = session.game();
        let root_moves = game.legal_moves(session.position());
        if root_moves.len() == 1 {
            return root_moves[0];
        }
        let options = self.options;
        let mut nodes = self.tree_for(session);
        let memory = self.memory.clone();
        let mut held = Held { memory: &memory, bytes: 0 };
        let tree_bytes: u64 = nodes.iter().map(|n| node_bytes(&n.untried)).sum();
        if !memory.take(tree_bytes) {
            // The kept tree does not fit in what the other searches leave: a new one, or, with
            // no memory at all, the first move.
            nodes = self.tree_for(session);
            let root = node_bytes(&nodes[0].untried);
            if !memory.take(root) {
                return root_moves[0];
            }
            held.bytes = root;
        } else {
            held.bytes = tree_bytes;
        }
        let draw = draw_value(game, session.position(), options.contempt);
        let mut walk = session.clone();
        let mut pos = session.position().clone();
        let mut scratch = Vec::new();
        let timer = think.timer;
        let start = timer.now();
        let elapsed = || timer.now().saturating_sub(start);
        let mut playouts = 0u32;
        let stopped = loop {
            match self.budget {
                Budget::Playouts(n) if playouts >= n => break false,
                Budget::Time(t) if playouts > 0 && elapsed() >= t => break false,
                // A long time budget on a fast game must not fill the memory.
                _ if nodes.len() > MAX_TREE => break false,
                _ if nodes[0].proven != 0 || nodes[0].children.iter().any(|&c| nodes[c].proven == 1) => break false,
                _ => {}
            }
            if think.is_observed()
                && playouts.is_multiple_of(PROGRESS_EVERY)
                && playouts > 0
                && think.report(&progress(&nodes, playouts, elapsed(), false)).is_break()
            {
                break true;
            }
            playouts += 1;
            // Select.
            let mut node = 0;
            let mut depth = 0;
            while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
                let log_n = nodes[node].visits.max(1.0).ln();
                let ucb = |i: usize| match nodes[i].proven {
                    1 => f64::INFINITY,
                    -1 => f64::NEG_INFINITY,
                    _ => nodes[i].score / nodes[i].visits + options.exploration * (log_n / nodes[i].visits).sqrt(),
                };
                node = *nodes[node]
                    .children
                    .iter()
                    .max_by(|&&a, &&b| ucb(a).total_cmp(&ucb(b)))
                    .expect("a node with children has a best child");
                if options.draws {
                    walk.play_unchecked(nodes[node].mv);
                } else {
                    game.make(&mut pos, nodes[node].mv);
                }
                depth += 1;
            }
            // Expand.
            let mut terminal = None;
            if nodes[node].untried.is_empty() && nodes[node].children.is_empty() {
                // An end of the game reached again: its result, not a playout from it.
                if options.draws {
                    terminal = walk.outcome().map(|o| o.winner);
                }
            } else if !nodes[node].untried.is_empty() {
                let i = self.rng.below(nodes[node].untried.len());
                let mv = nodes[node].untried.swap_remove(i);
                let mover = if options.draws { walk.position().side() } else { pos.side() };
                let untried = if options.draws {
                    walk.play_unchecked(mv);
                    match walk.outcome() {
                        Some(o) => {
                            terminal = Some(o.winner);
                            Vec::new()
                        }
                        None => game.legal_moves(walk.position()),
                    }
                } else {
                    game.make(&mut pos, mv);
                    game.legal_moves(&pos)
                };
                depth += 1;
                let bytes = node_bytes(&untried);
                if !memory.take(bytes) {
                    // The trees together hold all the memory they may: this one stops here.
                    for _ in 0..depth {
                        if options.draws {
                            walk.undo();
                        } else {
                            pos.unmake();
                        }
                    }
                    break false;
                }
                held.bytes += bytes;
                let proven = match terminal {
                    Some(Some(w)) if options.solver => {
                        if w == mover {
                            1
                        } else {
                            -1
                        }
                    }
                    _ => 0,
                };
                nodes.push(Node { mv, parent: node, children: Vec::new(), untried, visits: 0.0, score: 0.0, mover, proven });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                node = child;
            }
            // Simulate: the first player's result, from 0 to 1.
            let first = match terminal {
                Some(winner) => result_with(winner, draw),
                None if options.draws => self.playout(&mut walk, &mut scratch, draw),
                None => result_with(random_playout(game, &mut pos, &mut self.rng, &mut scratch, options.max_playout), draw),
            };
            // Back up, and what is proven.
            let mut n = node;
            while n != usize::MAX {
                nodes[n].visits += 1.0;
                nodes[n].score += if nodes[n].mover == PlayerId::FIRST { first } else { 1.0 - first };
                if options.solver && n != node {
                    settle(&mut nodes, n);
                }
                n = nodes[n].parent;
            }
            for _ in 0..depth {
                if options.draws {
                    walk.undo();
                } else {
                    pos.unmake();
                }
            }
        };
        let best = best_move(&nodes);
        if think.is_observed() && !stopped {
            let _ = think.report(&progress(&nodes, playouts, elapsed(), true));
        }
        self.kept = options.reuse.then(|| Kept { nodes, moves: session.moves().to_vec(), hash: session.position().hash() });
        best
    }

    /// A random playout on the session (its draw rules end it); after the options' cutoff, the
    /// evaluation judges. Returns the first player's result, from 0 to 1; a draw the game or
    /// its draw rules end in is worth `draw` to the first player.
    fn playout(&mut self, walk: &mut Session, moves: &mut Vec<Move>, draw: f64) -> f64 {
        let game = walk.game();
        let cutoff = self.options.cutoff.unwrap_or(game.rules().eval.playout) as usize;
        let mut made = 0;
        let result = loop {
            game.generate(walk.position(), moves);
            if moves.is_empty() {
                break result_with(game.outcome(walk.position()).and_then(|o| o.winner), draw);
            }
            if made > 0 && walk.history_draw().is_some() {
                break draw;
            }
            if cutoff > 0 && made >= cutoff {
                break first_chance(game, walk.position());
            }
            if made >= self.options.max_playout {
                break 0.5;
            }
            let mv = moves[self.rng.below(moves.len())];
            walk.play_unchecked(mv);
            made += 1;
        };
        for _ in 0..made {
            walk.undo();
        }
        result
    }
}

/// The first player's chance of winning from `pos` as the evaluation judges it.
fn first_chance(game: &Game, pos: &Position) -> f64 {
    let points = f64::from(game.evaluate(pos));
    let mover_wins = 1.0 / (1.0 + (-points / SCALE * 3f64.ln()).exp());
    if pos.side() == PlayerId::FIRST { mover_wins } else { 1.0 - mover_wins }
}

/// What a finished draw is worth to the first player in a search from `root`: a half, less
/// `contempt` times the first player's chance over a half (more when the first player is
/// behind), so that the side ahead at the root does not settle for a draw.
fn draw_value(game: &Game, root: &Position, contempt: f64) -> f64 {
    if contempt == 0.0 {
        return 0.5;
    }
    0.5 - contempt.clamp(0.0, 1.0) * (first_chance(game, root) - 0.5)
}

/// The first player's result of a finished game, a draw worth `draw`.
fn result_with(winner: Option<PlayerId>, draw: f64) -> f64 {
    match winner {
        Some(PlayerId::FIRST) => 1.0,
        Some(_) => 0.0,
        None => draw,
    }
}

/// MCTS-solver: the node is lost for its mover when a reply wins for the opponent, won when
/// every reply is tried and lost.
fn settle(nodes: &mut [Node], n: usize) {
    if nodes[n].proven != 0 || nodes[n].children.is_empty() {
        return;
    }
    let children = &nodes[n].children;
    if children.iter().any(|&c| nodes[c].proven == 1) {
        nodes[n].proven = -1;
    } else if nodes[n].untried.is_empty() && children.iter().all(|&c| nodes[c].proven == -1) {
        nodes[n].proven = 1;
    }
}

/// The subtree under `root` as a tree of its own.
fn subtree(mut nodes: Vec<Node>, root: usize) -> Vec<Node> {
    if root == 0 {
        return nodes;
    }
    let mut out: Vec<Node> = Vec::new();
    let mut queue = std::collections::VecDeque::from([(root, usize::MAX)]);
    while let Some((old, parent)) = queue.pop_front() {
        let mut node = std::mem::replace(
            &mut nodes[old],
            Node {
                mv: Move::PASS,
                parent: 0,
                children: Vec::new(),
                untried: Vec::new(),
                visits: 0.0,
                score: 0.0,
                mover: PlayerId::FIRST,
                proven: 0,
            },
        );
        let new = out.len();
        let children = std::mem::take(&mut node.children);
        node.parent = parent;
        out.push(node);
        if parent != usize::MAX {
            out[parent].children.push(new);
        }
        queue.extend(children.into_iter().map(|c| (c, new)));
    }
    out
}

/// What the search tells its observer: the most visited line, its score as points (or a
/// proven result), the playouts.
fn progress(nodes: &[Node], playouts: u32, elapsed: std::time::Duration, fresh: bool) -> Progress {
    let mut pv = Vec::new();
    let mut node = 0;
    while let Some(child) = best_child(nodes, node) {
        if nodes[child].visits < 1.0 {
            break;
        }
        pv.push(nodes[child].mv);
        node = child;
    }
    let best = pv.first().copied().unwrap_or_else(|| best_move(nodes));
    let score = match best_child(nodes, 0) {
        Some(c) if nodes[c].proven == 1 => Score::Win(pv.len() as u32),
        Some(c) if nodes[c].proven == -1 => Score::Loss(pv.len() as u32),
        Some(c) if nodes[c].visits > 0.0 => {
            let p = (nodes[c].score / nodes[c].visits).clamp(0.001, 0.999);
            Score::Points((SCALE * (p / (1.0 - p)).ln() / 3f64.ln()).round() as i32)
        }
        _ => Score::Points(0),
    };
    Progress { nodes: u64::from(playouts), unit: Unit::Playouts, elapsed, best, depth: pv.len() as u32, score, pv, fresh }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Budget, RandomAgent, StepTimer};
    use std::ops::ControlFlow;
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    /// Any game will do: the first built-in ruleset.
    fn game() -> Game {
        crate::few_moves_game()
    }

    fn timer() -> StepTimer {
        StepTimer::new(Duration::from_micros(10))
    }

    #[test]
    fn progress_is_reported_with_growing_playout_counts_and_changes_nothing() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let timer = timer();
        let plain = MctsAgent::new(Budget::Playouts(300), 7).choose(&session, &mut Think::new(&timer));
        let mut seen = Vec::new();
        let mut observe = |p: &Progress| {
            seen.push(p.nodes);
            ControlFlow::Continue(())
        };
        let observed = MctsAgent::new(Budget::Playouts(300), 7).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert_eq!(plain, observed, "observing does not change the move");
        assert_eq!(seen, vec![64, 128, 192, 256, 300], "every 64 playouts, then at the end");
        assert!(seen.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn searches_that_share_a_memory_budget_stop_growing_at_it_and_give_it_back() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let timer = timer();
        let last = |memory: TreeMemory| {
            let mut last = 0;
            let mut observe = |p: &Progress| {
                last = p.nodes;
                ControlFlow::Continue(())
            };
            let mv =
                MctsAgent::new(Budget::Playouts(1000), 3).with_memory(memory).choose(&session, &mut Think::observed(&timer, &mut observe));
            assert!(game.legal_moves(session.position()).contains(&mv));
            last
        };
        // Room for the root and about ten positions: the search stops after about ten playouts.
        let bytes = node_bytes(&game.legal_moves(session.position())) * 11;
        let memory = TreeMemory::new(bytes);
        let small = last(memory.clone());
        assert!((1..=20).contains(&small), "{small} playouts in memory for about ten positions");
        // It gave its memory back: a second search in it does as well.
        assert_eq!(last(memory.clone()), small);
        assert_eq!(memory.left.as_ref().map(|l| l.load(Ordering::Acquire)), Some(bytes));
        // Held by another search, it leaves none: the first legal move.
        assert!(memory.take(bytes));
        assert_eq!(last(memory.clone()), 0, "no search at all");
        memory.give(bytes);
        assert_eq!(last(TreeMemory::unlimited()), 1000);
    }

    #[test]
    fn an_observer_can_stop_a_search_early() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let legal = game.legal_moves(session.position());
        let mut calls = 0;
        let timer = timer();
        let mut observe = |p: &Progress| {
            calls += 1;
            assert!(legal.contains(&p.best));
            if p.nodes >= 128 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        let mv = MctsAgent::new(Budget::Time(Duration::from_secs(3600)), 1).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert_eq!(calls, 2);
        assert!(legal.contains(&mv));
    }

    #[test]
    fn a_time_budget_is_read_from_the_timer_handed_in() {
        // Each reading of the timer moves it on by 1 ms: a budget of 50 ms ends after a number
        // of playouts fixed by the search's own readings, the same on every machine.
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let run = || {
            let timer = StepTimer::new(Duration::from_millis(1));
            let mut last = 0;
            let mut observe = |p: &Progress| {
                last = p.nodes;
                ControlFlow::Continue(())
            };
            let mv =
                MctsAgent::new(Budget::Time(Duration::from_millis(50)), 5).choose(&session, &mut Think::observed(&timer, &mut observe));
            (mv, last)
        };
        let (mv, playouts) = run();
        assert!((1..=50).contains(&playouts), "{playouts} playouts in 50 readings of 1 ms");
        assert_eq!(run(), (mv, playouts), "the same timer readings give the same search");
    }

    #[test]
    fn an_agent_that_does_not_search_never_reports() {
        let game = game();
        let session = Session::new(&game, Position::start(&game));
        let mut called = false;
        let timer = timer();
        let mut observe = |_: &Progress| {
            called = true;
            ControlFlow::Continue(())
        };
        RandomAgent::new(3).choose(&session, &mut Think::observed(&timer, &mut observe));
        assert!(!called);
    }

    /// Three in a row on a 5x5 board, its `[eval]` with this `playout`.
    fn three_in_a_row(playout: u32) -> Game {
        let text = format!(
            "[game]\nid = \"t\"\nname = \"T\"\n\n[[players]]\nname = \"x\"\n\n[[players]]\nname = \"o\"\n\n\
             [board]\nshape = \"rect\"\nwidth = 5\nheight = 5\n\n[pieces.stone]\nsymbols = [\"x\", \"o\"]\n\n\
             [moves.stone]\ndo = \"place\"\n\n[[end]]\nif = \"line(3) by mover\"\nresult = \"mover wins\"\n\n\
             [eval]\nplayout = {playout}\nterms = [\"lines(3)\"]\n"
        );
        Game::new(hetproba_engine::rules::load("t.toml", &text, &hetproba_engine::rules::BuiltinFiles, &[]).expect("loads"))
    }

    #[test]
    fn a_playout_stops_where_the_rulesets_eval_says() {
        // After one ply no line of three can stand, so a playout of one ply always ends in the
        // evaluation's chance, strictly between a loss and a win; one played to the end (a game
        // of up to 25 plies) always in a result. The options' own cutoff overrides the ruleset's.
        let results = |game: &Game, cutoff: Option<u32>| {
            let mut session = Session::new(game, Position::start(game));
            session.play_unchecked(game.legal_moves(session.position())[12]);
            let mut agent = MctsAgent::with_options(Budget::Playouts(1), 3, MctsOptions { cutoff, ..MctsOptions::default() });
            let mut moves = Vec::new();
            (0..50).map(|_| agent.playout(&mut session, &mut moves, 0.5)).collect::<Vec<f64>>()
        };
        let judged = |r: &[f64]| r.iter().all(|&p| p > 0.0 && p < 1.0) && r.iter().any(|&p| p != 0.5);
        let finished = |r: &[f64]| r.iter().all(|&p| p == 0.0 || p == 0.5 || p == 1.0);
        assert!(judged(&results(&three_in_a_row(1), None)), "{:?}", results(&three_in_a_row(1), None));
        assert!(finished(&results(&three_in_a_row(0), None)));
        assert!(finished(&results(&three_in_a_row(1), Some(0))));
        assert!(judged(&results(&three_in_a_row(0), Some(1))));
    }

    #[test]
    fn the_tree_is_kept_for_the_next_move() {
        let game = game();
        let mut session = Session::new(&game, Position::start(&game));
        let timer = timer();
        let mut agent = MctsAgent::new(Budget::Playouts(400), 9);
        let mv = agent.choose(&session, &mut Think::new(&timer));
        session.play_unchecked(mv);
        let reply = game.legal_moves(session.position())[0];
        session.play_unchecked(reply);
        // The kept tree, moved down two plies: its root has the visits the search gave it.
        let tree = agent.tree_for(&session);
        assert!(tree[0].visits >= 1.0, "the subtree after the two moves was kept");
        assert!(tree.iter().skip(1).all(|n| n.parent < tree.len()));
        // Without reuse, a new tree.
        let mut fresh = MctsAgent::with_options(Budget::Playouts(400), 9, MctsOptions { reuse: false, ..MctsOptions::default() });
        fresh.choose(&session, &mut Think::new(&timer));
        session.play_unchecked(game.legal_moves(session.position())[0]);
        assert_eq!(fresh.tree_for(&session)[0].visits, 0.0);
    }

    #[test]
    fn the_side_ahead_holds_a_repetition_worth_less_than_a_half_and_plays_on() {
        // Draughts on 8x8 (tests/fixtures/wide.toml; men step ahead or sideways), a third
        // repetition a draw. White's two men against black's one have stepped sideways and back:
        // white's b2-a2 brings back the first position (black to move) for the third time, a
        // draw; every other white move plays on, two men against one. Every visit of the drawn
        // position scores the draw (a revisited end of the game is not played on).
        let text = include_str!("../../../tests/fixtures/wide.toml");
        let rules = hetproba_engine::rules::load("wide.toml", text, &hetproba_engine::rules::BuiltinFiles, &[("size".to_string(), 8)])
            .expect("loads");
        let game = Game::new(rules);
        let mut session = Session::from_text(&game, "8/7b/8/8/8/8/w3w3/8 B").expect("a position");
        for name in ["h7-g7", "a2-b2", "g7-h7", "b2-a2", "h7-g7", "a2-b2", "g7-h7"] {
            let mv = game.parse_move(session.position(), name).expect("legal");
            session.play_unchecked(mv);
        }
        let repeat = game.parse_move(session.position(), "b2-a2").expect("legal");
        let mut probe = session.clone();
        probe.play_unchecked(repeat);
        assert!(probe.outcome().is_some_and(|o| o.winner.is_none()), "b2-a2 draws by repetition");
        let timer = timer();
        // What the search thinks of the repetition, for white, and the move it plays.
        let search = |contempt: f64, seed: u64| {
            let mut agent = MctsAgent::with_options(Budget::Playouts(2000), seed, MctsOptions { contempt, ..MctsOptions::default() });
            let mv = agent.choose(&session, &mut Think::new(&timer));
            let nodes = &agent.kept.as_ref().expect("the tree is kept").nodes;
            let draw = nodes[0].children.iter().map(|&c| &nodes[c]).find(|n| n.mv == repeat).expect("the repetition was tried");
            (draw.score / draw.visits, mv)
        };
        for seed in 1..=3 {
            let (worth, mv) = search(MctsOptions::default().contempt, seed);
            assert!(worth < 0.45, "seed {seed}: the draw is worth {worth} to the side ahead");
            assert_ne!(mv, repeat, "seed {seed}: the side ahead repeats");
            let (worth, _) = search(0.0, seed);
            assert_eq!(worth, 0.5, "without contempt a draw is a half");
        }
    }
}
