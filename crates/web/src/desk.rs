//! The championship desk: the event file as the desk keeps it (players declared, duels entered
//! as they are played), read and judged on every change by the analysis crate exactly as
//! `hetproba championship` judges a file, and shown as tables: the standings, each category's,
//! each game's, and every duel with what became of it (counted, hors concours, over a limit
//! and why).

use crate::draw::esc;
use crate::words::{Lang, Say};
use hetproba_analysis::championship::{self, Scope};
use serde::Serialize;
use serde_json::Value;

/// The file name messages give the desk's event.
pub const FILE: &str = "event";

/// What the desk shows for an event's text.
#[derive(Serialize, Debug)]
pub struct Report {
    /// The problem that stops the text being read, at its line and column.
    pub error: Option<Problem>,
    /// The standings as HTML tables.
    pub html: String,
    /// The report as `hetproba championship` prints it.
    pub text: String,
    /// The players' names, in the order the event first names them (for the page's menus).
    pub players: Vec<String>,
    /// What became of the last duel: `won`, `drawn`, `hors concours` or `over limit`, with the
    /// limits it breaks.
    pub last: Option<Value>,
}

#[derive(Serialize, Debug)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub text: String,
}

/// `event` or `game`: where the same-opponent limit counts.
pub fn scope(name: &str) -> Scope {
    if name == "game" { Scope::Game } else { Scope::Event }
}

/// Reads and judges an event's text; the tables in `lang`.
pub fn report(text: &str, scope: Scope, lang: Lang) -> Report {
    let event = match championship::parse_event(FILE, text, false) {
        Ok(event) => event,
        Err(e) => {
            let message = e.message.clone();
            let error = Problem { line: e.line, column: e.column, message, text: e.to_string() };
            return Report { error: Some(error), html: String::new(), text: String::new(), players: Vec::new(), last: None };
        }
    };
    let standings = championship::judge(&event, scope);
    let json = championship::to_json(&standings);
    let last = json["duels"].as_array().and_then(|d| d.last()).cloned();
    let players = event.players.iter().map(|p| p.name.clone()).collect();
    Report { error: None, html: html(&json, lang), text: championship::write_text(&standings), players, last }
}

fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => esc(s),
        other => esc(&other.to_string()),
    }
}

/// A table of standings rows (`rank`, `player`, the tallies; `school` and `category` when
/// `details`).
fn table(caption: &str, rows: &Value, details: bool, lang: Lang) -> String {
    let mut head = vec!["rank", "player"];
    if details {
        head.extend(["school", "category"]);
    }
    head.extend(["won", "drawn", "lost", "base", "trophy", "total"]);
    let mut out = format!("<table><caption>{}</caption><thead><tr>", esc(caption));
    for h in &head {
        out += &format!("<th scope=\"col\">{}</th>", lang.say(h));
    }
    out += "</tr></thead><tbody>";
    for row in rows.as_array().into_iter().flatten() {
        out += "<tr>";
        for h in &head {
            let value = match (*h, row["tied"].as_bool()) {
                ("rank", Some(true)) => format!("{}=", cell(&row["rank"])),
                _ => cell(&row[*h]),
            };
            let class = if ["rank", "player", "school", "category"].contains(h) { "" } else { " class=\"n\"" };
            out += &format!("<td{class} data-col=\"{h}\">{value}</td>");
        }
        out += "</tr>";
    }
    out + "</tbody></table>"
}

