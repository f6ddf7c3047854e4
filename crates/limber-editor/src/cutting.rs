//! Cuts in the editor (Weights mode, the Cut tool): a line drawn where two limbs touch in the
//! drawing, which automatic weights do not reach across ([`limber_core::cuts`]). A drawn stroke is
//! simplified and added as one undo step with what it leads to: every part's mesh split along the
//! cuts (made again from its settings and split, or, for a mesh edited by hand, split as it is)
//! and the weights recomputed. The inspector's list deletes one the same way (a hand-edited mesh
//! keeps its slit). The drag is `tools/cut.rs`.

use std::sync::Arc;

use glam::DVec2;
use limber_core::cuts::{Cut, split_mesh};
use limber_core::edit::{Edit, EditError};
use limber_core::remesh::carry_binding;

use crate::editor::Editor;

/// Freehand points closer than this to the line through their neighbours are dropped (image px).
pub const SIMPLIFY_TOLERANCE: f64 = 0.75;

/// A stroke shorter than this (image px, end to end along it) is taken for a click, not a cut.
pub const SHORTEST_CUT: f64 = 3.0;

/// Why a cut was not added or deleted.
#[derive(Debug, thiserror::Error)]
pub enum CutError {
    #[error(
        "drag along where the limbs touch to draw a cut (this stroke is under {SHORTEST_CUT} px)"
    )]
    TooShort,
    #[error("no cut {0}")]
    NoCut(usize),
    #[error("{0}")]
    Mesh(String),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// Adds a cut through `points` (image pixels, as drawn) and recomputes the weights: one undo step,
/// or part of the one open (the Cut tool's drag).
pub(crate) fn add_cut(editor: &mut Editor, points: &[[f64; 2]]) -> Result<bool, CutError> {
    let simplified = simplify(points, SIMPLIFY_TOLERANCE);
    if length(&simplified) < SHORTEST_CUT {
        return Err(CutError::TooShort);
    }
    let crossed = crossed_bones(editor, &simplified);
    let mut cuts = editor.document.project.rig.cuts.clone();
    cuts.push(Cut { points: simplified });
    let count = cuts.len();
    let mut step = editor.step();
    step.document.apply(Edit::SetCuts(cuts))?;
    split_parts(&mut step)?;
    step.recompute_weights();
    step.status = format!("cut {count} added: weights do not reach across it");
    if !crossed.is_empty() {
        // Said, because it changes more than the contact: such a bone stops at the cut.
        let names = crossed.join(", ");
        step.status += &format!("; it crosses {names}, which now weigh only their head's side");
    }
    step.commit();
    Ok(true)
}

/// Deletes cut `index` (from 0) and recomputes the weights, one undo step.
pub(crate) fn delete_cut(editor: &mut Editor, index: usize) -> Result<bool, CutError> {
    let mut cuts = editor.document.project.rig.cuts.clone();
    if index >= cuts.len() {
        return Err(CutError::NoCut(index + 1));
    }
    cuts.remove(index);
    let mut step = editor.step();
    step.document.apply(Edit::SetCuts(cuts))?;
    split_parts(&mut step)?;
    step.recompute_weights();
    step.status = format!("cut {} deleted", index + 1);
    step.commit();
    Ok(true)
}

/// Every part's mesh split along the rig's cuts as they are now: a mesh made from its settings is
/// made again and split (so a deleted cut heals), one edited by hand is split as it is. Weights are
/// carried to the new vertices (the caller recomputes them).
pub(crate) fn split_parts(editor: &mut Editor) -> Result<(), CutError> {
    for index in 0..editor.document.project.parts.len() {
        let part = &editor.document.project.parts[index];
        let base = if part.mesh_edited {
            part.mesh.as_ref().clone()
        } else {
            let path = editor.document.image_path(index);
            let staged = editor
                .document
                .assets
                .mesh(&path, &part.mesh_settings)
                .map_err(|e| CutError::Mesh(format!("{}: {e}", path.display())))?;
            staged.mesh.placed_at(part.mesh.offset)
        };
        let cuts = &editor.document.project.rig.cuts;
        let mesh = split_mesh(&base, cuts).map_err(|e| CutError::Mesh(e.to_string()))?;
        if mesh == *part.mesh {
            continue;
        }
        let binding = carry_binding(&part.mesh, &part.binding, &mesh.positions);
        let (settings, hand_edited) = (part.mesh_settings.clone(), part.mesh_edited);
        editor.document.apply(Edit::ReplaceMesh {
            part: index,
            mesh: Arc::new(mesh),
            settings,
            hand_edited,
            binding,
        })?;
    }
    Ok(())
}

