//! The operator's goods commands (`fairhall admin product ...`), run as the built binary on a
//! temp data directory; the purchase test buys through the API of a `TestApp` on the same one.

use crate::support::binary::{fail, new_hall, succeed};
use crate::support::helpers::TestApp;
use crate::support::wallet_support::{PNG, WalletApp, assert_ledger_verifies};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A complete product file. Its window holds the test app's fixed clock (2026-11-22) and any
/// later day the CLI's system clock may read.
const PRODUCT_TOML: &str = r#"
category = "drinks"
unit_price = "100"
total = "10000"
reserved = "500"
min_units = 1
max_units = 50
rate = "12"
rate_divisor = 12
yield_type = "interest_per_cycle"
cycle_unit = "day"
cycle_length = 30
cycles = 3
payout_time = "10:00"
start = "2026-11-01 00:00"
end = "2099-01-01 00:00"

[name]
en = "Coffee beans"
vi = "Cà phê"

[description]
en = "Arabica from Da Lat."
"#;

/// The same product as flags.
const PRODUCT_FLAGS: &[&str] = &[
    "--category",
    "drinks",
    "--unit-price",
    "100",
    "--total",
    "10000",
    "--reserved",
    "500",
    "--max-units",
    "50",
    "--rate",
    "12",
    "--rate-divisor",
    "12",
    "--yield-type",
    "interest_per_cycle",
    "--cycle-unit",
    "day",
    "--cycle-length",
    "30",
    "--cycles",
    "3",
    "--payout-time",
    "10:00",
    "--start",
    "2026-11-01 00:00",
    "--end",
    "2099-01-01 00:00",
    "--name",
    "en=Coffee beans",
];

fn admin_product(args: &[&str]) -> Vec<String> {
    ["admin", "product"].iter().chain(args).map(|arg| arg.to_string()).collect()
}

