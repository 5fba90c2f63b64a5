//! The evaluation, compiled: `[eval]`'s terms turned into tables, and [`Game::evaluate`], the
//! points of a position for the player to move. Terms that depend only on a piece and its cell
//! (material, piece counts, advance, regions, approach) are summed into one table per piece code
//! and cell; the others (mobility, movers, lines, groups, spread, stable pieces, shelter, gaps)
//! each keep the tables they read. Every term is measured for both players; a term counts the player's own
//! measure minus the opponent's.

use crate::host::Host;
use crate::mv::{Move, Sink};
use crate::piece::{Owner, Piece, Square};
use crate::position::Position;
use hetproba_board::{Axis, line_masks};
use hetproba_board::{Board, CellId, CellSet, CellSets, DirId, NO_CELL};
use hetproba_rules::model::{EvalKind, PieceTypeId, PieceTypeSet, PlayerId, Ruleset};

/// The largest evaluation either way: far below the scores a search gives won games.
pub const MAX_EVAL: i32 = 1_000_000;

/// `[eval]` compiled.
#[derive(Clone, Debug, Default)]
pub(crate) struct Evaluator {
    /// `square[code * cells + cell]`: the points a piece of that code standing on that cell
    /// gives its owner; empty when no term depends on pieces and cells alone.
    square: Vec<i32>,
    mobility: i32,
    movers: i32,
    lines: Vec<Lines>,
    /// Weight and neighbours (per player: through the term's directions).
    groups: Vec<(i32, [Neighbours; 2])>,
    /// Weight and steps between cells (per player).
    spread: Vec<(i32, [Distances; 2])>,
    /// Weight and axes (per player).
    stable: Vec<(i32, [Vec<Axis>; 2])>,
    /// Weight, directions (per player), and the royal piece types.
    shelter: Vec<(i32, [Vec<DirId>; 2], PieceTypeSet)>,
    gaps: Vec<Gap>,
    /// `captured(TYPES)`: per piece type, the points each piece of it the player has captured
    /// gives (empty without the term).
    captured: Vec<i32>,
    /// With `[hands]`: per piece type, the points a piece of it in its owner's hand gives
    /// (what `material` and `pieces` give for it; empty without hands).
    held: Vec<i32>,
}

/// `gap(from, to, dirs)`, per player: the regions' cells and the directions.
#[derive(Clone, Debug)]
struct Gap {
    weight: i32,
    from: [Vec<CellId>; 2],
    to: [Vec<bool>; 2],
    dirs: [Vec<DirId>; 2],
}

/// `lines(len, dirs)`: every run of `len` cells along the axes, per player.
#[derive(Clone, Debug)]
struct Lines {
    weight: i32,
    /// Per player, each run's cells as a set.
    runs: [CellSets; 2],
}

/// The cells next to each cell through some directions.
#[derive(Clone, Debug)]
struct Neighbours {
    /// A set per cell: its neighbours.
    sets: CellSets,
}

/// `steps[from * cells + to]`: the fewest steps through some directions (unreachable: the
/// number of cells).
#[derive(Clone, Debug)]
struct Distances {
    steps: Vec<u16>,
}

