//! Encryption of bank card numbers at rest: AES-256-CBC with PKCS7 padding and a random IV,
//! then HMAC-SHA256 (encrypt-then-MAC). Decryption checks the tag before it touches the
//! ciphertext, so a changed byte or a wrong key is refused instead of yielding garbage.
//!
//! Format v2, written since migration V13's release: `v2:` + base64(iv || ciphertext || tag),
//! the tag covering a domain label, the associated data (the row the number belongs to, e.g.
//! "bank_card:7:user:3") and iv || ciphertext, so a ciphertext copied into another row does
//! not decrypt. Format v1 (no prefix; the tag covers iv || ciphertext only) is still read.

use crate::error::AppError;
use aes::Aes256;
use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use cbc::cipher::block_padding::Pkcs7;
use cbc::cipher::{BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use hmac::{Hmac, Mac};
use sha2::Sha256;

const KEY_BYTES: usize = 32;
const IV_BYTES: usize = 16;
const BLOCK_BYTES: usize = 16;
const TAG_BYTES: usize = 32;
/// Starts what a card's fingerprint covers, so it never equals a ciphertext's tag.
const FINGERPRINT_LABEL: &[u8] = b"fairhall card fingerprint\0";

/// What the MAC covers for the keys' own fingerprint (`CardCipher::key_fingerprint`).
const KEY_FINGERPRINT_LABEL: &[u8] = b"fairhall card keys\0";
/// Marks a v2 text (bound to associated data).
const V2_PREFIX: &str = "v2:";
/// Starts what a v2 tag covers, so a v2 tag never equals a tag over other inputs.
const V2_LABEL: &[u8] = b"fairhall card v2\0";

/// The card key and the MAC key from `[secrets]`; built once at start.
#[derive(Clone)]
pub struct CardCipher {
    key: [u8; KEY_BYTES],
    mac: Hmac<Sha256>,
}

impl std::fmt::Debug for CardCipher {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("CardCipher(..)")
    }
}

impl CardCipher {
    /// From the two keys as 64 hex digits each (`secrets.card_key`, `secrets.card_mac_key`).
    pub fn from_hex(key_hex: &str, mac_key_hex: &str) -> anyhow::Result<CardCipher> {
        let key = decode_key(key_hex).context("while reading secrets.card_key")?;
        let mac_key = decode_key(mac_key_hex).context("while reading secrets.card_mac_key")?;
        anyhow::ensure!(key != mac_key, "secrets.card_key and secrets.card_mac_key must differ");
        let mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&mac_key).context("while keying the card MAC")?;
        Ok(CardCipher { key, mac })
    }

    /// `v2:` + base64(iv || ciphertext || tag) with a fresh random IV, bound to `associated`.
    pub fn encrypt(&self, plain: &[u8], associated: &[u8]) -> Result<String, AppError> {
        use rand::RngCore;
        let mut iv = [0u8; IV_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut iv);
        let encryptor = cbc::Encryptor::<Aes256>::new_from_slices(&self.key, &iv)
            .map_err(|error| anyhow::anyhow!("while keying the card cipher: {error}"))?;
        let mut stored = iv.to_vec();
        stored.extend(encryptor.encrypt_padded_vec_mut::<Pkcs7>(plain));
        let tag = self.tag(Some(associated), &stored);
        stored.extend_from_slice(&tag);
        Ok(format!("{V2_PREFIX}{}", STANDARD.encode(stored)))
    }

    /// The plain bytes of what `encrypt` wrote for the same `associated` data (or of a v1
    /// text, which is bound to nothing); `Internal` when the text was altered, belongs to
    /// another row or was written with other keys (the tag is compared in constant time).
    pub fn decrypt(&self, stored: &str, associated: &[u8]) -> Result<Vec<u8>, AppError> {
        let stored = stored.trim();
        let (encoded, associated) = match stored.strip_prefix(V2_PREFIX) {
            Some(encoded) => (encoded, Some(associated)),
            None => (stored, None),
        };
        let bytes = STANDARD.decode(encoded).context("while decoding a stored card")?;
        let well_sized = bytes.len() >= IV_BYTES + BLOCK_BYTES + TAG_BYTES
            && (bytes.len() - IV_BYTES - TAG_BYTES).is_multiple_of(BLOCK_BYTES);
        if !well_sized {
            return Err(anyhow::anyhow!("a stored card has an impossible length").into());
        }
        let (sealed, tag) = bytes.split_at(bytes.len() - TAG_BYTES);
        let mut mac = self.mac.clone();
        mac.update(&self.authenticated_prefix(associated));
        mac.update(sealed);
        mac.verify_slice(tag)
            .map_err(|_| anyhow::anyhow!("a stored card failed its integrity check"))?;
        let (iv, ciphertext) = sealed.split_at(IV_BYTES);
        let decryptor = cbc::Decryptor::<Aes256>::new_from_slices(&self.key, iv)
            .map_err(|error| anyhow::anyhow!("while keying the card cipher: {error}"))?;
        let plain = decryptor
            .decrypt_padded_vec_mut::<Pkcs7>(ciphertext)
            .map_err(|_| anyhow::anyhow!("a stored card has bad padding"))?;
        Ok(plain)
    }

    /// A keyed fingerprint of a card number (hex HMAC-SHA256 under the MAC key): equal numbers
    /// give equal fingerprints, and without the key the number cannot be guessed from it (a
    /// plain hash of a 16-digit number could be reversed by trying them all).
    /// 16 hex digits that name this pair of keys (the MAC key over a label and the encryption
    /// key): equal for the same keys, different for others, and telling nothing of either.
    pub fn key_fingerprint(&self) -> String {
        let mut mac = self.mac.clone();
        mac.update(KEY_FINGERPRINT_LABEL);
        mac.update(&self.key);
        hex::encode(&mac.finalize().into_bytes()[..8])
    }

    pub fn fingerprint(&self, plain: &[u8]) -> String {
        let mut mac = self.mac.clone();
        mac.update(FINGERPRINT_LABEL);
        mac.update(plain);
        hex::encode(mac.finalize().into_bytes())
    }

    /// What the MAC covers before iv || ciphertext: nothing in v1; in v2 a label and the
    /// length-prefixed associated data, so no two (data, ciphertext) pairs share an input.
    fn authenticated_prefix(&self, associated: Option<&[u8]>) -> Vec<u8> {
        let Some(associated) = associated else {
            return Vec::new();
        };
        let mut prefix = V2_LABEL.to_vec();
        prefix.extend_from_slice(&(associated.len() as u64).to_be_bytes());
        prefix.extend_from_slice(associated);
        prefix
    }

    fn tag(&self, associated: Option<&[u8]>, sealed: &[u8]) -> Vec<u8> {
        let mut mac = self.mac.clone();
        mac.update(&self.authenticated_prefix(associated));
        mac.update(sealed);
        mac.finalize().into_bytes().to_vec()
    }

    /// A v1 text (unbound), as releases before V13 wrote it: for the tests that prove it is
    /// still read.
    #[cfg(test)]
    fn encrypt_v1(&self, plain: &[u8]) -> String {
        let bound = self.encrypt(plain, b"").unwrap();
        let bytes = STANDARD.decode(bound.strip_prefix(V2_PREFIX).unwrap()).unwrap();
        let sealed = &bytes[..bytes.len() - TAG_BYTES];
        let mut stored = sealed.to_vec();
        stored.extend(self.tag(None, sealed));
        STANDARD.encode(stored)
    }
}

