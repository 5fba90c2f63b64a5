//! Players by name: `human`, `random`, `mcts`, `mcts:1000`, `mcts:2s`. Every front end parses a
//! player once, here, and builds its agent here; a new agent is one more arm in each match.

use hetproba_ai::{Agent, Budget, MctsAgent, RandomAgent};
use std::fmt;
use std::time::Duration;

/// The most playouts a move: an MCTS tree holds a position per playout.
pub const MAX_PLAYOUTS: u32 = hetproba_ai::MAX_TREE as u32;
/// The longest time a move, in milliseconds (1 h).
pub const MAX_MOVE_MS: u64 = 3_600_000;

/// A kind of player, as a person names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    /// A person: the front end asks them for their moves.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// Monte Carlo tree search with this budget a move.
    Mcts(Budget),
}

/// One kind of player the registry knows, for help texts and menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentKind {
    /// The name, as written before any `:`.
    pub name: &'static str,
    /// How it is written, with examples.
    pub forms: &'static str,
    /// What it does, in a few words.
    pub about: &'static str,
}

/// Every kind of player, in the order menus list them.
pub const AGENT_KINDS: &[AgentKind] = &[
    AgentKind { name: "human", forms: "human", about: "a person, who types or clicks the moves" },
    AgentKind { name: "random", forms: "random", about: "a uniformly random legal move" },
    AgentKind {
        name: "mcts",
        forms: "mcts, mcts:1000 (playouts a move), mcts:2s (time a move)",
        about: "Monte Carlo tree search (1000 playouts a move unless told)",
    },
];

/// Why a text is not a player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("'{0}' is not a player; expected human, random, mcts, mcts:1000 (playouts) or mcts:2s (time)")]
    Unknown(String),
    #[error("'{0}': a budget cannot be negative; {RANGE}")]
    Negative(String),
    #[error("'{0}': {RANGE}")]
    OutOfRange(String),
}

/// The budgets a search accepts, as the messages say them.
const RANGE: &str = "playouts a move are from 1 to 1000000, a time a move from 1ms to 1h";

impl AgentSpec {
    /// `human`, `random`, `mcts`, `mcts:N` (N playouts a move, 1 to [`MAX_PLAYOUTS`]) or
    /// `mcts:TIME` (a time a move, 1ms to 1h: `500ms`, `2s`, `1m`, `1h`).
    pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
        let bad = || SpecError::Unknown(text.to_string());
        match text.split_once(':') {
            None => match text {
                "human" => Ok(AgentSpec::Human),
                "random" => Ok(AgentSpec::Random),
                "mcts" => Ok(AgentSpec::Mcts(Budget::Playouts(1000))),
                _ => Err(bad()),
            },
            Some(("mcts", budget)) if budget.starts_with('-') => Err(SpecError::Negative(text.to_string())),
            Some(("mcts", budget)) if !budget.is_empty() && budget.bytes().all(|b| b.is_ascii_digit()) => match budget.parse::<u32>() {
                Ok(n) if (1..=MAX_PLAYOUTS).contains(&n) => Ok(AgentSpec::Mcts(Budget::Playouts(n))),
                _ => Err(SpecError::OutOfRange(text.to_string())),
            },
            Some(("mcts", budget)) => match hetproba_engine::rules::parse_duration(budget, u64::MAX) {
                Ok(ms) if (1..=MAX_MOVE_MS).contains(&ms) => Ok(AgentSpec::Mcts(Budget::Time(Duration::from_millis(ms)))),
                Ok(_) => Err(SpecError::OutOfRange(text.to_string())),
                Err(_) => Err(bad()),
            },
            Some(_) => Err(bad()),
        }
    }

    /// The player as written (`random`, `mcts:1000`, `mcts:1500ms`); it parses back to itself.
    pub fn label(&self) -> String {
        match self {
            AgentSpec::Human => "human".into(),
            AgentSpec::Random => "random".into(),
            AgentSpec::Mcts(Budget::Playouts(n)) => format!("mcts:{n}"),
            AgentSpec::Mcts(Budget::Time(t)) => format!("mcts:{}ms", t.as_millis()),
        }
    }

    /// True for a person.
    pub fn is_human(&self) -> bool {
        *self == AgentSpec::Human
    }

    /// The computer player of this kind, seeded; `None` for a person.
    pub fn agent(&self, seed: u64) -> Option<Box<dyn Agent>> {
        match self {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(Box::new(RandomAgent::new(seed))),
            AgentSpec::Mcts(budget) => Some(Box::new(MctsAgent::new(*budget, seed))),
        }
    }

    /// The search budget a hint borrows from this player: its own if it searches, else 1000
    /// playouts.
    pub fn hint_budget(&self) -> Budget {
        match self {
            AgentSpec::Mcts(budget) => *budget,
            _ => Budget::Playouts(1000),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl std::str::FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        AgentSpec::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcts_budgets() {
        assert_eq!(AgentSpec::parse("mcts:1h"), Ok(AgentSpec::Mcts(Budget::Time(Duration::from_secs(3600)))));
        assert_eq!(AgentSpec::parse("mcts:1m"), Ok(AgentSpec::Mcts(Budget::Time(Duration::from_secs(60)))));
        assert_eq!(AgentSpec::parse("mcts:1000000"), Ok(AgentSpec::Mcts(Budget::Playouts(1_000_000))));
        // What `label` writes reads back.
        for spec in [AgentSpec::Mcts(Budget::Time(Duration::from_millis(1500))), AgentSpec::Mcts(Budget::Playouts(7)), AgentSpec::Random] {
            assert_eq!(AgentSpec::parse(&spec.label()), Ok(spec));
        }
        assert!(AgentSpec::parse("mcts:0").unwrap_err().to_string().contains("from 1 to 1000000"));
        assert!(AgentSpec::parse("mcts:2h").unwrap_err().to_string().contains("from 1ms to 1h"));
        assert_eq!(AgentSpec::parse("mcts:-5"), Err(SpecError::Negative("mcts:-5".into())));
        assert_eq!(AgentSpec::parse("alpha"), Err(SpecError::Unknown("alpha".into())));
    }

    #[test]
    fn the_range_in_the_messages_is_the_range_checked() {
        assert_eq!(MAX_PLAYOUTS, 1_000_000, "RANGE says 1000000");
        assert_eq!(MAX_MOVE_MS, 3_600_000, "RANGE says 1h");
    }

    #[test]
    fn every_kind_in_the_registry_parses_by_its_name() {
        for kind in AGENT_KINDS {
            assert!(AgentSpec::parse(kind.name).is_ok(), "{}", kind.name);
        }
        assert!(AgentSpec::Human.agent(1).is_none());
        assert!(AgentSpec::Random.agent(1).is_some());
    }
}
