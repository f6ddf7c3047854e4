//! Suggested bones: a skeleton an artist would start from, proposed from the sprite's mask, or
//! from every part of a project read together on its canvas ([`suggest_on_canvas`]).
//!
//! The mask is brought to a coarse grid ([`grid`], at most [`SuggestSettings::grid_side`] cells a
//! side). Each island large enough is searched on its own crop of the grid: the root is the
//! thickest point (the largest distance to the outline, [`edt`]); the extremities are the prominent
//! peaks of the walking distance from the island's geodesic centre ([`extremities`]); the paths
//! from the root to them, made to keep to the middle of the shape ([`paths`]), join into a tree
//! ([`tree`]). When the largest island reads as a figure (two feet below, a round head above) it
//! gets a figure's rig with human names ([`figure`]; an arm drawn against the body, with no tip of
//! its own, hangs along the trunk's side with a cut along its inner edge, [`figure_arms`]);
//! otherwise the tree's segments become chains of bones ([`chains`]) named as a creature's parts
//! where they read as one ([`creature`]), else by the way they point ([`naming`]). Either way bones
//! are cut where the shape bends or narrows ([`joints`]). Smaller islands hang their own tree from
//! the main island's root, so the rig has one root. Positions are image (or canvas) pixels, as in
//! RIG.json.
//!
//! The rig stays within the bone budget ([`crate::limits::Limits::bones`], or
//! [`SuggestSettings::max_bones`]): the smallest islands are left out first (before any work is
//! spent on them), then the shortest bones of chains are merged with their neighbours
//! ([`prune`]); the [`Suggestion`] says what was left out.

mod background;
mod canvas;
mod cell_tree;
mod chains;
mod contact_cut;
mod contacts;
mod creature;
mod edt;
mod extremities;
mod figure;
mod figure_arms;
mod figure_rig;
mod grid;
mod joints;
mod naming;
mod paths;
mod prune;
mod tree;

pub use canvas::{CanvasPart, suggest_on_canvas};

use image::DynamicImage;

use crate::cuts::Cut;
use crate::error::{CoreError, CoreResult};
use crate::limits::Limits;
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
    /// The most bones suggested (the rig's bone budget in force by default).
    pub max_bones: usize,
}

impl Default for SuggestSettings {
    fn default() -> Self {
        Self::from(&MeshSettings::default())
    }
}

/// The least alpha the suggestion takes as the figure, whatever the mesh's threshold: a faint soft
/// shadow or glow is meshed (and drawn) but gets no bones and joins no limbs.
pub const FIGURE_ALPHA: f64 = 0.05;

impl From<&MeshSettings> for SuggestSettings {
    fn from(mesh: &MeshSettings) -> Self {
        Self {
            alpha_threshold: mesh.alpha_threshold.max(FIGURE_ALPHA),
            min_island_area: mesh.min_island_area,
            grid_side: 512,
            max_bones: usize::try_from(Limits::current().bones).unwrap_or(usize::MAX),
        }
    }
}

/// The suggested bones and what the bone budget left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// Parents before children; one root.
    pub bones: Vec<BoneRecord>,
    /// Islands large enough for bones that were left out, the smallest first, for the budget.
    pub islands_left_out: usize,
    /// Bones merged into their neighbours or dropped to stay within the budget.
    pub bones_merged: usize,
    /// The budget the suggestion kept to.
    pub max_bones: usize,
    /// Where the drawing touches itself, for the weights not to cross: the crossing that opened a
    /// loop (see `contacts`), and the inner edge of an arm that hangs against the body with no
    /// gap (see `figure_arms`; left out when the bone budget leaves no bone running down the arm).
    pub cuts: Vec<Cut>,
}

