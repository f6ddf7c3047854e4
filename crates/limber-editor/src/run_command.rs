//! Carrying out [`Command`]s on the editor: [`Editor::run`] does what the command says — a plain
//! one here, a panel's feature command through its own `run` in `actions/` — or hands back the
//! [`WindowRequest`] only the window can do; [`Editor::can_run`]
//! says whether it would do anything now (menus grey the others), and [`Editor::is_checked`] gives
//! the state a toggle shows (a tool choice shows as checked only while it is what a drag does).
//! An undo step a command makes is named by what the status line said it did (else the command's
//! name), so undo and redo can say what they took back (`step_names.rs`).

use super::export_dialog::ExportFormat;
use super::export_dialog_actions;
use super::export_job::Framing;
use super::view::HelpPage;
use limber_core::animation::FollowKind;

use crate::commands::{Command, Outcome, Purpose, WindowRequest};
use crate::editor::{Editor, Mode};
pub(crate) use crate::outcome::IntoOutcome;
use crate::rigging;
use crate::{animate, key_navigation, key_selection, transition};

impl Editor {
    /// Carries `command` out: the one way the window changes the document or the editor's
    /// state from a menu, a shortcut, a panel's button or field. Says whether a panel command
    /// changed anything, or what the window must do (a dialog, closing).
    pub fn run(&mut self, command: Command) -> Outcome {
        let made = self.document.history().steps_made();
        let status = self.status.clone();
        let name = command.name();
        let outcome = self.carry_out(command);
        let statuses = (status.as_str(), self.status.as_str());
        crate::step_names::name_new_step(&mut self.document, made, statuses, name);
        outcome
    }

