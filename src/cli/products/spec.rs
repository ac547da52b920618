//! A `ProductSpec` from a TOML or JSON file and the flags that override it, and the picture
//! files a spec or a category names, checked and stored before the domain sees their names.

use super::super::shared::{LangText, explain, lang_text, texts_by_code};
use crate::finance::goods::{self, types::ProductSpec};
use crate::uploads::{self, Image};
use anyhow::Context;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Bytes a product file may have: 14 languages of 4,000-character descriptions at up to 4
/// bytes a character fit with room to spare.
const SPEC_FILE_MAX_BYTES: u64 = 1024 * 1024;

/// Every field of a product as a flag; each one given overrides the `--file`'s value.
#[derive(clap::Args)]
pub struct SpecArgs {
    /// A product file, TOML (`.toml`) or JSON (`.json`), with the fields below in snake_case
    /// (`unit_price = "100"`, `[name] en = "..."`); a relative `picture` is read from the
    /// file's folder.
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Category code (add it first with `product category`).
    #[arg(long)]
    category: Option<String>,
    /// An image file (PNG, JPEG or WebP, at most `wallet.avatar_max_bytes`).
    #[arg(long, value_name = "FILE")]
    picture: Option<PathBuf>,
    /// The price of one unit; a purchase buys whole units.
    #[arg(long)]
    unit_price: Option<String>,
    /// Capacity: what all purchases and the reserved amount may add up to.
    #[arg(long)]
    total: Option<String>,
    /// Capacity the operator holds back (shown apart, never bought); default 0.
    #[arg(long)]
    reserved: Option<String>,
    /// Fewest units a purchase buys (default 1); min_units x unit_price is at least 10.00.
    #[arg(long)]
    min_units: Option<i64>,
    /// Most units one purchase buys.
    #[arg(long)]
    max_units: Option<i64>,
    /// The quoted yield rate, percent with up to 2 decimals (12.5 = 12.5 %).
    #[arg(long)]
    rate: Option<String>,
    /// The rate of one cycle is rate / rate-divisor (default 1; 12 quotes a yearly rate
    /// for monthly cycles).
    #[arg(long)]
    rate_divisor: Option<i64>,
    /// interest_per_cycle, at_maturity or equal_instalments.
    #[arg(long)]
    yield_type: Option<String>,
    /// day or hour.
    #[arg(long)]
    cycle_unit: Option<String>,
    /// Units of cycle-unit per cycle (default 1).
    #[arg(long)]
    cycle_length: Option<u32>,
    /// Number of cycles.
    #[arg(long)]
    cycles: Option<u32>,
    /// HH:MM operator time at which day-cycle instalments fall due (day cycles only).
    #[arg(long)]
    payout_time: Option<String>,
    /// Start of the purchase window: "YYYY-MM-DD HH:MM" operator time, or unix seconds.
    #[arg(long)]
    start: Option<String>,
    /// End of the purchase window (excluded), like --start.
    #[arg(long)]
    end: Option<String>,
    /// A name in one language, e.g. --name "en=Coffee beans"; repeat for more languages.
    #[arg(long = "name", value_name = "LANG=TEXT", value_parser = lang_text)]
    names: Vec<LangText>,
    /// A description in one language (which needs a name too), like --name.
    #[arg(long = "description", value_name = "LANG=TEXT", value_parser = lang_text)]
    descriptions: Vec<LangText>,
}

/// A spec to send to the domain, and the picture file it still has to store.
pub struct LoadedSpec {
    pub spec: ProductSpec,
    pub picture_file: Option<PathBuf>,
}

impl SpecArgs {
    /// Whether nothing at all was given (an update then has nothing to change).
    pub fn is_empty(&self) -> bool {
        let texts = [
            &self.category,
            &self.unit_price,
            &self.total,
            &self.reserved,
            &self.rate,
            &self.yield_type,
            &self.cycle_unit,
            &self.payout_time,
            &self.start,
            &self.end,
        ];
        let numbers = [self.min_units, self.max_units, self.rate_divisor];
        self.file.is_none()
            && self.picture.is_none()
            && texts.iter().all(|text| text.is_none())
            && numbers.iter().all(Option::is_none)
            && self.cycle_length.is_none()
            && self.cycles.is_none()
            && self.names.is_empty()
            && self.descriptions.is_empty()
    }
}

/// The file's spec (empty without one) with every given flag laid over it. A `picture` that
/// names a stored picture (`media/products/...`, as `show` prints it) stays; any other names
/// an image file to store, relative to the product file's folder or, as a flag, to the
/// current one.
pub fn load(mut args: SpecArgs, data_dir: &Path) -> anyhow::Result<LoadedSpec> {
    let mut spec = match &args.file {
        Some(path) => read_spec_file(path)?,
        None => ProductSpec::default(),
    };
    let folder = args.file.as_deref().and_then(Path::parent).unwrap_or(Path::new(""));
    let from_file = spec.picture.take().map(|value| (folder.join(&value), value));
    let from_flag = args.picture.take().map(|path| {
        let value = path.to_string_lossy().into_owned();
        (path, value)
    });
    let mut picture_file = None;
    if let Some((path, value)) = from_flag.or(from_file) {
        if is_stored_picture(data_dir, &value) {
            spec.picture = Some(value);
        } else {
            picture_file = Some(path);
        }
    }
    overlay_flags(&mut spec, args)?;
    Ok(LoadedSpec { spec, picture_file })
}