/// The deforming bones whose segment the polyline `points` crosses.
fn crossed_bones(editor: &Editor, points: &[[f64; 2]]) -> Vec<String> {
    let crosses = |a: DVec2, b: DVec2, p: DVec2, q: DVec2| {
        let side = |o: DVec2, u: DVec2, v: DVec2| (u - o).perp_dot(v - o);
        side(a, b, p) * side(a, b, q) < 0.0 && side(p, q, a) * side(p, q, b) < 0.0
    };
    let bones = &editor.document.project.rig.skeleton.bones;
    bones
        .iter()
        .filter(|bone| bone.deform)
        .filter(|bone| {
            let (head, tail) = (DVec2::from(bone.head), DVec2::from(bone.tail));
            points
                .windows(2)
                .any(|w| crosses(w[0].into(), w[1].into(), head, tail))
        })
        .map(|bone| bone.name.clone())
        .collect()
}

/// `points` with the ones that add no shape dropped (Douglas and Peucker's line simplification):
/// every dropped point lies within `tolerance` of the kept line. The ends are always kept.
pub fn simplify(points: &[[f64; 2]], tolerance: f64) -> Vec<[f64; 2]> {
    if points.len() < 3 {
        return points.to_vec();
    }
    let mut keep = vec![false; points.len()];
    keep[0] = true;
    keep[points.len() - 1] = true;
    let mut spans = vec![(0, points.len() - 1)];
    while let Some((first, last)) = spans.pop() {
        let (a, b) = (DVec2::from(points[first]), DVec2::from(points[last]));
        let farthest = (first + 1..last)
            .map(|i| (i, line_distance(DVec2::from(points[i]), a, b)))
            .max_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((i, distance)) = farthest
            && distance > tolerance
        {
            keep[i] = true;
            spans.push((first, i));
            spans.push((i, last));
        }
    }
    points
        .iter()
        .zip(keep)
        .filter_map(|(p, kept)| kept.then_some(*p))
        .collect()
}

/// The polyline's length in pixels.
pub fn length(points: &[[f64; 2]]) -> f64 {
    points
        .windows(2)
        .map(|w| DVec2::from(w[0]).distance(DVec2::from(w[1])))
        .sum()
}

/// Distance from `p` to the segment `a`–`b`.
fn line_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freehand_straight_stroke_keeps_its_ends_and_its_bend() {
        let mut stroke: Vec<[f64; 2]> = (0..=20).map(|i| [f64::from(i), 0.1]).collect();
        stroke.extend((1..=20).map(|i| [20.0, f64::from(i)]));
        let simplified = simplify(&stroke, SIMPLIFY_TOLERANCE);
        assert_eq!(simplified, vec![[0.0, 0.1], [20.0, 0.1], [20.0, 20.0]]);
        assert!((length(&simplified) - 39.9).abs() < 1e-9);
    }

    #[test]
    fn every_dropped_point_stays_within_the_tolerance() {
        let wave: Vec<[f64; 2]> = (0..200)
            .map(|i| {
                let x = f64::from(i) * 0.5;
                [x, 6.0 * (x / 7.0).sin()]
            })
            .collect();
        let simplified = simplify(&wave, SIMPLIFY_TOLERANCE);
        assert!(simplified.len() < wave.len() / 4, "{}", simplified.len());
        for p in &wave {
            let nearest = simplified
                .windows(2)
                .map(|w| line_distance(DVec2::from(*p), w[0].into(), w[1].into()))
                .fold(f64::INFINITY, f64::min);
            assert!(nearest <= SIMPLIFY_TOLERANCE + 1e-12, "{p:?}: {nearest}");
        }
    }
}
