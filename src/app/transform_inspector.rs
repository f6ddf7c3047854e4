//! The inspector's entry for one transform constraint: its title and delete button, the rotation,
//! translation (x, and y when it differs), scale (along, and across when it differs) and shear
//! mixes, Spine's "local" and "relative" modes, the keyed mix in Animate mode, and an "Offsets"
//! section with what Spine's transform constraint adds to its source: a rotation, a point in the
//! source's frame, scale and shear. Every change is one undo step (a drag too).

use eframe::egui;

use super::constraint_inspector::{change, header, mix_slider};
use super::drag_edit::drag_edit;
use crate::app::number_field::number_field;
use crate::core::animation::{TransformOffsets, TransformRecord};
use limber_editor::editor::{Editor, Mode};
use limber_editor::rigging::ConstraintRef;

/// The transform constraint `transform`, the `index`-th of the rig.
pub fn transform_entry(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    index: usize,
    transform: &TransformRecord,
) {
    let title = format!(
        "Copy {}: {} <- {}",
        transform.name, transform.bone, transform.source
    );
    header(ui, editor, &title, ConstraintRef::Transform(index));
    type Set = fn(&mut TransformRecord, f64);
    let sliders: [(f64, &str, Set); 6] = [
        (transform.rotate_mix, "rotation mix", |c, m| {
            c.rotate_mix = m
        }),
        (transform.translate_mix, "translation mix", |c, m| {
            c.translate_mix = m;
        }),
        (
            transform.translate_mix_y.unwrap_or(transform.translate_mix),
            "translation mix y",
            |c, m| c.translate_mix_y = Some(m),
        ),
        (transform.scale_mix, "scale mix", |c, m| c.scale_mix = m),
        (
            transform.scale_mix_y.unwrap_or(transform.scale_mix),
            "scale mix across",
            |c, m| c.scale_mix_y = Some(m),
        ),
        (transform.shear_mix, "shear mix", |c, m| c.shear_mix = m),
    ];
    for (value, label, set) in sliders {
        mix_slider(ui, editor, None, value, label, move |records, mix| {
            if let Some(c) = records.transforms.get_mut(index) {
                set(c, mix);
            }
        });
    }
    ui.horizontal(|ui| {
        type Toggle = fn(&mut TransformRecord, bool);
        let modes: [(bool, &str, &str, Toggle); 2] = [
            (
                transform.local,
                "local",
                "mix the bones' own rotation, position and scale (relative to their parents) \
                 instead of their world ones",
                |c, on| c.local = on,
            ),
            (
                transform.relative,
                "relative",
                "add the source's transform (times the mixes) instead of moving toward it",
                |c, on| c.relative = on,
            ),
        ];
        for (mut on, label, hint, set) in modes {
            if ui.checkbox(&mut on, label).on_hover_text(hint).changed() {
                change(editor, |records| {
                    if let Some(c) = records.transforms.get_mut(index) {
                        set(c, on);
                    }
                });
            }
        }
    });
    if editor.tools().mode() == Mode::Animate {
        // A keyed mix scales the six.
        mix_slider(ui, editor, Some(&transform.name), 1.0, "mix", |_, _| {});
    }
    egui::CollapsingHeader::new("Offsets")
        .id_salt(("transform offsets", index))
        .show(ui, |ui| {
            offsets_fields(ui, editor, index, transform.offsets)
        });
}

/// The offsets' number fields; a change (a drag too) is one undo step.
fn offsets_fields(ui: &mut egui::Ui, editor: &mut Editor, index: usize, offsets: TransformOffsets) {
    let mut edited = offsets;
    let mut responses = Vec::new();
    ui.horizontal(|ui| {
        let label = ui.label("rotation");
        responses.push(
            ui.add(number_field(&mut edited.rotate).speed(0.5).suffix("°"))
                .labelled_by(label.id)
                .on_hover_text("added to the source's rotation, counter-clockwise"),
        );
    });
    // One field a row, so that a narrow inspector (1024 px windows) shows them whole.
    let point_hint = "the bone's head moves toward this point of the source's frame instead of the \
                      source's head";
    let [along, across] = &mut edited.translate;
    let [scale_along, scale_across] = &mut edited.scale;
    let rows: [(&str, &mut f64, f64, &str, &str); 5] = [
        ("point along", along, 0.5, " px", point_hint),
        ("point across", across, 0.5, " px", point_hint),
        (
            "scale along",
            scale_along,
            0.01,
            "",
            "added to the source's scale",
        ),
        (
            "scale across",
            scale_across,
            0.01,
            "",
            "added to the source's scale",
        ),
        (
            "shear",
            &mut edited.shear,
            0.5,
            "°",
            "added to the source's shear (the angle between its axes beyond a right angle), \
             counter-clockwise",
        ),
    ];
    for (text, value, speed, suffix, hint) in rows {
        ui.horizontal(|ui| {
            let label = ui.label(text);
            responses.push(
                ui.add(number_field(value).speed(speed).suffix(suffix))
                    .labelled_by(label.id)
                    .on_hover_text(hint),
            );
        });
    }
    for response in &responses {
        drag_edit(ui, editor, response, |editor| {
            change(editor, |records| {
                if let Some(c) = records.transforms.get_mut(index) {
                    c.offsets = edited;
                }
            });
        });
    }
}
