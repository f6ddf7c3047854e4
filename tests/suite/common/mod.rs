//! Helpers shared by the integration tests: the bundled sprites, their alpha, and PNG crafting.

#![allow(dead_code)]

pub mod editor_harness;
pub mod gltf_support;
pub mod gpu;
pub mod node_tooling;
pub mod rigs;
pub mod spine_json;
pub mod thirty_layers;
pub mod xwindow;

use std::path::{Path, PathBuf};

/// Every PNG under `assets/sprites`, sorted by name.
pub fn bundled_sprites() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    let mut sprites: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("assets/sprites exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    sprites.sort();
    assert!(
        sprites.len() >= 10,
        "expected the bundled sprites in {dir:?}"
    );
    sprites
}

/// A bundled sprite by file name.
pub fn sprite(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/sprites")
        .join(name)
}

/// Alpha of every pixel as a fraction 0–1, row-major, with the image size.
pub fn alpha_fractions(path: &Path) -> (usize, usize, Vec<f64>) {
    let image = image::open(path).expect("sprite decodes").to_rgba16();
    let (w, h) = (image.width() as usize, image.height() as usize);
    let alpha = image
        .pixels()
        .map(|p| f64::from(p.0[3]) / 65535.0)
        .collect();
    (w, h, alpha)
}

/// A PNG chunk: length, type, data, CRC.
pub fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    chunk.extend_from_slice(&crc.finalize().to_be_bytes());
    chunk
}

/// A PNG whose header claims `width` × `height` (8-bit RGBA) followed by a tiny, meaningless IDAT.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    bytes.extend(png_chunk(b"IHDR", &ihdr));
    bytes.extend(png_chunk(
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    ));
    bytes.extend(png_chunk(b"IEND", &[]));
    bytes
}

/// A fresh folder under the system's temporary folder, unique to this test process, the running
/// test (the test harness names each test's thread after it) and `name`.
pub fn temp_dir(name: &str) -> PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace("::", "-");
    let dir =
        std::env::temp_dir().join(format!("limber-test-{test}-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// Runs the `limber` binary built for these tests.
pub fn limber(args: &[&str]) -> std::process::Output {
    limber_with(args, &[])
}

/// Runs `limber` with `envs` set (a lowered budget, `LIMBER_MAX_…`).
pub fn limber_with(args: &[&str], envs: &[(&str, &str)]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_limber"))
        .args(args)
        .envs(envs.iter().copied())
        .output()
        .expect("the limber binary runs")
}

/// Runs `limber` and asserts it succeeded, showing its stderr if not.
pub fn limber_ok(args: &[&str]) -> std::process::Output {
    limber_ok_with(args, &[])
}

/// [`limber_ok`] with `envs` set.
pub fn limber_ok_with(args: &[&str], envs: &[(&str, &str)]) -> std::process::Output {
    let out = limber_with(args, envs);
    assert!(
        out.status.success(),
        "limber {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `limber new IMAGE --rig RIG -o PROJECT`, asserted to succeed.
pub fn limber_new(image: &std::path::Path, rig: &std::path::Path, project: &std::path::Path) {
    limber_new_with(image, rig, project, &[]);
}

/// [`limber_new`] with `envs` set.
pub fn limber_new_with(
    image: &std::path::Path,
    rig: &std::path::Path,
    project: &std::path::Path,
    envs: &[(&str, &str)],
) {
    let path = |p: &std::path::Path| p.to_str().expect("a UTF-8 path").to_string();
    let args = [
        "new".to_string(),
        path(image),
        "--rig".to_string(),
        path(rig),
        "-o".to_string(),
        path(project),
    ];
    limber_ok_with(&args.each_ref().map(String::as_str), envs);
}
