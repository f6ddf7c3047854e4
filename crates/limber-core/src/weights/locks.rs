//! Locked bones and automatic weights: recomputing weights keeps a locked bone's weight at every
//! vertex as it was and shares the rest (1 − the locked weights) among the unlocked bones in the
//! proportions the automatic weights give them (the four strongest influences in all, in f64).

use super::{Binding, Influences, MAX_INFLUENCES};

/// `auto` (fresh automatic weights) with the weights of the bones `locked` says are locked taken from
/// `old` (the weights before). Per vertex: the locked bones keep their old weights (none where they
/// had none); the unlocked
/// bones of `auto`, strongest first as many as fit beside the locked ones, share what is left in
/// their automatic proportions. A vertex keeps its old influences when no unlocked bone can take the
/// rest (the automatic weights give only locked bones there). Vertices sum to 1 within 1e-12 when
/// `old` and `auto` do. With no bone locked, or lists of other lengths, this is `auto`.
pub fn keep_locked(auto: &Binding, old: &Binding, locked: &[bool]) -> Binding {
    let is_locked = |b: usize| locked.get(b).copied().unwrap_or(false);
    if !locked.iter().any(|&l| l) || auto.vertices.len() != old.vertices.len() {
        return auto.clone();
    }
    let vertices = auto
        .vertices
        .iter()
        .zip(&old.vertices)
        .map(|(fresh, before)| vertex(fresh, before, &is_locked))
        .collect();
    Binding { vertices }
}

/// One vertex of [`keep_locked`].
fn vertex(
    fresh: &Influences,
    before: &Influences,
    is_locked: &dyn Fn(usize) -> bool,
) -> Influences {
    let kept: Influences = before.iter().copied().filter(|p| is_locked(p.0)).collect();
    if kept.is_empty() && !fresh.iter().any(|p| is_locked(p.0)) {
        return fresh.clone();
    }
    let locked_total: f64 = kept.iter().map(|p| p.1).sum();
    let rest = 1.0 - locked_total;
    if rest <= 1e-12 {
        return before.clone();
    }
    let mut free: Influences = fresh.iter().copied().filter(|p| !is_locked(p.0)).collect();
    free.sort_by(|a, b| b.1.total_cmp(&a.1));
    free.truncate(MAX_INFLUENCES.saturating_sub(kept.len()));
    let free_total: f64 = free.iter().map(|p| p.1).sum();
    if free.is_empty() || free_total <= 0.0 {
        return before.clone();
    }
    let mut out = kept;
    out.extend(free.into_iter().map(|(b, w)| (b, rest * w / free_total)));
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(i: &Influences) -> f64 {
        i.iter().map(|p| p.1).sum()
    }

    #[test]
    fn locked_weights_stay_and_the_rest_follows_the_automatic_proportions() {
        let old = Binding {
            vertices: vec![
                vec![(0, 0.5), (1, 0.3), (2, 0.2)],
                vec![(2, 1.0)],
                vec![(1, 1.0)],
            ],
        };
        let auto = Binding {
            vertices: vec![
                vec![(0, 0.1), (1, 0.6), (3, 0.3)],
                vec![(0, 0.7), (3, 0.3)],
                vec![(1, 0.25), (3, 0.75)],
            ],
        };
        let locked = [false, true];
        let out = keep_locked(&auto, &old, &locked);
        // Vertex 0: bone 1 keeps 0.3; bones 0 and 3 share 0.7 as 0.1 : 0.3.
        let v0 = &out.vertices[0];
        assert!(v0.contains(&(1, 0.3)), "{v0:?}");
        let w = |b: usize| v0.iter().find(|p| p.0 == b).map_or(0.0, |p| p.1);
        assert!((w(0) - 0.7 * 0.25).abs() < 1e-15 && (w(3) - 0.7 * 0.75).abs() < 1e-15);
        assert!((sum(v0) - 1.0).abs() < 1e-12);
        assert!(v0.windows(2).all(|p| p[0].1 >= p[1].1), "strongest first");
        // Vertex 1 had no locked bone: the automatic weights.
        assert_eq!(out.vertices[1], auto.vertices[1]);
        // Vertex 2 is wholly the locked bone's: it stays so.
        assert_eq!(out.vertices[2], vec![(1, 1.0)]);
        // A locked bone without weight at a vertex gets none there.
        let gain = Binding {
            vertices: vec![vec![(1, 0.5), (0, 0.5)]],
        };
        let before = Binding {
            vertices: vec![vec![(0, 1.0)]],
        };
        assert_eq!(
            keep_locked(&gain, &before, &locked).vertices[0],
            vec![(0, 1.0)]
        );
        // Nothing locked: the automatic weights as they are.
        assert_eq!(keep_locked(&auto, &old, &[false, false]), auto);
    }

    #[test]
    fn a_vertex_whose_automatic_weights_are_all_locked_keeps_its_old_ones() {
        let old = Binding {
            vertices: vec![vec![(0, 0.4), (2, 0.6)]],
        };
        let auto = Binding {
            vertices: vec![vec![(0, 1.0)]],
        };
        let out = keep_locked(&auto, &old, &[true]);
        assert_eq!(out, old);
    }

    #[test]
    fn at_most_four_influences_with_the_locked_ones_first() {
        let old = Binding {
            vertices: vec![vec![(0, 0.1), (1, 0.1), (2, 0.1), (5, 0.7)]],
        };
        let auto = Binding {
            vertices: vec![vec![(3, 0.5), (4, 0.3), (6, 0.2)]],
        };
        let out = keep_locked(&auto, &old, &[true, true, true]);
        let v = &out.vertices[0];
        assert_eq!(v.len(), 4);
        let three = v.iter().find(|p| p.0 == 3).map_or(0.0, |p| p.1);
        assert!(
            (three - 0.7).abs() < 1e-12,
            "the strongest unlocked takes the rest: {v:?}"
        );
        assert!((sum(v) - 1.0).abs() < 1e-12);
    }
}
