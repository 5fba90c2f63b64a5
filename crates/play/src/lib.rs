//! Playing hetproba games, for every front end: players by name ([`AgentSpec`]), game clocks
//! ([`Clocks`]), results and their tokens, game records ([`Record`], PDN and the plain format,
//! read, written and replayed), text pictures of positions ([`draw`]), and one game loop, the
//! [`Match`], that `play`, `selfplay`, a simulated championship and a web page all use; and the
//! engine protocols ([`protocol`]: UCI and Hub), lines in and lines out.
//!
//! Architecture invariant: nothing here reads a file, a terminal or the system clock. Time comes
//! from the [`hetproba_ai::Timer`] a front end hands in; a record is text in and text out.

pub mod clock;
pub mod draw;
pub mod matches;
pub mod position;
pub mod protocol;
pub mod record;
pub mod result;
pub mod spec;

pub use clock::{Clocks, control_label, format_clock};
pub use matches::{ENDLESS_CAP, Host, Match, Turn, Undo, may_never_end, move_cells, opening};
pub use record::{Record, RecordError, ReplayError, Replayed};
pub use result::{Ending, result_token, token_winner};
pub use spec::{
    AGENT_KINDS, AgentKind, AgentSpec, MCTS, MctsKnobs, RECORD_DEPTH, RECORD_HASH_MB, RECORD_MOVE_MS, RECORD_PLAYOUTS, SpecError,
};

pub use hetproba_ai as ai;
pub use hetproba_engine as engine;
