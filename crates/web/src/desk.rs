//! The championship desk: the event file as the desk keeps it (players declared, duels entered
//! as they are played), read and judged on every change by the analysis crate exactly as
//! `hetproba championship` judges a file, and shown as tables: the standings, each category's,
//! each game's, and every duel with what became of it (counted, hors concours, over a limit
//! and why).

use crate::draw::esc;
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

/// Reads and judges an event's text.
pub fn report(text: &str, scope: Scope) -> Report {
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
    Report { error: None, html: html(&json), text: championship::write_text(&standings), players, last }
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
fn table(caption: &str, rows: &Value, details: bool) -> String {
    let mut head = vec!["rank", "player"];
    if details {
        head.extend(["school", "category"]);
    }
    head.extend(["won", "drawn", "lost", "base", "trophy", "total"]);
    let mut out = format!("<table><caption>{}</caption><thead><tr>", esc(caption));
    for h in &head {
        out += &format!("<th scope=\"col\">{h}</th>");
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

fn html(json: &Value) -> String {
    let c = &json["counts"];
    let limits = &json["limits"];
    let mut out = format!(
        "<p class=\"counts\">{} players, {} duels: {} won, {} drawn, {} hors concours, {} over a limit. Limits: at most {} \
         opponents a game, at most {} duels with the same opponent (in the {}).</p>",
        c["players"],
        c["duels"],
        c["won"],
        c["drawn"],
        c["hors_concours"],
        c["over_limit"],
        limits["opponents_per_game"],
        limits["duels_with_same_opponent"],
        cell(&limits["same_opponent"]),
    );
    out += &table("Standings", &json["standings"], true);
    for category in json["categories"].as_array().into_iter().flatten() {
        let name = category["category"].as_str().unwrap_or("(none)");
        out += &table(&format!("Category {name}"), &category["standings"], false);
    }
    for game in json["games"].as_array().into_iter().flatten() {
        let id = game["game"].as_str().unwrap_or_default();
        let title = match game["ruleset"].as_str() {
            Some(name) => format!("{id} ({name})"),
            None => format!("{id} (not a built-in ruleset)"),
        };
        out += &table(&format!("Game {title}: {} counted", duels(game["duels"].as_u64().unwrap_or(0))), &game["standings"], false);
    }
    out += "<table class=\"duels\"><caption>Duels</caption><thead><tr><th scope=\"col\">line</th><th scope=\"col\">game</th>\
            <th scope=\"col\">first</th><th scope=\"col\">second</th><th scope=\"col\">result</th><th scope=\"col\">counted</th></tr></thead><tbody>";
    for d in json["duels"].as_array().into_iter().flatten() {
        let status = d["status"].as_str().unwrap_or_default();
        let what = match status {
            "won" => format!("{} +{}", cell(&d["winner"]), cell(&d["points"])),
            "over limit" => {
                let why: Vec<String> = d["breaks"].as_array().into_iter().flatten().map(cell).collect();
                format!("not counted: {}", why.join("; and "))
            }
            "hors concours" => "hors concours (same school)".into(),
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

fn duels(n: u64) -> String {
    if n == 1 { "1 duel".into() } else { format!("{n} duels") }
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
        let r = report(EVENT, Scope::Event);
        assert!(r.error.is_none());
        assert!(r.html.contains("<td data-col=\"player\">Anna</td><td data-col=\"school\">A</td><td data-col=\"category\">lower</td><td class=\"n\" data-col=\"won\">2</td>"), "{}", r.html);
        assert!(r.html.contains("<td class=\"n\" data-col=\"trophy\">1</td><td class=\"n\" data-col=\"total\">3</td>"));
        assert!(r.html.contains("<caption>Category lower</caption>"));
        assert!(r.html.contains("hors concours (same school)"));
        assert_eq!(r.last.unwrap()["status"], "hors concours");
        assert!(r.text.starts_with("Standings: 4 players, 4 duels"));
    }

    #[test]
    fn a_bad_line_is_reported_at_its_place() {
        let r = report("placing Anna Anna 1-0\n", Scope::Event);
        let e = r.error.unwrap();
        assert_eq!((e.line, e.column), (1, 14));
        assert!(e.message.contains("cannot duel themself"), "{}", e.message);
    }

    #[test]
    fn lines_entered_at_the_desk_read_back_as_entered() {
        let player = championship::player_line("Kiss Anna", Some("Petőfi"), None).unwrap();
        let duel = championship::duel_line("placing", "Kiss Anna", "Bence", "1-0").unwrap();
        let r = report(&format!("{player}\n{duel}\n"), Scope::Event);
        assert!(r.error.is_none(), "{player} / {duel}: {:?}", r.error);
        assert_eq!(r.players, ["Kiss Anna", "Bence"]);
        assert_eq!(r.last.unwrap()["winner"], "Kiss Anna");
        let refused = championship::duel_line("placing", "Anna", "Anna", "1-0").unwrap_err();
        assert!(refused.message.contains("cannot duel themself"), "{}", refused.message);
        assert!(championship::duel_line("placing", "Anna", "Bence", "2-0").is_err());
    }
}
