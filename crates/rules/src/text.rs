//! Text shown to people. One rule for all of it: names (ruleset ids and names, piece symbols,
//! record tags, player names) may hold no control, bidirectional-control or invisible
//! characters, and text
//! quoted in a message (a typed move, a position, a line of a file) shows them escaped, so that
//! nothing read from a file or typed moves the cursor, changes colours or turns the line around.

/// The bidirectional controls: U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069. A
/// right-to-left override (U+202E) makes a terminal show the text after it backwards.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A character that shows nothing, yet makes two texts that look alike differ: a format
/// character (Unicode general category Cf: zero-width space U+200B, byte order mark U+FEFF, the
/// tags U+E0001 and U+E0020-U+E007F, ...) or a line or paragraph separator (Zl U+2028, Zp
/// U+2029). The ranges of Unicode 15.1's DerivedGeneralCategory.txt.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{600}'..='\u{605}' | '\u{61C}' | '\u{6DD}' | '\u{70F}' | '\u{890}'..='\u{891}' | '\u{8E2}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}' | '\u{E0020}'..='\u{E007F}')
}

/// A character that does something to a terminal rather than show, or shows nothing: a control
/// character (C0, DEL, C1), a bidirectional control, a format character or a line or paragraph
/// separator.
pub fn is_hidden(c: char) -> bool {
    c.is_control() || is_bidi_control(c) || is_invisible(c)
}

/// What a hidden character is, as messages name it: `control character`, `bidirectional
/// control` or `invisible character`.
pub fn hidden_kind(c: char) -> &'static str {
    if c.is_control() {
        "control character"
    } else if is_bidi_control(c) {
        "bidirectional control"
    } else {
        "invisible character"
    }
}

/// The first hidden character of `text`, if any, for "names may not hold it" errors.
pub fn first_hidden(text: &str) -> Option<char> {
    text.chars().find(|&c| is_hidden(c))
}

/// `U+202E`: how a refused character is named in messages.
pub fn char_name(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// The longest text [`quote`] shows whole, in characters.
pub const QUOTED_CHARS: usize = 200;

/// Text from outside (a typed move, a position, a line of a file) as a message shows it: hidden
/// characters written as `\u{1b}`, and a text longer than [`QUOTED_CHARS`] cut to its start
/// with `...` and its length.
pub fn quote(text: &str) -> String {
    let count = text.chars().count();
    let mut out = escape(&text.chars().take(QUOTED_CHARS).collect::<String>());
    if count > QUOTED_CHARS {
        out.push_str(&format!("... ({count} characters)"));
    }
    out
}

/// `text` with each hidden character written as `\u{1b}` (and nothing cut).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_escaped_and_long_text_cut() {
        assert_eq!(escape("A\u{1b}]0;pwned\u{7}\u{202e}B"), "A\\u{1b}]0;pwned\\u{7}\\u{202e}B");
        assert_eq!(escape("e2-e4 Ünő"), "e2-e4 Ünő");
        let long = "x".repeat(300);
        assert_eq!(quote(&long), format!("{}... (300 characters)", "x".repeat(200)));
        assert_eq!(quote("\u{1b}[31m"), "\\u{1b}[31m");
    }

    #[test]
    fn bidi_controls_and_control_characters_are_hidden() {
        for c in ['\u{202E}', '\u{202A}', '\u{2066}', '\u{2069}', '\u{200F}', '\u{061C}', '\u{1b}', '\u{7f}', '\u{85}'] {
            assert!(is_hidden(c), "{c:?}");
        }
        for c in ['a', 'é', 'ő', '♔', ' ', 'א'] {
            assert!(!is_hidden(c), "{c:?}");
        }
        assert_eq!(first_hidden("ab\u{202e}c"), Some('\u{202e}'));
    }

    /// Issue 38, finding 19: zero-width and other invisible characters passed the name filter,
    /// so that two names that look alike could differ.
    #[test]
    fn invisible_characters_are_hidden_too() {
        for c in ['\u{200B}', '\u{200D}', '\u{FEFF}', '\u{2028}', '\u{2029}', '\u{E0001}', '\u{E0041}', '\u{AD}', '\u{2060}', '\u{180E}'] {
            assert!(is_hidden(c), "{c:?}");
            assert_eq!(hidden_kind(c), if is_bidi_control(c) { "bidirectional control" } else { "invisible character" }, "{c:?}");
        }
        assert_eq!(escape("re\u{200B}versi"), "re\\u{200b}versi");
        // Letters of scripts that join or combine are text, not hidden.
        for c in ['\u{0915}', '\u{094D}', '\u{0301}', 'ﬁ', '\u{2027}', '\u{202F}'] {
            assert!(!is_hidden(c), "{c:?}");
        }
        let rules = "[game]\nid = \"re\u{200B}versi\"\nname = \"x\"\n";
        let report = crate::load("zw.toml", rules, &crate::BuiltinFiles, &[]).expect_err("refused");
        assert!(report.to_string().contains("invisible character U+200B in a string"), "{report}");
    }
}
