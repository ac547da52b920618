//! `Money::parse`: whatever it accepts is digits with at most two decimals, shows as the same
//! text padded to two decimals, and parses back from that display to the same amount.

#![no_main]

use fairhall::money::Money;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(amount) = Money::parse(text) else { return };
    assert!((0..=Money::MAX_MINOR).contains(&amount.minor()), "{text:?} out of range");
    let shown = amount.to_string();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    assert_eq!(shown, format!("{whole}.{fraction:0<2}"), "{text:?} shows as {shown:?}");
    assert_eq!(Money::parse(&shown).ok(), Some(amount), "{shown:?} does not parse back");
});
