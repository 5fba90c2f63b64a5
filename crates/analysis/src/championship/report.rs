//! The reports: the text people read and the JSON for tools, from the [`Standings`].

use super::event::{Duel, Event};
use super::score::limits_words;
use super::score::{Standings, Status, Tally};
use super::{DUELS_PER_OPPONENT, OPPONENTS_PER_GAME};
use serde_json::{Value, json};

/// A ranked row: the rank, whether it is shared, the player.
struct Ranked {
    rank: usize,
    tied: bool,
    player: usize,
}

/// Ranks players by total, then base points; equal totals and base points share a rank (the next
/// rank skips: 1, 2=, 2=, 4). Within a tie, by name.
fn rank(event: &Event, tallies: &[Tally], players: impl Iterator<Item = usize>) -> Vec<Ranked> {
    let mut order: Vec<usize> = players.collect();
    let key = |p: usize| (tallies[p].total(), tallies[p].base);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then_with(|| event.players[a].name.cmp(&event.players[b].name)));
    let mut ranked: Vec<Ranked> = Vec::with_capacity(order.len());
    for (i, &player) in order.iter().enumerate() {
        let rank = match ranked.last() {
            Some(prev) if key(prev.player) == key(player) => prev.rank,
            _ => i + 1,
        };
        ranked.push(Ranked { rank, tied: false, player });
    }
    for i in 0..ranked.len() {
        let shared = |j: usize| ranked.get(j).is_some_and(|r: &Ranked| r.rank == ranked[i].rank);
        let tied = (i > 0 && shared(i - 1)) || shared(i + 1);
        ranked[i].tied = tied;
    }
    ranked
}

/// The players who played a counted duel in a game.
fn game_players(standings: &Standings, game: usize) -> impl Iterator<Item = usize> {
    let tallies = &standings.per_game[game];
    (0..tallies.len()).filter(|&p| tallies[p].won + tallies[p].drawn + tallies[p].lost > 0)
}

/// The categories in the order players are first named, then players without one (`None`), if
/// any player has a category.
fn categories(event: &Event) -> Vec<Option<&str>> {
    let mut found: Vec<Option<&str>> = Vec::new();
    for p in &event.players {
        let c = p.category.as_deref();
        if c.is_some() && !found.contains(&c) {
            found.push(c);
        }
    }
    if !found.is_empty() && event.players.iter().any(|p| p.category.is_none()) {
        found.push(None);
    }
    found
}

/// A built-in ruleset's name, when the game is one.
fn ruleset_name(game: &str) -> Option<String> {
    hetproba_engine::rules::load_builtin(game, &[]).and_then(Result::ok).map(|r| r.name)
}

struct Counts {
    won: usize,
    drawn: usize,
    hors_concours: usize,
    over_limit: usize,
}

fn counts(standings: &Standings) -> Counts {
    let mut c = Counts { won: 0, drawn: 0, hors_concours: 0, over_limit: 0 };
    for s in &standings.status {
        match s {
            Status::Won { .. } => c.won += 1,
            Status::Drawn => c.drawn += 1,
            Status::HorsConcours => c.hors_concours += 1,
            Status::OverLimit(_) => c.over_limit += 1,
        }
    }
    c
}

/// Columns separated by two spaces; the first `left` columns aligned left, the rest right.
fn table(head: &[&str], rows: &[Vec<String>], left: usize) -> String {
    let width = |c: usize| rows.iter().map(|r| r[c].chars().count()).chain([head[c].chars().count()]).max().unwrap_or(0);
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (c, cell) in cells.iter().enumerate() {
            let pad = " ".repeat(widths[c] - cell.chars().count());
            if c > 0 {
                out.push_str("  ");
            }
            if c < left {
                out.push_str(cell);
                out.push_str(&pad);
            } else {
                out.push_str(&pad);
                out.push_str(cell);
            }
        }
        out.trim_end().to_string() + "\n"
    };
    let mut out = line(head.to_vec());
    for row in rows {
        out += &line(row.iter().map(String::as_str).collect());
    }
    out
}