/// Sets every field whose flag was given.
fn overlay_flags(spec: &mut ProductSpec, args: SpecArgs) -> anyhow::Result<()> {
    let pick = |slot: &mut Option<String>, flag: Option<String>| {
        if flag.is_some() {
            *slot = flag;
        }
    };
    pick(&mut spec.category, args.category);
    pick(&mut spec.unit_price, args.unit_price);
    pick(&mut spec.total, args.total);
    pick(&mut spec.reserved, args.reserved);
    pick(&mut spec.rate, args.rate);
    pick(&mut spec.yield_type, args.yield_type);
    pick(&mut spec.cycle_unit, args.cycle_unit);
    pick(&mut spec.payout_time, args.payout_time);
    pick(&mut spec.start, args.start);
    pick(&mut spec.end, args.end);
    spec.min_units = args.min_units.or(spec.min_units);
    spec.max_units = args.max_units.or(spec.max_units);
    spec.rate_divisor = args.rate_divisor.or(spec.rate_divisor);
    spec.cycle_length = args.cycle_length.or(spec.cycle_length);
    spec.cycles = args.cycles.or(spec.cycles);
    spec.name.extend(texts_by_code("--name", args.names)?);
    spec.description.extend(texts_by_code("--description", args.descriptions)?);
    Ok(())
}

/// A product file by its extension: TOML or JSON, refused with the file named (an unknown
/// key names the key: the spec denies unknown fields).
fn read_spec_file(path: &Path) -> anyhow::Result<ProductSpec> {
    let bytes = read_prefix(path, SPEC_FILE_MAX_BYTES + 1, "product file")?;
    if bytes.len() as u64 > SPEC_FILE_MAX_BYTES {
        anyhow::bail!("{}: larger than {SPEC_FILE_MAX_BYTES} bytes", path.display());
    }
    let text = String::from_utf8(bytes)
        .with_context(|| format!("{} is not UTF-8 text", path.display()))?;
    let extension = path.extension().and_then(|extension| extension.to_str());
    match extension.map(str::to_ascii_lowercase).as_deref() {
        Some("toml") => toml::from_str(&text)
            .map_err(|error| anyhow::anyhow!("{}: {}", path.display(), error.to_string().trim())),
        Some("json") => serde_json::from_str(&text)
            .map_err(|error| anyhow::anyhow!("{}: {error}", path.display())),
        _ => anyhow::bail!("{}: give a .toml or a .json product file", path.display()),
    }
}

/// The first `limit` bytes of the file at `path` (the whole file when it is shorter).
fn read_prefix(path: &Path, limit: u64, what: &str) -> anyhow::Result<Vec<u8>> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("while opening the {what} {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(limit)
        .read_to_end(&mut bytes)
        .with_context(|| format!("while reading the {what} {}", path.display()))?;
    Ok(bytes)
}

/// Whether `value` is a picture stored already (as `show` prints it), kept as it is.
fn is_stored_picture(data_dir: &Path, value: &str) -> bool {
    value
        .strip_prefix(goods::PICTURE_URL_PREFIX)
        .and_then(|name| uploads::stored_path(&goods::picture_dir(data_dir), name))
        .is_some_and(|path| path.is_file())
}

/// A picture this command stored: removed again when the command is refused.
pub struct StoredPicture {
    pub value: String,
    path: PathBuf,
}

impl StoredPicture {
    pub fn remove(self) {
        let _ = std::fs::remove_file(self.path);
    }
}

/// Reads the image at `path` (at most `max_bytes`), checks that it is one, and stores it as a
/// product or category picture.
pub fn store_picture(
    path: &Path,
    data_dir: &Path,
    max_bytes: usize,
) -> anyhow::Result<StoredPicture> {
    let refused = |error| anyhow::anyhow!("picture {}: {:#}", path.display(), explain(error));
    // One byte over the limit is enough for `Image::parse` to refuse the file.
    let bytes = read_prefix(path, max_bytes as u64 + 1, "picture")?;
    let image = Image::parse(bytes, max_bytes).map_err(refused)?;
    let value = goods::store_picture(data_dir, &image).map_err(refused)?;
    let name = value.strip_prefix(goods::PICTURE_URL_PREFIX).unwrap_or(&value);
    let path = goods::picture_dir(data_dir).join(name);
    Ok(StoredPicture { value, path })
}
