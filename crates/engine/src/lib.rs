//! The hetproba engine: compiles a checked ruleset into dense tables and runs it — positions,
//! legal moves, make and unmake, hashing, outcomes, notation, perft.
//!
//! Architecture invariant: the engine knows primitives (place, roll, push, step, flip, line, ...),
//! never a game. A game is data in `rules/*.toml`.

mod attack;
mod cellbits;
mod check;
mod counts;
mod effects;
mod ends;
mod eval;
mod fen;
mod game;
mod hands;
mod moves;
mod notation;
mod one_way;
mod perft;
mod play;
mod position;
mod session;
mod stacks;
mod standing;
mod tally;
mod turn;

pub use check::{TestFailure, TestReport};
pub use ends::Outcome;
pub use eval::MAX_EVAL;
pub use game::{Game, Owner, Piece};
pub use moves::{CellBits, MAX_CHAIN_STEPS, MAX_RULES, Move, NO_DIR, RuleId};
pub use notation::{MoveError, MoveInfo, PositionError};
pub use perft::Counting;
pub use play::IllegalMove;
pub use position::{Position, Progress};
pub use session::Session;

pub use hetproba_board as board;
pub use hetproba_rules as rules;
