//! Layering of `src/` (STYLE.md section 1, docs/architecture.md), checked on the source text.
//!
//! - Infrastructure (`clock`, `config`, `db`, `error`, `money`, ...) imports only infrastructure.
//! - `ledger` sits below every domain and imports only infrastructure.
//! - Domains import infrastructure, `ledger` and the domains below them, one way (`audit`, the
//!   operator's log, and `notify`, the operator's notifications, import no domain; the
//!   delivery layers fill the one, the use cases the other):
//!   auth <- protection <- every other domain (the player-protection guard);
//!   auth <- content; auth <- wallet <- finance; wallet <- games <- growth; wallet, finance,
//!   games and growth may call content (the player's messages). They never import
//!   `http`, `cli`, `scheduler`, `live`, `startup`, axum or clap.
//! - `flows`, the use cases (work that spans domains), may import every domain, the ledger and
//!   infrastructure, never a delivery layer nor a framework; no domain imports it.
//! - The delivery layers import each other one way (`DELIVERY`): cli -> http -> live, cli ->
//!   startup -> backup, and so on; no circle.
//! - The system clock is read (`::now(`) only in `src/clock.rs`; no `dbg!` anywhere.
//! - `cli/` command groups share helpers only through `cli/shared.rs` (and the exit codes of
//!   `cli/exit.rs`).
//! - The browser tests' clock exists only behind the cargo feature `test-clock`: its environment
//!   variable is named only inside `#[cfg(feature = "test-clock")]` items, and neither the
//!   default features nor `install.sh` (the release build) turn the feature on.
//!
//! - Every table of `migrations/` has one owning module, and a module's SQL names only its own
//!   tables, or another's through an entry of `TABLE_ACCESS` that says why (a scan of the
//!   string literals of every file outside its unit tests).
//!
//! A file belongs to its top-level folder (`src/<module>/**`), so moves inside a module keep
//! working. The last test plants violations to show the checker sees them.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::Path;

/// Shared building blocks; they import only each other.
const INFRASTRUCTURE: &[&str] = &[
    "clock",
    "config",
    "crypto",
    "db",
    "error",
    "i18n",
    "idempotency",
    "ids",
    "logging",
    "metrics",
    "money",
    "money_clock",
    "net",
    "paging",
    "private_file",
    "rate_limit",
    "systemd",
    "text",
    "uploads",
];

/// The module every domain may use for money: the only writer of postings and balances.
const LEDGER: &str = "ledger";

/// Each domain and the domains it may import (besides infrastructure and the ledger).
const DOMAINS: &[(&str, &[&str])] = &[
    ("audit", &[]),
    ("auth", &[]),
    ("protection", &["auth"]),
    ("content", &["auth", "protection"]),
    ("wallet", &["auth", "content", "protection"]),
    ("finance", &["auth", "wallet", "content", "protection"]),
    ("games", &["auth", "wallet", "content", "protection"]),
    ("growth", &["auth", "wallet", "games", "content", "protection"]),
    // The operator's notifications: below every domain that has something to tell, so the
    // use cases write them in the transaction of the change they report.
    ("notify", &[]),
];

/// The use-case layer: above every domain, below the delivery layers.
const FLOWS: &str = "flows";

/// The owner of every table the migrations leave: the only module whose SQL names it.
const TABLE_OWNERS: &[(&str, &[&str])] = &[
    (
        "auth",
        &[
            "users",
            "sessions",
            "verification_codes",
            "code_outbox",
            "login_failures",
            "agreement_acceptances",
            "user_grants",
            "staff",
            "staff_recovery_codes",
            "staff_sessions",
        ],
    ),
    ("ledger", &["accounts", "entries", "postings", "posting_counts", "ledger_checks"]),
    (
        "wallet",
        &[
            "deposits",
            "withdrawals",
            "withdrawal_approvals",
            "adjustment_requests",
            "turnover",
            "bank_cards",
            "usdt_addresses",
            "upload_usage",
            "card_keys",
        ],
    ),
    (
        "games",
        &[
            "rooms",
            "room_rule_versions",
            "seed_chains",
            "draws",
            "period_closures",
            "bets",
            "period_option_totals",
            "period_player_totals",
            "job_runs",
            "bet_counts",
            "period_stake_checks",
        ],
    ),
    (
        "content",
        &[
            "news_articles",
            "content_items",
            "content_texts",
            "content_pictures",
            "announcements",
            "announcement_texts",
            "announcement_reads",
            "messages",
        ],
    ),
    (
        "finance",
        &[
            "savings_progress",
            "savings_interest",
            "product_categories",
            "product_category_names",
            "products",
            "product_texts",
            "product_orders",
            "product_payouts",
        ],
    ),
    (
        "growth",
        &[
            "rebate_batches",
            "reward_spend",
            "rebate_payouts",
            "salary_weeks",
            "salary_payouts",
            "signins",
            "tasks",
            "task_texts",
            "task_claims",
            "vip_upgrades",
            "vip_watermark",
            "deposit_rewards",
            "bonus_wagering",
            "envelopes",
            "envelope_shares",
        ],
    ),
    (
        "protection",
        &[
            "protection_settings",
            "protection_limits",
            "protection_exclusions",
            "protection_exclusion_lifts",
            "protection_session_acks",
        ],
    ),
    ("audit", &["audit_log"]),
    ("notify", &["notification_deliveries"]),
    ("idempotency", &["idempotency_keys"]),
    ("rate_limit", &["rate_limits"]),
    ("money_clock", &["money_clock"]),
];

