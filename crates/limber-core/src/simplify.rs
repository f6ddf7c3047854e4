//! Outline simplification: Ramer–Douglas–Peucker per ring (the `geo` crate), with a per-ring
//! tolerance so that a ring whose simplified form would cross another ring can be simplified less.
//!
//! RDP keeps every traced point within the tolerance of the simplified ring, which is what the
//! padding budget relies on (see `MeshSettings`). Image corners on a ring are kept, so a sprite that
//! fills a corner keeps it. It does not by itself keep rings apart, so the
//! mesher reports crossing rings and this module simplifies those rings again at a finer level
//! ([`RingTolerances`]); at the finest level a ring is left exactly as traced, and traced rings never
//! cross, so the process always ends.

use geo::{Coord, LineString, Polygon, Simplify};

use super::outline::Outline;

/// After this many halvings a ring is no longer simplified at all.
pub const FINEST_LEVEL: u8 = 6;

/// A ring's address in an [`Outline`]: island index, then 0 for the exterior or 1 + hole index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RingId {
    pub island: usize,
    pub ring: usize,
}

/// The tolerance level of every ring: level `k` simplifies with `tolerance / 2^k`, and
/// [`FINEST_LEVEL`] not at all.
#[derive(Debug, Clone)]
pub struct RingTolerances {
    base: f64,
    levels: Vec<Vec<u8>>,
}

impl RingTolerances {
    /// Every ring of `outline` at level 0 (the full `tolerance`).
    pub fn new(outline: &Outline, tolerance: f64) -> Self {
        let levels = outline
            .islands
            .iter()
            .map(|p| vec![0; 1 + p.interiors().len()])
            .collect();
        Self {
            base: tolerance,
            levels,
        }
    }

    /// The tolerance used for `id`, in pixels.
    pub fn tolerance(&self, id: RingId) -> f64 {
        let level = self.levels[id.island][id.ring];
        if level >= FINEST_LEVEL {
            0.0
        } else {
            self.base / f64::from(1u32 << level)
        }
    }

    /// Simplifies `id` less from now on. Returns false if it was already unsimplified.
    pub fn refine(&mut self, id: RingId) -> bool {
        let level = &mut self.levels[id.island][id.ring];
        if *level >= FINEST_LEVEL {
            return false;
        }
        *level += 1;
        true
    }

    /// Stops simplifying `id` at all.
    pub fn keep_exact(&mut self, id: RingId) {
        self.levels[id.island][id.ring] = FINEST_LEVEL;
    }

    /// Every ring id, islands in order, exterior before holes.
    pub fn ids(&self) -> impl Iterator<Item = RingId> + '_ {
        self.levels
            .iter()
            .enumerate()
            .flat_map(|(island, rings)| (0..rings.len()).map(move |ring| RingId { island, ring }))
    }
}

/// Simplifies every ring of `outline` at its own tolerance. A ring never drops below three points.
pub fn simplify(outline: &Outline, tolerances: &RingTolerances) -> Outline {
    let corners = image_corners(outline.width, outline.height);
    let simplify_ring =
        |ring: &LineString<f64>, tolerance: f64| simplify_ring(ring, tolerance, &corners);
    let islands = outline
        .islands
        .iter()
        .enumerate()
        .map(|(island, polygon)| {
            let exterior = simplify_ring(
                polygon.exterior(),
                tolerances.tolerance(RingId { island, ring: 0 }),
            );
            let interiors = polygon
                .interiors()
                .iter()
                .enumerate()
                .map(|(h, ring)| {
                    simplify_ring(
                        ring,
                        tolerances.tolerance(RingId {
                            island,
                            ring: h + 1,
                        }),
                    )
                })
                .collect();
            Polygon::new(exterior, interiors)
        })
        .collect();
    Outline {
        width: outline.width,
        height: outline.height,
        islands,
    }
}

fn image_corners(width: u32, height: u32) -> [Coord<f64>; 4] {
    let (w, h) = (f64::from(width), f64::from(height));
    [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)].map(|(x, y)| Coord { x, y })
}

/// Simplifies one closed ring (first coordinate repeated last), keeping any of `pinned` on it.
fn simplify_ring(ring: &LineString<f64>, tolerance: f64, pinned: &[Coord<f64>]) -> LineString<f64> {
    if tolerance <= 0.0 {
        return ring.clone();
    }
    let open = &ring.0[..ring.0.len().saturating_sub(1)];
    let pins: Vec<usize> = (0..open.len())
        .filter(|&i| pinned.contains(&open[i]))
        .collect();
    let Some(&first_pin) = pins.first() else {
        // Simplifying a ring as a polygon keeps at least four coordinates (three distinct points).
        let (exterior, _) = Polygon::new(ring.clone(), vec![])
            .simplify(tolerance)
            .into_inner();
        return exterior;
    };
    // Walk the ring from one pin to the next; RDP on an open chain keeps both of its ends.
    let n = open.len();
    let mut result: Vec<Coord<f64>> = Vec::with_capacity(n + 1);
    let mut pin_ends: Vec<usize> = pins.iter().map(|&p| (p + n - first_pin) % n).collect();
    pin_ends.push(n);
    for pair in pin_ends.windows(2) {
        let chain: LineString<f64> = (pair[0]..=pair[1])
            .map(|k| open[(first_pin + k) % n])
            .collect();
        let simplified = chain.simplify(tolerance);
        let kept = &simplified.0[..simplified.0.len() - 1];
        result.extend_from_slice(kept);
    }
    if result.len() < 3 {
        return ring.clone();
    }
    result.push(result[0]);
    LineString::new(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{Area, coord};

    fn circle(n: usize, radius: f64) -> LineString<f64> {
        (0..n)
            .map(|i| {
                let a = i as f64 / n as f64 * std::f64::consts::TAU;
                coord! { x: 50.0 + radius * a.cos(), y: 50.0 + radius * a.sin() }
            })
            .collect()
    }

    #[test]
    fn simplification_stays_within_tolerance_and_levels_halve_it() {
        let outline = Outline {
            width: 100,
            height: 100,
            islands: vec![Polygon::new(circle(400, 40.0), vec![circle(100, 10.0)])],
        };
        let mut tolerances = RingTolerances::new(&outline, 1.0);
        let coarse = simplify(&outline, &tolerances);
        assert!(coarse.point_count() < outline.point_count() / 4);
        // A chord of a circle of radius r with sagitta <= 1 px keeps the area within 2·perimeter·1 px.
        let lost = outline.islands[0].unsigned_area() - coarse.islands[0].unsigned_area();
        assert!(
            lost.abs() < 2.0 * std::f64::consts::TAU * 50.0,
            "lost {lost}"
        );

        let outer = RingId { island: 0, ring: 0 };
        assert!(tolerances.refine(outer));
        assert_eq!(tolerances.tolerance(outer), 0.5);
        tolerances.keep_exact(outer);
        assert!(!tolerances.refine(outer));
        let exact = simplify(&outline, &tolerances);
        assert_eq!(exact.islands[0].exterior(), outline.islands[0].exterior());
    }

    #[test]
    fn tiny_rings_keep_three_points() {
        let triangle: LineString<f64> = vec![(0.0, 0.0), (1.0, 0.0), (0.5, 0.1)].into();
        let outline = Outline {
            width: 2,
            height: 2,
            islands: vec![Polygon::new(triangle, vec![])],
        };
        let simplified = simplify(&outline, &RingTolerances::new(&outline, 5.0));
        assert!(simplified.islands[0].exterior().0.len() >= 4);
    }
}
