//! `stats`: what many games say about a ruleset. Reads the lines `selfplay` writes (several
//! files: the shards of one run merge), groups them by ruleset and pair of players, and reports
//! results by seat and by player with 95% confidence intervals, draws by reason, game length,
//! branching, and the measures general game systems judge a ruleset by (balance, drawishness,
//! decisiveness, duration, lead changes). `--plot DIR` draws them as SVG charts.

use crate::selfplay::GameLine;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// z for a 95% interval.
const Z: f64 = 1.959_963_984_540_054;

/// A share with its 95% Wilson interval.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Share {
    pub count: u64,
    pub of: u64,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

impl Share {
    pub fn new(count: u64, of: u64) -> Share {
        if of == 0 {
            return Share { count, of, share: f64::NAN, low: f64::NAN, high: f64::NAN };
        }
        let (k, n) = (count as f64, of as f64);
        let p = k / n;
        let denom = 1.0 + Z * Z / n;
        let centre = (p + Z * Z / (2.0 * n)) / denom;
        let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denom;
        Share { count, of, share: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }

    fn show(&self) -> String {
        if self.of == 0 {
            return "-".into();
        }
        format!("{:>6} ({:5.1}%, 95% CI {:5.1}-{:5.1}%)", self.count, 100.0 * self.share, 100.0 * self.low, 100.0 * self.high)
    }
}

/// Game lengths in plies.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Lengths {
    pub games: u64,
    pub mean: f64,
    /// The 95% interval of the mean (normal approximation).
    pub mean_low: f64,
    pub mean_high: f64,
    pub median: f64,
    pub q1: f64,
    pub q3: f64,
    pub min: usize,
    pub max: usize,
}

/// The quantile `q` of sorted values, interpolating between neighbours.
fn quantile(sorted: &[usize], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    sorted[lo] as f64 + (sorted[hi] as f64 - sorted[lo] as f64) * (at - lo as f64)
}

fn lengths(values: &[usize]) -> Lengths {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len() as f64;
    let mean = sorted.iter().sum::<usize>() as f64 / n;
    let var = if sorted.len() > 1 { sorted.iter().map(|&v| (v as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = Z * (var / n).sqrt();
    Lengths {
        games: sorted.len() as u64,
        mean,
        mean_low: mean - half,
        mean_high: mean + half,
        median: quantile(&sorted, 0.5),
        q1: quantile(&sorted, 0.25),
        q3: quantile(&sorted, 0.75),
        min: sorted.first().copied().unwrap_or(0),
        max: sorted.last().copied().unwrap_or(0),
    }
}

/// What a set of games says: one ruleset, one pair of players.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub ruleset: String,
    /// Player A (`selfplay --first`) and player B.
    pub players: [String; 2],
    pub games: u64,
    /// Wins of the first seat, of the second, draws, and games stopped at the ply cap, of all
    /// games.
    pub first_seat_wins: Share,
    pub second_seat_wins: Share,
    pub draws: Share,
    pub stopped: Share,
    /// Wins of player A and of player B, of all games.
    pub a_wins: Share,
    pub b_wins: Share,
    /// Draws by reason (and stopped games), most frequent first.
    pub draw_reasons: Vec<(String, u64)>,
    /// Lengths of the finished games (of all games if none finished).
    pub length: Lengths,
    /// Legal moves per position, over every position played from.
    pub branching: f64,
    pub measures: Measures,
    /// Mean legal moves by ply (index 0: the start), over the games that reached it.
    #[serde(skip)]
    pub branching_by_ply: Vec<f64>,
    #[serde(skip)]
    pub all_lengths: Vec<usize>,
}

/// The measures of a ruleset that general game systems use (Browne's aesthetic measures as
/// Ludii computes them, adapted); docs/stats.md defines each.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Measures {
    /// 1 - |first-seat wins - second-seat wins| / decisive games: 1 is even, 0 one-sided.
    pub balance: Option<f64>,
    /// The first seat's share of the decisive games, minus one half, with its 95% interval.
    pub seat_advantage: Option<(f64, f64, f64)>,
    /// Draws among the finished games.
    pub drawishness: Option<f64>,
    /// Over decisive games where the winner took a lead in material it kept to the end: the mean
    /// share of the game played before it did (low: decided early).
    pub decisiveness: Option<f64>,
    /// How many decisive games had such a lead.
    pub decided_games: u64,
    /// Mean length of the finished games, in plies.
    pub duration: Option<f64>,
    /// Mean number of times the lead in material passed to the other player, per game.
    pub lead_changes: f64,
}

/// What is wrong with the lines `stats` reads, at its place (`file:line`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    #[error("{place}:{column}: not a selfplay line: {error}")]
    NotALine { place: String, column: usize, error: String },
    #[error("{place}: {} U+{code:04X} in a text of the line", char::from_u32(*.code).map_or("control character", hetproba_engine::rules::text::hidden_kind))]
    Control { place: String, code: u32 },
    #[error("{place}: a seat is 1 or 2")]
    Seat { place: String },
    #[error("{place}: game {game} of {ruleset} is also at {first}")]
    Twice { place: String, game: u64, ruleset: String, first: String },
    #[error("no games in the files")]
    NoGames,
}