/// SQL that names another module's table: (module, table, why). Each entry is a known leak
/// the layering cannot express yet or a read the owner has no verb for; a new one needs a
/// reason as good.
const TABLE_ACCESS: &[(&str, &str, &str)] = &[
    (
        "wallet",
        "accounts",
        "the account-change pages and the statement page through the player's postings (read only)",
    ),
    ("wallet", "entries", "the account-change pages and the statement (read only)"),
    ("wallet", "postings", "the account-change pages and the statement (read only)"),
    ("wallet", "posting_counts", "the account-change pages count a player's postings (read only)"),
    (
        "growth",
        "entries",
        "the VIP job finds the bettors after its watermark in the journal (games cannot call growth)",
    ),
];

/// Each delivery layer and the delivery layers it may import, one way: the command line
/// starts the others, the server's start backs up before migrating, the HTTP layer serves the
/// live streams. (Delivery layers import every lower layer and the frameworks freely.)
const DELIVERY: &[(&str, &[&str])] = &[
    ("cli", &["http", "scheduler", "live", "startup", "backup"]),
    // `/metrics` reads the last backup's status file.
    ("http", &["live", "backup"]),
    ("startup", &["backup"]),
    ("scheduler", &[]),
    ("live", &[]),
    ("backup", &[]),
];

/// Crates only the delivery layers (http, cli, live) may name.
const FRAMEWORKS: &[&str] = &["axum", "clap"];

/// The one file that may read the system clock.
const CLOCK_FILE: &str = "clock.rs";

/// The `cli/` modules every command group may name: the shared helpers and the exit codes.
const CLI_SHARED: &[&str] = &["shared", "exit"];

/// The `cli/` files that may name their siblings: the dispatchers and the shared helpers.
const CLI_DISPATCH: &[&str] = &["cli/mod.rs", "cli/admin.rs", "cli/shared.rs"];

/// The feature of the browser tests' clock, its gate and its environment variable.
const TEST_CLOCK_FEATURE: &str = "test-clock";
const TEST_CLOCK_GATE: &str = "#[cfg(feature = \"test-clock\")]";
/// The same gate that also compiles the clock in the library's own unit tests (`cfg(test)`
/// never holds in a binary build).
const TEST_CLOCK_GATE_IN_UNIT_TESTS: &str = "#[cfg(any(test, feature = \"test-clock\"))]";
const TEST_CLOCK_ENV: &str = "FAIRHALL_TEST_CLOCK_FILE";

struct SourceFile {
    /// Relative to `src/`, with `/` separators, e.g. "games/rules/k3.rs".
    path: String,
    text: String,
}

fn source_files(dir: &Path, root: &Path, files: &mut Vec<SourceFile>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, root, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let relative = path.strip_prefix(root).expect("under src");
            let parts: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
            let text = fs::read_to_string(&path).expect("a readable source file");
            files.push(SourceFile { path: parts.join("/"), text });
        }
    }
}

fn tree() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    source_files(&root, &root, &mut files);
    files
}

/// The modules of the tree: "auth" for src/auth/**, "money" for src/money.rs.
fn modules(files: &[SourceFile]) -> BTreeSet<String> {
    files.iter().map(|file| top_module(&file.path).to_string()).collect()
}

fn top_module(path: &str) -> &str {
    let first = path.split('/').next().unwrap_or(path);
    first.strip_suffix(".rs").unwrap_or(first)
}

/// The module path of a file: ["auth", "profile"] for auth/profile.rs, ["auth"] for
/// auth/mod.rs, [] for lib.rs.
fn module_path(path: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = path.split('/').collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.strip_suffix(".rs").unwrap_or(last);
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem);
    }
    parts
}

/// The code of a file without its line comments (doc comments name other modules freely).
fn code_of(text: &str) -> String {
    let lines = text.lines().map(|line| {
        let comment = line
            .match_indices("//")
            .map(|(at, _)| at)
            .find(|at| line[..*at].matches('"').count() % 2 == 0);
        comment.map_or(line, |at| &line[..at])
    });
    lines.collect::<Vec<_>>().join("\n")
}

fn is_ident_char(character: char) -> bool {
    character.is_ascii_alphanumeric() || character == '_'
}

/// The identifier at the start of `text`.
fn leading_ident(text: &str) -> &str {
    let end = text.find(|character| !is_ident_char(character)).unwrap_or(text.len());
    &text[..end]
}

/// The first segment of each path in a `{a, b::c, d::{e, f}}` group starting after its `{`.
fn group_heads(text: &str) -> Vec<&str> {
    let (mut heads, mut depth, mut expect_head) = (Vec::new(), 1, true);
    for (at, character) in text.char_indices() {
        match character {
            '{' => depth += 1,
            '}' if depth == 1 => break,
            '}' => depth -= 1,
            ',' if depth == 1 => expect_head = true,
            _ if expect_head && is_ident_char(character) => {
                heads.push(leading_ident(&text[at..]));
                expect_head = false;
            }
            _ => {}
        }
    }
    heads
}

