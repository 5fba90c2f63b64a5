//! Players by name: `human`, `random`, `mcts`, `mcts:1000`, `mcts:2s`, `alphabeta:6`,
//! `alphabeta:1s`, with options after a comma. Every front end parses a
//! player once, here, and builds its agent here; a new agent is one more arm in each match.

use hetproba_ai::{
    Agent, AlphaBetaAgent, Budget, DEFAULT_HASH_MB, Limit, MAX_CONTEMPT, MAX_HASH_MB, MctsAgent, MctsOptions, RandomAgent, TreeMemory,
};
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
    /// Monte Carlo tree search with this budget a move and these options.
    Mcts(Budget, MctsKnobs),
    /// Alpha-beta search on the ruleset's `[eval]` with this limit, a transposition table of
    /// so many MiB and this contempt for draws (in the evaluation's points; 0 by default).
    AlphaBeta(Limit, usize, i32),
}

/// The options of an MCTS player after its budget: `c=0.7` (the exploration constant, kept in
/// thousandths so that specs compare exactly), `contempt=0.5` (how much less than a half a draw
/// is worth to the side the evaluation puts ahead, from 0 to 1, in thousandths too), `plain`
/// (UCT with random playouts to the end, as hetproba first had).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsKnobs {
    pub exploration_milli: Option<u32>,
    pub contempt_milli: Option<u32>,
    pub plain: bool,
}

/// `mcts`: 1000 playouts a move.
pub const MCTS: AgentSpec =
    AgentSpec::Mcts(Budget::Playouts(1000), MctsKnobs { exploration_milli: None, contempt_milli: None, plain: false });

/// The deepest `alphabeta:N`.
pub const MAX_DEPTH: u32 = 64;

/// One kind of player the registry knows, for help texts and menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentKind {
    /// The name, as written before any `:`.
    pub name: &'static str,
    /// How it is written, with examples.
    pub forms: &'static str,
    /// What it does, in a few words.
    pub about: &'static str,
    /// Players of this kind a menu offers (each parses), from the quickest to the strongest.
    pub examples: &'static [&'static str],
}

/// Every kind of player, in the order menus list them.
pub const AGENT_KINDS: &[AgentKind] = &[
    AgentKind { name: "human", forms: "human", about: "a person, who types or clicks the moves", examples: &["human"] },
    AgentKind { name: "random", forms: "random", about: "a uniformly random legal move", examples: &["random"] },
    AgentKind {
        name: "alphabeta",
        forms: "alphabeta, alphabeta:6 (depth), alphabeta:2s (time a move), alphabeta:2s,hash=64 (MiB), alphabeta:2s,contempt=50",
        about: "alpha-beta search on the ruleset's [eval] (1s a move unless told)",
        examples: &["alphabeta:3", "alphabeta:1s", "alphabeta:5s"],
    },
    AgentKind {
        name: "mcts",
        forms: "mcts, mcts:1000 (playouts a move), mcts:2s (time a move), mcts:2s,c=0.7, mcts:2s,contempt=0, mcts:2s,plain",
        about: "Monte Carlo tree search (1000 playouts a move unless told)",
        examples: &["mcts:200", "mcts:1000", "mcts:1s", "mcts:5s"],
    },
];

/// Why a text is not a player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error(
        "'{0}' is not a player; expected human, random, alphabeta, alphabeta:6 (depth), alphabeta:1s (time), mcts, mcts:1000 (playouts) or mcts:2s (time)"
    )]
    Unknown(String),
    #[error("'{0}': a budget cannot be negative; {RANGE}")]
    Negative(String),
    #[error("'{0}': {RANGE}")]
    OutOfRange(String),
    #[error("'{0}': a depth is from 1 to 64 plies, a time a move from 1ms to 1h")]
    DepthOutOfRange(String),
    #[error("'{0}': {1}")]
    BadOption(String, String),
}

/// The budgets a search accepts, as the messages say them.
const RANGE: &str = "playouts a move are from 1 to 1000000, a time a move from 1ms to 1h";

