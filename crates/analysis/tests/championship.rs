//! The championship's scoring (`hetproba_analysis::championship`): the standings of a Hétpróbások
//! Bajnoksága-style event (Mészáros Mihály, Hétpróbások Bajnoksága 2016, game rules pp.17-19, the
//! "versenykiírás"), read, judged and reported as the `championship` command does.
//!
//! Every event below is small enough to score by hand, and the comment beside each file works
//! the figures out from the rules alone: a won duel is 1 base point; a player's trophy is the sum,
//! over the duels they won, of the beaten player's base points at the end of the event; the total
//! is base + trophy; a draw earns nothing; duels between players of one school are hors concours
//! (shown, not scored); a duel that would give a player a 4th opponent in one game, or two players
//! a 3rd duel against each other, is over a limit (shown, not scored). Each test fails if the rule
//! it names is broken: a draw scored as half a point, a trophy taken from the beaten player's
//! base points at the time of the duel or with hors-concours wins counted, a limit counted one
//! duel late, ties ranked apart.

use hetproba_analysis::championship::{Scope, has_csv_extension, judge, parse_event, to_json, write_text};
use serde_json::{Value, json};

// ----------------------------------------------------------------------------------------------
// Helpers

/// What `championship` reports of an event: the text and the JSON.
struct Run {
    stdout: String,
    json: Value,
}

impl Run {
    fn json(&self) -> Value {
        self.json.clone()
    }

    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Reads an event named `name` (CSV when it ends in `.csv`) and judges it as `championship`
/// does, with the same-opponent limit of `extra` (`--same-opponent game`; the test's name and
/// `--json` are the command line's, which always gives both reports).
fn run_event(_test: &str, name: &str, text: &str, extra: &[&str]) -> Run {
    let event = parse_event(name, text, has_csv_extension(name)).unwrap_or_else(|e| panic!("{e}"));
    let scope = if extra.windows(2).any(|w| w == ["--same-opponent", "game"]) { Scope::Game } else { Scope::Event };
    let standings = judge(&event, scope);
    Run { stdout: write_text(&standings), json: to_json(&standings) }
}

/// The overall standings as (rank label, player, base, trophy, total), from the first table of
/// the text report (names without spaces).
fn overall(stdout: &str) -> Vec<(String, String, u32, u32, u32)> {
    table_after(stdout, "rank  player")
}

/// The rows of the first table whose heading line starts with `heading` (the line before the
/// table's column names, or the column names themselves).
fn table_after(stdout: &str, heading: &str) -> Vec<(String, String, u32, u32, u32)> {
    let mut lines = stdout.lines().skip_while(|l| !l.starts_with(heading));
    let first = lines.next().unwrap_or_else(|| panic!("no {heading:?} in\n{stdout}"));
    if !first.starts_with("rank") {
        assert!(lines.next().is_some_and(|l| l.starts_with("rank")), "{stdout}");
    }
    lines
        .take_while(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = f.len();
            let num = |i: usize| f[i].parse::<u32>().unwrap_or_else(|_| panic!("not a number in {l:?}"));
            (f[0].to_string(), f[1].to_string(), num(n - 3), num(n - 2), num(n - 1))
        })
        .collect()
}

fn row(rank: &str, player: &str, base: u32, trophy: u32, total: u32) -> (String, String, u32, u32, u32) {
    (rank.to_string(), player.to_string(), base, trophy, total)
}

/// The lines of a section of the text report (after its title, to the next blank line).
fn section<'a>(stdout: &'a str, title: &str) -> Vec<&'a str> {
    let mut lines = stdout.lines().skip_while(|l| !l.starts_with(title));
    let head = lines.next().unwrap_or_else(|| panic!("no section {title:?} in\n{stdout}"));
    if head.ends_with(": none") {
        return Vec::new();
    }
    lines.take_while(|l| !l.is_empty()).collect()
}

// ----------------------------------------------------------------------------------------------
// Points

