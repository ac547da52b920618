//! Uploaded images (deposit vouchers, avatars): accepted by their content, not their name,
//! stored under the data directory with a random name.

use crate::error::AppError;
use anyhow::Context;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageType {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl ImageType {
    /// The type the bytes are, by their signature.
    pub fn sniff(bytes: &[u8]) -> Option<ImageType> {
        match bytes {
            [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(ImageType::Png),
            [0xFF, 0xD8, 0xFF, ..] => Some(ImageType::Jpeg),
            [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(ImageType::Gif),
            [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => {
                Some(ImageType::Webp)
            }
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageType::Png => "png",
            ImageType::Jpeg => "jpg",
            ImageType::Gif => "gif",
            ImageType::Webp => "webp",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            ImageType::Png => "image/png",
            ImageType::Jpeg => "image/jpeg",
            ImageType::Gif => "image/gif",
            ImageType::Webp => "image/webp",
        }
    }

    pub fn from_extension(extension: &str) -> Option<ImageType> {
        [ImageType::Png, ImageType::Jpeg, ImageType::Gif, ImageType::Webp]
            .into_iter()
            .find(|image| image.extension() == extension)
    }
}

/// An uploaded image that passed the checks, not yet stored.
pub struct Image {
    pub bytes: Vec<u8>,
    pub image_type: ImageType,
}

impl Image {
    /// `bad_format` unless the bytes are a PNG, JPEG, GIF or WebP; `limit_exceeded` above
    /// `max_bytes`; `voucher_required`-style absence is the caller's business.
    pub fn parse(bytes: Vec<u8>, max_bytes: usize) -> Result<Image, AppError> {
        if bytes.len() > max_bytes {
            return Err(AppError::LimitExceeded);
        }
        let image_type = ImageType::sniff(&bytes).ok_or(AppError::BadFormat)?;
        Ok(Image { bytes, image_type })
    }

    /// Writes the image as `<folder>/<random>.<ext>` and returns the file name.
    pub fn store(&self, folder: &Path) -> Result<String, AppError> {
        use rand::RngCore;
        std::fs::create_dir_all(folder)
            .with_context(|| format!("while creating {}", folder.display()))?;
        let mut name = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut name);
        let file_name = format!("{}.{}", hex::encode(name), self.image_type.extension());
        std::fs::write(folder.join(&file_name), &self.bytes)
            .with_context(|| format!("while writing an upload into {}", folder.display()))
            .map_err(|_| AppError::UploadFailed)?;
        Ok(file_name)
    }
}

/// The path of a stored upload, if `file_name` is one this module could have written.
pub fn stored_path(folder: &Path, file_name: &str) -> Option<PathBuf> {
    let (stem, extension) = file_name.split_once('.')?;
    let well_formed = stem.len() == 32
        && stem.bytes().all(|byte| byte.is_ascii_hexdigit())
        && ImageType::from_extension(extension).is_some();
    well_formed.then(|| folder.join(file_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_recognised_by_content() {
        assert_eq!(ImageType::sniff(b"\x89PNG\r\n\x1a\n...."), Some(ImageType::Png));
        assert_eq!(ImageType::sniff(b"\xff\xd8\xff\xe0"), Some(ImageType::Jpeg));
        assert_eq!(ImageType::sniff(b"GIF89a"), Some(ImageType::Gif));
        assert_eq!(ImageType::sniff(b"RIFF\0\0\0\0WEBPVP8"), Some(ImageType::Webp));
        assert_eq!(ImageType::sniff(b"<svg xmlns="), None);
        assert_eq!(ImageType::sniff(b"%PDF-1.4"), None);
    }

    #[test]
    fn oversized_and_foreign_files_are_refused() {
        assert!(matches!(Image::parse(b"GIF89a....".to_vec(), 4), Err(AppError::LimitExceeded)));
        assert!(matches!(Image::parse(b"MZ\x90\0".to_vec(), 100), Err(AppError::BadFormat)));
    }

    #[test]
    fn only_generated_names_resolve() {
        let folder = Path::new("/data/vouchers");
        assert!(stored_path(folder, &format!("{}.png", "a".repeat(32))).is_some());
        assert!(stored_path(folder, "../secrets.toml").is_none());
        assert!(stored_path(folder, &format!("{}.exe", "a".repeat(32))).is_none());
    }
}
