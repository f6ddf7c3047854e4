//! limber's side of the performance report (issue 9): times the pipeline's stages on given sprites
//! and prints one JSON object per sprite, for `bench/report.py` to set beside the Python pipeline.
//!
//! Not a criterion bench (`harness = false`): it is a small command run by the report script, and
//! the program `valgrind --tool=callgrind` profiles for instruction counts.
//!
//! ```text
//! stage_report report SPRITE.png [--runs N] [--fields DIR]   medians of every stage, as JSON
//! stage_report memory SPRITE.png mesh|field                  one stage once; its peak memory (VmHWM)
//! stage_report field SPRITE.png METRIC [--repeat N]          one field N times (for callgrind)
//! stage_report bones SPRITE.png RIG.json [--runs N]          all bones' distances + weights
//! ```
//!
//! `--fields DIR` also writes each metric's field (little-endian f32, row-major, infinity outside)
//! and the bone's source pixels, so the script can measure errors against scikit-fmm.

use std::path::{Path, PathBuf};
use std::time::Instant;

use limber::core::distance::{InsideGrid, Metric, field, with_field};
use limber::core::image_io::load_png;
use limber::core::pipeline::{StageTimings, build_mesh_and_grid, mesh_outline, padded_field};
use limber::core::rig::load_rig;
use limber::core::weights::auto_weights;
use limber::core::{MeshSettings, outline::trace};

mod support;
use support::{body_bone, neighbourhood_sum, rig_distances};

const METRICS: [Metric; 3] = [Metric::Bfs4, Metric::Dijkstra8, Metric::Geodesic];

/// Median milliseconds of `runs` calls of `work`, after one warm-up call.
fn median_ms<T>(runs: usize, mut work: impl FnMut() -> T) -> f64 {
    std::hint::black_box(work());
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        0.5 * (times[n / 2 - 1] + times[n / 2])
    }
}

/// This process's peak resident memory in MB (`VmHWM`), Linux only; 0 elsewhere.
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Resets the peak resident memory to the current one (Linux ≥ 4.0), so a stage's peak is its own.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn metric_named(name: &str) -> Metric {
    METRICS
        .into_iter()
        .find(|m| m.name() == name)
        .unwrap_or_else(|| panic!("unknown metric {name}"))
}

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn report(path: &Path, runs: usize, fields_dir: Option<PathBuf>) {
    let settings = MeshSettings::default();
    let decode = median_ms(runs, || load_png(path).unwrap());
    let image = load_png(path).unwrap();
    let mask = median_ms(runs, || padded_field(&image, &settings).unwrap());
    let padded = padded_field(&image, &settings).unwrap();
    let traced = median_ms(runs, || trace(&padded, settings.min_island_area));
    let outline = trace(&padded, settings.min_island_area);
    let triangulate = median_ms(runs, || {
        mesh_outline(&outline, &settings, &mut StageTimings::default()).unwrap()
    });
    let mesh = mesh_outline(&outline, &settings, &mut StageTimings::default()).unwrap();
    let grid = InsideGrid::from_field(&padded);
    let inside = grid.inside.iter().filter(|&&b| b).count();
    let floor = median_ms(runs, || neighbourhood_sum(&grid));
    let (head, tail) = body_bone(&grid);
    let mut fields = Vec::new();
    for metric in METRICS {
        let ms = median_ms(runs, || {
            with_field(&grid, head, tail, metric, |f| f[f.len() / 2])
        });
        fields.push(format!("\"{}\": {ms:.3}", metric.name()));
        if let Some(dir) = &fields_dir {
            let values = field(&grid, head, tail, metric);
            let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
            std::fs::write(dir.join(format!("{}.f32", metric.name())), bytes).unwrap();
        }
    }
    println!(
        "{{\"sprite\": \"{}\", \"width\": {}, \"height\": {}, \"mask_pixels\": {inside}, \
         \"vertices\": {}, \"triangles\": {}, \"bone\": [{:?}, {:?}], \"ms\": {{\"decode\": {decode:.3}, \
         \"mask\": {mask:.3}, \"trace\": {traced:.3}, \"simplify+triangulate\": {triangulate:.3}, \
         \"floor-3x3\": {floor:.3}, {}}}}}",
        path.display(),
        grid.width,
        grid.height,
        mesh.positions.len(),
        mesh.triangles.len(),
        head,
        tail,
        fields.join(", ")
    );
}