fn rank_label(r: &Ranked) -> String {
    if r.tied { format!("{}=", r.rank) } else { r.rank.to_string() }
}

fn tally_cells(t: &Tally) -> [String; 6] {
    [t.won, t.drawn, t.lost, t.base, t.trophy, t.total()].map(|n| n.to_string())
}

const TALLY_HEAD: [&str; 6] = ["won", "drawn", "lost", "base", "trophy", "total"];

/// The standings table of some players; `details` adds the school and category columns the
/// event uses.
fn standings_table(standings: &Standings, tallies: &[Tally], players: impl Iterator<Item = usize>, details: bool) -> String {
    let event = standings.event;
    let schools = details && event.players.iter().any(|p| p.school.is_some());
    let cats = details && event.players.iter().any(|p| p.category.is_some());
    let mut head = vec!["rank", "player"];
    if schools {
        head.push("school");
    }
    if cats {
        head.push("category");
    }
    let left = head.len();
    head.extend(TALLY_HEAD);
    let rows: Vec<Vec<String>> = rank(event, tallies, players)
        .iter()
        .map(|r| {
            let p = &event.players[r.player];
            let mut row = vec![rank_label(r), p.name.clone()];
            if schools {
                row.push(p.school.clone().unwrap_or_else(|| "-".into()));
            }
            if cats {
                row.push(p.category.clone().unwrap_or_else(|| "-".into()));
            }
            row.extend(tally_cells(&tallies[r.player]));
            row
        })
        .collect();
    table(&head, &rows, left)
}

fn duel_words(event: &Event, duel: &Duel) -> String {
    format!(
        "line {}: {}  {} - {}  {}",
        duel.line,
        event.games[duel.game],
        event.players[duel.first].name,
        event.players[duel.second].name,
        duel.result.token()
    )
}

/// The report people read. It names no file, so a simulated event's report and the report of
/// the file it wrote are the same text.
pub fn write_text(standings: &Standings) -> String {
    let event = standings.event;
    let c = counts(standings);
    let mut out = format!(
        "Standings: {} players, {} duels ({} won, {} drawn, {} hors concours, {} over a limit)\n",
        event.players.len(),
        event.duels.len(),
        c.won,
        c.drawn,
        c.hors_concours,
        c.over_limit
    );
    out += &format!("Limits: {}\n", limits_words(standings.scope));
    out += "Score: 1 base point a won duel, plus a trophy: the beaten player's base points at the end\n\n";
    if event.players.is_empty() {
        out += "no player\n";
    } else {
        out += &standings_table(standings, &standings.overall, 0..event.players.len(), true);
    }
    let cats = categories(event);
    for category in &cats {
        out += &format!("\nCategory {}\n", category.unwrap_or("(none)"));
        let members = (0..event.players.len()).filter(|&p| event.players[p].category.as_deref() == *category);
        out += &standings_table(standings, &standings.overall, members, false);
    }
    for (g, game) in event.games.iter().enumerate() {
        let duels =
            event.duels.iter().zip(&standings.status).filter(|(d, s)| d.game == g && matches!(s, Status::Won { .. } | Status::Drawn));
        let title = match ruleset_name(game) {
            Some(name) => format!("{game} ({name})"),
            None => format!("{game} (not a built-in ruleset)"),
        };
        match duels.count() {
            0 => out += &format!("\nGame {title}: no duel counted\n"),
            n => {
                out += &format!("\nGame {title}: {n} {} counted\n", if n == 1 { "duel" } else { "duels" });
                out += &standings_table(standings, &standings.per_game[g], game_players(standings, g), false);
            }
        }
    }
    let hors: Vec<String> = event
        .duels
        .iter()
        .zip(&standings.status)
        .filter(|(_, s)| **s == Status::HorsConcours)
        .map(|(d, _)| format!("{}  (both of {})", duel_words(event, d), event.players[d.first].school.as_deref().unwrap_or_default()))
        .collect();
    out += &section("Hors concours (same school; shown, not scored)", &hors);
    let over: Vec<String> = event
        .duels
        .iter()
        .zip(&standings.status)
        .filter_map(|(d, s)| match s {
            Status::OverLimit(why) => Some(format!("{}: {}", duel_words(event, d), why.join("; and "))),
            _ => None,
        })
        .collect();
    out += &section("Over a limit (shown, not scored)", &over);
    out
}

