//! Encryption of bank card numbers at rest: AES-256-CBC with PKCS7 padding and a random IV,
//! then HMAC-SHA256 over iv || ciphertext (encrypt-then-MAC), stored as
//! base64(iv || ciphertext || tag). Decryption checks the tag before it touches the ciphertext,
//! so a changed byte or a wrong key is refused instead of yielding garbage.

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

    /// base64(iv || ciphertext || tag) with a fresh random IV.
    pub fn encrypt(&self, plain: &[u8]) -> Result<String, AppError> {
        use rand::RngCore;
        let mut iv = [0u8; IV_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut iv);
        let encryptor = cbc::Encryptor::<Aes256>::new_from_slices(&self.key, &iv)
            .map_err(|error| anyhow::anyhow!("while keying the card cipher: {error}"))?;
        let mut stored = iv.to_vec();
        stored.extend(encryptor.encrypt_padded_vec_mut::<Pkcs7>(plain));
        let tag = self.tag(&stored);
        stored.extend_from_slice(&tag);
        Ok(STANDARD.encode(stored))
    }

    /// The plain bytes of what `encrypt` wrote; `Internal` when the text was altered or
    /// written with other keys (the tag is compared in constant time).
    pub fn decrypt(&self, stored: &str) -> Result<Vec<u8>, AppError> {
        let bytes = STANDARD.decode(stored.trim()).context("while decoding a stored card")?;
        let well_sized = bytes.len() >= IV_BYTES + BLOCK_BYTES + TAG_BYTES
            && (bytes.len() - IV_BYTES - TAG_BYTES).is_multiple_of(BLOCK_BYTES);
        if !well_sized {
            return Err(anyhow::anyhow!("a stored card has an impossible length").into());
        }
        let (sealed, tag) = bytes.split_at(bytes.len() - TAG_BYTES);
        let mut mac = self.mac.clone();
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

    fn tag(&self, sealed: &[u8]) -> Vec<u8> {
        let mut mac = self.mac.clone();
        mac.update(sealed);
        mac.finalize().into_bytes().to_vec()
    }
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
            let stored = cipher().encrypt(plain).unwrap();
            assert_eq!(cipher().decrypt(&stored).unwrap(), plain);
        }
    }

    #[test]
    fn each_encryption_uses_a_fresh_iv() {
        let first = cipher().encrypt(b"6222021234567890").unwrap();
        let second = cipher().encrypt(b"6222021234567890").unwrap();
        assert_ne!(first, second);
        assert!(!first.contains("6222021234567890"));
    }

    #[test]
    fn any_changed_byte_is_refused() {
        let stored = STANDARD.decode(cipher().encrypt(b"6222021234567890").unwrap()).unwrap();
        for index in 0..stored.len() {
            let mut altered = stored.clone();
            altered[index] ^= 0x01;
            assert!(cipher().decrypt(&STANDARD.encode(&altered)).is_err(), "byte {index}");
        }
        let truncated = STANDARD.encode(&stored[..stored.len() - 1]);
        assert!(cipher().decrypt(&truncated).is_err());
        assert!(cipher().decrypt("not base64!").is_err());
    }

    #[test]
    fn other_keys_are_refused() {
        let stored = cipher().encrypt(b"6222021234567890").unwrap();
        // The tag is what refuses: a card key alone could decrypt to garbage with valid padding.
        let other_pair = CardCipher::from_hex(MAC_KEY, KEY).unwrap();
        let other_mac = CardCipher::from_hex(KEY, &MAC_KEY.replace("f0", "e0")).unwrap();
        assert!(other_pair.decrypt(&stored).is_err());
        assert!(other_mac.decrypt(&stored).is_err());
    }

    #[test]
    fn keys_must_be_64_hex_digits() {
        assert!(CardCipher::from_hex("abc", MAC_KEY).is_err());
        assert!(CardCipher::from_hex(KEY, "zz").is_err());
        assert!(CardCipher::from_hex(KEY, KEY).is_err());
        assert_eq!(format!("{:?}", cipher()), "CardCipher(..)");
    }
}