impl Suggestion {
    /// A sentence on what the budget left out, when it left out anything.
    pub fn pruned_note(&self) -> Option<String> {
        if self.islands_left_out == 0 && self.bones_merged == 0 {
            return None;
        }
        Some(format!(
            "kept to the {}-bone budget: {} smallest islands left out, {} short bones merged",
            self.max_bones, self.islands_left_out, self.bones_merged
        ))
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

/// Bones for a mask: see [`suggest`].
pub fn suggest_from_mask(
    bits: &MaskBits,
    settings: &SuggestSettings,
) -> CoreResult<Vec<BoneRecord>> {
    Ok(suggest(bits, settings)?.bones)
}

/// Bones for a mask: the root bone (`root`, or `hip` for a figure) on the largest island, chains
/// to each extremity, parents before children, within the bone budget and the weights budget for
/// an image of the mask's size (bones × pixels). An error when no pixel is visible.
pub fn suggest(bits: &MaskBits, settings: &SuggestSettings) -> CoreResult<Suggestion> {
    let nothing = || CoreError::NothingVisible {
        threshold: settings.alpha_threshold,
    };
    if !bits.any() {
        return Err(nothing());
    }
    // The bone budget, and no more bones than the weights budget allows over this image: a
    // suggestion is always a rig `new` and the editor accept for it.
    let pixels = (bits.width as u64)
        .saturating_mul(bits.height as u64)
        .max(1);
    let by_weights = Limits::current().weight_bone_pixels / pixels;
    let by_weights = usize::try_from(by_weights).unwrap_or(usize::MAX);
    let max_bones = settings.max_bones.min(by_weights).max(1);
    let grid = Grid::new(bits, settings.grid_side);
    let islands = grid.islands();
    let Some(main) = islands.first() else {
        return Err(nothing());
    };
    let cell_area = (grid.cell * grid.cell) as f64;
    let min_cells =
        (settings.min_island_area / cell_area).max(main.len() as f64 * MIN_ISLAND_SHARE);
    let longer = bits.width.max(bits.height) as f64;
    // Every island kept needs one bone at least: the smallest beyond the budget are left out
    // before any work is spent on them.
    let large: Vec<(usize, &Vec<usize>)> = islands
        .iter()
        .enumerate()
        .filter(|(k, island)| *k == 0 || island.len() as f64 >= min_cells)
        .collect();
    let mut islands_left_out = large.len().saturating_sub(max_bones);
    // The largest island's contact loops are opened when it reads as a figure (a hand on the hip);
    // any other shape keeps its loops (a key's ring, a handle).
    let mut trees: Vec<Tree> = large
        .into_iter()
        .take(max_bones)
        .map(|(k, island)| analyse(&grid, island, k, longer, k == 0))
        .collect();
    let figure_of = |t: &Tree| {
        figure::bones(
            &t.view(bits, longer, chains::Detail::LEVELS[0], None),
            &t.parent,
            t.root,
            &t.tips,
            &t.cells,
        )
    };
    let mut figure = trees.first().and_then(figure_of);
    if figure.is_none()
        && let Some(first) = trees.first_mut()
        && !first.crossings.is_empty()
    {
        *first = analyse(&grid, &islands[0], 0, longer, false);
        figure = figure_of(first);
    }
    let main_root = if figure.is_some() { "hip" } else { "root" };
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
    let mut per_tree: Vec<Vec<BoneRecord>> = Vec::new();
    for (strict_only, detail) in schedule {
        per_tree.clear();
        for tree in &trees {
            if tree.island == 0
                && let Some(figure) = &figure
            {
                per_tree.push(figure.bones.clone());
                continue;
            }
            let main_island = tree.island == 0;
            let detail = if main_island {
                detail
            } else {
                detail.capped(1)
            };
            let attach = (!main_island).then(|| main_root.to_string());
            let view = tree.view(bits, longer, detail, attach);
            per_tree.push(view.bones(if strict_only { &tree.strict } else { &tree.all }));
        }
        if per_tree.iter().map(Vec::len).sum::<usize>() <= budget {
            break;
        }
    }
    // The bone budget: the smallest islands go first, then short bones are merged.
    let mut total: usize = per_tree.iter().map(Vec::len).sum();
    while total > max_bones && per_tree.len() > 1 {
        total -= per_tree.pop().map_or(0, |b| b.len());
        islands_left_out += 1;
    }
    let mut cuts: Vec<Cut> = trees[..per_tree.len()]
        .iter()
        .flat_map(|t| {
            t.crossings.iter().map(|c| Cut {
                points: c.cut.iter().map(|&p| t.grid.at_cell_point(p)).collect(),
            })
        })
        .collect();
    let mut bones: Vec<BoneRecord> = per_tree.into_iter().flatten().collect();
    let bones_merged = prune::to_budget(&mut bones, max_bones);
    if let Some(figure) = figure {
        let arm_cuts = figure.cuts.into_iter().filter(|c| c.keeps_an_arm(&bones));
        cuts.extend(arm_cuts.map(|cut| Cut { points: cut.points }));
    }
    Ok(Suggestion {
        bones,
        islands_left_out,
        bones_merged,
        max_bones,
        cuts,
    })
}

/// One island's skeleton before it is cut into bones, on the island's own crop of the grid.
struct Tree {
    /// The island's rank by size (0: the largest).
    island: usize,
    grid: Grid,
    /// The island's cells on `grid`, and each cell's distance to the outline (cells).
    cells: Vec<usize>,
    thickness: Vec<f64>,
    /// The thickest cell.
    root: usize,
    /// The centred paths' predecessors towards the root, and the tips they lead to.
    parent: Vec<usize>,
    tips: Vec<usize>,
    /// The segments to every tip found, and to the strict ones only.
    all: Vec<tree::Segment>,
    strict: Vec<tree::Segment>,
    /// How many extremities the requirement's own definition finds (on the grid).
    strict_count: usize,
    /// The crossings that opened the island's contact loops (taken out of `grid`).
    crossings: Vec<contacts::Crossing>,
}

impl Tree {
    /// The island as the chains see it.
    fn view<'a>(
        &'a self,
        mask: &'a MaskBits,
        longer: f64,
        detail: chains::Detail,
        attach_to: Option<String>,
    ) -> Island<'a> {
        Island {
            grid: &self.grid,
            image_size: (mask.width, mask.height),
            longer,
            root: self.root,
            radius: self.thickness[self.root] * self.grid.cell as f64,
            prefix: if self.island == 0 {
                String::new()
            } else {
                format!("island{}_", self.island + 1)
            },
            attach_to,
            detail,
            mask,
            thickness: &self.thickness,
        }
    }
}

