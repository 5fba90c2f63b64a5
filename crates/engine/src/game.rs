//! The compiled game: a checked ruleset turned into dense tables the move generator reads.

use crate::attack::Attacks;
use crate::ends::Ends;
use crate::moves::{At, Kind, Rule};
use hetproba_board::{CellId, DirId};
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
    player.0 + 1
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
pub(crate) type Axis = (DirId, Option<DirId>);

/// How a piece type promotes, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Promo {
    /// The piece types it may become (each choice is its own move).
    pub to: Vec<PieceTypeId>,
    /// Per player: the cells where it promotes.
    pub cells: [Vec<bool>; 2],
    /// The same as bits, on boards of at most 64 cells (0 on larger boards).
    pub bits: [u64; 2],
    pub during: MidCapture,
}

/// A phase, compiled: its move rules and its length.
#[derive(Clone, Debug)]
pub(crate) struct PhaseRules {
    pub moves: Vec<usize>,
    pub limit: Option<PhaseLimit>,
}

/// The regions with rules of their own (`[turn]`), per player; `None` when no region has the
/// rule.
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionRules {
    /// Cells a piece may arrive on only by capturing.
    pub no_quiet: Option<[Vec<bool>; 2]>,
    /// Cells a piece must leave on its owner's turn.
    pub must_leave: Option<[Vec<bool>; 2]>,
    /// Cells where a move ends when the piece arrives.
    pub stops: Option<[Vec<bool>; 2]>,
}

