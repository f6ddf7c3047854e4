//! The weight brush: one dab on one bone, the core of the editor's weight painting.
//!
//! Within the dab's radius each vertex gets falloff f = (1 − d²/r²)² × strength and its weight w for
//! the painted bone becomes:
//! - add: w + f (1 − w); subtract: w − f w;
//! - set: w + (1 − d²/r²)² (strength − w) — moves toward `strength` as the target value;
//! - smooth: w + f (mean of its mesh neighbours' w − w).
//!
//! Locked bones keep their weights. The other unlocked bones are rescaled to share what is left
//! (1 − locked − w); when there are none to take a change, the painted bone keeps everything that is
//! not locked. At most four influences are kept (the weakest unlocked one is dropped, and the
//! unlocked ones renormalised), so every vertex still sums to 1.

use super::mesh::Mesh;
use super::weights::{Binding, Influences, MAX_INFLUENCES};

/// What a dab does to the painted bone's weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrushMode {
    Add,
    Subtract,
    Set,
    Smooth,
}

/// One application of the brush.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dab {
    pub centre: [f64; 2],
    pub radius: f64,
    /// 0–1; for [`BrushMode::Set`] also the target weight.
    pub strength: f64,
    pub bone: usize,
    pub mode: BrushMode,
}

/// Applies `dab` to `binding` over `mesh`. `locked[b]` keeps bone b's weights as they are.
pub fn apply_dab(binding: &mut Binding, mesh: &Mesh, dab: &Dab, locked: &[bool]) {
    let is_locked = |b: usize| locked.get(b).copied().unwrap_or(false);
    if is_locked(dab.bone) || dab.radius.is_nan() || dab.radius <= 0.0 || !dab.strength.is_finite()
    {
        return;
    }
    let strength = dab.strength.clamp(0.0, 1.0);
    let neighbours = (dab.mode == BrushMode::Smooth).then(|| neighbours(mesh));
    let before = binding.clone();
    for (v, position) in mesh.positions.iter().enumerate() {
        let (dx, dy) = (position[0] - dab.centre[0], position[1] - dab.centre[1]);
        let d2 = dx * dx + dy * dy;
        let r2 = dab.radius * dab.radius;
        if d2 >= r2 {
            continue;
        }
        let shape = (1.0 - d2 / r2).powi(2);
        let f = shape * strength;
        let influences = &mut binding.vertices[v];
        let w = weight_of(influences, dab.bone);
        let target = match dab.mode {
            BrushMode::Add => w + f * (1.0 - w),
            BrushMode::Subtract => w - f * w,
            BrushMode::Set => w + shape * (strength - w),
            BrushMode::Smooth => {
                let around = neighbours.as_ref().map_or(&[][..], |n| &n[v][..]);
                if around.is_empty() {
                    w
                } else {
                    let mean = around
                        .iter()
                        .map(|&u| weight_of(&before.vertices[u], dab.bone))
                        .sum::<f64>()
                        / around.len() as f64;
                    w + f * (mean - w)
                }
            }
        };
        set_weight(influences, dab.bone, target, &is_locked);
    }
}

fn weight_of(influences: &Influences, bone: usize) -> f64 {
    influences.iter().find(|p| p.0 == bone).map_or(0.0, |p| p.1)
}

/// Sets `bone`'s weight to `target` (clamped to what locked bones leave), rescaling the other
/// unlocked bones to fill the rest, then keeps at most four influences.
fn set_weight(
    influences: &mut Influences,
    bone: usize,
    target: f64,
    is_locked: &dyn Fn(usize) -> bool,
) {
    let locked_total: f64 = influences
        .iter()
        .filter(|p| is_locked(p.0))
        .map(|p| p.1)
        .sum();
    let free = (1.0 - locked_total).max(0.0);
    let others_total: f64 = influences
        .iter()
        .filter(|p| p.0 != bone && !is_locked(p.0))
        .map(|p| p.1)
        .sum();
    let mut w = target.clamp(0.0, free);
    if others_total <= 0.0 {
        w = free; // nothing else can take the difference
    }
    let scale = if others_total > 0.0 {
        (free - w) / others_total
    } else {
        0.0
    };
    for p in influences.iter_mut() {
        if p.0 != bone && !is_locked(p.0) {
            p.1 *= scale;
        }
    }
    match influences.iter_mut().find(|p| p.0 == bone) {
        Some(p) => p.1 = w,
        None => influences.push((bone, w)),
    }
    influences.retain(|p| p.1 > 0.0);
    influences.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    while influences.len() > MAX_INFLUENCES {
        let Some(weakest) = influences
            .iter()
            .rposition(|p| p.0 != bone && !is_locked(p.0))
        else {
            break;
        };
        influences.remove(weakest);
    }
    // Renormalise the unlocked part so the vertex sums to 1 with the locked weights untouched.
    let unlocked: f64 = influences
        .iter()
        .filter(|p| !is_locked(p.0))
        .map(|p| p.1)
        .sum();
    if unlocked > 0.0 {
        let locked_now: f64 = influences
            .iter()
            .filter(|p| is_locked(p.0))
            .map(|p| p.1)
            .sum();
        let factor = (1.0 - locked_now) / unlocked;
        for p in influences.iter_mut().filter(|p| !is_locked(p.0)) {
            p.1 *= factor;
        }
    }
}

