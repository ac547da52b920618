//! Uploads (issue 18, input): only real JPEG, PNG and WebP within the limits are taken, what
//! is stored is the pixels encoded again, and stored files are reachable only where meant.
//! The hostile files are built here from a few bytes each.

use crate::support::helpers::{Player, Reply, TestApp};
use crate::support::wallet_support::{DepositUpload, PNG, WalletApp, assert_ledger_verifies};
use axum::http::StatusCode;
use image::{DynamicImage, ImageFormat, RgbImage};
use std::io::Write;

const SCRIPT: &[u8] = b"<script>alert(document.cookie)</script>";
const ZIP_ENTRY: &[u8] = b"PK\x03\x04\x14\0\0\0\0\0payload.html";

/// A PNG chunk: length, type, data and the CRC of type and data.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    let length = u32::try_from(data.len()).expect("a small chunk").to_be_bytes();
    [&length[..], kind, data, &crc.sum().to_be_bytes()].concat()
}

/// An 8-bit greyscale PNG declaring `width` x `height`, holding `rows` rows of zeros: a few
/// hundred bytes whatever size it declares.
fn greyscale_png(width: u32, height: u32, rows: usize) -> Vec<u8> {
    let header = [&width.to_be_bytes()[..], &height.to_be_bytes(), &[8, 0, 0, 0, 0]].concat();
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(&vec![0u8; rows * (width as usize + 1)]).expect("compressed");
    let pixels = zlib.finish().expect("compressed");
    let signature = b"\x89PNG\r\n\x1a\n";
    [&signature[..], &chunk(b"IHDR", &header), &chunk(b"IDAT", &pixels), &chunk(b"IEND", b"")]
        .concat()
}

