//! The editor: a thin coordinator over the document and the owned sub-models — the selection
//! (`selection.rs`), playback (`playback.rs`), background jobs (`jobs.rs`), the view (`view.rs`)
//! and the tools (`tool_state.rs`) — with the actions that need several of them. Independent of
//! egui, so tests drive it directly. The document holds what is saved; everything else is view
//! state. The window reads through methods and changes state through commands, tool events and
//! the named actions here.

use std::path::Path;

use glam::{DAffine2, DVec2};

use super::curves::CurveEditor;
use super::document::{Document, DocumentError};
use super::jobs::Jobs;
use super::playback::Playback;
use super::selection::Selection;
use super::tool_state::ToolState;
use super::view::View;
use super::weights_cache::WeightsCache;
use limber_core::distance::segment_distance;
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;
use limber_core::rig::BoneRecord;

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
        self.selection.keep_valid(bones);
        let clips = self.document.project.rig.clips.len();
        self.playback.keep_valid(clips);
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
        if self.mode() == Mode::Animate
            && let Some(frame) = self.transition_frame()
        {
            return Some(frame);
        }
        let project = &self.document.project;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let clip = self
            .playback
            .clip()
            .filter(|_| self.mode() == Mode::Animate)
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
        let mut step = self.step();
        step.add_bone_edits(head, tail);
        step.commit();
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
            parent: self.selection.bone().and_then(|b| self.bone_name(b)),
            head: head.to_array(),
            tail: tail.to_array(),
            smoothness: None,
            deform: true,
        };
        if self.apply(Edit::AddBone(record)) {
            let added = self.document.project.rig.skeleton.bones.len() - 1;
            self.selection.set_bone(Some(added));
            self.recompute_weights();
        }
    }

    /// Deletes the selected bones (Delete), one undo step; nothing when one is refused.
    pub fn delete_selected_bone(&mut self) {
        let names: Vec<String> = self
            .selection
            .bones()
            .iter()
            .filter_map(|&b| self.bone_name(b))
            .collect();
        if names.is_empty() {
            return;
        }
        let mut step = self.step();
        for name in names {
            // A bone whose parent went first may have gone with it.
            let exists = step
                .document
                .project
                .rig
                .skeleton
                .bones
                .iter()
                .any(|b| b.name == name);
            if exists && !step.apply(Edit::RemoveBone { name }) {
                return;
            }
        }
        step.commit();
        self.selection.set_bone(None);
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

    /// The current clip's events and the selected one (`events.rs`).
    pub fn events(&self) -> super::events::Events<'_> {
        super::events::Events::new(self.current_clip(), self.selection.event())
    }

    /// The slots, skins and attachment shapes as the panels read them (`slot_actions.rs`).
    pub fn slots(&self) -> super::slot_actions::Slots<'_> {
        super::slot_actions::Slots::new(
            &self.document.project,
            self.current_clip(),
            self.mode() == Mode::Animate,
            self.playhead(),
            self.selection.slot(),
            self.tools.shapes(),
        )
    }

    /// The curve editor's state (`curves.rs`).
    pub fn curve_editor(&self) -> &CurveEditor {
        &self.curves
    }

    /// The instant weights' cache (`weights_cache.rs`).
    pub fn weights_cache(&self) -> &WeightsCache {
        &self.weights
    }

    pub fn mode(&self) -> Mode {
        self.tools.mode()
    }

    /// Switches the mode (as [`crate::commands::Command::SetMode`] does, without its status).
    pub fn set_mode(&mut self, mode: Mode) {
        self.tools.set_mode(mode);
    }

    /// Selects exactly `bone` (or no bone).
    pub fn select_bone(&mut self, bone: Option<usize>) {
        self.selection.set_bone(bone);
    }

    /// Adds `bone` to the selected bones or takes it out (Shift or Ctrl + click).
    pub fn toggle_bone_selection(&mut self, bone: usize) {
        self.selection.toggle_bone(bone);
    }

    /// Selects exactly `bones` (the last one primary).
    pub fn select_bones(&mut self, bones: impl IntoIterator<Item = usize>) {
        self.selection.set_bones(bones);
    }

    /// Puts back a selection taken earlier (a cancelled dopesheet drag).
    pub fn restore_selection(&mut self, selection: Selection) {
        self.selection = selection;
    }

    /// Selects the key the inspector shows.
    pub fn set_selected_key(&mut self, key: Option<super::selection::KeyId>) {
        self.selection.set_key(key);
    }

    /// Selects a mesh vertex (part, vertex) or none.
    pub fn select_vertex(&mut self, vertex: Option<(usize, usize)>) {
        self.selection.set_vertex(vertex);
    }

    /// Makes `clip` current (index into the project's clips), keeping the playhead.
    pub fn set_clip(&mut self, clip: Option<usize>) {
        self.playback.set_clip(clip);
    }

    /// Moves the playhead to `time` seconds (not snapped).
    pub fn set_time(&mut self, time: f64) {
        self.playback.set_time(time);
    }

    pub fn set_playing(&mut self, playing: bool) {
        self.playback.set_playing(playing);
    }

    /// Stops playing and moves the playhead to `time` snapped to the clip's frames (the timeline's
    /// scrubbing).
    pub fn scrub_to(&mut self, time: f64) {
        let time = self.snap_time(time);
        self.playback.set_time(time);
        self.playback.set_playing(false);
    }

    /// Makes clip `clip` current from its start (the timeline's clip list).
    pub fn choose_clip(&mut self, clip: usize) {
        self.playback.set_clip(Some(clip));
        self.playback.set_time(0.0);
    }

    /// The transition preview's target clip and crossfade (the Animate inspector).
    pub fn set_transition(&mut self, to: Option<usize>, crossfade: f64) {
        let preview = self.playback.transition_mut();
        preview.to = to;
        preview.crossfade = crossfade;
    }

    /// Images up to this many pixels get their weights on the UI thread (tests lower it).
    pub fn set_sync_weight_pixels(&mut self, pixels: u64) {
        self.jobs.set_sync_weight_pixels(pixels);
    }

    pub fn set_show_help(&mut self, show: bool) {
        self.view.set_show_help(show);
    }

    /// Shows a Help menu page (Getting started, About), or none.
    pub fn set_help_page(&mut self, page: Option<super::view::HelpPage>) {
        self.view.set_help_page(page);
    }

    /// Shows or hides the "unsaved changes" question.
    pub fn set_confirm_close(&mut self, confirm: bool) {
        self.view.set_confirm_close(confirm);
    }

    /// Where the viewport is drawn this frame (its centre, screen points).
    pub fn set_viewport_center(&mut self, center: DVec2) {
        self.view.set_viewport_center(center);
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

    /// The window's layout: panel sizes (remembered through its setters) and the dopesheet as drawn.
    pub(crate) fn layout_mut(&mut self) -> &mut super::layout::Layout {
        self.view.layout_mut()
    }

    /// Takes the remembered layout out (to carry it into a new editor).
    pub fn take_layout(&mut self) -> super::layout::Layout {
        self.view.take_layout()
    }

    /// How the onion skins are drawn (the Animate inspector).
    pub fn set_onion(&mut self, onion: super::view::OnionSettings) {
        self.view.set_onion(onion);
    }

    /// Whether Shift is held during the viewport drag now.
    pub fn set_drag_shift(&mut self, shift: bool) {
        self.tools.set_drag_shift(shift);
    }

    /// The weight brush's settings (the Weights inspector).
    pub fn set_brush(&mut self, brush: Brush) {
        self.tools.set_brush(brush);
    }

    /// Deform mode's radius in image pixels (the toolbar).
    pub fn set_deform_radius(&mut self, radius: f64) {
        self.tools.deform_mut().radius = radius;
    }

    /// What new constraints start from (the constraint inspector).
    pub fn set_rig_choices(&mut self, choices: super::tool_state::RigChoices) {
        self.tools.set_rig_choices(choices);
    }
}
