//! The inspector's key fields (Animate mode, selected bone): rotation (°), translation (x, y px),
//! scale (x along the bone, y across it) and shear (° each axis turns on its own) as the current
//! clip samples them at the playhead, before constraints. Typing a value or dragging a field keys that channel at the playhead on every
//! selected bone (a typed value or a whole drag is one undo step, Esc cancels a drag). Beside each
//! channel a key button: a filled diamond when the channel has a key at the playhead (a click
//! removes that key), hollow when it is interpolated (a click keys the value shown). Below them, for
//! a bone with a parent, "Inherits": the inheritance mode at the playhead, keyed by picking one.

use crate::app::number_field::number_field;
use eframe::egui;

use super::bone_inspector::{inherit_combo, record_inherit};
use super::drag_edit::drag_edit;
use super::key_diamond::key_diamond;
use crate::core::animation::ChannelGroup;
use crate::core::animation::clip::{MAX_KEY_ROTATE, MAX_KEY_SCALE};
use crate::core::skeleton::MAX_COORDINATE;
use limber_editor::bone_keys::KeyedChannels;
use limber_editor::commands::{Command, KeyCommand};
use limber_editor::editor::Editor;

/// What a field of the key fields changed: a channel's new value.
enum Typed {
    Rotate(f64),
    /// The axis typed (x or y); the other stays as each bone samples it.
    Translate([Option<f64>; 2]),
    Scale([Option<f64>; 2]),
    Shear([Option<f64>; 2]),
}

/// The key fields of `bone` (without a clip, the first key made here makes one).
pub fn key_fields(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    if editor.current_clip().is_none() {
        ui.label("No clip yet: the first key makes one.");
    }
    let values = editor.bone_keys(bone).values();
    ui.label(format!("Keys at {:.3} s", editor.animation().playhead()));
    egui::Grid::new(("key fields", bone))
        .num_columns(4)
        .show(ui, |ui| {
            ui.label("Rotation (°)");
            let mut degrees = values.rotate;
            let field = number(ui, &mut degrees, MAX_KEY_ROTATE, 0.5, "Rotation");
            drag_edit(ui, editor, &field, |e| typed(e, Typed::Rotate(degrees)));
            ui.label("");
            key_button(ui, editor, bone, ChannelGroup::Rotate);
            ui.end_row();

            ui.label("Translate (px)");
            let [mut x, mut y] = values.translate;
            let field = number(ui, &mut x, MAX_COORDINATE, 0.5, "Translate x");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Translate([Some(x), None]));
            });
            let field = number(ui, &mut y, MAX_COORDINATE, 0.5, "Translate y");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Translate([None, Some(y)]));
            });
            key_button(ui, editor, bone, ChannelGroup::Translate);
            ui.end_row();

            ui.label("Scale (×)");
            let [mut x, mut y] = values.scale;
            let field = number(ui, &mut x, MAX_KEY_SCALE, 0.01, "Scale x");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Scale([Some(x), None]));
            });
            let field = number(ui, &mut y, MAX_KEY_SCALE, 0.01, "Scale y");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Scale([None, Some(y)]));
            });
            key_button(ui, editor, bone, ChannelGroup::Scale);
            ui.end_row();

            ui.label("Shear (°)").on_hover_text(
                "x turns the bone's own axis, y the axis across it, each on its own \
                 (counter-clockwise on screen): a lean without a turn",
            );
            let [mut x, mut y] = values.shear;
            let field = number(ui, &mut x, MAX_KEY_ROTATE, 0.5, "Shear x");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Shear([Some(x), None]));
            });
            let field = number(ui, &mut y, MAX_KEY_ROTATE, 0.5, "Shear y");
            drag_edit(ui, editor, &field, |e| {
                typed(e, Typed::Shear([None, Some(y)]));
            });
            key_button(ui, editor, bone, ChannelGroup::Shear);
            ui.end_row();
        });
    inherit_row(ui, editor, bone);
}

