//! End rules, compiled: when a position is over, and who won. Each `[[end]]` condition becomes a
//! tree of tests with their tables (line axes, neighbour masks, region cells), evaluated in
//! order; the first that holds decides.

use crate::game::{Axis, Game, Square, line_masks, per_player};
use crate::position::Position;
use hetproba_board::{CellId, CellSet, CellSets, DirId, NO_CELL, Width};
use hetproba_rules::model::{Condition, PieceTypeSet, PlayerId, Ruleset, Test, Verdict, Who};
use std::fmt;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<PlayerId>,
    pub reason: String,
}

impl Outcome {
    /// "black wins: more pieces at the end" or "draw: every line is full".
    pub fn describe(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => format!("{}: {}", game.rules.players[p.index()].wins(), self.reason),
            None => format!("draw: {}", self.reason),
        }
    }

    /// "black wins", "hounds win", "draw": the short form used by tests and records.
    pub fn short(&self, game: &Game) -> String {
        match self.winner {
            Some(p) => game.rules.players[p.index()].wins(),
            None => "draw".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "player {} wins: {}", p.0 + 1, self.reason),
            None => write!(f, "draw: {}", self.reason),
        }
    }
}

/// A compiled end condition.
#[derive(Clone, Debug)]
enum Cond {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Test(Check, Who),
}

/// A compiled end test, with the tables it reads.
#[derive(Clone, Debug)]
enum Check {
    /// A straight unbroken line of `len` own pieces (exactly, or at least) along the axes.
    Line {
        len: u32,
        exact: bool,
        axes: [Vec<Axis>; 2],
    },
    NoMoves,
    NoPieces,
    /// A royal piece of the player is attacked.
    RoyalAttacked,
    /// All own pieces form one group through the directions: `neighbours[p * cells + c]`,
    /// player `p`'s cells one step from `c` along them.
    Connected {
        neighbours: CellSets,
    },
    /// The game is in this phase.
    Phase(u8),
    /// A piece of the player stands on one of the cells (a set per player).
    Occupies {
        cells: CellSets,
    },
    /// The player has fewer than `count` pieces (of the types).
    Fewer {
        count: u32,
        types: Option<PieceTypeSet>,
    },
    /// A chain of the player's pieces through `dirs` joins a cell of `from` to a cell of `to`.
    Joins {
        from: [Vec<bool>; 2],
        to: [Vec<bool>; 2],
        dirs: [Vec<DirId>; 2],
    },
    /// Every cell of the region (a set per player) holds a piece of the player.
    Fills {
        cells: CellSets,
    },
    /// Every piece of the player stands in the region (a set per player), and there is one.
    Within {
        cells: CellSets,
    },
}

/// The end rules of a game, compiled.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ends {
    rules: Vec<(Cond, Verdict)>,
    /// The rules decided without the list of moves, in order.
    static_rules: Vec<usize>,
    /// True if a rule mentions no-moves together with another test, so that it can hold while
    /// moves exist.
    has_dynamic: bool,
    /// Per move rule: the `if` of a later part.
    parts: Vec<Option<Cond>>,
}

impl Ends {
    pub(crate) fn compile(rules: &Ruleset, axes: &[[Vec<Axis>; 2]], width: Width) -> Ends {
        let compiled: Vec<(Cond, Verdict)> = rules.ends.iter().map(|e| (compile(rules, axes, &e.condition, width), e.verdict)).collect();
        let static_rules = (0..rules.ends.len()).filter(|&i| !rules.ends[i].condition.needs_moves()).collect();
        let has_dynamic = rules.ends.iter().any(|e| e.condition.needs_moves() && !matches!(e.condition, Condition::Test(Test::NoMoves, _)));
        let parts = rules.moves.iter().map(|m| m.when.as_ref().map(|c| compile(rules, axes, c, width))).collect();
        Ends { rules: compiled, static_rules, has_dynamic, parts }
    }

    pub(crate) fn has_static(&self) -> bool {
        !self.static_rules.is_empty()
    }
}

fn compile(rules: &Ruleset, axes: &[[Vec<Axis>; 2]], c: &Condition, width: Width) -> Cond {
    let board = &rules.board;
    match c {
        Condition::Or(parts) => Cond::Or(parts.iter().map(|p| compile(rules, axes, p, width)).collect()),
        Condition::And(parts) => Cond::And(parts.iter().map(|p| compile(rules, axes, p, width)).collect()),
        Condition::Not(inner) => Cond::Not(Box::new(compile(rules, axes, inner, width))),
        Condition::Test(test, who) => {
            let check = match test {
                Test::Line { len, exact, dirs } => Check::Line { len: *len, exact: *exact, axes: axes[dirs.index()].clone() },
                Test::NoMoves => Check::NoMoves,
                Test::NoPieces => Check::NoPieces,
                Test::Check => Check::RoyalAttacked,
                Test::Connected { dirs } => {
                    let dirs = &rules.direction_sets[dirs.index()].dirs;
                    let masks = [0, 1].map(|p| line_masks(width, board, &dirs[p], false));
                    let neighbours =
                        CellSets::from_sets(width, masks.iter().flat_map(|m| (0..m.len()).map(move |c| m.cells(c).collect::<Vec<_>>())));
                    Check::Connected { neighbours }
                }
                Test::Occupies { region } => Check::Occupies { cells: per_player(width, &rules.regions[region.index()].cells) },
                Test::Fewer { count, types } => Check::Fewer { count: *count, types: *types },
                Test::Joins { from, to, dirs } => Check::Joins {
                    from: rules.regions[from.index()].cells.clone(),
                    to: rules.regions[to.index()].cells.clone(),
                    dirs: rules.direction_sets[dirs.index()].dirs.clone(),
                },
                Test::Fills { region } => Check::Fills { cells: per_player(width, &rules.regions[region.index()].cells) },
                Test::Within { region } => Check::Within { cells: per_player(width, &rules.regions[region.index()].cells) },
                Test::Phase { phase } => Check::Phase(*phase),
            };
            Cond::Test(check, *who)
        }
    }
}

