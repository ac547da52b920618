//! The backup archive, domain-free: a gzip-compressed tar of files named by their path in the
//! data directory, ending with `manifest.json` (format version, times, versions, and each
//! file's path, size and SHA-256). Written to `<FILE>.partial` and renamed, so a half archive
//! never carries the final name; read back into a staging directory and checked file by file.

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};

/// The manifest's own name inside the archive (its last entry).
pub const MANIFEST: &str = "manifest.json";

/// The layout this binary writes and reads; a later layout gets a new number.
pub const FORMAT_VERSION: u32 = 1;

/// Entries an archive may hold at most: far above any hall's uploads, a bound for a hostile
/// or corrupted archive.
const ENTRIES_MAX: usize = 1_000_000;

/// What the archive holds, written last.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format: u32,
    /// RFC 3339 UTC.
    pub created_at: String,
    /// The version of the binary that wrote it.
    pub binary_version: String,
    /// The highest migration applied to the archived database.
    pub schema_version: i64,
    /// The fingerprint of the card keys its database records (`CardCipher::key_fingerprint`);
    /// absent for a database from before they were recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_keys: Option<String>,
    pub files: Vec<ArchivedFile>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedFile {
    /// Relative, `/`-separated, as in the data directory.
    pub path: String,
    pub size: u64,
    /// Lower-case hex.
    pub sha256: String,
}

/// Removes the listed files when dropped, however the backup ended: the database copy always,
/// the `.partial` archive when it was not renamed (a failed backup leaves nothing behind).
pub struct Leftovers(Vec<PathBuf>);

impl Leftovers {
    pub fn new(paths: Vec<PathBuf>) -> Leftovers {
        Leftovers(paths)
    }
}

impl Drop for Leftovers {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// `<file>.partial`: where an archive is written before it gets its name.
pub fn partial_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Creates an empty file only its owner can read (0600), failing if it exists.
pub fn create_private(path: &Path) -> anyhow::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("while creating {}", path.display()))
}

/// Where an archive's bytes go: a file (then renamed to its name), or standard output.
enum Sink {
    File(std::fs::File),
    Stdout(std::io::Stdout),
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::File(file) => file.write(bytes),
            Sink::Stdout(stdout) => stdout.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::File(file) => file.flush(),
            Sink::Stdout(stdout) => stdout.flush(),
        }
    }
}

/// The compressed archive as written: in clear, or encrypted to an age recipient.
enum Output {
    Clear(Sink),
    Encrypted(age::stream::StreamWriter<Sink>),
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Output::Clear(sink) => sink.write(bytes),
            Output::Encrypted(writer) => writer.write(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Output::Clear(sink) => sink.flush(),
            Output::Encrypted(writer) => writer.flush(),
        }
    }
}

impl Output {
    /// Ends the encryption's last chunk, if any; the sink it wrote to.
    fn finish(self) -> std::io::Result<Sink> {
        match self {
            Output::Clear(sink) => Ok(sink),
            Output::Encrypted(writer) => writer.finish(),
        }
    }
}

/// The first bytes of an archive encrypted with age (the format's header line).
const AGE_MAGIC: &[u8] = b"age-encryption.org/v1";

/// An archive being written into `<target>.partial`, or to standard output for `-`.
pub struct ArchiveWriter {
    builder: tar::Builder<flate2::write::GzEncoder<Output>>,
    files: Vec<ArchivedFile>,
    /// `None`: standard output.
    target: Option<PathBuf>,
}

impl ArchiveWriter {
    /// Writes to `target` (standard output when `None`), encrypted to `recipient` if any.
    pub fn create(
        target: Option<&Path>,
        recipient: Option<&age::x25519::Recipient>,
    ) -> anyhow::Result<ArchiveWriter> {
        let sink = match target {
            Some(target) => Sink::File(create_private(&partial_path(target))?),
            None => Sink::Stdout(std::io::stdout()),
        };
        let output = match recipient {
            None => Output::Clear(sink),
            Some(recipient) => {
                let recipients = std::iter::once(recipient as &dyn age::Recipient);
                let encryptor = age::Encryptor::with_recipients(recipients)
                    .map_err(|error| anyhow::anyhow!("while setting up the encryption: {error}"))?;
                Output::Encrypted(encryptor.wrap_output(sink).context("while encrypting")?)
            }
        };
        let encoder = flate2::write::GzEncoder::new(output, flate2::Compression::default());
        Ok(ArchiveWriter {
            builder: tar::Builder::new(encoder),
            files: Vec::new(),
            target: target.map(Path::to_path_buf),
        })
    }

