//! The asset store: each sprite read and decoded once, and the meshing stages derived from it kept,
//! so that changes that never touch pixels never touch the file.
//!
//! An image is keyed by its path and its content stamp (size and modification time): asking again
//! for an unchanged file costs one `stat`, a changed one is read and decoded again. Per image the
//! store keeps the last few results of each meshing stage, keyed by the settings that stage reads:
//!
//! - the mask and its trace (the alpha level the threshold rounds to, padding, minimum island area),
//!   with the [`InsideGrid`] the distance fields need — two thresholds that round to the same alpha
//!   level of the image mark the same pixels, so they share one entry;
//! - the settled outline (those plus the tolerance: the simplified rings the triangulation accepted);
//! - the triangulation itself is never kept: a spacing change runs only it.
//!
//! So a threshold or padding change recomputes from the mask on, a tolerance change from the
//! simplification on, a spacing change only the triangulation — each bit-identical to a full
//! [`build_mesh_and_grid`](crate::pipeline::build_mesh_and_grid) (see the tests). Images and stages
//! are shared behind [`Arc`]; the store is `Sync` (workers mesh and weigh through it). [`AssetStats`]
//! counts the work done, for tests and benchmarks. The store also keeps the last margin field's
//! buffer, so that a re-mask of an image of the same size writes into memory already paged in.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::SystemTime;

use image::DynamicImage;

use super::alpha::AlphaRows;
use super::distance::InsideGrid;
use super::error::CoreResult;
use super::image_io::{decode_png, read_png_file};
use super::mesh::Mesh;
use super::outline::Outline;
use super::pipeline::{
    MeshSettings, StageTimings, mesh_settled, padded_field_in, settle_and_mesh, trace_field,
};

/// Mask results kept per image (the last ones used).
const KEPT_MASKS: usize = 3;
/// Settled outlines kept per image.
const KEPT_SETTLED: usize = 4;

/// What identifies a file's content without reading it: its size and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileStamp {
    pub len: u64,
    pub modified: Option<SystemTime>,
}

impl FileStamp {
    /// The stamp of the file at `path` now (one `stat`).
    pub fn of(path: &Path) -> CoreResult<Self> {
        let metadata = std::fs::metadata(path)?;
        Ok(Self {
            len: metadata.len(),
            modified: metadata.modified().ok(),
        })
    }
}

/// The work the store has done since it was made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AssetStats {
    /// Image files read.
    pub reads: u64,
    /// Images decoded.
    pub decodes: u64,
    /// Masks built (each with its trace).
    pub mask_builds: u64,
    /// Outlines simplified and settled.
    pub simplifies: u64,
    /// Triangulations run (one per mesh made).
    pub triangulations: u64,
}

#[derive(Default)]
struct Counters {
    reads: AtomicU64,
    decodes: AtomicU64,
    mask_builds: AtomicU64,
    simplifies: AtomicU64,
    triangulations: AtomicU64,
}