#[track_caller]
fn product(data: &Path, args: &[&str]) -> String {
    let args = admin_product(args);
    succeed(data, &args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// An aligned table's cells joined by tabs, line by line (cells are two or more spaces apart).
fn tabbed(table: &str) -> String {
    let cells = |line: &str| -> Vec<String> {
        line.split("  ").map(str::trim).filter(|cell| !cell.is_empty()).map(String::from).collect()
    };
    table.lines().map(|line| cells(line).join("\t") + "\n").collect()
}

#[track_caller]
fn product_refused(data: &Path, args: &[&str]) -> String {
    let args = admin_product(args);
    fail(data, &args.iter().map(String::as_str).collect::<Vec<_>>()).stderr
}

/// Writes `text` to `<data>/<name>` and returns the path as text.
fn write_file(data: &Path, name: &str, text: &[u8]) -> String {
    let path: PathBuf = data.join(name);
    std::fs::write(&path, text).expect("the file is written");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The id of `created product N`.
fn created_id(stdout: &str) -> String {
    let line = stdout.lines().next().unwrap_or_default();
    line.strip_prefix("created product ").expect("a created product").to_string()
}

/// The category `drinks`, then the product of `PRODUCT_TOML` with `extra` flags; its id.
fn drinks_and_coffee(data: &Path, extra: &[&str]) -> String {
    product(data, &["category", "drinks", "--name", "en=Drinks"]);
    let file = write_file(data, "coffee.toml", PRODUCT_TOML.as_bytes());
    created_id(&product(data, &[&["create", "--file", &file], extra].concat()))
}

/// The value of `key` in `show`'s key/value lines.
fn shown<'a>(show: &'a str, key: &str) -> &'a str {
    let line = show.lines().find(|line| line.split_whitespace().next() == Some(key));
    line.map(|line| line[key.len()..].trim()).unwrap_or_else(|| panic!("no {key}:\n{show}"))
}

/// The TOML `show` prints after its fields.
fn shown_spec(show: &str) -> toml::Table {
    let (_, text) = show.split_once("--file FILE`").expect("the spec section");
    let text = text.split_once('\n').expect("after the heading").1;
    toml::from_str(text).expect("the printed spec is TOML")
}

fn picture_files(data: &Path) -> usize {
    std::fs::read_dir(data.join("products")).map_or(0, |entries| entries.count())
}

#[test]
fn the_operator_creates_a_product_from_a_toml_file_and_lists_and_shows_it() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    write_file(data, "coffee.png", PNG);
    let picture = write_file(data, "drinks.png", PNG);
    let with_picture = format!("picture = \"coffee.png\"\n{PRODUCT_TOML}");
    let file = write_file(data, "coffee.toml", with_picture.as_bytes());

    let saved =
        product(data, &["category", "drinks", "--name", "en=Drinks", "--picture", &picture]);
    let id = created_id(&product(data, &["create", "--file", &file]));
    let categories = tabbed(&product(data, &["categories"]));
    let listed = tabbed(&product(data, &["list"]));
    let show = product(data, &["show", &id]);
    let json: Value = serde_json::from_str(&product(data, &["show", &id, "--json"])).expect("JSON");

    assert_eq!(saved.trim(), "saved category drinks");
    let category_row = categories.lines().nth(1).expect("a category row");
    assert!(category_row.starts_with("drinks\tDrinks\tmedia/products/"), "{categories}");
    assert_eq!(
        listed.lines().collect::<Vec<_>>(),
        [
            "id\tstate\tname\tcategory\tunit_price\ttotal\tpurchased\treserved\tremaining\trate\t\
             cycles\twindow\torders",
            &format!(
                "{id}\ton_sale\tCà phê\tdrinks\t100.00\t10000.00\t0.00\t500.00\t9500.00\t12.00 %\t\
                 3 x 30 day\t2026-11-01 00:00 to 2099-01-01 00:00\t0"
            ),
            "1 products (times Asia/Ho_Chi_Minh)",
        ]
    );
    for (key, value) in [
        ("state", "on_sale"),
        ("unit_price", "100.00"),
        ("remaining", "9500.00"),
        ("rate", "12.00 %"),
        ("payout_time", "10:00"),
        ("name.en", "Coffee beans"),
        ("description.en", "Arabica from Da Lat."),
        ("window", "2026-11-01 00:00 to 2099-01-01 00:00 (Asia/Ho_Chi_Minh)"),
    ] {
        assert_eq!(shown(&show, key), value, "{show}");
    }
    let spec = shown_spec(&show);
    assert_eq!(spec["rate_divisor"].as_integer(), Some(12));
    assert_eq!(spec["start"].as_str(), Some("2026-11-01 00:00"));
    assert_eq!(spec["name"]["vi"].as_str(), Some("Cà phê"));
    let stored = json["spec"]["picture"].as_str().expect("a picture");
    assert_eq!(spec["picture"].as_str(), Some(stored));
    let name = stored.strip_prefix("media/products/").expect("a stored picture");
    assert_eq!(std::fs::read(data.join("products").join(name)).expect("stored"), PNG);
    assert_eq!((json["id"].to_string(), &json["state"]), (id, &json!("on_sale")));
    assert_eq!(picture_files(data), 2);
}

#[test]
fn a_product_is_created_from_flags_or_a_json_file_and_flags_override_the_file() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    product(data, &["category", "drinks", "--name", "en=Drinks"]);
    let spec: toml::Table = toml::from_str(PRODUCT_TOML).expect("TOML");
    let json_file = write_file(data, "tea.json", &serde_json::to_vec(&spec).expect("JSON"));

    let by_flags = created_id(&product(data, &[&["create"], PRODUCT_FLAGS].concat()));
    let by_json = created_id(&product(
        data,
        &["create", "--file", &json_file, "--rate", "6", "--name", "en=Green tea"],
    ));

    let flags_show = product(data, &["show", &by_flags]);
    let json_show = product(data, &["show", &by_json]);
    assert_eq!(shown(&flags_show, "min_units"), "1", "the default");
    assert_eq!(shown(&flags_show, "cycles"), "3 x 30 day");
    assert_eq!(shown(&flags_show, "reserved"), "500.00");
    assert_eq!(shown(&json_show, "rate"), "6.00 %", "the flag wins");
    assert_eq!(shown(&json_show, "name.en"), "Green tea", "the flag wins");
    assert_eq!(shown(&json_show, "name.vi"), "Cà phê", "the file's other language stays");
    assert_eq!(shown(&json_show, "total"), "10000.00");
}

