//! Crash recovery, one file per editor session: while a document has unsaved changes its project
//! (with absolute image paths) is written, atomically and at most once a second, to a file of its
//! own in the user's state folder (`$XDG_STATE_HOME/limber/recovery/`, else
//! `~/.local/state/limber/recovery/`). A clean save, a discard or a clean close deletes it.
//!
//! Each session's files share a unique stem (`limber-PID-NANOS`): `STEM.limber` (the project),
//! `STEM.info` (the project path it belongs to, if any, and its image's name) and `STEM.lock`,
//! which the session holds locked while it runs. At start-up, [`recoverable`] lists the recovery
//! files whose lock is free — their editor died — and holds their locks while they are offered, so
//! no other editor offers or touches them before the user answers. Two editors never share a file.
//!
//! Only files with exactly these names, and only regular files, are limber's: anything else in
//! the folder is never read, offered or deleted. The lock and info files are opened without
//! blocking and read through the regular-file reader with a small cap, so a FIFO, a device or a
//! huge file there cannot stall the start. At most [`MAX_OFFERS`] documents are offered at once.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use thiserror::Error;

use super::document::{Document, DocumentError};
use limber_core::atomic_file::write_atomic_replacing;
use limber_core::folders::ensure_folder;
use limber_core::read_file::{open_regular, read_capped_text};

/// At most this many entries of the recovery folder are looked at (a hostile folder stays cheap:
/// names only, no file is opened for them).
pub const MAX_SCANNED: usize = 100_000;
/// At most this many documents are offered at one start (newest first); the rest are offered at
/// a later one.
pub const MAX_OFFERS: usize = 100;
/// Longest info file read (a project path and an image name).
const MAX_INFO_BYTES: u64 = 16 * 1024;

/// A lock file with no recovery file beside it is removed once it is this old (a session that
/// crashed before writing anything); younger ones may belong to a session just starting.
const STALE_LOCK: Duration = Duration::from_secs(60);

/// The folder of recovery files: `$XDG_STATE_HOME/limber/recovery`, else
/// `~/.local/state/limber/recovery`, else `limber-recovery` in the temporary folder.
pub fn recovery_dir() -> PathBuf {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("state"))
        });
    match state {
        Some(state) => state.join("limber").join("recovery"),
        None => std::env::temp_dir().join("limber-recovery"),
    }
}

/// Why a recovery file could not be written or removed (the document itself is unaffected).
#[derive(Debug, Error)]
pub enum RecoveryError {
    #[error("cannot write recovery files: {0}")]
    Folder(std::io::Error),
    #[error("{}: cannot write recovery file: {error}", path.display())]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot remove recovery file: {error}", path.display())]
    Remove {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// This session's recovery files: their stem in the folder and the lock held on them.
struct Session {
    stem: PathBuf,
    _lock: File,
}

impl Session {
    /// Makes a new, unique stem in `dir` and locks it.
    fn start(dir: &Path) -> std::io::Result<Self> {
        ensure_folder(dir)?;
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        for attempt in 0u32..100 {
            let name = format!("limber-{}-{nanos:x}-{attempt}", std::process::id());
            let stem = dir.join(name);
            let lock = match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(with_ext(&stem, "lock"))
            {
                Ok(file) => file,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            };
            if !try_lock(&lock)? {
                return Err(std::io::Error::other("recovery lock is taken"));
            }
            return Ok(Self { stem, _lock: lock });
        }
        Err(std::io::Error::other("no free recovery file name"))
    }
}

/// Takes an exclusive lock on `file` without waiting: `Ok(false)` while another process, or
/// another open of the file, holds it. The kernel drops a lock when its holder exits, however.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use rustix::fs::{FlockOperation, flock};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Without flock, no lock: a running editor's recovery file may be offered too.
#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// `stem` with `.ext` added (stems hold dots only before their hex parts).
fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut name = stem.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    PathBuf::from(name)
}

/// Writes this session's recovery file as the document changes.
pub struct Autosave {
    dir: PathBuf,
    session: Option<Session>,
    written_revision: Option<u64>,
    last_write: Option<Instant>,
    /// Changes the user discarded: `Some(None)` right after [`Autosave::discard`], `Some(Some(r))`
    /// once the discarded revision `r` is known. That revision is never written again (a close
    /// after "Discard" leaves nothing to offer); the next change is.
    discarded: Option<Option<u64>>,
    pub interval: Duration,
}

impl Default for Autosave {
    fn default() -> Self {
        Self::in_dir(recovery_dir())
    }
}

impl Autosave {
    /// Autosave into the recovery folder `dir` (made when first needed).
    pub fn in_dir(dir: PathBuf) -> Self {
        Self {
            dir,
            session: None,
            written_revision: None,
            last_write: None,
            discarded: None,
            interval: Duration::from_secs(1),
        }
    }

