//! Parts in the editor: adding a PNG as a part ([`add_part`]; large ones on a worker thread, taken
//! in by [`take_part`]), and re-meshing (stage-wise, through the document's asset
//! store) that carries the weights over.

use std::path::Path;

use super::editor::Editor;
use super::part_job::{NewPart, PartError, PartJob, build_part, image_pixels};
use super::worker::BackgroundJob;
use limber_core::edit::Edit;
use limber_core::progress::Progress;
use limber_core::project::Part;

/// Adds the PNG at `path` as a new part drawn in front of the others, meshed with default
/// settings and weighted automatically on the current skeleton — at once when the image has at
/// most [`crate::jobs::Jobs::sync_weight_pixels`] pixels, else on a worker thread
/// ([`crate::jobs::JobKind::Part`]: progress and Cancel in the status bar; the part arrives as one
/// undo step when it is done). Whether the part was added or its job started.
pub(crate) fn add_part(editor: &mut Editor, path: &Path) -> Result<bool, PartError> {
    if editor.jobs().part().is_some() {
        return Err(PartError::Busy);
    }
    build_or_start(editor, path, None)
}

/// Makes the PNG at `path` into a part on the current skeleton and cuts — at once when it is small,
/// placed as a part or as an attachment of `slot`; else its job started (the status says so).
pub(crate) fn build_or_start(
    editor: &mut Editor,
    path: &Path,
    slot: Option<&str>,
) -> Result<bool, PartError> {
    let skeleton = editor.document.project.rig.skeleton.clone();
    let cuts = editor.document.project.rig.cuts.clone();
    if image_pixels(path).is_some_and(|pixels| pixels > editor.jobs().sync_weight_pixels()) {
        let store = std::sync::Arc::clone(&editor.document.assets);
        let mut job = PartJob::start(path, skeleton, cuts, store);
        if let Some(slot) = slot {
            job = job.into_slot(slot);
        }
        *editor.jobs.part_slot() = Some(job);
        let what = if slot.is_some() { "attachment" } else { "part" };
        editor.status = format!("adding {what} from {} …", path.display());
        return Ok(true);
    }
    let store = &editor.document.assets;
    match build_part(store, path, &skeleton, &cuts, &Progress::new())? {
        Some(part) => Ok(editor.place_part(part, slot)),
        None => Ok(false),
    }
}

/// Takes in a finished part job ([`crate::jobs::JobKind::Part`]): its part placed, or the job
/// started again on the new skeleton when the bones changed meanwhile.
pub(crate) fn take_part(editor: &mut Editor, job: PartJob) {
    let path = job.path().to_path_buf();
    let slot = job.slot().map(str::to_string);
    let cancelled = job.is_cancelled();
    let result = job.wait();
    if cancelled {
        // Even a part that was ready: the user asked for nothing to change.
        editor.status = "adding the part cancelled: nothing changed".into();
        return;
    }
    match result {
        Ok(Some(part))
            if part.skeleton != editor.document.project.rig.skeleton
                || part.cuts != editor.document.project.rig.cuts =>
        {
            // The bones or cuts changed meanwhile: weigh the part on the new ones.
            let rig = &editor.document.project.rig;
            let (skeleton, cuts) = (rig.skeleton.clone(), rig.cuts.clone());
            let store = std::sync::Arc::clone(&editor.document.assets);
            let mut restarted = PartJob::start(&path, skeleton, cuts, store);
            if let Some(slot) = &slot {
                restarted = restarted.into_slot(slot);
            }
            *editor.jobs.part_slot() = Some(restarted);
            editor.status = format!(
                "adding part from {} again: the bones changed",
                path.display()
            );
        }
        Ok(Some(part)) => {
            editor.place_part(part, slot.as_deref());
        }
        Ok(None) => editor.status = "adding the part cancelled: nothing changed".into(),
        Err(e) => editor.status = e.to_string(),
    }
}

impl Editor {
    /// Names the part after its image (unique among parts and slots), puts it in front and adds it
    /// as one undo step — as an attachment of slot `slot` when one is given
    /// ([`Editor::add_attachment`]).
    pub(crate) fn place_part(&mut self, part: NewPart, slot: Option<&str>) -> bool {
        let stem = part
            .image
            .file_stem()
            .map_or_else(|| "part".to_string(), |s| s.to_string_lossy().into_owned());
        let parts = &self.document.project.parts;
        let slots = self.document.project.slots();
        let name = std::iter::once(stem.clone())
            .chain((2..).map(|i| format!("{stem}{i}")))
            .find(|n| parts.iter().all(|p| &p.name != n) && slots.iter().all(|s| s.name != n))
            .unwrap_or(stem);
        let draw_order = parts
            .iter()
            .map(|p| p.draw_order)
            .max()
            .map_or(0, |o| o + 1);
        let image = part.image.clone();
        let mut step = self.step();
        let added = step.apply(Edit::AddPart(Box::new(Part {
            name: name.clone(),
            draw_order,
            image: part.image,
            image_crc32: part.image_crc32,
            mesh_settings: part.mesh_settings,
            mesh_edited: false,
            weight_settings: part.weight_settings,
            mesh: part.mesh,
            binding: part.binding,
            pixel_art: false,
        }))) && slot.is_none_or(|slot| step.attach_part(slot, &name));
        if !added {
            return false;
        }
        step.commit();
        self.weights.clear();
        self.status = match slot {
            Some(slot) => format!("added attachment {name} to {slot} from {}", image.display()),
            None => format!("added part from {}", image.display()),
        };
        true
    }

    /// Re-meshes part `index` with `settings`, carrying its weights to the new vertices. The image
    /// and the stages whose settings did not change come from the document's asset store: a spacing
    /// step only triangulates, a tolerance step simplifies again, a threshold or padding step builds
    /// the mask again; the file is read only when it changed on disk.
    pub fn remesh(&mut self, index: usize, settings: limber_core::pipeline::MeshSettings) -> bool {
        let Some(part) = self.document.project.parts.get(index) else {
            return false;
        };
        let path = self.document.image_path(index);
        let built = self
            .document
            .assets
            .mesh(&path, &settings)
            .map_err(|e| format!("{}: {e}", path.display()));
        // Split along the rig's cuts, as every mesh made from settings is.
        let cuts = &self.document.project.rig.cuts;
        let split = built.and_then(|staged| {
            let placed = staged.mesh.placed_at(part.mesh.offset);
            limber_core::cuts::split_mesh(&placed, cuts)
                .map_err(|e| format!("{}: {e}", path.display()))
        });
        let mesh = match split {
            Ok(mesh) => mesh,
            Err(e) => {
                self.status = e;
                return false;
            }
        };
        let binding =
            limber_core::remesh::carry_binding(&part.mesh, &part.binding, &mesh.positions);
        let done = self.apply(Edit::ReplaceMesh {
            part: index,
            mesh: std::sync::Arc::new(mesh),
            settings,
            hand_edited: false,
            binding,
        });
        if done {
            self.weights.clear();
        }
        done
    }
}
