//! Saving without ever leaving a half-written file: write a temporary file in the same folder, flush
//! it to disk, keep the previous version as `NAME.bak`, then rename the new file into place.
//!
//! A crash or a kill at any point leaves `NAME` as the old file or the new one, and `NAME.bak` as the
//! previous backup or the new one: the backup is made by linking (or, where the file system has no
//! links, copying and flushing) to a temporary name and renaming that, never by writing in place.
//! What a crash can leave behind is a stray temporary file (`.NAME.tmp-PID`), never a damaged one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The backup kept beside `path` when it is replaced.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically: readers see the old file or the new one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, true, |file| file.write_all(bytes))
}

/// Like [`write_atomic`], but without a backup: for derived files (rendered frames, exports) that
/// can always be made again.
pub fn write_atomic_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, false, |file| file.write_all(bytes))
}

/// Like [`write_atomic`], with the contents streamed by `write` into the temporary file. If `write`
/// fails (or the process dies while it runs), `path` and its backup are left as they were.
pub fn write_atomic_from(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    write_atomic_with(path, true, write)
}

/// `path`'s folder (`.` for a bare file name) and a hidden name in it unique to this process.
fn beside(path: &Path, suffix: &str) -> io::Result<(PathBuf, PathBuf)> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!("{suffix}-{}", std::process::id()));
    let temporary = folder.join(temporary_name);
    Ok((folder, temporary))
}

fn write_atomic_with(
    path: &Path,
    keep_backup: bool,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let (folder, temporary) = beside(path, ".tmp")?;
    let result = (|| {
        let mut file = File::create(&temporary)?;
        write(&mut file)?;
        file.sync_all()?;
        if keep_backup && path.is_file() {
            replace_backup(path)?;
        }
        fs::rename(&temporary, path)?;
        // Make the rename itself durable where the platform allows opening a folder.
        if let Ok(dir) = File::open(&folder) {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Makes `NAME.bak` the current `path`, atomically: a hard link (or a flushed copy) under a temporary
/// name, renamed over the old backup.
fn replace_backup(path: &Path) -> io::Result<()> {
    let (_, staging) = beside(path, ".bak-tmp")?;
    let _ = fs::remove_file(&staging);
    let staged = fs::hard_link(path, &staging).or_else(|_| {
        fs::copy(path, &staging)?;
        File::open(&staging)?.sync_all()
    });
    let result = staged.and_then(|()| fs::rename(&staging, backup_path(path)));
    if result.is_err() {
        let _ = fs::remove_file(&staging);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_keeps_a_backup() {
        let dir = std::env::temp_dir().join(format!("limber-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.limber");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read(backup_path(&path)).unwrap(), b"one");
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("limber-atomic-fail-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.limber");
        write_atomic(&path, b"old").unwrap();
        // A path whose folder does not exist cannot be written; nothing else changes.
        assert!(write_atomic(&dir.join("missing/b.limber"), b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }
}