    /// This session's recovery file, once it has one (it exists while the document is unsaved).
    pub fn recovery_file(&self) -> Option<PathBuf> {
        self.session.as_ref().map(|s| with_ext(&s.stem, "limber"))
    }

    /// Writes the recovery file if the document has changed since the last write and the interval
    /// has passed; deletes it once the document is saved. An error is for the status bar.
    pub fn update(
        &mut self,
        document: &Document,
        revision: u64,
        now: Instant,
    ) -> Result<(), RecoveryError> {
        if !document.has_unsaved_work() {
            self.discarded = None;
            if self.written_revision.take().is_some() {
                self.remove_files()?;
            }
            return Ok(());
        }
        match self.discarded {
            None => {}
            Some(None) => {
                self.discarded = Some(Some(revision));
                return Ok(());
            }
            Some(Some(discarded)) if discarded == revision => return Ok(()),
            Some(Some(_)) => self.discarded = None,
        }
        let due = self
            .last_write
            .is_none_or(|t| now.duration_since(t) >= self.interval);
        if self.written_revision != Some(revision) && due {
            // A failed write waits for the interval too, rather than being retried every frame.
            self.last_write = Some(now);
            self.write(document)?;
            self.written_revision = Some(revision);
        }
        Ok(())
    }

    /// Writes the recovery file now, whatever the interval (a document just recovered).
    pub fn write_now(&mut self, document: &Document) -> Result<(), RecoveryError> {
        self.discarded = None;
        self.last_write = Some(Instant::now());
        self.write(document)?;
        self.written_revision = Some(document.revision());
        Ok(())
    }

    fn write(&mut self, document: &Document) -> Result<(), RecoveryError> {
        if self.session.is_none() {
            let session = Session::start(&self.dir).map_err(RecoveryError::Folder)?;
            self.session = Some(session);
        }
        let Some(session) = &self.session else {
            return Ok(());
        };
        let info = Info {
            project: document.path.clone(),
            // The document's own name (a layered file opened as a new document is named after
            // the file), else the image it was made from.
            image: document.name.clone().or_else(|| {
                document
                    .project
                    .parts
                    .first()
                    .and_then(|p| p.image.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
            }),
        };
        for (ext, bytes) in [
            ("info", info.to_text().into_bytes()),
            ("limber", document.recovery_bytes()),
        ] {
            let path = with_ext(&session.stem, ext);
            write_atomic_replacing(&path, &bytes)
                .map_err(|error| RecoveryError::Write { path, error })?;
        }
        Ok(())
    }

    fn remove_files(&self) -> Result<(), RecoveryError> {
        let Some(session) = &self.session else {
            return Ok(());
        };
        for ext in ["limber", "info"] {
            let path = with_ext(&session.stem, ext);
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => return Err(RecoveryError::Remove { path, error }),
            }
        }
        Ok(())
    }

    /// Deletes the recovery file (the user chose to discard the changes); the discarded changes
    /// are not written again, so a close or a crash right after leaves nothing to offer.
    pub fn discard(&mut self) {
        let _ = self.remove_files();
        self.written_revision = None;
        self.discarded = Some(None);
    }
}

impl Drop for Autosave {
    /// A clean end: with nothing left to recover, the lock file goes too.
    fn drop(&mut self) {
        if let Some(session) = &self.session
            && self.written_revision.is_none()
        {
            let _ = std::fs::remove_file(with_ext(&session.stem, "lock"));
        }
    }
}

/// What a recovery file belongs to, kept beside it in `STEM.info`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Info {
    project: Option<PathBuf>,
    image: Option<String>,
}

impl Info {
    fn to_text(&self) -> String {
        let mut text = String::from("limber recovery\n");
        if let Some(project) = &self.project {
            text.push_str(&format!("project {}\n", project.display()));
        }
        if let Some(image) = &self.image {
            text.push_str(&format!("image {image}\n"));
        }
        text
    }

    /// Reads what it can (a missing or damaged info file leaves an untitled, unnamed offer).
    fn parse(text: &str) -> Self {
        let mut info = Self::default();
        for line in text.lines() {
            if let Some(path) = line.strip_prefix("project ") {
                info.project = Some(PathBuf::from(path));
            } else if let Some(image) = line.strip_prefix("image ") {
                info.image = Some(image.to_string());
            }
        }
        info
    }
}