    /// [`Editor::run`]'s work, before the step it made (if any) is named.
    fn carry_out(&mut self, command: Command) -> Outcome {
        match command {
            Command::Slot(c) => return c.run(self).into_outcome(self),
            Command::Skin(c) => return c.run(self).into_outcome(self),
            Command::Event(c) => return c.run(self).into_outcome(self),
            Command::Clip(c) => return c.run(self).into_outcome(self),
            Command::Bone(c) => return c.run(self).into_outcome(self),
            Command::Rig(c) => return c.run(self).into_outcome(self),
            Command::Key(c) => return c.run(self).into_outcome(self),
            Command::Curve(c) => return c.run(self).into(),
            Command::Mesh(c) => return c.run(self).into_outcome(self),
            Command::Layout(c) => return c.run(self).into(),
            Command::View(c) => return c.run(self).into(),
            Command::Export(c) => return c.run(self).into_outcome(self),
            Command::File(c) => return c.run(self).into_outcome(self),
            Command::NewFromImage => {
                return Outcome::Window(WindowRequest::Ask(Purpose::NewFromImage));
            }
            Command::Open => return Outcome::Window(WindowRequest::Ask(Purpose::Open)),
            Command::AddPart => return Outcome::Window(WindowRequest::Ask(Purpose::AddPart)),
            Command::ImportLayered => {
                return Outcome::Window(WindowRequest::Ask(Purpose::ImportLayered));
            }
            Command::Save => {
                if self.document.path.is_none() {
                    return Outcome::Window(WindowRequest::Ask(Purpose::SaveAs));
                }
                return crate::actions::file::save(self, None).into_outcome(self);
            }
            Command::SaveAs => return Outcome::Window(WindowRequest::Ask(Purpose::SaveAs)),
            Command::ExportGif => export_dialog_actions::open(self, ExportFormat::Gif),
            Command::ExportSheet => export_dialog_actions::open(self, ExportFormat::Sheet),
            Command::ExportFrames => export_dialog_actions::open(self, ExportFormat::Frames),
            Command::ExportGltf => export_dialog_actions::open(self, ExportFormat::Gltf),
            Command::ToggleExportImageFrame => self.jobs.export_options_mut().toggle_image_frame(),
            Command::ToggleExportTrim => {
                self.jobs.export_options_mut().trim = !self.jobs().export_options().trim
            }
            Command::ExportSpine => export_dialog_actions::open(self, ExportFormat::Spine),
            Command::Quit => return Outcome::Window(WindowRequest::Quit),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::CopyKeys => {
                return key_selection::copy_selected_keys(self).into_outcome(self);
            }
            Command::PasteKeys => return key_selection::paste_keys(self.step()).into_outcome(self),
            // Delete: in Mesh mode the selected vertex; else the selected keys, else the bones.
            Command::Delete => {
                if self.tools.mode() == Mode::Mesh {
                    return crate::mesh_edit::delete_selected_vertex(self).into_outcome(self);
                } else if self.animation().has_selected_keys() {
                    return key_selection::delete_selected_keys(self.step()).into_outcome(self);
                } else {
                    return crate::hierarchy::delete_selected(self.step()).into_outcome(self);
                }
            }
            Command::KeySelected => {
                return crate::bone_keys::key_selected(self.step()).into_outcome(self);
            }
            Command::NextBone => {
                let bones = self.document.project.rig.skeleton.bones.len();
                crate::hierarchy::select_bone_after(&mut self.selection, bones, 1);
            }
            Command::PreviousBone => {
                let bones = self.document.project.rig.skeleton.bones.len();
                crate::hierarchy::select_bone_after(&mut self.selection, bones, -1);
            }
            Command::PlayPause => {
                let (playback, project) = (&mut self.playback, &self.document.project);
                return animate::toggle_play(playback, project).into_outcome(self);
            }
            Command::JumpToKey(jump) => {
                return key_navigation::jump_to_key(self, jump).into_outcome(self);
            }
            Command::FitView => self.view.request_fit(),
            Command::ShowHelp => self.view.set_show_help(!self.view.show_help()),
            Command::ShowGettingStarted => self.view.set_help_page(Some(HelpPage::GettingStarted)),
            Command::ShowAbout => self.view.set_help_page(Some(HelpPage::About)),
            Command::SetMode(mode) => self.tools.set_mode(mode),
            Command::ToggleDeform => {
                self.tools.deform_mut().on = !self.tools().deform().on;
                if self.tools().deform().on {
                    self.tools.set_mode(Mode::Animate);
                }
            }
            Command::ToggleCutTool => {
                self.tools.set_cutting(!self.tools().cutting());
                if self.tools().cutting() {
                    self.tools.set_mode(Mode::Weights);
                }
            }
            Command::SetAnimateTool(tool) => {
                self.tools.set_animate_tool(tool);
                self.tools.set_mode(Mode::Animate);
                self.tools.deform_mut().on = false;
            }
            Command::ToggleBoneDeform => {
                return crate::bind_pose::toggle_selected_deform(self.step()).into_outcome(self);
            }
            Command::ToggleBoneLock => crate::bind_pose::toggle_selected_lock(self),
            Command::ToggleWireframe => {
                self.view.overlays_mut().wireframe = !self.view().overlays().wireframe
            }
            Command::ToggleBoneOverlay => {
                self.view.overlays_mut().bones = !self.view().overlays().bones
            }
            Command::ToggleWeightOverlay => {
                self.view.overlays_mut().weights = !self.view().overlays().weights
            }
            Command::ToggleOnion => self.view.overlays_mut().onion = !self.view().overlays().onion,
            Command::SetSkinning(mode) => self.view.set_skinning(mode),
            Command::AddIk => return rigging::add_ik(self.step()).into_outcome(self),
            Command::AddLimit => return rigging::add_limit(self.step()).into_outcome(self),
            Command::AddLookAt => {
                return rigging::add_follow(self.step(), FollowKind::LookAt).into_outcome(self);
            }
            Command::AddChildOf => {
                return rigging::add_follow(self.step(), FollowKind::ChildOf).into_outcome(self);
            }
            Command::AddTransform => {
                return rigging::add_transform(self.step()).into_outcome(self);
            }
            Command::ToggleSpring => return rigging::toggle_spring(self.step()).into_outcome(self),
            Command::AddPhysics => {
                return crate::physics_rigging::add_physics(self.step()).into_outcome(self);
            }
            Command::AddPath => {
                return crate::path_rigging::add_path(self.step()).into_outcome(self);
            }
            Command::TogglePixelArt => {
                return crate::slot_actions::toggle_pixel_art(self.step()).into_outcome(self);
            }
            Command::PreviewTransition => {
                return transition::preview_transition(self).into_outcome(self);
            }
            Command::SuggestBones => {
                return crate::suggest::suggest_bones(self.step()).into_outcome(self);
            }
            Command::ToggleCurves => {
                self.curves.open = !self.curves.open;
                if self.curves.open {
                    self.curves.view = None;
                }
                // The panel takes or gives back the viewport's height: fit the image to it again.
                self.view.request_fit();
            }
            Command::AddEvent => {
                return crate::events::add_at_playhead(self.step()).into_outcome(self);
            }
            Command::FrameAllCurves => {
                self.curves.open = true;
                self.curves.view = self.curves().frame_all_view();
            }
            Command::AddClip => return animate::add_clip(self.step()).into_outcome(self),
            Command::DuplicateClip => {
                return animate::duplicate_clip(self.step()).into_outcome(self);
            }
            Command::DeleteClip => return animate::delete_clip(self.step()).into_outcome(self),
            Command::DeleteBone => {
                return crate::hierarchy::delete_selected(self.step()).into_outcome(self);
            }
            Command::Cancel => {
                if !self.cancel_drag() {
                    return crate::attachment_shapes::cancel(self).into();
                }
            }
        }
        Outcome::Done
    }

