//! The bundled sample — the zombie sprite, its rig and the project made from them — compiled into
//! the binary, so an installed `limber` opens it and runs the demo from any folder, without the
//! source tree.
//!
//! The project is unpacked as the repository lays it out (`projects/zombie.limber` naming its image
//! as `../sprites/kenney_zombie_walk0.png`), so its bytes are exactly the bundled file's and its
//! image is current. A file already there is never overwritten: the artist's saved changes to the
//! sample stay.

use std::io;
use std::path::{Path, PathBuf};

use crate::core::atomic_file::write_atomic;
use crate::core::folders::ensure_parent;

/// The sample project, as `assets/projects/zombie.limber`.
pub const PROJECT: &[u8] = include_bytes!("../assets/projects/zombie.limber");
/// The sample sprite, as `assets/sprites/kenney_zombie_walk0.png`.
pub const SPRITE: &[u8] = include_bytes!("../assets/sprites/kenney_zombie_walk0.png");
/// The sample rig, as `assets/rigs/kenney_zombie_walk0.json`.
pub const RIG: &str = include_str!("../assets/rigs/kenney_zombie_walk0.json");

/// The sprite's file name (the demo prints it).
pub const SPRITE_NAME: &str = "kenney_zombie_walk0.png";
const PROJECT_FILE: &str = "projects/zombie.limber";
const SPRITE_FILE: &str = "sprites/kenney_zombie_walk0.png";

/// Where [`unpack`] puts the project under `dir`.
pub fn project_in(dir: &Path) -> PathBuf {
    dir.join(PROJECT_FILE)
}

/// Writes the sample project and its sprite under `dir` (made if missing), leaving any file already
/// there as it is; returns the project's path.
pub fn unpack(dir: &Path) -> io::Result<PathBuf> {
    for (file, bytes) in [(SPRITE_FILE, SPRITE), (PROJECT_FILE, PROJECT)] {
        let path = dir.join(file);
        if path.exists() {
            continue;
        }
        // A missing folder is made; a file, or a link to nowhere, in the way is named.
        ensure_parent(&path)?;
        write_atomic(&path, bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    }
    Ok(project_in(dir))
}

/// Where the editor keeps its copy of the sample: the user's data folder
/// (`$XDG_DATA_HOME/limber`, else `~/.local/share/limber`; `%APPDATA%\limber` on Windows), else the
/// system's temporary folder; one folder per content of the bundled sample (a CRC-32 of its files),
/// so a binary with a changed sample unpacks it afresh and never opens an older copy, while the
/// copy an artist saved changes to stays where it was.
pub fn user_sample_dir() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("APPDATA").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(std::env::temp_dir);
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(PROJECT);
    hasher.update(SPRITE);
    data.join("limber")
        .join(format!("sample-{:08x}", hasher.finalize()))
}

/// The sample sprite, unpacked into [`user_sample_dir`] (as the demo meshes it).
pub fn user_sample_sprite() -> io::Result<PathBuf> {
    user_sample_project()?;
    Ok(user_sample_dir().join(SPRITE_FILE))
}

/// The sample project the editor opens with no arguments, unpacked into [`user_sample_dir`].
pub fn user_sample_project() -> io::Result<PathBuf> {
    let dir = user_sample_dir();
    unpack(&dir).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::project::Project;

    #[test]
    fn the_embedded_sample_is_the_repository_sample() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        assert_eq!(std::fs::read(root.join(PROJECT_FILE)).unwrap(), PROJECT);
        assert_eq!(std::fs::read(root.join(SPRITE_FILE)).unwrap(), SPRITE);
        let rig = std::fs::read_to_string(root.join("rigs/kenney_zombie_walk0.json")).unwrap();
        assert_eq!(rig, RIG);
    }

    #[test]
    fn the_unpacked_sample_loads_with_a_current_image_and_keeps_saved_changes() {
        let dir = std::env::temp_dir().join(format!("limber-sample-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = unpack(&dir).unwrap();
        let project = Project::load(&path).unwrap();
        let image = std::fs::read(project.image_path(&path, 0)).unwrap();
        assert!(!project.parts[0].is_stale(&image));
        assert!(!project.rig.clips.is_empty());
        // A second unpack leaves the artist's saved file alone.
        std::fs::write(&path, b"edited").unwrap();
        assert_eq!(unpack(&dir).unwrap(), path);
        assert_eq!(std::fs::read(&path).unwrap(), b"edited");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
