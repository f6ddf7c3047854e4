//! The editor's state and the actions the UI triggers — independent of egui, so tests drive it
//! directly. The document holds what is saved; everything else here is view state.

use std::path::Path;

use glam::{DAffine2, DVec2};

use super::document::{Document, DocumentError};
use super::export_job::{ExportJob, ExportOptions};
use super::key_selection::KeySelection;
use super::part_job::PartJob;
use super::weights_cache::WeightsCache;
use super::weights_job::WeightsJob;
use limber_core::brush::BrushMode;
use limber_core::distance::segment_distance;
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;
use limber_core::rig::BoneRecord;
use limber_core::skinning::SkinningMode;

pub use super::tools::Drag;

/// The view onto image space: `zoom` screen points per image pixel, `center` at the viewport's middle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub center: DVec2,
    pub zoom: f64,
}

impl Camera {
    /// Image point under a screen point of a viewport whose centre is `viewport_center`.
    pub fn to_image(&self, screen: DVec2, viewport_center: DVec2) -> DVec2 {
        self.center + (screen - viewport_center) / self.zoom
    }

    pub fn to_screen(&self, image: DVec2, viewport_center: DVec2) -> DVec2 {
        viewport_center + (image - self.center) * self.zoom
    }

    /// Zooms by `factor` keeping the image point under `screen` where it is.
    pub fn zoom_at(&mut self, factor: f64, screen: DVec2, viewport_center: DVec2) {
        let anchor = self.to_image(screen, viewport_center);
        self.zoom = (self.zoom * factor).clamp(0.02, 64.0);
        self.center = anchor - (screen - viewport_center) / self.zoom;
    }
}

/// Which overlays the viewport shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlays {
    pub wireframe: bool,
    pub bones: bool,
    pub weights: bool,
    /// Onion skins: ghosts of the pose before and after the playhead (see `onion.rs`).
    pub onion: bool,
}

/// What a drag in the viewport does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Drag a bone to rotate it about its head (keyed at the playhead).
    #[default]
    Animate,
    /// Drag to create a bone (from the selected bone's tail, as its child); drag a head or tail to
    /// move it.
    Bones,
    /// Weights: heat map of the selected bone; sliders recompute weights; drag to paint.
    Weights,
    /// Mesh: the part's mesh settings with a live wireframe; re-meshing carries the weights over.
    /// Click to add a vertex, drag one to move it, Delete removes the selected one.
    Mesh,
}

/// What a drag on a bone does in Animate mode (Deform aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnimateTool {
    /// Rotate about the head (Shift: move); see [`super::tools::pose`].
    #[default]
    Rotate,
    /// Scale along and across the bone (Shift: uniformly); see [`super::tools::scale`].
    Scale,
}

/// Everything the editor window shows and edits.
pub struct Editor {
    pub document: Document,
    pub camera: Camera,
    pub overlays: Overlays,
    pub mode: Mode,
    pub selected_bone: Option<usize>,
    /// Index into the project's clips.
    pub clip: Option<usize>,
    /// Playhead, seconds.
    pub time: f64,
    pub playing: bool,
    pub skinning: SkinningMode,
    /// The last message for the status bar (errors included), one line.
    pub status: String,
    pub show_help: bool,
    /// Whether the "unsaved changes" question is showing.
    pub confirm_close: bool,
    /// Set when the viewport should fit the canvas at its next frame.
    pub fit_requested: bool,
    pub weights: WeightsCache,
    /// Weights being computed in the background (see [`Editor::recompute_weights`]).
    pub weights_job: Option<WeightsJob>,
    /// A GIF, sprite sheet or PNG frames being rendered in the background (`exports.rs`).
    pub export_job: Option<ExportJob>,
    /// How rendered exports are framed and whether sheets are trimmed (a setting, not saved).
    pub export_options: ExportOptions,
    /// A large image being meshed and weighted as a new part in the background (`parts.rs`).
    pub part_job: Option<PartJob>,
    /// A layered file (PSD, ORA) being imported in the background (`layered_import.rs`).
    pub import_job: Option<super::layered_import::ImportJob>,
    /// Images up to this many pixels (all parts together) get their weights on the UI thread.
    pub sync_weight_pixels: u64,
    /// The drag in progress in the viewport: the active tool's state ([`super::tools`]).
    pub drag: Option<Drag>,
    /// Where the viewport was last drawn (screen points): its centre.
    pub viewport_center: DVec2,
    pub brush: Brush,
    /// Bones the brush leaves alone (by index; not saved).
    pub locked: Vec<bool>,
    /// The key selected in the dopesheet: bone name and time.
    pub selected_key: Option<(String, f64)>,
    /// More selected keys (the dopesheet's rubber band) and the copied keys.
    pub keys: KeySelection,
    /// The vertex whose weights the inspector shows (Alt + click in Weights mode), or the one picked
    /// in Mesh mode: part, vertex.
    pub selected_vertex: Option<(usize, usize)>,
    /// Deform mode in Animate (D): whether it is on and its radius.
    pub deform: super::deform::DeformTool,
    /// The transition the Animate inspector previews (`transition.rs`).
    pub transition: super::transition::TransitionPreview,
    /// How the onion skins are drawn (`onion.rs`).
    pub onion: super::onion::OnionSettings,
    /// The IK chain length and target new constraints use (`rigging.rs`).
    pub rig_choices: super::rigging::RigChoices,
    /// The Animate mode's bone tool (R / S).
    pub animate_tool: AnimateTool,
    /// Whether Shift is held during the viewport drag now (a rotating pose snaps to 15°).
    pub drag_shift: bool,
    /// The window layout remembered per user (the timeline's height).
    pub layout: super::layout::Layout,
    /// The selected event of the current clip (index into its events, sorted by time).
    pub selected_event: Option<usize>,
    /// The curve editor: shown or not, its view, selected key and drag (`curves.rs`).
    pub curves: super::curves::CurveEditor,
}

