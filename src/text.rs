//! Free text typed by players (names, addresses, remarks): trimmed, bounded in characters,
//! and without control or direction characters, so every screen and export can show it as it
//! is; and text made safe for a terminal (`for_terminal`), for what was stored before.

use crate::error::AppError;
use std::borrow::Cow;
use std::fmt::Write;

/// Characters that change how the text around them shows: C0 and C1 controls (a terminal's
/// cursor moves and colours start with ESC or CSI) and DEL, and the bidirectional overrides and
/// isolates (U+202A-202E, U+2066-2069), which reorder what follows them.
pub fn changes_the_display(character: char) -> bool {
    character.is_control() || matches!(character, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` trimmed; `text_too_long` above `max` characters, `bad_params` with a control or
/// direction character (`changes_the_display`). May be empty: callers that need a value check
/// that themselves.
pub fn bounded(text: &str, max: usize) -> Result<String, AppError> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(AppError::TextTooLong { max });
    }
    if text.chars().any(changes_the_display) {
        return Err(AppError::BadParams);
    }
    Ok(text.to_string())
}

/// `text` with every character that `changes_the_display` but a line break (LF, or CRLF as
/// CSV ends its lines) or a tab written as `\uXXXX` (also a valid escape inside a JSON
/// string), so a terminal shows what is stored instead of obeying it.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    let escaped = |character: char, next: Option<char>| {
        changes_the_display(character)
            && !matches!(character, '\n' | '\t')
            && !(character == '\r' && next == Some('\n'))
    };
    let mut characters = text.chars().peekable();
    let mut safe: Option<String> = None;
    let mut at = 0;
    while let Some(character) = characters.next() {
        if escaped(character, characters.peek().copied()) {
            let safe = safe.get_or_insert_with(|| text[..at].to_string());
            let _ = write!(safe, "\\u{:04x}", u32::from(character));
        } else if let Some(safe) = safe.as_mut() {
            safe.push(character);
        }
        at += character.len_utf8();
    }
    safe.map_or(Cow::Borrowed(text), Cow::Owned)
}

/// An optional field: absent stays absent; present, it is `bounded`.
pub fn bounded_optional(text: Option<&str>, max: usize) -> Result<String, AppError> {
    text.map_or(Ok(String::new()), |text| bounded(text, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_counted_in_characters() {
        assert_eq!(bounded("  Nguyễn Văn A ", 13).unwrap(), "Nguyễn Văn A");
        assert!(matches!(bounded("abcd", 3), Err(AppError::TextTooLong { max: 3 })));
        assert_eq!(bounded("ễễễ", 3).unwrap(), "ễễễ");
        assert!(matches!(bounded("a\u{0}b", 10), Err(AppError::BadParams)));
        assert!(matches!(bounded("a\nb", 10), Err(AppError::BadParams)));
        assert_eq!(bounded_optional(None, 3).unwrap(), "");
    }

    #[test]
    fn direction_overrides_and_c1_controls_are_refused_and_escaped_for_a_terminal() {
        for text in ["100.00\u{202e}00.09", "a\u{2066}b", "a\u{9b}2Ab", "a\u{1b}[2Ab"] {
            assert!(matches!(bounded(text, 50), Err(AppError::BadParams)), "{text:?}");
        }
        assert_eq!(
            for_terminal("note\u{1b}[2A\u{9b}1m\u{202e}x\r"),
            "note\\u001b[2A\\u009b1m\\u202ex\\u000d"
        );
        assert_eq!(for_terminal("two\nlines\tand tabs, Nguyễn"), "two\nlines\tand tabs, Nguyễn");
        assert_eq!(for_terminal("a,b\r\nc,d\r\n"), "a,b\r\nc,d\r\n", "CSV's line ends");
        let json = serde_json::to_string("\u{9b}\u{202e}").unwrap();
        let shown = for_terminal(&json);
        assert_eq!(serde_json::from_str::<String>(&shown).unwrap(), "\u{9b}\u{202e}");
    }
}