impl Evaluator {
    pub(crate) fn compile(rules: &Ruleset) -> Evaluator {
        let board = &rules.board;
        let n = board.len();
        let codes = rules.pieces.len() * 4;
        let width = board.width();
        let mut square = vec![0i32; codes * n];
        let mut uses_square = false;
        let mut ev = Evaluator::default();
        let dirs_of = |set: hetproba_rules::model::DirSetId| rules.direction_sets[set.index()].dirs.clone();
        for term in &rules.eval.terms {
            let w = term.weight;
            // Adds `points(player, type, cell)` to the table of every owned piece code.
            let mut per_cell = |points: &dyn Fn(usize, usize, usize) -> i32| {
                uses_square = true;
                for (t, piece) in rules.pieces.iter().enumerate() {
                    if !piece.owned {
                        continue;
                    }
                    for player in PlayerId::BOTH {
                        let code = Piece::new(PieceTypeId::new(t), Owner::Player(player)).code();
                        for c in 0..n {
                            square[code * n + c] = square[code * n + c].saturating_add(points(player.index(), t, c));
                        }
                    }
                }
            };
            let has = |types: PieceTypeSet, t: usize| types.contains(PieceTypeId::new(t));
            // A piece in hand counts for `material` and `pieces` as one on the board.
            let mut held = |points: &dyn Fn(usize) -> i32| {
                if rules.hands.is_some() {
                    ev.held.resize(rules.pieces.len(), 0);
                    for (t, h) in ev.held.iter_mut().enumerate() {
                        *h = h.saturating_add(points(t));
                    }
                }
            };
            match &term.kind {
                EvalKind::Material(_) => {
                    held(&|t| w.saturating_mul(rules.pieces[t].value));
                    per_cell(&|_, t, _| w.saturating_mul(rules.pieces[t].value))
                }
                EvalKind::Pieces(p) => {
                    held(&|t| if has(p.types, t) { w } else { 0 });
                    per_cell(&|_, t, _| if has(p.types, t) { w } else { 0 })
                }
                EvalKind::Advance(a) => {
                    let ranks = [0, 1].map(|p| rows_ahead(rules, p));
                    per_cell(&|p, t, c| if has(a.types, t) { w.saturating_mul(ranks[p][c]) } else { 0 })
                }
                EvalKind::Region(r) => {
                    let cells = &rules.regions[r.region.index()].cells;
                    per_cell(&|p, t, c| if has(r.types, t) && cells[p][c] { w } else { 0 })
                }
                EvalKind::Approach(a) => {
                    let nearer = [0, 1].map(|p| nearer_than_farthest(board, &rules.regions[a.region.index()].cells[p]));
                    per_cell(&|p, t, c| if has(a.types, t) { w.saturating_mul(nearer[p][c]) } else { 0 })
                }
                EvalKind::Mobility(_) => ev.mobility = ev.mobility.saturating_add(w),
                EvalKind::Movers(_) => ev.movers = ev.movers.saturating_add(w),
                EvalKind::Lines(lines) => {
                    let (dirs, len) = (dirs_of(lines.dirs), lines.len as usize);
                    let runs = [0, 1].map(|p| {
                        let cells = runs_along(board, &board.axes(&dirs[p]), len);
                        CellSets::from_sets(width, cells.chunks(len).map(|run| run.to_vec()))
                    });
                    ev.lines.push(Lines { weight: w, runs });
                }
                EvalKind::Groups(groups) => {
                    let dirs = dirs_of(groups.dirs);
                    let neighbours = [0, 1].map(|p| Neighbours { sets: line_masks(width, board, &dirs[p], false) });
                    ev.groups.push((w, neighbours));
                }
                EvalKind::Spread(spread) => {
                    let dirs = dirs_of(spread.dirs);
                    ev.spread.push((w, [0, 1].map(|p| Distances::compile(board, &dirs[p]))));
                }
                EvalKind::Stable(stable) => {
                    let dirs = dirs_of(stable.dirs);
                    ev.stable.push((w, [0, 1].map(|p| board.axes(&dirs[p]))));
                }
                EvalKind::Gap(gap) => {
                    let (from, to) = (&rules.regions[gap.from.index()].cells, &rules.regions[gap.to.index()].cells);
                    ev.gaps.push(Gap {
                        weight: w,
                        from: [0, 1].map(|p| board.all_cells().filter(|c| from[p][c.index()]).collect()),
                        to: [0, 1].map(|p| to[p].clone()),
                        dirs: dirs_of(gap.dirs),
                    });
                }
                EvalKind::Captured(captured) => {
                    ev.captured.resize(rules.pieces.len(), 0);
                    for (t, points) in ev.captured.iter_mut().enumerate() {
                        if has(captured.types, t) {
                            *points = points.saturating_add(w);
                        }
                    }
                }
                EvalKind::Shelter(shelter) => {
                    let royal: PieceTypeSet = (0..rules.pieces.len()).filter(|&t| rules.pieces[t].royal).map(PieceTypeId::new).collect();
                    ev.shelter.push((w, dirs_of(shelter.dirs), royal));
                }
            }
        }
        if uses_square {
            ev.square = square;
        }
        ev
    }
}

