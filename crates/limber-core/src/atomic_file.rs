//! Saving without ever leaving a half-written file, and without writing anywhere but the named file:
//! write a temporary file in the same folder, flush it to disk, keep the previous version as
//! `NAME.bak`, then rename the new file into place.
//!
//! The temporary file is created exclusively (`O_CREAT | O_EXCL`, through the `tempfile` crate)
//! under an unpredictable name (`.NAME.` + 8 random letters and digits + `.limber-tmp`): a file or
//! symbolic link planted at any name makes the creation fail and another name be tried, so a save
//! never writes through a link into another file. The destination must be a regular file or missing:
//! a folder, FIFO, device or socket is refused before anything is opened (so a FIFO cannot hang the
//! save). A destination that is a symbolic link is resolved: the file it points to is replaced (in
//! its own folder) and the link is kept. The new file gets the permissions of the one it replaces
//! (a new file: `0666` less the umask, as any created file).
//!
//! A crash or a kill at any point leaves `NAME` as the old file or the new one, and `NAME.bak` as the
//! previous backup or the new one: the backup is made by linking (or, where the file system has no
//! links, copying and flushing) to a temporary name and renaming that, never by writing in place.
//! What a crash can leave behind is a stray temporary file, never a damaged one; the next successful
//! save of `NAME` with a backup (a project) removes its strays once they are an hour old (no save
//! takes that long, so none of them can still be in use). [`staging_folder`] makes the hidden
//! folders rendered frame sets are written into; [`remove_stale_staging`] removes those a killed
//! export left.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use tempfile::Builder;

/// How every temporary name made here ends.
const TEMP_SUFFIX: &str = ".limber-tmp";
/// Random letters and digits in a temporary name.
const RANDOM_LEN: usize = 8;
/// The name start of a rendered frame set's staging folder.
const STAGING_PREFIX: &str = ".limber-frames-";

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

/// The file a write to `path` replaces: `path` itself when it is a regular file or missing, the file
/// a symbolic link points to; an error (without opening anything) for a folder, FIFO, device, socket
/// or a link to a missing file.
pub fn destination(path: &Path) -> io::Result<PathBuf> {
    let metadata = match fs::symlink_metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        other => other?,
    };
    if !metadata.file_type().is_symlink() {
        return regular(&metadata).map(|()| path.to_path_buf());
    }
    let target = fs::canonicalize(path).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!("it is a symbolic link whose target cannot be reached ({error})"),
        )
    })?;
    regular(&fs::metadata(&target)?)?;
    Ok(target)
}

/// An error unless `metadata` is a regular file's.
fn regular(metadata: &fs::Metadata) -> io::Result<()> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        "a folder"
    } else {
        special_kind(&kind)
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file, so it is not replaced"),
    ))
}

#[cfg(unix)]
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "a special file"
}

/// `path`'s folder (`.` for a bare file name) and its file name.
fn split(path: &Path) -> io::Result<(PathBuf, String)> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    Ok((folder, name.to_string_lossy().into_owned()))
}

/// A builder of `PREFIX` + random + `.limber-tmp` names.
fn temporary_names(prefix: &str) -> Builder<'_, 'static> {
    let mut builder = Builder::new();
    builder
        .prefix(prefix)
        .suffix(TEMP_SUFFIX)
        .rand_bytes(RANDOM_LEN);
    builder
}

fn write_atomic_with(
    path: &Path,
    keep_backup: bool,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let path = &destination(path)?;
    let (folder, name) = split(path)?;
    let existing = fs::metadata(path).ok();
    let prefix = format!(".{name}.");
    let mut builder = temporary_names(&prefix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = existing
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o777);
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    // Removed when dropped: on every error below, the temporary file goes.
    let mut temporary = builder.tempfile_in(&folder)?;
    if let Some(existing) = &existing {
        // Exactly the old permissions, whatever the umask.
        temporary
            .as_file()
            .set_permissions(existing.permissions())?;
    }
    write(temporary.as_file_mut())?;
    temporary.as_file().sync_all()?;
    if keep_backup && existing.is_some() {
        replace_backup(path, &folder, &name)?;
    }
    temporary.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable where the platform allows opening a folder.
    if let Ok(dir) = File::open(&folder) {
        let _ = dir.sync_all();
    }
    // Only for saves with a backup (projects): a folder of rendered frames would be scanned once
    // per frame.
    if keep_backup {
        remove_stale_temporaries(&folder, &name, STALE_AFTER);
    }
    Ok(())
}