/// A recovery file left by an editor that died, offered to the user. Its lock is held while the
/// offer lives, so no other editor offers it meanwhile.
#[derive(Debug)]
pub struct Offer {
    /// The recovered project.
    pub recovery: PathBuf,
    /// The project file it belongs to; `None` for a document never saved.
    pub project: Option<PathBuf>,
    /// The file name of its (first) image.
    pub image: Option<String>,
    /// When it was last written.
    pub written: SystemTime,
    _lock: Option<File>,
}

impl Offer {
    /// One line for the user: the image, the project (or "never saved") and how long ago.
    pub fn describe(&self, now: SystemTime) -> String {
        let image = self.image.as_deref().unwrap_or("no image");
        let project = self
            .project
            .as_ref()
            .map_or_else(|| "never saved".to_string(), |p| p.display().to_string());
        let ago = now
            .duration_since(self.written)
            .unwrap_or_default()
            .as_secs();
        let ago = match ago {
            0..60 => format!("{ago} s ago"),
            60..7200 => format!("{} min ago", ago / 60),
            _ => format!("{} h ago", ago / 3600),
        };
        format!("{image} ({project}), last changed {ago}")
    }

    /// Deletes the recovery file and its companions (the user discarded it, or it was recovered).
    /// Offers are made only for names limber writes, so only limber's files are removed.
    pub fn discard(self) {
        let stem = self.recovery.with_extension("");
        for ext in ["limber", "info", "lock"] {
            remove_if_regular(&with_ext(&stem, ext));
        }
    }
}

/// The recovery files in `dir` whose editor is no longer running, newest first (at most
/// [`MAX_OFFERS`]; the rest are offered at a later start), each locked until its [`Offer`] is
/// dropped or discarded. Lock files long left alone are cleared on the way.
///
/// Only regular files with the names limber writes count (`limber-PID-TIME-N.limber`, `.info`,
/// `.lock`, see [`is_recovery_name`]); every other file is left alone, and stale locks are cleared
/// only in a real folder of this user's (never through a symbolic link, see [`owned_folder`]).
pub fn recoverable(dir: &Path) -> Vec<Offer> {
    recoverable_where(dir, |_| true)
}

/// The recovery files in `dir` of project `project`, as [`recoverable`] finds them: the cap of
/// [`MAX_OFFERS`] counts this project's only, so other projects' newer lost work cannot hide it.
pub fn recoverable_of(dir: &Path, project: &Path) -> Vec<Offer> {
    recoverable_where(dir, |offer| offer.project.as_deref() == Some(project))
}

/// [`recoverable`]'s work, keeping the offers `keep` takes (before the cap).
fn recoverable_where(dir: &Path, keep: impl Fn(&Offer) -> bool) -> Vec<Offer> {
    let cleanable = owned_folder(dir).is_ok();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut recoveries = Vec::new();
    let mut locks = Vec::new();
    for entry in entries.take(MAX_SCANNED).flatten() {
        let name = entry.file_name();
        let Some((_, ext)) = name.to_str().and_then(split_recovery_name) else {
            continue;
        };
        // `DirEntry::file_type` does not follow links: only regular files are limber's.
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        match ext {
            "limber" => {
                if let Some(written) = entry.metadata().ok().and_then(|m| m.modified().ok()) {
                    recoveries.push((written, entry.path()));
                }
            }
            "lock" => locks.push(entry.path()),
            _ => {}
        }
    }
    recoveries.sort_by_key(|(written, _)| std::cmp::Reverse(*written));
    let offers: Vec<Offer> = recoveries
        .into_iter()
        .filter_map(|(written, path)| offer(&path, written))
        .filter(|offer| keep(offer))
        .take(MAX_OFFERS)
        .collect();
    for lock in locks.into_iter().filter(|_| cleanable) {
        if !with_ext(&lock.with_extension(""), "limber").exists() {
            clear_stale_lock(&lock);
        }
    }
    offers
}

/// Whether `name` is one limber gives a recovery file: `limber-PID-TIME-N.EXT`, PID and N in
/// decimal, TIME in hex, EXT `limber`, `info` or `lock`.
pub fn is_recovery_name(name: &str) -> bool {
    split_recovery_name(name).is_some()
}

