//! The files: a binary `.glb` (JSON chunk + BIN chunk), or a `.gltf` JSON file with its `.bin` and
//! PNGs beside it. Each file is written to a temporary name in its folder and renamed into place
//! (`limber_core::atomic_file`).

use std::path::{Path, PathBuf};

/// The GLB container: 12-byte header, the JSON chunk padded with spaces to 4 bytes, the BIN chunk
/// padded with zeros.
pub fn glb_bytes(json: &[u8], bin: &[u8]) -> Vec<u8> {
    let pad = |n: usize| n.next_multiple_of(4);
    let (json_len, bin_len) = (pad(json.len()), pad(bin.len()));
    let total = 12 + 8 + json_len + if bin.is_empty() { 0 } else { 8 + bin_len };
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json_len as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(json);
    out.resize(12 + 8 + json_len, b' ');
    if !bin.is_empty() {
        out.extend_from_slice(&(bin_len as u32).to_le_bytes());
        out.extend_from_slice(b"BIN\0");
        out.extend_from_slice(bin);
        out.resize(total, 0);
    }
    out
}

/// The `.bin` and image file names beside `out` (`NAME.gltf` → `NAME.bin`, `NAME_PART.png`).
pub fn sidecar_names(out: &Path, part_count: usize) -> (String, Vec<String>) {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scene".into());
    let images = (0..part_count).map(|i| format!("{stem}_{i}.png")).collect();
    (format!("{stem}.bin"), images)
}

/// The folder `out` is in.
pub fn folder_of(out: &Path) -> PathBuf {
    match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder.
pub fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    limber_core::atomic_file::write_atomic_replacing(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glb_chunks_are_padded_and_lengths_add_up() {
        let glb = glb_bytes(b"{\"a\":1}", &[1, 2, 3, 4, 5]);
        assert_eq!(&glb[0..4], b"glTF");
        assert_eq!(
            u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize,
            glb.len()
        );
        assert_eq!(u32::from_le_bytes(glb[12..16].try_into().unwrap()), 8);
        assert_eq!(&glb[20..28], b"{\"a\":1} ");
        assert_eq!(&glb[32..36], b"BIN\0");
        assert_eq!(glb.len(), 12 + 8 + 8 + 8 + 8);
    }
}
