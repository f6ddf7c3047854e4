//! Saving without ever leaving a half-written file: write a temporary file in the same folder, flush
//! it to disk, keep the previous version as `NAME.bak`, then rename the new file into place.
//!
//! A crash or a kill at any point leaves `NAME` as the old file or the new one, and `NAME.bak` as the
//! previous backup or the new one: the backup is made by linking (or, where the file system has no
//! links, copying and flushing) to a temporary name and renaming that, never by writing in place.
//! What a crash can leave behind is a stray temporary file (`.NAME.tmp-PID`, or a backup's staging
//! link `.NAME.bak-tmp-PID`), never a damaged one; the next successful save of `NAME` with a backup
//! (a project) removes `.NAME.tmp-PID` strays once they are an hour old (no save takes that long,
//! so none of them can still be in use).

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
        // Only for saves with a backup (projects): a folder of rendered frames would be scanned
        // once per frame.
        if keep_backup {
            remove_stale_temporaries(&folder, path);
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// How old a stray temporary file must be before a save removes it.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);

/// Removes the temporary files earlier saves of `path` left behind (a crash, a kill) that are older
/// than [`STALE_AFTER`]. Best effort: whatever cannot be read or removed stays.
fn remove_stale_temporaries(folder: &Path, path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    // Only the new-contents temporaries: their time is when they were written. (A backup's staging
    // name is a hard link to the project, whose time can be days old while another save uses it.)
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let stray = file_name.to_str().is_some_and(|file_name| {
            file_name
                .strip_prefix(prefix.as_str())
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        });
        if !stray || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if old {
            let _ = fs::remove_file(entry.path());
        }
    }
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
    fn a_save_removes_old_strays_of_its_own_file_only() {
        let dir = std::env::temp_dir().join(format!("limber-atomic-strays-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.limber");
        let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
        let make = |name: &str, old: bool| {
            let file = File::create(dir.join(name)).unwrap();
            if old {
                file.set_modified(two_hours_ago).unwrap();
            }
        };
        make(".c.limber.tmp-4242", true); // a crash's leftover: removed
        make(".c.limber.bak-tmp-4242", true); // a backup's staging link: its time is the project's
        make(".c.limber.tmp-4343", false); // recent: another save may be writing it
        make(".d.limber.tmp-4242", true); // another file's: not ours to judge
        make(".c.limber.tmp-notes", true); // not a temporary name
        write_atomic(&path, b"saved").unwrap();
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                ".c.limber.bak-tmp-4242",
                ".c.limber.tmp-4343",
                ".c.limber.tmp-notes",
                ".d.limber.tmp-4242"
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
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