/// Finds an island's root and tips and the centred paths joining them, on the island's crop, its
/// contact loops opened first when `open_loops` (see `contacts`).
fn analyse(whole: &Grid, island: &[usize], k: usize, longer: f64, open_loops: bool) -> Tree {
    let (mut grid, mut island) = whole.crop(island);
    // A loop the drawing closes by touching itself is opened where it touches.
    // Only an upright island may read as a figure (see `figure`): a wide one keeps its loops
    // without their being looked for.
    let upright = grid.height as f64 >= figure::UPRIGHT * grid.width as f64;
    let crossings = if open_loops && upright {
        contacts::open_loops(&mut grid, &island, longer)
    } else {
        Vec::new()
    };
    island.retain(|&c| grid.inside[c]);
    let thickness = edt::distance_to_outside(&grid);
    let root = extremities::farthest(&thickness, &island);
    let centre = extremities::geodesic_centre(&grid, &island);
    let cells = |f: f64| f * longer / grid.cell as f64;
    let from_centre = paths::walking(&grid, centre).dist;
    let from_root = paths::walking(&grid, root).dist;
    // The requirement's extremities: 5% prominent from the centre, the farthest within 6%.
    let strict_peaks =
        extremities::prominent_peaks(&grid, &from_centre, &island, cells(0.05), 0.25);
    let strict_count =
        extremities::spread_out(&grid, &strict_peaks, usize::MAX, 0.06 * longer).len();
    // A limb is a peak seen from the centre or from the root, looser than the requirement's.
    let mut loose = Vec::new();
    for dist in [&from_centre, &from_root] {
        loose.extend(extremities::prominent_peaks(
            &grid,
            dist,
            &island,
            cells(PROMINENCE),
            MIN_REACH,
        ));
    }
    let ends = |peaks: &[usize]| -> Vec<usize> {
        extremities::spread_out(&grid, peaks, root, TIP_SPACING * longer)
            .into_iter()
            .map(|t| {
                extremities::tip_middle(&grid, &from_centre, t, cells(TIP_DROP), TIP_REACH * longer)
            })
            .collect()
    };
    let mut centred = paths::centred(&grid, root, &thickness);
    let tips = ends(&loose);
    let strict_tips = ends(&strict_peaks);
    let all_tips: Vec<usize> = tips.iter().chain(&strict_tips).copied().collect();
    tree::merge_side_by_side(&grid, &mut centred, &thickness, root, &all_tips);
    let all = tree::segments(&centred, root, &tips);
    let strict = tree::segments(&centred, root, &strict_tips);
    Tree {
        island: k,
        cells: island,
        root,
        parent: centred.parent,
        tips,
        all,
        strict,
        strict_count,
        thickness,
        grid,
        crossings,
    }
}