impl Game {
    /// The result, if the game is over in this position.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        hetproba_board::with_width!(self.width, W => self.outcome_w::<W>(pos))
    }

    fn outcome_w<const W: usize>(&self, pos: &Position) -> Option<Outcome> {
        let mut has_moves: Option<bool> = None;
        for (i, (cond, _)) in self.ends.rules.iter().enumerate() {
            let mut moves = || *has_moves.get_or_insert_with(|| self.has_raw_moves::<W>(pos));
            if self.eval::<W>(pos, cond, pos.side.other(), &mut moves) {
                return Some(self.verdict(pos, i));
            }
        }
        if !has_moves.unwrap_or_else(|| self.has_raw_moves::<W>(pos)) {
            return Some(Outcome { winner: None, reason: "no legal moves".into() });
        }
        None
    }

    fn verdict(&self, pos: &Position, rule: usize) -> Outcome {
        let end = &self.rules.ends[rule];
        let mover = pos.side.other();
        let winner = match end.verdict {
            Verdict::MoverWins => Some(mover),
            Verdict::NextWins => Some(pos.side),
            Verdict::Draw => None,
            Verdict::MostPieces => {
                let (a, b) = (pos.piece_count(PlayerId::FIRST), pos.piece_count(PlayerId::SECOND));
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Some(PlayerId::FIRST),
                    std::cmp::Ordering::Less => Some(PlayerId::SECOND),
                    std::cmp::Ordering::Equal => None,
                }
            }
        };
        let reason = if end.verdict == Verdict::MostPieces {
            format!(
                "{} against {} at the end",
                pos.piece_count(PlayerId::FIRST).max(pos.piece_count(PlayerId::SECOND)),
                pos.piece_count(PlayerId::FIRST).min(pos.piece_count(PlayerId::SECOND))
            )
        } else {
            end.reason.clone()
        };
        Outcome { winner, reason }
    }

    /// Does an end rule hold without looking at the moves?
    #[inline]
    pub(crate) fn static_end<const W: usize>(&self, pos: &Position) -> bool {
        let mover = pos.side.other();
        self.ends.static_rules.iter().any(|&i| match &self.ends.rules[i].0 {
            // A player left without pieces, the commonest of these ends, is asked here
            // without the general walk: generation asks it in every position.
            Cond::Test(Check::NoPieces, Who::Mover) => pos.piece_count(mover) == 0,
            Cond::Test(Check::NoPieces, Who::Next) => pos.piece_count(mover.other()) == 0,
            c => self.eval::<W>(pos, c, mover, &mut || true),
        })
    }

    /// Does the later part of rule `rule` have an `if`?
    pub(crate) fn part_has_condition(&self, rule: usize) -> bool {
        self.ends.parts[rule].is_some()
    }

    /// Does the `if` of the later part of rule `rule` hold? `pos` is after the part before, the
    /// turn not over: the player to move is the mover. (The loader keeps no-moves out of it.)
    pub(crate) fn part_allowed<const W: usize>(&self, pos: &Position, rule: usize) -> bool {
        self.ends.parts[rule].as_ref().is_none_or(|c| self.eval::<W>(pos, c, pos.side, &mut || true))
    }

    /// Does an end rule that mentions no-moves hold, given whether the player to move has moves?
    /// (Only rules that combine no-moves with other tests are asked: the plain one is how
    /// `generate` ends anyway.)
    #[inline]
    pub(crate) fn dynamic_end<const W: usize>(&self, pos: &Position, has_moves: bool) -> bool {
        self.ends.has_dynamic
            && self.ends.rules.iter().enumerate().any(|(i, (cond, _))| {
                !self.ends.static_rules.contains(&i) && self.eval::<W>(pos, cond, pos.side.other(), &mut || has_moves)
            })
    }

    /// Evaluates a condition, `mover` being the player who made the last move.
    fn eval<const W: usize>(&self, pos: &Position, c: &Cond, mover: PlayerId, has_moves: &mut dyn FnMut() -> bool) -> bool {
        match c {
            Cond::Or(parts) => parts.iter().any(|p| self.eval::<W>(pos, p, mover, has_moves)),
            Cond::And(parts) => parts.iter().all(|p| self.eval::<W>(pos, p, mover, has_moves)),
            Cond::Not(inner) => !self.eval::<W>(pos, inner, mover, has_moves),
            Cond::Test(check, who) => {
                let player = match who {
                    Who::Mover => mover,
                    Who::Next => mover.other(),
                };
                match check {
                    Check::Line { len, exact, axes } => self.has_line(pos, player, *len, *exact, &axes[player.index()]),
                    Check::NoMoves => !has_moves(),
                    Check::NoPieces => pos.piece_count(player) == 0,
                    Check::RoyalAttacked => self.in_check_w::<W>(pos, player),
                    Check::Connected { neighbours } => self.connected::<W>(pos, player, neighbours),
                    Check::Occupies { cells } => pos.player_set::<W>(player).intersects(&cells.get(player.index())),
                    Check::Fewer { count, types } => {
                        let have = match types {
                            None => pos.piece_count(player),
                            Some(types) => {
                                pos.cells.iter().flatten().filter(|p| p.belongs_to(player) && types.contains(p.kind())).count() as u32
                            }
                        };
                        have < *count
                    }
                    Check::Joins { from, to, dirs } => {
                        let p = player.index();
                        self.joins(pos, player, &from[p], &to[p], &dirs[p])
                    }
                    Check::Fills { cells } => cells.get::<W>(player.index()).without(pos.player_set::<W>(player)).is_empty(),
                    Check::Within { cells } => {
                        pos.piece_count(player) > 0 && pos.player_set::<W>(player).without(cells.get::<W>(player.index())).is_empty()
                    }
                    Check::Phase(phase) => pos.phase == *phase,
                }
            }
        }
    }

    /// Do all of `player`'s pieces form one group through the neighbours of each cell? No
    /// pieces, or one, count as connected. The group grows from its lowest piece, a frontier at
    /// a time.
    fn connected<const W: usize>(&self, pos: &Position, player: PlayerId, neighbours: &CellSets) -> bool {
        let pieces = pos.player_set::<W>(player);
        let Some(first) = pieces.first() else { return true };
        let n = self.board().len();
        let base = player.index() * n;
        let mut group = CellSet::single(first);
        let mut frontier = group;
        while let Some(c) = frontier.pop_first() {
            let new = (neighbours.get::<W>(base + c.index()) & pieces).without(group);
            group |= new;
            frontier |= new;
        }
        group == pieces
    }

    /// Does a chain of `player`'s pieces, neighbours through `dirs`, join a cell of `from` to a
    /// cell of `to`? A flood fill from the player's pieces on `from`.
    fn joins(&self, pos: &Position, player: PlayerId, from: &[bool], to: &[bool], dirs: &[DirId]) -> bool {
        let board = self.board();
        let is_mine = |c: usize| pos.cells[c].of(player);
        let mut seen = vec![false; pos.cells.len()];
        let mut stack: Vec<CellId> = (0..pos.cells.len()).filter(|&c| from[c] && is_mine(c)).map(CellId::new).collect();
        for c in &stack {
            seen[c.index()] = true;
        }
        while let Some(c) = stack.pop() {
            if to[c.index()] {
                return true;
            }
            for &d in dirs {
                let k = board.step(c, d);
                if k != NO_CELL && !seen[k.index()] && is_mine(k.index()) {
                    seen[k.index()] = true;
                    stack.push(k);
                }
            }
        }
        false
    }

    /// Does `player` have a line of `len` (exactly, or at least)? Only lines through the cells
    /// the last move changed can be new, so only those are looked at (all cells in a position
    /// set up directly). A changed cell that is not the player's may have shortened a line next
    /// to it, so the runs beside it are measured too.
    fn has_line(&self, pos: &Position, player: PlayerId, len: u32, exact: bool, axes: &[Axis]) -> bool {
        let board = self.board();
        let is_mine = |c: CellId| c != NO_CELL && pos.cells[c.index()].of(player);
        let run_through = |c: CellId, d: DirId, back: Option<DirId>| -> u32 {
            let mut n = 1;
            let mut k = board.step(c, d);
            while is_mine(k) {
                n += 1;
                k = board.step(k, d);
            }
            if let Some(b) = back {
                let mut k = board.step(c, b);
                while is_mine(k) {
                    n += 1;
                    k = board.step(k, b);
                }
            }
            n
        };
        let wins = |n: u32| if exact { n == len } else { n >= len };
        let check = |c: CellId| -> bool {
            axes.iter().any(|&(d, back)| {
                if is_mine(c) {
                    wins(run_through(c, d, back))
                } else {
                    let ahead = board.step(c, d);
                    let behind = back.map_or(NO_CELL, |b| board.step(c, b));
                    (is_mine(ahead) && wins(run_through(ahead, d, back))) || (is_mine(behind) && wins(run_through(behind, d, back)))
                }
            })
        };
        match pos.any_changed(check) {
            Some(hit) => hit,
            None => (0..pos.cells.len()).map(CellId::new).any(|c| is_mine(c) && check(c)),
        }
    }
}
