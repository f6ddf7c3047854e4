//! Making the folder an output goes into: every export (and `limber sample`, and the editor's
//! recovery folder) creates a folder that is missing, with its missing parents, before any work
//! starts. Where something else stands in the way the error says what it is — "… is a file, not a
//! folder", "… is a symbolic link to a missing target" — rather than the system's bare
//! "File exists (os error 17)". Nothing that exists is changed: only missing folders are made.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Makes `dir` and its missing parents; an existing folder (or a link to one) is left as it is.
/// An empty path (the working folder) is fine as it is.
pub fn ensure_folder(dir: &Path) -> io::Result<()> {
    check_folder(dir)?;
    if dir.as_os_str().is_empty() {
        return Ok(());
    }
    fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("{}: cannot create the folder: {e}", dir.display()),
        )
    })
}

/// Whether [`ensure_folder`] could make `dir`, without making anything: every step of the path
/// that exists is a folder (or a link to one). The error names the first that is not.
pub fn check_folder(dir: &Path) -> io::Result<()> {
    let mut step = PathBuf::new();
    for component in dir.components() {
        step.push(component);
        if matches!(component, Component::Prefix(_) | Component::RootDir) {
            continue;
        }
        match fs::symlink_metadata(&step) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => break,
            Err(e) => return Err(io::Error::new(e.kind(), format!("{}: {e}", step.display()))),
            Ok(meta) => {
                if let Some(problem) = not_a_folder(&step, &meta) {
                    return Err(problem);
                }
            }
        }
    }
    Ok(())
}

/// Makes the folder `path` (a file to be written) goes into; see [`ensure_folder`].
pub fn ensure_parent(path: &Path) -> io::Result<()> {
    match path.parent() {
        Some(parent) => ensure_folder(parent),
        None => Ok(()),
    }
}

/// Why an existing `path` (whose own metadata is `meta`) cannot hold files; `None` for a folder
/// or a link to one.
fn not_a_folder(path: &Path, meta: &fs::Metadata) -> Option<io::Error> {
    let kind = meta.file_type();
    if kind.is_dir() {
        return None;
    }
    let what = if kind.is_symlink() {
        match fs::metadata(path) {
            Ok(target) if target.is_dir() => return None,
            Ok(target) => format!("a symbolic link to {}", describe(&target.file_type())),
            Err(_) => "a symbolic link to a missing target".to_string(),
        }
    } else {
        describe(&kind).to_string()
    };
    Some(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{} is {what}, not a folder", path.display()),
    ))
}

/// What a file of type `kind` (not a folder) is, for a message.
fn describe(kind: &fs::FileType) -> &'static str {
    if kind.is_file() {
        return "a file";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("limber-folders-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn makes_missing_folders_and_keeps_existing_ones() {
        let dir = temp("make");
        let deep = dir.join("a/b/c");
        ensure_folder(&deep).unwrap();
        assert!(deep.is_dir());
        ensure_folder(&deep).unwrap();
        ensure_parent(&dir.join("x/out.glb")).unwrap();
        assert!(dir.join("x").is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_a_file_or_a_dangling_link_in_the_way() {
        let dir = temp("blocked");
        let file = dir.join("file");
        fs::write(&file, b"keep").unwrap();
        assert!(check_folder(&file.join("sub")).is_err());
        let error = ensure_folder(&file.join("sub")).unwrap_err().to_string();
        assert!(error.contains("is a file, not a folder"), "{error}");
        assert!(error.contains("file"), "{error}");
        assert_eq!(fs::read(&file).unwrap(), b"keep");
        #[cfg(unix)]
        {
            let link = dir.join("dangling");
            std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
            let error = ensure_folder(&link).unwrap_err().to_string();
            assert!(
                error.contains("symbolic link to a missing target"),
                "{error}"
            );
            assert!(
                !dir.join("nowhere").exists(),
                "the link's target is not made"
            );
            let to_dir = dir.join("to_dir");
            std::os::unix::fs::symlink(&dir, &to_dir).unwrap();
            ensure_folder(&to_dir.join("made")).unwrap();
            assert!(dir.join("made").is_dir());
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
