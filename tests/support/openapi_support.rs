//! Reads the served OpenAPI document: a JSON Schema check of the subset it uses (`$ref`,
//! `oneOf`/`anyOf`/`allOf`, `type`, `enum`, `const`, `required`, `properties`,
//! `additionalProperties`, `items`, `minimum`, `maximum`) and a sample value per schema.

use serde_json::{Map, Value, json};

pub struct Document(pub Value);

/// Where a check is: the JSON path of the value and how deep the schemas nest there.
struct At {
    path: String,
    depth: usize,
}

impl At {
    fn inner(&self, step: &str) -> At {
        At { path: format!("{}{step}", self.path), depth: self.depth + 1 }
    }
}

/// Schemas nest a few levels; a `$ref` cycle would stop here instead of overflowing.
const DEPTH_MAX: usize = 32;

impl Document {
    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str() {
            Some(reference) => {
                let name = reference.trim_start_matches("#/components/schemas/");
                &self.0["components"]["schemas"][name]
            }
            None => schema,
        }
    }

    /// Every way `value` breaks `schema`, each with its JSON path.
    pub fn violations(&self, schema: &Value, value: &Value) -> Vec<String> {
        let mut found = Vec::new();
        self.check(schema, value, &At { path: "$".into(), depth: 0 }, &mut found);
        found
    }

    fn check(&self, schema: &Value, value: &Value, at: &At, found: &mut Vec<String>) {
        if at.depth > DEPTH_MAX {
            found.push(format!("{}: schema nests deeper than {DEPTH_MAX}", at.path));
            return;
        }
        let schema = self.resolve(schema);
        let path = &at.path;
        let matching = |options: &Value| -> Option<usize> {
            let options = options.as_array()?;
            Some(options.iter().filter(|option| self.matches(option, value, at.depth)).count())
        };
        if let Some(count) = matching(&schema["oneOf"]).filter(|count| *count != 1) {
            let options = schema["oneOf"].as_array().into_iter().flatten();
            let why: Vec<String> =
                options.flat_map(|option| self.violations(option, value)).collect();
            found.push(format!("{path}: {count} of oneOf match {value} ({})", why.join("; ")));
        }
        if let Some(0) = matching(&schema["anyOf"]) {
            found.push(format!("{path}: no anyOf matches {value}"));
        }
        for part in schema["allOf"].as_array().into_iter().flatten() {
            self.check(part, value, &at.inner(""), found);
        }
        if let Some(allowed) = schema["enum"].as_array().filter(|allowed| !allowed.contains(value))
        {
            found.push(format!("{path}: {value} is not one of {allowed:?}"));
        }
        if schema.get("const").is_some_and(|constant| constant != value) {
            found.push(format!("{path}: {value} is not {}", schema["const"]));
        }
        if let Some(kinds) =
            type_names(schema).filter(|kinds| !kinds.iter().any(|kind| is(kind, value)))
        {
            found.push(format!("{path}: {value} is not of type {kinds:?}"));
        }
        check_bounds(schema, value, &at.path, found);
        match value {
            Value::Object(object) => self.check_object(schema, object, at, found),
            Value::Array(items) if schema.get("items").is_some() => {
                for (index, item) in items.iter().enumerate() {
                    self.check(&schema["items"], item, &at.inner(&format!("[{index}]")), found);
                }
            }
            _ => {}
        }
    }

    fn matches(&self, schema: &Value, value: &Value, depth: usize) -> bool {
        let mut found = Vec::new();
        self.check(schema, value, &At { path: String::new(), depth: depth + 1 }, &mut found);
        found.is_empty()
    }

    fn check_object(
        &self,
        schema: &Value,
        object: &Map<String, Value>,
        at: &At,
        found: &mut Vec<String>,
    ) {
        for key in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
            if !object.contains_key(key) {
                found.push(format!("{}: lacks the required `{key}`", at.path));
            }
        }
        let properties = schema["properties"].as_object();
        for (key, item) in object {
            let path = at.inner(&format!(".{key}"));
            match (
                properties.and_then(|properties| properties.get(key)),
                &schema["additionalProperties"],
            ) {
                (Some(property), _) => self.check(property, item, &path, found),
                (None, Value::Bool(false)) => found.push(format!("{}: not described", path.path)),
                (None, extra) if extra.is_object() => self.check(extra, item, &path, found),
                (None, _) => {}
            }
        }
    }

    /// A value the schema accepts, for building requests: "1" for text, 1 for numbers, the
    /// first of an enum, every property of an object.
    pub fn sample(&self, schema: &Value) -> Value {
        self.sample_at(schema, 0)
    }

    fn sample_at(&self, schema: &Value, depth: usize) -> Value {
        let schema = self.resolve(schema);
        if depth > DEPTH_MAX {
            return Value::Null;
        }
        if let Some(first) = schema["enum"].as_array().and_then(|values| values.first()) {
            return first.clone();
        }
        if let Some(first) = schema["oneOf"].as_array().and_then(|options| options.first()) {
            return self.sample_at(first, depth + 1);
        }
        let kinds = type_names(schema).unwrap_or_default();
        let kind = kinds.iter().find(|kind| kind.as_str() != "null").map(String::as_str);
        match kind {
            Some("integer" | "number") => json!(1),
            Some("boolean") => json!(true),
            Some("array") => json!([self.sample_at(&schema["items"], depth + 1)]),
            Some("object") => {
                let properties = schema["properties"].as_object().cloned().unwrap_or_default();
                let object = properties
                    .iter()
                    .map(|(key, property)| (key.clone(), self.sample_at(property, depth + 1)))
                    .collect();
                Value::Object(object)
            }
            _ => json!("1"),
        }
    }
}

fn type_names(schema: &Value) -> Option<Vec<String>> {
    match &schema["type"] {
        Value::String(kind) => Some(vec![kind.clone()]),
        Value::Array(kinds) => {
            Some(kinds.iter().filter_map(Value::as_str).map(str::to_string).collect())
        }
        _ => None,
    }
}

fn is(kind: &str, value: &Value) -> bool {
    match kind {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}

fn check_bounds(schema: &Value, value: &Value, at: &str, found: &mut Vec<String>) {
    let Some(number) = value.as_f64() else { return };
    if schema["minimum"].as_f64().is_some_and(|minimum| number < minimum) {
        found.push(format!("{at}: {value} is below the minimum {}", schema["minimum"]));
    }
    if schema["maximum"].as_f64().is_some_and(|maximum| number > maximum) {
        found.push(format!("{at}: {value} is above the maximum {}", schema["maximum"]));
    }
}
