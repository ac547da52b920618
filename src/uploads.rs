//! Uploaded images (deposit vouchers, avatars, product and content pictures): accepted by
//! their content, not their name, stored under the data directory with a generated name.
//!
//! An upload is decoded under `image::Limits` and its pixels encoded again: what is stored is
//! only what the encoder writes, so a payload riding in the file (HTML or a ZIP after the end
//! marker, a script in a PNG text chunk, EXIF with the phone's location) never reaches the
//! disk, and a file whose signature says one type while its body is another fails to decode.
//! Refusing trailing bytes instead would miss payloads inside metadata segments.

use crate::error::AppError;
use anyhow::Context;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::codecs::webp::WebPEncoder;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// The widest and tallest upload accepted, read from the header before any pixel is
/// allocated: a decompression bomb (a few KB declaring 20000x20000 pixels) is refused unread.
pub const DIMENSION_MAX: u32 = 8192;
/// The most one decode may allocate (pixels and the decoder's buffers): a 12-megapixel photo
/// takes 36 MiB as RGB; 8192x8192 RGBA would take 256 MiB and is refused.
pub const DECODE_ALLOC_MAX_BYTES: u64 = 128 * 1024 * 1024;
/// The widest and tallest avatar: shown at a few dozen pixels, so 2048 is plenty, and its
/// decode takes at most 16 MiB.
pub const AVATAR_DIMENSION_MAX: u32 = 2048;
/// The quality JPEG uploads are encoded again at: no visible loss on a screenshot or a photo.
const JPEG_QUALITY: u8 = 90;
/// Decodes that run at once in the whole process: each may hold `DECODE_ALLOC_MAX_BYTES` of
/// pixels and their encoding again, so uploads take at most that, however many arrive
/// together (the review saw six concurrent 5,600 px uploads reach 782 MB; with two at once 32
/// of them still peaked at 306 MB, docs/performance.md). The others wait for a turn on their
/// blocking thread.
pub const DECODES_AT_ONCE: usize = 1;

/// The process's decode turns.
static DECODES: DecodeGate = DecodeGate::new(DECODES_AT_ONCE);

/// A counting gate for the blocking threads (and the CLI, which has no async runtime for
/// `tokio::sync::Semaphore` there): at most `size` holders at once, with the peak seen.
pub struct DecodeGate {
    holders: std::sync::Mutex<usize>,
    freed: std::sync::Condvar,
    size: usize,
    peak: std::sync::atomic::AtomicUsize,
}

/// A turn of the gate, given back when dropped.
struct Turn<'a>(&'a DecodeGate);

