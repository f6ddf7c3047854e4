//! Image → mesh, stage by stage: mask, trace, simplify, triangulate.
//!
//! [`MeshSettings`] holds the artist's knobs with defaults chosen so that the mesh covers every pixel
//! that shows at all — alpha ≥ 1/255 ([`FAINTEST_ALPHA`]): soft shadows, glows, feathered mask edges
//! and anti-aliased fringes — while gaps and holes stay open. The padding budget: the traced outline lies
//! `padding` px beyond the masked pixels' edges, and simplification may move it by at most
//! `tolerance` px, so with the defaults (1 px each) a masked pixel's centre is never less than 0.5 px
//! inside the mesh, and the mesh reaches at most `padding + 0.5 + tolerance` = 2.5 px beyond a masked
//! pixel centre.

use std::time::{Duration, Instant};

use image::DynamicImage;
use serde::{Deserialize, Serialize};

use super::distance::InsideGrid;
use super::error::{CoreError, CoreResult};
use super::mask::PaddedField;
use super::mask_bits::MaskBits;
use super::mesh::Mesh;
use super::outline::{Outline, trace};
use super::simplify::{RingTolerances, simplify};
use super::triangulate::{TriangulateError, triangulate};

/// How a sprite is meshed. All lengths in image pixels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeshSettings {
    /// A pixel is visible when alpha / max ≥ this fraction (0–1).
    pub alpha_threshold: f64,
    /// How far the outline is pushed out beyond the visible pixels, to take in antialiased edges.
    pub padding: f64,
    /// Most an outline point may move when the outline is simplified.
    pub tolerance: f64,
    /// Target distance between interior vertices; `None` picks one from the image size
    /// ([`auto_spacing`]).
    pub spacing: Option<f64>,
    /// Islands and holes smaller than this area (px², measured on the padded outline) are dropped;
    /// a dropped hole is filled.
    pub min_island_area: f64,
}

/// The default alpha threshold: the faintest 8-bit alpha level, so no pixel that shows is cut.
pub const FAINTEST_ALPHA: f64 = 1.0 / 255.0;

impl Default for MeshSettings {
    fn default() -> Self {
        Self {
            alpha_threshold: FAINTEST_ALPHA,
            padding: 1.0,
            tolerance: 1.0,
            spacing: None,
            min_island_area: 16.0,
        }
    }
}

/// The most vertices a mesh may have: beyond this a spacing is refused as too fine for the image
/// (memory stays bounded whatever the settings).
pub const MAX_MESH_VERTICES: f64 = 2_000_000.0;

/// Interior spacing used when none is given: a twentieth of the image's longer side, at least 4 px.
pub fn auto_spacing(width: u32, height: u32) -> f64 {
    (f64::from(width.max(height)) / 20.0).max(4.0)
}

impl MeshSettings {
    /// Checks every setting is finite and in range.
    pub fn validate(&self) -> CoreResult<()> {
        let bad = |what: &str, value: f64| {
            Err(CoreError::InvalidSetting(format!(
                "{what} {value} is out of range"
            )))
        };
        if !(0.0..=1.0).contains(&self.alpha_threshold) {
            return bad("alpha threshold", self.alpha_threshold);
        }
        if !(0.0..=64.0).contains(&self.padding) {
            return bad("padding", self.padding);
        }
        if !(0.0..=64.0).contains(&self.tolerance) {
            return bad("tolerance", self.tolerance);
        }
        if let Some(spacing) = self.spacing
            && !(1.0..=1e6).contains(&spacing)
        {
            return bad("spacing", spacing);
        }
        if !(0.0..=1e12).contains(&self.min_island_area) {
            return bad("minimum island area", self.min_island_area);
        }
        Ok(())
    }

    /// The interior spacing for a `width` × `height` image.
    pub fn effective_spacing(&self, width: u32, height: u32) -> f64 {
        self.spacing.unwrap_or_else(|| auto_spacing(width, height))
    }
}

/// Wall-clock time per pipeline stage, in the order the stages ran.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StageTimings {
    pub stages: Vec<(&'static str, Duration)>,
}

