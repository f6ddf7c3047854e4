//! Distance metrics against shapes whose geodesic distance is known exactly: a straight bar
//! (Euclidean), an L and a U (around their inner corners). The default metric must be within 2% of
//! the exact geodesic; the simpler metrics are shown to be far worse, so the test discriminates.

use limber::core::distance::{InsideGrid, Metric, field};

/// A shape made of pixel rectangles [x0, x1) × [y0, y1).
struct Shape {
    width: usize,
    height: usize,
    rects: Vec<[usize; 4]>,
    /// Reflex corners of the polygon through the boundary pixels' centres.
    corners: Vec<[f64; 2]>,
}

impl Shape {
    fn grid(&self) -> InsideGrid {
        let inside = (0..self.width * self.height)
            .map(|i| {
                let (x, y) = (i % self.width, i / self.width);
                self.rects
                    .iter()
                    .any(|r| x >= r[0] && x < r[2] && y >= r[1] && y < r[3])
            })
            .collect();
        InsideGrid {
            width: self.width,
            height: self.height,
            inside,
            walls: Vec::new(),
        }
    }

    /// Whether `p` lies in the shape's centre region (each rectangle shrunk by half a pixel).
    fn contains(&self, p: [f64; 2]) -> bool {
        self.rects.iter().any(|r| {
            p[0] >= r[0] as f64 + 0.5 - 1e-9
                && p[0] <= r[2] as f64 - 0.5 + 1e-9
                && p[1] >= r[1] as f64 + 0.5 - 1e-9
                && p[1] <= r[3] as f64 - 0.5 + 1e-9
        })
    }

    fn visible(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        let length = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
        let steps = (length / 0.25).ceil().max(1.0) as usize;
        (0..=steps).all(|k| {
            let t = k as f64 / steps as f64;
            self.contains([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])])
        })
    }

    /// Exact geodesic distance: shortest path through the visibility graph of source, corners, target.
    fn exact(&self, source: [f64; 2], target: [f64; 2]) -> f64 {
        let mut nodes = vec![source];
        nodes.extend(&self.corners);
        nodes.push(target);
        let n = nodes.len();
        let mut best = vec![f64::INFINITY; n];
        best[0] = 0.0;
        let mut done = vec![false; n];
        for _ in 0..n {
            let Some(u) = (0..n)
                .filter(|&i| !done[i])
                .min_by(|&a, &b| best[a].total_cmp(&best[b]))
            else {
                break;
            };
            done[u] = true;
            for v in 0..n {
                if !done[v] && self.visible(nodes[u], nodes[v]) {
                    let d = ((nodes[u][0] - nodes[v][0]).powi(2)
                        + (nodes[u][1] - nodes[v][1]).powi(2))
                    .sqrt();
                    best[v] = best[v].min(best[u] + d);
                }
            }
        }
        best[n - 1]
    }
}

/// Largest relative error of `metric` over pixels at least `min_distance` from the source.
fn max_relative_error(shape: &Shape, source: [f64; 2], metric: Metric, min_distance: f64) -> f64 {
    let grid = shape.grid();
    let distances = field(&grid, source, source, metric);
    let mut worst: f64 = 0.0;
    for (i, &d) in distances.iter().enumerate() {
        if !grid.inside[i] {
            continue;
        }
        let centre = [
            (i % shape.width) as f64 + 0.5,
            (i / shape.width) as f64 + 0.5,
        ];
        let exact = shape.exact(source, centre);
        if exact >= min_distance {
            assert!(d.is_finite(), "pixel {centre:?} unreached");
            worst = worst.max((f64::from(d) - exact).abs() / exact);
        }
    }
    worst
}

fn bar() -> Shape {
    Shape {
        width: 240,
        height: 30,
        rects: vec![[0, 0, 240, 30]],
        corners: vec![],
    }
}

fn l_shape() -> Shape {
    Shape {
        width: 160,
        height: 160,
        rects: vec![[0, 0, 160, 30], [0, 0, 30, 160]],
        corners: vec![[29.5, 29.5]],
    }
}

fn u_shape() -> Shape {
    Shape {
        width: 150,
        height: 150,
        rects: vec![[0, 0, 30, 150], [0, 120, 150, 150], [120, 0, 150, 150]],
        corners: vec![[29.5, 120.5], [120.5, 120.5]],
    }
}

#[test]
fn geodesic_is_within_two_percent_on_bar_l_and_u() {
    let cases = [
        ("bar", bar(), [10.5, 15.5]),
        ("L", l_shape(), [150.5, 12.5]),
        ("U", u_shape(), [15.5, 8.5]),
    ];
    for (name, shape, source) in cases {
        let error = max_relative_error(&shape, source, Metric::Geodesic, 10.0);
        println!("{name}: geodesic max relative error {:.4}", error);
        assert!(
            error <= 0.02,
            "{name}: geodesic off by {:.2}%",
            error * 100.0
        );
    }
}

#[test]
fn the_simpler_metrics_are_measurably_worse() {
    let shape = l_shape();
    let source = [150.5, 12.5];
    let dijkstra = max_relative_error(&shape, source, Metric::Dijkstra8, 10.0);
    let bfs = max_relative_error(&shape, source, Metric::Bfs4, 10.0);
    println!("L: dijkstra8 {dijkstra:.4}, bfs4 {bfs:.4}");
    assert!(dijkstra > 0.05 && dijkstra < 0.09, "dijkstra8 {dijkstra}");
    assert!(bfs > 0.25, "bfs4 {bfs}");
}
