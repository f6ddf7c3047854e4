//! What the loader checks of a part's mesh beyond its shape in JSON (see docs/FORMAT.md): at least
//! one triangle; every triangle wound with positive shoelace area in image coordinates (the
//! mesher's winding: counter-clockwise once y points up), so none is degenerate or flipped; every
//! vertex finite and within the image rectangle grown by a margin; and, across parts, unique names.
//!
//! The margin is what the mesher can reach beyond the image: the outline lies `padding` px beyond
//! the visible pixels and simplification may move it `tolerance` px more (plus a pixel for the
//! half-pixel edge). A mesh edited by hand may have been dragged further, so it gets the image's
//! larger side as its margin.
//!
//! The clips' lists are checked against their budgets ([`check_clip_lists`], see
//! [`crate::limits`]) before any clip is validated, so no later copy (the editor's document, an
//! export, a recovery file) can grow past them.

use crate::animation::ClipRecord;
use crate::limits::Limits;
use crate::over_limit::OverLimit;
use crate::pipeline::MeshSettings;

/// A part's mesh as read from the file, before it becomes a [`crate::mesh::Mesh`].
pub struct PartMeshView<'a> {
    /// Where the image's top-left corner sits on the canvas (vertices are in canvas pixels).
    pub offset: [u32; 2],
    pub image_size: [u32; 2],
    pub settings: &'a MeshSettings,
    pub mesh_edited: bool,
    pub vertices: &'a [[f64; 2]],
    pub triangles: &'a [[u32; 3]],
}

/// What is wrong with a part's mesh.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshProblem {
    #[error("the mesh has no triangles (a part needs at least one)")]
    NoTriangles,
    #[error(
        "vertex {vertex:?} is outside the {} x {} image at {offset:?} (by more than {margin} px) or not finite",
        image_size[0],
        image_size[1]
    )]
    VertexOutside {
        vertex: [f64; 2],
        image_size: [u32; 2],
        offset: [u32; 2],
        margin: f64,
    },
    #[error("triangle {0:?} is degenerate (zero area)")]
    Degenerate([u32; 3]),
    #[error(
        "triangle {0:?} is wound clockwise (triangles have positive area in image coordinates)"
    )]
    Clockwise([u32; 3]),
}

/// Checks a part's mesh (indices are already known to be in range).
pub fn check_part_mesh(part: &PartMeshView) -> Result<(), MeshProblem> {
    if part.triangles.is_empty() {
        return Err(MeshProblem::NoTriangles);
    }
    let [w, h] = part.image_size.map(f64::from);
    let [x0, y0] = part.offset.map(f64::from);
    let margin = if part.mesh_edited {
        w.max(h)
    } else {
        part.settings.padding + part.settings.tolerance + 1.0
    };
    for v in part.vertices {
        let inside = v[0].is_finite()
            && v[1].is_finite()
            && (x0 - margin..=x0 + w + margin).contains(&v[0])
            && (y0 - margin..=y0 + h + margin).contains(&v[1]);
        if !inside {
            return Err(MeshProblem::VertexOutside {
                vertex: *v,
                image_size: part.image_size,
                offset: part.offset,
                margin,
            });
        }
    }
    for t in part.triangles {
        let at = |i: u32| part.vertices.get(i as usize).copied().unwrap_or([0.0; 2]);
        let (a, b, c) = (at(t[0]), at(t[1]), at(t[2]));
        let cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if cross == 0.0 || t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
            return Err(MeshProblem::Degenerate(*t));
        }
        if cross < 0.0 {
            return Err(MeshProblem::Clockwise(*t));
        }
    }
    Ok(())
}