fn memory(path: &Path, stage: &str) {
    let settings = MeshSettings::default();
    let image = load_png(path).unwrap();
    let before = peak_mb();
    reset_peak();
    let start = Instant::now();
    match stage {
        "mesh" => {
            let padded = padded_field(&image, &settings).unwrap();
            let outline = trace(&padded, settings.min_island_area);
            drop(padded);
            let mesh = mesh_outline(&outline, &settings, &mut StageTimings::default()).unwrap();
            std::hint::black_box(mesh);
        }
        "field" => {
            // The grid comes from the mask stage; only the field itself is timed and measured here.
            let grid = InsideGrid::from_field(&padded_field(&image, &settings).unwrap());
            reset_peak();
            let start_field = Instant::now();
            let (head, tail) = body_bone(&grid);
            with_field(&grid, head, tail, Metric::Geodesic, |f| f[0]);
            let ms = start_field.elapsed().as_secs_f64() * 1000.0;
            println!(
                "{{\"stage\": \"field\", \"ms\": {ms:.3}, \"peak_mb\": {:.1}, \"image_mb\": {before:.1}}}",
                peak_mb()
            );
            return;
        }
        other => panic!("unknown stage {other}"),
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "{{\"stage\": \"{stage}\", \"ms\": {ms:.3}, \"peak_mb\": {:.1}, \"image_mb\": {before:.1}}}",
        peak_mb()
    );
}

/// Times every bone's distances plus the weights from a fresh cache (median of `runs`), and prints
/// an FNV-1a hash of the weights' bits, so two builds can be checked for identical results.
fn bones(path: &Path, rig: &Path, runs: usize) {
    let image = load_png(path).unwrap();
    let skeleton = load_rig(rig).unwrap().skeleton;
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let weigh = || {
        let distances = rig_distances(&grid, &skeleton, &mesh.positions);
        auto_weights(&skeleton, &distances, &mesh.positions, 100.0)
    };
    let ms = median_ms(runs, weigh);
    let binding = weigh();
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for influences in &binding.vertices {
        for &(bone, w) in influences {
            for word in [bone as u64, w.to_bits()] {
                hash = (hash ^ word).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    println!(
        "{{\"sprite\": \"{}\", \"bones\": {}, \"vertices\": {}, \"ms\": {ms:.3}, \"weights_hash\": \"{hash:016x}\"}}",
        path.display(),
        skeleton.bones.len(),
        mesh.positions.len()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; everything else is ours.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let Some(mode) = args.first() else {
        eprintln!("usage: stage_report report|memory|field SPRITE.png ...");
        return;
    };
    let path = PathBuf::from(args.get(1).expect("a sprite"));
    match mode.as_str() {
        "report" => {
            let runs = flag(&args, "--runs").map_or(7, |r| r.parse().unwrap());
            report(&path, runs, flag(&args, "--fields").map(PathBuf::from));
        }
        "memory" => memory(&path, args.get(2).map_or("field", String::as_str)),
        "field" => {
            let metric = metric_named(args.get(2).map_or("geodesic", String::as_str));
            let repeat = flag(&args, "--repeat").map_or(1, |r| r.parse().unwrap());
            let image = load_png(&path).unwrap();
            let grid =
                InsideGrid::from_field(&padded_field(&image, &MeshSettings::default()).unwrap());
            let (head, tail) = body_bone(&grid);
            // FNV-1a over the field's bits: equal hashes mean bit-identical fields.
            let mut hash = 0xcbf2_9ce4_8422_2325u64;
            for _ in 0..repeat {
                hash = with_field(&grid, head, tail, metric, |f| {
                    f.iter().fold(hash, |h, v| {
                        (h ^ u64::from(v.to_bits())).wrapping_mul(0x100_0000_01b3)
                    })
                });
            }
            println!("{} field hash {hash:016x}", metric.name());
        }
        "bones" => {
            let rig = PathBuf::from(args.get(2).expect("a rig"));
            let runs = flag(&args, "--runs").map_or(5, |r| r.parse().unwrap());
            bones(&path, &rig, runs);
        }
        other => eprintln!("unknown mode {other}"),
    }
}