/// Per cell: how many of the player's rows (cells at one distance along the forward
/// direction) lie behind it. Without a forward direction, 0 (the loader refuses `advance`
/// there).
fn rows_ahead(rules: &Ruleset, player: usize) -> Vec<i32> {
    let board = &rules.board;
    let Some(f) = rules.forward[player] else { return vec![0; board.len()] };
    let f = &board.directions()[f.index()];
    let level = |c: CellId| board.cell(c).x * f.dx + board.cell(c).y * f.dy;
    let mut levels: Vec<i32> = board.all_cells().map(level).collect();
    levels.sort_unstable();
    levels.dedup();
    board.all_cells().map(|c| levels.binary_search(&level(c)).unwrap_or(0) as i32).collect()
}

/// Per cell: the steps (through any direction) to the nearest cell of the region, taken from
/// the most any cell needs; 0 for a cell that cannot reach it.
fn nearer_than_farthest(board: &Board, region: &[bool]) -> Vec<i32> {
    let n = board.len();
    let mut into: Vec<Vec<CellId>> = vec![Vec::new(); n];
    for c in board.all_cells() {
        for d in board.all_directions() {
            let next = board.step(c, d);
            if next != NO_CELL {
                into[next.index()].push(c);
            }
        }
    }
    let mut dist = vec![u32::MAX; n];
    let mut queue: std::collections::VecDeque<CellId> = board.all_cells().filter(|c| region[c.index()]).collect();
    for c in &queue {
        dist[c.index()] = 0;
    }
    while let Some(c) = queue.pop_front() {
        for &from in &into[c.index()] {
            if dist[from.index()] == u32::MAX {
                dist[from.index()] = dist[c.index()] + 1;
                queue.push_back(from);
            }
        }
    }
    let farthest = dist.iter().copied().filter(|&d| d != u32::MAX).max().unwrap_or(0);
    dist.iter().map(|&d| if d == u32::MAX { 0 } else { (farthest - d) as i32 }).collect()
}

/// Every run of `len` cells along the axes (one direction of each), flattened.
fn runs_along(board: &Board, axes: &[Axis], len: usize) -> Vec<CellId> {
    let mut runs = Vec::new();
    for &(d, _) in axes {
        for start in board.all_cells() {
            let mut run = vec![start];
            while run.len() < len {
                let next = board.step(*run.last().expect("a run has a cell"), d);
                if next == NO_CELL {
                    break;
                }
                run.push(next);
            }
            if run.len() == len {
                runs.extend(run);
            }
        }
    }
    runs
}

