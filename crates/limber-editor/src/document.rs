//! The open document: the project, where it lives, its undo history, whether it has unsaved
//! changes, the asset store its images are read through, and the revisions that tell the GPU what to
//! upload again. Every change goes through [`Document::apply`] (one [`Edit`], one undo step) or a
//! transaction ([`Document::begin`] … [`Document::commit`]) so a drag is one step.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use limber_core::CoreError;
use limber_core::assets::AssetStore;
use limber_core::edit::{Edit, EditError};
use limber_core::history::History;
use limber_core::part_build::{PartRecipe, make_part};
use limber_core::progress::Progress;
use limber_core::project::{Project, ProjectError, relative_image_path};
use limber_core::rig::Rig;
use thiserror::Error;

/// Why a document could not be opened or saved; one line naming the file. (The inner errors are
/// fields, not sources, so the line holds each once.)
#[derive(Debug, Error)]
pub enum DocumentError {
    #[error("{}: {error}", path.display())]
    Load { path: PathBuf, error: ProjectError },
    #[error("{}: {error}", path.display())]
    Image { path: PathBuf, error: CoreError },
    #[error("{}: cancelled", path.display())]
    Cancelled { path: PathBuf },
    #[error("{}: cannot save: {error}", path.display())]
    Save { path: PathBuf, error: ProjectError },
    #[error("this project has not been saved yet: choose Save As")]
    NeverSaved,
    /// A save onto one of the project's own part images.
    #[error(transparent)]
    Overwrite(#[from] limber_core::output_guard::OverwriteError),
}

/// The project being edited.
pub struct Document {
    pub project: Project,
    /// Where it is saved; `None` until a project made from an image is first saved.
    pub path: Option<PathBuf>,
    history: History,
    /// Counts changes; the document is dirty when it differs from the count at the last save.
    revision: u64,
    saved_revision: u64,
    /// The revision right after opening: an image opened and left as it was holds nothing to
    /// recover, though it has never been saved.
    opened_revision: u64,
    revisions: Revisions,
    /// Decoded images and their meshing stages, shared by re-meshing, weights and the GPU.
    pub assets: Arc<AssetStore>,
    /// What an unsaved document is called (a layered file opened as a new document); the file's
    /// name wins once it has one.
    pub name: Option<String>,
}

/// Per kind of derived data, a counter that grows whenever that kind may have changed: what the GPU
/// scene compares to know what to upload again.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Revisions {
    /// Part images (a part added or removed, or one whose image changed).
    pub textures: u64,
    /// Part meshes (vertices, triangles) and the bone count the palette holds.
    pub meshes: u64,
    /// Part weights.
    pub weights: u64,
    /// The rest pose, bones and clips (what a frame is computed from).
    pub pose: u64,
}

/// The file extension of project files.
pub const PROJECT_EXTENSION: &str = "limber";

impl Document {
    /// Opens a project file, or makes a new project from a PNG (mesh with default settings, no
    /// bones). The error is one line naming the file.
    pub fn open(path: &Path) -> Result<Self, DocumentError> {
        let is_png = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if is_png {
            return Self::from_image(path);
        }
        let mut project = Project::load(path).map_err(|error| DocumentError::Load {
            path: path.to_path_buf(),
            error,
        })?;
        // In memory, part images are absolute; saving makes them relative to the project again.
        for i in 0..project.parts.len() {
            project.parts[i].image = absolute(&project.image_path(path, i));
        }
        Ok(Self::with(project, Some(absolute(path))))
    }

    /// A new, unsaved project with one part made from the PNG at `image`.
    pub fn from_image(image: &Path) -> Result<Self, DocumentError> {
        let assets = Arc::new(AssetStore::new());
        let absolute_image = absolute(image);
        let made = make_part(
            &assets,
            &absolute_image,
            &PartRecipe::default(),
            &Rig::default().skeleton,
            &Progress::new(),
        )
        .map_err(|error| DocumentError::Image {
            path: image.to_path_buf(),
            error,
        })?
        .ok_or_else(|| DocumentError::Cancelled {
            path: image.to_path_buf(),
        })?;
        let project = Project {
            rig: Rig::default(),
            parts: vec![made.part],
            canvas: None,
            exports: Default::default(),
        };
        let mut document = Self::with(project, None);
        document.assets = assets;
        // Never saved: dirty from the start, so closing asks.
        document.revision = 1;
        document.opened_revision = 1;
        Ok(document)
    }

