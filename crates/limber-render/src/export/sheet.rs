//! Sprite sheets: frames packed in a grid into one PNG, and the JSON-hash atlas beside it (the
//! layout TexturePacker and Aseprite write and game frameworks read: a `frames` object keyed by
//! frame name with `frame`, `sourceSize`, `duration` in ms, and `meta` with the image, its size and
//! a `frameTags` entry for the clip).

use image::{RgbaImage, imageops};
use serde_json::{Map, Value, json};

use super::timing::FrameTimes;

/// Largest sheet made, in pixels (256 megapixels, as `limber_core::limits::MAX_EXPORT_PIXELS_IN_MEMORY`).
pub const MAX_SHEET_PIXELS: u64 = 256 << 20;

/// Where frames go on a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetLayout {
    pub frame_width: u32,
    pub frame_height: u32,
    pub columns: u32,
    pub rows: u32,
}

impl SheetLayout {
    /// A grid for `count` frames: `columns` wide (default: the smallest square that holds them).
    pub fn new(
        count: usize,
        frame_width: u32,
        frame_height: u32,
        columns: Option<u32>,
    ) -> Result<Self, String> {
        let count = count.max(1) as u32;
        let columns = match columns {
            Some(0) => return Err("--columns must be at least 1".into()),
            Some(c) => c.min(count),
            None => (f64::from(count).sqrt().ceil() as u32).max(1),
        };
        let rows = count.div_ceil(columns);
        let layout = Self {
            frame_width,
            frame_height,
            columns,
            rows,
        };
        let [w, h] = layout.size();
        if u64::from(w) * u64::from(h) > MAX_SHEET_PIXELS || w > 65_535 || h > 65_535 {
            return Err(format!(
                "a {w} × {h} sheet is too large (at most {MAX_SHEET_PIXELS} pixels and 65535 a side); \
                 lower --scale or --fps"
            ));
        }
        Ok(layout)
    }

    pub fn size(&self) -> [u32; 2] {
        [
            self.frame_width * self.columns,
            self.frame_height * self.rows,
        ]
    }

    /// Top-left corner of frame `index`.
    pub fn origin(&self, index: usize) -> [u32; 2] {
        let i = index as u32;
        [
            (i % self.columns) * self.frame_width,
            (i / self.columns) * self.frame_height,
        ]
    }
}

/// A sheet being filled.
pub struct Sheet {
    pub layout: SheetLayout,
    pub image: RgbaImage,
}

impl Sheet {
    pub fn new(layout: SheetLayout) -> Self {
        let [w, h] = layout.size();
        Self {
            layout,
            image: RgbaImage::new(w, h),
        }
    }

    /// Copies frame `index` into its cell.
    pub fn place(&mut self, index: usize, frame: &RgbaImage) {
        let [x, y] = self.layout.origin(index);
        imageops::replace(&mut self.image, frame, i64::from(x), i64::from(y));
    }
}

/// The JSON-hash atlas for a sheet image named `image_name` holding `times` of clip `clip`.
pub fn atlas_json(layout: &SheetLayout, times: &FrameTimes, clip: &str, image_name: &str) -> Value {
    let durations = times.durations(1000.0);
    let (w, h) = (layout.frame_width, layout.frame_height);
    let mut frames = Map::new();
    for (index, duration) in durations.iter().enumerate() {
        let [x, y] = layout.origin(index);
        frames.insert(
            format!("{clip}_{index:04}"),
            json!({
                "frame": {"x": x, "y": y, "w": w, "h": h},
                "rotated": false,
                "trimmed": false,
                "spriteSourceSize": {"x": 0, "y": 0, "w": w, "h": h},
                "sourceSize": {"w": w, "h": h},
                "duration": duration,
            }),
        );
    }
    let [sw, sh] = layout.size();
    json!({
        "frames": frames,
        "meta": {
            "app": "limber",
            "version": env!("CARGO_PKG_VERSION"),
            "image": image_name,
            "format": "RGBA8888",
            "size": {"w": sw, "h": sh},
            "scale": "1",
            "frameTags": [{
                "name": clip,
                "from": 0,
                "to": durations.len().saturating_sub(1),
                "direction": "forward",
            }],
            "fps": times.fps,
            "loop": times.looping,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_fill_rows_left_to_right() {
        let layout = SheetLayout::new(5, 10, 20, None).unwrap();
        assert_eq!((layout.columns, layout.rows), (3, 2));
        assert_eq!(layout.size(), [30, 40]);
        assert_eq!(layout.origin(4), [10, 20]);
        assert!(SheetLayout::new(5, 10, 20, Some(0)).is_err());
        assert!(SheetLayout::new(100_000, 4000, 4000, None).is_err());
    }

    #[test]
    fn the_atlas_names_every_frame_with_its_rectangle_and_duration() {
        let layout = SheetLayout::new(3, 8, 8, Some(2)).unwrap();
        let times = FrameTimes::new(0.3, true, 10.0);
        let atlas = atlas_json(&layout, &times, "walk", "walk.png");
        let third = &atlas["frames"]["walk_0002"];
        assert_eq!(third["frame"], json!({"x": 0, "y": 8, "w": 8, "h": 8}));
        assert_eq!(third["duration"], json!(100));
        assert_eq!(atlas["meta"]["size"], json!({"w": 16, "h": 16}));
    }
}
