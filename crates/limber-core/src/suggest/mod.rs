//! Suggested bones: a skeleton an artist would start from, proposed from the sprite's mask.
//!
//! The mask is brought to a coarse grid ([`grid`], at most [`SuggestSettings::grid_side`] cells a
//! side). On each island large enough: the root is the thickest point (the largest distance to the
//! outline, [`edt`]); the extremities are the prominent peaks of the walking distance from the
//! island's geodesic centre ([`extremities`]); the paths from the root to them, made to keep to the
//! middle of the shape ([`paths`]), join into a tree ([`tree`]) whose segments become chains of bones
//! ([`chains`]) named by the way they point ([`naming`]). Smaller islands hang their own tree from the
//! main island's root, so the rig has one root. Positions are image pixels, as in RIG.json.

mod chains;
mod edt;
mod extremities;
mod grid;
mod naming;
mod paths;
mod tree;

use image::DynamicImage;

use crate::error::{CoreError, CoreResult};
use crate::mask_bits::MaskBits;
use crate::pipeline::MeshSettings;
use crate::rig::BoneRecord;

use chains::Island;
use grid::Grid;

/// What the suggestion reads from the image.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SuggestSettings {
    /// Pixels with alpha at or above this fraction (0–1) are the sprite.
    pub alpha_threshold: f64,
    /// Islands smaller than this (px²) get no bones.
    pub min_island_area: f64,
    /// The longest side of the grid the search runs on (cells); larger images are sampled down.
    pub grid_side: usize,
}

impl Default for SuggestSettings {
    fn default() -> Self {
        Self::from(&MeshSettings::default())
    }
}

impl From<&MeshSettings> for SuggestSettings {
    fn from(mesh: &MeshSettings) -> Self {
        Self {
            alpha_threshold: mesh.alpha_threshold,
            min_island_area: mesh.min_island_area,
            grid_side: 512,
        }
    }
}

/// Extremities need this prominence (a fraction of the longer side): a little under the 5% that
/// tells a limb from a bump, so no limb is missed for the grid's coarseness.
const PROMINENCE: f64 = 0.025;
/// …and at least this fraction of the island's farthest walk from its centre.
const MIN_REACH: f64 = 0.2;
/// A tip's end is the middle of the cells this far (a fraction of the longer side) below it.
const TIP_DROP: f64 = 0.02;
/// …and at most this far (a fraction of the longer side) from it: with [`TIP_SPACING`], every tip
/// left out has a bone end within 8% of the longer side.
const TIP_REACH: f64 = 0.03;
/// Tips closer than this (a fraction of the longer side) to one kept before, or to the root, are
/// left out: a bone end there is near enough.
const TIP_SPACING: f64 = 0.05;
/// The most bones: this many for each extremity found as the requirement defines them, and at
/// least [`BONES_LEAST`]: under the requirement's 5 a limb plus 6, a margin for the grid's
/// coarseness and for counting a limb or two more than the requirement's own centre would.
const BONES_PER_EXTREMITY: usize = 4;
const BONES_LEAST: usize = 6;
/// Islands other than the largest get bones only from this fraction of its area.
const MIN_ISLAND_SHARE: f64 = 0.05;

/// Bones for `image`: its pixels with alpha at or above the threshold (see [`suggest_from_mask`]).
pub fn suggest_bones(
    image: &DynamicImage,
    settings: &SuggestSettings,
) -> CoreResult<Vec<BoneRecord>> {
    let bits = MaskBits::from_image(image, settings.alpha_threshold)?;
    suggest_from_mask(&bits, settings)
}