/// A ruleset compiled for play.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Ruleset,
    /// The move rules, compiled: each a kind of move with its tables.
    pub(crate) compiled: Vec<Rule>,
    pub(crate) phases: Vec<PhaseRules>,
    pub(crate) turn: Turn,
    pub(crate) regions: RegionRules,
    /// When captured pieces leave the board in a chain.
    pub(crate) removal: Removal,
    /// `zobrist[cell * codes + code]`.
    pub(crate) zobrist: Vec<u64>,
    pub(crate) codes: usize,
    pub(crate) side_key: u64,
    /// Keys of the declared state, per cell: never moved, passed over, the piece that passed,
    /// the piece that moved several times in a row.
    state_keys: Vec<u64>,
    /// The end rules, compiled.
    pub(crate) ends: Ends,
    /// Royal pieces and how each player attacks, when the game has royal pieces or castling.
    pub(crate) attacks: Option<Attacks>,
    /// True if a move rule castles (the position's "never moved" marks then follow castling).
    pub(crate) castles: bool,
    /// Per piece type: how it promotes.
    pub(crate) promotions: Vec<Option<Promo>>,
    /// Per piece type: where its capturing chains go on, which a piece promoted in the middle
    /// of a chain continues with.
    pub(crate) chain_states: Vec<Vec<At>>,
    /// Does some chain of hops depend on the cells it landed on (`Hops::remembers_landings`)?
    pub(crate) chains_remember_landings: bool,
    /// Where pieces may stand, worked out when a position is first read.
    pub(crate) standing: std::sync::OnceLock<crate::standing::Standing>,
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
        let compiled: Vec<Rule> = (0..rules.moves.len()).map(|i| Rule::compile(&rules, i)).collect();
        let phases = rules.phases.iter().map(|p| PhaseRules { moves: p.moves.clone(), limit: p.limit }).collect();
        let union = |ids: &[RegionId]| {
            (!ids.is_empty()).then(|| {
                [0, 1].map(|p| (0..n).map(|c| ids.iter().any(|&id| rules.regions[id as usize].cells[p][c])).collect::<Vec<bool>>())
            })
        };
        let regions = RegionRules {
            no_quiet: union(&rules.turn.enter_by_capture_only),
            must_leave: union(&rules.turn.must_leave),
            stops: union(&rules.turn.move_ends_in),
        };
        let codes = rules.pieces.len() * 4;
        let mut seed = 0x4865_7470_726F_6261; // "Hetproba"
        // An empty cell has key 0, so the empty board hashes to the phase key alone.
        let zobrist = (0..n * codes).map(|i| if i % codes == 0 { 0 } else { splitmix(&mut seed) }).collect();
        let side_key = splitmix(&mut seed);
        let state_keys = (0..4 * n).map(|_| splitmix(&mut seed)).collect();
        let axes: Vec<[Vec<Axis>; 2]> =
            rules.direction_sets.iter().map(|set| [axes_of(&rules, &set.dirs[0]), axes_of(&rules, &set.dirs[1])]).collect();
        let promotions = rules
            .pieces
            .iter()
            .map(|p| {
                p.promotion.as_ref().map(|promo| {
                    let cells = rules.regions[promo.region as usize].cells.clone();
                    let bits = [0, 1].map(|p| {
                        let on = cells[p].iter().enumerate().filter(|(_, on)| **on);
                        if n <= 64 { on.fold(0u64, |m, (i, _)| m | 1u64 << i) } else { 0 }
                    });
                    Promo { to: promo.to.clone(), cells, bits, during: promo.during_capture }
                })
            })
            .collect();
        let ends = Ends::compile(&rules, &axes);
        let attacks = Attacks::compile(&rules, &compiled);
        let castles = compiled.iter().any(|r| matches!(r.kind, Kind::Castle(_)));
        let chain_states = (0..rules.pieces.len())
            .map(|p| {
                compiled
                    .iter()
                    .enumerate()
                    .filter(|(_, rule)| rule.piece as usize == p)
                    .filter_map(|(i, rule)| match &rule.kind {
                        Kind::Hops(h) => h.chain_segment().map(|seg| At {
                            rule: crate::moves::RuleId::new(i),
                            seg: seg as u8,
                            count: 1,
                            last: crate::moves::NO_DIR,
                        }),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let chains_remember_landings = compiled.iter().any(|r| matches!(&r.kind, Kind::Hops(h) if h.remembers_landings()));
        let turn = rules.turn.clone();
        let removal = turn.removal;
        Game {
            rules,
            compiled,
            phases,
            turn,
            regions,
            removal,
            zobrist,
            codes,
            side_key,
            state_keys,
            ends,
            attacks,
            castles,
            promotions,
            chain_states,
            chains_remember_landings,
            standing: std::sync::OnceLock::new(),
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
        &self.rules.players[player.index()].name
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
                Some(code(i, Some(PlayerId::FIRST)))
            } else if p.symbols[1] == symbol {
                Some(code(i, Some(PlayerId::SECOND)))
            } else {
                None
            }
        })
    }

    #[inline(always)]
    pub(crate) fn key(&self, cell: CellId, code: Code) -> u64 {
        self.zobrist[cell.index() * self.codes + code as usize]
    }

    /// Does the position remember which pieces never moved?
    pub(crate) fn tracks_unmoved(&self) -> bool {
        !self.rules.unmoved.is_empty()
    }

    /// The key of "the piece on `cell` never moved".
    #[inline(always)]
    pub(crate) fn unmoved_key(&self, cell: CellId) -> u64 {
        self.state_keys[cell.index()]
    }

    /// The key of "the last move passed over `passed`, its piece standing on `victim`".
    pub(crate) fn passed_key(&self, passed: crate::moves::CellBits, victim: CellId) -> u64 {
        let n = self.rules.board.len();
        let mut key = self.state_keys[2 * n + victim.index()];
        let mut bits = passed.bits();
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            key ^= self.state_keys[n + c];
        }
        key
    }

    /// The key of "the piece on `cell` has made `count` moves in a row".
    pub(crate) fn streak_key(&self, cell: CellId, count: u8) -> u64 {
        let mut s = self.state_keys[3 * self.rules.board.len() + cell.index()] ^ u64::from(count);
        splitmix(&mut s)
    }

    /// The key of the phase part of the position: only plies inside a limited phase matter.
    pub(crate) fn phase_key(&self, phase: u8, phase_ply: u32) -> u64 {
        let limited = self.phases[phase as usize].limit.is_some();
        let mut s = (phase as u64) << 32 | if limited { phase_ply as u64 } else { 0 };
        splitmix(&mut s)
    }
}

/// For each cell of a board of at most 64 cells, the cells one step away along `dirs` (or, with
/// `whole`, every cell of those rays), as bits.
pub(crate) fn line_masks(board: &hetproba_board::Board, dirs: &[hetproba_board::DirId], whole: bool) -> Vec<u64> {
    (0..board.len())
        .map(CellId::new)
        .map(|c| {
            let mut mask = 0u64;
            for &d in dirs {
                let mut k = board.step(c, d);
                while k != hetproba_board::NO_CELL {
                    mask |= k.bit();
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

fn axes_of(rules: &Ruleset, dirs: &[DirId]) -> Vec<Axis> {
    let mut list: Vec<Axis> = Vec::new();
    for &d in dirs {
        // One entry per axis: skip a direction whose opposite is already listed.
        if !list.iter().any(|&(a, b)| a == d || b == Some(d)) {
            list.push((d, rules.board.opposite(d)));
        }
    }
    list
}
