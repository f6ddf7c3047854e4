//! The window's layout: what the user left, remembered per user — the timeline's height (the
//! dopesheet divider), the side panels' widths and whether each is collapsed — kept in
//! `$XDG_CONFIG_HOME/limber/layout.txt` (or `~/.config/limber/layout.txt`) as `name = value`
//! lines, an unreadable or odd line ignored; and, not kept, the dopesheet as last drawn
//! ([`SheetLayout`]: its rows and how near a press must be to a key), which the dopesheet's tools
//! (`tools/dopesheet.rs`) hit-test against.

use std::path::{Path, PathBuf};

/// The timeline's height (points) before the user drags the divider.
pub const DEFAULT_TIMELINE_HEIGHT: f32 = 240.0;
/// The timeline's least height (points): the ruler, the buttons and a few rows.
pub const MIN_TIMELINE_HEIGHT: f32 = 120.0;
/// The curve editor's height (points) until the user drags its edge.
pub const DEFAULT_CURVE_HEIGHT: f32 = 240.0;
/// The least the curve editor may be (points): room for its graph and legend.
pub const MIN_CURVE_HEIGHT: f32 = 140.0;
/// The skeleton panel's width (points) before the user drags its edge.
pub const DEFAULT_LEFT_WIDTH: f32 = 210.0;
/// The inspector's width (points) before the user drags its edge.
pub const DEFAULT_RIGHT_WIDTH: f32 = 260.0;
/// A side panel's least and greatest width (points).
pub const MIN_SIDE_WIDTH: f32 = 120.0;
pub const MAX_SIDE_WIDTH: f32 = 600.0;

/// A side panel of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The skeleton and parts list.
    Left,
    /// The inspector.
    Right,
}

/// A row of the dopesheet as drawn, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SheetRow {
    /// A bone's keys: the bone's index and name.
    Bone(usize, String),
    /// A part's keys: the part's name.
    Part(String),
    /// A slot's attachment and colour keys: the slot's name.
    Slot(String),
}

/// The dopesheet as last drawn, in its own coordinates: x in seconds of the clip, y in rows from
/// the top of the first row (row `i` spans `i..i + 1`, its keys sit at `i + 0.5`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SheetLayout {
    pub rows: Vec<SheetRow>,
    /// How near in seconds a press must be to a key to grab it (a few points on screen).
    pub reach: f64,
}

/// The remembered layout and where it is kept.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layout {
    /// The timeline panel's height in points, once the user has set one.
    pub timeline_height: Option<f32>,
    /// The curve editor's height in points, once the user has set one.
    pub curve_height: Option<f32>,
    /// The side panels' widths in points, once the user has set them.
    pub left_width: Option<f32>,
    pub right_width: Option<f32>,
    /// Whether each side panel is collapsed to its narrow strip.
    pub left_collapsed: bool,
    pub right_collapsed: bool,
    /// The file it is kept in (`None`: not kept).
    pub store: Option<PathBuf>,
    /// The dopesheet as last drawn (not kept).
    pub sheet: SheetLayout,
}

/// Where the layout lives, if the environment names a home or config folder.
pub fn default_store() -> Option<PathBuf> {
    crate::recent::default_store().map(|recent| recent.with_file_name("layout.txt"))
}

/// The value of `name` in the store's text, if one line gives it.
fn value<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().find_map(|line| {
        let (n, v) = line.split_once('=')?;
        (n.trim() == name).then(|| v.trim())
    })
}

/// A size in points from the store, kept only inside `lo..=hi`.
fn size(text: &str, name: &str, lo: f32, hi: f32) -> Option<f32> {
    value(text, name)
        .and_then(|v| v.parse::<f32>().ok())
        .filter(|h| h.is_finite() && (lo..=hi).contains(h))
}

impl Layout {
    /// The layout kept in `store` (defaults where it has none).
    pub fn load(store: &Path) -> Self {
        let text = std::fs::read_to_string(store).unwrap_or_default();
        let flag = |name: &str| value(&text, name) == Some("true");
        Self {
            timeline_height: size(&text, "timeline_height", MIN_TIMELINE_HEIGHT, f32::MAX),
            curve_height: size(&text, "curve_height", MIN_CURVE_HEIGHT, f32::MAX),
            left_width: size(&text, "left_width", MIN_SIDE_WIDTH, MAX_SIDE_WIDTH),
            right_width: size(&text, "right_width", MIN_SIDE_WIDTH, MAX_SIDE_WIDTH),
            left_collapsed: flag("left_collapsed"),
            right_collapsed: flag("right_collapsed"),
            store: Some(store.to_path_buf()),
            sheet: SheetLayout::default(),
        }
    }

    /// The timeline's height: remembered, else the default.
    pub fn timeline_height(&self) -> f32 {
        self.timeline_height.unwrap_or(DEFAULT_TIMELINE_HEIGHT)
    }

    /// Remembers a new timeline height, writing the store when it changed by a point or more.
    pub fn set_timeline_height(&mut self, height: f32) -> std::io::Result<()> {
        if !height.is_finite()
            || self
                .timeline_height
                .is_some_and(|h| (h - height).abs() < 1.0)
        {
            return Ok(());
        }
        self.timeline_height = Some(height.max(MIN_TIMELINE_HEIGHT));
        self.save()
    }

