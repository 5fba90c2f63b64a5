//! Fairy-Stockfish (Debian's `fairy-stockfish`, which `cargo xtask test` installs) spoken to over
//! UCI: the oracle the chess-family variants' tests compare perft, move lists and FEN with.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Fairy-Stockfish playing one variant, spoken to over UCI.
pub struct Fairy {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fairy {
    pub fn new(variant: &str) -> Fairy {
        // Debian installs it in /usr/games, which is not always on the PATH.
        let program = if Path::new("/usr/games/fairy-stockfish").exists() { "/usr/games/fairy-stockfish" } else { "fairy-stockfish" };
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("Fairy-Stockfish does not run ({e}): apt-get install fairy-stockfish (cargo xtask test does)"));
        let input = child.stdin.take().expect("a pipe to Fairy-Stockfish");
        let output = BufReader::new(child.stdout.take().expect("a pipe from Fairy-Stockfish"));
        let mut fairy = Fairy { child, input, output };
        fairy.say(&format!("uci\nsetoption name UCI_Variant value {variant}\nisready"));
        fairy.until(|l| l == "readyok");
        fairy
    }

    pub fn say(&mut self, lines: &str) {
        writeln!(self.input, "{lines}").expect("Fairy-Stockfish reads");
        self.input.flush().expect("Fairy-Stockfish reads");
    }

    /// The lines up to and including the first for which `last` holds.
    pub fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("Fairy-Stockfish writes");
            assert!(read > 0, "Fairy-Stockfish stopped; it said:\n{}", lines.join("\n"));
            let line = line.trim_end().to_string();
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// `go perft DEPTH` from a position: its count, and each root move with its count.
    pub fn perft(&mut self, position: &str, depth: u32) -> (u64, Vec<(String, u64)>) {
        self.say(&format!("position {position}\ngo perft {depth}"));
        let lines = self.until(|l| l.starts_with("Nodes searched:"));
        let mut divide = Vec::new();
        let mut total = 0;
        for line in lines {
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                total = n.trim().parse().expect("a count");
            } else if let Some((mv, n)) = line.split_once(": ")
                && let Ok(n) = n.trim().parse::<u64>()
            {
                divide.push((mv.to_string(), n));
            }
        }
        (total, divide)
    }

    /// The legal moves of a position, in UCI's coordinates.
    pub fn moves(&mut self, position: &str) -> BTreeSet<String> {
        self.perft(position, 1).1.into_iter().map(|(m, _)| m).collect()
    }

    /// The FEN Fairy-Stockfish writes for a position (`d`).
    pub fn fen(&mut self, position: &str) -> String {
        self.shown(position, "Fen: ")
    }

    /// The line of `d` that starts with `label` (`Fen: `, `Sfen: `, `Checkers: `), without it.
    pub fn shown(&mut self, position: &str, label: &str) -> String {
        // `d` answers at once: `readyok` after it ends its lines.
        self.say(&format!("position {position}\nd\nisready"));
        let lines = self.until(|l| l == "readyok");
        lines.iter().find_map(|l| l.strip_prefix(label)).unwrap_or_else(|| panic!("a line {label}")).trim().to_string()
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}
