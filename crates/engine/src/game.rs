//! The compiled game: a checked ruleset turned into dense tables the move generator reads.

use hetproba_board::CellId;
use hetproba_rules::model::*;

/// A piece on a cell, packed in one byte: `type << 2 | tag`, where the tag is 1 or 2 for the
/// first or second player and 3 for a piece that belongs to nobody. 0 is an empty cell.
pub type Code = u8;
pub const EMPTY: Code = 0;
/// The tag of a neutral piece.
pub const NEUTRAL: u8 = 3;

/// The owner tag of a player.
#[inline(always)]
pub fn tag(player: PlayerId) -> u8 {
    player + 1
}

/// The code of a piece type for an owner (`None`: neutral).
#[inline(always)]
pub fn code(piece: PieceTypeId, owner: Option<PlayerId>) -> Code {
    (piece << 2) | owner.map_or(NEUTRAL, tag)
}

/// The owner tag of a code (0 for an empty cell).
#[inline(always)]
pub fn owner_tag(code: Code) -> u8 {
    code & 3
}

#[inline(always)]
pub fn piece_type(code: Code) -> PieceTypeId {
    code >> 2
}

/// A line through a cell: a direction and its opposite, if the board has one.
pub(crate) type Axis = (u8, Option<u8>);

/// A move rule with its tables.
#[derive(Clone, Debug)]
pub(crate) struct CompiledRule {
    /// Directions per player, for actions that use them.
    pub dirs: [Vec<u8>; 2],
    /// Leap targets: `leaps[cell]` lists the cells a leap reaches from `cell`.
    pub leaps: Vec<Vec<CellId>>,
    /// Per player: may the piece be placed on each cell (all true without a region).
    pub allowed: [Vec<bool>; 2],
    /// Flip effects: (directions per player, minimum).
    pub flips: Vec<([Vec<u8>; 2], u32)>,
    /// On boards of at most 64 cells, for a rule whose flips need at least one piece: per
    /// player, the cells one step away along the flip directions, as a bit mask per cell. A
    /// placement can only enclose next to an enemy piece, so other cells are skipped at once.
    pub near: Option<[Vec<u64>; 2]>,
    /// On boards of at most 64 cells, for a hop rule: per player, the cells a first hop from
    /// each cell could pass over (the neighbours for a jump, the whole rays for a flying hop).
    /// A piece with no hoppable piece there cannot hop.
    pub reach: Option<[Vec<u64>; 2]>,
    /// On boards of at most 64 cells, for a step to an empty cell: per player, the cells one
    /// step away from each cell, as bits. A piece's steps are then `mask & empty`.
    pub steps: Option<[Vec<u64>; 2]>,
}

/// A ruleset compiled for play.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Ruleset,
    pub(crate) compiled: Vec<CompiledRule>,
    /// `zobrist[cell * codes + code]`.
    pub(crate) zobrist: Vec<u64>,
    pub(crate) codes: usize,
    pub(crate) side_key: u64,
    /// The axes of every direction set, per player: (direction, its opposite if any), one
    /// entry per line through a cell.
    pub(crate) axes: Vec<[Vec<Axis>; 2]>,
    /// True if any end rule is decided without the list of moves.
    pub(crate) has_static_ends: bool,
    /// Per piece type and player: the cells where the piece promotes (all false without one).
    pub(crate) promotion_cells: Vec<[Vec<bool>; 2]>,
    /// The same as bits, for boards of at most 64 cells.
    pub(crate) promotion_bits: Vec<[u64; 2]>,
    /// The end rules decided without the list of moves, in order.
    pub(crate) static_ends: Vec<usize>,
    /// True if an end rule mentions no-moves together with another test, so that it can hold
    /// while moves exist.
    pub(crate) has_dynamic_ends: bool,
    /// Per piece type: its chain rules (repeated capturing hops), which a piece promoted in the
    /// middle of a chain goes on with.
    pub(crate) chain_rules: Vec<Vec<usize>>,
}