/// The most a player named by a record (`[White "..."]`, which `play --resume` reads) may
/// cost: a record may come from anyone, and resuming it must not take the machine's memory or
/// an hour a move. The command line may ask for more.
pub const RECORD_MOVE_MS: u64 = 60_000;
pub const RECORD_PLAYOUTS: u32 = 100_000;
pub const RECORD_DEPTH: u32 = 12;
pub const RECORD_HASH_MB: usize = 256;

impl AgentSpec {
    /// Why a record may not name this player, if it may not: it thinks longer than
    /// [`RECORD_MOVE_MS`] a move, deeper than [`RECORD_DEPTH`], more playouts than
    /// [`RECORD_PLAYOUTS`], or with a table larger than [`RECORD_HASH_MB`].
    pub fn beyond_a_record(&self) -> Option<String> {
        let too_long = |t: &Duration| *t > Duration::from_millis(RECORD_MOVE_MS);
        let over = match self {
            AgentSpec::Human | AgentSpec::Random => false,
            AgentSpec::Mcts(Budget::Time(t), _) => too_long(t),
            AgentSpec::Mcts(Budget::Playouts(n), _) => *n > RECORD_PLAYOUTS,
            AgentSpec::AlphaBeta(limit, hash, _) => {
                *hash > RECORD_HASH_MB
                    || match limit {
                        Limit::Time(t) => too_long(t),
                        Limit::Depth(d) => *d > RECORD_DEPTH,
                        Limit::Nodes(_) | Limit::Infinite => true,
                    }
            }
        };
        over.then(|| {
            format!(
                "a record may name a player of at most {}s a move, {RECORD_PLAYOUTS} playouts, depth {RECORD_DEPTH} and a {RECORD_HASH_MB} MiB table, since a record may come from anyone",
                RECORD_MOVE_MS / 1000
            )
        })
    }