fn html(json: &Value, lang: Lang) -> String {
    let c = &json["counts"];
    let limits = &json["limits"];
    let counts: Vec<String> = [
        &c["players"],
        &c["duels"],
        &c["won"],
        &c["drawn"],
        &c["hors_concours"],
        &c["over_limit"],
        &limits["opponents_per_game"],
        &limits["duels_with_same_opponent"],
        &limits["same_opponent"],
    ]
    .into_iter()
    .map(cell)
    .collect();
    let counts: Vec<&str> = counts.iter().map(String::as_str).collect();
    let mut out = format!(
        "<p class=\"counts\">{}</p><p class=\"points\">{}</p>",
        lang.fill(
            "{} players, {} duels: {} won, {} drawn, {} hors concours, {} over a limit. Limits: at most {} opponents a game, at most {} duels with the same opponent (in the {}).",
            &counts
        ),
        lang.say(
            "Base points: 1 for each won duel that counts. Trophy points: for each of those duels, the base points the beaten opponent has at the end of the event. Total: base plus trophy points."
        )
    );
    out += &table(lang.say("Standings"), &json["standings"], true, lang);
    for category in json["categories"].as_array().into_iter().flatten() {
        let name = category["category"].as_str().unwrap_or("(none)");
        out += &table(&lang.fill("Category {}", &[name]), &category["standings"], false, lang);
    }
    for game in json["games"].as_array().into_iter().flatten() {
        let id = game["game"].as_str().unwrap_or_default();
        let title = match game["ruleset"].as_str() {
            Some(name) => format!("{id} ({name})"),
            None => lang.fill("{} (not a built-in ruleset)", &[id]),
        };
        let counted = duels(game["duels"].as_u64().unwrap_or(0), lang);
        out += &table(&lang.fill("Game {}: {} counted", &[&title, &counted]), &game["standings"], false, lang);
    }
    out += &format!("<table class=\"duels\"><caption>{}</caption><thead><tr>", lang.say("Duels"));
    for h in ["line", "game", "first", "second", "result", "counted"] {
        out += &format!("<th scope=\"col\">{}</th>", lang.say(h));
    }
    out += "</tr></thead><tbody>";
    for d in json["duels"].as_array().into_iter().flatten() {
        let status = d["status"].as_str().unwrap_or_default();
        let what = match status {
            "won" => format!("{} +{}", cell(&d["winner"]), cell(&d["points"])),
            "over limit" => {
                let why: Vec<String> = d["breaks"].as_array().into_iter().flatten().map(cell).collect();
                lang.fill("not counted: {}", &[&why.join("; and ")])
            }
            "hors concours" => lang.say("hors concours (same school)").into(),
            other => esc(other),
        };
        let class = status.replace(' ', "-");
        out += &format!(
            "<tr class=\"{class}\"><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{what}</td></tr>",
            cell(&d["line"]),
            cell(&d["game"]),
            cell(&d["first"]),
            cell(&d["second"]),
            cell(&d["result"]),
        );
    }
    out + "</tbody></table>"
}

fn duels(n: u64, lang: Lang) -> String {
    if n == 1 { lang.say("1 duel").into() } else { lang.fill("{} duels", &[&n.to_string()]) }
}

/// A name the desk is about to enter that it has not seen, with the nearest it knows.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// `game`, `first` or `second`.
    pub field: &'static str,
    pub name: String,
    pub suggestion: Option<String>,
}

/// The names of a duel about to be entered that are new to the event: a game that is neither a
/// built-in ruleset nor already in the event, a player the event has not named. Each comes with
/// the nearest known name (the same but for case, or at most two letters apart), so that a typo
/// does not quietly become a game or a player of its own.
pub fn unknown_names(text: &str, game: &str, first: &str, second: &str, builtins: &[&str]) -> Vec<Unknown> {
    let event = championship::parse_event(FILE, text, false).unwrap_or_default();
    let mut games: Vec<&str> = builtins.to_vec();
    games.extend(event.games.iter().map(String::as_str));
    let players: Vec<&str> = event.players.iter().map(|p| p.name.as_str()).collect();
    let mut out = Vec::new();
    for (field, name, known) in [("game", game, &games), ("first", first, &players), ("second", second, &players)] {
        let name = name.trim();
        if name.is_empty() || known.contains(&name) {
            continue;
        }
        out.push(Unknown { field, name: name.to_string(), suggestion: nearest(name, known).map(str::to_string) });
    }
    out
}

/// The known name nearest `name`: the same but for case, else the fewest edits if at most two.
fn nearest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let lower = name.to_lowercase();
    if let Some(same) = known.iter().find(|k| k.to_lowercase() == lower) {
        return Some(same);
    }
    known.iter().map(|k| (edits(&lower, &k.to_lowercase()), *k)).filter(|(d, _)| *d <= 2).min_by_key(|(d, _)| *d).map(|(_, k)| k)
}