    /// Adds the file at `source` as `path`, hashing what it writes; a file that shrank while
    /// it was read fails the archive (its header already promised the size).
    pub fn add_file(&mut self, path: &str, source: &Path) -> anyhow::Result<()> {
        let file = std::fs::File::open(source)
            .with_context(|| format!("while opening {}", source.display()))?;
        let size = file.metadata()?.len();
        let mut header = tar::Header::new_gnu();
        header.set_size(size);
        header.set_mode(0o600);
        header.set_entry_type(tar::EntryType::Regular);
        let mut reader = HashingReader { inner: file.take(size), hasher: Sha256::new(), read: 0 };
        self.builder
            .append_data(&mut header, path, &mut reader)
            .with_context(|| format!("while archiving {}", source.display()))?;
        if reader.read != size {
            bail!("{} changed size while it was archived", source.display());
        }
        let sha256 = hex::encode(reader.hasher.finalize());
        self.files.push(ArchivedFile { path: path.to_string(), size, sha256 });
        Ok(())
    }

    /// Appends the manifest, flushes, syncs and renames the archive to its name. Returns the
    /// manifest and the archive's size (0 on standard output).
    pub fn finish(
        mut self,
        created_at: String,
        (schema_version, card_keys): (i64, Option<String>),
    ) -> anyhow::Result<(Manifest, u64)> {
        let manifest = Manifest {
            format: FORMAT_VERSION,
            created_at,
            binary_version: env!("CARGO_PKG_VERSION").to_string(),
            schema_version,
            card_keys,
            files: std::mem::take(&mut self.files),
        };
        let text = serde_json::to_vec_pretty(&manifest)?;
        let mut header = tar::Header::new_gnu();
        header.set_size(text.len() as u64);
        header.set_mode(0o600);
        header.set_entry_type(tar::EntryType::Regular);
        self.builder.append_data(&mut header, MANIFEST, text.as_slice())?;
        let sink = self.builder.into_inner()?.finish()?.finish()?;
        let (file, target) = match (sink, self.target) {
            (Sink::File(file), Some(target)) => (file, target),
            (mut sink, _) => {
                sink.flush().context("while writing the archive to standard output")?;
                return Ok((manifest, 0));
            }
        };
        file.sync_all().context("while syncing the archive")?;
        let size = file.metadata()?.len();
        std::fs::rename(partial_path(&target), &target)
            .with_context(|| format!("while naming the archive {}", target.display()))?;
        if let Some(parent) = target.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::File::open(parent)?.sync_all()?;
        }
        Ok((manifest, size))
    }
}

struct HashingReader<R> {
    inner: R,
    hasher: Sha256,
    read: u64,
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.hasher.update(&buffer[..read]);
        self.read += read as u64;
        Ok(read)
    }
}

/// Unpacks `archive` into `staging` (which must not exist), then checks every file against
/// the manifest. Returns the manifest, or the problems found; an unreadable archive is one.
pub fn unpack_checked(
    archive: &Path,
    identity: Option<&Path>,
    staging: &Path,
) -> Result<Manifest, Vec<String>> {
    unpack(archive, identity, staging).map_err(|error| vec![format!("{error:#}")])?;
    let text = std::fs::read(staging.join(MANIFEST))
        .map_err(|_| vec![format!("the archive has no {MANIFEST}: not a fairhall backup")])?;
    let manifest: Manifest = serde_json::from_slice(&text)
        .map_err(|error| vec![format!("{MANIFEST} does not parse: {error}")])?;
    if manifest.format != FORMAT_VERSION {
        return Err(vec![format!(
            "archive format {} is not the format {FORMAT_VERSION} this binary reads",
            manifest.format
        )]);
    }
    let problems = check_files(staging, &manifest);
    if problems.is_empty() { Ok(manifest) } else { Err(problems) }
}

