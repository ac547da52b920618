//! Every argon2 hash and verify of the process runs here: on the blocking threads, at most
//! `HashPool::permits` at once. Each argon2id run holds about 19 MiB for tens of milliseconds,
//! so without the bound a flood of registrations or logins would take all memory and CPU.

use crate::error::AppError;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Semaphore;

/// Concurrent argon2 runs per core: two keep both the cores and the memory bounded
/// (about 19 MiB each) while a run waits for the scheduler.
pub const HASHES_PER_CORE: usize = 2;

/// An argon2id hash of a random password, checked when a login names no account, so that
/// timing does not reveal which accounts exist.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0+VgSEZxkPaTOIIFo6T6FT+Dhm7jJfc4jBjDbe6AmKs";

/// Permits for argon2 runs, with a count of the runs in progress and their peak.
pub struct HashPool {
    permits: Semaphore,
    size: usize,
    running: AtomicUsize,
    peak: AtomicUsize,
}

thread_local! {
    /// Runs requested from this thread: a test on a current-thread runtime counts the hashes
    /// its own requests cost, whatever other tests do meanwhile.
    static REQUESTED_HERE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many argon2 runs were requested from the calling thread so far.
pub fn runs_requested_here() -> u64 {
    REQUESTED_HERE.with(std::cell::Cell::get)
}

/// The process's pool: `HASHES_PER_CORE` per core the machine offers.
pub static POOL: LazyLock<HashPool> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    HashPool::new(cores * HASHES_PER_CORE)
});

