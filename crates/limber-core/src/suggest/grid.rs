//! The mask on a coarser grid for the skeleton search, and its islands.
//!
//! A cell is `cell × cell` pixels; it is inside when at least half of its pixels (those within the
//! image) are visible. Small sprites keep one pixel a cell. Islands are 8-connected; each island is
//! then searched on its own crop of the grid ([`Grid::crop`]), so the work on an island is in
//! proportion to its own size however many islands the image holds.

use crate::mask_bits::MaskBits;

/// The coarse mask: row-major cells, and the pixel size of a cell.
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub cell: usize,
    pub inside: Vec<bool>,
    /// Where this grid's cell (0, 0) lies on the whole image's grid (a crop's corner; 0 otherwise).
    pub origin: [usize; 2],
}

/// The 8 neighbour offsets and their step lengths (cells).
pub const NEIGHBOURS: [(i64, i64, f64); 8] = [
    (1, 0, 1.0),
    (-1, 0, 1.0),
    (0, 1, 1.0),
    (0, -1, 1.0),
    (1, 1, std::f64::consts::SQRT_2),
    (1, -1, std::f64::consts::SQRT_2),
    (-1, 1, std::f64::consts::SQRT_2),
    (-1, -1, std::f64::consts::SQRT_2),
];

impl Grid {
    /// `bits` on cells of the smallest whole pixel size that keeps the grid's longer side at most
    /// `max_side` cells.
    pub fn new(bits: &MaskBits, max_side: usize) -> Self {
        let longer = bits.width.max(bits.height);
        let cell = longer.div_ceil(max_side.max(1)).max(1);
        let width = bits.width.div_ceil(cell);
        let height = bits.height.div_ceil(cell);
        let mut counts = vec![0u32; width * height];
        for y in 0..bits.height {
            let row_cells = &mut counts[(y / cell) * width..(y / cell + 1) * width];
            for (i, &word) in bits.row(y).iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    let x = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    row_cells[x / cell] += 1;
                }
            }
        }
        let inside = counts
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let (cx, cy) = (i % width, i / width);
                let cw = (bits.width - cx * cell).min(cell);
                let ch = (bits.height - cy * cell).min(cell);
                2 * n as usize >= cw * ch
            })
            .collect();
        Self {
            width,
            height,
            cell,
            inside,
            origin: [0, 0],
        }
    }

    /// The island's cells alone on a grid cropped to their bounding box plus one outside cell each
    /// side, and the island's cells on that grid.
    pub fn crop(&self, island: &[usize]) -> (Grid, Vec<usize>) {
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for &i in island {
            let (x, y) = (i % self.width, i / self.width);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        if island.is_empty() {
            (x0, y0) = (0, 0);
        }
        // One outside cell around, where the grid has room (beyond the grid is outside anyway).
        let (x0, y0) = (x0.saturating_sub(1), y0.saturating_sub(1));
        let (x1, y1) = ((x1 + 1).min(self.width - 1), (y1 + 1).min(self.height - 1));
        let (width, height) = (x1 + 1 - x0, y1 + 1 - y0);
        let mut inside = vec![false; width * height];
        let cells: Vec<usize> = island
            .iter()
            .map(|&i| {
                let j = (i / self.width - y0) * width + (i % self.width - x0);
                inside[j] = true;
                j
            })
            .collect();
        let grid = Grid {
            width,
            height,
            cell: self.cell,
            inside,
            origin: [self.origin[0] + x0, self.origin[1] + y0],
        };
        (grid, cells)
    }

    /// The neighbour of cell `i` by offset (dx, dy), when it is inside the grid and the mask.
    pub fn neighbour(&self, i: usize, dx: i64, dy: i64) -> Option<usize> {
        let x = (i % self.width) as i64 + dx;
        let y = (i / self.width) as i64 + dy;
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return None;
        }
        let j = y as usize * self.width + x as usize;
        self.inside[j].then_some(j)
    }

    /// The image-pixel position of cell `i`'s centre (clamped to the image for edge cells).
    pub fn centre(&self, i: usize, image_w: usize, image_h: usize) -> [f64; 2] {
        let [x, y] = self.at_cell_point([(i % self.width) as f64, (i / self.width) as f64]);
        [x.min(image_w as f64 - 0.5), y.min(image_h as f64 - 0.5)]
    }

    /// The image-pixel position of a point in this grid's cell coordinates (a cell's centre is its
    /// column and row; points past the grid are beyond the image's edge).
    pub fn at_cell_point(&self, p: [f64; 2]) -> [f64; 2] {
        let c = self.cell as f64;
        [
            (p[0] + self.origin[0] as f64 + 0.5) * c,
            (p[1] + self.origin[1] as f64 + 0.5) * c,
        ]
    }

    /// The 8-connected islands, each a list of cells, largest first.
    pub fn islands(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.inside.len()];
        let mut islands = Vec::new();
        for start in 0..self.inside.len() {
            if !self.inside[start] || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut cells = vec![start];
            let mut k = 0;
            while k < cells.len() {
                let i = cells[k];
                k += 1;
                for &(dx, dy, _) in &NEIGHBOURS {
                    if let Some(j) = self.neighbour(i, dx, dy)
                        && !seen[j]
                    {
                        seen[j] = true;
                        cells.push(j);
                    }
                }
            }
            islands.push(cells);
        }
        islands.sort_by_key(|c| std::cmp::Reverse(c.len()));
        islands
    }
}
