//! A path constraint in the inspector's constraint list: which bones it lays on which bone's path,
//! its position, spacing and rotate modes (Spine's), position, spacing and rotation offset, and
//! its rotate, x and y mixes — each change one undo step (a drag too) — and, in Animate mode, the
//! mix keyed at the playhead (it scales all three, as Spine's path mix timeline does) and the
//! position and spacing keyed there (Spine's position and spacing timelines). "Edit
//! points" shows the path's anchors and handles in the view, to drag ([`RigCommand::EditPathPoints`]).

use eframe::egui;

use super::constraint_inspector::{change, header, mix_slider};
use super::drag_edit::drag_edit;
use super::key_diamond::{KeyedValue, keyed_slider};
use crate::core::animation::path::{PositionMode, RotateMode, SpacingMode};
use crate::core::animation::{PathChannel, PathRecord, PathSettings};
use limber_editor::commands::{Command, RigCommand};
use limber_editor::editor::{Editor, Mode};
use limber_editor::rigging::ConstraintRef;
use limber_editor::tools::path_point::edited_path;

/// One numeric field: its label, range, and which setting it edits.
type Field = (
    &'static str,
    std::ops::RangeInclusive<f64>,
    fn(&mut PathSettings) -> &mut f64,
);

const MIXES: [Field; 3] = [
    ("rotate mix", 0.0..=1.0, |s| &mut s.mix_rotate),
    ("x mix", 0.0..=1.0, |s| &mut s.mix_x),
    ("y mix", 0.0..=1.0, |s| &mut s.mix_y),
];

/// Path constraint `index` with its settings and delete button.
pub fn path_entry(ui: &mut egui::Ui, editor: &mut Editor, index: usize, record: &PathRecord) {
    let title = format!(
        "Path {}: {} on {}'s path",
        record.name,
        record.bones.join(", "),
        record.path.bone
    );
    header(ui, editor, &title, ConstraintRef::Path(index));
    let editing = edited_path(editor) == Some(index);
    if ui
        .selectable_label(editing, "Edit points")
        .on_hover_text(
            "show the path's anchors and handles in the view: drag an anchor (its handles follow) \
             or a handle, in Bones or Animate mode",
        )
        .clicked()
    {
        let path = (!editing).then_some(index);
        editor.run(Command::Rig(RigCommand::EditPathPoints(path)));
    }
    let set = move |editor: &mut Editor, settings: PathSettings| {
        change(editor, |r| {
            if let Some(c) = r.paths.get_mut(index) {
                c.settings = settings;
            }
        });
    };
    let mut settings = record.settings;
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_label("rotate")
            .selected_text(settings.rotate_mode.label())
            .show_ui(ui, |ui| {
                for mode in RotateMode::ALL {
                    ui.selectable_value(&mut settings.rotate_mode, mode, mode.label());
                }
            });
        egui::ComboBox::from_label("spacing")
            .selected_text(settings.spacing_mode.label())
            .show_ui(ui, |ui| {
                for mode in SpacingMode::ALL {
                    ui.selectable_value(&mut settings.spacing_mode, mode, mode.label());
                }
            });
        egui::ComboBox::from_label("position")
            .selected_text(settings.position_mode.label())
            .show_ui(ui, |ui| {
                for mode in PositionMode::ALL {
                    ui.selectable_value(&mut settings.position_mode, mode, mode.label());
                }
            });
    });
    if settings != record.settings {
        set(editor, settings);
        return;
    }
    let percent = |mode| mode == PositionMode::Percent;
    let position_range = if percent(settings.position_mode) {
        -1.0..=2.0
    } else {
        -1000.0..=1000.0
    };
    let spacing_range = match settings.spacing_mode {
        SpacingMode::Percent | SpacingMode::Proportional => -1.0..=2.0,
        SpacingMode::Length | SpacingMode::Fixed => -200.0..=200.0,
    };
    let fields: [Field; 3] = [
        ("position", position_range.clone(), |s| &mut s.position),
        ("spacing", spacing_range.clone(), |s| &mut s.spacing),
        ("rotation offset (°)", -180.0..=180.0, |s| &mut s.rotation),
    ];
    for (label, range, setting) in fields.into_iter().chain(MIXES) {
        let mut changed = record.settings;
        let response = ui.add(
            egui::Slider::new(setting(&mut changed), range)
                .clamping(egui::SliderClamping::Edits)
                .text(label),
        );
        drag_edit(ui, editor, &response, |editor| set(editor, changed));
    }
    if editor.tools().mode() == Mode::Animate && editor.current_clip().is_some() {
        // Keyed at the playhead, scaling the three mixes, as Spine's path mix timeline does.
        mix_slider(ui, editor, Some(&record.name), 1.0, "path mix", |_, _| {});
        let keyed = [
            (PathChannel::Position, position_range, settings.position),
            (PathChannel::Spacing, spacing_range, settings.spacing),
        ];
        for (channel, range, own) in keyed {
            path_value_slider(ui, editor, &record.name, channel, range, own);
        }
    }
}

/// In Animate mode: path `name`'s position or spacing at the playhead (keyed there, or `own`),
/// which a change keys there (Spine's path position and spacing timelines; a drag is one step),
/// with its key button (a filled diamond removes the key at the playhead, a hollow one keys it).
fn path_value_slider(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    name: &str,
    channel: PathChannel,
    range: std::ops::RangeInclusive<f64>,
    own: f64,
) {
    let value = editor.rig().path_value_at_playhead(name, channel, own);
    let playhead = editor.animation().playhead();
    let keyed = editor
        .current_clip()
        .is_some_and(|c| c.path_keys().of(name, channel).any(|k| k.time == playhead));
    let shown = KeyedValue {
        what: channel.name(),
        value,
        range,
        keyed,
    };
    let key = |value: f64| {
        Command::Rig(RigCommand::KeyPath {
            name: name.to_string(),
            channel,
            value,
        })
    };
    let unkey = || {
        Command::Rig(RigCommand::UnkeyPath {
            name: name.to_string(),
            channel,
        })
    };
    keyed_slider(ui, editor, shown, key, unkey);
}