impl StageTimings {
    /// Adds `elapsed` to `stage` (creating it at the end if new).
    pub fn add(&mut self, stage: &'static str, elapsed: Duration) {
        match self.stages.iter_mut().find(|(name, _)| *name == stage) {
            Some((_, total)) => *total += elapsed,
            None => self.stages.push((stage, elapsed)),
        }
    }

    /// Runs `work`, adding its time to `stage`.
    pub fn time<T>(&mut self, stage: &'static str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let result = work();
        self.add(stage, start.elapsed());
        result
    }
}

/// The padded mask of `image` (the `mask` stage).
pub fn padded_field(image: &DynamicImage, settings: &MeshSettings) -> CoreResult<PaddedField> {
    padded_field_in(image, settings, Vec::new())
}

/// [`padded_field`], its margins written into `buffer` (a previous field's, to reuse its memory).
pub fn padded_field_in(
    image: &DynamicImage,
    settings: &MeshSettings,
    buffer: Vec<f32>,
) -> CoreResult<PaddedField> {
    let mask = MaskBits::from_image(image, settings.alpha_threshold)?;
    if !mask.any() {
        return Err(CoreError::NothingVisible {
            threshold: settings.alpha_threshold,
        });
    }
    PaddedField::from_bits(mask, settings.padding, buffer)
}

/// Simplifies and triangulates a traced outline (the `simplify` and `triangulate` stages). Rings whose
/// simplified form would cross another ring are simplified less until none do.
pub fn mesh_outline(
    outline: &Outline,
    settings: &MeshSettings,
    timings: &mut StageTimings,
) -> CoreResult<Mesh> {
    settle_and_mesh(outline, settings, timings).map(|(mesh, _)| mesh)
}

/// The triangle size and added-vertex budget the spacing asks for on `outline`; an error when the
/// mesh would pass [`MAX_MESH_VERTICES`].
fn triangle_budget(outline: &Outline, settings: &MeshSettings) -> CoreResult<(f64, usize)> {
    let spacing = settings.effective_spacing(outline.width, outline.height);
    let max_area = spacing * spacing * 3f64.sqrt() / 4.0;
    // A triangulation has about two triangles per vertex.
    let expected_vertices = outline.area() / max_area / 2.0 + outline.point_count() as f64;
    if expected_vertices > MAX_MESH_VERTICES {
        return Err(CoreError::InvalidSetting(format!(
            "spacing {spacing} px would make about {expected_vertices:.0} vertices, over the \
             {MAX_MESH_VERTICES} limit; use a larger spacing"
        )));
    }
    Ok((max_area, (expected_vertices * 4.0) as usize + 10_000))
}

/// [`mesh_outline`], also returning the *settled* outline: the simplified rings the triangulation
/// accepted (no two cross). Whether rings cross does not depend on the spacing, so a later spacing
/// change can triangulate the settled outline again ([`mesh_settled`]) and get the very mesh a full
/// run would make.
pub fn settle_and_mesh(
    outline: &Outline,
    settings: &MeshSettings,
    timings: &mut StageTimings,
) -> CoreResult<(Mesh, Outline)> {
    let (max_area, vertex_budget) = triangle_budget(outline, settings)?;
    let mut tolerances = RingTolerances::new(outline, settings.tolerance);
    loop {
        let simplified = timings.time("simplify", || simplify(outline, &tolerances));
        match timings.time("triangulate", || {
            triangulate(&simplified, max_area, vertex_budget)
        }) {
            Ok(triangles) => {
                let mesh = Mesh::from_triangles(outline.width, outline.height, triangles);
                return Ok((mesh, simplified));
            }
            Err(TriangulateError::Crossing(rings)) => {
                let mut progressed = false;
                for ring in rings {
                    progressed |= tolerances.refine(ring);
                }
                if !progressed {
                    // The reported rings are exact already: their partners must give way.
                    let ids: Vec<_> = tolerances.ids().collect();
                    for id in ids {
                        progressed |= tolerances.refine(id);
                    }
                }
                if !progressed {
                    return Err(CoreError::Triangulation(
                        "the traced outline crosses itself".into(),
                    ));
                }
            }
            Err(TriangulateError::Rejected(reason)) => {
                return Err(CoreError::Triangulation(reason));
            }
        }
    }
}