/// Refuses clips whose lists are over `limits`: events per clip, keys of every kind and event
/// text bytes over all clips, deform offsets over all deform keys. The error names the clip where
/// one is to blame, the count and the limit.
pub fn check_clip_lists(clips: &[ClipRecord], limits: &Limits) -> Result<(), OverLimit> {
    let mut keys = 0u64;
    let mut text = 0u64;
    let mut offsets = 0u64;
    for clip in clips {
        let events = clip.events.len() as u64;
        if events > limits.events_per_clip {
            return Err(OverLimit {
                what: format!("events in clip \"{}\"", clip.name),
                count: events,
                limit: limits.events_per_clip,
                per: " per clip",
            });
        }
        keys += (clip.keys.len() + clip.parts.len() + clip.constraints.len() + clip.paths.len())
            as u64
            + events;
        text += clip
            .events
            .iter()
            .map(|e| (e.name.len() + e.string.as_ref().map_or(0, String::len)) as u64)
            .sum::<u64>();
        offsets += clip
            .parts
            .iter()
            .filter_map(|k| k.deform.as_ref())
            .map(|d| d.offsets.len().max(d.vertices.len()) as u64)
            .sum::<u64>();
    }
    let totals = [
        ("keys (all clips together)", keys, limits.keys),
        (
            "bytes of event text (all clips together)",
            text,
            limits.event_text_bytes,
        ),
        (
            "deform offsets (all clips together)",
            offsets,
            limits.deform_offsets,
        ),
    ];
    for (what, count, limit) in totals {
        OverLimit::check(what, count, limit)?;
    }
    Ok(())
}

/// The first part name used twice.
pub fn duplicate_name<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    names.into_iter().find(|name| !seen.insert(*name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(vertices: &[[f64; 2]], triangles: &[[u32; 3]]) -> Result<(), MeshProblem> {
        check_part_mesh(&PartMeshView {
            offset: [0, 0],
            image_size: [10, 10],
            settings: &MeshSettings::default(),
            mesh_edited: false,
            vertices,
            triangles,
        })
    }

    #[test]
    fn accepts_the_mesher_winding_and_refuses_the_rest() {
        // y down: (0,0) → (10,0) → (0,10) has positive shoelace area in image coordinates.
        let v = [[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [5.0, 0.0]];
        assert!(check(&v, &[[0, 1, 2]]).is_ok());
        assert!(
            check(&v, &[[0, 2, 1]])
                .unwrap_err()
                .to_string()
                .contains("clockwise")
        );
        assert!(
            check(&v, &[[0, 3, 1]])
                .unwrap_err()
                .to_string()
                .contains("degenerate")
        );
        assert!(
            check(&v, &[[0, 0, 1]])
                .unwrap_err()
                .to_string()
                .contains("degenerate")
        );
        assert!(
            check(&v, &[])
                .unwrap_err()
                .to_string()
                .contains("no triangles")
        );
    }

    #[test]
    fn vertices_must_be_finite_and_near_the_image() {
        let tri = [[0, 1, 2]];
        let near = [[-2.5, -2.5], [12.0, 0.0], [0.0, 12.0]];
        assert!(check(&near, &tri).is_ok());
        let far = [[0.0, 0.0], [1e308, 0.0], [0.0, 10.0]];
        assert!(
            check(&far, &tri)
                .unwrap_err()
                .to_string()
                .contains("outside")
        );
        let nan = [[0.0, 0.0], [f64::NAN, 0.0], [0.0, 10.0]];
        assert!(check(&nan, &tri).is_err());
    }

    #[test]
    fn clip_lists_are_refused_over_their_budgets() {
        use crate::animation::events::EventRecord;
        let mut clip: ClipRecord =
            serde_json::from_str(r#"{"name": "walk", "duration": 1.0}"#).unwrap();
        clip.events = (0..5)
            .map(|i| {
                let mut e = EventRecord::new("step", f64::from(i) * 0.1);
                e.string = Some("x".repeat(100));
                e
            })
            .collect();
        let clips = vec![clip];
        let limits = Limits::DEFAULT;
        assert!(check_clip_lists(&clips, &limits).is_ok());
        let few_events = Limits {
            events_per_clip: 4,
            ..limits
        };
        let error = check_clip_lists(&clips, &few_events)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("5 events in clip \"walk\", over the limit of 4"),
            "{error}"
        );
        let little_text = Limits {
            event_text_bytes: 500,
            ..limits
        };
        let error = check_clip_lists(&clips, &little_text)
            .unwrap_err()
            .to_string();
        assert!(error.contains("520 bytes of event text"), "{error}");
        let few_keys = Limits { keys: 4, ..limits };
        assert!(
            check_clip_lists(&clips, &few_keys)
                .unwrap_err()
                .to_string()
                .contains("5 keys")
        );
    }

    #[test]
    fn finds_a_duplicate_name() {
        assert_eq!(duplicate_name(["a", "b", "a"]), Some("a"));
        assert_eq!(duplicate_name(["a", "b"]), None);
    }
}