#[test]
fn each_invalid_field_is_refused_by_name_and_nothing_is_created() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    product(data, &["category", "drinks", "--name", "en=Drinks"]);
    let file = write_file(data, "coffee.toml", PRODUCT_TOML.as_bytes());
    let no_payout_time = PRODUCT_TOML.replace("payout_time = \"10:00\"\n", "");
    let no_payout_time = write_file(data, "no_time.toml", no_payout_time.as_bytes());
    let unknown_key = format!("colour = \"red\"\n{PRODUCT_TOML}");
    let unknown_key = write_file(data, "colour.toml", unknown_key.as_bytes());
    let unknown_json = write_file(data, "colour.json", br#"{"category": "drinks", "colour": 1}"#);

    let cases: &[(&str, &str, &[&str], &[&str])] = &[
        ("a zero unit price", &file, &["--unit-price", "0"], &["unit_price"]),
        ("a unit price with 3 decimals", &file, &["--unit-price", "1.005"], &["unit_price"]),
        ("a least purchase below 10.00", &file, &["--unit-price", "5"], &["min_units", "10.00"]),
        ("a max below the min", &file, &["--min-units", "5", "--max-units", "2"], &["max_units"]),
        ("a rate above 1,000 %", &file, &["--rate", "1000.01"], &["rate must be"]),
        ("a rate that is not a number", &file, &["--rate", "1e3"], &["rate: "]),
        ("a rate divisor of 0", &file, &["--rate-divisor", "0"], &["rate_divisor"]),
        ("an unknown yield type", &file, &["--yield-type", "monthly"], &["yield_type"]),
        ("an unknown cycle unit", &file, &["--cycle-unit", "week"], &["cycle_unit"]),
        ("no payout time for day cycles", &no_payout_time, &[], &["payout_time"]),
        ("a payout time for hours", &file, &["--cycle-unit", "hour"], &["payout_time"]),
        ("an end before the start", &file, &["--end", "2026-10-01 00:00"], &["end: "]),
        ("a start that is no time", &file, &["--start", "soon"], &["start: "]),
        ("an unknown category", &file, &["--category", "toys"], &["category: ", "toys"]),
        ("reserved above the total", &file, &["--reserved", "10000.01"], &["reserved"]),
        (
            "a name in no app language",
            &file,
            &["--name", "xx=Kaffee"],
            &["--name", "\"xx\" is not"],
        ),
        ("a name without its language", &file, &["--name", "Kaffee"], &["--name", "LANG=TEXT"]),
        ("an unknown key in TOML", &unknown_key, &[], &["colour.toml", "unknown field `colour`"]),
        ("an unknown key in JSON", &unknown_json, &[], &["colour.json", "unknown field `colour`"]),
    ];

    for (description, file, flags, expected) in cases {
        let stderr = product_refused(data, &[&["create", "--file", file], *flags].concat());
        for part in *expected {
            assert!(stderr.contains(part), "{description}: {part:?} in {stderr}");
        }
    }
    let none = product_refused(data, &["create", "--category", "drinks"]);
    assert!(none.contains("unit_price: required"), "{none}");
    assert!(product(data, &["list"]).ends_with("0 products (times Asia/Ho_Chi_Minh)\n"));
}