/// The `triangulate` stage alone: meshes `settled` (from [`settle_and_mesh`] on `outline` with the
/// same tolerance) at `settings`' spacing. The result is bit-identical to [`mesh_outline`] on
/// `outline`, which would settle on the same rings first.
pub fn mesh_settled(
    outline: &Outline,
    settled: &Outline,
    settings: &MeshSettings,
    timings: &mut StageTimings,
) -> CoreResult<Mesh> {
    let (max_area, vertex_budget) = triangle_budget(outline, settings)?;
    match timings.time("triangulate", || {
        triangulate(settled, max_area, vertex_budget)
    }) {
        Ok(triangles) => Ok(Mesh::from_triangles(
            outline.width,
            outline.height,
            triangles,
        )),
        // Not expected (the settled rings were accepted once): settle again from the outline.
        Err(TriangulateError::Crossing(_)) => mesh_outline(outline, settings, timings),
        Err(TriangulateError::Rejected(reason)) => Err(CoreError::Triangulation(reason)),
    }
}

/// The `trace` stage: the outline of the padded mask, islands and holes under the settings' area
/// dropped; an error when nothing is left.
pub fn trace_field(field: &PaddedField, settings: &MeshSettings) -> CoreResult<Outline> {
    let outline = trace(field, settings.min_island_area);
    if outline.islands.is_empty() {
        return Err(CoreError::NothingVisible {
            threshold: settings.alpha_threshold,
        });
    }
    Ok(outline)
}

/// The whole image → mesh pipeline on a decoded image, with the time of each stage.
///
/// ```
/// use image::{DynamicImage, Rgba, RgbaImage};
/// use limber_core::{MeshSettings, build_mesh};
///
/// // A 16 px red square in the middle of a transparent 32 px image.
/// let sprite = RgbaImage::from_fn(32, 32, |x, y| {
///     let inside = (8..24).contains(&x) && (8..24).contains(&y);
///     Rgba([255, 0, 0, if inside { 255 } else { 0 }])
/// });
/// let (mesh, timings) = build_mesh(&DynamicImage::ImageRgba8(sprite), &MeshSettings::default())?;
/// assert_eq!((mesh.island_count, mesh.hole_count), (1, 0));
/// assert!(mesh.interior_vertex_count() > 0);
/// // The outline lies about a pixel beyond the square (the default padding).
/// let min_x = mesh.positions.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min);
/// assert!((6.0..8.0).contains(&min_x));
/// assert_eq!(timings.stages.len(), 4);
/// # Ok::<(), limber_core::CoreError>(())
/// ```
pub fn build_mesh(
    image: &DynamicImage,
    settings: &MeshSettings,
) -> CoreResult<(Mesh, StageTimings)> {
    settings.validate()?;
    let mut timings = StageTimings::default();
    let field = timings.time("mask", || padded_field(image, settings))?;
    let outline = timings.time("trace", || trace_field(&field, settings))?;
    drop(field);
    let mesh = mesh_outline(&outline, settings, &mut timings)?;
    Ok((mesh, timings))
}

/// [`build_mesh`], also returning the mask the mesh was made from, as the distance fields need it.
pub fn build_mesh_and_grid(
    image: &DynamicImage,
    settings: &MeshSettings,
) -> CoreResult<(Mesh, InsideGrid, StageTimings)> {
    settings.validate()?;
    let mut timings = StageTimings::default();
    let field = timings.time("mask", || padded_field(image, settings))?;
    let outline = timings.time("trace", || trace_field(&field, settings))?;
    let grid = InsideGrid::from_field(&field);
    drop(field);
    let mesh = mesh_outline(&outline, settings, &mut timings)?;
    Ok((mesh, grid, timings))
}