    /// The curve editor's height: remembered, else the default.
    pub fn curve_height(&self) -> f32 {
        self.curve_height.unwrap_or(DEFAULT_CURVE_HEIGHT)
    }

    /// Remembers a new curve editor height, writing the store when it changed by a point or more.
    pub fn set_curve_height(&mut self, height: f32) -> std::io::Result<()> {
        if !height.is_finite() || self.curve_height.is_some_and(|h| (h - height).abs() < 1.0) {
            return Ok(());
        }
        self.curve_height = Some(height.max(MIN_CURVE_HEIGHT));
        self.save()
    }

    /// A side panel's width: remembered, else the default.
    pub fn side_width(&self, side: Side) -> f32 {
        match side {
            Side::Left => self.left_width.unwrap_or(DEFAULT_LEFT_WIDTH),
            Side::Right => self.right_width.unwrap_or(DEFAULT_RIGHT_WIDTH),
        }
    }

    /// Remembers a side panel's new width, writing the store when it changed by a point or more.
    pub fn set_side_width(&mut self, side: Side, width: f32) -> std::io::Result<()> {
        if !width.is_finite() || (self.side_width(side) - width).abs() < 1.0 {
            return Ok(());
        }
        let width = Some(width.clamp(MIN_SIDE_WIDTH, MAX_SIDE_WIDTH));
        match side {
            Side::Left => self.left_width = width,
            Side::Right => self.right_width = width,
        }
        self.save()
    }

    /// Whether a side panel is collapsed.
    pub fn is_collapsed(&self, side: Side) -> bool {
        match side {
            Side::Left => self.left_collapsed,
            Side::Right => self.right_collapsed,
        }
    }

    /// Collapses or expands a side panel, remembered.
    pub fn set_collapsed(&mut self, side: Side, collapsed: bool) -> std::io::Result<()> {
        if self.is_collapsed(side) == collapsed {
            return Ok(());
        }
        match side {
            Side::Left => self.left_collapsed = collapsed,
            Side::Right => self.right_collapsed = collapsed,
        }
        self.save()
    }

    fn save(&self) -> std::io::Result<()> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        if let Some(folder) = store.parent() {
            std::fs::create_dir_all(folder)?;
        }
        let mut text = format!("timeline_height = {}\n", self.timeline_height());
        for (name, width) in [
            ("curve_height", self.curve_height),
            ("left_width", self.left_width),
            ("right_width", self.right_width),
        ] {
            if let Some(w) = width {
                text.push_str(&format!("{name} = {w}\n"));
            }
        }
        text.push_str(&format!(
            "left_collapsed = {}\nright_collapsed = {}\n",
            self.left_collapsed, self.right_collapsed
        ));
        limber_core::atomic_file::write_atomic_replacing(store, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_height_survives_a_reload_and_bad_files_give_the_default() {
        let dir = std::env::temp_dir().join(format!("limber-layout-{}", std::process::id()));
        let store = dir.join("config").join("layout.txt");
        let mut layout = Layout::load(&store);
        assert_eq!(layout.timeline_height(), DEFAULT_TIMELINE_HEIGHT);
        layout.set_timeline_height(333.0).unwrap();
        assert_eq!(Layout::load(&store).timeline_height(), 333.0);
        std::fs::write(&store, "timeline_height = banana\n").unwrap();
        assert_eq!(
            Layout::load(&store).timeline_height(),
            DEFAULT_TIMELINE_HEIGHT
        );
        std::fs::write(&store, "timeline_height = 3\n").unwrap();
        assert_eq!(
            Layout::load(&store).timeline_height(),
            DEFAULT_TIMELINE_HEIGHT
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn side_widths_and_collapsed_panels_survive_a_reload() {
        let dir = std::env::temp_dir().join(format!("limber-sides-{}", std::process::id()));
        let store = dir.join("layout.txt");
        let mut layout = Layout::load(&store);
        assert_eq!(layout.side_width(Side::Left), DEFAULT_LEFT_WIDTH);
        assert!(!layout.is_collapsed(Side::Right));
        layout.set_side_width(Side::Left, 300.0).unwrap();
        layout.set_side_width(Side::Right, 9000.0).unwrap();
        layout.set_collapsed(Side::Right, true).unwrap();
        let again = Layout::load(&store);
        assert_eq!(again.side_width(Side::Left), 300.0);
        assert_eq!(again.side_width(Side::Right), MAX_SIDE_WIDTH, "clamped");
        assert!(again.is_collapsed(Side::Right) && !again.is_collapsed(Side::Left));
        std::fs::write(&store, "left_width = -4\nright_collapsed = maybe\n").unwrap();
        let odd = Layout::load(&store);
        assert_eq!(odd.side_width(Side::Left), DEFAULT_LEFT_WIDTH);
        assert!(!odd.is_collapsed(Side::Right));
        std::fs::remove_dir_all(&dir).ok();
    }
}
