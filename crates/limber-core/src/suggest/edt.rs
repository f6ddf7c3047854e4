//! The Euclidean distance from each inside cell's centre to the nearest outside cell's centre
//! (beyond the grid counts as outside): the shape's thickness, exact, by two passes of the lower
//! envelope of parabolas (Felzenszwalb and Huttenlocher).

use super::grid::Grid;

/// Distances in cells, row-major like the grid; 0 outside.
pub fn distance_to_outside(grid: &Grid) -> Vec<f64> {
    let (w, h) = (grid.width, grid.height);
    // Squared distances with one outside ring around the grid, so the border counts as outside.
    let (pw, ph) = (w + 2, h + 2);
    let far = ((pw * pw + ph * ph) as f64) * 4.0;
    let mut f = vec![0.0f64; pw * ph];
    for y in 0..h {
        for x in 0..w {
            if grid.inside[y * w + x] {
                f[(y + 1) * pw + x + 1] = far;
            }
        }
    }
    let mut line = Vec::new();
    let mut out = Vec::new();
    for x in 0..pw {
        line.clear();
        line.extend((0..ph).map(|y| f[y * pw + x]));
        envelope(&line, &mut out);
        for y in 0..ph {
            f[y * pw + x] = out[y];
        }
    }
    for y in 0..ph {
        line.clear();
        line.extend_from_slice(&f[y * pw..(y + 1) * pw]);
        envelope(&line, &mut out);
        f[y * pw..(y + 1) * pw].copy_from_slice(&out);
    }
    let mut d = vec![0.0; w * h];
    for y in 0..h {
        for x in 0..w {
            d[y * w + x] = f[(y + 1) * pw + x + 1].sqrt();
        }
    }
    d
}

/// One-dimensional squared distance transform of `f` into `out`.
fn envelope(f: &[f64], out: &mut Vec<f64>) {
    let n = f.len();
    out.clear();
    out.resize(n, 0.0);
    let mut v = vec![0usize; n];
    let mut z = vec![0.0f64; n + 1];
    let mut k = 0usize;
    z[0] = f64::NEG_INFINITY;
    z[1] = f64::INFINITY;
    for q in 1..n {
        let mut s;
        loop {
            let p = v[k];
            s = ((f[q] + (q * q) as f64) - (f[p] + (p * p) as f64)) / (2.0 * (q - p) as f64);
            // z[0] is −∞, so this stops at k = 0.
            if k > 0 && s <= z[k] {
                k -= 1;
            } else {
                break;
            }
        }
        k += 1;
        v[k] = q;
        z[k] = s;
        z[k + 1] = f64::INFINITY;
    }
    let mut k = 0;
    for (q, o) in out.iter_mut().enumerate() {
        while z[k + 1] < q as f64 {
            k += 1;
        }
        let p = v[k];
        let dq = q as f64 - p as f64;
        *o = dq * dq + f[p];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_deepest_in_its_middle() {
        let (w, h) = (9, 7);
        let inside = (0..w * h)
            .map(|i| (1..8).contains(&(i % w)) && (1..6).contains(&(i / w)))
            .collect();
        let grid = Grid {
            width: w,
            height: h,
            cell: 1,
            inside,
            origin: [0, 0],
        };
        let d = distance_to_outside(&grid);
        assert_eq!(d[0], 0.0);
        assert_eq!(d[w + 1], 1.0);
        assert_eq!(d[3 * w + 4], 3.0);
        assert_eq!(d[2 * w + 2], 2.0);
    }
}