/// Every top-level module a file names through `crate::` or enough `super::`s to reach the
/// crate root (an inline `mod tests` adds a level, so `super` there may look one too high;
/// only names of real top-level modules count).
fn crate_references(path: &str, code: &str) -> BTreeSet<String> {
    let depth = module_path(path).len();
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|character| is_ident_char(character) && character != '$') {
            continue;
        }
        found.extend(heads_after(&code[at + "crate::".len()..]));
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("super::") {
            continue;
        }
        let mut rest = &code[at..];
        let mut climbed = 0;
        while let Some(next) = rest.strip_prefix("super::") {
            (rest, climbed) = (next, climbed + 1);
        }
        if climbed >= depth {
            found.extend(heads_after(rest));
        }
    }
    found
}

fn heads_after(rest: &str) -> Vec<String> {
    match rest.strip_prefix('{') {
        Some(group) => group_heads(group).into_iter().map(String::from).collect(),
        None => vec![leading_ident(rest).to_string()],
    }
}

/// Frameworks a file names as a path (`axum::...`, `clap::...`).
fn framework_references(code: &str) -> BTreeSet<&'static str> {
    let named = |name: &str| {
        code.match_indices(name).any(|(at, _)| {
            let before = code[..at].chars().next_back();
            before.is_none_or(|character| !is_ident_char(character))
                && code[at + name.len()..].starts_with("::")
        })
    };
    FRAMEWORKS.iter().copied().filter(|name| named(name)).collect()
}

/// What `module` may import from the crate, or None when the layering leaves it free.
fn allowed_imports(module: &str) -> Option<BTreeSet<&'static str>> {
    let mut allowed: BTreeSet<&str> = INFRASTRUCTURE.iter().copied().collect();
    if INFRASTRUCTURE.contains(&module) {
        return Some(allowed);
    }
    if module == LEDGER {
        allowed.insert(LEDGER);
        return Some(allowed);
    }
    if module == FLOWS {
        allowed.extend([LEDGER, FLOWS]);
        allowed.extend(DOMAINS.iter().map(|(name, _)| *name));
        return Some(allowed);
    }
    if let Some((name, below)) = DELIVERY.iter().find(|(name, _)| *name == module) {
        allowed.extend([LEDGER, FLOWS, name]);
        allowed.extend(DOMAINS.iter().map(|(name, _)| *name));
        allowed.extend(below.iter().copied());
        return Some(allowed);
    }
    let (name, below) = DOMAINS.iter().find(|(name, _)| *name == module)?;
    allowed.extend([LEDGER, name]);
    allowed.extend(below.iter().copied());
    Some(allowed)
}

/// Layering violations of one file, e.g. "auth/profile.rs: auth -> wallet".
fn layering_violations(path: &str, text: &str, modules: &BTreeSet<String>) -> Vec<String> {
    let module = top_module(path);
    let Some(allowed) = allowed_imports(module) else {
        return Vec::new();
    };
    let code = code_of(text);
    let imported = crate_references(path, &code).into_iter().filter(|name| {
        modules.contains(name) && name != module && !allowed.contains(name.as_str())
    });
    let delivery = DELIVERY.iter().any(|(name, _)| *name == module);
    let frameworks =
        framework_references(&code).into_iter().filter(|_| !delivery).map(String::from);
    imported.chain(frameworks).map(|target| format!("{path}: {module} -> {target}")).collect()
}

/// "clock read" and "dbg!" findings of one file.
fn tidy_violations(path: &str, text: &str) -> Vec<String> {
    let code = code_of(text);
    let mut found = Vec::new();
    if path != CLOCK_FILE && code.contains("::now(") {
        found.push(format!("{path}: reads the clock outside {CLOCK_FILE}"));
    }
    if code.contains("dbg!(") {
        found.push(format!("{path}: dbg!"));
    }
    found
}

/// A `cli/` command group naming a sibling other than `cli/shared.rs` and `cli/exit.rs`.
fn cli_violations(path: &str, text: &str) -> Vec<String> {
    if !path.starts_with("cli/") || CLI_DISPATCH.contains(&path) {
        return Vec::new();
    }
    let cli_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let code = code_of(text);
    let siblings = code.match_indices("super::").map(|(at, _)| leading_ident(&code[at + 7..]));
    let named: BTreeSet<&str> = siblings
        .filter(|name| !name.is_empty() && !CLI_SHARED.contains(name) && *name != "super")
        .filter(|name| {
            cli_dir.join(format!("{name}.rs")).exists()
                || cli_dir.join(name).join("mod.rs").exists()
        })
        .collect();
    named.into_iter().map(|name| format!("{path}: cli/{name}")).collect()
}

/// The byte ranges of the items that follow each `#[cfg(feature = "test-clock")]`: from the
/// gate to the end of the item's `{ ... }` block, or to its `;`, `,` or enclosing `}` when the
/// item has no block of its own (a `const`, a match arm, a statement).
fn test_clock_gated_ranges(code: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let gates = [TEST_CLOCK_GATE, TEST_CLOCK_GATE_IN_UNIT_TESTS];
    let found = gates.iter().flat_map(|gate| code.match_indices(gate));
    for (start, gate) in found {
        let item = start + gate.len();
        let (mut depth, mut end) = (0usize, code.len());
        for (at, character) in code[item..].char_indices().map(|(at, c)| (item + at, c)) {
            match character {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' => depth = depth.saturating_sub(1),
                '}' if depth == 0 => {
                    end = at;
                    break;
                }
                '}' if depth == 1 => {
                    end = at + 1;
                    break;
                }
                '}' => depth -= 1,
                ';' | ',' if depth == 0 => {
                    end = at;
                    break;
                }
                _ => {}
            }
        }
        ranges.push(start..end);
    }
    ranges
}

