//! Pictures for uploads: small valid PNGs that differ by a seed.

/// A 1x1 PNG whose grey level is `seed`, as the server stores it (the pixels encoded again
/// give the same bytes), so pictures of different seeds are different pictures.
pub fn png(seed: u8) -> Vec<u8> {
    let pixel = image::RgbImage::from_pixel(1, 1, image::Rgb([seed; 3]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(pixel)
        .write_with_encoder(image::codecs::png::PngEncoder::new(&mut bytes))
        .expect("an encoded PNG");
    bytes
}