/// Levenshtein distance, by characters.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != b[j])).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scored by hand: Anna beats Bence and Csaba, Csaba beats Bence, Dóra (Anna's school) loses
    /// to Anna hors concours. Base points: Anna 2, Csaba 1, Bence 0. Trophies: Anna 0 (Bence) +
    /// 1 (Csaba) = 1, total 3; Csaba 0 (Bence), total 1.
    const EVENT: &str = "player Anna school=A category=lower\nplayer Dóra school=A\n\
                         placing Anna Bence 1-0\nracing Csaba Anna 0-1\nracing Bence Csaba 0-1\nhopping Dóra Anna 0-1\n";

    #[test]
    fn an_event_is_judged_and_drawn_as_tables() {
        let r = report(EVENT, Scope::Event, Lang::En);
        assert!(r.error.is_none());
        assert!(r.html.contains("<td data-col=\"player\">Anna</td><td data-col=\"school\">A</td><td data-col=\"category\">lower</td><td class=\"n\" data-col=\"won\">2</td>"), "{}", r.html);
        assert!(r.html.contains("<td class=\"n\" data-col=\"trophy\">1</td><td class=\"n\" data-col=\"total\">3</td>"));
        assert!(r.html.contains("<caption>Category lower</caption>"));
        assert!(r.html.contains("hors concours (same school)"));
        assert_eq!(r.last.unwrap()["status"], "hors concours");
        assert!(r.text.starts_with("Standings: 4 players, 4 duels"));
    }

    #[test]
    fn new_names_are_told_with_the_nearest_known_one() {
        let builtins = ["stacking", "placing"];
        // "Stacking" differs in case, "stakcing" by two letters, Zoltán is nobody the event knows.
        let found = unknown_names(EVENT, "Stacking", "Anna", "Zoltán", &builtins);
        assert_eq!(
            found,
            vec![
                Unknown { field: "game", name: "Stacking".into(), suggestion: Some("stacking".into()) },
                Unknown { field: "second", name: "Zoltán".into(), suggestion: None },
            ]
        );
        assert_eq!(unknown_names(EVENT, "stakcing", "Bence", "Csaba", &builtins)[0].suggestion.as_deref(), Some("stacking"));
        assert_eq!(unknown_names(EVENT, "stacking", "Dora", "Bence", &builtins)[0].suggestion.as_deref(), Some("Dóra"));
        // Names the event already has, and a game already in it though not built in, pass.
        assert!(unknown_names(EVENT, "racing", "Anna", "Bence", &builtins).is_empty());
    }

    #[test]
    fn the_tables_speak_hungarian_and_explain_the_points() {
        let r = report(EVENT, Scope::Event, Lang::Hu);
        assert!(r.html.contains("<caption>Állás</caption>") && r.html.contains("<th scope=\"col\">trófea</th>"), "{}", r.html);
        assert!(r.html.contains("Trófeapont"));
        assert!(report(EVENT, Scope::Event, Lang::En).html.contains("Trophy points: for each of those duels"));
    }

    #[test]
    fn a_bad_line_is_reported_at_its_place() {
        let r = report("placing Anna Anna 1-0\n", Scope::Event, Lang::En);
        let e = r.error.unwrap();
        assert_eq!((e.line, e.column), (1, 14));
        assert!(e.message.contains("cannot duel themself"), "{}", e.message);
    }

    #[test]
    fn lines_entered_at_the_desk_read_back_as_entered() {
        let player = championship::player_line("Kiss Anna", Some("Petőfi"), None).unwrap();
        let duel = championship::duel_line("placing", "Kiss Anna", "Bence", "1-0").unwrap();
        let r = report(&format!("{player}\n{duel}\n"), Scope::Event, Lang::En);
        assert!(r.error.is_none(), "{player} / {duel}: {:?}", r.error);
        assert_eq!(r.players, ["Kiss Anna", "Bence"]);
        assert_eq!(r.last.unwrap()["winner"], "Kiss Anna");
        let refused = championship::duel_line("placing", "Anna", "Anna", "1-0").unwrap_err();
        assert!(refused.message.contains("cannot duel themself"), "{}", refused.message);
        assert!(championship::duel_line("placing", "Anna", "Bence", "2-0").is_err());
    }
}