impl DecodeGate {
    pub const fn new(size: usize) -> DecodeGate {
        DecodeGate {
            holders: std::sync::Mutex::new(0),
            freed: std::sync::Condvar::new(),
            size,
            peak: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// The most turns that were ever held at once.
    pub fn peak(&self) -> usize {
        self.peak.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn enter(&self) -> Turn<'_> {
        let mut holders = self.holders.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        while *holders >= self.size.max(1) {
            holders = self.freed.wait(holders).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *holders += 1;
        self.peak.fetch_max(*holders, std::sync::atomic::Ordering::SeqCst);
        Turn(self)
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        let gate = self.0;
        let mut holders = gate.holders.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *holders -= 1;
        gate.freed.notify_one();
    }
}

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

/// An uploaded image that passed the checks, encoded again from its pixels, not yet stored.
pub struct Image {
    pub bytes: Vec<u8>,
    pub image_type: ImageType,
}

impl Image {
    /// `limit_exceeded` above `max_bytes` or when the decoded image exceeds `DIMENSION_MAX`
    /// or `DECODE_ALLOC_MAX_BYTES`; `bad_format` unless the bytes decode as the PNG, JPEG or
    /// WebP their signature names (GIF is still served for pictures stored before, but no
    /// longer taken: the spec asks for screenshots and pictures, not animations). The stored
    /// bytes are the pixels encoded again in the same type (JPEG at `JPEG_QUALITY`, WebP
    /// lossless), turned upright by their EXIF orientation. CPU-bound: call it off the async
    /// workers (`parse_blocking`).
    /// Decodes take turns (`DECODES_AT_ONCE`).
    pub fn parse(bytes: Vec<u8>, max_bytes: usize) -> Result<Image, AppError> {
        Image::parse_within(&DECODES, bytes, (max_bytes, DIMENSION_MAX))
    }

    /// An avatar: `parse` within `AVATAR_DIMENSION_MAX`, on the blocking pool.
    pub async fn parse_avatar_blocking(
        bytes: Vec<u8>,
        max_bytes: usize,
    ) -> Result<Image, AppError> {
        let budget = (max_bytes, AVATAR_DIMENSION_MAX);
        tokio::task::spawn_blocking(move || Image::parse_within(&DECODES, bytes, budget))
            .await
            .context("while checking an uploaded image")?
    }

    /// `parse` with a turn of `gate`, within (bytes, pixels a side).
    fn parse_within(
        gate: &DecodeGate,
        bytes: Vec<u8>,
        (max_bytes, max_side): (usize, u32),
    ) -> Result<Image, AppError> {
        if bytes.len() > max_bytes {
            return Err(AppError::LimitExceeded);
        }
        let image_type = ImageType::sniff(&bytes)
            .filter(|image_type| *image_type != ImageType::Gif)
            .ok_or(AppError::BadFormat)?;
        let _turn = gate.enter();
        let pixels = decode(&bytes, image_type, max_side)?;
        let bytes = encode(&pixels, image_type)?;
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

/// The pixels of `bytes`, read as `image_type` within the decode limits and `max_side` pixels
/// a side.
fn decode(bytes: &[u8], image_type: ImageType, max_side: u32) -> Result<DynamicImage, AppError> {
    let format = match image_type {
        ImageType::Png => ImageFormat::Png,
        ImageType::Jpeg => ImageFormat::Jpeg,
        ImageType::Webp => ImageFormat::WebP,
        ImageType::Gif => return Err(AppError::BadFormat),
    };
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    limits.max_alloc = Some(DECODE_ALLOC_MAX_BYTES);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits.clone());
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    // The decoders check the dimensions only; the pixel buffer is checked here, before
    // `from_decoder` allocates it.
    limits.reserve(decoder.total_bytes()).map_err(refusal)?;
    let orientation = decoder.orientation().map_err(refusal)?;
    let mut pixels = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    pixels.apply_orientation(orientation);
    Ok(pixels)
}

/// Over a decode limit is `limit_exceeded`; anything else the decoder refuses is `bad_format`.
fn refusal(error: ImageError) -> AppError {
    match error {
        ImageError::Limits(_) => AppError::LimitExceeded,
        _ => AppError::BadFormat,
    }
}

/// `pixels` as a fresh file of `image_type`: nothing of the uploaded bytes but the pixels.
fn encode(pixels: &DynamicImage, image_type: ImageType) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::new();
    let written = match image_type {
        ImageType::Png => pixels.write_with_encoder(PngEncoder::new(&mut bytes)),
        ImageType::Jpeg => {
            pixels.write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY))
        }
        ImageType::Webp => pixels.write_with_encoder(WebPEncoder::new_lossless(&mut bytes)),
        ImageType::Gif => return Err(AppError::BadFormat),
    };
    written.context("while encoding an uploaded image again")?;
    Ok(bytes)
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

    /// A PNG chunk: length, type, data and the CRC of type and data.
    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        let length = u32::try_from(data.len()).unwrap().to_be_bytes();
        [&length[..], kind, data, &crc.sum().to_be_bytes()].concat()
    }

    /// An 8-bit PNG of `color` (0 greyscale, 6 RGBA; `channels` bytes a pixel) declaring
    /// `width` x `height`, with `rows` rows of zeros in its data: a few hundred bytes whatever
    /// the size it declares.
    fn png_declaring(
        width: u32,
        height: u32,
        (color, channels): (u8, usize),
        rows: usize,
    ) -> Vec<u8> {
        use std::io::Write;
        let header =
            [&width.to_be_bytes()[..], &height.to_be_bytes(), &[8, color, 0, 0, 0]].concat();
        let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        zlib.write_all(&vec![0u8; rows * (width as usize * channels + 1)]).unwrap();
        let pixels = zlib.finish().unwrap();
        let signature = b"\x89PNG\r\n\x1a\n";
        [&signature[..], &chunk(b"IHDR", &header), &chunk(b"IDAT", &pixels), &chunk(b"IEND", b"")]
            .concat()
    }

    const GREY: (u8, usize) = (0, 1);
    const RGBA: (u8, usize) = (6, 4);

    #[test]
    fn no_more_decodes_than_turns_go_on_at_once() {
        let gate: &'static DecodeGate = Box::leak(Box::new(DecodeGate::new(2)));
        let png = png_declaring(1500, 1500, RGBA, 1500);
        let decodes: Vec<_> = (0..8)
            .map(|_| {
                let png = png.clone();
                std::thread::spawn(move || Image::parse_within(gate, png, (1 << 20, DIMENSION_MAX)))
            })
            .collect();
        for decode in decodes {
            assert!(decode.join().unwrap().is_ok());
        }
        assert!((1..=2).contains(&gate.peak()), "peak {}", gate.peak());
    }