/// `name` as its stem and extension when it is a recovery file's name (see [`is_recovery_name`]).
fn split_recovery_name(name: &str) -> Option<(&str, &str)> {
    let (stem, ext) = name.rsplit_once('.')?;
    if !matches!(ext, "limber" | "info" | "lock") {
        return None;
    }
    let mut parts = stem.strip_prefix("limber-")?.split('-');
    let decimal = |s: &str, most: usize| {
        (1..=most).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    let hex = |s: &str| (1..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit());
    let ok = parts.next().is_some_and(|pid| decimal(pid, 10))
        && parts.next().is_some_and(hex)
        && parts.next().is_some_and(|n| decimal(n, 3))
        && parts.next().is_none();
    ok.then_some((stem, ext))
}

/// Why limber may not read and clean a recovery folder.
#[derive(Debug, Error)]
pub enum NotOwnFolder {
    #[error("{0}: {1}")]
    Unreadable(PathBuf, std::io::Error),
    #[error("{0} is a symbolic link, not limber's own recovery folder")]
    Link(PathBuf),
    #[error("{0} is a file, not a folder")]
    File(PathBuf),
    #[error("{0} belongs to another user, not limber's own recovery folder")]
    OtherUser(PathBuf),
}

/// Whether limber may read and clean `dir`: a folder itself (not a symbolic link to one) that
/// belongs to the user running limber. The error says why not.
pub fn owned_folder(dir: &Path) -> Result<(), NotOwnFolder> {
    let path = || dir.to_path_buf();
    let meta = std::fs::symlink_metadata(dir).map_err(|e| NotOwnFolder::Unreadable(path(), e))?;
    if meta.file_type().is_symlink() {
        return Err(NotOwnFolder::Link(path()));
    }
    if !meta.is_dir() {
        return Err(NotOwnFolder::File(path()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.uid() != rustix::process::geteuid().as_raw() {
            return Err(NotOwnFolder::OtherUser(path()));
        }
    }
    Ok(())
}

/// The offer for `recovery` (written at `written`), unless its editor still runs (holds the
/// lock). The lock and the info file are opened as regular files only (a FIFO or a device there
/// cannot block the start) and the info file is read up to [`MAX_INFO_BYTES`].
fn offer(recovery: &Path, written: SystemTime) -> Option<Offer> {
    let stem = recovery.with_extension("");
    let lock_path = with_ext(&stem, "lock");
    let lock = match regular_only(&lock_path) {
        Some(Ok(file)) => match try_lock(&file) {
            Ok(true) => Some(file),
            _ => return None,
        },
        // Something that is not a regular file holds the lock's name: not limber's, not offered.
        Some(Err(())) => return None,
        // No lock file: a session that ended without removing its recovery file.
        None => None,
    };
    let info = read_capped_text(&with_ext(&stem, "info"), MAX_INFO_BYTES)
        .map(|t| Info::parse(&t))
        .unwrap_or_default();
    Some(Offer {
        recovery: recovery.to_path_buf(),
        project: info.project,
        image: info.image,
        written,
        _lock: lock,
    })
}

/// `path` opened for reading when it is a regular file (never a link, FIFO or device):
/// `None` when there is nothing at `path`, `Some(Err(()))` when something else is there.
fn regular_only(path: &Path) -> Option<Result<File, ()>> {
    match std::fs::symlink_metadata(path) {
        Err(_) => None,
        Ok(meta) if !meta.file_type().is_file() => Some(Err(())),
        Ok(_) => Some(open_regular(path).map_err(drop)),
    }
}

/// Removes `path` when it is a regular file (a link or anything else there is left alone).
fn remove_if_regular(path: &Path) {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
        let _ = std::fs::remove_file(path);
    }
}

/// Removes a lock file (and its info file) that no editor holds and that has not changed for
/// [`STALE_LOCK`]: a session that crashed before writing anything.
fn clear_stale_lock(lock: &Path) {
    let old = std::fs::symlink_metadata(lock)
        .ok()
        .filter(|m| m.file_type().is_file())
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age >= STALE_LOCK);
    if !old {
        return;
    }
    if let Some(Ok(file)) = regular_only(lock)
        && try_lock(&file).is_ok_and(|locked| locked)
    {
        remove_if_regular(lock);
        remove_if_regular(&lock.with_extension("info"));
    }
}

/// The offered document: the recovery file's contents, with its project's path, marked unsaved.
pub fn recover(offer: &Offer) -> Result<Document, DocumentError> {
    let mut document = Document::open(&offer.recovery)?;
    document.path.clone_from(&offer.project);
    document.mark_dirty();
    Ok(document)
}

#[cfg(test)]
#[path = "recovery_tests.rs"]
mod tests;