impl Distances {
    fn compile(board: &Board, dirs: &[DirId]) -> Distances {
        let n = board.len();
        let far = n.min(u16::MAX as usize) as u16;
        let mut steps = vec![far; n * n];
        let mut queue = std::collections::VecDeque::new();
        for from in board.all_cells() {
            let row = &mut steps[from.index() * n..(from.index() + 1) * n];
            row[from.index()] = 0;
            queue.push_back(from);
            while let Some(c) = queue.pop_front() {
                for &d in dirs {
                    let next = board.step(c, d);
                    if next != NO_CELL && row[next.index()] == far && next != from {
                        row[next.index()] = row[c.index()] + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        Distances { steps }
    }
}

/// Counts moves without keeping them.
struct Count(u32);

impl Sink for Count {
    #[inline(always)]
    fn push(&mut self, _: Move) -> bool {
        self.0 += 1;
        true
    }
}

/// Counts the moves and gathers the cells they leave (a placement or a pass leaves none).
struct Movers<const W: usize> {
    moves: u32,
    from: CellSet<W>,
}

impl<const W: usize> Sink for Movers<W> {
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        self.moves += 1;
        if mv.from != NO_CELL {
            self.from.insert(mv.from);
        }
        true
    }
}

impl Evaluator {
    /// The position's points for the player to move under the ruleset's `[eval]` (or the
    /// default: material and mobility), at most [`MAX_EVAL`] either way. It judges positions
    /// that are not over; a search scores won, lost and drawn ones itself.
    pub(crate) fn evaluate(&self, host: &impl Host, pos: &Position) -> i32 {
        let first = self.evaluate_for_first(host, pos);
        let points = if pos.side == PlayerId::FIRST { first } else { -first };
        points.clamp(-MAX_EVAL as i64, MAX_EVAL as i64) as i32
    }

    /// The first player's points minus the second's.
    fn evaluate_for_first(&self, host: &impl Host, pos: &Position) -> i64 {
        hetproba_board::with_width!(host.width(), W => self.evaluate_for_first_w::<W>(host, pos))
    }

    fn evaluate_for_first_w<const W: usize>(&self, host: &impl Host, pos: &Position) -> i64 {
        let ev = self;
        let n = host.board().len();
        let mut total = [0i64; 2];
        if !ev.square.is_empty() {
            for (c, &held) in pos.cells.iter().enumerate() {
                if let Some(piece) = held
                    && let Owner::Player(owner) = piece.owner()
                {
                    total[owner.index()] += i64::from(ev.square[piece.code() * n + c]);
                }
            }
        }
        for player in PlayerId::BOTH {
            let p = player.index();
            let mut points = 0i64;
            for (t, &w) in ev.held.iter().enumerate() {
                points += i64::from(w) * i64::from(host.keys().hand_slot(player, PieceTypeId::new(t)).map_or(0, |s| pos.hand(s)));
            }
            for (t, &w) in ev.captured.iter().enumerate() {
                if let Some(i) = host.tally().captured_at(player, t) {
                    points += i64::from(w) * i64::from(pos.tally[i]);
                }
            }
            if ev.movers != 0 {
                // One generation serves both terms.
                let mut movers = Movers::<W> { moves: 0, from: CellSet::EMPTY };
                host.generate_side::<W>(pos, player, &mut movers);
                points += i64::from(ev.mobility) * i64::from(movers.moves) + i64::from(ev.movers) * i64::from(movers.from.len());
            } else if ev.mobility != 0 {
                let mut count = Count(0);
                host.generate_side::<W>(pos, player, &mut count);
                points += i64::from(ev.mobility) * i64::from(count.0);
            }
            for lines in &ev.lines {
                points += i64::from(lines.weight) * self.open_lines::<W>(host, pos, player, lines);
            }
            for (w, neighbours) in &ev.groups {
                points += i64::from(*w) * self.groups::<W>(pos, player, &neighbours[p]);
            }
            for (w, distances) in &ev.spread {
                points += i64::from(*w) * self.spread(host, pos, player, &distances[p]);
            }
            for (w, axes) in &ev.stable {
                points += i64::from(*w) * self.stable(host, pos, player, &axes[p]);
            }
            for (w, dirs, royal) in &ev.shelter {
                points += i64::from(*w) * self.shelter(host, pos, player, &dirs[p], *royal);
            }
            for gap in &ev.gaps {
                points += i64::from(gap.weight) * self.gap(host, pos, player, gap);
            }
            total[p] += points;
        }
        total[0] - total[1]
    }

    /// `lines`: the sum, over runs with own pieces and no other, of the square of the own ones.
    fn open_lines<const W: usize>(&self, host: &impl Host, pos: &Position, player: PlayerId, lines: &Lines) -> i64 {
        let runs = &lines.runs[player.index()];
        let own = pos.player_set::<W>(player);
        // Any other piece, the other player's or no one's, closes a run.
        let others = CellSet::<W>::first_cells(host.board().len()).without(pos.empty_set::<W>()).without(own);
        let mut sum = 0i64;
        for i in 0..runs.len() {
            let run = runs.get::<W>(i);
            if !run.intersects(&others) {
                let k = i64::from((run & own).len());
                sum += k * k;
            }
        }
        sum
    }

    /// `groups`: how many groups the player's pieces form.
    fn groups<const W: usize>(&self, pos: &Position, player: PlayerId, neighbours: &Neighbours) -> i64 {
        let mut left = pos.player_set::<W>(player);
        let mut groups = 0;
        while let Some(start) = left.first() {
            groups += 1;
            let mut group = CellSet::<W>::single(start);
            let mut frontier = group;
            while let Some(c) = frontier.pop_first() {
                let new = neighbours.sets.get::<W>(c.index()).without(group) & left;
                group |= new;
                frontier |= new;
            }
            left = left.without(group);
        }
        groups
    }

    /// `spread`: the steps from each of the player's pieces to the piece whose sum of steps to
    /// the others is least.
    fn spread(&self, host: &impl Host, pos: &Position, player: PlayerId, distances: &Distances) -> i64 {
        let n = host.board().len();
        let cells: Vec<usize> = (0..n).filter(|&c| pos.cells[c].of(player)).collect();
        cells.iter().map(|&centre| cells.iter().map(|&c| i64::from(distances.steps[centre * n + c])).sum::<i64>()).min().unwrap_or(0)
    }

    /// `stable`: the player's pieces that no enclosure along the axes can reach. A piece is
    /// stable when, along each axis, its whole line is full, or on one side it has the board's
    /// edge, a piece of nobody's (which breaks every line, as the edge does) or a stable own
    /// piece; the stable set grows until nothing changes.
    fn stable(&self, host: &impl Host, pos: &Position, player: PlayerId, axes: &[Axis]) -> i64 {
        let board = host.board();
        let n = board.len();
        let own = |c: CellId| pos.cells[c.index()].of(player);
        let full = |c: CellId, (d, back): Axis| {
            let filled = |dir: Option<DirId>| {
                let Some(dir) = dir else { return true };
                let mut k = board.step(c, dir);
                while k != NO_CELL {
                    if pos.cells[k.index()].is_none() {
                        return false;
                    }
                    k = board.step(k, dir);
                }
                true
            };
            filled(Some(d)) && filled(back)
        };
        let mut stable = vec![false; n];
        let mut count = 0;
        loop {
            let mut grew = false;
            for c in board.all_cells() {
                if stable[c.index()] || !own(c) {
                    continue;
                }
                let held = |dir: Option<DirId>| {
                    let next = dir.map_or(NO_CELL, |d| board.step(c, d));
                    next == NO_CELL || stable[next.index()] || pos.cells[next.index()].is_some_and(|p| p.owner() == Owner::Nobody)
                };
                if axes.iter().all(|&(d, back)| held(Some(d)) || held(back) || full(c, (d, back))) {
                    stable[c.index()] = true;
                    count += 1;
                    grew = true;
                }
            }
            if !grew {
                return count;
            }
        }
    }

    /// `shelter`: own pieces next to each of the player's royal pieces.
    fn shelter(&self, host: &impl Host, pos: &Position, player: PlayerId, dirs: &[DirId], royal: PieceTypeSet) -> i64 {
        let board = host.board();
        let own = |c: CellId| c != NO_CELL && pos.cells[c.index()].of(player);
        board
            .all_cells()
            .filter(|&c| own(c) && pos.cells[c.index()].is_some_and(|p| royal.contains(p.kind())))
            .map(|c| dirs.iter().filter(|&&d| own(board.step(c, d))).count() as i64)
            .sum()
    }

    /// `gap`: the fewest empty cells on a way, through own pieces and empty cells, from a cell
    /// of one region to a cell of the other (a breadth-first search where an own piece costs
    /// nothing and an empty cell one); the board's number of cells when other pieces bar every
    /// way.
    fn gap(&self, host: &impl Host, pos: &Position, player: PlayerId, gap: &Gap) -> i64 {
        let board = host.board();
        let n = board.len();
        let p = player.index();
        let cost = |c: CellId| match pos.cells[c.index()] {
            None => Some(1u32),
            Some(_) if pos.cells[c.index()].of(player) => Some(0),
            Some(_) => None,
        };
        let mut dist = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for &c in &gap.from[p] {
            if let Some(k) = cost(c)
                && k < dist[c.index()]
            {
                dist[c.index()] = k;
                if k == 0 { queue.push_front(c) } else { queue.push_back(c) }
            }
        }
        let mut done = vec![false; n];
        while let Some(c) = queue.pop_front() {
            if done[c.index()] {
                continue;
            }
            done[c.index()] = true;
            let here = dist[c.index()];
            if gap.to[p][c.index()] {
                return i64::from(here);
            }
            for &d in &gap.dirs[p] {
                let next = board.step(c, d);
                if next == NO_CELL || done[next.index()] {
                    continue;
                }
                if let Some(k) = cost(next)
                    && here + k < dist[next.index()]
                {
                    dist[next.index()] = here + k;
                    if k == 0 { queue.push_front(next) } else { queue.push_back(next) }
                }
            }
        }
        n as i64
    }
}
