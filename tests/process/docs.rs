//! The operator's docs against the binary, so that they cannot drift: every `fairhall ...`
//! line of a ```sh block in README.md and docs/*.md parses with the real clap tree
//! (`fairhall::cli::Cli`), the documented commands that only read and need no prior state run
//! on a fresh hall and succeed, and every relative link points at an existing file (and
//! heading). A failure names the page and line.

use crate::support::binary::{new_hall, run};
use clap::{CommandFactory, Parser};
use fairhall::cli::Cli;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Documented commands, by their subcommand words, that only read and work on a hall that has
/// nothing in it yet (rooms and levels come with the migrations): the test runs each one as
/// documented, so its flags and its exit code are checked too. A command that names a player,
/// an order or a file is only parsed.
const RUNNABLE: &[&str] = &[
    "",
    "config dump",
    "admin doctor",
    "admin verify",
    "admin audit",
    "admin clock show",
    "admin user list",
    "admin user search",
    "admin user exclusions",
    "admin deposit list",
    "admin withdraw list",
    "admin staff list",
    "admin notify log",
    "admin report daily",
    "admin report range",
    "admin report linked",
    "admin programme cost",
    "admin news list",
    "admin content list",
    "admin content picture list",
    "admin product categories",
    "admin product list",
    "admin product obligations",
    "admin task list",
    "admin signin day",
    "admin envelope list",
    "admin envelope reserve",
    "admin rebate batches",
    "admin salary list",
    "admin vip levels",
    "admin vip rewards",
    "admin room list",
    "admin room show",
    "admin room periods",
    "admin room chain",
    "admin room stuck",
];

/// What stands in for a placeholder written in angle brackets (`<id>`, `<version>`): a value
/// every argument that takes an id, a name or a path accepts, so the line's syntax is still
/// checked.
const PLACEHOLDER_SAMPLE: &str = "1";

/// One command line of a ```sh block.
struct Documented {
    /// e.g. "docs/money-desk.md:42".
    place: String,
    /// The line as the page shows it (continuations joined).
    text: String,
    /// Its words, `fairhall` first, as a shell would split them.
    words: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md, relative to the repository, in a fixed order.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .map(|path| path.strip_prefix(root()).expect("under the repository").to_path_buf())
        .collect();
    pages.sort();
    pages.insert(0, PathBuf::from("README.md"));
    pages
}

fn read(page: &Path) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|error| panic!("{page:?}: {error}"))
}

/// The lines of ```sh blocks, `\` continuations joined, with the number of their first line.
fn shell_lines(text: &str) -> Vec<(usize, String)> {
    let (mut lines, mut in_shell, mut in_fence) = (Vec::new(), false, false);
    let mut pending: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            in_fence = !in_fence;
            in_shell = in_fence && matches!(info.trim(), "sh" | "bash" | "shell");
            continue;
        }
        if !in_shell {
            continue;
        }
        let (number, mut joined) = pending.take().unwrap_or((index + 1, String::new()));
        joined.push_str(trimmed);
        // A continuation is a `\` at the end of the command, before any comment.
        match strip_comment(&joined).trim_end().strip_suffix('\\') {
            Some(head) => pending = Some((number, format!("{head} "))),
            None => lines.push((number, joined)),
        }
    }
    lines.extend(pending);
    lines
}

/// The line without a trailing `# comment` (a `#` that starts a word outside quotes).
fn strip_comment(line: &str) -> String {
    let (mut out, mut quote, mut previous) = (String::new(), None, ' ');
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '#') if previous.is_whitespace() => break,
            (None, '\'' | '"') => quote = Some(c),
            (Some(open), _) if c == open => quote = None,
            (Some('"') | None, '\\') => {
                out.push(c);
                if let Some(next) = chars.next() {
                    out.push(next);
                    previous = next;
                }
                continue;
            }
            _ => {}
        }
        out.push(c);
        previous = c;
    }
    out
}