/// Each listed file present with its size and checksum, and nothing unlisted.
fn check_files(staging: &Path, manifest: &Manifest) -> Vec<String> {
    let mut problems = Vec::new();
    for listed in &manifest.files {
        match file_digest(&staging.join(&listed.path)) {
            Ok((size, sha256)) if size == listed.size && sha256 == listed.sha256 => {}
            Ok((size, _)) if size != listed.size => problems
                .push(format!("{}: {size} bytes, the manifest says {}", listed.path, listed.size)),
            Ok(_) => {
                problems.push(format!("{}: checksum does not match the manifest", listed.path))
            }
            Err(_) => problems.push(format!("{}: listed in the manifest but missing", listed.path)),
        }
    }
    let listed: std::collections::BTreeSet<&str> =
        manifest.files.iter().map(|file| file.path.as_str()).collect();
    for path in relative_files(staging).unwrap_or_default() {
        if path != MANIFEST && !listed.contains(path.as_str()) {
            problems.push(format!("{path}: in the archive but not in the manifest"));
        }
    }
    problems
}

/// (size, SHA-256 hex) of a file.
pub fn file_digest(path: &Path) -> anyhow::Result<(u64, String)> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let size = std::io::copy(&mut file, &mut hasher)?;
    Ok((size, hex::encode(hasher.finalize())))
}

/// Every regular file under `root`, as relative `/`-separated paths, sorted.
pub fn relative_files(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                let relative = entry.path().strip_prefix(root)?.to_path_buf();
                found.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The archive's compressed bytes: as they are, or decrypted with the age identity file when
/// the archive is encrypted.
fn clear_reader(
    mut archive: std::io::BufReader<std::fs::File>,
    identity: Option<&Path>,
) -> anyhow::Result<Box<dyn Read>> {
    use std::io::BufRead;
    if !archive.fill_buf()?.starts_with(AGE_MAGIC) {
        return Ok(Box::new(archive));
    }
    let Some(identity) = identity else {
        bail!(
            "the archive is encrypted (age): pass --identity FILE, the age identity file whose \
             public key is the config's backup.recipient"
        );
    };
    let identities = age::IdentityFile::from_file(identity.to_string_lossy().into_owned())
        .with_context(|| format!("while reading the identity file {}", identity.display()))?
        .into_identities()
        .map_err(|error| anyhow::anyhow!("{}: {error}", identity.display()))?;
    let decryptor = age::Decryptor::new_buffered(archive)
        .map_err(|error| anyhow::anyhow!("the encrypted archive does not read: {error}"))?;
    let reader = decryptor
        .decrypt(identities.iter().map(|identity| identity.as_ref() as &dyn age::Identity))
        .map_err(|error| {
            anyhow::anyhow!("{} does not open the archive: {error}", identity.display())
        })?;
    Ok(Box::new(reader))
}

/// Writes each entry under `staging`: regular files only, relative paths without `..`, each
/// path once, files 0600 and directories 0750.
fn unpack(archive: &Path, identity: Option<&Path>, staging: &Path) -> anyhow::Result<()> {
    let file = std::fs::File::open(archive)
        .with_context(|| format!("while opening {}", archive.display()))?;
    let compressed = clear_reader(std::io::BufReader::new(file), identity)?;
    std::fs::DirBuilder::new()
        .mode(0o750)
        .create(staging)
        .with_context(|| format!("while creating {}", staging.display()))?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(compressed));
    let mut seen = std::collections::BTreeSet::new();
    for entry in tar.entries().context("the archive is not a gzip-compressed tar")? {
        let mut entry = entry.context("the archive is truncated or corrupted")?;
        let path = entry.path().context("an entry has an unreadable path")?.into_owned();
        if entry.header().entry_type() != tar::EntryType::Regular || !is_plain_relative(&path) {
            bail!("the archive holds an unexpected entry {}", path.display());
        }
        if !seen.insert(path.clone()) || seen.len() > ENTRIES_MAX {
            bail!("the archive holds {} twice (or too many entries)", path.display());
        }
        let target = staging.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::DirBuilder::new().recursive(true).mode(0o750).create(parent)?;
        }
        let mut out = create_private(&target)?;
        std::io::copy(&mut entry, &mut out).with_context(|| {
            format!("the archive is truncated or corrupted at {}", path.display())
        })?;
        out.flush()?;
    }
    Ok(())
}

