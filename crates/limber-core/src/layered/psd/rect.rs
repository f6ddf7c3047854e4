//! Rectangles on the canvas, in `i64` so that any rectangle a file states (±2³¹) is exact; right and
//! bottom are exclusive, as the format stores them.

/// `[left, top, right, bottom)` in canvas pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Rect {
    pub left: i64,
    pub top: i64,
    pub right: i64,
    pub bottom: i64,
}

impl Rect {
    /// From the file's order: top, left, bottom, right.
    pub fn from_tlbr([top, left, bottom, right]: [i32; 4]) -> Self {
        Self {
            left: left.into(),
            top: top.into(),
            right: right.into(),
            bottom: bottom.into(),
        }
    }

    pub fn canvas([w, h]: [u32; 2]) -> Self {
        Self {
            left: 0,
            top: 0,
            right: w.into(),
            bottom: h.into(),
        }
    }

    pub fn width(&self) -> u64 {
        (self.right - self.left).max(0) as u64
    }

    pub fn height(&self) -> u64 {
        (self.bottom - self.top).max(0) as u64
    }

    pub fn is_empty(&self) -> bool {
        self.width() == 0 || self.height() == 0
    }

    pub fn intersect(&self, other: &Rect) -> Rect {
        Rect {
            left: self.left.max(other.left),
            top: self.top.max(other.top),
            right: self.right.min(other.right),
            bottom: self.bottom.min(other.bottom),
        }
    }

    /// Whether canvas pixel (x, y) is inside.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (self.left..self.right).contains(&x) && (self.top..self.bottom).contains(&y)
    }
}
