//! Small rigs made from a mesh's bounding box, for testing weights on every sprite.

use limber::core::Mesh;
use limber::core::skeleton::{Bone, Skeleton};

fn bone(name: &str, parent: Option<usize>, head: [f64; 2], tail: [f64; 2]) -> Bone {
    Bone::new(name, parent, head, tail)
}

/// The mesh's bounding box: x0, x1, y0, y1.
fn bounds(mesh: &Mesh) -> (f64, f64, f64, f64) {
    let xs = mesh.positions.iter().map(|p| p[0]);
    let ys = mesh.positions.iter().map(|p| p[1]);
    (
        xs.clone().fold(f64::INFINITY, f64::min),
        xs.fold(0.0, f64::max),
        ys.clone().fold(f64::INFINITY, f64::min),
        ys.fold(0.0, f64::max),
    )
}

/// A spine of three bones up the middle of the mesh's bounding box and two arms out to its sides
/// at a third of its height. Some bones may cross transparent areas or miss the sprite entirely.
pub fn box_rig(mesh: &Mesh) -> Skeleton {
    let (x0, x1, y0, y1) = bounds(mesh);
    let cx = (x0 + x1) / 2.0;
    let at = |f: f64| y1 - f * (y1 - y0);
    Skeleton::new(vec![
        bone("root", None, [cx, at(0.1)], [cx, at(0.4)]),
        bone("chest", Some(0), [cx, at(0.4)], [cx, at(0.7)]),
        bone("head", Some(1), [cx, at(0.7)], [cx, at(0.95)]),
        bone(
            "arm_l",
            Some(1),
            [cx, at(0.66)],
            [x0 + 0.05 * (x1 - x0), at(0.66)],
        ),
        bone(
            "arm_r",
            Some(1),
            [cx, at(0.66)],
            [x1 - 0.05 * (x1 - x0), at(0.66)],
        ),
    ])
    .expect("a valid rig")
}

/// `columns` × `rows` short horizontal bones spread over the mesh's bounding box, each the child of
/// the one before: many bones, some of them off the sprite, for the pruned distance fields.
#[allow(dead_code)]
pub fn scattered_rig(mesh: &Mesh, columns: usize, rows: usize) -> Skeleton {
    let (x0, x1, y0, y1) = bounds(mesh);
    let (w, h) = ((x1 - x0) / columns as f64, (y1 - y0) / rows as f64);
    let mut bones = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            let (cx, cy) = (x0 + (c as f64 + 0.5) * w, y0 + (r as f64 + 0.5) * h);
            let index = bones.len();
            bones.push(bone(
                &format!("b{index}"),
                index.checked_sub(1),
                [cx - 0.25 * w, cy],
                [cx + 0.25 * w, cy],
            ));
        }
    }
    Skeleton::new(bones).expect("a chain of uniquely named bones")
}