    #[tokio::test]
    async fn an_avatar_is_held_to_a_smaller_side_than_other_uploads() {
        let large = png_declaring(3000, 3000, GREY, 3000);
        assert!(Image::parse(large.clone(), 1 << 20).is_ok(), "a voucher of 3000 px");
        let avatar = Image::parse_avatar_blocking(large, 1 << 20).await;
        assert!(matches!(avatar, Err(AppError::LimitExceeded)), "{:?}", avatar.err());
        let small = png_declaring(AVATAR_DIMENSION_MAX, 16, GREY, 16);
        assert!(Image::parse_avatar_blocking(small, 1 << 20).await.is_ok());
    }

    /// Content pictures are named by the hash of their stored bytes: an image stored again
    /// must keep its name.
    #[test]
    fn an_image_encoded_again_keeps_its_bytes() {
        let original = encode(&DynamicImage::new_rgb8(1, 1), ImageType::Png).unwrap();
        let image = Image::parse(original.clone(), 1000).unwrap();
        assert_eq!(image.bytes, original);
    }

    #[test]
    fn real_images_are_taken_and_keep_their_type_and_size() {
        let pixels = DynamicImage::new_rgb8(3, 2);
        for image_type in [ImageType::Png, ImageType::Jpeg, ImageType::Webp] {
            let original = encode(&pixels, image_type).unwrap();
            let image = Image::parse(original, 1 << 20).unwrap();
            assert_eq!(image.image_type, image_type);
            let stored = decode(&image.bytes, image_type, DIMENSION_MAX).unwrap();
            assert_eq!((stored.width(), stored.height()), (3, 2), "{image_type:?}");
        }
        assert!(Image::parse(png_declaring(4, 4, GREY, 4), 1 << 20).is_ok());
    }

    #[test]
    fn gif_svg_html_and_mislabelled_bodies_are_refused() {
        let refused: [&[u8]; 5] = [
            b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
            b"<!doctype html><script>alert(1)</script>",
            b"\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>",
            b"\xff\xd8\xff\xe0<html><script>alert(1)</script></html>",
        ];
        for bytes in refused {
            let reply = Image::parse(bytes.to_vec(), 1 << 20);
            assert!(
                matches!(reply, Err(AppError::BadFormat)),
                "{}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_its_pixels_are_allocated() {
        let bomb = png_declaring(20_000, 20_000, GREY, 1);
        assert!(bomb.len() < 1024, "{} bytes", bomb.len());
        assert!(matches!(Image::parse(bomb, 1 << 20), Err(AppError::LimitExceeded)));
        // Within the dimensions, but its RGBA pixels (256 MiB) are over the allocation budget.
        let heavy = png_declaring(DIMENSION_MAX, DIMENSION_MAX, RGBA, 1);
        assert!(matches!(Image::parse(heavy, 1 << 20), Err(AppError::LimitExceeded)));
    }

    #[test]
    fn what_rides_along_in_an_image_is_not_stored() {
        let script = b"<script>alert(document.cookie)</script>";
        let png = png_declaring(2, 2, GREY, 2);
        let (head, tail) = png.split_at(png.len() - 12);
        let text = chunk(b"tEXt", &[&b"Comment\0"[..], script].concat());
        let with_text = [head, &text, tail, b"PK\x03\x04<html>"].concat();
        let jpeg = encode(&DynamicImage::new_rgb8(2, 2), ImageType::Jpeg).unwrap();
        let with_zip = [&jpeg[..], b"PK\x03\x04", script].concat();
        for (polyglot, image_type) in [(with_text, ImageType::Png), (with_zip, ImageType::Jpeg)] {
            let image = Image::parse(polyglot, 1 << 20).unwrap();
            assert_eq!(image.image_type, image_type);
            let stored = String::from_utf8_lossy(&image.bytes);
            assert!(!stored.contains("<script") && !stored.contains("PK\u{3}\u{4}"), "{stored}");
        }
    }

    #[test]
    fn only_generated_names_resolve() {
        let folder = Path::new("/data/vouchers");
        assert!(stored_path(folder, &format!("{}.png", "a".repeat(32))).is_some());
        assert!(stored_path(folder, "../secrets.toml").is_none());
        assert!(stored_path(folder, &format!("{}.exe", "a".repeat(32))).is_none());
    }
}
