//! A QR code as an SVG path, so an invitation or answer can be scanned from one screen by the
//! other device's camera.

use qrcodegen::{QrCode, QrCodeEcc};

/// The code for `text` as `(size in modules, SVG path of the dark modules)`, with a 4-module
/// quiet zone included in the size; `None` when the text is too long for any QR code.
pub fn svg_path(text: &str) -> Option<(i32, String)> {
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Some((size + 8, path))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_fits_and_a_book_does_not() {
        let (size, path) = super::svg_path("https://example.org/connect#join=AbCdEf0123456789").unwrap();
        assert!(size > 21 + 8 && size < 60, "{size}");
        assert!(path.starts_with('M'));
        assert!(super::svg_path(&"x".repeat(5000)).is_none());
    }
}
