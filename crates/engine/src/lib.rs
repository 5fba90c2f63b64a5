//! The hetproba engine: compiles a checked ruleset into dense tables and runs it — positions,
//! legal moves, make and unmake, hashing, outcomes, notation, perft.
//!
//! Architecture invariant: the engine knows primitives (place, roll, push, step, flip, line, ...),
//! never a game. A game is data in `rules/*.toml`.
//!
//! The modules, from the bottom: values (`piece`, `cellbits`, `mv`), hashing (`hash`), the
//! position (`position`), the tables the parts share (`tables`, `rule`, `chain`), the interface
//! between the game and its parts (`host`), the parts (`effects`, `moves`, `attack`, `ends`,
//! `draws`, `eval`, `one_way`, `standing`), the compiled game (`game`), and what runs on it
//! (`turn`: generation; `make`; `legal`: legality; `paths`, `notation`, `fen`, `stacks`,
//! `perft`, `check`, `session`). No module below `game` names it.

mod attack;
mod cellbits;
mod chain;
mod check;
mod compile;
mod counts;
mod draws;
mod effects;
mod ends;
mod eval;
mod fen;
mod game;
mod hands;
mod hash;
mod host;
mod legal;
mod make;
mod moves;
mod mv;
mod notation;
mod one_way;
mod onward;
mod paths;
mod perft;
mod piece;
mod play;
mod position;
mod rule;
mod session;
mod stacks;
mod standing;
mod tables;
mod tally;
mod turn;

pub use cellbits::CellBits;
pub use check::{TestFailure, TestReport};
pub use ends::Outcome;
pub use eval::MAX_EVAL;
pub use game::Game;
pub use moves::MAX_CHAIN_STEPS;
pub use mv::{MAX_RULES, Move, NO_DIR, RuleId};
pub use notation::{MoveError, MoveInfo, PositionError};
pub use perft::Counting;
pub use piece::{Owner, Piece};
pub use play::IllegalMove;
pub use position::{Position, Progress};
pub use session::Session;

pub use hetproba_board as board;
pub use hetproba_rules as rules;
