//! Recently opened files: the last ten projects or images, newest first, kept in
//! `$XDG_CONFIG_HOME/limber/recent.txt` (or `~/.config/limber/recent.txt`), one path per line.

use std::path::{Path, PathBuf};

/// How many files the list keeps.
pub const MAX_RECENT: usize = 10;

/// Where the list lives, if the environment names a home or config folder.
pub fn default_store() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(config.join("limber").join("recent.txt"))
}

/// The recent files in `store` that still exist, newest first.
pub fn load(store: &Path) -> Vec<PathBuf> {
    std::fs::read_to_string(store)
        .map(|text| {
            text.lines()
                .map(PathBuf::from)
                .filter(|p| p.exists())
                .take(MAX_RECENT)
                .collect()
        })
        .unwrap_or_default()
}

/// Puts `opened` first in the list in `store` (written atomically; the folder is made if missing).
/// Returns the new list.
pub fn remember(store: &Path, opened: &Path) -> std::io::Result<Vec<PathBuf>> {
    let opened = super::document::absolute(opened);
    let mut list = load(store);
    list.retain(|p| p != &opened);
    list.insert(0, opened);
    list.truncate(MAX_RECENT);
    if let Some(folder) = store.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let text: String = list.iter().map(|p| format!("{}\n", p.display())).collect();
    limber_core::atomic_file::write_atomic_replacing(store, text.as_bytes())?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_comes_first_once_and_the_list_is_bounded() {
        let dir = std::env::temp_dir().join(format!("limber-recent-{}", std::process::id()));
        let store = dir.join("config").join("recent.txt");
        let files: Vec<PathBuf> = (0..12).map(|i| dir.join(format!("f{i}.limber"))).collect();
        std::fs::create_dir_all(&dir).unwrap();
        for f in &files {
            std::fs::write(f, b"x").unwrap();
            remember(&store, f).unwrap();
        }
        remember(&store, &files[5]).unwrap();
        let list = load(&store);
        assert_eq!(list.len(), MAX_RECENT);
        assert_eq!(list[0], files[5]);
        assert_eq!(list[1], files[11]);
        assert_eq!(list.iter().filter(|p| **p == files[5]).count(), 1);
        std::fs::remove_file(&files[11]).unwrap();
        assert!(!load(&store).contains(&files[11]), "files gone are dropped");
    }
}
