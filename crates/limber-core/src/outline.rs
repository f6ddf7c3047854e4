//! Tracing the padded mask into closed outline rings with marching squares
//! ([`super::marching_squares`]), grouped into islands with their holes.
//!
//! Ring coordinates are image pixels (x right, y down, origin at the image's top-left corner): grid
//! value (i, j) sits at (i + 0.5, j + 0.5), which is exactly the centre of pixel (i, j). Rings never leave the image rectangle; where the mask reaches an image corner, the corner
//! itself is put back on the ring (marching squares would cut it off diagonally).

use geo::{Area, BoundingRect, Contains, Coord, LineString, Polygon, Rect};

use super::marching_squares::isorings_of;
use super::mask::PaddedField;

/// The outline is traced where the margin crosses this level rather than exactly 0, so that no pixel
/// centre lies exactly on it (which would give two rings, or one ring twice, the same point).
pub const TRACE_LEVEL: f32 = 1.0 / 256.0;

/// All islands of a sprite: each an outer ring with the holes inside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    pub width: u32,
    pub height: u32,
    /// One polygon per island; exteriors and interiors are closed rings.
    pub islands: Vec<Polygon<f64>>,
}

impl Outline {
    /// Number of holes over all islands.
    pub fn hole_count(&self) -> usize {
        self.islands.iter().map(|p| p.interiors().len()).sum()
    }

    /// Area enclosed (islands minus holes), px².
    pub fn area(&self) -> f64 {
        self.islands.iter().map(|p| p.unsigned_area()).sum()
    }

    /// Number of ring points over all rings (closing points not counted).
    pub fn point_count(&self) -> usize {
        self.islands
            .iter()
            .map(|p| {
                std::iter::once(p.exterior())
                    .chain(p.interiors())
                    .map(|r| r.0.len().saturating_sub(1))
                    .sum::<usize>()
            })
            .sum()
    }
}

/// Traces the outline of `field` at margin 0. Islands and holes whose area is below `min_area` px² are
/// dropped (a dropped hole is filled), except that the largest island is always kept; a hole goes to
/// the smallest island that contains it.
pub fn trace(field: &PaddedField, min_area: f64) -> Outline {
    let (width, height) = (field.width as u32, field.height as u32);
    let rings = isorings_of(field, TRACE_LEVEL);
    let mut outers: Vec<(f64, Polygon<f64>, Rect<f64>)> = Vec::new();
    let mut holes: Vec<(LineString<f64>, Rect<f64>)> = Vec::new();
    for ring in rings {
        let mut points: Vec<Coord<f64>> = ring.iter().map(|&[x, y]| Coord { x, y }).collect();
        points.dedup();
        if points.len() > 1 && points.first() == points.last() {
            points.pop();
        }
        restore_image_corners(&mut points, f64::from(width), f64::from(height));
        if points.len() < 3 {
            continue;
        }
        let polygon = Polygon::new(LineString::new(points), vec![]);
        let signed = polygon.signed_area();
        let Some(bounds) = polygon.bounding_rect() else {
            continue;
        };
        // Marching squares winds islands and holes in opposite directions; islands have negative
        // shoelace area in image coordinates.
        if signed < 0.0 {
            outers.push((-signed, polygon, bounds));
        } else if signed > 0.0 {
            holes.push((polygon.exterior().clone(), bounds));
        }
    }
    outers.sort_by(|a, b| a.0.total_cmp(&b.0));
    let largest = outers.last().map_or(0.0, |o| o.0);
    outers.retain(|o| o.0 >= min_area.min(largest));
    holes.retain(|(hole, _)| Polygon::new(hole.clone(), vec![]).unsigned_area() >= min_area);
    let mut interiors: Vec<Vec<LineString<f64>>> = vec![Vec::new(); outers.len()];
    for (hole, bounds) in holes {
        let probe = hole.0[0];
        let parent = outers.iter().position(|(_, outer, outer_bounds)| {
            contains_rect(outer_bounds, &bounds) && outer.contains(&probe)
        });
        if let Some(index) = parent {
            interiors[index].push(hole);
        }
    }
    // Largest island first; ties cannot reorder because the sort is stable on exact areas.
    let mut islands: Vec<Polygon<f64>> = outers
        .into_iter()
        .zip(interiors)
        .map(|((_, outer, _), holes)| Polygon::new(outer.exterior().clone(), holes))
        .collect();
    islands.reverse();
    Outline {
        width,
        height,
        islands,
    }
}