/// A titled list of lines, or the title and "none".
fn section(title: &str, lines: &[String]) -> String {
    if lines.is_empty() {
        return format!("\n{title}: none\n");
    }
    let mut out = format!("\n{title}:\n");
    for line in lines {
        out += line;
        out.push('\n');
    }
    out
}

fn rows_json(standings: &Standings, tallies: &[Tally], players: impl Iterator<Item = usize>, details: bool) -> Value {
    let event = standings.event;
    rank(event, tallies, players)
        .iter()
        .map(|r| {
            let p = &event.players[r.player];
            let t = &tallies[r.player];
            let mut row = json!({"rank": r.rank, "tied": r.tied, "player": p.name});
            if details {
                row["school"] = json!(p.school);
                row["category"] = json!(p.category);
            }
            for (k, v) in TALLY_HEAD.iter().zip([t.won, t.drawn, t.lost, t.base, t.trophy, t.total()]) {
                row[*k] = json!(v);
            }
            row
        })
        .collect()
}

/// The same report for tools (the shape is in docs/championship.md).
pub fn to_json(standings: &Standings) -> Value {
    let event = standings.event;
    let c = counts(standings);
    let games: Vec<Value> = event
        .games
        .iter()
        .enumerate()
        .map(|(g, game)| {
            let counted =
                event.duels.iter().zip(&standings.status).filter(|(d, s)| d.game == g && matches!(s, Status::Won { .. } | Status::Drawn));
            json!({
                "game": game,
                "ruleset": ruleset_name(game),
                "duels": counted.count(),
                "standings": rows_json(standings, &standings.per_game[g], game_players(standings, g), false),
            })
        })
        .collect();
    let categories: Vec<Value> = categories(event)
        .iter()
        .map(|category| {
            let members = (0..event.players.len()).filter(|&p| event.players[p].category.as_deref() == *category);
            json!({"category": category, "standings": rows_json(standings, &standings.overall, members, false)})
        })
        .collect();
    let duels: Vec<Value> = event
        .duels
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let (status, winner, breaks) = match &standings.status[i] {
                Status::Won { winner, .. } => ("won", Some(event.players[*winner].name.as_str()), vec![]),
                Status::Drawn => ("drawn", None, vec![]),
                Status::HorsConcours => ("hors concours", None, vec![]),
                Status::OverLimit(why) => ("over limit", None, why.clone()),
            };
            json!({
                "line": d.line,
                "game": event.games[d.game],
                "first": event.players[d.first].name,
                "second": event.players[d.second].name,
                "result": d.result.token(),
                "status": status,
                "winner": winner,
                "points": standings.points(i),
                "breaks": breaks,
            })
        })
        .collect();
    json!({
        "limits": {
            "opponents_per_game": OPPONENTS_PER_GAME,
            "duels_with_same_opponent": DUELS_PER_OPPONENT,
            "same_opponent": standings.scope.name(),
        },
        "counts": {
            "players": event.players.len(),
            "duels": event.duels.len(),
            "won": c.won,
            "drawn": c.drawn,
            "hors_concours": c.hors_concours,
            "over_limit": c.over_limit,
        },
        "standings": rows_json(standings, &standings.overall, 0..event.players.len(), true),
        "categories": categories,
        "games": games,
        "duels": duels,
    })
}
