//! PNG → mesh with the default settings: any bytes decode and mesh, or give an error, never a panic.
//! Images over 128 × 128 are skipped (from the header) so that each case runs fast; the size limit
//! itself is checked by `decode_png` and the tests. A mesh that is made is well-formed.

#![no_main]

use libfuzzer_sys::fuzz_target;
use limber_core::image_io::decode_png;
use limber_core::{MeshSettings, build_mesh};

/// Largest width or height meshed here.
const CAP: u32 = 128;

fuzz_target!(|data: &[u8]| {
    // A PNG starts with its 8-byte signature and then the IHDR chunk: length, "IHDR", width, height.
    if data.len() >= 24 && &data[12..16] == b"IHDR" {
        let side = |at: usize| u32::from_be_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
        if side(16) > CAP || side(20) > CAP {
            return;
        }
    }
    let Ok(image) = decode_png(data) else {
        return;
    };
    let Ok((mesh, _)) = build_mesh(&image, &MeshSettings::default()) else {
        return;
    };
    let n = mesh.positions.len();
    assert!(mesh.positions.iter().flatten().all(|c| c.is_finite()));
    assert!(mesh.triangles.iter().flatten().all(|&i| (i as usize) < n));
    assert_eq!(mesh.uvs.len(), n);
});