    /// Whether `command` would do something now (undo with history, paste with keys copied, …).
    pub fn can_run(&self, command: &Command) -> bool {
        let bones = self.document.project.rig.skeleton.bones.len();
        match command {
            Command::Undo => self.document.can_undo(),
            Command::Redo => self.document.can_redo(),
            Command::CopyKeys => {
                self.current_clip().is_some()
                    && (self.animation().has_selected_keys()
                        || self
                            .selection()
                            .bones()
                            .iter()
                            .any(|&b| self.bone_keys(b).key().is_some()))
            }
            Command::PasteKeys => {
                self.current_clip().is_some() && !self.selection().keys().copied.is_empty()
            }
            Command::Delete => {
                if self.tools.mode() == Mode::Mesh {
                    self.selection().vertex().is_some()
                } else {
                    self.animation().has_selected_keys()
                        || self.selection().bone().is_some_and(|b| b < bones)
                }
            }
            Command::KeySelected => self.selection().bone().is_some_and(|b| b < bones),
            Command::NextBone | Command::PreviousBone => bones > 0,
            Command::AddIk => self.rig().ik_chain_from_selection().is_some(),
            Command::PreviewTransition => self.animation().transition().is_some(),
            Command::AddLimit | Command::ToggleSpring | Command::AddPhysics => {
                self.selection().bone().is_some_and(|b| b < bones)
            }
            Command::AddPath => self
                .selection()
                .bone()
                .and_then(|b| self.document().project.rig.skeleton.bones.get(b))
                .is_some_and(|b| b.parent.is_some()),
            Command::AddLookAt | Command::AddChildOf | Command::AddTransform => {
                let target = self.tools().rig_choices().target;
                self.selection().bone().is_some_and(|b| b < bones)
                    && target.is_some_and(|t| t < bones && Some(t) != self.selection().bone())
            }
            Command::ToggleBoneDeform | Command::ToggleBoneLock => {
                self.selection().bone().is_some_and(|b| b < bones)
            }
            Command::SuggestBones => !self.document.project.parts.is_empty(),
            Command::PlayPause
            | Command::FrameAllCurves
            | Command::AddEvent
            | Command::DuplicateClip
            | Command::DeleteClip => self.playback().clip().is_some(),
            Command::DeleteBone => self.selection().bone().is_some_and(|b| b < bones),
            Command::Cancel => {
                self.tools().drag().is_some() || self.tools().shapes().drawing().is_some()
            }
            Command::JumpToKey(_) => !self.animation().navigation_key_times().is_empty(),
            Command::ExportGif | Command::ExportSheet | Command::ExportFrames => {
                self.jobs().export().is_none()
            }
            // Always possible (a dialog, a setting, a view or mode change).
            Command::NewFromImage
            | Command::Open
            | Command::AddPart
            | Command::ImportLayered
            | Command::Save
            | Command::SaveAs
            | Command::ExportGltf
            | Command::ToggleExportImageFrame
            | Command::ToggleExportTrim
            | Command::ExportSpine
            | Command::Quit
            | Command::FitView
            | Command::ShowHelp
            | Command::ShowGettingStarted
            | Command::ShowAbout
            | Command::SetMode(_)
            | Command::ToggleDeform
            | Command::ToggleCutTool
            | Command::SetAnimateTool(_)
            | Command::ToggleWireframe
            | Command::ToggleBoneOverlay
            | Command::ToggleWeightOverlay
            | Command::ToggleOnion
            | Command::SetSkinning(_)
            | Command::TogglePixelArt
            | Command::ToggleCurves
            | Command::AddClip => true,
            // A panel's command is offered only where it applies; it refuses what it cannot do.
            Command::Slot(_)
            | Command::Skin(_)
            | Command::Event(_)
            | Command::Clip(_)
            | Command::Bone(_)
            | Command::Rig(_)
            | Command::Key(_)
            | Command::Curve(_)
            | Command::Mesh(_)
            | Command::Layout(_)
            | Command::View(_)
            | Command::Export(_)
            | Command::File(_) => true,
        }
    }

