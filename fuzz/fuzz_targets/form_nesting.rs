//! The form extractor's `name[key][]` parsing: the result nests at most `FORM_DEPTH_MAX`
//! levels below a field, arrays hold only text, and it never holds more values or more text
//! than the form sent.

#![no_main]

use fairhall::http::extract::{FORM_DEPTH_MAX, parse_form};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let parsed = Value::Object(parse_form(data));
    let pairs = form_urlencoded::parse(data).count();
    let sent_bytes: usize = form_urlencoded::parse(data).map(|(_, value)| value.len()).sum();
    let shape = measure(&parsed);
    assert!(shape.depth <= FORM_DEPTH_MAX + 1, "{shape:?} from {data:?}");
    assert!(shape.values <= pairs, "{shape:?} from {pairs} pairs");
    assert!(shape.text_bytes <= sent_bytes, "{shape:?} from {sent_bytes} bytes of values");
});

#[derive(Debug, Default)]
struct Shape {
    depth: usize,
    values: usize,
    text_bytes: usize,
}

fn measure(value: &Value) -> Shape {
    match value {
        Value::String(text) => Shape { depth: 0, values: 1, text_bytes: text.len() },
        Value::Array(items) => {
            assert!(items.iter().all(Value::is_string), "an array holds more than text");
            let inner = items.iter().map(measure).fold(Shape::default(), add);
            Shape { depth: 1, ..inner }
        }
        Value::Object(map) => {
            let inner = map.values().map(measure).fold(Shape::default(), add);
            Shape { depth: inner.depth + 1, ..inner }
        }
        other => panic!("parse_form produced {other}"),
    }
}

fn add(total: Shape, next: Shape) -> Shape {
    Shape {
        depth: total.depth.max(next.depth),
        values: total.values + next.values,
        text_bytes: total.text_bytes + next.text_bytes,
    }
}