/// The words of one command as a shell splits them, up to a pipe, a redirection or a `;`.
/// An unquoted `<name>` is a placeholder: it becomes `PLACEHOLDER_SAMPLE`. `None` for a line
/// a shell would expand (`$`, a backquote), which the test cannot run as written.
fn shell_words(line: &str) -> Option<Vec<String>> {
    let (mut words, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    let chars: Vec<char> = line.chars().collect();
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        index += 1;
        match quote {
            Some('\'') if c == '\'' => quote = None,
            Some('"') if c == '"' => quote = None,
            Some('"') if c == '$' || c == '`' => return None,
            Some('"') if c == '\\' && index < chars.len() => {
                word.push(chars[index]);
                index += 1;
            }
            Some(_) => word.push(c),
            None => match c {
                '\'' | '"' => (quote, started) = (Some(c), true),
                '$' | '`' => return None,
                '\\' if index < chars.len() => {
                    (started, index) = (true, index + 1);
                    word.push(chars[index - 1]);
                }
                '<' => match placeholder(&chars[index..]) {
                    Some(length) => {
                        (started, index) = (true, index + length);
                        word.push_str(PLACEHOLDER_SAMPLE);
                    }
                    None => break,
                },
                '|' | '>' | ';' | '&' => break,
                c if c.is_whitespace() => {
                    if started {
                        words.push(std::mem::take(&mut word));
                    }
                    started = false;
                }
                c => {
                    started = true;
                    word.push(c);
                }
            },
        }
    }
    if started {
        words.push(word);
    }
    Some(words)
}

/// The length of `name>` after a `<` that opens a placeholder (`<id>`, `<data_dir>`).
fn placeholder(rest: &[char]) -> Option<usize> {
    let end = rest.iter().position(|&c| c == '>')?;
    let name = &rest[..end];
    let is_name = !name.is_empty()
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    is_name.then_some(end + 1)
}

/// Every documented `fairhall ...` command (also under `sudo -u USER`).
fn documented_commands() -> Vec<Documented> {
    let mut commands = Vec::new();
    for page in pages() {
        for (number, line) in shell_lines(&read(&page)) {
            let text = strip_comment(&line).trim().to_string();
            let Some(mut words) = shell_words(&text) else {
                continue;
            };
            if words.first().is_some_and(|word| word == "sudo") {
                let user = words.iter().position(|word| word == "-u").map_or(1, |at| at + 2);
                words.drain(..user.min(words.len()));
            }
            if words.first().is_some_and(|word| word == "fairhall") {
                let place = format!("{}:{number}", page.display());
                commands.push(Documented { place, text, words });
            }
        }
    }
    commands
}

/// The subcommand words of a parsed line ("admin user list"; "" for `fairhall --version`).
fn subcommand_words(words: &[String]) -> Result<String, clap::Error> {
    let matches = Cli::command().try_get_matches_from(words)?;
    let (mut path, mut matches) = (Vec::new(), &matches);
    while let Some((name, inner)) = matches.subcommand() {
        path.push(name.to_string());
        matches = inner;
    }
    Ok(path.join(" "))
}

/// Whether clap accepts the line: a parse, or `--help` / `--version` that print and exit 0.
fn parses(words: &[String]) -> Result<(), clap::Error> {
    match Cli::try_parse_from(words) {
        Ok(_) => Ok(()),
        Err(error) if error.exit_code() == 0 => Ok(()),
        Err(error) => Err(error),
    }
}

/// The line's arguments without `fairhall` and without the global `--config FILE` and
/// `--data-dir DIR`: the test runs it on its own fresh hall.
fn arguments_for_fresh_hall(words: &[String]) -> Vec<String> {
    let mut arguments = Vec::new();
    let mut rest = words[1..].iter();
    while let Some(word) = rest.next() {
        match word.as_str() {
            "--config" | "--data-dir" => {
                rest.next();
            }
            word if word.starts_with("--config=") || word.starts_with("--data-dir=") => {}
            _ => arguments.push(word.clone()),
        }
    }
    arguments
}