/// The spec clients' reply obfuscation (`[api]`): AES-256-CBC/PKCS7 with the configured key
/// and a fixed IV, as base64. Deterministic and unauthenticated by design of the spec: it hides
/// replies from casual eyes only; TLS is what protects the player.
#[derive(Clone)]
pub struct ReplyCipher {
    key: [u8; KEY_BYTES],
    iv: [u8; IV_BYTES],
}

impl ReplyCipher {
    /// From `api.key` (64 hex digits) and `api.iv` (32 hex digits).
    pub fn from_hex(key_hex: &str, iv_hex: &str) -> anyhow::Result<ReplyCipher> {
        let key = decode_key(key_hex).context("while reading api.key")?;
        let iv = hex::decode(iv_hex.trim()).context("while reading api.iv")?;
        let iv = iv.try_into().map_err(|_| anyhow::anyhow!("api.iv must be 16 bytes (32 hex)"))?;
        Ok(ReplyCipher { key, iv })
    }

    pub fn encrypt(&self, plain: &[u8]) -> String {
        let encryptor = cbc::Encryptor::<Aes256>::new(&self.key.into(), &self.iv.into());
        STANDARD.encode(encryptor.encrypt_padded_vec_mut::<Pkcs7>(plain))
    }
}

/// Whether two secrets (a token, a CSRF value) are equal, in time independent of where they
/// differ: their SHA-256 digests (equal lengths whatever was offered) are compared byte by byte
/// without stopping.
pub fn same_secret(offered: &[u8], expected: &[u8]) -> bool {
    use sha2::{Digest, Sha256};
    let (offered, expected) = (Sha256::digest(offered), Sha256::digest(expected));
    offered.iter().zip(expected.iter()).fold(0u8, |differ, (a, b)| differ | (a ^ b)) == 0
}