/// The weight brush's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Brush {
    pub mode: BrushMode,
    /// Image pixels.
    pub radius: f64,
    /// 0–1 (for Set: the target weight).
    pub strength: f64,
}

impl Editor {
    pub fn new(document: Document) -> Self {
        let clip = (!document.project.rig.clips.is_empty()).then_some(0);
        Self {
            document,
            camera: Camera {
                center: DVec2::ZERO,
                zoom: 1.0,
            },
            overlays: Overlays {
                wireframe: false,
                bones: true,
                weights: false,
                onion: false,
            },
            mode: Mode::default(),
            selected_bone: None,
            clip,
            time: 0.0,
            playing: false,
            skinning: SkinningMode::LinearBlend,
            status: String::new(),
            show_help: false,
            confirm_close: false,
            fit_requested: true,
            weights: WeightsCache::default(),
            weights_job: None,
            export_job: None,
            export_options: ExportOptions::default(),
            part_job: None,
            import_job: None,
            sync_weight_pixels: super::weighting::SYNC_WEIGHT_PIXELS,
            drag: None,
            viewport_center: DVec2::ZERO,
            brush: Brush {
                mode: BrushMode::Add,
                radius: 12.0,
                strength: 0.3,
            },
            locked: Vec::new(),
            selected_key: None,
            keys: KeySelection::default(),
            selected_vertex: None,
            deform: Default::default(),
            rig_choices: Default::default(),
            onion: Default::default(),
            transition: Default::default(),
            animate_tool: AnimateTool::default(),
            drag_shift: false,
            layout: Default::default(),
            curves: Default::default(),
            selected_event: None,
        }
    }

    /// Opens a project or PNG in place of the current document. On error the document is unchanged
    /// and the status says why.
    pub fn open(&mut self, path: &Path) -> bool {
        match Document::open(path) {
            Ok(document) => {
                // A running export has its own copy of the project: it carries on.
                let export = self.export_job.take();
                *self = Self::new(document);
                self.export_job = export;
                self.status = format!("opened {}", path.display());
                true
            }
            Err(e) => {
                self.status = e.to_string();
                false
            }
        }
    }

    /// Applies an edit, reporting a refusal in the status bar. Returns whether it applied.
    pub fn apply(&mut self, edit: Edit) -> bool {
        match self.document.apply(edit) {
            Ok(()) => true,
            Err(e) => {
                self.status = e.to_string();
                false
            }
        }
    }

    pub fn undo(&mut self) {
        if self.document.undo() {
            self.after_history_step();
            self.status = "undone".into();
        }
    }

    pub fn redo(&mut self) {
        if self.document.redo() {
            self.after_history_step();
            self.status = "redone".into();
        }
    }

    fn after_history_step(&mut self) {
        let bones = self.document.project.rig.skeleton.bones.len();
        self.selected_bone = self.selected_bone.filter(|&b| b < bones);
        let clips = self.document.project.rig.clips.len();
        self.clip = self
            .clip
            .filter(|&c| c < clips)
            .or((clips > 0).then_some(0));
    }

    /// Saves (after waiting for weights being computed, so the file has them).
    pub fn save(&mut self) -> bool {
        self.finish_background_work();
        self.report(|d| d.save(), "saved")
    }

    pub fn save_as(&mut self, path: &Path) -> bool {
        self.finish_background_work();
        self.report(|d| d.save_as(path), "saved")
    }

