//! The window's layout as the user left it, remembered per user: for now the timeline's height
//! (the dopesheet divider), kept in `$XDG_CONFIG_HOME/limber/layout.txt` (or
//! `~/.config/limber/layout.txt`) as `name = value` lines. An unreadable or odd file is ignored.

use std::path::{Path, PathBuf};

/// The timeline's height (points) before the user drags the divider.
pub const DEFAULT_TIMELINE_HEIGHT: f32 = 240.0;
/// The timeline's least height (points): the ruler, the buttons and a few rows.
pub const MIN_TIMELINE_HEIGHT: f32 = 120.0;

/// The remembered layout and where it is kept.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layout {
    /// The timeline panel's height in points, once the user has set one.
    pub timeline_height: Option<f32>,
    /// The file it is kept in (`None`: not kept).
    pub store: Option<PathBuf>,
}

/// Where the layout lives, if the environment names a home or config folder.
pub fn default_store() -> Option<PathBuf> {
    crate::recent::default_store().map(|recent| recent.with_file_name("layout.txt"))
}

impl Layout {
    /// The layout kept in `store` (defaults where it has none).
    pub fn load(store: &Path) -> Self {
        let text = std::fs::read_to_string(store).unwrap_or_default();
        let timeline_height = text.lines().find_map(|line| {
            let (name, value) = line.split_once('=')?;
            (name.trim() == "timeline_height")
                .then(|| value.trim().parse::<f32>().ok())
                .flatten()
                .filter(|h| h.is_finite() && *h >= MIN_TIMELINE_HEIGHT)
        });
        Self {
            timeline_height,
            store: Some(store.to_path_buf()),
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

    fn save(&self) -> std::io::Result<()> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        if let Some(folder) = store.parent() {
            std::fs::create_dir_all(folder)?;
        }
        let text = format!("timeline_height = {}\n", self.timeline_height());
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
}
