//! The selected bone's bind pose and flags in the inspector: "Deform" (one undo step with the
//! weights recomputed), "Lock weights" (editor state), "Inherits" (what the bone takes of its
//! parent's transform, Spine's inheritance modes; one undo step; outside Animate mode, where the
//! key fields key it instead), and in Bones mode its rest head and tail,
//! length and angle (degrees, counter-clockwise on screen) as typed or dragged fields — each change
//! one undo step (a drag of a field is one step, Esc cancels it), the weights recomputed with it and
//! the bones attached at its tail following.

use crate::app::number_field::number_field;
use eframe::egui;
use glam::DVec2;

use super::drag_edit::drag_edit;
use crate::core::inherit::Inherit;
use limber_editor::bind_pose::{bone_angle, tail_at};
use limber_editor::commands::{BoneCommand, Command};
use limber_editor::editor::{Editor, Mode};

/// The bone section's flags and, in Bones mode, its bind-pose fields.
pub fn show(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    let Some(record) = editor.document().project.rig.skeleton.bones.get(bone) else {
        return;
    };
    let (head, tail, deform_now) = (record.head(), record.tail(), record.deform);
    ui.horizontal(|ui| {
        let mut deform = deform_now;
        if ui
            .checkbox(&mut deform, "Deform")
            .on_hover_text("A non-deforming bone (an IK target, a control) takes no weight and moves no vertex")
            .changed()
        {
            editor.run(Command::Bone(BoneCommand::SetDeform { bone, on: deform }));
        }
        let mut locked = editor.tools().is_locked(bone);
        if ui
            .checkbox(&mut locked, "Lock weights")
            .on_hover_text("The brush, automatic weights and smoothness changes keep this bone's weights (not saved, not an undo step)")
            .changed()
        {
            editor.run(Command::Bone(BoneCommand::SetLocked { bone, on: locked }));
        }
    });
    // In Animate mode the key fields show the mode at the playhead and key it instead.
    if editor.tools().mode() != Mode::Animate {
        inherit_picker(ui, editor, bone, record_inherit(editor, bone));
    }
    if editor.tools().mode() != Mode::Bones {
        return;
    }
    ui.label("Rest pose (drag the handles in the view, or type):");
    let length = (tail - head).length();
    let angle = bone_angle(head, tail);
    let mut values = [head.x, head.y, tail.x, tail.y, length, angle];
    let labels = [
        "head x ", "head y ", "tail x ", "tail y ", "length ", "angle ",
    ];
    for row in [[0, 1], [2, 3], [4, 5]] {
        ui.horizontal(|ui| {
            for i in row {
                let mut field = number_field(&mut values[i])
                    .prefix(labels[i])
                    .speed(0.5)
                    .max_decimals(2);
                if i == 4 {
                    field = field.range(0.01..=f64::MAX);
                }
                if i == 5 {
                    field = field.suffix("°");
                }
                let response = ui.add(field);
                drag_edit(ui, editor, &response, |editor| {
                    let (h, t) = pose_from(i, values, head, tail);
                    editor.run(Command::Bone(BoneCommand::Move {
                        bone,
                        head: h,
                        tail: t,
                    }));
                });
            }
        });
    }
}

pub fn record_inherit(editor: &Editor, bone: usize) -> Inherit {
    editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .get(bone)
        .map_or(Inherit::Normal, |b| b.inherit)
}

/// What the bone takes of its parent: a choice of Spine's five modes. A root bone's parent is the
/// image, where every mode is the same, so it has no choice.
fn inherit_picker(ui: &mut egui::Ui, editor: &mut Editor, bone: usize, current: Inherit) {
    let has_parent = editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .get(bone)
        .is_some_and(|b| b.parent.is_some());
    if !has_parent {
        return;
    }
    let hover = "What the bone takes of its parent's transform besides its position: everything, \
                 or not its rotation, scale or reflection (Spine's inheritance modes; exported as \
                 the bone's inherit). A bone a constraint moves takes everything. In Animate mode \
                 the key fields key it at the playhead.";
    if let Some(inherit) = inherit_combo(ui, ("inherits", bone), "Inherits", current, hover) {
        editor.run(Command::Bone(BoneCommand::SetInherit { bone, inherit }));
    }
}

/// A choice of Spine's five inheritance modes showing `current`, labelled `label` (an empty label
/// names it "Inherits at playhead" for assistive tools); the mode picked this frame, if any.
pub fn inherit_combo(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    current: Inherit,
    hover: &str,
) -> Option<Inherit> {
    let name = if label.is_empty() {
        "Inherits at playhead"
    } else {
        label
    };
    let mut picked = None;
    egui::ComboBox::new(id, label)
        .selected_text(current.label())
        .show_ui(ui, |ui| {
            for mode in Inherit::ALL {
                if ui.selectable_label(mode == current, mode.label()).clicked() {
                    picked = Some(mode);
                }
            }
        })
        .response
        .on_hover_text(hover)
        .accessible_name(name);
    picked
}

/// The head and tail after field `field` of `values` (head x, head y, tail x, tail y, length, angle)
/// changed.
fn pose_from(field: usize, values: [f64; 6], head: DVec2, tail: DVec2) -> (DVec2, DVec2) {
    let [hx, hy, tx, ty, length, angle] = values;
    match field {
        0 | 1 => (DVec2::new(hx, hy), tail),
        2 | 3 => (head, DVec2::new(tx, ty)),
        _ => (head, tail_at(head, length, angle)),
    }
}