fn bump(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

/// A decoded image as it was on disk when read.
pub struct ImageAsset {
    /// The path it was read from, as asked.
    pub path: PathBuf,
    pub stamp: FileStamp,
    /// CRC-32 of the file's bytes (what [`crate::project::Part::image_crc32`] records).
    pub crc32: u32,
    /// The file's bytes (SVG pictures embed them).
    pub bytes: Arc<Vec<u8>>,
    pub image: Arc<DynamicImage>,
    stages: Mutex<Stages>,
}

/// The settings each stage reads, as bits (settings are finite, so bit equality is value equality);
/// the threshold as the alpha level it rounds to on the image ([`AlphaRows::level`]).
type MaskKey = [u64; 3];
type SettleKey = [u64; 4];

fn mask_key(image: &DynamicImage, settings: &MeshSettings) -> MaskKey {
    [
        AlphaRows::level(image, settings.alpha_threshold),
        settings.padding.to_bits(),
        settings.min_island_area.to_bits(),
    ]
}

fn settle_key(image: &DynamicImage, settings: &MeshSettings) -> SettleKey {
    let [a, b, c] = mask_key(image, settings);
    [a, b, c, settings.tolerance.to_bits()]
}

/// The mask stage's result: the traced outline and the inside grid.
#[derive(Clone)]
pub struct Masked {
    pub outline: Arc<Outline>,
    pub grid: Arc<InsideGrid>,
}

#[derive(Default)]
struct Stages {
    masks: Vec<(MaskKey, Masked)>,
    settled: Vec<(SettleKey, Arc<Outline>)>,
}

/// Moves the entry matching `key` to the front and returns its value.
fn take_front<K: PartialEq, V: Clone>(entries: &mut Vec<(K, V)>, key: &K) -> Option<V> {
    let at = entries.iter().position(|(k, _)| k == key)?;
    let entry = entries.remove(at);
    let value = entry.1.clone();
    entries.insert(0, entry);
    Some(value)
}

fn put_front<K, V>(entries: &mut Vec<(K, V)>, key: K, value: V, keep: usize) {
    entries.insert(0, (key, value));
    entries.truncate(keep);
}

impl ImageAsset {
    fn stages(&self) -> MutexGuard<'_, Stages> {
        // A panic elsewhere leaves the caches consistent (entries are inserted whole).
        self.stages.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn width(&self) -> u32 {
        self.image.width()
    }

    pub fn height(&self) -> u32 {
        self.image.height()
    }
}

/// A mesh made through the store, with the mask it was made from.
pub struct StagedMesh {
    pub mesh: Mesh,
    pub grid: Arc<InsideGrid>,
    pub timings: StageTimings,
}

/// Decoded images and their meshing stages, shared; see the module docs.
#[derive(Default)]
pub struct AssetStore {
    images: Mutex<HashMap<PathBuf, Arc<ImageAsset>>>,
    /// The last margin field's memory, for the next one.
    field_buffer: Mutex<Vec<f32>>,
    counters: Counters,
}

impl AssetStore {
    pub fn new() -> Self {
        Self::default()
    }

    fn images(&self) -> MutexGuard<'_, HashMap<PathBuf, Arc<ImageAsset>>> {
        self.images.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn field_buffer(&self) -> MutexGuard<'_, Vec<f32>> {
        self.field_buffer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The work done so far.
    pub fn stats(&self) -> AssetStats {
        let c = &self.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        AssetStats {
            reads: get(&c.reads),
            decodes: get(&c.decodes),
            mask_builds: get(&c.mask_builds),
            simplifies: get(&c.simplifies),
            triangulations: get(&c.triangulations),
        }
    }

    /// The image at `path`: the kept one when the file's stamp is unchanged, else read and decoded
    /// (and kept, replacing the old one and its stages). Errors are the file's problem; the caller
    /// names the file.
    pub fn image(&self, path: &Path) -> CoreResult<Arc<ImageAsset>> {
        let stamp = FileStamp::of(path)?;
        let kept = self.images().get(path).cloned();
        if let Some(asset) = &kept
            && asset.stamp == stamp
            && stamp.modified.is_some()
        {
            return Ok(Arc::clone(asset));
        }
        bump(&self.counters.reads);
        let bytes = read_png_file(path)?;
        let crc32 = crc32fast::hash(&bytes);
        // Without modification times, the content decides: an unchanged file is not decoded again.
        if let Some(asset) = kept
            && asset.crc32 == crc32
            && asset.bytes.as_slice() == bytes.as_slice()
        {
            return Ok(asset);
        }
        bump(&self.counters.decodes);
        let image = decode_png(&bytes)?;
        let asset = Arc::new(ImageAsset {
            path: path.to_path_buf(),
            stamp,
            crc32,
            bytes: Arc::new(bytes),
            image: Arc::new(image),
            stages: Mutex::new(Stages::default()),
        });
        self.images().insert(path.to_path_buf(), Arc::clone(&asset));
        Ok(asset)
    }

    /// The mask stage of `asset` under `settings` (threshold, padding, minimum island area): kept,
    /// or built and traced.
    pub fn masked(
        &self,
        asset: &ImageAsset,
        settings: &MeshSettings,
        timings: &mut StageTimings,
    ) -> CoreResult<Masked> {
        settings.validate()?;
        let key = mask_key(&asset.image, settings);
        if let Some(masked) = take_front(&mut asset.stages().masks, &key) {
            return Ok(masked);
        }
        bump(&self.counters.mask_builds);
        // Another worker masking at the same time finds no buffer and pages in its own.
        let buffer = std::mem::take(&mut *self.field_buffer());
        let field = timings.time("mask", || padded_field_in(&asset.image, settings, buffer))?;
        let outline = timings.time("trace", || trace_field(&field, settings));
        let grid = InsideGrid::from_field(&field);
        *self.field_buffer() = field.into_buffer();
        let masked = Masked {
            outline: Arc::new(outline?),
            grid: Arc::new(grid),
        };
        put_front(&mut asset.stages().masks, key, masked.clone(), KEPT_MASKS);
        Ok(masked)
    }

    /// `asset` meshed with `settings`, each stage taken from what is kept where its settings are
    /// unchanged. Bit-identical to [`crate::pipeline::build_mesh_and_grid`] on the same image.
    pub fn mesh_of(&self, asset: &ImageAsset, settings: &MeshSettings) -> CoreResult<StagedMesh> {
        let mut timings = StageTimings::default();
        let masked = self.masked(asset, settings, &mut timings)?;
        let key = settle_key(&asset.image, settings);
        let settled = take_front(&mut asset.stages().settled, &key);
        let mesh = match settled {
            Some(settled) => {
                bump(&self.counters.triangulations);
                mesh_settled(&masked.outline, &settled, settings, &mut timings)?
            }
            None => {
                bump(&self.counters.simplifies);
                bump(&self.counters.triangulations);
                let (mesh, settled) = settle_and_mesh(&masked.outline, settings, &mut timings)?;
                put_front(
                    &mut asset.stages().settled,
                    key,
                    Arc::new(settled),
                    KEPT_SETTLED,
                );
                mesh
            }
        };
        Ok(StagedMesh {
            mesh,
            grid: masked.grid,
            timings,
        })
    }

    /// The image at `path` meshed with `settings` (see [`AssetStore::mesh_of`]).
    pub fn mesh(&self, path: &Path, settings: &MeshSettings) -> CoreResult<StagedMesh> {
        let asset = self.image(path)?;
        self.mesh_of(&asset, settings)
    }

    /// The inside grid of the image at `path` under `settings` (what the distance fields read).
    pub fn grid(&self, path: &Path, settings: &MeshSettings) -> CoreResult<Arc<InsideGrid>> {
        let asset = self.image(path)?;
        Ok(self
            .masked(&asset, settings, &mut StageTimings::default())?
            .grid)
    }

    /// Forgets every kept image (their memory goes when the last user lets go).
    pub fn clear(&self) {
        self.images().clear();
        *self.field_buffer() = Vec::new();
    }
}

#[cfg(test)]
mod tests;
