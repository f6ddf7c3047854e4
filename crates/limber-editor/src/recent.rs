//! Recent projects: the last ten saved projects (`.limber`) opened or saved, newest first, kept in
//! `$XDG_CONFIG_HOME/limber/recent.txt` (or `~/.config/limber/recent.txt`), one path per line. An
//! image a project was made from is never listed: File > Open recent opens projects. The window
//! keeps a [`RecentProjects`] and tells it the document's project path every frame, so opening a
//! project, Save As and a recovered project all land in the list.

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

/// Whether `path` names a project file (`.limber`, any case).
pub fn is_project(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("limber"))
}

/// The recent projects in `store` that still exist, newest first (an older list's images left
/// out).
pub fn load(store: &Path) -> Vec<PathBuf> {
    std::fs::read_to_string(store)
        .map(|text| {
            text.lines()
                .map(PathBuf::from)
                .filter(|p| is_project(p) && p.exists())
                .take(MAX_RECENT)
                .collect()
        })
        .unwrap_or_default()
}

/// The window's list of recent projects and where it is kept.
#[derive(Debug, Clone, Default)]
pub struct RecentProjects {
    store: Option<PathBuf>,
    list: Vec<PathBuf>,
    /// The project last put first, so that a frame with the same project writes nothing.
    noted: Option<PathBuf>,
}

impl RecentProjects {
    /// The list kept in `store` (`None`: no list is kept, as without a home folder).
    pub fn in_store(store: Option<PathBuf>) -> Self {
        let list = store.as_deref().map(load).unwrap_or_default();
        Self {
            store,
            list,
            noted: None,
        }
    }

    /// The projects, newest first.
    pub fn list(&self) -> &[PathBuf] {
        &self.list
    }

    /// Puts the document's project first when it is a saved project not put first already
    /// (called every frame with the document's path; `None`, an image's document, is no project).
    pub fn note(&mut self, project: Option<&Path>) {
        let Some(project) = project.filter(|p| is_project(p)) else {
            return;
        };
        if self.noted.as_deref() == Some(project) {
            return;
        }
        self.noted = Some(project.to_path_buf());
        if let Some(store) = &self.store
            && let Ok(list) = remember(store, project)
        {
            self.list = list;
        }
    }
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

    #[test]
    fn only_saved_projects_are_listed() {
        let dir = std::env::temp_dir().join(format!("limber-recent-kinds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = dir.join("recent.txt");
        let image = dir.join("hero.png");
        let project = dir.join("hero.limber");
        std::fs::write(&image, b"x").unwrap();
        std::fs::write(&project, b"x").unwrap();
        let mut recent = RecentProjects::in_store(Some(store.clone()));
        recent.note(None);
        recent.note(Some(&image));
        assert!(recent.list().is_empty(), "an image is no project");
        recent.note(Some(&project));
        assert_eq!(recent.list(), std::slice::from_ref(&project));
        // An older list that named the image: read back without it.
        std::fs::write(
            &store,
            format!("{}\n{}\n", image.display(), project.display()),
        )
        .unwrap();
        assert_eq!(load(&store), [project]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
