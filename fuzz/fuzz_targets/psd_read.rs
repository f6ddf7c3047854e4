//! PSD bytes → layers: any bytes read or give an error, never a panic, and a layer read lies on the
//! canvas. Canvases over 1024 px a side are skipped (from the header) so that each case runs fast;
//! the reader's own size checks are the tests'.

#![no_main]

use libfuzzer_sys::fuzz_target;
use limber_core::layered::read_layered_bytes;

/// Largest canvas side read here.
const CAP: u32 = 1024;

fuzz_target!(|data: &[u8]| {
    // The header: "8BPS", version, 6 reserved, channels, height, width.
    if data.len() >= 22 {
        let side = |at: usize| u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
        if side(14) > CAP || side(18) > CAP {
            return;
        }
    }
    let Ok(layered) = read_layered_bytes(data, true) else {
        return;
    };
    let [w, h] = layered.canvas;
    for layer in &layered.layers {
        let (lw, lh) = layer.image.dimensions();
        assert!(lw > 0 && lh > 0);
        assert!(layer.offset[0] + lw <= w && layer.offset[1] + lh <= h);
    }
});