    /// For a toggle or a choice (modes, Deform, overlays, skinning), whether it is on now; `None`
    /// for other commands.
    pub fn is_checked(&self, command: &Command) -> Option<bool> {
        Some(match command {
            Command::SetMode(mode) => self.tools.mode() == *mode,
            Command::ToggleDeform => self.tools().deform().on,
            Command::ToggleCutTool => self.tools().cutting(),
            Command::SetAnimateTool(tool) => {
                self.tools.mode() == Mode::Animate
                    && !self.tools().deform().on
                    && self.tools().animate_tool() == *tool
            }
            Command::ToggleBoneDeform => self.selection().bone().is_some_and(|b| {
                self.document
                    .project
                    .rig
                    .skeleton
                    .bones
                    .get(b)
                    .is_some_and(|x| x.deform)
            }),
            Command::ToggleBoneLock => self
                .selection()
                .bone()
                .is_some_and(|b| self.tools().is_locked(b)),
            Command::ToggleWireframe => self.view().overlays().wireframe,
            Command::ToggleBoneOverlay => self.view().overlays().bones,
            Command::ToggleWeightOverlay => self.view().overlays().weights,
            Command::ToggleOnion => self.view().overlays().onion,
            Command::SetSkinning(mode) => self.view().skinning() == *mode,
            Command::TogglePixelArt => {
                let parts = &self.document.project.parts;
                !parts.is_empty() && parts.iter().all(|p| p.pixel_art)
            }
            Command::ToggleCurves => self.curves.open,
            Command::ToggleExportImageFrame => {
                self.jobs().export_options().framing == Framing::Image
            }
            Command::ToggleExportTrim => self.jobs().export_options().trim,
            // Actions, not toggles.
            Command::NewFromImage
            | Command::Open
            | Command::AddPart
            | Command::ImportLayered
            | Command::Save
            | Command::SaveAs
            | Command::ExportGif
            | Command::ExportSheet
            | Command::ExportFrames
            | Command::ExportGltf
            | Command::ExportSpine
            | Command::Quit
            | Command::Undo
            | Command::Redo
            | Command::CopyKeys
            | Command::PasteKeys
            | Command::Delete
            | Command::KeySelected
            | Command::NextBone
            | Command::PreviousBone
            | Command::PlayPause
            | Command::JumpToKey(_)
            | Command::FitView
            | Command::ShowHelp
            | Command::ShowGettingStarted
            | Command::ShowAbout
            | Command::AddIk
            | Command::AddLimit
            | Command::AddLookAt
            | Command::AddChildOf
            | Command::AddTransform
            | Command::ToggleSpring
            | Command::AddPhysics
            | Command::AddPath
            | Command::PreviewTransition
            | Command::SuggestBones
            | Command::AddEvent
            | Command::FrameAllCurves
            | Command::AddClip
            | Command::DuplicateClip
            | Command::DeleteClip
            | Command::DeleteBone
            | Command::Cancel
            | Command::Slot(_)
            | Command::Skin(_)
            | Command::Event(_)
            | Command::Clip(_)
            | Command::Bone(_)
            | Command::Rig(_)
            | Command::Key(_)
            | Command::Curve(_)
            | Command::Mesh(_)
            | Command::Layout(_)
            | Command::View(_)
            | Command::Export(_)
            | Command::File(_) => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::COMMANDS;
    use crate::document::Document;
    use limber_core::skinning::SkinningMode;

    /// The bundled sample (rigged, with clips), detached from its file so nothing saves over it.
    fn sample() -> Editor {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/projects/zombie.limber");
        let mut editor = Editor::new(Document::open(&path).unwrap());
        editor.document.path = None;
        editor
    }

    fn key_count(editor: &Editor) -> usize {
        editor.document.project.rig.clips[0].key_count()
    }

    #[test]
    fn modes_deform_overlays_and_skinning_switch_and_show_as_checked() {
        let mut editor = sample();
        assert_eq!(editor.run(Command::SetMode(Mode::Bones)), Outcome::Done);
        assert_eq!(editor.tools().mode(), Mode::Bones);
        assert_eq!(
            editor.is_checked(&Command::SetMode(Mode::Bones)),
            Some(true)
        );
        assert_eq!(
            editor.is_checked(&Command::SetMode(Mode::Mesh)),
            Some(false)
        );
        // Deform switches to Animate when it turns on, and leaves the mode alone when it turns off.
        editor.run(Command::ToggleDeform);
        assert!(editor.tools().deform().on);
        assert_eq!(editor.tools().mode(), Mode::Animate);
        editor.run(Command::SetMode(Mode::Weights));
        editor.run(Command::ToggleDeform);
        assert!(!editor.tools().deform().on);
        assert_eq!(editor.tools().mode(), Mode::Weights);
        let wireframe = editor.view().overlays().wireframe;
        editor.run(Command::ToggleWireframe);
        assert_eq!(editor.view().overlays().wireframe, !wireframe);
        assert_eq!(
            editor.is_checked(&Command::ToggleWireframe),
            Some(!wireframe)
        );
        editor.run(Command::SetSkinning(SkinningMode::DualQuaternion));
        assert_eq!(editor.view().skinning(), SkinningMode::DualQuaternion);
        assert_eq!(editor.is_checked(&Command::Undo), None);
    }

    #[test]
    fn choosing_the_scale_tool_switches_to_animate_and_leaves_deform() {
        use crate::editor::AnimateTool;
        let mut editor = sample();
        editor.run(Command::ToggleDeform);
        editor.run(Command::SetMode(Mode::Bones));
        let scale = Command::SetAnimateTool(AnimateTool::Scale);
        assert_eq!(editor.is_checked(&scale), Some(false));
        editor.run(scale.clone());
        assert_eq!(editor.tools().mode(), Mode::Animate);
        assert!(!editor.tools().deform().on);
        assert_eq!(editor.tools().animate_tool(), AnimateTool::Scale);
        assert_eq!(editor.is_checked(&scale), Some(true));
        let rotate = Command::SetAnimateTool(AnimateTool::Rotate);
        assert_eq!(editor.is_checked(&rotate), Some(false));
        editor.run(rotate.clone());
        assert_eq!(editor.is_checked(&rotate), Some(true));
        assert_eq!(editor.is_checked(&scale), Some(false));
    }

    #[test]
    fn key_then_undo_and_redo_through_commands() {
        let mut editor = sample();
        assert!(!editor.can_run(&Command::Undo), "a freshly opened file");
        assert!(!editor.can_run(&Command::KeySelected), "no bone selected");
        editor.selection.set_bone(Some(1));
        editor.playback.set_time(0.55);
        let before = key_count(&editor);
        assert!(editor.can_run(&Command::KeySelected));
        assert_eq!(editor.run(Command::KeySelected), Outcome::Done);
        assert_eq!(key_count(&editor), before + 1);
        assert!(editor.can_run(&Command::Undo));
        assert!(!editor.can_run(&Command::Redo));
        editor.run(Command::Undo);
        assert_eq!(key_count(&editor), before);
        assert!(editor.can_run(&Command::Redo));
        editor.run(Command::Redo);
        assert_eq!(key_count(&editor), before + 1);
    }

    #[test]
    fn delete_takes_the_selected_bone_and_in_mesh_mode_only_a_vertex() {
        let mut editor = sample();
        let bones = editor.document.project.rig.skeleton.bones.len();
        editor.selection.set_bone(Some(bones - 1));
        editor.tools.set_mode(Mode::Mesh);
        assert!(!editor.can_run(&Command::Delete), "no vertex selected");
        editor.run(Command::Delete);
        assert_eq!(editor.document.project.rig.skeleton.bones.len(), bones);
        editor.tools.set_mode(Mode::Bones);
        assert!(editor.can_run(&Command::Delete));
        editor.run(Command::Delete);
        assert_eq!(editor.document.project.rig.skeleton.bones.len(), bones - 1);
        assert_eq!(editor.selection().bone(), None);
    }

    #[test]
    fn next_and_previous_bone_wrap_around() {
        let mut editor = sample();
        let bones = editor.document.project.rig.skeleton.bones.len();
        assert!(bones > 1);
        editor.run(Command::PreviousBone);
        assert_eq!(editor.selection().bone(), Some(bones - 1));
        editor.run(Command::NextBone);
        assert_eq!(editor.selection().bone(), Some(0));
        editor.run(Command::PreviousBone);
        assert_eq!(editor.selection().bone(), Some(bones - 1));
    }

    #[test]
    fn paste_is_enabled_once_keys_are_copied() {
        let mut editor = sample();
        assert!(!editor.can_run(&Command::CopyKeys));
        assert!(!editor.can_run(&Command::PasteKeys));
        let first = editor.document.project.rig.clips[0].to_record().keys[0].clone();
        crate::key_selection::select_refs(
            &mut editor.selection,
            vec![crate::key_selection::KeyRef::Bone((
                first.bone.clone(),
                first.time,
            ))],
        );
        assert!(editor.can_run(&Command::CopyKeys));
        editor.run(Command::CopyKeys);
        assert!(editor.can_run(&Command::PasteKeys));
        assert_eq!(editor.selection().keys().copied.len(), 1);
    }

    #[test]
    fn only_dialogs_and_quitting_go_to_the_window() {
        for entry in COMMANDS {
            let mut editor = sample();
            let request = editor.run(entry.command.clone()).window_request();
            let expected = match entry.command {
                Command::NewFromImage => Some(WindowRequest::Ask(Purpose::NewFromImage)),
                Command::Open => Some(WindowRequest::Ask(Purpose::Open)),
                Command::AddPart => Some(WindowRequest::Ask(Purpose::AddPart)),
                Command::ImportLayered => Some(WindowRequest::Ask(Purpose::ImportLayered)),
                // Without a file, Save asks where (Save As).
                Command::Save | Command::SaveAs => Some(WindowRequest::Ask(Purpose::SaveAs)),
                Command::Quit => Some(WindowRequest::Quit),
                _ => None,
            };
            assert_eq!(request, expected, "{:?}", entry.command);
        }
    }

    #[test]
    fn save_with_a_file_saves_without_asking() {
        let dir = std::env::temp_dir().join(format!("limber-commands-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut editor = sample();
        let path = dir.join("zombie.limber");
        assert_eq!(
            editor.run(Command::File(crate::actions::file::FileCommand::SaveAs(
                path.clone()
            ))),
            Outcome::Done
        );
        editor.run(Command::ToggleDeform);
        editor.selection.set_bone(Some(0));
        editor.run(Command::KeySelected);
        assert!(editor.document.is_dirty());
        assert_eq!(editor.run(Command::Save), Outcome::Done);
        assert!(!editor.document.is_dirty(), "{}", editor.status);
        std::fs::remove_dir_all(&dir).ok();
    }
}
