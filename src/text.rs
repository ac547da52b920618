//! Free text typed by players (names, addresses, remarks): trimmed, bounded in characters,
//! and without control characters, so every screen and export can show it as it is.

use crate::error::AppError;

/// `text` trimmed; `text_too_long` above `max` characters, `bad_params` with a control
/// character. May be empty: callers that need a value check that themselves.
pub fn bounded(text: &str, max: usize) -> Result<String, AppError> {
    let text = text.trim();
    if text.chars().count() > max {
        return Err(AppError::TextTooLong { max });
    }
    if text.chars().any(char::is_control) {
        return Err(AppError::BadParams);
    }
    Ok(text.to_string())
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
}