/// Each vertex's neighbours along triangle edges.
fn neighbours(mesh: &Mesh) -> Vec<Vec<usize>> {
    let mut around = vec![Vec::new(); mesh.positions.len()];
    for &[a, b, c] in &mesh.triangles {
        for (p, q) in [(a, b), (b, c), (c, a)] {
            around[p as usize].push(q as usize);
            around[q as usize].push(p as usize);
        }
    }
    for list in &mut around {
        list.sort_unstable();
        list.dedup();
    }
    around
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triangulate::Triangles;
    use crate::weights::check_binding;

    fn strip() -> Mesh {
        // Three vertices in a row and one above: two triangles.
        Mesh::from_triangles(
            10,
            10,
            Triangles {
                positions: vec![[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [1.0, 1.0]],
                triangles: vec![[0, 1, 3], [1, 2, 3]],
            },
        )
    }

    fn binding() -> Binding {
        Binding {
            vertices: vec![vec![(0, 0.6), (1, 0.4)]; 4],
        }
    }

    fn dab(mode: BrushMode, strength: f64) -> Dab {
        Dab {
            centre: [1.0, 0.0],
            radius: 2.0,
            strength,
            bone: 1,
            mode,
        }
    }

    #[test]
    fn add_and_subtract_follow_the_falloff_and_keep_sums() {
        let mesh = strip();
        let mut b = binding();
        apply_dab(&mut b, &mesh, &dab(BrushMode::Add, 0.5), &[]);
        // Centre vertex: f = 0.5 → 0.4 + 0.5 × 0.6 = 0.7.
        assert!((weight_of(&b.vertices[1], 1) - 0.7).abs() < 1e-12);
        // Edge vertex at distance 1: f = (1 − 1/4)² × 0.5 = 0.28125.
        assert!((weight_of(&b.vertices[0], 1) - (0.4 + 0.28125 * 0.6)).abs() < 1e-12);
        check_binding(&b, 2).unwrap();
        apply_dab(&mut b, &mesh, &dab(BrushMode::Subtract, 1.0), &[]);
        assert!(weight_of(&b.vertices[1], 1).abs() < 1e-12);
        check_binding(&b, 2).unwrap();
    }

    #[test]
    fn locked_bones_are_untouched() {
        let mesh = strip();
        let mut b = Binding {
            vertices: vec![vec![(0, 0.5), (1, 0.3), (2, 0.2)]; 4],
        };
        apply_dab(
            &mut b,
            &mesh,
            &dab(BrushMode::Set, 1.0),
            &[true, false, false],
        );
        // Bone 0 locked at 0.5; bone 1 set to all that is left at the centre.
        assert_eq!(weight_of(&b.vertices[1], 0), 0.5);
        assert!((weight_of(&b.vertices[1], 1) - 0.5).abs() < 1e-12);
        assert_eq!(weight_of(&b.vertices[1], 2), 0.0);
        check_binding(&b, 3).unwrap();
        let before = b.clone();
        apply_dab(
            &mut b,
            &mesh,
            &Dab {
                bone: 0,
                ..dab(BrushMode::Add, 1.0)
            },
            &[true],
        );
        assert_eq!(b, before, "painting a locked bone does nothing");
    }

    #[test]
    fn smooth_moves_toward_the_neighbours_mean() {
        let mesh = strip();
        let mut b = binding();
        b.vertices[1] = vec![(0, 0.0 + 1e-9), (1, 1.0 - 1e-9)];
        apply_dab(&mut b, &mesh, &dab(BrushMode::Smooth, 1.0), &[]);
        let w = weight_of(&b.vertices[1], 1);
        assert!(w < 0.6 && w > 0.35, "{w}");
        check_binding(&b, 2).unwrap();
    }

    #[test]
    fn a_fifth_bone_drops_the_weakest_unlocked() {
        let mesh = strip();
        let mut b = Binding {
            vertices: vec![vec![(0, 0.4), (1, 0.3), (2, 0.2), (3, 0.1)]; 4],
        };
        apply_dab(
            &mut b,
            &mesh,
            &Dab {
                bone: 4,
                ..dab(BrushMode::Add, 0.5)
            },
            &[],
        );
        assert_eq!(b.vertices[1].len(), 4);
        assert!(b.vertices[1].iter().all(|p| p.0 != 3));
        check_binding(&b, 5).unwrap();
    }
}