/// The notice's own example: beating a player who won 10 duels in all is worth 1 + 10 = 11.
#[test]
fn beating_a_ten_win_player_earns_eleven() {
    // Bence wins ten duels, two against each of Csaba, Dóra, Ede, Feri and Gábor (never more than
    // three opponents in a game, never more than two duels with one of them); Anna beats Bence.
    //   Bence: base 10; trophy 0 (the five he beat never won); total 10.
    //   Anna:  base 1;  trophy = Bence's base at the end = 10; total 1 + 10 = 11.
    //   Csaba, Dóra, Ede, Feri, Gábor: 0, a five-way tie for third place.
    // Anna's duel comes last in one file and first in the other, with the same standings: a
    // trophy is the beaten player's base points at the END of the event (in the second file
    // Bence had not won yet when Anna beat him).
    let duels = "\
amoba-rollin        Bence  Csaba  1-0
amoba-rollin        Bence  Dóra   1-0
amoba-rollin        Bence  Ede    1-0
amoba-push          Bence  Csaba  1-0
amoba-push          Bence  Dóra   1-0
amoba-push          Bence  Ede    1-0
camelot-chessboard  Bence  Feri   1-0
camelot-chessboard  Bence  Gábor  1-0
loa                 Bence  Feri   1-0
loa                 Bence  Gábor  1-0
";
    let anna = "reversi-covered     Anna   Bence  1-0\n";
    let expected = vec![
        row("1", "Anna", 1, 10, 11),
        row("2", "Bence", 10, 0, 10),
        row("3=", "Csaba", 0, 0, 0),
        row("3=", "Dóra", 0, 0, 0),
        row("3=", "Ede", 0, 0, 0),
        row("3=", "Feri", 0, 0, 0),
        row("3=", "Gábor", 0, 0, 0),
    ];
    let last = run_event("ten_wins_last", "event.txt", &format!("{duels}{anna}"), &[]);
    assert_eq!(overall(&last.stdout), expected, "{}", last.stdout);
    assert!(section(&last.stdout, "Over a limit").is_empty(), "{}", last.stdout);
    let first = run_event("ten_wins_first", "event.txt", &format!("{anna}{duels}"), &[]);
    assert_eq!(overall(&first.stdout), expected, "{}", first.stdout);

    // Per duel (--json): Anna's win is worth 11, each of Bence's wins 1 + 0 = 1.
    let json = run_event("ten_wins_json", "event.txt", &format!("{anna}{duels}"), &["--json"]).json();
    let duels = json["duels"].as_array().unwrap();
    assert_eq!((duels[0]["line"].clone(), duels[0]["winner"].clone(), duels[0]["points"].clone()), (json!(1), json!("Anna"), json!(11)));
    assert!(duels[1..].iter().all(|d| d["points"] == 1 && d["winner"] == "Bence"), "{json:#}");
    // In the game Anna won it in, her score is the same 1 + 10.
    let reversi = json["games"].as_array().unwrap().iter().find(|g| g["game"] == "reversi-covered").unwrap();
    assert_eq!(reversi["standings"][0]["total"], 11);
    assert_eq!(reversi["ruleset"], "Reversi with covered squares");
}

#[test]
fn a_draw_earns_nothing_for_either_player() {
    // Line 1: Anna and Bence draw; line 2: Bence beats Csaba; line 3: Dóra and Anna draw.
    //   Bence: base 1 (line 2), trophy 0 (Csaba never won), total 1.
    //   Anna: two draws, total 0; Dóra and Csaba 0 too.
    // Scored as half a point, a draw would give Anna 1 and Dóra 0.5; scored as a win for the
    // first named, Anna would have 1 + 1 and Dóra 1.
    let event = "\
loa         Anna   Bence  1/2-1/2
reversi     Bence  Csaba  1-0
amoba-push  Dóra   Anna   draw
";
    let run = run_event("draw", "event.txt", event, &[]);
    assert_eq!(
        overall(&run.stdout),
        vec![row("1", "Bence", 1, 0, 1), row("2=", "Anna", 0, 0, 0), row("2=", "Csaba", 0, 0, 0), row("2=", "Dóra", 0, 0, 0)],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("4 players, 3 duels (1 won, 2 drawn, 0 hors concours, 0 over a limit)"), "{}", run.stdout);
    // The loa table: both drew, both 0, tied.
    assert_eq!(table_after(&run.stdout, "Game loa "), vec![row("1=", "Anna", 0, 0, 0), row("1=", "Bence", 0, 0, 0)]);
    let json = run_event("draw_json", "event.txt", event, &["--json"]).json();
    let anna = json["standings"].as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap().clone();
    assert_eq!((anna["won"].clone(), anna["drawn"].clone(), anna["lost"].clone()), (json!(0), json!(2), json!(0)));
    assert_eq!(json["duels"][0]["status"], "drawn");
    assert_eq!(json["duels"][0]["winner"], Value::Null);
    assert_eq!(json["duels"][0]["points"], 0);
    assert_eq!(json["duels"][2]["result"], "1/2-1/2", "draw is read as 1/2-1/2");
}