/// splitmix64: a fixed, well-mixed stream of keys for Zobrist hashing.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game {
    /// Compiles a checked ruleset.
    pub fn new(rules: Ruleset) -> Game {
        let board = &rules.board;
        let n = board.len();
        let compiled = rules
            .moves
            .iter()
            .map(|rule| {
                let dirs = match &rule.action {
                    Action::Roll { dirs } | Action::Push { dirs } | Action::Step { dirs, .. } | Action::Slide { dirs, .. } => {
                        rules.direction_sets[*dirs as usize].dirs.clone()
                    }
                    Action::Hop(hop) => rules.direction_sets[hop.dirs as usize].dirs.clone(),
                    _ => [Vec::new(), Vec::new()],
                };
                let leaps = match &rule.action {
                    Action::Leap { offsets, .. } => (0..n)
                        .map(|c| {
                            let cell = board.cell(c as CellId);
                            offsets.iter().filter_map(|(dx, dy)| board.at(cell.x + dx, cell.y + dy)).collect()
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                let allowed = match &rule.action {
                    Action::Place { region: Some(r) } => rules.regions[*r as usize].cells.clone(),
                    _ => [vec![true; n], vec![true; n]],
                };
                let flips = rule
                    .effects
                    .iter()
                    .map(|e| match e {
                        Effect::Flip { dirs, min } => (rules.direction_sets[*dirs as usize].dirs.clone(), *min),
                    })
                    .collect();
                let near = (n <= 64 && rule.effects.iter().any(|e| matches!(e, Effect::Flip { min, .. } if *min > 0))).then(|| {
                    [0, 1].map(|player| {
                        let dirs: Vec<u8> = rule
                            .effects
                            .iter()
                            .flat_map(|e| match e {
                                Effect::Flip { dirs, .. } => rules.direction_sets[*dirs as usize].dirs[player].clone(),
                            })
                            .collect();
                        line_masks(board, &dirs, false)
                    })
                });
                let reach = match &rule.action {
                    Action::Hop(hop) if n <= 64 => {
                        Some([0, 1].map(|player| line_masks(board, &rules.direction_sets[hop.dirs as usize].dirs[player], hop.long)))
                    }
                    _ => None,
                };
                let steps = match &rule.action {
                    Action::Step { dirs, to: Landing::Empty } if n <= 64 => {
                        Some([0, 1].map(|player| line_masks(board, &rules.direction_sets[*dirs as usize].dirs[player], false)))
                    }
                    _ => None,
                };
                CompiledRule { dirs, leaps, allowed, flips, near, reach, steps }
            })
            .collect();
        let codes = rules.pieces.len() * 4;
        let mut seed = 0x4865_7470_726F_6261; // "Hetproba"
        // An empty cell has key 0, so the empty board hashes to the phase key alone.
        let zobrist = (0..n * codes).map(|i| if i % codes == 0 { 0 } else { splitmix(&mut seed) }).collect();
        let side_key = splitmix(&mut seed);
        let axes = rules.direction_sets.iter().map(|set| [axes_of(&rules, &set.dirs[0]), axes_of(&rules, &set.dirs[1])]).collect();
        let promotion_cells: Vec<[Vec<bool>; 2]> = rules
            .pieces
            .iter()
            .map(|p| match &p.promotion {
                Some(promo) => rules.regions[promo.region as usize].cells.clone(),
                None => [vec![false; n], vec![false; n]],
            })
            .collect();
        let promotion_bits = promotion_cells
            .iter()
            .map(|cells: &[Vec<bool>; 2]| {
                [0, 1].map(|p| cells[p].iter().enumerate().filter(|(i, on)| **on && *i < 64).fold(0u64, |m, (i, _)| m | 1u64 << i))
            })
            .collect();
        let static_ends: Vec<usize> = (0..rules.ends.len()).filter(|&i| !rules.ends[i].condition.needs_moves()).collect();
        let has_static_ends = !static_ends.is_empty();
        let has_dynamic_ends =
            rules.ends.iter().any(|e| e.condition.needs_moves() && !matches!(e.condition, Condition::Test(Test::NoMoves, _)));
        let chain_rules = (0..rules.pieces.len())
            .map(|p| {
                rules
                    .moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.piece as usize == p && matches!(&m.action, Action::Hop(h) if h.repeat && h.over != Over::Own))
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect();
        Game {
            rules,
            compiled,
            zobrist,
            codes,
            side_key,
            axes,
            has_static_ends,
            static_ends,
            promotion_cells,
            promotion_bits,
            has_dynamic_ends,
            chain_rules,
        }
    }

    /// The checked ruleset this game was compiled from.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    pub fn board(&self) -> &hetproba_board::Board {
        &self.rules.board
    }

    /// The name of a player.
    pub fn player_name(&self, player: PlayerId) -> &str {
        &self.rules.players[player as usize].name
    }

    /// The position-notation symbol of a code.
    pub fn symbol(&self, code: Code) -> char {
        let piece = &self.rules.pieces[piece_type(code) as usize];
        match owner_tag(code) {
            NEUTRAL => piece.symbols[0],
            t => piece.symbols[(t - 1) as usize],
        }
    }

    /// The code a position-notation symbol stands for.
    pub fn code_of_symbol(&self, symbol: char) -> Option<Code> {
        self.rules.pieces.iter().enumerate().find_map(|(i, p)| {
            let i = i as PieceTypeId;
            if !p.owned {
                (p.symbols[0] == symbol).then(|| code(i, None))
            } else if p.symbols[0] == symbol {
                Some(code(i, Some(0)))
            } else if p.symbols[1] == symbol {
                Some(code(i, Some(1)))
            } else {
                None
            }
        })
    }

    #[inline(always)]
    pub(crate) fn key(&self, cell: CellId, code: Code) -> u64 {
        self.zobrist[cell as usize * self.codes + code as usize]
    }

    /// The key of the phase part of the position: only plies inside a limited phase matter.
    pub(crate) fn phase_key(&self, phase: u8, phase_ply: u32) -> u64 {
        let limited = self.rules.phases[phase as usize].plies.is_some();
        let mut s = (phase as u64) << 32 | if limited { phase_ply as u64 } else { 0 };
        splitmix(&mut s)
    }
}

/// For each cell of a board of at most 64 cells, the cells one step away along `dirs` (or, with
/// `whole`, every cell of those rays), as bits.
fn line_masks(board: &hetproba_board::Board, dirs: &[u8], whole: bool) -> Vec<u64> {
    (0..board.len() as CellId)
        .map(|c| {
            let mut mask = 0u64;
            for &d in dirs {
                let mut k = board.step(c, d);
                while k != hetproba_board::NO_CELL {
                    mask |= 1u64 << k;
                    if !whole {
                        break;
                    }
                    k = board.step(k, d);
                }
            }
            mask
        })
        .collect()
}

fn axes_of(rules: &Ruleset, dirs: &[u8]) -> Vec<(u8, Option<u8>)> {
    let mut list: Vec<(u8, Option<u8>)> = Vec::new();
    for &d in dirs {
        // One entry per axis: skip a direction whose opposite is already listed.
        if !list.iter().any(|&(a, b)| a == d || b == Some(d)) {
            list.push((d, rules.board.opposite(d)));
        }
    }
    list
}
