//! The inspector's entry for one IK constraint: its title and delete button, the mix (keyed at the
//! playhead in Animate mode), and the settings that apply to its chain length, as Spine's IK has
//! them: a two-bone chain's bend side and softness, stretch for one- and two-bone chains, compress
//! for one bone, and uniform with either. Every change is one undo step (a drag too).

use eframe::egui;

use super::constraint_inspector::{change, header, mix_slider};
use super::drag_edit::drag_edit;
use crate::app::number_field::number_field;
use crate::core::animation::IkRecord;
use crate::core::rig::ConstraintRecords;
use limber_editor::editor::Editor;
use limber_editor::rigging::ConstraintRef;

/// The IK constraint `ik`, the `index`-th of the rig.
pub fn ik_entry(ui: &mut egui::Ui, editor: &mut Editor, index: usize, ik: &IkRecord) {
    let title = format!("IK {}: {} -> {}", ik.name, ik.bones.join(" > "), ik.target);
    header(ui, editor, &title, ConstraintRef::Ik(index));
    let edit = move |editor: &mut Editor, apply: &dyn Fn(&mut IkRecord)| {
        change(editor, |records: &mut ConstraintRecords| {
            if let Some(c) = records.ik.get_mut(index) {
                apply(c);
            }
        });
    };
    ui.horizontal_wrapped(|ui| {
        if ik.bones.len() == 2 {
            let bend = if ik.bend < 0.0 { "bend -" } else { "bend +" };
            if ui
                .button(bend)
                .on_hover_text("which way the middle joint bends")
                .clicked()
            {
                edit(editor, &|c| c.bend = -c.bend);
            }
        }
        mix_slider(
            ui,
            editor,
            Some(&ik.name),
            ik.mix,
            "IK mix",
            move |records, mix| {
                if let Some(c) = records.ik.get_mut(index) {
                    c.mix = mix;
                }
            },
        );
    });
    if ik.bones.len() > 2 {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if ik.bones.len() == 2 {
            let label = ui.label("softness");
            let mut softness = ik.softness;
            let field = ui
                .add(
                    number_field(&mut softness)
                        .range(0.0..=10_000.0)
                        .suffix(" px"),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "over this distance short of full reach the chain eases straight instead of \
                     snapping (0: none)",
                );
            drag_edit(ui, editor, &field, |editor| {
                edit(editor, &|c| c.softness = softness);
            });
        }
        type Toggle = fn(&mut IkRecord, bool);
        let toggles: [(bool, bool, &str, &str, Toggle); 3] = [
            (
                true,
                ik.stretch,
                "stretch",
                "the first bone grows to reach a target past the chain's length",
                |c, on| c.stretch = on,
            ),
            (
                ik.bones.len() == 1,
                ik.compress,
                "compress",
                "the bone shrinks to reach a target nearer than its tail",
                |c, on| c.compress = on,
            ),
            (
                true,
                ik.uniform,
                "uniform",
                "stretching or compressing scales across the bone too",
                |c, on| c.uniform = on,
            ),
        ];
        for (shown, mut on, label, hint, set) in toggles {
            if shown && ui.checkbox(&mut on, label).on_hover_text(hint).changed() {
                edit(editor, &|c| set(c, on));
            }
        }
    });
}
