//! The editor: a thin coordinator over the document and the owned sub-models — the selection
//! (`selection.rs`), playback (`playback.rs`), background jobs (`jobs.rs`), the view (`view.rs`)
//! and the tools (`tool_state.rs`) — with the actions that need several of them. Independent of
//! egui, so tests drive it directly. The document holds what is saved; everything else is view
//! state. The window reads through methods and changes state through commands, tool events and
//! the named actions here.

use std::path::Path;

use glam::DVec2;

use super::curves::CurveEditor;
use super::document::Document;
use super::jobs::Jobs;
use super::playback::Playback;
use super::selection::Selection;
use super::tool_state::ToolState;
use super::view::View;
use super::weights_cache::WeightsCache;
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;

pub use super::mode::{AnimateTool, Mode};
pub use super::tool_state::Brush;
pub use super::tools::drag_state::Drag;
pub use super::view::{Camera, Overlays};

/// Everything the editor window shows and edits.
pub struct Editor {
    pub(crate) document: Document,
    /// The last message for the status bar (errors included), one line.
    pub(crate) status: String,
    pub(crate) weights: WeightsCache,
    pub(crate) selection: Selection,
    pub(crate) playback: Playback,
    pub(crate) jobs: Jobs,
    pub(crate) view: View,
    pub(crate) tools: ToolState,
    /// The curve editor: shown or not, its view, selected key and drag (`curves.rs`).
    pub(crate) curves: CurveEditor,
}

impl Editor {
    pub fn new(document: Document) -> Self {
        let clip = (!document.project.rig.clips.is_empty()).then_some(0);
        // The brush starts sized to the image (`mesh_density.rs`).
        let longer = document
            .project
            .parts
            .iter()
            .map(|p| p.mesh.width.max(p.mesh.height));
        let mut tools = ToolState::default();
        tools.set_brush(super::tool_state::Brush {
            radius: super::mesh_density::brush_radius(longer.max().unwrap_or(0)),
            ..Default::default()
        });
        Self {
            document,
            status: String::new(),
            weights: WeightsCache::default(),
            selection: Selection::default(),
            playback: Playback::of_clip(clip),
            jobs: Jobs::default(),
            view: View::default(),
            tools,
            curves: CurveEditor::default(),
        }
    }

    /// Opens a project or PNG in place of the current document. On error the document is unchanged
    /// and the status says why.
    pub fn open(&mut self, path: &Path) -> bool {
        match Document::open(path) {
            Ok(document) => {
                // A running export has its own copy of the project: it carries on.
                let jobs = self.jobs.for_new_document();
                *self = Self::new(document);
                self.jobs = jobs;
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

    /// Takes the last step back; the status line names it ("undid: keyed 6 bones at 0.50 s").
    pub fn undo(&mut self) {
        let name = self.document.history().undo_name().map(str::to_string);
        if self.document.undo() {
            self.after_history_step();
            self.status = super::step_names::history_message("undid", name.as_deref());
        }
    }

    /// Makes the last undone step again; the status line names it.
    pub fn redo(&mut self) {
        let name = self.document.history().redo_name().map(str::to_string);
        if self.document.redo() {
            self.after_history_step();
            self.status = super::step_names::history_message("redid", name.as_deref());
        }
    }

    fn after_history_step(&mut self) {
        let bones = self.document.project.rig.skeleton.bones.len();
        self.selection.keep_valid(bones);
        let clips = self.document.project.rig.clips.len();
        self.playback.keep_valid(clips);
    }

    /// The project at the playhead in Animate mode (or the transition preview's frame while it
    /// plays); the rest pose when rigging (or without a clip).
    pub fn frame(&self) -> Option<Frame> {
        if self.tools.mode() == Mode::Animate
            && let Some(frame) = self.animation().transition_frame()
        {
            return Some(frame);
        }
        let project = &self.document.project;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let clip = self
            .playback
            .clip()
            .filter(|_| self.tools.mode() == Mode::Animate)
            .and_then(|c| project.rig.clips.get(c));
        Some(Frame::sample(
            project,
            &solver,
            clip,
            self.animation().playhead(),
        ))
    }

    /// Bone `bone`'s name (also [`crate::rigging::Rig::bone_name`]; kept here for the keying
    /// code's callers, `animate.rs` and `bone_keys.rs`, until their feature moves).
    pub fn bone_name(&self, bone: usize) -> Option<String> {
        self.document
            .project
            .rig
            .skeleton
            .bones
            .get(bone)
            .map(|b| b.name.clone())
    }

    /// Screen position (points) of an image point in the last drawn viewport.
    pub fn screen_of(&self, image: DVec2) -> DVec2 {
        self.view
            .camera()
            .to_screen(image, self.view.viewport_center())
    }

    /// The canvas: from (0, 0) to [`limber_core::project::Project::canvas_size`].
    pub fn canvas(&self) -> DVec2 {
        let [w, h] = self.document.project.canvas_size();
        DVec2::new(f64::from(w), f64::from(h))
    }

    /// Fits the canvas into a viewport of `size` points with a margin.
    pub fn fit(&mut self, size: DVec2) {
        let canvas = self.canvas();
        self.view.fit(canvas, size);
    }
}

/// Reading the editor's parts, and the window's small state changes that are neither commands nor
/// tool events (where the viewport is, what a settings widget holds).
impl Editor {
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// The document for headless use and tests; the window changes it through the editor's actions.
    pub fn document_mut(&mut self) -> &mut Document {
        &mut self.document
    }

    /// The status bar's message.
    pub fn status(&self) -> &str {
        &self.status
    }

    pub fn set_status(&mut self, message: impl Into<String>) {
        self.status = message.into();
    }

    /// Clears the status line: the window does it when the user acts again, so a message is
    /// about the last action only.
    pub fn clear_status(&mut self) {
        self.status.clear();
    }

    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    pub fn view(&self) -> &View {
        &self.view
    }

    pub fn tools(&self) -> &ToolState {
        &self.tools
    }

    /// The curve editor's state (`curves.rs`).
    pub fn curve_editor(&self) -> &CurveEditor {
        &self.curves
    }

    /// The instant weights' cache (`weights_cache.rs`).
    pub fn weights_cache(&self) -> &WeightsCache {
        &self.weights
    }

    /// Selects the key the inspector shows.
    pub fn set_selected_key(&mut self, key: Option<super::selection::KeyId>) {
        self.selection.set_key(key);
    }

    /// Stops playing and moves the playhead to `time` snapped to the clip's frames (the timeline's
    /// scrubbing).
    pub fn scrub_to(&mut self, time: f64) {
        let time = self.animation().snap_time(time);
        self.playback.set_time(time);
        self.playback.set_playing(false);
    }

    /// Zooms the view by `factor` about `screen` (the mouse wheel).
    pub fn zoom_view(&mut self, factor: f64, screen: DVec2) {
        self.view.zoom_at(factor, screen);
    }

    /// Moves the view by `screen_delta` points (a pan drag).
    pub fn pan_view(&mut self, screen_delta: DVec2) {
        self.view.pan(screen_delta);
    }

    pub fn set_layout(&mut self, layout: super::layout::Layout) {
        *self.view.layout_mut() = layout;
    }

    /// Takes the remembered layout out (to carry it into a new editor).
    pub fn take_layout(&mut self) -> super::layout::Layout {
        self.view.take_layout()
    }
}
