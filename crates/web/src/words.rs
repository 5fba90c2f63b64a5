//! The page's own words in the module (what the board's cells say, the desk's tables, the
//! table's messages), in English and Hungarian. A phrase is looked up by its English template;
//! `{}` marks are filled in order. The ruleset's own names come from its `[lang.CODE]` tables,
//! not from here.

/// The languages the page speaks: those the rules are worded in.
pub use hetproba_engine::rules::describe::Lang;

/// The page's phrases in a language.
pub trait Say {
    /// A phrase in this language, by its English template.
    fn say(self, english: &'static str) -> &'static str;

    /// A phrase with its `{}` marks filled in order.
    fn fill(self, english: &'static str, args: &[&str]) -> String;
}

impl Say for Lang {
    fn say(self, english: &'static str) -> &'static str {
        match self {
            Lang::En => english,
            Lang::Hu => HU.iter().find(|(en, _)| *en == english).map_or(english, |(_, hu)| hu),
        }
    }

    fn fill(self, english: &'static str, args: &[&str]) -> String {
        let mut out = String::new();
        let mut args = args.iter();
        let mut parts = self.say(english).split("{}");
        if let Some(first) = parts.next() {
            out.push_str(first);
        }
        for part in parts {
            out.push_str(args.next().copied().unwrap_or(""));
            out.push_str(part);
        }
        out
    }
}

/// Hungarian, by the English template.
const HU: &[(&str, &str)] = &[
    ("{}, empty", "{}, üres"),
    ("{}, {}", "{}, {}"),
    ("{}, {} {}", "{}, {} {}"),
    ("{}, a column of {}: {}", "{}, {} magas oszlop: {}"),
    ("enter at {} towards {}", "betolás: {}, irány {}"),
    ("check", "sakk"),
    ("the winning line", "a nyerő sor"),
    ("taken by the last move", "az utolsó lépés ütötte"),
    ("Took back {}.", "Visszavéve: {}."),
    ("No move to take back.", "Nincs visszavehető lépés."),
    ("Every move so far is a computer's: none to take back.", "Eddig minden lépést a gép tett: nincs mit visszavenni."),
    ("The game is over: {}.", "A játszma véget ért: {}."),
    ("The game is over.", "A játszma véget ért."),
    (
        "the board shows an earlier position: step forward to the last one to play",
        "a tábla egy korábbi állást mutat: lépj előre az utolsóig, hogy játszhass",
    ),
    ("the game is over", "a játszma véget ért"),
    ("{} is played by the computer ({})", "{} a gép ({})"),
    ("{} wins", "{} nyert"),
    ("draw", "döntetlen"),
    ("{} resigned", "{} feladta"),
    ("{}'s time ran out", "{} ideje lejárt"),
    ("that is {}'s piece: {} moves now", "ez {} bábuja: most {} lép"),
    ("no move of this piece: choose one that is marked", "ezzel a bábuval nincs lépés: válassz a jelöltek közül"),
    ("to drop a piece here, choose it in your hand first", "ha ide bábut akarsz letenni, előbb válaszd ki a kezedben"),
    ("rank", "hely"),
    ("player", "játékos"),
    ("school", "iskola"),
    ("category", "kategória"),
    ("won", "nyert"),
    ("drawn", "döntetlen"),
    ("lost", "vesztett"),
    ("base", "alap"),
    ("trophy", "trófea"),
    ("total", "összesen"),
    ("line", "sor"),
    ("game", "játék"),
    ("first", "első"),
    ("second", "második"),
    ("result", "eredmény"),
    ("counted", "számít"),
    ("Standings", "Állás"),
    ("Category {}", "{} kategória"),
    ("Game {}: {} counted", "{}: {} számít"),
    ("Duels", "Párbajok"),
    ("{} (not a built-in ruleset)", "{} (nem beépített játék)"),
    ("1 duel", "1 párbaj"),
    ("{} duels", "{} párbaj"),
    ("not counted: {}", "nem számít: {}"),
    ("hors concours (same school)", "versenyen kívül (egy iskola)"),
    (
        "{} players, {} duels: {} won, {} drawn, {} hors concours, {} over a limit. Limits: at most {} opponents a game, at most {} duels with the same opponent (in the {}).",
        "{} játékos, {} párbaj: {} győzelem, {} döntetlen, {} versenyen kívül, {} korláton túl. Korlátok: játékonként legfeljebb {} ellenfél, ugyanazzal az ellenféllel legfeljebb {} párbaj ({}).",
    ),
    (
        "Base points: 1 for each won duel that counts. Trophy points: for each of those duels, the base points the beaten opponent has at the end of the event. Total: base plus trophy points.",
        "Alappont: minden számító megnyert párbajért 1. Trófeapont: minden ilyen párbajért annyi, ahány alappontja a legyőzött ellenfélnek a verseny végén van. Összesen: alappont és trófeapont.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hungarian_phrase_fills_as_many_marks_as_its_english() {
        for (en, hu) in HU {
            assert_eq!(en.matches("{}").count(), hu.matches("{}").count(), "{en} / {hu}");
        }
        let unique: std::collections::HashSet<&str> = HU.iter().map(|(en, _)| *en).collect();
        assert_eq!(unique.len(), HU.len(), "a phrase is listed twice");
    }

    #[test]
    fn phrases_are_filled_in_order_and_unknown_ones_stay_english() {
        assert_eq!(Lang::Hu.fill("Took back {}.", &["d3 c5"]), "Visszavéve: d3 c5.");
        assert_eq!(Lang::En.fill("{}, {} {}", &["d4", "white", "disc"]), "d4, white disc");
        assert_eq!(Lang::Hu.say("not a phrase of the table"), "not a phrase of the table");
        assert_eq!((Lang::from_code("hu-HU"), Lang::from_code("en-GB"), Lang::from_code("")), (Lang::Hu, Lang::En, Lang::En));
    }
}