/// Each place a file names the test clock's environment variable outside a gated item.
fn ungated_test_clock_violations(path: &str, text: &str) -> Vec<String> {
    let code = code_of(text);
    let gated = test_clock_gated_ranges(&code);
    code.match_indices(TEST_CLOCK_ENV)
        .filter(|(at, _)| !gated.iter().any(|range| range.contains(at)))
        .map(|(at, _)| {
            let line = code[..at].lines().count().max(1);
            format!("{path}:{line}: {TEST_CLOCK_ENV} outside {TEST_CLOCK_GATE}")
        })
        .collect()
}

/// The tables the migrations leave, in version order: created, renamed, dropped.
fn migrated_tables() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut migrations: Vec<(u32, String)> = fs::read_dir(&dir)
        .expect("migrations/")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name().expect("a name").to_string_lossy().into_owned();
            let version = name[1..].split("__").next().and_then(|v| v.parse().ok());
            (version.expect("V<n>__name.sql"), fs::read_to_string(&path).expect("readable"))
        })
        .collect();
    migrations.sort();
    let mut tables = BTreeSet::new();
    for (_, text) in migrations {
        let words: Vec<String> = sql_words(&text).map(str::to_ascii_uppercase).collect();
        let raw: Vec<&str> = sql_words(&text).collect();
        for (at, word) in words.iter().enumerate() {
            let next = |ahead: usize| words.get(at + ahead).map(String::as_str);
            let name = |ahead: usize| raw.get(at + ahead).map(|name| name.to_ascii_lowercase());
            match (word.as_str(), next(1), next(2)) {
                ("CREATE", Some("TABLE"), Some("IF")) => tables.extend(name(5)),
                ("CREATE", Some("TABLE"), _) => tables.extend(name(2)),
                ("DROP", Some("TABLE"), Some("IF")) => {
                    name(4).map(|table| tables.remove(&table));
                }
                ("DROP", Some("TABLE"), _) => {
                    name(2).map(|table| tables.remove(&table));
                }
                ("ALTER", Some("TABLE"), _)
                    if next(3) == Some("RENAME") && next(4) == Some("TO") =>
                {
                    name(2).map(|table| tables.remove(&table));
                    tables.extend(name(5));
                }
                _ => {}
            }
        }
    }
    tables
}

/// The words of SQL text (identifiers and keywords), comments left out.
fn sql_words(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|line| line.split("--").next().unwrap_or_default())
        .flat_map(|line| line.split(|character: char| !is_ident_char(character)))
        .filter(|word| !word.is_empty())
}

/// The string literals of Rust code (plain, byte and raw), comments and char literals skipped.
fn string_literals(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let at = |index: usize| chars.get(index).copied().unwrap_or_default();
    let (mut literals, mut index) = (Vec::new(), 0);
    while index < chars.len() {
        let character = chars[index];
        let after_ident = index > 0 && is_ident_char(chars[index - 1]);
        if character == '/' && at(index + 1) == '/' {
            while index < chars.len() && chars[index] != '\n' {
                index += 1;
            }
        } else if character == '/' && at(index + 1) == '*' {
            index += 2;
            while index < chars.len() && !(chars[index] == '*' && at(index + 1) == '/') {
                index += 1;
            }
            index += 2;
        } else if character == 'r' && !after_ident && matches!(at(index + 1), '"' | '#') {
            let hashes = chars[index + 1..].iter().take_while(|c| **c == '#').count();
            if at(index + 1 + hashes) != '"' {
                index += 1;
                continue;
            }
            let start = index + 2 + hashes;
            let mut end = start;
            while end < chars.len()
                && !(chars[end] == '"' && (1..=hashes).all(|ahead| at(end + ahead) == '#'))
            {
                end += 1;
            }
            literals.push(chars[start..end.min(chars.len())].iter().collect());
            index = end + 1 + hashes;
        } else if character == '"' {
            let mut end = index + 1;
            while end < chars.len() && chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            literals.push(chars[index + 1..end.min(chars.len())].iter().collect());
            index = end + 1;
        } else if character == '\'' {
            // A char literal ('x', '\n', '"'), else a lifetime or label.
            index += match (at(index + 1), at(index + 2)) {
                ('\\', _) => 2 + chars[index + 2..].iter().take_while(|c| **c != '\'').count() + 1,
                (_, '\'') => 3,
                _ => 1,
            };
        } else {
            index += 1;
        }
    }
    literals
}

/// The code of a file outside its unit tests: up to its first `#[cfg(test)]` module; nothing
/// for a test-only file (`*tests.rs`, a `tests/` folder).
fn code_outside_tests<'a>(path: &str, text: &'a str) -> &'a str {
    if path.ends_with("tests.rs") || path.split('/').any(|part| part == "tests") {
        return "";
    }
    let end = text.match_indices("#[cfg(test)]").find(|(at, _)| {
        let rest = text[at + "#[cfg(test)]".len()..].trim_start();
        rest.starts_with("mod ") || rest.starts_with("pub mod ")
    });
    end.map_or(text, |(at, _)| &text[..at])
}

