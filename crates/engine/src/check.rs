//! Runs the tests embedded in a ruleset file (`[[tests]]`): positions with their expected moves,
//! move counts, perft counts and results.

use crate::game::Game;
use crate::position::Position;
use hetproba_rules::Span;
use hetproba_rules::model::TestCase;

/// One failed embedded test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestFailure {
    pub name: String,
    pub span: Span,
    pub message: String,
}

impl TestFailure {
    /// `file:line:column: test 'name' failed: message` (`built-in 'ID', line L, column C: ...`).
    pub fn render(&self, game: &Game) -> String {
        let sources = &game.rules().sources;
        let (line, col) = sources.line_col(self.span.file, self.span.start);
        let place = hetproba_rules::source::location(&sources.file(self.span.file).name, line, col);
        format!("{place}: test '{}' failed: {}", self.name, self.message)
    }
}

/// What the embedded tests found.
#[derive(Clone, Debug, Default)]
pub struct TestReport {
    pub passed: usize,
    pub failures: Vec<TestFailure>,
    /// Perft leaves counted, for the summary line.
    pub nodes: u64,
}

/// How many random games `check` plays in a game that says it cannot be drawn, and how long
/// each may last: enough to meet the usual ends, quick enough for every `check`.
const NO_DRAW_GAMES: u64 = 16;
const NO_DRAW_PLIES: usize = 400;

impl Game {
    /// Runs every embedded test of the ruleset.
    pub fn run_tests(&self) -> TestReport {
        let mut report = TestReport::default();
        for case in &self.rules().tests {
            match self.run_test(case, &mut report.nodes) {
                Ok(()) => report.passed += 1,
                Err(message) => report.failures.push(TestFailure { name: case.name.clone(), span: case.span, message }),
            }
        }
        if let (Some(span), Some(line)) = (self.rules().cannot_draw, self.find_draw()) {
            let message = format!("a random game from the start ends drawn: {line}");
            report.failures.push(TestFailure { name: "cannot-draw".into(), span, message });
        }
        report
    }

    /// Random games from the start (a fixed seed, so `check` says the same every time): the
    /// first one that ends in a draw, as its moves.
    fn find_draw(&self) -> Option<String> {
        let mut seed = 0x6E6F_6472_6177; // "nodraw"
        let mut moves = Vec::new();
        for _ in 0..NO_DRAW_GAMES {
            let mut pos = Position::start(self);
            let mut line = Vec::new();
            for _ in 0..NO_DRAW_PLIES {
                self.generate(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(crate::hash::splitmix(&mut seed) % moves.len() as u64) as usize];
                line.push(self.move_name(&pos, mv));
                self.make(&mut pos, mv);
            }
            if let Some(outcome) = self.outcome(&pos)
                && outcome.winner.is_none()
            {
                return Some(format!("{} ({})", line.join(" "), outcome.describe(self)));
            }
        }
        None
    }

    fn run_test(&self, case: &TestCase, nodes: &mut u64) -> Result<(), String> {
        let mut pos = match &case.position {
            Some(text) => self.read_position(text).map_err(|e| e.to_string())?,
            None => Position::start(self),
        };
        if let Some(line) = &case.after {
            self.play_line(&mut pos, line).map_err(|(n, e)| format!("after {n} move{}: {e}", if n == 1 { "" } else { "s" }))?;
        }
        let moves = self.legal_moves(&pos);
        let mut names: Vec<String> = self.move_names(&pos, &moves);
        if let Some(expected) = &case.moves {
            let mut expected = expected.clone();
            expected.sort();
            names.sort();
            if expected != names {
                let missing: Vec<&String> = expected.iter().filter(|m| !names.contains(m)).collect();
                let extra: Vec<&String> = names.iter().filter(|m| !expected.contains(m)).collect();
                return Err(format!(
                    "moves differ; missing: [{}], unexpected: [{}]",
                    missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "),
                    extra.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                ));
            }
        }
        for text in &case.legal {
            self.parse_move(&pos, text).map_err(|e| e.to_string())?;
        }
        for text in &case.illegal {
            match self.parse_move(&pos, text) {
                Ok(_) => return Err(format!("'{text}' should be illegal here but is legal")),
                Err(crate::MoveError::Ambiguous { candidates, .. }) => {
                    return Err(format!("'{text}' should be illegal here but names legal moves: {}", candidates.join(" ")));
                }
                Err(crate::MoveError::Illegal { .. }) => {}
            }
        }
        if let Some(count) = case.count
            && moves.len() as u64 != count
        {
            return Err(format!("{} legal moves, expected {count}", moves.len()));
        }
        for (i, &expected) in case.perft.iter().enumerate() {
            let depth = i as u32 + 1;
            let found: u64 = if depth >= 5 {
                self.perft_divide(&pos, depth, true, &|_, _| {}).iter().map(|(_, n)| n).sum()
            } else {
                self.perft(&mut pos, depth)
            };
            *nodes += found;
            if found != expected {
                return Err(format!("perft {depth} is {found}, expected {expected}"));
            }
        }
        if let Some(result) = &case.result {
            let found = self.outcome(&pos).map_or("none".to_string(), |o| o.short(self));
            if &found != result {
                let detail = self.outcome(&pos).map(|o| format!(" ({})", o.describe(self))).unwrap_or_default();
                return Err(format!("result is '{found}'{detail}, expected '{result}'"));
            }
        }
        Ok(())
    }
}
