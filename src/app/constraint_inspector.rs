//! The inspector's constraints: for the selected bone, the choices new constraints start from (IK
//! chain length, target bone), buttons that add IK, look-at, child-of, copy rotation, a rotation
//! limit, physics and a path (the command table's Rig menu does the same), and its spring (on/off, frequency, damping,
//! mix); then the list of every constraint of the rig with its settings — IK
//! ([`super::ik_inspector`]), limit angles, transform constraints ([`super::transform_inspector`]),
//! physics ([`super::physics_inspector`]), paths ([`super::path_inspector`]), look-at and child-of mixes — and a delete button each. Every change is one undo step (a slider drag too, through
//! [`super::drag_edit`]).

use crate::app::number_field::number_field;
use eframe::egui;

use super::drag_edit::drag_edit;
use super::ik_inspector::ik_entry;
use super::key_diamond::{KeyedValue, keyed_slider};
use super::path_inspector::path_entry;
use super::physics_inspector::physics_entry;
use super::transform_inspector::transform_entry;
use crate::core::rig::ConstraintRecords;
use limber_editor::commands::{Command, RigCommand};
use limber_editor::editor::{Editor, Mode};
use limber_editor::rigging::ConstraintRef;

/// The constraints section of the inspector.
pub fn constraints_section(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.separator();
    ui.heading("Constraints");
    if let Some(bone) = editor.selection().bone() {
        add_row(ui, editor, bone);
        spring_row(ui, editor, bone);
    }
    let records = editor.rig().constraint_records();
    if records == ConstraintRecords::default() {
        ui.label("No constraints yet.");
        return;
    }
    constraint_list(ui, editor, &records);
}

/// What new constraints start from, and the buttons that add them.
fn add_row(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    let bones = &editor.document().project.rig.skeleton.bones;
    let names: Vec<(usize, String)> = bones
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != bone)
        .map(|(i, b)| (i, b.name.clone()))
        .collect();
    let mut depth = 1;
    let mut at = bones.get(bone).and_then(|b| b.parent);
    while let Some(parent) = at {
        depth += 1;
        at = bones.get(parent).and_then(|b| b.parent);
    }
    ui.horizontal(|ui| {
        let label = ui.label("Target");
        let mut choices = editor.tools().rig_choices();
        let shown = choices
            .target
            .and_then(|t| names.iter().find(|(i, _)| *i == t))
            .map_or("(new target bone)".to_string(), |(_, n)| n.clone());
        egui::ComboBox::from_id_salt("constraint target")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut choices.target, None, "(new target bone)");
                for (i, name) in &names {
                    ui.selectable_value(&mut choices.target, Some(*i), name);
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "the bone new IK, look-at, child-of and copy-rotation constraints aim at",
            );
        if choices != editor.tools().rig_choices() {
            editor.run(Command::Rig(RigCommand::SetChoices(choices)));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("IK bones");
        let mut choices = editor.tools().rig_choices();
        ui.add(number_field(&mut choices.ik_bones).range(1..=depth.max(1)))
            .labelled_by(label.id)
            .on_hover_text(
                "1: the selected bone aims at the target; 2: two-bone IK (the selected bone and \
                 its parent); more: a FABRIK chain",
            );
        if choices != editor.tools().rig_choices() {
            editor.run(Command::Rig(RigCommand::SetChoices(choices)));
        }
    });
    ui.horizontal_wrapped(|ui| {
        for (command, label) in [
            (Command::AddIk, "Add IK"),
            (Command::AddLookAt, "Add look-at"),
            (Command::AddChildOf, "Add child-of"),
            (Command::AddTransform, "Add copy rotation"),
            (Command::AddLimit, "Add rotation limit"),
            (Command::AddPhysics, "Add physics"),
            (Command::AddPath, "Add path"),
        ] {
            if ui
                .add_enabled(editor.can_run(&command), egui::Button::new(label))
                .clicked()
            {
                editor.run(command);
            }
        }
    });
}