fn decode_key(text: &str) -> anyhow::Result<[u8; KEY_BYTES]> {
    let bytes = hex::decode(text.trim()).context("the key is not hex")?;
    bytes.try_into().map_err(|_| anyhow::anyhow!("the key must be {KEY_BYTES} bytes (64 hex)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    const MAC_KEY: &str = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff000102030405060708090a0b0c0d0e0f";

    fn cipher() -> CardCipher {
        CardCipher::from_hex(KEY, MAC_KEY).unwrap()
    }

    #[test]
    fn what_is_encrypted_decrypts_to_the_same_bytes() {
        for plain in [&b""[..], b"6222021234567890", &[7u8; 16], &[1u8; 100]] {
            let stored = cipher().encrypt(plain, b"bank_card:1").unwrap();
            assert_eq!(cipher().decrypt(&stored, b"bank_card:1").unwrap(), plain);
        }
    }

    #[test]
    fn each_encryption_uses_a_fresh_iv() {
        let first = cipher().encrypt(b"6222021234567890", b"row").unwrap();
        let second = cipher().encrypt(b"6222021234567890", b"row").unwrap();
        assert_ne!(first, second);
        assert!(!first.contains("6222021234567890"));
    }

    #[test]
    fn any_changed_byte_is_refused() {
        let text = cipher().encrypt(b"6222021234567890", b"row").unwrap();
        let stored = STANDARD.decode(text.strip_prefix(V2_PREFIX).unwrap()).unwrap();
        let v2 = |bytes: &[u8]| format!("{V2_PREFIX}{}", STANDARD.encode(bytes));
        for index in 0..stored.len() {
            let mut altered = stored.clone();
            altered[index] ^= 0x01;
            assert!(cipher().decrypt(&v2(&altered), b"row").is_err(), "byte {index}");
        }
        assert!(cipher().decrypt(&v2(&stored[..stored.len() - 1]), b"row").is_err());
        assert!(cipher().decrypt("v2:not base64!", b"row").is_err());
        // Without its prefix, a v2 text is read as v1, whose tag covers less: refused too.
        assert!(cipher().decrypt(&STANDARD.encode(&stored), b"row").is_err());
    }

    #[test]
    fn other_keys_are_refused() {
        let stored = cipher().encrypt(b"6222021234567890", b"row").unwrap();
        // The tag is what refuses: a card key alone could decrypt to garbage with valid padding.
        let other_pair = CardCipher::from_hex(MAC_KEY, KEY).unwrap();
        let other_mac = CardCipher::from_hex(KEY, &MAC_KEY.replace("f0", "e0")).unwrap();
        assert!(other_pair.decrypt(&stored, b"row").is_err());
        assert!(other_mac.decrypt(&stored, b"row").is_err());
    }

    #[test]
    fn a_text_decrypts_only_for_the_row_it_was_written_for() {
        let stored = cipher().encrypt(b"6222021234567890", b"bank_card:7:user:3").unwrap();

        assert!(stored.starts_with("v2:"));
        assert_eq!(cipher().decrypt(&stored, b"bank_card:7:user:3").unwrap(), b"6222021234567890");
        for other in [&b"bank_card:8:user:3"[..], b"bank_card:7:user:4", b"", b"bank_card:7"] {
            assert!(cipher().decrypt(&stored, other).is_err(), "{other:?}");
        }
    }

    #[test]
    fn v1_texts_written_before_binding_are_still_read() {
        let legacy = cipher().encrypt_v1(b"6222021234567890");

        assert!(!legacy.starts_with("v2:"));
        assert_eq!(cipher().decrypt(&legacy, b"bank_card:7:user:3").unwrap(), b"6222021234567890");
        let mut altered = STANDARD.decode(&legacy).unwrap();
        altered[20] ^= 1;
        assert!(cipher().decrypt(&STANDARD.encode(altered), b"x").is_err());
    }

    /// The vector frontend/src/lib/reply-cipher.test.ts decrypts: both sides agree on it.
    #[test]
    fn a_reply_encrypts_to_the_vector_the_app_decrypts() {
        let cipher = ReplyCipher::from_hex(KEY, "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf").unwrap();
        let reply = r#"{"code":1,"msg":"","data":{"name":"Việt Nam"}}"#;
        assert_eq!(
            cipher.encrypt(reply.as_bytes()),
            "2J+ztKbORl6JtTY6K5ZfjRQa1RXeW6HJzGLbqB/hv2Ko9C1QDin+FvUA532dNh53tKJrtcVuvXKSNUElg1VTRw=="
        );
        assert!(ReplyCipher::from_hex(KEY, "a0a1").is_err());
    }

    #[test]
    fn keys_must_be_64_hex_digits() {
        assert!(CardCipher::from_hex("abc", MAC_KEY).is_err());
        assert!(CardCipher::from_hex(KEY, "zz").is_err());
        assert!(CardCipher::from_hex(KEY, KEY).is_err());
        assert_eq!(format!("{:?}", cipher()), "CardCipher(..)");
    }
}