// ----------------------------------------------------------------------------------------------
// Limits

/// Lines 1-8 of the limits event; the comments give the reading over the whole event.
const LIMITS: &str = "\
# Anna meets four opponents in loa, and Bence three times
loa      Anna   Bence  1-0
loa      Csaba  Anna   0-1
loa      Anna   Dóra   1-0
loa      Ede    Anna   1-0
reversi  Anna   Bence  1-0
quints   Bence  Anna   0-1
loa      Anna   Bence  1-0
";

#[test]
fn a_fourth_opponent_in_a_game_and_a_third_duel_with_one_opponent_are_named_and_not_scored() {
    // Over the whole event (the default):
    //   lines 2, 3, 4: Anna's 1st-3rd opponents in loa (Bence, Csaba, Dóra): counted.
    //   line 5: Ede would be Anna's 4th opponent in loa: over, not scored (Ede's win is lost).
    //   line 6: Anna and Bence's 2nd duel: counted.
    //   line 7: their 3rd (quints): over.
    //   line 8: their 3rd again (loa; Bence is no new opponent, so only this limit): over.
    //   Anna: base 4 (lines 2, 3, 4, 6), trophy 0 (nobody else has a counted win), total 4.
    //   Ede: 0, with neither a win nor a loss counted.
    let run = run_event("limits_event", "event.txt", LIMITS, &[]);
    assert_eq!(
        overall(&run.stdout),
        vec![
            row("1", "Anna", 4, 0, 4),
            row("2=", "Bence", 0, 0, 0),
            row("2=", "Csaba", 0, 0, 0),
            row("2=", "Dóra", 0, 0, 0),
            row("2=", "Ede", 0, 0, 0)
        ],
        "{}",
        run.stdout
    );
    assert_eq!(
        section(&run.stdout, "Over a limit"),
        vec![
            "line 5: loa  Ede - Anna  1-0: Anna's 4th opponent in loa; at most 3 opponents a game (met: Bence, Csaba, Dóra)",
            "line 7: quints  Bence - Anna  0-1: the 3rd duel of Bence and Anna in the event; at most 2 with the same opponent (lines 2, 6)",
            "line 8: loa  Anna - Bence  1-0: the 3rd duel of Anna and Bence in the event; at most 2 with the same opponent (lines 2, 6)",
        ],
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Limits: at most 3 opponents a game; at most 2 duels with the same opponent in the whole event"));
    let json = run_event("limits_json", "event.txt", LIMITS, &["--json"]).json();
    let over: Vec<i64> =
        json["duels"].as_array().unwrap().iter().filter(|d| d["status"] == "over limit").map(|d| d["line"].as_i64().unwrap()).collect();
    assert_eq!(over, vec![5, 7, 8]);
    assert_eq!(json["duels"][3]["breaks"][0], "Anna's 4th opponent in loa; at most 3 opponents a game (met: Bence, Csaba, Dóra)");
    assert_eq!(json["limits"], json!({"opponents_per_game": 3, "duels_with_same_opponent": 2, "same_opponent": "event"}));
}

#[test]
fn same_opponent_game_counts_the_duels_with_one_opponent_in_each_game() {
    // --same-opponent game, the same file: line 5 is still Anna's 4th opponent in loa; line 7 is
    // Anna and Bence's 1st duel in quints and line 8 their 2nd in loa: both counted.
    //   Anna: base 6 (lines 2, 3, 4, 6, 7, 8), total 6.
    let run = run_event("limits_game", "event.txt", LIMITS, &["--same-opponent", "game"]);
    assert_eq!(overall(&run.stdout)[0], row("1", "Anna", 6, 0, 6), "{}", run.stdout);
    let over = section(&run.stdout, "Over a limit");
    assert_eq!(over.len(), 1, "{}", run.stdout);
    assert!(over[0].starts_with("line 5: "), "{}", run.stdout);
    assert!(run.stdout.contains("at most 2 duels with the same opponent in each game"));

    // Three duels in one game break it under both readings:
    //   lines 1, 2 counted: Anna base 1, Bence base 1; line 3 over.
    //   Anna: 1 + Bence's 1 = 2; Bence: 1 + Anna's 1 = 2: a tie for first.
    let three = "reversi  Anna   Bence  1-0\nreversi  Bence  Anna   1-0\nreversi  Anna   Bence  1-0\n";
    for scope in ["event", "game"] {
        let run = run_event("three_in_one_game", "event.txt", three, &["--same-opponent", scope]);
        assert_eq!(overall(&run.stdout), vec![row("1=", "Anna", 1, 1, 2), row("1=", "Bence", 1, 1, 2)], "{scope}\n{}", run.stdout);
        let over = section(&run.stdout, "Over a limit");
        let expected = if scope == "event" { "in the event" } else { "in reversi" };
        assert_eq!(over.len(), 1, "{}", run.stdout);
        assert!(
            over[0].starts_with("line 3: ") && over[0].contains(&format!("the 3rd duel of Anna and Bence {expected}")),
            "{}",
            run.stdout
        );
    }
}

#[test]
fn draws_count_towards_the_limits() {
    // Two draws are two duels played: the third duel of the pair is over the limit though it is
    // their first decided one. Anna: 0.
    let event = "loa Anna Bence draw\nreversi Anna Bence 1/2-1/2\nquints Anna Bence 1-0\n";
    let run = run_event("draw_limits", "event.txt", event, &[]);
    assert_eq!(overall(&run.stdout), vec![row("1=", "Anna", 0, 0, 0), row("1=", "Bence", 0, 0, 0)], "{}", run.stdout);
    let over = section(&run.stdout, "Over a limit");
    assert!(over.len() == 1 && over[0].starts_with("line 3: ") && over[0].ends_with("(lines 1, 2)"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Schools

#[test]
fn duels_within_a_school_are_hors_concours_and_raise_nobodys_score() {
    // Anna and Bence are both of Alpha.
    //   line 4: Bence beats Dóra: counted, Bence's only base point.
    //   line 5: Bence beats Anna: hors concours.
    //   line 6: Csaba beats Bence: 1 + Bence's base 1 = 2. (Counting line 5 and line 9 would make
    //           Bence's base 3 and Csaba's total 4.)
    //   lines 7-9: Anna and Bence again, hors concours: their 2nd-4th duel, yet no limit broken.
    //   Csaba 2 (1 + 1); Bence 1 (1 + 0, Dóra never won); Anna 0 and Dóra 0, tied.
    let event = "\
player Anna   school=Alpha
player Bence  school=Alpha
player Csaba  school=Beta
reversi     Bence  Dóra   1-0
reversi     Bence  Anna   1-0
loa         Csaba  Bence  1-0
amoba-push  Anna   Bence  1-0
amoba-push  Anna   Bence  1-0
amoba-push  Anna   Bence  0-1
";
    let run = run_event("school", "event.txt", event, &[]);
    assert_eq!(
        overall(&run.stdout),
        vec![row("1", "Csaba", 1, 1, 2), row("2", "Bence", 1, 0, 1), row("3=", "Anna", 0, 0, 0), row("3=", "Dóra", 0, 0, 0)],
        "{}",
        run.stdout
    );
    assert_eq!(
        section(&run.stdout, "Hors concours"),
        vec![
            "line 5: reversi  Bence - Anna  1-0  (both of Alpha)",
            "line 7: amoba-push  Anna - Bence  1-0  (both of Alpha)",
            "line 8: amoba-push  Anna - Bence  1-0  (both of Alpha)",
            "line 9: amoba-push  Anna - Bence  0-1  (both of Alpha)",
        ],
        "{}",
        run.stdout
    );
    assert!(section(&run.stdout, "Over a limit").is_empty(), "{}", run.stdout);
    // The school column: Dóra has none.
    let dora = run.lines().into_iter().find(|l| l.starts_with("3=") && l.contains("Dóra")).unwrap().to_string();
    assert_eq!(dora.split_whitespace().nth(2), Some("-"), "{dora}");
    // Anna's hors-concours win and losses are not in her tally.
    let json = run_event("school_json", "event.txt", event, &["--json"]).json();
    let anna = json["standings"].as_array().unwrap().iter().find(|r| r["player"] == "Anna").unwrap().clone();
    assert_eq!((anna["won"].clone(), anna["lost"].clone(), anna["school"].clone()), (json!(0), json!(0), json!("Alpha")));
    assert_eq!(json["counts"]["hors_concours"], 4);
    // Only the counted duels of a game are in its table: amoba-push has none.
    assert!(run.stdout.contains("Game amoba-push (Push-in four): no duel counted"), "{}", run.stdout);
}

// ----------------------------------------------------------------------------------------------
// Ranks

#[test]
fn ties_share_a_rank_and_equal_totals_are_split_by_base_points() {
    //   line 1: Zoli beats Vera: Zoli 1 (Vera never wins).
    //   line 2: Yvett beats Zoli: 1 + Zoli's 1 = 2 (base 1, trophy 1).
    //   lines 3, 4: Xavér beats Ubul and Tamás: 1 + 1 = 2 (base 2, trophy 0).
    //   line 5: Sára beats Réka: 1.
    // Xavér and Yvett both total 2: Xavér has more base points, so he is 1st and Yvett 2nd.
    // Sára and Zoli: total 1, base 1: 3rd place shared ("3="), the next rank is 5th, shared by
    // the four with nothing. Within a tie, by name.
    let event = "\
loa         Zoli   Vera   1-0
loa         Yvett  Zoli   1-0
loa         Xavér  Ubul   1-0
reversi     Xavér  Tamás  1-0
amoba-push  Sára   Réka   1-0
";
    let run = run_event("ties", "event.txt", event, &[]);
    assert_eq!(
        overall(&run.stdout),
        vec![
            row("1", "Xavér", 2, 0, 2),
            row("2", "Yvett", 1, 1, 2),
            row("3=", "Sára", 1, 0, 1),
            row("3=", "Zoli", 1, 0, 1),
            row("5=", "Réka", 0, 0, 0),
            row("5=", "Tamás", 0, 0, 0),
            row("5=", "Ubul", 0, 0, 0),
            row("5=", "Vera", 0, 0, 0),
        ],
        "{}",
        run.stdout
    );
    // In loa alone: Yvett 2; Xavér 1 (1 + Ubul's 0) and Zoli 1 (1 + Vera's 0) tie; Ubul and Vera 0.
    assert_eq!(
        table_after(&run.stdout, "Game loa "),
        vec![
            row("1", "Yvett", 1, 1, 2),
            row("2=", "Xavér", 1, 0, 1),
            row("2=", "Zoli", 1, 0, 1),
            row("4=", "Ubul", 0, 0, 0),
            row("4=", "Vera", 0, 0, 0)
        ]
    );
    let json = run_event("ties_json", "event.txt", event, &["--json"]).json();
    let ranks: Vec<(Value, Value)> = json["standings"].as_array().unwrap().iter().map(|r| (r["rank"].clone(), r["tied"].clone())).collect();
    let expected: Vec<(Value, Value)> = [(1, false), (2, false), (3, true), (3, true), (5, true), (5, true), (5, true), (5, true)]
        .iter()
        .map(|&(r, t)| (json!(r), json!(t)))
        .collect();
    assert_eq!(ranks, expected);
}

// ----------------------------------------------------------------------------------------------
// CSV and text

/// The same event as text and as CSV, line for line (the text's comment is the CSV's header;
/// the text declares its players after the duels).
const AS_TEXT: &str = "\
# the event of AS_CSV, line for line
loa         Anna          Bence         1-0
reversi     \"Kiss Csaba\"  Anna          0-1
reversi     Bence         \"Kiss Csaba\"  draw
loa         \"Kiss Csaba\"  Dóra          1-0
amoba-push  Dóra          Bence         1-0
player Anna          school=Alpha  category=lower
player \"Kiss Csaba\"  school=Alpha  category=upper
player Bence         school=Beta   category=lower
player Dóra          category=upper
";

const AS_CSV: &str = "\
game,first,second,result,first school,first category,second school,second category
loa,Anna,Bence,1-0,Alpha,lower,Beta,lower
reversi,Kiss Csaba,Anna,0-1,Alpha,upper,,
reversi,Bence,\"Kiss Csaba\",1/2-1/2,,,,
loa,Kiss Csaba,Dóra,1-0,,,,upper
amoba-push,Dóra,Bence,1-0,,,,
";

#[test]
fn csv_and_text_give_the_same_standings() {
    // Line 3: Kiss Csaba and Anna are both of Alpha: hors concours. Counted: line 2 Anna beats
    // Bence, line 4 a draw, line 5 Kiss Csaba beats Dóra, line 6 Dóra beats Bence.
    //   Anna 1 + Bence's 0 = 1; Kiss Csaba 1 + Dóra's 1 = 2; Dóra 1 + Bence's 0 = 1; Bence 0.
    let text = run_event("csv_text", "event.txt", AS_TEXT, &[]);
    let csv = run_event("csv_csv", "event.csv", AS_CSV, &[]);
    assert_eq!(text.stdout, csv.stdout);
    let rows = table_after(&csv.stdout, "rank  player");
    let named: Vec<(&str, u32)> = rows.iter().map(|r| (r.0.as_str(), r.4)).collect();
    assert_eq!(named, vec![("1", 2), ("2=", 1), ("2=", 1), ("4", 0)], "{}", csv.stdout);
    assert!(csv.stdout.contains("1     Kiss Csaba  Alpha   upper"), "{}", csv.stdout);
    assert_eq!(section(&csv.stdout, "Hors concours"), vec!["line 3: reversi  Kiss Csaba - Anna  0-1  (both of Alpha)"]);
    // By category: lower is Anna 1, Bence 0; upper is Kiss Csaba 2, Dóra 1.
    assert_eq!(table_after(&csv.stdout, "Category lower"), vec![row("1", "Anna", 1, 0, 1), row("2", "Bence", 0, 0, 0)]);
    // A CSV file is known by its header too, whatever its name; Hungarian spreadsheets separate
    // cells by semicolons.
    let semicolons = AS_CSV.replace(',', ";");
    let renamed = run_event("csv_semicolons", "event.txt", &semicolons, &[]);
    assert_eq!(renamed.stdout, csv.stdout);
    let text_json = run_event("csv_text_json", "event.txt", AS_TEXT, &["--json"]).json();
    let csv_json = run_event("csv_csv_json", "event.csv", AS_CSV, &["--json"]).json();
    assert_eq!(text_json, csv_json);
}

#[test]
fn json_has_the_documented_shape() {
    let json = run_event("json_shape", "event.csv", AS_CSV, &["--json"]).json();
    let keys: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["limits", "counts", "standings", "categories", "games", "duels"]);
    // 4 players; 5 duels: lines 2, 5, 6 won, line 4 drawn, line 3 hors concours.
    assert_eq!(json["counts"], json!({"players": 4, "duels": 5, "won": 3, "drawn": 1, "hors_concours": 1, "over_limit": 0}));
    assert_eq!(
        json["standings"][0],
        json!({"rank": 1, "tied": false, "player": "Kiss Csaba", "school": "Alpha", "category": "upper",
               "won": 1, "drawn": 1, "lost": 0, "base": 1, "trophy": 1, "total": 2})
    );
    assert_eq!(json["standings"][3]["player"], "Bence");
    assert_eq!(json["standings"][3]["lost"], 2);
    let games: Vec<(Value, Value, Value)> =
        json["games"].as_array().unwrap().iter().map(|g| (g["game"].clone(), g["ruleset"].clone(), g["duels"].clone())).collect();
    assert_eq!(
        games,
        vec![
            (json!("loa"), json!("Lines of Action"), json!(2)),
            (json!("reversi"), json!("Reversi"), json!(1)),
            (json!("amoba-push"), json!("Push-in four"), json!(1)),
        ]
    );
    // A game's rows have no school or category.
    assert_eq!(
        json["games"][0]["standings"][0],
        json!({"rank": 1, "tied": false, "player": "Kiss Csaba", "won": 1, "drawn": 0, "lost": 0, "base": 1, "trophy": 1, "total": 2})
    );
    let categories: Vec<&Value> = json["categories"].as_array().unwrap().iter().map(|c| &c["category"]).collect();
    assert_eq!(categories, [&json!("lower"), &json!("upper")]);
    assert_eq!(json["categories"][1]["standings"][1]["player"], "Dóra");
    assert_eq!(
        json["duels"][3],
        json!({"line": 5, "game": "loa", "first": "Kiss Csaba", "second": "Dóra", "result": "1-0",
               "status": "won", "winner": "Kiss Csaba", "points": 2, "breaks": []})
    );
    assert_eq!(json["duels"][1]["status"], "hors concours");
    assert_eq!(json["duels"][1]["points"], 0);
}

// ----------------------------------------------------------------------------------------------
// Broken files

#[test]
fn broken_files_get_one_error_at_their_line_and_column() {
    let cases: [(&str, &str, &str, &str); 15] = [
        ("result.txt", "loa Anna Bence 1-0\nloa Anna Csaba win\n", "2:16", "unknown result 'win'; expected 1-0"),
        ("twice.txt", "# one player twice\nreversi  Anna  Anna  1-0\n", "2:16", "the duel names 'Anna' twice"),
        ("extra.txt", "loa Anna Bence 1-0 Csaba\n", "1:20", "'Csaba' after the result"),
        ("short.txt", "loa Anna Bence\n", "1:15", "the result is missing after 'Bence'"),
        ("swapped.txt", "loa Anna 1-0 Bence\n", "1:10", "'1-0' is a result, not a player"),
        ("quote.txt", "loa \"Kiss Anna Bence 1-0\n", "1:5", "the quote before 'Kiss Anna Bence 1-0' is not closed"),
        ("key.txt", "player Anna team=Alpha\n", "1:13", "unknown key 'team'; expected school or category"),
        ("declared.txt", "player Anna\nplayer Anna school=Alpha\n", "2:8", "'Anna' is declared already at line 1"),
        ("nokey.txt", "player Anna Alpha\n", "1:13", "'Alpha' is not KEY=VALUE"),
        ("result.csv", "game,first,second,result\nloa,Anna,Bence,2-0\n", "2:16", "unknown result '2-0'"),
        (
            "school.csv",
            "game,first,second,result,first school\nloa,Anna,Bence,1-0,Alpha\nloa,Anna,Csaba,1-0,Beta\n",
            "3:20",
            "'Anna' is of school 'Alpha' at line 2, not 'Beta'",
        ),
        ("column.csv", "game,first,second,winner\n", "1:19", "unknown column 'winner'"),
        ("cells.csv", "game,first,second,result\nloa,Anna,Bence,1-0,Csaba\n", "2:20", "'Csaba' is beyond the header's 4 columns"),
        ("twice.csv", "game,first,second,result\nloa,Anna, Anna ,1-0\n", "2:11", "the duel names 'Anna' twice"),
        ("noheader.csv", "loa,Anna,Bence,1-0\n", "1:1", "'loa' is not a column name: the first line of a CSV event names its columns"),
    ];
    for (name, text, place, message) in cases {
        let err = parse_event(name, text, has_csv_extension(name)).expect_err(name).to_string();
        let prefix = format!("{name}:{place}: ");
        assert!(err.starts_with(&prefix), "{name}: expected {prefix}\n{err}");
        assert!(err.contains(message), "{name}: expected {message:?}\n{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