#[test]
fn a_category_picture_must_be_an_image_and_a_new_category_needs_a_name() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let notes = write_file(data, "notes.png", b"not an image at all");
    let picture = write_file(data, "meat.png", PNG);
    let mut large = PNG.to_vec();
    large.resize(1024 * 1024 + 1, 0);
    let large = write_file(data, "large.png", &large);

    let not_an_image =
        product_refused(data, &["category", "meat", "--name", "en=Meat", "--picture", &notes]);
    let too_large =
        product_refused(data, &["category", "meat", "--name", "en=Meat", "--picture", &large]);
    let nameless = product_refused(data, &["category", "meat", "--picture", &picture]);
    let bad_code = product_refused(data, &["category", "Red Meat", "--name", "en=Meat"]);
    product(data, &["category", "meat", "--name", "en=Meat", "--sort", "2"]);
    product(data, &["category", "fruit", "--name", "en=Fruit", "--sort", "1"]);
    product(data, &["category", "meat", "--picture", &picture, "--name", "vi=Thịt"]);
    let categories = tabbed(&product(data, &["categories"]));
    let json: Value =
        serde_json::from_str(&product(data, &["categories", "--json"])).expect("JSON");

    assert!(not_an_image.contains("notes.png") && not_an_image.contains("bad_format"));
    assert!(too_large.contains("large.png") && too_large.contains("limit_exceeded"));
    assert!(nameless.contains("name: a new category needs a name"), "{nameless}");
    assert!(bad_code.contains("category: \"Red Meat\""), "{bad_code}");
    let rows: Vec<_> = categories.lines().skip(1).collect();
    assert_eq!(rows[0], "fruit\tFruit\t-", "sorted by --sort");
    assert!(rows[1].starts_with("meat\tThịt\tmedia/products/"), "{categories}");
    assert_eq!(json[1]["code"], "meat");
    assert_eq!(picture_files(data), 1, "refused pictures are not kept");
}

#[test]
fn an_update_changes_only_the_fields_given_and_close_ends_the_sale() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();
    let id = drinks_and_coffee(data, &[]);
    let texts =
        write_file(data, "texts.json", r#"{"description": {"vi": "Từ Đà Lạt."}}"#.as_bytes());

    let empty = product_refused(data, &["update", &id]);
    product(data, &["update", &id, "--end", "2099-06-01 08:30", "--reserved", "1000"]);
    product(data, &["update", &id, "--file", &texts, "--name", "en=Robusta"]);
    let show = product(data, &["show", &id]);
    let refused = product_refused(data, &["update", &id, "--reserved", "10001"]);
    let unknown = product_refused(data, &["update", "99", "--reserved", "1"]);
    let closed = product(data, &["close", &id]);
    let again = product_refused(data, &["close", &id]);
    let listed = tabbed(&product(data, &["list"]));

    assert!(empty.contains("nothing to change"), "{empty}");
    assert_eq!(shown(&show, "window"), "2026-11-01 00:00 to 2099-06-01 08:30 (Asia/Ho_Chi_Minh)");
    assert_eq!(shown(&show, "reserved"), "1000.00");
    assert_eq!(shown(&show, "remaining"), "9000.00");
    assert_eq!(shown(&show, "name.en"), "Robusta");
    assert_eq!(shown(&show, "name.vi"), "Cà phê", "untouched");
    assert_eq!(shown(&show, "description.vi"), "Từ Đà Lạt.");
    assert_eq!(shown(&show, "description.en"), "Arabica from Da Lat.", "untouched");
    assert_eq!(shown(&show, "rate"), "12.00 %", "untouched");
    assert!(refused.contains("reserved: "), "{refused}");
    assert!(unknown.contains("product 99: no such product"), "{unknown}");
    assert!(closed.contains(&format!("closed product {id}")), "{closed}");
    assert!(again.contains("closed already"), "{again}");
    assert!(listed.contains(&format!("{id}\tended\tCà phê\t")), "{listed}");
    assert_ne!(shown(&product(data, &["show", &id]), "closed"), "-");
}

