//! Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as every authenticator app
//! computes them by default: HMAC-SHA-1, 6 digits, 30-second steps from the Unix epoch. Pure:
//! the caller passes the time and the last step it accepted.

use crate::clock::Timestamp;
use hmac::{Hmac, Mac};
use sha1::Sha1;

/// Bytes of a secret: 160 bits, the HMAC-SHA-1 output size RFC 4226 recommends.
pub const SECRET_BYTES: usize = 20;
/// Seconds of one step (RFC 6238's default, what authenticator apps assume).
pub const STEP_SECS: i64 = 30;
/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Steps before and after the current one whose code is still accepted: a clock 30 s off,
/// or a code typed as its step ended.
pub const DRIFT_STEPS: i64 = 1;

/// A TOTP secret: `SECRET_BYTES` from the OS RNG. Only `auth::staff` sees its bytes, to seal
/// them and to put them in the enrolment URI.
#[derive(Clone)]
pub struct TotpSecret([u8; SECRET_BYTES]);

impl std::fmt::Debug for TotpSecret {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("TotpSecret(..)")
    }
}

impl TotpSecret {
    pub fn generate() -> TotpSecret {
        use rand::RngCore;
        let mut bytes = [0u8; SECRET_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        TotpSecret(bytes)
    }

    /// The secret of stored (unsealed) bytes; `None` for a wrong length.
    pub fn from_bytes(bytes: &[u8]) -> Option<TotpSecret> {
        <[u8; SECRET_BYTES]>::try_from(bytes).ok().map(TotpSecret)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// RFC 4648 base32 without padding, as authenticator apps take it.
    pub fn base32(&self) -> String {
        data_encoding::BASE32_NOPAD.encode(&self.0)
    }
}

/// The step `now` falls in (0 before the epoch, which no clock here reads).
pub fn step_at(now: Timestamp) -> i64 {
    now.secs().max(0) / STEP_SECS
}

/// The HOTP value of `key` at `counter`, with `digits` digits (RFC 4226 section 5.3); `None`
/// only if the HMAC refused the key, which it does for no length.
pub fn hotp(key: &[u8], counter: u64, digits: u32) -> Option<u32> {
    let mut mac = <Hmac<Sha1> as Mac>::new_from_slice(key).ok()?;
    mac.update(&counter.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[digest.len() - 1] & 0x0f);
    let binary = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    Some(binary % 10u32.pow(digits))
}

/// The 6-digit code of `secret` at `step`, zero-padded; `None` for a step before the epoch.
pub fn code_at(secret: &TotpSecret, step: i64) -> Option<String> {
    let counter = u64::try_from(step).ok()?;
    hotp(secret.as_bytes(), counter, DIGITS).map(|value| format!("{value:06}"))
}

/// What a typed code is worth at `now`, given the last step accepted before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeCheck {
    /// The code of this step, newer than the last accepted: accept it and store the step.
    Fresh(i64),
    /// The code of a step already used (or older than one used): refuse it.
    Reused,
    /// No step of the window has this code.
    Wrong,
}

/// Checks `code` against the steps `now` ± `DRIFT_STEPS`; a step at or before
/// `last_used_step` is never accepted again. The comparison covers every step of the window.
pub fn check_code(
    secret: &TotpSecret,
    code: &str,
    now: Timestamp,
    last_used_step: i64,
) -> CodeCheck {
    let current = step_at(now);
    let mut found = CodeCheck::Wrong;
    for step in (current - DRIFT_STEPS)..=(current + DRIFT_STEPS) {
        if !code_at(secret, step).is_some_and(|expected| same_text(&expected, code)) {
            continue;
        }
        found = match found {
            CodeCheck::Fresh(_) => found,
            _ if step > last_used_step => CodeCheck::Fresh(step),
            _ => CodeCheck::Reused,
        };
    }
    found
}

/// Compares two codes without stopping at the first difference.
fn same_text(left: &str, right: &str) -> bool {
    left.len() == right.len()
        && left.bytes().zip(right.bytes()).fold(0u8, |diff, (a, b)| diff | (a ^ b)) == 0
}

/// The `otpauth://` URI an authenticator app reads (from a QR code or pasted): Google
/// Authenticator's key URI format with the parameters spelled out.
pub fn otpauth_uri(secret: &TotpSecret, issuer: &str, account: &str) -> String {
    let issuer_encoded = percent_encode(issuer);
    format!(
        "otpauth://totp/{issuer_encoded}:{}?secret={}&issuer={issuer_encoded}&algorithm=SHA1\
         &digits={DIGITS}&period={STEP_SECS}",
        percent_encode(account),
        secret.base32()
    )
}

/// RFC 3986 percent-encoding of everything but the unreserved characters.
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(byte).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B's SHA-1 key: the ASCII of "12345678901234567890".
    const RFC_KEY: &[u8] = b"12345678901234567890";