/// The known tables a file's SQL names after FROM, JOIN, INTO, UPDATE or TABLE.
fn tables_named(path: &str, text: &str, tables: &BTreeSet<String>) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for literal in string_literals(code_outside_tests(path, text)) {
        let words: Vec<&str> = sql_words(&literal).collect();
        for pair in words.windows(2) {
            let keyword = matches!(pair[0], "FROM" | "JOIN" | "INTO" | "UPDATE" | "TABLE");
            if keyword && tables.contains(pair[1]) {
                named.insert(pair[1].to_string());
            }
        }
    }
    named
}

fn table_owner(table: &str) -> Option<&'static str> {
    TABLE_OWNERS.iter().find(|(_, tables)| tables.contains(&table)).map(|(owner, _)| *owner)
}

/// SQL of one file on another module's table without a `TABLE_ACCESS` entry, e.g.
/// "auth/profile.rs: auth -> bets (games)"; and the entries it used.
fn table_violations(
    path: &str,
    text: &str,
    tables: &BTreeSet<String>,
    used: &mut BTreeSet<(String, String)>,
) -> Vec<String> {
    let module = top_module(path);
    let mut found = Vec::new();
    for table in tables_named(path, text, tables) {
        let owner = table_owner(&table).unwrap_or("no one");
        if owner == module {
            continue;
        }
        let allowed = TABLE_ACCESS.iter().any(|(by, on, _)| *by == module && *on == table);
        if allowed {
            used.insert((module.to_string(), table));
        } else {
            found.push(format!("{path}: {module} -> {table} ({owner})"));
        }
    }
    found
}

/// The files of one module that may import each other in a circle, and why: none but this.
const FILE_CIRCLES_ALLOWED: &[(&str, &str)] = &[(
    "games/rules/",
    "each game's rules and the enums that dispatch to them (options, draw, settle): pure code \
     without a database or a clock, one unit that a new game extends in every file",
)];

/// The full paths a file names after `crate::` or `super::` (the latter resolved against the
/// file's own module path), groups expanded: `crate::games::{rooms, schedule::OpenPeriod}`
/// names ["games", "rooms"] and ["games", "schedule", "OpenPeriod"].
fn full_paths(path: &str, code: &str) -> Vec<Vec<String>> {
    let own: Vec<String> = module_path(path).into_iter().map(String::from).collect();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|character| is_ident_char(character) && character != '$') {
            continue;
        }
        expand_paths(&code[at + "crate::".len()..], Vec::new(), &mut found);
    }
    for (at, _) in code.match_indices("super::") {
        let before = code[..at].chars().next_back();
        if code[..at].ends_with("super::") || before.is_some_and(is_ident_char) {
            continue;
        }
        let (mut rest, mut base) = (&code[at..], own.clone());
        while let Some(next) = rest.strip_prefix("super::") {
            rest = next;
            base.pop();
        }
        expand_paths(rest, base, &mut found);
    }
    found
}

