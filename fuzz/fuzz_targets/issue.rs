//! `Issue::parse` on two texts: an accepted issue displays as exactly the text it came from,
//! and two accepted issues order as their texts do (periods sort by issue number).

#![no_main]

use fairhall::games::rules::issue::Issue;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (first, second) = text.split_at(text.floor_char_boundary(text.len() / 2));
    let parsed =
        [first, second, text].map(|part| Issue::parse(part).ok().map(|issue| (part, issue)));
    for (part, issue) in parsed.iter().flatten() {
        assert_eq!(&issue.to_string(), part, "{part:?} does not round-trip");
        assert!((1..=Issue::SEQUENCE_MAX).contains(&issue.sequence()));
    }
    if let [Some((first, a)), Some((second, b)), _] = parsed {
        assert_eq!(a.cmp(&b), first.cmp(second), "{first:?} and {second:?} order differently");
    }
});
