//! Reading an input file: regular files only, never more than a cap.
//!
//! Every loader (project, rig, PNG, a project's part images, the editor's open) reads through
//! [`read_capped`]. The file is opened without blocking (so a FIFO does not hang the open), its type
//! is checked on the opened handle (a FIFO, device, socket or folder is refused at once), a size
//! over the cap is refused from the handle's metadata before anything is read, and the read itself
//! stops one byte past the cap, so a file that grows while it is read (or lies about its size) still
//! cannot take more memory than the cap.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// Why an input file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),
    #[error("not a regular file (it is {kind}); limber reads only regular files")]
    NotRegular { kind: &'static str },
    #[error("file is over the {max}-byte limit")]
    TooLarge { max: u64 },
}

/// Opens `path` for reading without blocking on a FIFO, then refuses anything but a regular file.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let kind = kind_of(&file.metadata()?.file_type());
    if let Some(kind) = kind {
        return Err(ReadError::NotRegular { kind });
    }
    Ok(file)
}

/// What a non-regular file is; `None` for a regular file.
fn kind_of(file_type: &std::fs::FileType) -> Option<&'static str> {
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a plain file")
}

/// Reads the regular file at `path`, refusing one over `max` bytes without reading more than
/// `max + 1` bytes of it.
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > max {
        return Err(ReadError::TooLarge { max });
    }
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(usize::try_from(size).unwrap_or(0))
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::OutOfMemory, e.to_string()))?;
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge { max });
    }
    Ok(bytes)
}

/// [`read_capped`] as UTF-8 text.
pub fn read_capped_text(path: &Path, max: u64) -> Result<String, ReadError> {
    String::from_utf8(read_capped(path, max)?).map_err(|e| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text ({e})"),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("limber-read-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn reads_a_regular_file_within_the_cap_and_refuses_one_over_it() {
        let path = temp("small.txt");
        std::fs::write(&path, b"hello").unwrap();
        assert_eq!(read_capped(&path, 5).unwrap(), b"hello");
        assert!(matches!(
            read_capped(&path, 4),
            Err(ReadError::TooLarge { max: 4 })
        ));
    }

    #[test]
    fn refuses_a_folder_and_devices_at_once() {
        let dir = temp("folder");
        std::fs::create_dir_all(&dir).unwrap();
        assert!(matches!(
            read_capped(&dir, 10),
            Err(ReadError::NotRegular { kind: "a folder" })
        ));
        #[cfg(unix)]
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            assert!(matches!(
                read_capped(Path::new(device), 10),
                Err(ReadError::NotRegular { kind: "a device" })
            ));
        }
    }

    #[cfg(unix)]
    #[test]
    fn refuses_a_fifo_without_waiting_for_a_writer() {
        let path = temp("pipe");
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.unwrap().success());
        assert!(matches!(
            read_capped(&path, 10),
            Err(ReadError::NotRegular { kind: "a FIFO" })
        ));
    }
}
