//! The names of a PNG sequence's files (`frame_0000.png`, …) and the clean-up of a folder a sequence
//! is written into: the frames of an earlier, longer export beyond the new count are removed, so
//! the folder holds one sequence, never a mix of two.

use std::fs;
use std::path::Path;

/// The file name of frame `index`.
pub fn frame_name(index: usize) -> String {
    format!("frame_{index:04}.png")
}

/// The frame index a file name stands for: `frame_` + at least four digits + `.png`.
pub fn frame_index(name: &str) -> Option<usize> {
    let digits = name.strip_prefix("frame_")?.strip_suffix(".png")?;
    (digits.len() >= 4 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// Whether `name` is a frame file's name.
pub fn is_frame_name(name: &str) -> bool {
    frame_index(name).is_some()
}

/// Removes the regular files in `dir` named as frames from `count` on (what an earlier, longer
/// export left). Links and folders named like frames are left alone.
pub fn remove_frames_from(dir: &Path, count: usize) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)?.flatten() {
        let stale = entry
            .file_name()
            .to_str()
            .and_then(frame_index)
            .is_some_and(|index| index >= count);
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_names_round_trip_and_others_are_not_frames() {
        assert_eq!(frame_index(&frame_name(7)), Some(7));
        assert_eq!(frame_index(&frame_name(12345)), Some(12345));
        for other in [
            "frame_12.png",
            "frame_0001.PNG",
            "frame_00a1.png",
            "sprite.png",
        ] {
            assert!(!is_frame_name(other), "{other}");
        }
    }

    #[test]
    fn frames_beyond_the_count_go_and_everything_else_stays() {
        let dir = std::env::temp_dir().join(format!("limber-frames-clean-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for name in [
            "frame_0000.png",
            "frame_0001.png",
            "frame_0002.png",
            "notes.txt",
        ] {
            fs::write(dir.join(name), b"x").unwrap();
        }
        fs::create_dir(dir.join("frame_0005.png")).unwrap();
        remove_frames_from(&dir, 2).unwrap();
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "frame_0000.png",
                "frame_0001.png",
                "frame_0005.png",
                "notes.txt"
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