/// The "Inherits" row of a bone with a parent: the mode at the playhead (keyed there or before,
/// else the rig's); picking one keys it on every selected bone with a parent (one undo step
/// each), and the key button removes or keys it.
fn inherit_row(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    let skeleton = &editor.document().project.rig.skeleton;
    if skeleton.bones.get(bone).is_none_or(|b| b.parent.is_none()) {
        return;
    }
    let keys = editor.bone_keys(bone);
    let shown = keys
        .keyed_inherit()
        .unwrap_or_else(|| record_inherit(editor, bone));
    let keyed_here = keys.key().is_some_and(|k| k.inherit.is_some());
    let hover = "What the bone takes of its parent from the playhead on, until its next \
                 inheritance key (Spine's inherit timeline). The bone keeps its own values, as \
                 in Spine: a mode without rotation turns a bone whose parent is turned.";
    ui.horizontal(|ui| {
        // The key button first, as beside the keyed sliders: a wide choice cannot push it out.
        if key_diamond(ui, keyed_here, "inheritance").clicked() {
            let command = if keyed_here {
                KeyCommand::UnkeyInherit { bone }
            } else {
                KeyCommand::Inherit {
                    bone,
                    inherit: shown,
                }
            };
            editor.run(Command::Key(command));
        }
        ui.label("Inherits");
        if let Some(inherit) = inherit_combo(ui, ("keyed inherits", bone), "", shown, hover) {
            let skeleton = &editor.document().project.rig.skeleton;
            let with_parent =
                |b: &usize| skeleton.bones.get(*b).is_some_and(|b| b.parent.is_some());
            // Parents first: a child keyed to keep its direction is then not turned again by
            // its parent's new mode.
            let order = skeleton.order().unwrap_or_default();
            let selected = editor.selection().bones();
            let bones: Vec<usize> = order
                .into_iter()
                .filter(|b| selected.contains(b))
                .filter(with_parent)
                .collect();
            for bone in bones {
                editor.run(Command::Key(KeyCommand::Inherit { bone, inherit }));
            }
        }
    });
}

/// A number field within ±`max`, named `name` for screen readers and tests; a typed value applies
/// on Enter or when the field loses the keyboard (one undo step, not one per keystroke).
fn number(ui: &mut egui::Ui, value: &mut f64, max: f64, speed: f64, name: &str) -> egui::Response {
    ui.add(
        number_field(value)
            .range(-max..=max)
            .speed(speed)
            .max_decimals(3),
    )
    .on_hover_text(format!("{name}: type or drag to key it at the playhead"))
    .accessible_name(name)
}

/// Keys the channel a field changed on every selected bone (the other axis as each one samples it),
/// inside the field's one undo step.
fn typed(editor: &mut Editor, value: Typed) {
    let pick = |typed: [Option<f64>; 2], own: [f64; 2]| {
        [typed[0].unwrap_or(own[0]), typed[1].unwrap_or(own[1])]
    };
    for bone in editor.selection().bones().to_vec() {
        let own = editor.bone_keys(bone).values();
        let channels = match value {
            Typed::Rotate(r) => KeyedChannels::rotate(r),
            Typed::Translate(t) => KeyedChannels::translate(pick(t, own.translate)),
            Typed::Scale(s) => KeyedChannels::scale(pick(s, own.scale)),
            Typed::Shear(s) => KeyedChannels::shear(pick(s, own.shear)),
        };
        editor.run(Command::Key(KeyCommand::Channels { bone, channels }));
    }
}

/// The channel's key button: a filled diamond when keyed at the playhead (a click removes the
/// key), hollow when interpolated (a click keys the value shown). Named "Remove CHANNEL key" or
/// "Key CHANNEL" after what a click does.
fn key_button(ui: &mut egui::Ui, editor: &mut Editor, bone: usize, group: ChannelGroup) {
    let keyed = editor.bone_keys(bone).is_keyed(group);
    let name = group.name();
    let response = key_diamond(ui, keyed, name);
    if response.clicked() {
        if keyed {
            editor.run(Command::Key(KeyCommand::Unkey { bone, group }));
        } else {
            let v = editor.bone_keys(bone).values();
            let channels = match group {
                ChannelGroup::Rotate => KeyedChannels::rotate(v.rotate),
                ChannelGroup::Translate => KeyedChannels::translate(v.translate),
                ChannelGroup::Scale => KeyedChannels::scale(v.scale),
                ChannelGroup::Shear => KeyedChannels::shear(v.shear),
            };
            let key = KeyCommand::Channels { bone, channels };
            if editor.run(Command::Key(key)).is_done() {
                editor.set_status(format!(
                    "keyed the {name} at {:.2} s",
                    editor.animation().playhead()
                ));
            }
        }
    }
}