#[test]
fn every_documented_command_parses_and_the_read_only_ones_run_on_a_fresh_hall() {
    let commands = documented_commands();
    let mut problems = Vec::new();
    let mut runnable = Vec::new();
    for command in &commands {
        if let Err(error) = parses(&command.words) {
            problems
                .push(format!("{}: `{}` does not parse:\n{error}", command.place, command.text));
            continue;
        }
        let words = subcommand_words(&command.words).unwrap_or_default();
        // `--help` prints; `--player` names a player, whom a fresh hall lacks: only parsed.
        let only_parsed = ["--help", "--player"];
        if RUNNABLE.contains(&words.as_str())
            && !command.words.iter().any(|word| only_parsed.contains(&word.as_str()))
        {
            runnable.push((command, words));
        }
    }

    let parent = tempfile::tempdir().expect("a temp directory");
    let data_dir = parent.path().join("data");
    new_hall(&data_dir);
    let mut ran = BTreeSet::new();
    for (command, words) in &runnable {
        let arguments = arguments_for_fresh_hall(&command.words);
        let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
        let outcome = run(&data_dir, &arguments);
        if !outcome.status.success() {
            problems.push(format!(
                "{}: `{}` fails on a fresh hall ({}):\n{}{}",
                command.place, command.text, outcome.status, outcome.stdout, outcome.stderr
            ));
        }
        ran.insert(words.as_str());
    }

    let count = problems.len();
    assert!(problems.is_empty(), "{count} wrong command lines in the docs:\n\n{}", {
        problems.join("\n\n")
    });
    // The extraction itself: the pages show well over a hundred commands, and the basic
    // read-only ones run.
    assert!(commands.len() > 100, "only {} documented commands found", commands.len());
    for expected in ["", "config dump", "admin doctor", "admin verify", "admin user list"] {
        assert!(ran.contains(expected), "`fairhall {expected}` is documented and ran: {ran:?}");
    }
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; a repeated
/// heading gets `-1`, `-2`, ...
fn anchors(text: &str) -> BTreeSet<String> {
    let (mut anchors, mut seen, mut in_fence) = (BTreeSet::new(), BTreeMap::new(), false);
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        let heading = line.trim_start_matches('#');
        if in_fence || heading.len() == line.len() || !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|&c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let count: &mut usize = seen.entry(slug.clone()).or_default();
        anchors.insert(if *count == 0 { slug.clone() } else { format!("{slug}-{count}") });
        *count += 1;
    }
    anchors
}

/// The targets of the inline links `[text](target)` of a page, with their line, outside code
/// blocks and code spans.
fn links(text: &str) -> Vec<(usize, String)> {
    let (mut links, mut in_fence) = (Vec::new(), false);
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            links.push((index + 1, after[..end].trim().to_string()));
            rest = &after[end..];
        }
    }
    links
}

#[test]
fn every_relative_link_of_the_docs_points_at_a_file_and_heading() {
    let pages = pages();
    let headings: BTreeMap<PathBuf, BTreeSet<String>> =
        pages.iter().map(|page| (page.clone(), anchors(&read(page)))).collect();
    let mut problems = Vec::new();
    let mut linked = BTreeSet::new();
    for page in &pages {
        for (number, target) in links(&read(page)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                page.clone()
            } else {
                normalize(&page.parent().unwrap_or(Path::new("")).join(file))
            };
            if !root().join(&path).exists() {
                problems.push(format!("{}:{number}: ({target}): no file {path:?}", page.display()));
                continue;
            }
            linked.insert(path.clone());
            let known = headings.get(&path);
            if !anchor.is_empty() && known.is_some_and(|known| !known.contains(anchor)) {
                problems.push(format!(
                    "{}:{number}: ({target}): {path:?} has no heading #{anchor}",
                    page.display()
                ));
            }
        }
    }
    for page in pages.iter().filter(|page| page.starts_with("docs")) {
        if !linked.contains(page) {
            let page = page.display();
            problems.push(format!("{page}: no page links to it (README's \"Where to read on\")"));
        }
    }
    assert!(problems.is_empty(), "broken links in the docs:\n{}", problems.join("\n"));
}

/// `docs/../README.md` as `README.md`.
fn normalize(path: &Path) -> PathBuf {
    let mut parts: Vec<std::path::Component> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir if !parts.is_empty() => {
                parts.pop();
            }
            std::path::Component::CurDir => {}
            part => parts.push(part),
        }
    }
    parts.iter().collect()
}

#[test]
fn the_extraction_reads_lines_as_a_shell_does() {
    let page = "```sh\nfairhall admin user show carol   # a comment \\\n\
                fairhall admin envelope create --amount 1 \\\n    --count 2 --note \"a # b\"\n\
                fairhall admin deposit show <id> --voucher-out /tmp/x.png\n\
                fairhall admin report range --csv > out.csv\n```\n";
    let lines: Vec<Vec<String>> = shell_lines(page)
        .into_iter()
        .map(|(_, line)| shell_words(&strip_comment(&line)).expect("no expansion"))
        .collect();
    let expected: Vec<Vec<&str>> = vec![
        vec!["fairhall", "admin", "user", "show", "carol"],
        vec!["fairhall", "admin", "envelope", "create", "--amount", "1", "--count", "2"]
            .into_iter()
            .chain(["--note", "a # b"])
            .collect(),
        vec!["fairhall", "admin", "deposit", "show", "1", "--voucher-out", "/tmp/x.png"],
        vec!["fairhall", "admin", "report", "range", "--csv"],
    ];
    assert_eq!(lines, expected);
    assert_eq!(shell_lines(page)[1].0, 3, "a joined line keeps its first line's number");
}