/// Appends to `found` every path `rest` continues `prefix` with (`a::b`, `a::{b, c::d}`).
fn expand_paths(rest: &str, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    if let Some(group) = rest.strip_prefix('{') {
        let (mut depth, mut start) = (0, 0);
        for (at, character) in group.char_indices() {
            match character {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    expand_paths(group[start..at].trim(), prefix.clone(), found);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_paths(group[start..at].trim(), prefix.clone(), found);
                    start = at + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let head = leading_ident(rest);
    if head.is_empty() || head == "self" {
        found.push(prefix);
        return;
    }
    let mut path = prefix;
    path.push(head.to_string());
    match rest[head.len()..].strip_prefix("::") {
        Some(next) => expand_paths(next, path, found),
        None => found.push(path),
    }
}

/// Import circles between the files of one top module, as "a.rs -> b.rs -> a.rs" (each circle
/// once, from its first file), outside `FILE_CIRCLES_ALLOWED`.
fn file_circles(files: &[(String, String)]) -> Vec<String> {
    let by_module: BTreeMap<Vec<&str>, &str> =
        files.iter().map(|(path, _)| (module_path(path), path.as_str())).collect();
    let resolve = |segments: &[String]| {
        (1..=segments.len()).rev().find_map(|length| {
            let key: Vec<&str> = segments[..length].iter().map(String::as_str).collect();
            by_module.get(&key).copied()
        })
    };
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (path, text) in files {
        let code = code_of(code_outside_tests(path, text));
        for named in full_paths(path, &code) {
            let target = resolve(&named).filter(|target| {
                *target != path.as_str() && top_module(target) == top_module(path)
            });
            let allowed = |file: &str| {
                FILE_CIRCLES_ALLOWED.iter().any(|(prefix, _)| file.starts_with(prefix))
            };
            if let Some(target) = target.filter(|target| !(allowed(target) && allowed(path))) {
                edges.entry(path.as_str()).or_default().insert(target);
            }
        }
    }
    let mut circles = BTreeSet::new();
    for start in edges.keys().copied() {
        // Breadth-first from `start`: the shortest way back to it, if any.
        let mut previous: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(file) = queue.pop_front() {
            for next in edges.get(file).into_iter().flatten().copied() {
                if next == start {
                    let mut circle = vec![file];
                    while let Some(before) = previous.get(circle[circle.len() - 1]) {
                        circle.push(before);
                    }
                    circle.reverse();
                    circle.push(start);
                    // Each circle once: from its first file.
                    if circle.iter().all(|member| start <= *member) {
                        circles.insert(circle.join(" -> "));
                    }
                    queue.clear();
                    break;
                }
                if !previous.contains_key(next) && next != start {
                    previous.insert(next, file);
                    queue.push_back(next);
                }
            }
        }
    }
    circles.into_iter().collect()
}

fn all_violations(check: impl Fn(&SourceFile) -> Vec<String>) -> Vec<String> {
    tree().iter().flat_map(check).collect()
}

#[test]
fn finds_the_source_tree() {
    let files = tree();
    let modules = modules(&files);
    assert!(files.len() > 50, "{} files", files.len());
    for module in ["auth", "wallet", "games", "ledger", "http", "cli", "clock", "money"] {
        assert!(modules.contains(module), "{module}");
    }
    let known = |module: &String| {
        INFRASTRUCTURE.contains(&module.as_str())
            || module == LEDGER
            || module == FLOWS
            || DOMAINS.iter().any(|(name, _)| name == module)
            || DELIVERY.iter().any(|(name, _)| name == module)
            || ["lib", "main"].contains(&&**module)
    };
    let unplaced: Vec<_> = modules.iter().filter(|module| !known(module)).collect();
    assert!(unplaced.is_empty(), "place these modules in a layer: {unplaced:?}");
}

#[test]
fn layers_depend_one_way_and_domains_never_on_delivery_or_frameworks() {
    let modules = modules(&tree());
    let found = all_violations(|file| layering_violations(&file.path, &file.text, &modules));
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn the_system_clock_is_read_only_in_clock_rs_and_no_dbg_is_left() {
    assert_eq!(
        all_violations(|file| tidy_violations(&file.path, &file.text)),
        Vec::<String>::new()
    );
}

#[test]
fn cli_command_groups_share_helpers_only_through_shared_rs() {
    assert_eq!(all_violations(|file| cli_violations(&file.path, &file.text)), Vec::<String>::new());
}

#[test]
fn the_test_clock_is_named_only_behind_its_feature() {
    let files = tree();
    let named = files.iter().filter(|file| code_of(&file.text).contains(TEST_CLOCK_ENV)).count();
    assert!(named > 0, "{TEST_CLOCK_ENV} is named nowhere in src/: update this test");
    let found = all_violations(|file| ungated_test_clock_violations(&file.path, &file.text));
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn the_test_clock_feature_is_off_by_default_and_never_in_a_release_build() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table =
        toml::from_str(&fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml"))
            .expect("Cargo.toml parses");
    let features = manifest["features"].as_table().expect("a [features] table");
    assert!(features.contains_key(TEST_CLOCK_FEATURE), "features: {features:?}");
    // What the default features turn on, followed through features that name other features.
    let mut on: Vec<String> = vec!["default".into()];
    let mut seen = BTreeSet::new();
    while let Some(feature) = on.pop() {
        if !seen.insert(feature.clone()) {
            continue;
        }
        let named = features.get(&feature).and_then(toml::Value::as_array);
        on.extend(named.into_iter().flatten().filter_map(|value| value.as_str().map(String::from)));
    }
    assert!(
        !seen.contains(TEST_CLOCK_FEATURE),
        "the default features turn on {TEST_CLOCK_FEATURE}"
    );
    for release_build in ["install.sh", "scripts/serve"] {
        let script = fs::read_to_string(root.join(release_build)).expect("a build script");
        for flag in ["--features", "--all-features", TEST_CLOCK_FEATURE] {
            assert!(!script.contains(flag), "{release_build} passes {flag}");
        }
    }
}

#[test]
fn the_checker_catches_planted_violations() {
    // Guards the guard: a fabricated auth file breaking each rule once, in each import form.
    let modules = modules(&tree());
    let planted = [
        "use crate::wallet::payout_accounts;",
        "use crate::{money::Money, http::{envelope, extract}};",
        "use axum::Router;",
        "fn at() -> i64 { let _ = dbg!(chrono::Utc::now()); 0 }",
        "use super::super::super::cli::run;",
        "// crate::scheduler in a comment, std::time::Instant::now() too",
        "use crate::ledger; use crate::clock::Clock; use super::sql;",
        "use crate::flows::home;",
    ]
    .join("\n");
    let path = "auth/profile/planted.rs";

    let mut found = layering_violations(path, &planted, &modules);
    found.extend(tidy_violations(path, &planted));

    assert_eq!(
        found,
        [
            "auth/profile/planted.rs: auth -> cli",
            "auth/profile/planted.rs: auth -> flows",
            "auth/profile/planted.rs: auth -> http",
            "auth/profile/planted.rs: auth -> wallet",
            "auth/profile/planted.rs: auth -> axum",
            "auth/profile/planted.rs: reads the clock outside clock.rs",
            "auth/profile/planted.rs: dbg!",
        ]
    );
    let grouped = cli_violations(
        "cli/users.rs",
        "use super::wallet::run; use super::shared::x; use super::games::RoomCommand;",
    );
    assert_eq!(grouped, ["cli/users.rs: cli/games", "cli/users.rs: cli/wallet"]);
    let upward = layering_violations(
        "flows/planted.rs",
        "use crate::{growth::vip, http::envelope}; use crate::cli::shared; use axum::Json;",
        &modules,
    );
    let circle = layering_violations("backup/planted.rs", "use crate::startup::open;", &modules);
    assert_eq!(circle, ["backup/planted.rs: backup -> startup"]);
    assert_eq!(
        upward,
        [
            "flows/planted.rs: flows -> cli",
            "flows/planted.rs: flows -> http",
            "flows/planted.rs: flows -> axum",
        ]
    );

    let clock = [
        "#[cfg(feature = \"test-clock\")]",
        "mod gated { pub const ENV: &str = \"FAIRHALL_TEST_CLOCK_FILE\"; }",
        "enum Clock { System, #[cfg(feature = \"test-clock\")] File(String), Other }",
        "fn read() { std::env::var(\"FAIRHALL_TEST_CLOCK_FILE\"); }",
        "// FAIRHALL_TEST_CLOCK_FILE in a comment is no code",
        "#[cfg(feature = \"test-clock\")] const A: () = (); const B: &str = \"FAIRHALL_TEST_CLOCK_FILE\";",
    ]
    .join("\n");
    assert_eq!(
        ungated_test_clock_violations("cli/serve.rs", &clock),
        [
            "cli/serve.rs:4: FAIRHALL_TEST_CLOCK_FILE outside #[cfg(feature = \"test-clock\")]",
            "cli/serve.rs:6: FAIRHALL_TEST_CLOCK_FILE outside #[cfg(feature = \"test-clock\")]",
        ]
    );
}

/// The one file of growth that moves money (issue 30): the payer applies the protection rule,
/// the day's budget, the entry from `bonus`, the wagering and the message to every programme.
const REWARD_PAYER: &str = "growth/rewards.rs";

/// Files of growth outside the payer whose code moves money or adds wagering itself.
fn payer_violations(path: &str, text: &str) -> Vec<String> {
    if !path.starts_with("growth/") || path == REWARD_PAYER {
        return Vec::new();
    }
    let code = code_of(code_outside_tests(path, text));
    ["SystemAccount::Bonus", "ledger::transfer", "add_turnover"]
        .into_iter()
        .filter(|name| code.contains(name))
        .map(|name| format!("{path}: {name} (pay through {REWARD_PAYER})"))
        .collect()
}

#[test]
fn every_reward_is_paid_by_the_one_payer() {
    assert_eq!(
        all_violations(|file| payer_violations(&file.path, &file.text)),
        Vec::<String>::new()
    );
    let planted = "fn pay() { ledger::transfer(tx, Entry::new(k, AccountRef::System(SystemAccount::Bonus), w, a, n)) }";
    assert_eq!(payer_violations("growth/salary.rs", planted).len(), 2);
    assert!(payer_violations(REWARD_PAYER, planted).is_empty());
}

#[test]
fn every_table_has_one_owner_that_exists() {
    let tables = migrated_tables();
    assert!(tables.len() > 50 && tables.contains("bets"), "{tables:?}");
    let mut owned = BTreeSet::new();
    for (owner, names) in TABLE_OWNERS {
        assert!(
            INFRASTRUCTURE.contains(owner)
                || *owner == LEDGER
                || DOMAINS.iter().any(|d| d.0 == *owner),
            "{owner} is not a layer's module"
        );
        for name in *names {
            assert!(tables.contains(*name), "{owner} owns {name}, which no migration leaves");
            assert!(owned.insert(*name), "{name} has two owners");
        }
    }
    let unowned: Vec<_> = tables.iter().filter(|table| !owned.contains(table.as_str())).collect();
    assert!(unowned.is_empty(), "give these tables an owner in TABLE_OWNERS: {unowned:?}");
}

#[test]
fn a_modules_sql_names_its_own_tables_or_says_why() {
    let tables = migrated_tables();
    let mut used = BTreeSet::new();
    let found: Vec<String> = tree()
        .iter()
        .flat_map(|file| table_violations(&file.path, &file.text, &tables, &mut used))
        .collect();
    assert_eq!(found, Vec::<String>::new());
    let stale: Vec<_> = TABLE_ACCESS
        .iter()
        .filter(|(by, on, _)| !used.contains(&(by.to_string(), on.to_string())))
        .collect();
    assert!(stale.is_empty(), "TABLE_ACCESS entries no code needs any more: {stale:?}");
}

#[test]
fn the_table_check_catches_planted_sql() {
    let tables = migrated_tables();
    let planted = [
        "const Q: &str = \"SELECT 1 FROM bets\";",
        "fn f(c: &Connection) { c.execute(r#\"UPDATE deposits SET status = 'x'\"#, []); }",
        "// SELECT 1 FROM withdrawals in a comment",
        "const ENGLISH: &str = \"a message from users\";",
        "const OWN: &str = \"SELECT 1 FROM users JOIN sessions USING (user_id)\";",
        "fn g() -> char { '\"' } const T: &str = \"INSERT INTO audit_log VALUES (1)\";",
        "#[cfg(test)]\nmod tests { const T: &str = \"DELETE FROM turnover\"; }",
    ]
    .join("\n");
    let found = table_violations("auth/planted.rs", &planted, &tables, &mut BTreeSet::new());
    assert_eq!(
        found,
        [
            "auth/planted.rs: auth -> audit_log (audit)",
            "auth/planted.rs: auth -> bets (games)",
            "auth/planted.rs: auth -> deposits (wallet)",
        ]
    );
}

#[test]
fn the_ownership_table_of_the_docs_is_the_tests() {
    // docs/architecture.md, "Who owns which table": one row per module (or submodule), the
    // tables its owner column names in backticks; each table in one row, under its owner.
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .expect("docs/architecture.md");
    let section = doc.split("## Who owns which table").nth(1).expect("the ownership section");
    let tables = migrated_tables();
    let mut documented: Vec<(String, String)> = Vec::new();
    for row in section.lines().take_while(|line| !line.starts_with("## ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let [_, module, owned, _] = cells[..] else { continue };
        let Some(module) = module.strip_prefix('`').and_then(|module| module.split('`').next())
        else {
            continue;
        };
        let top = module.split("::").next().unwrap_or(module).to_string();
        let named = owned.split('`').skip(1).step_by(2).filter(|name| tables.contains(*name));
        documented.extend(named.map(|table| (table.to_string(), top.clone())));
    }
    documented.sort();
    let mut expected: Vec<(String, String)> = TABLE_OWNERS
        .iter()
        .flat_map(|(owner, names)| names.iter().map(|name| (name.to_string(), owner.to_string())))
        .collect();
    expected.sort();
    assert_eq!(documented, expected, "docs/architecture.md's owners differ from TABLE_OWNERS");
}

#[test]
fn the_files_of_a_module_import_each_other_one_way() {
    let files: Vec<(String, String)> =
        tree().into_iter().map(|file| (file.path, file.text)).collect();
    assert_eq!(file_circles(&files), Vec::<String>::new());
    // Guards the guard: a circle through a group import and `super`, and one through
    // allowed files only where one end is outside them.
    let planted = [
        ("games/rooms.rs", "use crate::games::{schedule::{self, OpenPeriod}};"),
        ("games/schedule/mod.rs", "pub mod calendar; use super::fairness::drawing;"),
        ("games/schedule/calendar.rs", "use crate::games::rules::issue::Issue;"),
        ("games/fairness/mod.rs", "pub mod drawing;"),
        ("games/fairness/drawing.rs", "use crate::games::rooms::RoomSettings;"),
        ("games/rules/issue.rs", "use super::draw::Draw;"),
        ("games/rules/draw.rs", "use crate::games::rules::issue::Issue;"),
        ("games/rules/mod.rs", "pub mod draw; pub mod issue;"),
        ("games/mod.rs", "pub mod rooms; pub mod schedule; pub mod fairness; pub mod rules;"),
        ("auth/mod.rs", "use crate::games::rooms;"),
    ];
    let planted: Vec<(String, String)> =
        planted.iter().map(|(path, text)| (path.to_string(), text.to_string())).collect();
    assert_eq!(
        file_circles(&planted),
        ["games/fairness/drawing.rs -> games/rooms.rs -> games/schedule/mod.rs -> \
          games/fairness/drawing.rs"]
    );
}

#[test]
fn the_layer_diagram_of_the_docs_is_the_tests() {
    // docs/architecture.md, "Layers": the block's lines by their label (a line without one
    // continues the one above); the modules each names, and each arrow of the domains.
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .expect("docs/architecture.md");
    let section = doc.split("## Layers").nth(1).expect("the layers section");
    let block = section.split("```").nth(1).expect("the diagram");
    let modules = modules(&tree());
    let labels = ["delivery", "use cases", "domains", "ledger", "infrastructure"];
    let mut named: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    let mut arrows = Vec::new();
    let mut label = "";
    for line in block.lines() {
        let mut rest = line;
        if let Some(found) = labels.iter().find(|label| line.starts_with(*label)) {
            (label, rest) = (found, &line[found.len()..]);
        }
        let words: Vec<String> = rest
            .split_whitespace()
            .map(|word| word.trim_end_matches('/').trim_end_matches(".rs").to_string())
            .collect();
        for pair in words.windows(3).filter(|three| three[1] == "->") {
            arrows.push((pair[0].clone(), pair[2].clone()));
        }
        let known = words.into_iter().filter(|word| modules.contains(word) || word == "main");
        named.entry(label).or_default().extend(known);
    }
    let set = |names: &mut dyn Iterator<Item = &str>| -> BTreeSet<String> {
        names.map(String::from).collect()
    };
    let delivery = set(&mut DELIVERY.iter().map(|(name, _)| *name).chain(["main"]));
    assert_eq!(named["delivery"], delivery);
    assert_eq!(named["use cases"], set(&mut [FLOWS].into_iter()));
    assert_eq!(named["domains"], set(&mut DOMAINS.iter().map(|(name, _)| *name)));
    assert_eq!(named["ledger"], set(&mut [LEDGER].into_iter()));
    assert_eq!(named["infrastructure"], set(&mut INFRASTRUCTURE.iter().copied()));
    for (from, to) in &arrows {
        let allowed = DOMAINS.iter().find(|(name, _)| name == from).map(|(_, below)| *below);
        assert!(allowed.is_some_and(|below| below.contains(&to.as_str())), "{from} -> {to}");
    }
    assert!(arrows.len() >= 6, "{arrows:?}");
}
