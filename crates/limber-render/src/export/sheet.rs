//! Sprite sheets: frames placed in a grid (or, trimmed, packed by [`super::pack`]) into one PNG,
//! and the JSON-hash atlas beside it — the layout TexturePacker writes and PixiJS and Phaser read:
//! a `frames` object keyed `"0"`, `"1"`, … (the keys Phaser's `createFromAseprite` looks frames up
//! by) with `frame`, `trimmed`, `spriteSourceSize`, `sourceSize`, a `pivot`/`anchor` and `duration`
//! in ms, then `animations` (PixiJS: clip name → frame names) and `meta` with the image, its size
//! and a `frameTags` entry for the clip (Aseprite's tag form, which Phaser's loader reads).

use image::{RgbaImage, imageops};
use serde_json::{Map, Value, json};

use super::framing::FrameRect;
use super::timing::FrameTimes;

/// Largest sheet made, in pixels (256 megapixels, as `limber_core::limits::MAX_EXPORT_PIXELS_IN_MEMORY`).
pub const MAX_SHEET_PIXELS: u64 = 256 << 20;

/// Why a sheet cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("--columns must be at least 1")]
    NoColumns,
    #[error(
        "a {width} × {height} sheet is too large (at most {MAX_SHEET_PIXELS} pixels and 65535 a \
         side); lower --scale or --fps"
    )]
    TooLarge { width: u32, height: u32 },
}

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
    ) -> Result<Self, SheetError> {
        let count = count.max(1) as u32;
        let columns = match columns {
            Some(0) => return Err(SheetError::NoColumns),
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
        check_sheet_size(w, h)?;
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

/// Refuses a sheet too large to make or read back.
pub fn check_sheet_size(w: u32, h: u32) -> Result<(), SheetError> {
    if u64::from(w) * u64::from(h) > MAX_SHEET_PIXELS || w > 65_535 || h > 65_535 {
        return Err(SheetError::TooLarge {
            width: w,
            height: h,
        });
    }
    Ok(())
}

/// Where one frame went: its rectangle on the sheet and, within the rendered frame, the rectangle
/// that was kept (all of it unless trimmed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// x, y, w, h on the sheet.
    pub sheet: [u32; 4],
    /// x, y, w, h in the rendered frame.
    pub source: [u32; 4],
}

impl SheetLayout {
    /// Frame `index` whole in its cell.
    pub fn placement(&self, index: usize) -> Placement {
        let [x, y] = self.origin(index);
        let (w, h) = (self.frame_width, self.frame_height);
        Placement {
            sheet: [x, y, w, h],
            source: [0, 0, w, h],
        }
    }
}

/// Copies the kept part of `frame` to its place on `sheet`.
pub fn paste(sheet: &mut RgbaImage, frame: &RgbaImage, placement: &Placement) {
    let [sx, sy, w, h] = placement.source;
    let kept = imageops::crop_imm(frame, sx, sy, w, h).to_image();
    let [x, y, ..] = placement.sheet;
    imageops::replace(sheet, &kept, i64::from(x), i64::from(y));
}

/// The JSON-hash atlas for a sheet image named `image_name` of `sheet_size` holding `times` of
/// clip `clip`, each rendered on the canvas `rect` and placed as `placements` says.
pub fn atlas_json(
    placements: &[Placement],
    sheet_size: [u32; 2],
    rect: &FrameRect,
    times: &FrameTimes,
    clip: &str,
    image_name: &str,
) -> Value {
    let durations = times.durations(1000.0);
    let [fw, fh] = rect.size;
    let [px, py] = rect.pivot();
    let mut frames = Map::new();
    let mut names = Vec::new();
    for (index, (placement, duration)) in placements.iter().zip(&durations).enumerate() {
        let [x, y, w, h] = placement.sheet;
        let [sx, sy, sw, sh] = placement.source;
        let name = index.to_string();
        frames.insert(
            name.clone(),
            json!({
                "frame": {"x": x, "y": y, "w": w, "h": h},
                "rotated": false,
                "trimmed": placement.source != [0, 0, fw, fh],
                "spriteSourceSize": {"x": sx, "y": sy, "w": sw, "h": sh},
                "sourceSize": {"w": fw, "h": fh},
                "pivot": {"x": px, "y": py},
                "anchor": {"x": px, "y": py},
                "duration": duration,
            }),
        );
        names.push(Value::String(name));
    }
    let [sw, sh] = sheet_size;
    json!({
        "frames": frames,
        "animations": {clip: names},
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
            // The canvas's top-left relative to the image's origin, in output pixels.
            "origin": {"x": rect.min[0], "y": rect.min[1]},
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
    fn the_atlas_names_every_frame_with_its_rectangle_duration_and_pivot() {
        let layout = SheetLayout::new(3, 8, 8, Some(2)).unwrap();
        let times = FrameTimes::new(0.3, true, 10.0);
        let rect = FrameRect {
            min: [-2, 0],
            size: [8, 8],
            anchor: [4.0, 6.0],
        };
        let placements: Vec<Placement> = (0..3).map(|i| layout.placement(i)).collect();
        let atlas = atlas_json(
            &placements,
            layout.size(),
            &rect,
            &times,
            "walk",
            "walk.png",
        );
        let third = &atlas["frames"]["2"];
        assert_eq!(third["frame"], json!({"x": 0, "y": 8, "w": 8, "h": 8}));
        assert_eq!(third["trimmed"], json!(false));
        assert_eq!(third["duration"], json!(100));
        assert_eq!(third["pivot"], json!({"x": 0.5, "y": 0.75}));
        assert_eq!(atlas["meta"]["size"], json!({"w": 16, "h": 16}));
        assert_eq!(atlas["meta"]["origin"], json!({"x": -2, "y": 0}));
        assert_eq!(atlas["animations"]["walk"], json!(["0", "1", "2"]));
        assert_eq!(atlas["meta"]["frameTags"][0]["to"], json!(2));
    }

    #[test]
    fn a_trimmed_frame_keeps_its_offset_in_the_source() {
        let mut frame = RgbaImage::new(6, 4);
        frame.put_pixel(3, 2, image::Rgba([9, 9, 9, 255]));
        let placement = Placement {
            sheet: [1, 0, 1, 1],
            source: [3, 2, 1, 1],
        };
        let mut sheet = RgbaImage::new(2, 1);
        paste(&mut sheet, &frame, &placement);
        assert_eq!(sheet.get_pixel(1, 0)[3], 255);
        let rect = FrameRect {
            min: [0, 0],
            size: [6, 4],
            anchor: [0.0, 0.0],
        };
        let atlas = atlas_json(
            &[placement],
            [2, 1],
            &rect,
            &FrameTimes::new(0.1, true, 10.0),
            "x",
            "x.png",
        );
        let f = &atlas["frames"]["0"];
        assert_eq!(f["trimmed"], json!(true));
        assert_eq!(
            f["spriteSourceSize"],
            json!({"x": 3, "y": 2, "w": 1, "h": 1})
        );
        assert_eq!(f["sourceSize"], json!({"w": 6, "h": 4}));
    }
}