    fn report(
        &mut self,
        action: impl FnOnce(&mut Document) -> Result<(), DocumentError>,
        done: &str,
    ) -> bool {
        match action(&mut self.document) {
            Ok(()) => {
                self.status = done.into();
                true
            }
            Err(e) => {
                self.status = e.to_string();
                false
            }
        }
    }

    /// The project at the playhead in Animate mode (or the transition preview's frame while it
    /// plays); the rest pose when rigging (or without a clip).
    pub fn frame(&self) -> Option<Frame> {
        if self.mode == Mode::Animate
            && let Some(frame) = self.transition_frame()
        {
            return Some(frame);
        }
        let project = &self.document.project;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let clip = self
            .clip
            .filter(|_| self.mode == Mode::Animate)
            .and_then(|c| project.rig.clips.get(c));
        Some(Frame::sample(project, &solver, clip, self.playhead()))
    }

    pub fn bone_name(&self, bone: usize) -> Option<String> {
        self.document
            .project
            .rig
            .skeleton
            .bones
            .get(bone)
            .map(|b| b.name.clone())
    }

    /// Adds a bone from `head` to `tail` (image pixels), a child of the selected bone, and selects
    /// it; then recomputes weights. One undo step.
    pub fn add_bone(&mut self, head: DVec2, tail: DVec2) {
        self.document.begin();
        self.add_bone_edits(head, tail);
        self.document.commit();
    }

    /// [`Editor::add_bone`]'s edits, inside the undo step the caller has open (the bone tool's).
    pub(crate) fn add_bone_edits(&mut self, head: DVec2, tail: DVec2) {
        let bones = &self.document.project.rig.skeleton.bones;
        let name = (1..)
            .map(|i| format!("bone{i}"))
            .find(|n| bones.iter().all(|b| &b.name != n))
            .unwrap_or_else(|| "bone".into());
        let record = BoneRecord {
            name,
            parent: self.selected_bone.and_then(|b| self.bone_name(b)),
            head: head.to_array(),
            tail: tail.to_array(),
            smoothness: None,
            deform: true,
        };
        if self.apply(Edit::AddBone(record)) {
            self.selected_bone = Some(self.document.project.rig.skeleton.bones.len() - 1);
            self.recompute_weights();
        }
    }

    /// Deletes the selected bone (Delete).
    pub fn delete_selected_bone(&mut self) {
        if let Some(name) = self.selected_bone.and_then(|b| self.bone_name(b))
            && self.apply(Edit::RemoveBone { name })
        {
            self.selected_bone = None;
        }
    }

    pub fn rename_bone(&mut self, bone: usize, to: &str) -> bool {
        match self.bone_name(bone) {
            Some(from) if from != to => self.apply(Edit::RenameBone {
                from,
                to: to.to_string(),
            }),
            _ => false,
        }
    }

    /// Screen position (points) of an image point in the last drawn viewport.
    pub fn screen_of(&self, image: DVec2) -> DVec2 {
        self.camera.to_screen(image, self.viewport_center)
    }

    /// The canvas: from (0, 0) to [`Project::canvas_size`].
    pub fn canvas(&self) -> DVec2 {
        let [w, h] = self.document.project.canvas_size();
        DVec2::new(f64::from(w), f64::from(h))
    }

    /// Fits the canvas into a viewport of `size` points with a margin.
    pub fn fit(&mut self, size: DVec2) {
        let canvas = self.canvas();
        self.camera = Camera {
            center: canvas / 2.0,
            zoom: ((size.x / canvas.x).min(size.y / canvas.y) * 0.9).max(0.02),
        };
        self.fit_requested = false;
    }

    /// The bone whose posed segment passes nearest `image_point`, within `reach` image pixels.
    pub fn bone_at(&self, palette: &[DAffine2], image_point: DVec2, reach: f64) -> Option<usize> {
        let all = 0..self.document.project.rig.skeleton.bones.len();
        self.nearest_bone_among(all, palette, image_point, reach)
    }

    /// Of the bones `candidates`, the one drawn nearest `image_point` within `reach`, if any.
    pub fn nearest_bone_among(
        &self,
        candidates: impl IntoIterator<Item = usize>,
        palette: &[DAffine2],
        image_point: DVec2,
        reach: f64,
    ) -> Option<usize> {
        let bones = &self.document.project.rig.skeleton.bones;
        candidates
            .into_iter()
            .filter_map(|i| Some((i, bones.get(i)?)))
            .map(|(i, bone)| {
                let m = palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
                let (a, b) = (
                    m.transform_point2(bone.head()),
                    m.transform_point2(bone.tail()),
                );
                (
                    i,
                    segment_distance(image_point.to_array(), a.to_array(), b.to_array()),
                )
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }
}
