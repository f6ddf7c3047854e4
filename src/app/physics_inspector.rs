//! A physics constraint in the inspector's constraint list: what it moves (x, y, rotation, stretch
//! along the bone, shear of its x axis, each a share) and every setting of Spine's model (inertia, strength, damping,
//! mass, wind, gravity, limit, steps per second), each a slider whose drag is one undo step, and
//! its mix, keyed at the playhead in Animate mode.

use eframe::egui;

use super::constraint_inspector::{change, header, mix_slider};
use super::drag_edit::drag_edit;
use crate::core::animation::{PhysicsRecord, PhysicsSettings};
use limber_editor::editor::Editor;
use limber_editor::rigging::ConstraintRef;

/// One slider: its label, range, whether logarithmic, and which setting it edits.
type Field = (
    &'static str,
    std::ops::RangeInclusive<f64>,
    bool,
    fn(&mut PhysicsSettings) -> &mut f64,
);

const FIELDS: [Field; 13] = [
    ("x (share)", 0.0..=1.0, false, |s| &mut s.x),
    ("y (share)", 0.0..=1.0, false, |s| &mut s.y),
    ("rotate (share)", 0.0..=1.0, false, |s| &mut s.rotate),
    ("stretch (share)", 0.0..=1.0, false, |s| &mut s.scale_x),
    ("shear x (share)", 0.0..=1.0, false, |s| &mut s.shear_x),
    ("inertia", 0.0..=1.0, false, |s| &mut s.inertia),
    ("strength", 0.0..=1000.0, false, |s| &mut s.strength),
    ("damping", 0.0..=1.0, false, |s| &mut s.damping),
    ("mass", 0.01..=100.0, true, |s| &mut s.mass),
    ("wind", -100.0..=100.0, false, |s| &mut s.wind),
    ("gravity", -100.0..=100.0, false, |s| &mut s.gravity),
    ("limit (px/s)", 0.0..=10_000.0, false, |s| &mut s.limit),
    ("steps per second", 1.0..=240.0, false, |s| &mut s.fps),
];

/// Physics constraint `index` with its settings and delete button.
pub fn physics_entry(ui: &mut egui::Ui, editor: &mut Editor, index: usize, record: &PhysicsRecord) {
    let title = format!("Physics {} on {}", record.name, record.bone);
    header(ui, editor, &title, ConstraintRef::Physics(index));
    for (label, range, logarithmic, setting) in FIELDS {
        let mut settings = record.settings;
        let response = ui.add(
            egui::Slider::new(setting(&mut settings), range)
                .logarithmic(logarithmic)
                .clamping(egui::SliderClamping::Edits)
                .text(label),
        );
        drag_edit(ui, editor, &response, |editor| {
            change(editor, |r| {
                if let Some(c) = r.physics.get_mut(index) {
                    c.settings = settings;
                }
            });
        });
    }
    // Keyed at the playhead in Animate mode, as Spine keys it.
    mix_slider(
        ui,
        editor,
        Some(&record.name),
        record.settings.mix,
        "physics mix",
        move |r, mix| {
            if let Some(c) = r.physics.get_mut(index) {
                c.settings.mix = mix;
            }
        },
    );
}