/// The selected bone's spring: on/off, and its settings when on.
fn spring_row(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    let spring = editor.rig().spring_of(bone);
    let mut on = spring.is_some();
    if ui
        .checkbox(&mut on, "Spring")
        .on_hover_text("the bone's rotation lags behind and overshoots, like a damped spring")
        .clicked()
    {
        editor.run(Command::ToggleSpring);
    }
    let Some(index) = spring else { return };
    let records = editor.rig().constraint_records();
    let Some(record) = records.springs.get(index) else {
        return;
    };
    ui.push_id(("spring", index), |ui| {
        let (mut frequency, mut damping, mut mix) = (record.frequency, record.damping, record.mix);
        let fields = [
            ui.add(
                egui::Slider::new(&mut frequency, 0.05..=60.0)
                    .logarithmic(true)
                    .text("frequency (Hz)"),
            ),
            ui.add(
                egui::Slider::new(&mut damping, 0.01..=10.0)
                    .logarithmic(true)
                    .text("damping"),
            ),
            ui.add(egui::Slider::new(&mut mix, 0.0..=1.0).text("spring mix")),
        ];
        for field in &fields {
            drag_edit(ui, editor, field, |editor| {
                change(editor, |r| {
                    if let Some(s) = r.springs.get_mut(index) {
                        (s.frequency, s.damping, s.mix) = (frequency, damping, mix);
                    }
                });
            });
        }
    });
}

/// Every constraint with its settings and a delete button.
fn constraint_list(ui: &mut egui::Ui, editor: &mut Editor, records: &ConstraintRecords) {
    for (i, ik) in records.ik.iter().enumerate() {
        ui.push_id(("ik", i), |ui| ik_entry(ui, editor, i, ik));
    }
    for (i, limit) in records.limits.iter().enumerate() {
        ui.push_id(("limit", i), |ui| {
            let title = format!("Rotation limit of {}", limit.bone);
            header(ui, editor, &title, ConstraintRef::Limit(i));
            ui.horizontal(|ui| {
                let (mut min, mut max) = (limit.min, limit.max);
                let label = ui.label("min / max (°)");
                let low = ui
                    .add(number_field(&mut min).range(-360.0..=max).suffix("°"))
                    .labelled_by(label.id);
                let high = ui
                    .add(number_field(&mut max).range(min..=360.0).suffix("°"))
                    .labelled_by(label.id);
                for field in [&low, &high] {
                    drag_edit(ui, editor, field, |editor| {
                        change(editor, |r| {
                            if let Some(c) = r.limits.get_mut(i) {
                                (c.min, c.max) = (min.min(max), max.max(min));
                            }
                        });
                    });
                }
            });
        });
    }
    for (i, transform) in records.transforms.iter().enumerate() {
        ui.push_id(("transform", i), |ui| {
            transform_entry(ui, editor, i, transform)
        });
    }
    for (i, look) in records.look_at.iter().enumerate() {
        ui.push_id(("look_at", i), |ui| {
            let title = format!("Look-at {}: {} -> {}", look.name, look.bone, look.target);
            header(ui, editor, &title, ConstraintRef::LookAt(i));
            mix_slider(
                ui,
                editor,
                Some(&look.name),
                look.mix,
                "look-at mix",
                move |r, m| {
                    if let Some(c) = r.look_at.get_mut(i) {
                        c.mix = m;
                    }
                },
            );
        });
    }
    for (i, child) in records.child_of.iter().enumerate() {
        ui.push_id(("child_of", i), |ui| {
            let title = format!(
                "Child-of {}: {} carried by {}",
                child.name, child.bone, child.target
            );
            header(ui, editor, &title, ConstraintRef::ChildOf(i));
            ui.horizontal(|ui| {
                if ui
                    .button("Set inverse here")
                    .on_hover_text(
                        "carry the bone from the target's pose shown now, not from its rest: \
                         keyed up at this frame, the mix picks the bone up without a jump",
                    )
                    .clicked()
                {
                    editor.run(Command::Rig(RigCommand::SetChildOfInverse {
                        index: i,
                        set: true,
                    }));
                }
                if child.inverse.is_some() {
                    ui.label("inverse set");
                    if ui.button("Clear inverse").clicked() {
                        editor.run(Command::Rig(RigCommand::SetChildOfInverse {
                            index: i,
                            set: false,
                        }));
                    }
                }
            });
            mix_slider(
                ui,
                editor,
                Some(&child.name),
                child.mix,
                "child-of mix",
                move |r, m| {
                    if let Some(c) = r.child_of.get_mut(i) {
                        c.mix = m;
                    }
                },
            );
        });
    }
    for (i, physics) in records.physics.iter().enumerate() {
        ui.push_id(("physics", i), |ui| physics_entry(ui, editor, i, physics));
    }
    for (i, path) in records.paths.iter().enumerate() {
        ui.push_id(("path", i), |ui| path_entry(ui, editor, i, path));
    }
    for (i, spring) in records.springs.iter().enumerate() {
        ui.push_id(("spring row", i), |ui| {
            let title = format!(
                "Spring on {}: {:.2} Hz, damping {:.2}",
                spring.bone, spring.frequency, spring.damping
            );
            header(ui, editor, &title, ConstraintRef::Spring(i));
        });
    }
}