#[test]
fn obligations_on_an_empty_database_are_zero() {
    let dir = tempfile::tempdir().expect("a temp directory");
    new_hall(dir.path());
    let data = dir.path();

    let report = tabbed(&product(data, &["obligations"]));
    let json: Value =
        serde_json::from_str(&product(data, &["obligations", "--json"])).expect("JSON");
    let orders = product(data, &["orders"]);

    let lines: Vec<_> = report.lines().collect();
    assert_eq!(lines[0], "obligation\tamount");
    assert_eq!(
        lines[1..5],
        [
            "principal held (ledger, invest accounts)\t0.00",
            "principal unpaid (schedules)\t0.00",
            "interest due\t0.00",
            "total due\t0.00",
        ]
    );
    assert_eq!(lines.last(), Some(&"total\t0 products\t0\t0.00\t0.00"));
    assert_eq!(
        json,
        json!({ "principal_held": "0.00", "principal_due": "0.00", "interest_due": "0.00",
            "by_day": [], "by_product": [] })
    );
    assert!(orders.ends_with("0 orders (times Asia/Ho_Chi_Minh)\n"), "{orders}");
}

#[tokio::test]
async fn a_product_with_orders_keeps_its_terms_and_owes_what_its_schedule_says() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let data = dir.path();
    let app = TestApp::open(data, |_| {});
    let id = drinks_and_coffee(data, &[]);
    let player = app.player().await;
    app.credit(&player, "2000.00").await;
    app.set_fund_password(&player).await;
    let form = json!({ "id": id, "amount": "1000.00",
        "fund_password": crate::support::wallet_support::FUND_PASSWORD });
    let headers = [("token", player.token.as_str())];

    let bought = app.post_json("/api/goods/buy", &form, &headers).await;
    let orders = tabbed(&product(data, &["orders", &id]));
    let rate = product_refused(data, &["update", &id, "--rate", "6"]);
    let unit_price = product_refused(data, &["update", &id, "--unit-price", "50"]);
    product(data, &["update", &id, "--end", "2099-02-01 00:00", "--reserved", "0"]);
    let report = tabbed(&product(data, &["obligations"]));
    let json: Value =
        serde_json::from_str(&product(data, &["obligations", "--json"])).expect("JSON");

    let order = bought.assert_ok()["order_id"].to_string();
    assert_eq!(
        orders.lines().nth(1),
        Some(
            format!(
                "{order}\t{id}\t{}\t10\t1000.00\t2026-11-22 15:00\t0/3\t0.00\t1030.00",
                player.id
            )
            .as_str()
        ),
        "{orders}"
    );
    assert!(rate.contains("rate") && rate.contains("terms are fixed"), "{rate}");
    assert!(unit_price.starts_with("fairhall: unit_price: "), "{unit_price}");
    let lines: Vec<_> = report.lines().collect();
    assert_eq!(lines[0], "obligation\tamount");
    assert_eq!(
        lines[1..5],
        [
            "principal held (ledger, invest accounts)\t1000.00",
            "principal unpaid (schedules)\t1000.00",
            "interest due\t30.00",
            "total due\t1030.00",
        ]
    );
    for day in ["2026-12-22\t10.00\t0.00\t10.00", "2027-02-20\t10.00\t1000.00\t1010.00"] {
        assert!(lines.contains(&day), "{report}");
    }
    assert!(lines.contains(&format!("{id}\tCà phê\t1\t1000.00\t30.00").as_str()), "{report}");
    assert_eq!(lines.last(), Some(&"total\t1 products\t1\t1000.00\t30.00"));
    assert_eq!(json["by_day"].as_array().map(Vec::len), Some(3));
    assert_eq!(json["by_product"][0]["principal_due"], "1000.00");
    assert_eq!(shown(&product(data, &["show", &id]), "orders"), "1");
    assert_ledger_verifies(&app).await;
}

#[test]
fn each_product_command_explains_its_purpose_in_its_help() {
    let dir = tempfile::tempdir().expect("a temp directory");
    let cases: &[(&str, &str)] = &[
        ("category", "Create or change a category"),
        ("categories", "List the categories"),
        ("create", "Create a product from a TOML or JSON file"),
        ("update", "only the fields given change"),
        ("list", "List every product"),
        ("show", "Show one product's every field"),
        ("close", "Close a product to purchases"),
        ("orders", "List the orders"),
        ("obligations", "what the operator owes"),
    ];

    for (command, purpose) in cases {
        let stdout = product(dir.path(), &[command, "--help"]);
        assert!(stdout.contains(purpose), "{command}:\n{stdout}");
    }
}
