//! How a value clap refuses reads to the operator: every typed argument of the command tree
//! (ids, counts, limits, dates) gets a value parser in operator wording instead of a Rust
//! parse error ("invalid digit found in string"). `operator_worded` walks the tree once, so a
//! new argument of these types needs nothing.

use chrono::NaiveDate;
use clap::builder::ValueParser;
use std::str::FromStr;

/// `command` and all its subcommands with each integer and date argument parsed by the
/// functions below; clap names the argument in front of their message.
pub fn operator_worded(command: clap::Command) -> clap::Command {
    command.mut_args(worded).mut_subcommands(operator_worded)
}

fn worded(arg: clap::Arg) -> clap::Arg {
    let parser = arg.get_value_parser().type_id();
    let is = |typed: ValueParser| typed.type_id() == parser;
    if is(clap::value_parser!(i64).into()) {
        arg.value_parser(whole::<i64>)
    } else if is(clap::value_parser!(u64).into()) {
        arg.value_parser(whole::<u64>)
    } else if is(clap::value_parser!(u32).into()) {
        arg.value_parser(whole::<u32>)
    } else if is(clap::value_parser!(usize).into()) {
        arg.value_parser(whole::<usize>)
    } else if is(clap::value_parser!(u8).into()) {
        arg.value_parser(whole::<u8>)
    } else if is(ValueParser::new(date)) {
        arg.value_parser(date)
    } else {
        arg
    }
}

/// A whole number: an id, a count, a limit, a page.
fn whole<T: FromStr>(text: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| "give a whole number, e.g. 12".to_string())
}

/// An operator day.
fn date(text: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| "give a date as YYYY-MM-DD, e.g. 2026-11-22".to_string())
}