fn is_plain_relative(path: &Path) -> bool {
    path.components().count() > 0
        && path.components().all(|component| matches!(component, Component::Normal(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archive_of(dir: &Path, files: &[(&str, &[u8])]) -> PathBuf {
        let target = dir.join("test.tar.gz");
        let mut writer = ArchiveWriter::create(Some(&target), None).expect("a writer");
        for (path, content) in files {
            let source = dir.join("source");
            std::fs::write(&source, content).expect("a source file");
            writer.add_file(path, &source).expect("added");
        }
        writer.finish("2026-11-25T00:00:00Z".into(), (23, None)).expect("finished");
        target
    }

    #[test]
    fn an_archive_unpacks_to_the_files_it_was_made_of() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let archive = archive_of(dir.path(), &[("a.txt", b"alpha"), ("avatars/b.png", b"beta")]);

        let manifest = unpack_checked(&archive, None, &dir.path().join("out")).expect("checked");

        assert_eq!(manifest.schema_version, 23);
        assert_eq!(manifest.files.len(), 2);
        let unpacked = std::fs::read(dir.path().join("out/avatars/b.png")).expect("unpacked");
        assert_eq!(unpacked, b"beta");
        assert!(!partial_path(&archive).exists());
    }

    #[test]
    fn an_archive_encrypted_to_a_recipient_opens_only_with_its_identity() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let identity = age::x25519::Identity::generate();
        let identity_file = dir.path().join("key.txt");
        let secret = age::secrecy::ExposeSecret::expose_secret(&identity.to_string()).to_string();
        std::fs::write(&identity_file, format!("{secret}\n")).expect("the identity file");
        let target = dir.path().join("sealed.tar.gz");
        let mut writer =
            ArchiveWriter::create(Some(&target), Some(&identity.to_public())).expect("a writer");
        let source = dir.path().join("chains.key");
        std::fs::write(&source, b"every undrawn result, 0123456789abcdef").expect("a key file");
        writer.add_file("chains.key", &source).expect("added");
        writer.finish("2026-11-29T00:00:00Z".into(), (36, None)).expect("finished");

        let bytes = std::fs::read(&target).expect("the archive");
        assert!(bytes.starts_with(AGE_MAGIC), "an age file");
        let clear = String::from_utf8_lossy(&bytes);
        assert!(!clear.contains("chains.key") && !clear.contains("undrawn"), "nothing in clear");
        let refused =
            unpack_checked(&target, None, &dir.path().join("no-key")).expect_err("locked");
        assert!(refused[0].contains("--identity"), "{refused:?}");
        let other = dir.path().join("other.txt");
        let stranger = age::x25519::Identity::generate().to_string();
        std::fs::write(&other, age::secrecy::ExposeSecret::expose_secret(&stranger)).expect("key");
        assert!(unpack_checked(&target, Some(&other), &dir.path().join("wrong")).is_err());
        let out = dir.path().join("out");
        let manifest = unpack_checked(&target, Some(&identity_file), &out).expect("opened");
        assert_eq!(manifest.files.len(), 1);
        let key = std::fs::read(out.join("chains.key")).expect("unpacked");
        assert_eq!(key, b"every undrawn result, 0123456789abcdef");
    }

    #[test]
    fn a_file_changed_inside_the_archive_is_found() {
        let dir = tempfile::tempdir().expect("a temp directory");
        let archive = archive_of(dir.path(), &[("a.txt", b"alpha")]);
        let out = dir.path().join("out");
        unpack_checked(&archive, None, &out).expect("a good archive");
        std::fs::write(out.join("a.txt"), b"alphA").expect("tampered");
        let manifest: Manifest =
            serde_json::from_slice(&std::fs::read(out.join(MANIFEST)).expect("a manifest"))
                .expect("parses");

        let problems = check_files(&out, &manifest);

        assert_eq!(problems, ["a.txt: checksum does not match the manifest"]);
    }

    #[test]
    fn paths_that_leave_the_staging_directory_are_refused() {
        for (path, plain) in [("a/b", true), ("../a", false), ("/etc/passwd", false), ("", false)] {
            assert_eq!(is_plain_relative(Path::new(path)), plain, "{path}");
        }
    }
}
