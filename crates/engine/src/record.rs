//! Game records: a plain-text format in the style of PGN/PDN. Tag lines `[Name "value"]`, then
//! the moves in the game's notation with move numbers, then the result (`1-0` the first player
//! won, `0-1` the second, `1/2-1/2` a draw, `*` unfinished). Comments in braces are skipped.
//! The format knows no game: `play --record` writes it and `replay` checks its moves.

/// What is wrong with a record's text: `name:line:column: reason`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(pub String);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The result token.
    pub result: String,
    /// 1 when the first recorded move is the second player's (a game from a position with the
    /// second player to move): numbering then starts `1... move`.
    pub offset: usize,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('\\', "\\\\").replace('"', "\\\"")));
        }
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let ply = i + self.offset;
            let token = if ply.is_multiple_of(2) {
                format!("{}. {mv}", ply / 2 + 1)
            } else if i == 0 {
                format!("{}... {mv}", ply / 2 + 1)
            } else {
                mv.clone()
            };
            if line.len() + token.len() + 1 > 78 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
            line.push_str(&token);
            line.push(' ');
        }
        line.push_str(&self.result);
        out.push_str(line.trim_end());
        out.push('\n');
        out
    }

    /// Reads a record; `name` is the file name for messages.
    pub fn parse(name: &str, text: &str) -> Result<Record, RecordError> {
        // A byte-order mark, as editors on Windows write it, is no part of the first tag.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record { result: "*".into(), ..Record::default() };
        let mut in_moves = false;
        for (number, line) in text.lines().enumerate() {
            // Tags and moves are printed back (in messages, by `play`): no terminal escapes, and
            // no bidirectional controls that would show a name backwards.
            if let Some((column, c)) = line.chars().enumerate().find(|&(_, c)| hetproba_rules::text::is_hidden(c) && c != '\t') {
                let what = if c.is_control() { "control character" } else { "bidirectional control" };
                return Err(RecordError(format!(
                    "{name}:{}:{}: {what} {}; a record holds no control characters but tab, and no bidirectional controls",
                    number + 1,
                    column + 1,
                    hetproba_rules::text::char_name(c)
                )));
            }
            let trimmed = line.trim();
            if !in_moves && trimmed.starts_with('[') {
                let inner = trimmed
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .ok_or_else(|| RecordError(format!("{name}:{}:1: a tag must end with ']'", number + 1)))?;
                let (key, value) =
                    inner.split_once(' ').ok_or_else(|| RecordError(format!("{name}:{}:1: a tag is [Name \"value\"]", number + 1)))?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| RecordError(format!("{name}:{}:{}: a tag value is quoted", number + 1, key.len() + 3)))?;
                record.tags.push((key.to_string(), value.replace("\\\"", "\"").replace("\\\\", "\\")));
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
            in_moves = true;
            let mut rest = line;
            // Drop brace comments.
            let mut clean = String::new();
            while let Some(open) = rest.find('{') {
                clean.push_str(&rest[..open]);
                match rest[open..].find('}') {
                    Some(close) => rest = &rest[open + close + 1..],
                    None => return Err(RecordError(format!("{name}:{}:{}: unclosed comment", number + 1, open + 1))),
                }
            }
            clean.push_str(rest);
            for token in clean.split_whitespace() {
                // "12." and "12..." are move numbers; "12.d3" is a number stuck to a move (and
                // "1.8.d3" two numbers: every one is dropped, so a move written alone reads the
                // same); "12-16" is a move on a numbered board.
                let mut token = token;
                loop {
                    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                    let after = &token[digits..];
                    if digits == 0 || !after.starts_with('.') {
                        break;
                    }
                    token = after.trim_start_matches('.');
                }
                if token.is_empty() {
                    continue;
                }
                // A result, also stuck to a number ("25.1-0"), as it reads once written apart.
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1") {
                    record.result = token.to_string();
                    continue;
                }
                record.moves.push(token.to_string());
            }
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut r = Record { result: "1-0".into(), ..Record::default() };
        r.set_tag("Ruleset", "some-game");
        r.moves = vec!["d3".into(), "c5".into(), "pass".into()];
        let text = r.write();
        assert_eq!(Record::parse("t", &text).unwrap(), r);
    }

    #[test]
    fn numbers_comments_and_results() {
        let r = Record::parse("t", "[Ruleset \"x\"]\n\n1. d3 {good} c5 2.f6 *\n").unwrap();
        assert_eq!(r.moves, vec!["d3", "c5", "f6"]);
        assert_eq!(r.result, "*");
    }

    /// Found by the fuzz target record_read: "1.8.b" read as the move "8.b", written "1. 8.b",
    /// which read back as "b".
    #[test]
    fn every_move_number_stuck_to_a_move_is_dropped() {
        let r = Record::parse("t", "1.8.b a1 2...c3 *\n").unwrap();
        assert_eq!(r.moves, vec!["b", "a1", "c3"]);
        assert_eq!(Record::parse("t", &r.write()).unwrap(), r, "written, it reads back the same");
        // record_read again: "25.1-0" is the result, not a move "1-0" that reads back as one.
        let r = Record::parse("t", "1. 32-28 19-23 25.1-0\n").unwrap();
        assert_eq!((r.moves.len(), r.result.as_str()), (2, "1-0"));
        assert_eq!(Record::parse("t", &r.write()).unwrap(), r, "written, it reads back the same");
    }

    /// "[Ruleset ...]" after a UTF-8 byte-order mark was read as a move: "has no Ruleset tag".
    #[test]
    fn a_byte_order_mark_before_the_tags_is_skipped() {
        let r = Record::parse("t", "\u{feff}[Ruleset \"reversi\"]\n\n1. d3 *\n").unwrap();
        assert_eq!((r.tag("Ruleset"), r.moves.len()), (Some("reversi"), 1));
    }

    #[test]
    fn control_characters_are_refused_at_their_place() {
        let err = Record::parse("t", "[Ruleset \"x\"]\n\n1. d3 \u{1b}[31mc5 *\n").unwrap_err();
        assert_eq!(err.0, "t:3:7: control character U+001B; a record holds no control characters but tab, and no bidirectional controls");
        let err = Record::parse("t", "[White \"Anna\u{202e}\"]\n").unwrap_err();
        assert_eq!(
            err.0,
            "t:1:13: bidirectional control U+202E; a record holds no control characters but tab, and no bidirectional controls"
        );
        assert!(Record::parse("t", "[Ruleset \"x\"]\r\n\r\n1.\td3 c5 *\r\n").is_ok());
    }
}