/// How old a stray temporary file must be before a save removes it.
const STALE_AFTER: Duration = Duration::from_secs(3600);

/// Whether `file_name` is a temporary name a save of `name` makes (or, with the old names of
/// earlier versions, made): `.NAME.RANDOM.limber-tmp`, `.NAME.bak-RANDOM.limber-tmp`,
/// `.NAME.tmp-PID`, `.NAME.bak-tmp-PID`.
fn is_temporary_of(file_name: &str, name: &str) -> bool {
    let Some(rest) = file_name
        .strip_prefix('.')
        .and_then(|r| r.strip_prefix(name))
        .and_then(|r| r.strip_prefix('.'))
    else {
        return false;
    };
    let random = |s: &str| s.len() == RANDOM_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric());
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(middle) = rest.strip_suffix(TEMP_SUFFIX) {
        return random(middle.strip_prefix("bak-").unwrap_or(middle));
    }
    rest.strip_prefix("tmp-")
        .or_else(|| rest.strip_prefix("bak-tmp-"))
        .is_some_and(digits)
}

/// How long ago `entry` last changed: its status-change time where there is one (a hard link made
/// for a backup sets it, whatever the linked file's modification time), else its modification time.
fn age(entry: &fs::DirEntry) -> Option<Duration> {
    let metadata = entry.metadata().ok()?;
    #[cfg(unix)]
    let changed = {
        use std::os::unix::fs::MetadataExt;
        std::time::UNIX_EPOCH
            + Duration::from_secs(u64::try_from(metadata.ctime()).ok()?)
            + Duration::from_nanos(u64::try_from(metadata.ctime_nsec()).ok()?)
    };
    #[cfg(not(unix))]
    let changed = metadata.modified().ok()?;
    changed.elapsed().ok()
}

/// Removes the temporary files earlier saves of `name` in `folder` left behind (a crash, a kill)
/// that have not changed for longer than `older_than`. Best effort: whatever cannot be read or
/// removed stays.
fn remove_stale_temporaries(folder: &Path, name: &str, older_than: Duration) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let stray = entry
            .file_name()
            .to_str()
            .is_some_and(|file_name| is_temporary_of(file_name, name));
        if stray
            && entry.file_type().is_ok_and(|t| t.is_file())
            && age(&entry).is_some_and(|age| age > older_than)
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Makes `NAME.bak` the current `path`, atomically: a hard link (or a flushed copy) under a temporary
/// name, renamed over the old backup.
fn replace_backup(path: &Path, folder: &Path, name: &str) -> io::Result<()> {
    let prefix = format!(".{name}.bak-");
    let names = temporary_names(&prefix);
    // `link` never follows a link at the new name; it fails, and another name is tried.
    match names.make_in(folder, |staging| fs::hard_link(path, staging)) {
        Ok(staged) => staged.persist(backup_path(path)).map_err(|e| e.error),
        Err(_) => {
            let mut staged = names.tempfile_in(folder)?;
            io::copy(&mut File::open(path)?, staged.as_file_mut())?;
            staged.as_file().sync_all()?;
            staged
                .persist(backup_path(path))
                .map(drop)
                .map_err(|e| e.error)
        }
    }
}

/// A new, empty hidden folder in `dir` (`.limber-frames-RANDOM.limber-tmp`) to stage a set of files
/// in before they are moved into `dir`; removed with what is left in it when dropped.
pub fn staging_folder(dir: &Path) -> io::Result<tempfile::TempDir> {
    temporary_names(STAGING_PREFIX).tempdir_in(dir)
}

/// Removes the staging folders in `dir` that exports killed while writing left behind, once they
/// have not changed for an hour. Best effort.
pub fn remove_stale_staging(dir: &Path) {
    remove_stale_staging_older_than(dir, STALE_AFTER);
}

fn remove_stale_staging_older_than(dir: &Path, older_than: Duration) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let staging = entry.file_name().to_str().is_some_and(|n| {
            n.strip_prefix(STAGING_PREFIX).is_some_and(|rest| {
                // Ours, or the `.limber-frames-PID-N` of earlier versions.
                rest.strip_suffix(TEMP_SUFFIX)
                    .map_or(rest.split('-').count() == 2, |r| r.len() == RANDOM_LEN)
            })
        });
        // `symlink_metadata`'s type: a link named like a staging folder is never followed.
        if staging
            && entry.file_type().is_ok_and(|t| t.is_dir())
            && age(&entry).is_some_and(|age| age > older_than)
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests;