    #[test]
    fn staff_totp_matches_the_rfc_6238_sha1_vectors() {
        let vectors: [(i64, u32); 6] = [
            (59, 94_287_082),
            (1_111_111_109, 7_081_804),
            (1_111_111_111, 14_050_471),
            (1_234_567_890, 89_005_924),
            (2_000_000_000, 69_279_037),
            (20_000_000_000, 65_353_130),
        ];
        for (time, expected) in vectors {
            let step = step_at(Timestamp::from_secs(time));
            assert_eq!(hotp(RFC_KEY, step as u64, 8), Some(expected), "at {time}");
            // The 6-digit code is the 8-digit one's last six digits (the same truncation).
            let secret = TotpSecret::from_bytes(RFC_KEY).unwrap();
            assert_eq!(code_at(&secret, step), Some(format!("{:06}", expected % 1_000_000)));
        }
    }

    #[test]
    fn staff_totp_six_digit_codes_keep_their_leading_zeros() {
        let secret = TotpSecret::from_bytes(RFC_KEY).unwrap();
        // 1111111109 gives 07081804: its six digits are 081804.
        let step = step_at(Timestamp::from_secs(1_111_111_109));
        assert_eq!(code_at(&secret, step).as_deref(), Some("081804"));
    }

    #[test]
    fn staff_totp_accepts_one_step_of_drift_and_no_more() {
        let secret = TotpSecret::from_bytes(RFC_KEY).unwrap();
        let now = Timestamp::from_secs(1_000_020);
        let current = step_at(now);
        for (offset, accepted) in [(-2, false), (-1, true), (0, true), (1, true), (2, false)] {
            let code = code_at(&secret, current + offset).unwrap();
            let check = check_code(&secret, &code, now, 0);
            assert_eq!(check == CodeCheck::Fresh(current + offset), accepted, "offset {offset}");
        }
    }

    #[test]
    fn staff_totp_never_accepts_a_used_step_again() {
        let secret = TotpSecret::from_bytes(RFC_KEY).unwrap();
        let now = Timestamp::from_secs(1_000_020);
        let current = step_at(now);
        let code = code_at(&secret, current).unwrap();
        assert_eq!(check_code(&secret, &code, now, current), CodeCheck::Reused);
        assert_eq!(check_code(&secret, &code, now, current - 1), CodeCheck::Fresh(current));
        let older = code_at(&secret, current - 1).unwrap();
        assert_eq!(check_code(&secret, &older, now, current), CodeCheck::Reused);
        assert_eq!(check_code(&secret, "000000x", now, 0), CodeCheck::Wrong);
    }

    #[test]
    fn staff_totp_uri_names_issuer_account_and_parameters() {
        let secret = TotpSecret::from_bytes(RFC_KEY).unwrap();
        let uri = otpauth_uri(&secret, "Fair Hall", "ops@1");
        assert_eq!(
            uri,
            "otpauth://totp/Fair%20Hall:ops%401?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ\
             &issuer=Fair%20Hall&algorithm=SHA1&digits=6&period=30"
        );
    }
}