/// A constraint's title with its delete button.
pub(super) fn header(ui: &mut egui::Ui, editor: &mut Editor, title: &str, which: ConstraintRef) {
    // Wrapped, so the button stays inside a narrow inspector.
    ui.horizontal_wrapped(|ui| {
        ui.label(title);
        if ui
            .small_button("Delete")
            .on_hover_text("delete this constraint")
            .clicked()
        {
            editor.run(Command::Rig(RigCommand::Remove(which)));
        }
    });
}

/// A 0–1 mix slider; a drag is one undo step. In Animate mode with a clip, a slider given the
/// constraint's `keyed` name shows the mix at the playhead and keys it there (clips key mixes by
/// constraint name), with a key button before it (a filled diamond removes the mix key at the
/// playhead, a hollow one keys the mix shown); otherwise it sets the constraint's own mix through
/// `set`.
pub(super) fn mix_slider(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    keyed: Option<&str>,
    mix: f64,
    text: &str,
    set: impl FnOnce(&mut ConstraintRecords, f64),
) {
    let keying =
        keyed.filter(|_| editor.tools().mode() == Mode::Animate && editor.current_clip().is_some());
    let mut value = keying.map_or(mix, |name| {
        editor.rig().constraint_mix_at_playhead(name, mix)
    });
    let Some(name) = keying else {
        let response = ui.add(egui::Slider::new(&mut value, 0.0..=1.0).text(text));
        drag_edit(ui, editor, &response, |editor| {
            change(editor, |r| set(r, value))
        });
        return;
    };
    let playhead = editor.animation().playhead();
    let keyed = editor
        .current_clip()
        .is_some_and(|c| c.mix_keys_of(name).any(|k| k.time == playhead));
    let shown = KeyedValue {
        what: text,
        value,
        range: 0.0..=1.0,
        keyed,
    };
    let key = |mix: f64| {
        Command::Rig(RigCommand::KeyMix {
            name: name.to_string(),
            mix,
        })
    };
    let unkey = || {
        Command::Rig(RigCommand::UnkeyMix {
            name: name.to_string(),
        })
    };
    keyed_slider(ui, editor, shown, key, unkey);
}

/// Applies `edit` to a copy of the constraints and sets them (one undo step or part of a drag's).
pub(super) fn change(editor: &mut Editor, edit: impl FnOnce(&mut ConstraintRecords)) {
    let mut records = editor.rig().constraint_records();
    edit(&mut records);
    editor.run(Command::Rig(RigCommand::SetConstraints(Box::new(records))));
}
