//! The selected bone's bind pose and flags in the inspector: "Deform" (one undo step with the
//! weights recomputed), "Lock weights" (editor state), and in Bones mode its rest head and tail,
//! length and angle (degrees, counter-clockwise on screen) as typed or dragged fields — each change
//! one undo step (a drag of a field is one step, Esc cancels it), the weights recomputed with it and
//! the bones attached at its tail following.

use crate::app::number_field::number_field;
use eframe::egui;
use glam::DVec2;

use super::drag_edit::drag_edit;
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