    fn with(project: Project, path: Option<PathBuf>) -> Self {
        Self {
            project,
            path,
            history: History::new(),
            revision: 0,
            saved_revision: 0,
            opened_revision: 0,
            revisions: Revisions::default(),
            assets: Arc::new(AssetStore::new()),
            name: None,
        }
    }

    /// A new, unsaved and empty project called `name` (a layered file opened as a new document,
    /// before its layers and canvas arrive).
    pub fn empty(name: &str) -> Self {
        let project = Project {
            rig: Rig::default(),
            parts: Vec::new(),
            canvas: None,
            exports: Default::default(),
        };
        let mut document = Self::with(project, None);
        document.name = Some(name.to_string());
        document.revision = 1;
        document.opened_revision = 1;
        document
    }

    /// The project's name, for default file names: its file's stem, else the name it was given,
    /// else its first part's image's stem, else "untitled".
    pub fn name(&self) -> String {
        let stem = |p: &Path| p.file_stem().map(|s| s.to_string_lossy().into_owned());
        self.path
            .as_deref()
            .and_then(stem)
            .or_else(|| self.name.clone())
            .or_else(|| self.project.parts.first().and_then(|p| stem(&p.image)))
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "untitled".to_string())
    }

    /// Where its files go by default: its file's folder, else its first image's — or, for a
    /// layered file's layers (`NAME_layers/`, `NAME_layers 2/` … beside `NAME.psd`), the layered
    /// file's folder — else the working folder.
    pub fn folder(&self) -> PathBuf {
        if let Some(path) = &self.path {
            return path.parent().map(Path::to_path_buf).unwrap_or_default();
        }
        let image_folder = self.project.parts.first().and_then(|p| p.image.parent());
        let layers = format!("{}_layers", self.name());
        let is_layers = |folder: &Path| {
            folder
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&layers))
        };
        match image_folder {
            Some(folder) if is_layers(folder) => folder.parent().map(Path::to_path_buf),
            Some(folder) => Some(folder.to_path_buf()),
            None => None,
        }
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
    }

    /// The revision of each kind of derived data (textures, meshes, weights, pose).
    pub fn revisions(&self) -> Revisions {
        self.revisions
    }

    /// Counts every change (for autosave and caches).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether there are changes not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Whether the user changed anything that is not saved: what crash recovery keeps. An image
    /// just opened is unsaved (closing asks) but holds no work yet.
    pub fn has_unsaved_work(&self) -> bool {
        self.is_dirty() && self.revision != self.opened_revision
    }

    /// The window title: file name, an asterisk when unsaved, and the app name.
    pub fn title(&self) -> String {
        let name = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .or_else(|| self.name.clone())
            .unwrap_or_else(|| "Untitled".to_string());
        let mark = if self.is_dirty() { "*" } else { "" };
        format!("{mark}{name} — limber")
    }

    fn changed(&mut self, edit: Option<&Edit>) {
        self.revision += 1;
        let kinds = edit.map_or(
            Kinds {
                textures: true,
                meshes: true,
                weights: true,
                pose: true,
            },
            kinds_of,
        );
        let r = &mut self.revisions;
        for (changed, counter) in [
            (kinds.textures, &mut r.textures),
            (kinds.meshes, &mut r.meshes),
            (kinds.weights, &mut r.weights),
            (kinds.pose, &mut r.pose),
        ] {
            if changed {
                *counter += 1;
            }
        }
    }

    /// Applies one edit as one undo step (or as part of the open transaction). A refused edit
    /// changes nothing and says why.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let note = edit.clone();
        self.history.apply(&mut self.project, edit)?;
        self.changed(Some(&note));
        Ok(())
    }

    /// Applies one edit into the last undo step (see [`History::amend`]).
    pub fn amend(&mut self, edit: Edit) -> Result<(), EditError> {
        let note = edit.clone();
        self.history.amend(&mut self.project, edit)?;
        self.changed(Some(&note));
        Ok(())
    }

    /// Starts a transaction: the edits until [`Document::commit`] are one undo step.
    pub fn begin(&mut self) {
        self.history.begin(&self.project);
    }

    pub fn commit(&mut self) {
        self.history.commit(&self.project);
        self.settle_saved();
    }

    /// Ends the transaction, putting the project back as it was when it began. A transaction that
    /// changed nothing (an edit refused before it applied) leaves the revision, and so the saved
    /// state, as it was.
    pub fn cancel(&mut self) {
        if self.history.cancel(&mut self.project) {
            self.changed(None);
            self.settle_saved();
        }
    }

    /// After undo, redo or a cancelled transaction: back at the saved state of the document's own
    /// file, the document is saved again (the title loses its asterisk, closing does not ask).
    fn settle_saved(&mut self) {
        if self.path.is_some() && self.history.is_at_saved() {
            self.saved_revision = self.revision;
        }
    }

    /// Whether a transaction (a drag) is open.
    pub fn in_transaction(&self) -> bool {
        self.history.is_open()
    }

    pub fn undo(&mut self) -> bool {
        let done = self.history.undo(&mut self.project);
        if done {
            self.changed(None);
            self.settle_saved();
        }
        done
    }

    pub fn redo(&mut self) -> bool {
        let done = self.history.redo(&mut self.project);
        if done {
            self.changed(None);
            self.settle_saved();
        }
        done
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// The undo history, read-only: how many steps were made, what undo and redo would take back.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Names the last undo step, in the user's words, when it has no name yet.
    pub fn name_last_step(&mut self, name: &str) {
        self.history.name_last_step(name);
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// A path to hand to code that resolves part images against a project file, and whose stem
    /// names what exports write (Spine's `NAME.json`): the document's file, or before the first
    /// save a placeholder named as the project is ([`Document::name`]). (In memory part images are
    /// absolute, so any base finds them.)
    pub fn base_path(&self) -> PathBuf {
        self.path
            .clone()
            .unwrap_or_else(|| std::env::temp_dir().join(format!("{}.limber", self.name())))
    }

    /// Part `index`'s image file (absolute).
    pub fn image_path(&self, index: usize) -> PathBuf {
        self.project
            .parts
            .get(index)
            .map(|p| p.image.clone())
            .unwrap_or_default()
    }

    /// The project as it would be saved at `path`: image references relative to it.
    pub fn project_for(&self, path: &Path) -> Project {
        let mut project = self.project.clone();
        for part in &mut project.parts {
            part.image = relative_image_path(&part.image, path);
        }
        project
    }

    /// Saves atomically to `path` (keeping the previous file as `.bak`) and makes it the document's
    /// file. On error nothing changes.
    pub fn save_as(&mut self, path: &Path) -> Result<(), DocumentError> {
        limber_core::output_guard::Inputs::of_parts(&self.project, &self.base_path())
            .check(path)?;
        let project = self.project_for(path);
        project.save(path).map_err(|error| DocumentError::Save {
            path: path.to_path_buf(),
            error,
        })?;
        self.path = Some(absolute(path));
        self.saved_revision = self.revision;
        self.history.mark_saved();
        Ok(())
    }

    /// Saves to the document's file; an error when it has none yet (use Save As).
    pub fn save(&mut self) -> Result<(), DocumentError> {
        match self.path.clone() {
            Some(path) => self.save_as(&path),
            None => Err(DocumentError::NeverSaved),
        }
    }

    /// The serialised project for a recovery file, with absolute image paths (recovery files live
    /// in the user's state folder, not beside the project).
    pub fn recovery_bytes(&self) -> Vec<u8> {
        self.project.to_bytes()
    }

    /// Marks the document as changed since the last save (a recovered document).
    pub fn mark_dirty(&mut self) {
        self.revision += 1;
        self.history.forget_saved();
    }
}

/// Which kinds of derived data an edit may change.
struct Kinds {
    textures: bool,
    meshes: bool,
    weights: bool,
    pose: bool,
}

/// What `edit` may change (an undo, redo or cancel may change anything).
fn kinds_of(edit: &Edit) -> Kinds {
    let none = Kinds {
        textures: false,
        meshes: false,
        weights: false,
        pose: false,
    };
    match edit {
        Edit::SetBinding { .. } => Kinds {
            weights: true,
            ..none
        },
        // The palette's size follows the bone count, so adding or removing a bone rebuilds the
        // parts' buffers (their weights name bones by index too).
        Edit::AddBone(_) | Edit::RemoveBone { .. } => Kinds {
            meshes: true,
            weights: true,
            pose: true,
            ..none
        },
        Edit::AddPart(_) | Edit::RemoveParts { .. } => Kinds {
            textures: true,
            meshes: true,
            weights: true,
            ..none
        },
        // The part is rebuilt with the other sampler; its texture is kept.
        Edit::SetPixelArt { .. } => Kinds {
            meshes: true,
            ..none
        },
        Edit::ReplaceMesh { .. } => Kinds {
            meshes: true,
            weights: true,
            ..none
        },
        // Weight settings alone change nothing drawn: the weights they lead to come as SetBinding.
        // Cuts too: the weights they lead to come as SetBinding.
        Edit::SetWeightSettings { .. } | Edit::SetDrawOrder { .. } | Edit::SetCuts(_) => none,
        _ => Kinds { pose: true, ..none },
    }
}

/// `path` made absolute and lexically clean (`a/b/../c` → `a/c`), so the same file always has the
/// same path in memory.
pub fn absolute(path: &Path) -> PathBuf {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut clean = PathBuf::new();
    for component in full.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                clean.pop();
            }
            other => clean.push(other),
        }
    }
    clean
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/sprites/kenney_wormGreen.png")
    }

    #[test]
    fn a_document_is_named_after_its_file_else_its_given_name_else_its_image() {
        let mut document = Document::open(&sample()).unwrap();
        assert_eq!(document.name(), "kenney_wormGreen");
        // What exports are named after before the first save (Spine's NAME.json).
        assert_eq!(
            document.base_path().file_stem().and_then(|s| s.to_str()),
            Some("kenney_wormGreen")
        );
        document.name = Some("worm".into());
        assert_eq!(document.name(), "worm");
        document.path = Some(PathBuf::from("/projects/crawler.limber"));
        assert_eq!(document.name(), "crawler");
        assert_eq!(document.folder(), PathBuf::from("/projects"));
        let empty = Document::empty("figure");
        assert_eq!(empty.name(), "figure");
        assert!(empty.title().contains("figure"), "{}", empty.title());
        document.path = None;
        document.name = None;
        document.project.parts.clear();
        assert_eq!(document.name(), "untitled");
    }

    #[test]
    fn a_png_opens_as_an_unsaved_project_with_one_part() {
        let document = Document::open(&sample()).unwrap();
        assert_eq!(document.project.parts.len(), 1);
        assert!(document.is_dirty());
        assert!(!document.has_unsaved_work(), "nothing to recover yet");
        assert_eq!(document.title(), "*Untitled — limber");
        assert!(document.project.parts[0].image.is_absolute());
    }

    #[test]
    fn edits_undo_and_redo_and_track_unsaved_changes() {
        let dir = std::env::temp_dir().join(format!("limber-doc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut document = Document::open(&sample()).unwrap();
        let path = dir.join("worm.limber");
        document.save_as(&path).unwrap();
        assert!(!document.is_dirty());
        assert_eq!(document.title(), "worm.limber — limber");
        // Saved relative to the project file; absolute in memory.
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.contains("\"image\":\"../"), "relative in the file");
        assert!(document.project.parts[0].image.is_absolute());
        let bone = limber_core::rig::BoneRecord {
            inherit: Default::default(),
            name: "spine".into(),
            parent: None,
            head: [10.0, 10.0],
            tail: [30.0, 10.0],
            smoothness: None,
            deform: true,
        };
        assert!(!document.has_unsaved_work());
        document.apply(Edit::AddBone(bone)).unwrap();
        assert!(document.is_dirty() && document.has_unsaved_work());
        assert!(
            document
                .apply(Edit::RemoveBone {
                    name: "nope".into()
                })
                .is_err()
        );
        assert_eq!(document.project.rig.skeleton.bones.len(), 1);
        assert!(document.undo());
        assert!(document.project.rig.skeleton.bones.is_empty());
        assert!(document.redo());
        assert_eq!(document.project.rig.skeleton.bones[0].name, "spine");
        document.save().unwrap();
        let reopened = Document::open(&path).unwrap();
        assert_eq!(reopened.project, document.project);
        assert!(!reopened.is_dirty());
    }

    #[test]
    fn save_as_onto_a_parts_own_image_is_refused_and_the_image_kept() {
        let dir = std::env::temp_dir().join(format!("limber-doc-guard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let sprite = dir.join("worm.png");
        std::fs::copy(sample(), &sprite).unwrap();
        let before = std::fs::read(&sprite).unwrap();
        let mut document = Document::open(&sprite).unwrap();
        let error = document.save_as(&sprite).unwrap_err();
        assert!(error.to_string().contains("the image of part"), "{error}");
        assert_eq!(std::fs::read(&sprite).unwrap(), before);
        assert!(document.path.is_none(), "the document is not moved");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_file_gives_one_line_naming_it() {
        let error = Document::open(Path::new("/no/such/project.limber"))
            .err()
            .unwrap()
            .to_string();
        assert!(error.starts_with("/no/such/project.limber:"), "{error}");
        // The file's name once, the problem once.
        assert_eq!(error.matches("project.limber").count(), 1, "{error}");
        assert!(!error.contains('\n'));
    }
}
