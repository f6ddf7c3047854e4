//! The PSD reader on the reference files of `tests/data/layered/`: their layers composed as their
//! reference composites, and (ignored, run on demand) a mutation fuzzer over them.

use super::*;

/// A mutation fuzzer over the reference files, for machines without cargo-fuzz's sanitizer build
/// (`fuzz/run.sh psd_read` is the real one): each round mutates one file (bytes set to edge
/// values, big-endian fields set to edge numbers, cuts, copied ranges) and reads it, which must
/// return without a panic. Runs `LIMBER_PSD_FUZZ_SECS` seconds (default 5); a panicking input is
/// saved to the temporary folder.
#[test]
#[ignore = "a fuzzing run: cargo test --release -p limber-core --lib mutated -- --ignored"]
fn mutated_reference_files_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/layered");
    let seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "psd"))
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() < 200_000)
        .collect();
    assert!(seeds.len() > 10);
    let secs: u64 = std::env::var("LIMBER_PSD_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let edges32 = [
        0u32,
        1,
        2,
        0x7fff,
        0xffff,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        100_000,
    ];
    let start = std::time::Instant::now();
    let mut rounds = 0u64;
    std::panic::set_hook(Box::new(|_| {}));
    while start.elapsed().as_secs() < secs {
        let seed = &seeds[(next() % seeds.len() as u64) as usize];
        let mut bytes = seed.clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() % bytes.len().max(1) as u64) as usize;
            match next() % 5 {
                0 => {
                    if let Some(b) = bytes.get_mut(at) {
                        *b = [0, 0xff, 0x80, 0x7f, next() as u8][(next() % 5) as usize];
                    }
                }
                1 if at + 4 <= bytes.len() => {
                    let v = edges32[(next() % edges32.len() as u64) as usize];
                    bytes[at..at + 4].copy_from_slice(&v.to_be_bytes());
                }
                2 if at + 2 <= bytes.len() => {
                    let v = [0u16, 1, 3, 0x7fff, 0x8000, 0xffff][(next() % 6) as usize];
                    bytes[at..at + 2].copy_from_slice(&v.to_be_bytes());
                }
                3 => bytes.truncate(at),
                _ => {
                    let from = (next() % bytes.len().max(1) as u64) as usize;
                    let n = (next() % 64) as usize;
                    let piece: Vec<u8> = bytes.iter().skip(from).take(n).copied().collect();
                    let end = (at + piece.len()).min(bytes.len());
                    bytes.splice(at..end, piece);
                }
            }
        }
        // Canvases over 1024 px a side cost time, not coverage.
        if bytes.len() >= 22 {
            let side = |at: usize| {
                u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
            };
            if side(14) > 1024 || side(18) > 1024 {
                continue;
            }
        }
        rounds += 1;
        let outcome = std::panic::catch_unwind(|| {
            crate::layered::read_layered_bytes(&bytes, true).map(|_| ())
        });
        if outcome.is_err() {
            let path = std::env::temp_dir().join(format!("psd-fuzz-panic-{rounds}.psd"));
            std::fs::write(&path, &bytes).unwrap();
            let _ = std::panic::take_hook();
            panic!("a panic on {} (round {rounds})", path.display());
        }
    }
    let _ = std::panic::take_hook();
    eprintln!("{rounds} mutated files read in {secs} s without a panic");
}

/// The reader's layers, composed over transparency (premultiplied, source-over), against the
/// reference composites of `tests/data/layered/` for the `clean` and `masked` files, with the
/// import's own checks (`finish`): mean |Δ| of premultiplied RGBA ≤ 1.0 (clean) or 2.0 (masked), and
/// no pixel of the silhouette lost or gained. (`tests/suite/engine/layered_reference.rs` checks the same files
/// through import and render.)
#[test]
fn clean_and_masked_reference_files_compose_as_their_references() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/layered");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in manifest.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let (name, class) = (cells[0], cells[4]);
        let limit = match class {
            "clean" => 1.0,
            "masked" => 2.0,
            _ => continue,
        };
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let reference = image::open(dir.join(format!("{name}.ref.png")))
            .unwrap()
            .to_rgba8();
        let (raw, _) = read_psd(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let [w, h] = raw.canvas;
        assert_eq!((w, h), reference.dimensions(), "{name}");
        // Premultiplied RGBA in 0..=1.
        let mut canvas = vec![[0f64; 4]; (w * h) as usize];
        for layer in raw.layers.iter().filter(|l| l.visible) {
            for (x, y, p) in layer.image.enumerate_pixels() {
                let (cx, cy) = (layer.left + i64::from(x), layer.top + i64::from(y));
                let a = f64::from(p[3]) / 255.0;
                let dst = &mut canvas[(cy * i64::from(w) + cx) as usize];
                for c in 0..3 {
                    dst[c] = f64::from(p[c]) / 255.0 * a + dst[c] * (1.0 - a);
                }
                dst[3] = a + dst[3] * (1.0 - a);
            }
        }
        let mut sum = 0.0;
        let mut silhouette_diff = 0;
        for (dst, r) in canvas.iter().zip(reference.pixels()) {
            let ra = f64::from(r[3]) / 255.0;
            for c in 0..3 {
                sum += (dst[c] - f64::from(r[c]) / 255.0 * ra).abs() * 255.0;
            }
            sum += (dst[3] - ra).abs() * 255.0;
            silhouette_diff += usize::from((dst[3] > 0.5) != (r[3] > 127));
        }
        let mean = sum / (4.0 * f64::from(w * h));
        eprintln!("{class} {name}: mean {mean:.3}, silhouette pixels off {silhouette_diff}");
        if mean > limit || silhouette_diff * 1000 > (w * h) as usize {
            failures.push(format!("{name}: mean {mean:.3}, {silhouette_diff} px"));
        }
        checked += 1;
    }
    assert_eq!(checked, 14);
    assert!(failures.is_empty(), "{failures:?}");
}