impl HashPool {
    pub fn new(size: usize) -> HashPool {
        let size = size.max(1);
        HashPool {
            permits: Semaphore::new(size),
            size,
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// How many argon2 runs may go on at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The most runs that were ever in progress at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// Runs `work` on a blocking thread once a permit is free. The permit goes with the work,
    /// so a caller that gives up (a timed-out request) frees it only when the run ends.
    async fn run<T: Send + 'static>(
        &'static self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        REQUESTED_HERE.with(|count| count.set(count.get() + 1));
        let permit = self
            .permits
            .acquire()
            .await
            .map_err(|error| anyhow::anyhow!("the hash pool is closed: {error}"))?;
        let running = self.running.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(running, Ordering::SeqCst);
        let done = tokio::task::spawn_blocking(move || {
            let value = work();
            self.running.fetch_sub(1, Ordering::SeqCst);
            drop(permit);
            value
        })
        .await;
        done.map_err(|error| anyhow::anyhow!("a hashing task failed: {error}").into())
    }

    /// An argon2id hash of `secret` with a fresh salt.
    pub async fn hash(&'static self, secret: String) -> Result<String, AppError> {
        self.run(move || hash_now(&secret)).await?
    }

    /// Whether `secret` matches `stored_hash`; with None, spends the time of a real check on a
    /// dummy hash and answers false.
    pub async fn verify(
        &'static self,
        secret: String,
        stored_hash: Option<String>,
    ) -> Result<bool, AppError> {
        self.run(move || match stored_hash {
            Some(hash) => matches_now(&secret, &hash),
            None => {
                matches_now(&secret, DUMMY_HASH);
                false
            }
        })
        .await
    }
}

/// Hashes on the calling thread, outside the pool: only for fixtures and tools that run
/// outside the server (the CLI and the server hash through `POOL`).
pub(super) fn hash_outside_pool(secret: &str) -> Result<String, AppError> {
    hash_now(secret)
}

/// Bytes reserved for one argon2 run's memory: above glibc's largest dynamic mmap threshold
/// (32 MiB), so each run's buffer is a mapping of its own that goes back to the system when
/// the run ends. Only the blocks argon2 touches (m_cost KiB, 19 MiB by default) count in RSS.
/// With buffers below it, freed buffers stayed in the allocator's arenas: a flood of 1,000
/// registrations left the server at 2.9 GB.
const SCRATCH_RESERVED_BYTES: usize = 33 * 1024 * 1024;

/// Runs argon2 with `params` on a fresh buffer of `SCRATCH_RESERVED_BYTES`.
fn hash_into(
    argon: &Argon2,
    secret: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), argon2::Error> {
    let blocks = argon.params().block_count();
    let reserved = blocks.max(SCRATCH_RESERVED_BYTES / std::mem::size_of::<Block>());
    let mut memory = Vec::with_capacity(reserved);
    memory.resize(blocks, Block::default());
    argon.hash_password_into_with_memory(secret, salt, out, &mut memory[..])
}

/// An argon2id PHC string of `secret` with a fresh salt and the default parameters (what
/// `PasswordHasher::hash_password` writes, on our own buffer).
fn hash_now(secret: &str) -> Result<String, AppError> {
    let failed =
        |error: &dyn std::fmt::Display| anyhow::anyhow!("while hashing a password: {error}");
    let argon = Argon2::default();
    let salt = SaltString::generate(&mut rand::rngs::OsRng);
    let mut salt_bytes = [0u8; SALT_BYTES_MAX];
    let salt_raw = salt.as_salt().decode_b64(&mut salt_bytes).map_err(|error| failed(&error))?;
    let output_len = argon.params().output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    let output = Output::init_with(output_len, |out| {
        hash_into(&argon, secret.as_bytes(), salt_raw, out).map_err(Into::into)
    })
    .map_err(|error| failed(&error))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params()).map_err(|error| failed(&error))?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// Salts decode into at most this many bytes (the PHC format's limit).
const SALT_BYTES_MAX: usize = 64;

/// Whether `secret` hashes to `stored_hash` (a PHC string) with the parameters it names; the
/// outputs are compared in constant time.
fn matches_now(secret: &str, stored_hash: &str) -> bool {
    let Ok(stored) = PasswordHash::new(stored_hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (stored.salt, stored.hash) else {
        return false;
    };
    let algorithm = Algorithm::try_from(stored.algorithm);
    let version = stored.version.map_or(Ok(Version::V0x13), Version::try_from);
    let (Ok(algorithm), Ok(version), Ok(params)) = (algorithm, version, Params::try_from(&stored))
    else {
        return false;
    };
    let argon = Argon2::new(algorithm, version, params);
    let mut salt_bytes = [0u8; SALT_BYTES_MAX];
    let Ok(salt_raw) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let computed = Output::init_with(expected.len(), |out| {
        hash_into(&argon, secret.as_bytes(), salt_raw, out).map_err(Into::into)
    });
    computed.is_ok_and(|computed| computed == expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_runs_than_permits_go_on_at_once() {
        let pool: &'static HashPool = Box::leak(Box::new(HashPool::new(2)));
        let mut runs = tokio::task::JoinSet::new();
        for index in 0..8 {
            runs.spawn(pool.hash(format!("password_{index}")));
        }
        let hashes = runs.join_all().await;

        assert!(hashes.iter().all(Result::is_ok));
        assert!((1..=2).contains(&pool.peak()), "peak {}", pool.peak());
    }

    #[test]
    fn hashes_are_the_phc_strings_the_argon2_crate_writes_and_reads() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = hash_now("secret_1").unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        let theirs = Argon2::default().hash_password(b"secret_1", parsed.salt.unwrap()).unwrap();

        assert_eq!(ours, theirs.to_string());
        assert!(Argon2::default().verify_password(b"secret_1", &parsed).is_ok());
        assert!(matches_now("secret_1", &theirs.to_string()));
        assert!(!matches_now("secret_2", &theirs.to_string()));
    }

    #[tokio::test]
    async fn a_hash_verifies_its_secret_only() {
        let hash = POOL.hash("secret_1".into()).await.unwrap();

        assert!(POOL.verify("secret_1".into(), Some(hash.clone())).await.unwrap());
        assert!(!POOL.verify("secret_2".into(), Some(hash)).await.unwrap());
        assert!(!POOL.verify("secret_1".into(), Some("not a hash".into())).await.unwrap());
        assert!(!POOL.verify("secret_1".into(), None).await.unwrap());
    }

    /// Every `.rs` file under `dir`, recursively.
    fn sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let entries = std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().path());
        entries
            .flat_map(|path| if path.is_dir() { sources(&path) } else { vec![path] })
            .filter(|path| path.extension().is_some_and(|extension| extension == "rs"))
            .collect()
    }

    #[test]
    fn argon2_is_called_only_inside_the_pool() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let outside: Vec<_> = sources(&root)
            .into_iter()
            .filter(|path| !path.ends_with("auth/hashing.rs"))
            .filter(|path| std::fs::read_to_string(path).unwrap().contains("argon2::"))
            .collect();
        assert!(outside.is_empty(), "argon2 outside auth/hashing.rs: {outside:?}");
    }

    #[test]
    fn the_process_pool_allows_two_runs_per_core() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(POOL.size(), cores * HASHES_PER_CORE);
    }
}