/// Reads selfplay lines: `files` are (name, text) pairs; a bad line is an error at its place.
pub fn read(files: &[(String, String)]) -> Result<Vec<GameLine>, StatsError> {
    let mut lines = Vec::new();
    let mut seen: HashMap<(String, u64, u64), String> = HashMap::new();
    for (file, text) in files {
        for (i, line) in text.lines().enumerate() {
            let place = format!("{file}:{}", i + 1);
            if line.trim().is_empty() {
                continue;
            }
            let game: GameLine = serde_json::from_str(line).map_err(|e| StatsError::NotALine {
                place: place.clone(),
                column: e.column(),
                error: e.to_string(),
            })?;
            // Its texts are printed: no terminal escapes, no text turned around.
            let texts = [&game.ruleset, &game.result, &game.reason, &game.seats[0], &game.seats[1]];
            if let Some(c) =
                texts.into_iter().chain(&game.moves).flat_map(|t| t.chars()).find(|&c| hetproba_engine::rules::text::is_hidden(c))
            {
                return Err(StatsError::Control { place, code: c as u32 });
            }
            if game.a_seat != 1 && game.a_seat != 2 || game.winner.is_some_and(|w| w != 1 && w != 2) {
                return Err(StatsError::Seat { place });
            }
            let key = (game.ruleset.clone(), game.game, game.seed);
            if let Some(first) = seen.insert(key, place.clone()) {
                return Err(StatsError::Twice { place, game: game.game, ruleset: game.ruleset, first });
            }
            lines.push(game);
        }
    }
    if lines.is_empty() {
        return Err(StatsError::NoGames);
    }
    Ok(lines)
}

/// One report per ruleset and pair of players, in the order they first appear.
pub fn reports(games: &[GameLine]) -> Vec<Report> {
    // (ruleset, players A and B) and the games.
    type Group<'g> = ((String, [String; 2]), Vec<&'g GameLine>);
    let mut groups: Vec<Group> = Vec::new();
    for g in games {
        let a = g.seats[usize::from(g.a_seat - 1)].clone();
        let b = g.seats[usize::from(2 - g.a_seat)].clone();
        let key = (g.ruleset.clone(), [a, b]);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(g),
            None => groups.push((key, vec![g])),
        }
    }
    groups.into_iter().map(|((ruleset, players), list)| report(ruleset, players, &list)).collect()
}

fn report(ruleset: String, players: [String; 2], games: &[&GameLine]) -> Report {
    let n = games.len() as u64;
    let count = |f: &dyn Fn(&GameLine) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let (w1, w2) = (count(&|g| g.winner == Some(1)), count(&|g| g.winner == Some(2)));
    // Games at the ply cap say nothing of how the game ends: counted apart from the draws.
    let is_stopped = |g: &GameLine| g.result == "*" || g.capped;
    let stopped = count(&|g| is_stopped(g));
    let draws = n - w1 - w2 - stopped;
    let a_wins = count(&|g| g.winner == Some(g.a_seat));
    let b_wins = w1 + w2 - a_wins;
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    for g in games.iter().filter(|g| g.winner.is_none()) {
        let reason = if is_stopped(g) { format!("stopped: {}", g.reason) } else { g.reason.clone() };
        *reasons.entry(reason).or_default() += 1;
    }
    let mut draw_reasons: Vec<(String, u64)> = reasons.into_iter().collect();
    draw_reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let finished: Vec<usize> = games.iter().filter(|g| !is_stopped(g)).map(|g| g.plies).collect();
    let all_lengths: Vec<usize> = games.iter().map(|g| g.plies).collect();
    let length = lengths(if finished.is_empty() { &all_lengths } else { &finished });
    let (moves, plies) = games
        .iter()
        .fold((0u64, 0u64), |(m, p), g| (m + g.branching.iter().map(|&b| u64::from(b)).sum::<u64>(), p + g.branching.len() as u64));
    let longest = games.iter().map(|g| g.branching.len()).max().unwrap_or(0);
    let branching_by_ply = (0..longest)
        .map(|i| {
            let at: Vec<u32> = games.iter().filter_map(|g| g.branching.get(i).copied()).collect();
            at.iter().map(|&b| f64::from(b)).sum::<f64>() / at.len() as f64
        })
        .collect();
    let decisive = w1 + w2;
    let seat = Share::new(w1, decisive);
    let decided: Vec<f64> = games
        .iter()
        .filter(|g| g.winner.is_some() && g.plies > 0)
        .filter_map(|g| g.decided_at.map(|at| at as f64 / g.plies as f64))
        .collect();
    let measures = Measures {
        balance: (decisive > 0).then(|| 1.0 - (w1 as f64 - w2 as f64).abs() / decisive as f64),
        seat_advantage: (decisive > 0).then_some((seat.share - 0.5, seat.low - 0.5, seat.high - 0.5)),
        drawishness: (n > stopped).then(|| draws as f64 / (n - stopped) as f64),
        decisiveness: (!decided.is_empty()).then(|| decided.iter().sum::<f64>() / decided.len() as f64),
        decided_games: decided.len() as u64,
        duration: (!finished.is_empty()).then_some(length.mean),
        lead_changes: games.iter().map(|g| f64::from(g.lead_changes)).sum::<f64>() / n as f64,
    };
    Report {
        ruleset,
        players,
        games: n,
        first_seat_wins: Share::new(w1, n),
        second_seat_wins: Share::new(w2, n),
        draws: Share::new(draws, n),
        stopped: Share::new(stopped, n),
        a_wins: Share::new(a_wins, n),
        b_wins: Share::new(b_wins, n),
        draw_reasons,
        length,
        branching: if plies > 0 { moves as f64 / plies as f64 } else { f64::NAN },
        measures,
        branching_by_ply,
        all_lengths,
    }
}