fn contains_rect(outer: &Rect<f64>, inner: &Rect<f64>) -> bool {
    outer.min().x <= inner.min().x
        && outer.min().y <= inner.min().y
        && outer.max().x >= inner.max().x
        && outer.max().y >= inner.max().y
}

/// Inserts an image corner between two consecutive ring points that lie on the two image edges that
/// meet there, so a mask that fills a corner keeps the whole corner.
fn restore_image_corners(points: &mut Vec<Coord<f64>>, width: f64, height: f64) {
    let on_vertical = |p: &Coord<f64>| p.x == 0.0 || p.x == width;
    let on_horizontal = |p: &Coord<f64>| p.y == 0.0 || p.y == height;
    let n = points.len();
    if n < 2 {
        return;
    }
    let mut out = Vec::with_capacity(n + 4);
    for i in 0..n {
        let p = points[i];
        let q = points[(i + 1) % n];
        out.push(p);
        let corner = if on_vertical(&p) && on_horizontal(&q) && !on_horizontal(&p) {
            Some(Coord { x: p.x, y: q.y })
        } else if on_horizontal(&p) && on_vertical(&q) && !on_vertical(&p) {
            Some(Coord { x: q.x, y: p.y })
        } else {
            None
        };
        if let Some(corner) = corner
            && corner != q
            && (corner.x - p.x).abs() <= 1.0
            && (corner.y - p.y).abs() <= 1.0
        {
            out.push(corner);
        }
    }
    *points = out;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mask::{AlphaMask, PaddedField};

    fn field(width: usize, height: usize, inside: impl Fn(usize, usize) -> bool) -> PaddedField {
        let mask = AlphaMask {
            width,
            height,
            inside: (0..width * height)
                .map(|i| inside(i % width, i / width))
                .collect(),
        };
        PaddedField::new(&mask, 0.0).unwrap()
    }

    #[test]
    fn full_image_traces_to_its_rectangle() {
        let outline = trace(&field(6, 4, |_, _| true), 0.0);
        assert_eq!(outline.islands.len(), 1);
        let area = outline.islands[0].unsigned_area();
        assert!((area - 24.0).abs() < 1e-9, "area {area}");
    }

    #[test]
    fn ring_with_hole_and_separate_island() {
        // A 7x7 square ring (hole 3x3 in the middle) and a 3x3 island to its right.
        let outline = trace(
            &field(14, 9, |x, y| {
                let ring = (1..8).contains(&x)
                    && (1..8).contains(&y)
                    && !((3..6).contains(&x) && (3..6).contains(&y));
                let island = (10..13).contains(&x) && (3..6).contains(&y);
                ring || island
            }),
            0.0,
        );
        assert_eq!(outline.islands.len(), 2);
        assert_eq!(outline.hole_count(), 1);
        assert_eq!(outline.islands[0].interiors().len(), 1, "largest first");
    }

    #[test]
    fn small_specks_and_holes_are_dropped() {
        let outline = trace(
            &field(20, 10, |x, y| {
                let body = (1..9).contains(&x) && (1..9).contains(&y) && !(x == 4 && y == 4);
                let speck = x == 15 && y == 5;
                body || speck
            }),
            4.0,
        );
        assert_eq!(outline.islands.len(), 1);
        assert_eq!(outline.hole_count(), 0);
    }
}