/// A 4x4 picture in `format`, as a camera or an editor would write it.
fn picture(format: ImageFormat) -> Vec<u8> {
    let pixels = RgbImage::from_fn(4, 4, |x, y| image::Rgb([x as u8 * 60, y as u8 * 60, 90]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(pixels).write_to(&mut bytes, format).expect("an encoded picture");
    bytes.into_inner()
}

/// A valid PNG with a script in a text chunk and an HTML page and a ZIP entry after its end.
fn png_polyglot() -> Vec<u8> {
    let png = picture(ImageFormat::Png);
    let (head, end) = png.split_at(png.len() - 12);
    let text = chunk(b"tEXt", &[&b"Comment\0"[..], SCRIPT].concat());
    [head, &text, end, b"<html>", SCRIPT, ZIP_ENTRY].concat()
}

/// A valid JPEG with a comment holding a script and a ZIP archive appended after its end.
fn jpeg_polyglot() -> Vec<u8> {
    let jpeg = picture(ImageFormat::Jpeg);
    let length = u16::try_from(SCRIPT.len() + 2).expect("a short comment").to_be_bytes();
    let comment = [&[0xFF, 0xFE][..], &length, SCRIPT].concat();
    [&jpeg[..2], &comment, &jpeg[2..], ZIP_ENTRY, SCRIPT].concat()
}

/// Whether `bytes` hold any of the payloads the polyglots carry.
fn carries_a_payload(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.contains("<script") || text.contains("<html") || text.contains("PK\u{3}\u{4}")
}

pub async fn upload_avatar(app: &TestApp, player: &Player, bytes: &[u8]) -> Reply {
    crate::auth::profile::set_header(app, player, ("avatar", "me.png"), bytes).await
}

fn stored_files(app: &TestApp, folder: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(app.config.server.data_dir.join(folder)) else {
        return Vec::new();
    };
    entries.map(|entry| entry.expect("a directory entry").path()).collect()
}

#[tokio::test]
async fn hostile_files_are_refused_as_avatars_and_vouchers_and_leave_no_file() {
    let app = TestApp::spawn_with(|config| {
        config.wallet.avatar_max_bytes = 64 * 1024;
        config.wallet.voucher_max_bytes = 64 * 1024;
    })
    .await;
    let player = app.player().await;
    let oversized = [picture(ImageFormat::Png), vec![0; 64 * 1024]].concat();
    let mislabelled_jpeg = [&b"\xff\xd8\xff\xe0"[..], b"<html>", SCRIPT].concat();
    let over_the_body_limit = vec![0xAB; 200 * 1024];
    let cases: [(&str, Vec<u8>, &str); 9] = [
        (
            "an SVG with a script",
            [&b"<svg xmlns=\"http://www.w3.org/2000/svg\">"[..], SCRIPT, b"</svg>"].concat(),
            "bad_format",
        ),
        ("an HTML page", [&b"<!doctype html>"[..], SCRIPT].concat(), "bad_format"),
        (
            "a GIF",
            b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;"
                .to_vec(),
            "bad_format",
        ),
        (
            "a PNG signature over an HTML body",
            [&PNG[..8], b"<html>", SCRIPT].concat(),
            "bad_format",
        ),
        ("a JPEG signature over an HTML body", mislabelled_jpeg, "bad_format"),
        ("a truncated PNG", PNG[..PNG.len() - 20].to_vec(), "bad_format"),
        (
            "a 20000x20000 PNG of a few hundred bytes",
            greyscale_png(20_000, 20_000, 1),
            "limit_exceeded",
        ),
        ("a file over the size limit", oversized, "limit_exceeded"),
        ("a body over the upload body limit", over_the_body_limit, "limit_exceeded"),
    ];

    for (description, bytes, err) in cases {
        let avatar = upload_avatar(&app, &player, &bytes).await;
        let upload = DepositUpload::new("10.00").voucher("shot.png", bytes);
        let voucher = app.recharge(&player, &upload, None).await;
        assert_eq!(avatar.err(), err, "{description} as an avatar: {avatar:?}");
        assert_eq!(voucher.err(), err, "{description} as a voucher: {voucher:?}");
    }
    assert!(stored_files(&app, "avatars").is_empty());
    assert!(stored_files(&app, "vouchers").is_empty());
    assert_ledger_verifies(&app).await;
}

#[tokio::test]
async fn real_jpeg_png_and_webp_pictures_are_taken_and_served_with_their_type() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    for (format, mime) in [
        (ImageFormat::Jpeg, "image/jpeg"),
        (ImageFormat::Png, "image/png"),
        (ImageFormat::WebP, "image/webp"),
    ] {
        let avatar = upload_avatar(&app, &player, &picture(format)).await;
        let url = avatar.assert_ok()["avatar"].as_str().expect("an avatar").to_string();
        let served = app.get(&format!("/{url}"), None).await;

        assert_eq!(served.status, StatusCode::OK, "{mime}");
        assert_eq!(served.header("content-type"), mime);
        assert_eq!(served.header("x-content-type-options"), "nosniff");
        assert!(served.header("content-security-policy").contains("sandbox"), "{mime}");
        let decoded = image::load_from_memory_with_format(&served.bytes, format).expect(mime);
        assert_eq!((decoded.width(), decoded.height()), (4, 4));
    }
}

#[tokio::test]
async fn a_polyglot_is_stored_as_its_pixels_only() {
    let app = TestApp::spawn().await;
    let player = app.player().await;

    for (polyglot, mime) in [(png_polyglot(), "image/png"), (jpeg_polyglot(), "image/jpeg")] {
        assert!(carries_a_payload(&polyglot));
        let avatar = upload_avatar(&app, &player, &polyglot).await;
        let url = avatar.assert_ok()["avatar"].as_str().expect("an avatar").to_string();
        let upload = DepositUpload::new("10.00").voucher("shot", polyglot);
        app.recharge(&player, &upload, None).await.assert_ok();
        let served = app.get(&format!("/{url}"), None).await;

        assert_eq!(served.header("content-type"), mime);
        assert!(!carries_a_payload(&served.bytes), "{mime}: the avatar kept its payload");
    }
    let vouchers = stored_files(&app, "vouchers");
    assert_eq!(vouchers.len(), 2);
    for voucher in vouchers {
        let bytes = std::fs::read(&voucher).expect("a stored voucher");
        assert!(!carries_a_payload(&bytes), "{}", voucher.display());
    }
}

#[tokio::test]
async fn a_deposit_voucher_is_reachable_by_no_url_for_anyone() {
    let app = TestApp::spawn().await;
    let (owner, other) = (app.player().await, app.player().await);
    app.recharge(&owner, &DepositUpload::new("10.00"), None).await.assert_ok();
    let stored = stored_files(&app, "vouchers");
    let name = stored[0].file_name().and_then(|name| name.to_str()).expect("a name");
    let guessed = format!("{}.png", "0".repeat(32));
    // Stored under the data directory with a generated name, nothing of the upload's own.
    assert!(name.len() == 36 && name.ends_with(".png") && !name.contains("voucher"), "{name}");

    for file in [name, guessed.as_str()] {
        for path in [
            format!("/media/vouchers/{file}"),
            format!("/vouchers/{file}"),
            format!("/data/vouchers/{file}"),
            format!("/media/avatars/{file}"),
            format!("/media/avatars/..%2Fvouchers%2F{file}"),
            format!("/media/products/../vouchers/{file}"),
            format!("/media/content/{file}"),
        ] {
            for token in [Some(owner.token.as_str()), Some(other.token.as_str()), None] {
                let reply = app.get(&path, token).await;
                assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path} {token:?}: {reply:?}");
                assert_eq!(reply.err(), "not_found", "{path}");
            }
        }
    }
}

#[tokio::test]
async fn a_gif_stored_before_gifs_were_refused_is_still_served() {
    let app = TestApp::spawn().await;
    let folder = app.config.server.data_dir.join("avatars");
    std::fs::create_dir_all(&folder).expect("the avatar folder");
    let name = format!("{}.gif", "ab".repeat(16));
    let gif =
        b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;";
    std::fs::write(folder.join(&name), gif).expect("a stored GIF");

    let served = app.get(&format!("/media/avatars/{name}"), None).await;

    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.header("content-type"), "image/gif");
    assert_eq!(served.bytes.as_ref(), gif);
}
