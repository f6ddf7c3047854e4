//! No command writes over one of its own inputs: the files a command reads (the project, the input
//! image, each part's source image, a rig) are listed in [`Inputs`], and every output is checked
//! against them before anything is written. Two paths are the same file when they have the same
//! device and inode (so a hard link, a symbolic link or a `../` detour is caught); a path that does
//! not exist yet is compared by its canonical folder and name.

use std::fs;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::project::Project;

/// An output that is one of the command's inputs.
#[derive(Debug, Error)]
#[error(
    "{}: cannot write: it is {what} ({}), which this command reads; choose another output",
    output.display(),
    input.display()
)]
pub struct OverwriteError {
    pub output: PathBuf,
    pub input: PathBuf,
    /// What the input is, as "the project file" or "the image of part \"arm\"".
    pub what: String,
}

/// The files a command reads, each with what it is to the user.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    files: Vec<(PathBuf, String)>,
}

impl Inputs {
    /// No inputs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `path`, described as `what` ("the input image").
    pub fn with(mut self, path: impl Into<PathBuf>, what: impl Into<String>) -> Self {
        self.files.push((path.into(), what.into()));
        self
    }

    /// The project file at `project_path` and every part's source image.
    pub fn of_project(project: &Project, project_path: &Path) -> Self {
        let mut inputs = Self::of_parts(project, project_path);
        inputs
            .files
            .push((project_path.into(), "the project file".into()));
        inputs
    }

    /// Every part's source image of `project` (saved at `project_path`): what a project's own save
    /// must not replace.
    pub fn of_parts(project: &Project, project_path: &Path) -> Self {
        let mut inputs = Self::new();
        for (index, part) in project.parts.iter().enumerate() {
            inputs = inputs.with(
                project.image_path(project_path, index),
                format!("the image of part \"{}\"", part.name),
            );
        }
        inputs
    }

    /// An error when `output` is one of the inputs.
    pub fn check(&self, output: &Path) -> Result<(), OverwriteError> {
        let out = Identity::of(output);
        match self
            .files
            .iter()
            .find(|(input, _)| out.is_some() && Identity::of(input) == out)
        {
            Some((input, what)) => Err(OverwriteError {
                output: output.to_path_buf(),
                input: input.clone(),
                what: what.clone(),
            }),
            None => Ok(()),
        }
    }

    /// [`Inputs::check`] for each of `outputs`.
    pub fn check_all<'p>(
        &self,
        outputs: impl IntoIterator<Item = &'p Path>,
    ) -> Result<(), OverwriteError> {
        outputs
            .into_iter()
            .try_for_each(|output| self.check(output))
    }

    /// An error when an input is a file in the folder `dir` whose name `is_output` claims (a frame
    /// set's `frame_NNNN.png`, which an export writes or removes).
    pub fn check_in_folder(
        &self,
        dir: &Path,
        is_output: impl Fn(&str) -> bool,
    ) -> Result<(), OverwriteError> {
        let Ok(dir) = fs::canonicalize(dir) else {
            return Ok(()); // a folder not made yet holds no input
        };
        for (input, what) in &self.files {
            let Ok(canonical) = fs::canonicalize(input) else {
                continue;
            };
            let name = canonical.file_name().and_then(|n| n.to_str());
            if canonical.parent() == Some(dir.as_path()) && name.is_some_and(&is_output) {
                return Err(OverwriteError {
                    output: canonical.clone(),
                    input: input.clone(),
                    what: what.clone(),
                });
            }
        }
        Ok(())
    }
}

/// What makes two paths the same file.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    /// Device and inode of an existing file.
    #[cfg(unix)]
    Inode(u64, u64),
    /// The canonical path of an existing file (or of the folder of a missing one, with its name).
    Path(PathBuf),
}

impl Identity {
    fn of(path: &Path) -> Option<Self> {
        #[cfg(unix)]
        if let Ok(metadata) = fs::metadata(path) {
            use std::os::unix::fs::MetadataExt;
            return Some(Self::Inode(metadata.dev(), metadata.ino()));
        }
        if let Ok(canonical) = fs::canonicalize(path) {
            return Some(Self::Path(canonical));
        }
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        Some(Self::Path(
            fs::canonicalize(folder).ok()?.join(path.file_name()?),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_by_any_path_is_refused_and_others_pass() {
        let dir = std::env::temp_dir().join(format!("limber-guard-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sub")).unwrap();
        let sprite = dir.join("sprite.png");
        fs::write(&sprite, b"png").unwrap();
        let inputs = Inputs::new().with(&sprite, "the input image");
        let error = inputs.check(&dir.join("sub/../sprite.png")).unwrap_err();
        assert!(
            error.to_string().contains("it is the input image"),
            "{error}"
        );
        fs::hard_link(&sprite, dir.join("linked.png")).unwrap();
        assert!(inputs.check(&dir.join("linked.png")).is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&sprite, dir.join("sub/link.png")).unwrap();
            assert!(inputs.check(&dir.join("sub/link.png")).is_err());
        }
        assert!(inputs.check(&dir.join("other.png")).is_ok());
        fs::write(dir.join("existing.png"), b"x").unwrap();
        assert!(inputs.check(&dir.join("existing.png")).is_ok());
        // A missing input is compared by path.
        let missing = Inputs::new().with(dir.join("gone.png"), "the image of part \"a\"");
        assert!(missing.check(&dir.join("sub/../gone.png")).is_err());
        // A frame set's folder that holds an input under a frame name.
        let frame = dir.join("frame_0003.png");
        fs::write(&frame, b"x").unwrap();
        let inputs = inputs.with(&frame, "the image of part \"a\"");
        let is_frame = |n: &str| n.starts_with("frame_");
        assert!(inputs.check_in_folder(&dir, is_frame).is_err());
        assert!(inputs.check_in_folder(&dir.join("sub"), is_frame).is_ok());
        fs::remove_dir_all(&dir).unwrap();
    }
}
