//! OpenRaster bytes → layers: any bytes read, or give an error, never a panic. Read layers lie on
//! the canvas, are non-empty, and have unique names. The import budgets are lowered (before the
//! first read) so each case runs fast; the real ones are checked by the tests.

#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use limber_core::layered::read_layered_bytes;

fuzz_target!(|data: &[u8]| {
    static LOWER: std::sync::Once = std::sync::Once::new();
    LOWER.call_once(|| {
        // SAFETY: set once, before any thread of this process reads the environment.
        unsafe {
            std::env::set_var("LIMBER_MAX_IMPORT_DECODED_PIXELS", "16000000");
            std::env::set_var("LIMBER_MAX_IMPORT_PIXELS", "4000000");
        }
    });
    let Ok(layered) = read_layered_bytes(data, false) else {
        return;
    };
    let [cw, ch] = layered.canvas;
    let mut names = HashSet::new();
    for layer in &layered.layers {
        let (w, h) = layer.image.dimensions();
        assert!(w > 0 && h > 0);
        assert!(layer.offset[0] + w <= cw && layer.offset[1] + h <= ch);
        assert!(names.insert(layer.name.to_lowercase()));
        assert!(!layer.name.chars().any(char::is_control));
    }
});