    /// `human`, `random`, `mcts`, `mcts:N` (N playouts a move, 1 to [`MAX_PLAYOUTS`]) or
    /// `mcts:TIME` (a time a move, 1ms to 1h: `500ms`, `2s`, `1m`, `1h`), with options
    /// `,c=0.7`, `,contempt=0.5` and `,plain`; `alphabeta` (1s a move), `alphabeta:N` (N plies, 1 to
    /// [`MAX_DEPTH`]) or `alphabeta:TIME`, with `,hash=MIB` (1 to 4096) and `,contempt=K` (a draw
    /// is worth -K evaluation points to the player searching; a whole number, negative or not).
    pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
        let bad = || SpecError::Unknown(text.to_string());
        let (head, options) = match text.split_once(',') {
            Some((head, options)) => (head, options.split(',').collect::<Vec<_>>()),
            None => (text, Vec::new()),
        };
        let (name, budget) = match head.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (head, None),
        };
        let whole = |b: &str| !b.is_empty() && b.bytes().all(|c| c.is_ascii_digit());
        let time = |b: &str, out_of_range: SpecError| match hetproba_engine::rules::parse_duration(b, u64::MAX) {
            Ok(ms) if (1..=MAX_MOVE_MS).contains(&ms) => Ok(Duration::from_millis(ms)),
            Ok(_) => Err(out_of_range),
            Err(_) => Err(bad()),
        };
        let option = |why: String| SpecError::BadOption(text.to_string(), why);
        match name {
            "human" | "random" if budget.is_some() || !options.is_empty() => Err(bad()),
            "human" => Ok(AgentSpec::Human),
            "random" => Ok(AgentSpec::Random),
            "mcts" => {
                let budget = match budget {
                    None => Budget::Playouts(1000),
                    Some(b) if b.starts_with('-') => return Err(SpecError::Negative(text.to_string())),
                    Some(b) if whole(b) => match b.parse::<u32>() {
                        Ok(n) if (1..=MAX_PLAYOUTS).contains(&n) => Budget::Playouts(n),
                        _ => return Err(SpecError::OutOfRange(text.to_string())),
                    },
                    Some(b) => Budget::Time(time(b, SpecError::OutOfRange(text.to_string()))?),
                };
                let mut knobs = MctsKnobs::default();
                for o in options {
                    match o.split_once('=') {
                        None if o == "plain" => knobs.plain = true,
                        Some(("c", value)) => match value.parse::<f64>() {
                            Ok(c) if (0.0..=10.0).contains(&c) => knobs.exploration_milli = Some((c * 1000.0).round() as u32),
                            _ => return Err(option("the exploration constant c is a number from 0 to 10".into())),
                        },
                        Some(("contempt", value)) => match value.parse::<f64>() {
                            Ok(c) if (0.0..=1.0).contains(&c) => knobs.contempt_milli = Some((c * 1000.0).round() as u32),
                            _ => return Err(option("the contempt for draws is a number from 0 to 1".into())),
                        },
                        _ => {
                            return Err(option(format!(
                                "mcts takes the options c=NUMBER (exploration), contempt=NUMBER (draws) and plain, not '{o}'"
                            )));
                        }
                    }
                }
                Ok(AgentSpec::Mcts(budget, knobs))
            }
            "alphabeta" => {
                let limit = match budget {
                    None => Limit::Time(Duration::from_secs(1)),
                    Some(b) if b.starts_with('-') => return Err(SpecError::DepthOutOfRange(text.to_string())),
                    Some(b) if whole(b) => match b.parse::<u32>() {
                        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Limit::Depth(d),
                        _ => return Err(SpecError::DepthOutOfRange(text.to_string())),
                    },
                    Some(b) => Limit::Time(time(b, SpecError::DepthOutOfRange(text.to_string()))?),
                };
                let mut hash = DEFAULT_HASH_MB;
                let mut contempt = 0;
                for o in options {
                    match o.split_once('=') {
                        Some(("hash", value)) => match value.parse::<usize>() {
                            Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => hash = mb,
                            _ => return Err(option(format!("hash is the table's size in MiB, from 1 to {MAX_HASH_MB}"))),
                        },
                        Some(("contempt", value)) => match value.parse::<i32>() {
                            Ok(k) if (-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&k) => contempt = k,
                            _ => {
                                return Err(option(format!(
                                    "the contempt for draws is a whole number of evaluation points, from -{MAX_CONTEMPT} to {MAX_CONTEMPT}"
                                )));
                            }
                        },
                        _ => {
                            return Err(option(format!("alphabeta takes the options hash=MIB and contempt=POINTS (draws), not '{o}'")));
                        }
                    }
                }
                Ok(AgentSpec::AlphaBeta(limit, hash, contempt))
            }
            _ => Err(bad()),
        }
    }

    /// The player as written (`random`, `mcts:1000`, `mcts:1500ms,c=0.7`, `alphabeta:6`); it
    /// parses back to itself.
    pub fn label(&self) -> String {
        let time = |t: &Duration| format!("{}ms", t.as_millis());
        match self {
            AgentSpec::Human => "human".into(),
            AgentSpec::Random => "random".into(),
            AgentSpec::Mcts(budget, knobs) => {
                let mut label = match budget {
                    Budget::Playouts(n) => format!("mcts:{n}"),
                    Budget::Time(t) => format!("mcts:{}", time(t)),
                };
                if let Some(c) = knobs.exploration_milli {
                    label += &format!(",c={}", f64::from(c) / 1000.0);
                }
                if let Some(c) = knobs.contempt_milli {
                    label += &format!(",contempt={}", f64::from(c) / 1000.0);
                }
                if knobs.plain {
                    label += ",plain";
                }
                label
            }
            AgentSpec::AlphaBeta(limit, hash, contempt) => {
                let mut label = match limit {
                    Limit::Depth(d) => format!("alphabeta:{d}"),
                    Limit::Time(t) => format!("alphabeta:{}", time(t)),
                    Limit::Nodes(n) => format!("alphabeta:nodes={n}"),
                    Limit::Infinite => "alphabeta:infinite".into(),
                };
                if *hash != DEFAULT_HASH_MB {
                    label += &format!(",hash={hash}");
                }
                if *contempt != 0 {
                    label += &format!(",contempt={contempt}");
                }
                label
            }
        }
    }

    /// True for a person.
    pub fn is_human(&self) -> bool {
        *self == AgentSpec::Human
    }

    /// The computer player of this kind, seeded; `None` for a person.
    pub fn agent(&self, seed: u64) -> Option<Box<dyn Agent>> {
        self.agent_in(seed, &TreeMemory::unlimited())
    }

    /// [`AgentSpec::agent`], its search trees taking their memory from `memory`.
    pub fn agent_in(&self, seed: u64, memory: &TreeMemory) -> Option<Box<dyn Agent>> {
        Some(match self {
            AgentSpec::Human => return None,
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Mcts(budget, knobs) => {
                let mut options = if knobs.plain { MctsOptions::plain() } else { MctsOptions::default() };
                if let Some(c) = knobs.exploration_milli {
                    options.exploration = f64::from(c) / 1000.0;
                }
                if let Some(c) = knobs.contempt_milli {
                    options.contempt = f64::from(c) / 1000.0;
                }
                Box::new(MctsAgent::with_options(*budget, seed, options).with_memory(memory.clone()))
            }
            AgentSpec::AlphaBeta(limit, hash, contempt) => {
                Box::new(AlphaBetaAgent::with_hash_in(*limit, seed, *hash, memory).with_contempt(*contempt))
            }
        })
    }

    /// The player a hint borrows from this one: itself if it searches, else alpha-beta for a
    /// second.
    pub fn hint_player(&self) -> AgentSpec {
        match self {
            AgentSpec::Mcts(..) | AgentSpec::AlphaBeta(..) => self.clone(),
            _ => AgentSpec::AlphaBeta(Limit::Time(Duration::from_secs(1)), DEFAULT_HASH_MB, 0),
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

    /// Issue 38, finding 14: a record's `[White "alphabeta:1,hash=4096"]` took 4.7 GB when
    /// resumed, `[Black "mcts:1h"]` an hour a move.
    #[test]
    fn a_record_may_name_only_players_of_bounded_cost() {
        for costly in
            ["alphabeta:1,hash=4096", "alphabeta:1,hash=257", "mcts:1h", "mcts:61s", "alphabeta:2m", "alphabeta:13", "mcts:100001"]
        {
            let spec = AgentSpec::parse(costly).expect("a player");
            assert!(spec.beyond_a_record().is_some_and(|why| why.contains("may come from anyone")), "{costly}");
        }
        for fine in ["human", "random", "mcts", "mcts:100000", "mcts:1m", "alphabeta", "alphabeta:12", "alphabeta:1m,hash=256"] {
            assert_eq!(AgentSpec::parse(fine).expect("a player").beyond_a_record(), None, "{fine}");
        }
    }
    use super::*;

    #[test]
    fn mcts_budgets() {
        let mcts = |b| AgentSpec::Mcts(b, MctsKnobs::default());
        assert_eq!(AgentSpec::parse("mcts:1h"), Ok(mcts(Budget::Time(Duration::from_secs(3600)))));
        assert_eq!(AgentSpec::parse("mcts:1m"), Ok(mcts(Budget::Time(Duration::from_secs(60)))));
        assert_eq!(AgentSpec::parse("mcts:1000000"), Ok(mcts(Budget::Playouts(1_000_000))));
        assert_eq!(AgentSpec::parse("mcts"), Ok(MCTS));
        let tuned = AgentSpec::Mcts(Budget::Playouts(50), MctsKnobs { exploration_milli: Some(700), contempt_milli: None, plain: false });
        assert_eq!(AgentSpec::parse("mcts:50,c=0.7"), Ok(tuned.clone()));
        let plain =
            AgentSpec::Mcts(Budget::Time(Duration::from_secs(1)), MctsKnobs { exploration_milli: None, contempt_milli: None, plain: true });
        assert_eq!(AgentSpec::parse("mcts:1s,plain"), Ok(plain.clone()));
        let calm = AgentSpec::Mcts(Budget::Playouts(50), MctsKnobs { exploration_milli: None, contempt_milli: Some(0), plain: false });
        assert_eq!(AgentSpec::parse("mcts:50,contempt=0"), Ok(calm.clone()));
        // What `label` writes reads back.
        for spec in [mcts(Budget::Time(Duration::from_millis(1500))), mcts(Budget::Playouts(7)), AgentSpec::Random, tuned, plain, calm] {
            assert_eq!(AgentSpec::parse(&spec.label()), Ok(spec));
        }
        assert!(AgentSpec::parse("mcts:5,c=x").unwrap_err().to_string().contains("exploration constant"));
        assert!(AgentSpec::parse("mcts:5,contempt=2").unwrap_err().to_string().contains("from 0 to 1"));
        assert!(AgentSpec::parse("mcts:5,deep").unwrap_err().to_string().contains("not 'deep'"));
        assert!(AgentSpec::parse("mcts:0").unwrap_err().to_string().contains("from 1 to 1000000"));
        assert!(AgentSpec::parse("mcts:2h").unwrap_err().to_string().contains("from 1ms to 1h"));
        assert_eq!(AgentSpec::parse("mcts:-5"), Err(SpecError::Negative("mcts:-5".into())));
        assert_eq!(AgentSpec::parse("alpha"), Err(SpecError::Unknown("alpha".into())));
    }

    #[test]
    fn alphabeta_limits() {
        let hash = DEFAULT_HASH_MB;
        assert_eq!(AgentSpec::parse("alphabeta"), Ok(AgentSpec::AlphaBeta(Limit::Time(Duration::from_secs(1)), hash, 0)));
        assert_eq!(AgentSpec::parse("alphabeta:6"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), hash, 0)));
        assert_eq!(AgentSpec::parse("alphabeta:250ms"), Ok(AgentSpec::AlphaBeta(Limit::Time(Duration::from_millis(250)), hash, 0)));
        assert_eq!(AgentSpec::parse("alphabeta:6,hash=64"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), 64, 0)));
        assert_eq!(AgentSpec::parse("alphabeta:6,contempt=50"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), hash, 50)));
        assert_eq!(AgentSpec::parse("alphabeta:6,contempt=-20,hash=8"), Ok(AgentSpec::AlphaBeta(Limit::Depth(6), 8, -20)));
        assert_eq!(AgentSpec::parse("alphabeta:6,contempt=0").map(|s| s.label()), Ok("alphabeta:6".to_string()));
        for text in ["alphabeta:6", "alphabeta:2000ms,hash=1", "alphabeta:3,contempt=-7", "alphabeta:1000ms,hash=2,contempt=300"] {
            assert_eq!(AgentSpec::parse(text).map(|s| s.label()), Ok(text.to_string()));
        }
        for (text, says) in [
            ("alphabeta:0", "from 1 to 64"),
            ("alphabeta:65", "from 1 to 64"),
            ("alphabeta:6,hash=0", "from 1 to 4096"),
            ("alphabeta:6,c=1", "hash=MIB and contempt=POINTS"),
            ("alphabeta:6,contempt=x", "a whole number of evaluation points"),
            ("alphabeta:6,contempt=0.5", "a whole number of evaluation points"),
            ("alphabeta:6,contempt=1000001", "from -1000000 to 1000000"),
            ("random:3", "is not a player"),
        ] {
            assert!(AgentSpec::parse(text).unwrap_err().to_string().contains(says), "{text}");
        }
        assert!(AgentSpec::parse("alphabeta:2").unwrap().agent(1).is_some());
    }

    #[test]
    fn the_range_in_the_messages_is_the_range_checked() {
        assert_eq!(MAX_PLAYOUTS, 1_000_000, "RANGE says 1000000");
        assert_eq!(MAX_MOVE_MS, 3_600_000, "RANGE says 1h");
    }

    #[test]
    fn every_kind_in_the_registry_parses_by_its_name_and_its_examples() {
        for kind in AGENT_KINDS {
            assert!(AgentSpec::parse(kind.name).is_ok(), "{}", kind.name);
            assert!(!kind.examples.is_empty(), "{}: a menu needs at least one", kind.name);
            for example in kind.examples {
                let spec = AgentSpec::parse(example).unwrap_or_else(|e| panic!("{example}: {e}"));
                assert!(example.starts_with(kind.name), "{example} is a {}", kind.name);
                assert_eq!(AgentSpec::parse(&spec.label()), Ok(spec));
            }
        }
        assert!(AgentSpec::Human.agent(1).is_none());
        assert!(AgentSpec::Random.agent(1).is_some());
    }
}