/// Bones for a mask: the root bone `root` at the largest island's thickest point, a chain of bones
/// to each extremity, parents before children. An error when no pixel is visible.
pub fn suggest_from_mask(
    bits: &MaskBits,
    settings: &SuggestSettings,
) -> CoreResult<Vec<BoneRecord>> {
    if !bits.any() {
        return Err(CoreError::NothingVisible {
            threshold: settings.alpha_threshold,
        });
    }
    let grid = Grid::new(bits, settings.grid_side);
    let islands = grid.islands();
    let Some(main) = islands.first() else {
        return Err(CoreError::NothingVisible {
            threshold: settings.alpha_threshold,
        });
    };
    let cell_area = (grid.cell * grid.cell) as f64;
    let min_cells =
        (settings.min_island_area / cell_area).max(main.len() as f64 * MIN_ISLAND_SHARE);
    let thickness = edt::distance_to_outside(&grid);
    let longer = bits.width.max(bits.height) as f64;
    let mut trees = Vec::new();
    for (k, island) in islands.iter().enumerate() {
        if k > 0 && (island.len() as f64) < min_cells {
            continue;
        }
        trees.push(analyse(&grid, &thickness, island, k, longer));
    }
    // The richest detail within an artist's count of bones: all tips with fewer and fewer bones a
    // limb, then only the strict ones.
    let budget =
        (BONES_PER_EXTREMITY * trees.first().map_or(0, |t| t.strict_count)).max(BONES_LEAST);
    let levels = chains::Detail::LEVELS;
    let schedule = [
        (false, levels[0]),
        (false, levels[1]),
        (false, levels[2]),
        (false, levels[3]),
        (true, levels[2]),
        (true, levels[3]),
    ];
    let mut bones = Vec::new();
    for (strict_only, detail) in schedule {
        bones.clear();
        for tree in &trees {
            let main_island = tree.island == 0;
            let chains = Island {
                grid: &grid,
                image_size: (bits.width, bits.height),
                longer,
                root: tree.root,
                radius: thickness[tree.root] * grid.cell as f64,
                prefix: if main_island {
                    String::new()
                } else {
                    format!("island{}_", tree.island + 1)
                },
                attach_to: (!main_island).then(|| "root".to_string()),
                detail: if main_island {
                    detail
                } else {
                    detail.capped(1)
                },
                mask: bits,
            };
            bones.extend(chains.bones(if strict_only { &tree.strict } else { &tree.all }));
        }
        if bones.len() <= budget {
            break;
        }
    }
    Ok(bones)
}

/// One island's skeleton before it is cut into bones.
struct Tree {
    /// The island's rank by size (0: the largest).
    island: usize,
    /// The thickest cell.
    root: usize,
    /// The segments to every tip found, and to the strict ones only.
    all: Vec<tree::Segment>,
    strict: Vec<tree::Segment>,
    /// How many extremities the requirement's own definition finds (on the grid).
    strict_count: usize,
}

/// Finds an island's root and tips and the centred paths joining them.
fn analyse(grid: &Grid, thickness: &[f64], island: &[usize], k: usize, longer: f64) -> Tree {
    let root = extremities::farthest(thickness, island);
    let centre = extremities::geodesic_centre(grid, island);
    let cells = |f: f64| f * longer / grid.cell as f64;
    let from_centre = paths::walking(grid, centre).dist;
    let from_root = paths::walking(grid, root).dist;
    // The requirement's extremities: 5% prominent from the centre, the farthest within 6%.
    let strict_peaks = extremities::prominent_peaks(grid, &from_centre, island, cells(0.05), 0.25);
    let strict_count =
        extremities::spread_out(grid, &strict_peaks, usize::MAX, 0.06 * longer).len();
    // A limb is a peak seen from the centre or from the root, looser than the requirement's.
    let mut loose = Vec::new();
    for dist in [&from_centre, &from_root] {
        loose.extend(extremities::prominent_peaks(
            grid,
            dist,
            island,
            cells(PROMINENCE),
            MIN_REACH,
        ));
    }
    let ends = |peaks: &[usize]| -> Vec<usize> {
        extremities::spread_out(grid, peaks, root, TIP_SPACING * longer)
            .into_iter()
            .map(|t| {
                extremities::tip_middle(grid, &from_centre, t, cells(TIP_DROP), TIP_REACH * longer)
            })
            .collect()
    };
    let centred = paths::centred(grid, root, thickness);
    Tree {
        island: k,
        root,
        all: tree::segments(&centred, root, &ends(&loose)),
        strict: tree::segments(&centred, root, &ends(&strict_peaks)),
        strict_count,
    }
}