fn opt(v: Option<f64>, digits: usize) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.digits$}"))
}

/// The report in words, for `stats` and `compare --play`.
pub fn describe(r: &Report) -> Vec<String> {
    let mut out = vec![
        format!("{}: {} games, A = {}, B = {}", r.ruleset, r.games, r.players[0], r.players[1]),
        format!("  first seat wins   {}", r.first_seat_wins.show()),
        format!("  second seat wins  {}", r.second_seat_wins.show()),
        format!("  draws             {}", r.draws.show()),
    ];
    // The draws by reason, under the draws they count.
    for (reason, n) in &r.draw_reasons {
        out.push(format!("    {n:>6} {reason}"));
    }
    if r.stopped.count > 0 {
        out.push(format!("  stopped           {}", r.stopped.show()));
    }
    out.push(format!("  A wins            {}", r.a_wins.show()));
    out.push(format!("  B wins            {}", r.b_wins.show()));
    let l = &r.length;
    out.push(format!(
        "  length (plies)    mean {:.1} (95% CI {:.1}-{:.1}), median {:.1}, quartiles {:.1}-{:.1}, range {}-{}",
        l.mean, l.mean_low, l.mean_high, l.median, l.q1, l.q3, l.min, l.max
    ));
    out.push(format!("  branching         {:.2} legal moves per position", r.branching));
    let m = &r.measures;
    out.push(format!("  balance           {}", opt(m.balance, 3)));
    out.push(format!(
        "  seat advantage    {}",
        m.seat_advantage.map_or("-".to_string(), |(s, lo, hi)| format!("{:+.3} (95% CI {:+.3} to {:+.3})", s, lo, hi))
    ));
    out.push(format!("  drawishness       {}", opt(m.drawishness, 3)));
    out.push(format!(
        "  decisiveness      {}",
        match m.decisiveness {
            Some(d) => format!("{d:.3} (over {} decisive games with a lead kept to the end)", m.decided_games),
            None => "- (no winner kept a lead in material to the end)".to_string(),
        }
    ));
    out.push(format!("  duration          {}", opt(m.duration, 1)));
    out.push(format!("  lead changes      {:.2} per game", m.lead_changes));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_of_a_known_case() {
        // 8 of 10: Wilson's 95% interval is 0.490 to 0.943 (Newcombe 1998, table I, method 3).
        let s = Share::new(8, 10);
        assert!((s.low - 0.490).abs() < 0.001 && (s.high - 0.943).abs() < 0.001, "{s:?}");
        // 0 of 10: 0 to 0.278.
        let s = Share::new(0, 10);
        assert!(s.low == 0.0 && (s.high - 0.278).abs() < 0.001, "{s:?}");
    }

    #[test]
    fn quartiles_interpolate() {
        let l = lengths(&[10, 20, 30, 40]);
        assert_eq!((l.q1, l.median, l.q3, l.mean), (17.5, 25.0, 32.5, 25.0));
    }
}
