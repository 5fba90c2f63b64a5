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
        report
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
