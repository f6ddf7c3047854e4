//! The inspector panel: the selected bone (name, parent, deform, lock and its rest pose in
//! `bone_inspector.rs`, its keys at the playhead in Animate mode, smoothness, delete), its
//! constraints and the rig's (Bones mode, and Animate mode once there are any:
//! `constraint_inspector.rs`), the automatic-weight settings (smoothness and distance metric per
//! part), the brush and a vertex's weights in Weights mode, the mesh settings in Mesh mode, and the
//! selected key's interpolation.

use crate::app::number_field::number_field;
use eframe::egui;

use super::commit_field::commit_field;
use super::drag_edit::{drag_edit, drag_edit_group};
use super::key_fields::key_fields;
use crate::core::animation::Interpolation;
use crate::core::animation::curve::{EASE_IN_OUT, InterpolationName};
use crate::core::brush::BrushMode;
use crate::core::distance::Metric;
use crate::core::pipeline::MeshSettings;
use limber_editor::commands::{BoneCommand, Command, KeyCommand, MeshCommand};
use limber_editor::editor::{Editor, Mode};
use limber_editor::mesh_density::{SpacingCheck, spacing_range};
use limber_editor::part_key_selection::describe;

/// The selected bone's properties and the weight settings.
pub fn inspector(ui: &mut egui::Ui, editor: &mut Editor) {
    // Sliders share the panel's width with their value and label, so that at the panel's default
    // width "alpha threshold", "spacing (px)" and their values are not cut at its edge.
    ui.spacing_mut().slider_width = (ui.available_width() - 160.0).clamp(48.0, 200.0);
    ui.heading("Inspector");
    if let Some(bone) = editor.selection().bone()
        && let Some(name) = editor.rig().bone_name(bone)
    {
        if let Some(to) = commit_field(ui, ("rename", bone), "Name", &name, None) {
            editor.run(Command::Bone(BoneCommand::Rename { bone, to }));
        }
        parent_picker(ui, editor, bone);
        super::bone_inspector::show(ui, editor, bone);
        if editor.tools().mode() == Mode::Animate {
            key_fields(ui, editor, bone);
        }
        let bone_record = &editor.document().project.rig.skeleton.bones[bone];
        let mut own = bone_record.smoothness.unwrap_or_else(|| {
            editor
                .document()
                .project
                .parts
                .first()
                .map_or(10.0, |p| p.weight_settings.smoothness)
        });
        let response = ui.add(
            egui::Slider::new(&mut own, 1.0..=200.0)
                .text("bone smoothness (px)")
                .logarithmic(true),
        );
        drag_edit(ui, editor, &response, |editor| {
            editor.run(Command::Bone(BoneCommand::SetSmoothness {
                bone,
                smoothness: own,
            }));
        });
        if ui.button("Delete bone").clicked() {
            editor.run(Command::DeleteBone);
        }
    } else {
        ui.label("Select a bone (click it in the view or the list).");
    }
    let has_constraints = editor.rig().constraint_records() != Default::default();
    if editor.tools().mode() == Mode::Bones
        || (editor.tools().mode() == Mode::Animate && has_constraints)
    {
        super::constraint_inspector::constraints_section(ui, editor);
    }
    ui.separator();
    ui.heading("Automatic weights");
    for index in 0..editor.document().project.parts.len() {
        let part = &editor.document().project.parts[index];
        let mut smoothness = part.weight_settings.smoothness;
        let label = format!("{}: smoothness (px)", part.name);
        let response = ui.add(
            egui::Slider::new(&mut smoothness, 1.0..=200.0)
                .text(label)
                .logarithmic(true),
        );
        drag_edit(ui, editor, &response, |editor| {
            editor.run(Command::Mesh(MeshCommand::SetSmoothness {
                part: index,
                smoothness,
            }));
        });
        metric_picker(ui, editor, index);
    }
    if ui.button("Recompute automatic weights").clicked() {
        editor.run(Command::Mesh(MeshCommand::RecomputeWeights));
    }
    if editor.tools().mode() == Mode::Weights {
        ui.separator();
        ui.heading("Brush");
        let mut brush = editor.tools().brush();
        ui.horizontal(|ui| {
            for (mode, label) in [
                (BrushMode::Add, "Add"),
                (BrushMode::Subtract, "Subtract"),
                (BrushMode::Set, "Set"),
                (BrushMode::Smooth, "Smooth"),
            ] {
                ui.selectable_value(&mut brush.mode, mode, label);
            }
        });
        ui.add(
            egui::Slider::new(&mut brush.radius, 1.0..=brush_most(editor))
                .logarithmic(true)
                .text("radius (px)"),
        );
        ui.add(egui::Slider::new(&mut brush.strength, 0.0..=1.0).text("strength"));
        if brush != editor.tools().brush() {
            editor.run(Command::Mesh(MeshCommand::SetBrush(brush)));
        }
        ui.label("Drag over the sprite to paint the selected bone's weights; Alt + click a vertex to see and type its weights.");
        vertex_inspector(ui, editor);
        super::cut_panel::cut_section(ui, editor);
    }
    if editor.tools().mode() == Mode::Mesh {
        mesh_inspector(ui, editor);
    }
    if editor.tools().mode() == Mode::Animate && editor.view().overlays().onion {
        super::onion_settings::onion_section(ui, editor);
    }
    if editor.tools().mode() == Mode::Animate {
        super::event_inspector::event_section(ui, editor);
        super::transition_inspector::transition_section(ui, editor);
    }
    key_inspector(ui, editor);
}

/// The selected bone's parent: "(none)" or a bone outside its subtree (a cycle is never offered;
/// `BoneCommand::SetParent` refuses one with a status line).
fn parent_picker(ui: &mut egui::Ui, editor: &mut Editor, bone: usize) {
    let bones = &editor.document().project.rig.skeleton.bones;
    let Some(current) = bones.get(bone).map(|b| b.parent) else {
        return;
    };
    let name_of = |b: Option<usize>| {
        b.and_then(|b| bones.get(b))
            .map_or_else(|| "(none)".to_string(), |x| x.name.clone())
    };
    let selected = name_of(current);
    let choices: Vec<(Option<usize>, String)> = std::iter::once(None)
        .chain(editor.rig().valid_parents(bone).into_iter().map(Some))
        .map(|b| (b, name_of(b)))
        .collect();
    let mut picked = None;
    egui::ComboBox::new(("parent", bone), "parent")
        .selected_text(selected)
        .show_ui(ui, |ui| {
            for (b, name) in choices {
                if ui.selectable_label(b == current, name).clicked() {
                    picked = Some(b);
                }
            }
        });
    if let Some(parent) = picked {
        editor.run(Command::Bone(BoneCommand::SetParent { bone, parent }));
    }
}

/// The distance metric of a part's automatic weights; a change recomputes them (one undo step).
fn metric_picker(ui: &mut egui::Ui, editor: &mut Editor, index: usize) {
    let Some(part) = editor.document().project.parts.get(index) else {
        return;
    };
    let current = part.weight_settings.metric;
    let mut picked = None;
    egui::ComboBox::new(("metric", index), format!("{}: distance", part.name))
        .selected_text(current.name())
        .show_ui(ui, |ui| {
            for metric in [Metric::Bfs4, Metric::Dijkstra8, Metric::Geodesic] {
                if ui
                    .selectable_label(metric == current, metric.name())
                    .clicked()
                {
                    picked = Some(metric);
                }
            }
        });
    if let Some(metric) = picked {
        editor.run(Command::Mesh(MeshCommand::SetMetric {
            part: index,
            metric,
        }));
    }
}

/// The brush slider's greatest radius: 400 px, or half the largest image's longer side.
fn brush_most(editor: &Editor) -> f64 {
    let longer = editor
        .document()
        .project
        .parts
        .iter()
        .map(|p| p.mesh.width.max(p.mesh.height))
        .max()
        .unwrap_or(0);
    (f64::from(longer) / 2.0).max(400.0)
}

/// Mesh settings per part; each change re-meshes at once (weights carried over), a slider drag is
/// one undo step. A mesh edited by hand keeps its sliders locked until the artist chooses to
/// re-mesh from the settings, which replaces the hand edits (one undo step). The spacing slider's
/// range follows the image, the vertex count shows beside it, a spacing that would make more than
/// 50,000 vertices asks first and one past the pipeline's limit is refused with the least spacing
/// allowed (`limber_editor::mesh_density`).
fn mesh_inspector(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.separator();
    ui.heading("Mesh");
    for index in 0..editor.document().project.parts.len() {
        let part = &editor.document().project.parts[index];
        let mut settings = part.mesh_settings.clone();
        let mut spacing = settings.effective_spacing(part.mesh.width, part.mesh.height);
        let (lo, hi) = spacing_range(part.mesh.width, part.mesh.height);
        let vertices = part.mesh.positions.len();
        let hand_edited = part.mesh_edited;
        ui.label(format!(
            "{}: {} triangles",
            part.name,
            part.mesh.triangles.len()
        ));
        if hand_edited {
            ui.label(
                "Edited by hand: the sliders are locked so that they do not replace the edits.",
            );
            if ui
                .button("Re-mesh from settings")
                .on_hover_text("Makes a new mesh from these settings, replacing the hand edits")
                .clicked()
                && editor.run(remesh(index, settings.clone())).is_done()
            {
                let message = format!(
                    "{}: re-meshed from its settings",
                    editor.document().project.parts[index].name
                );
                editor.set_status(message);
            }
        }
        // Settings outside a slider's range (valid ones from the command line or a script: padding
        // up to 64 px, the automatic spacing of a very large image) stay as they are until the
        // artist moves that slider; a drag of another slider must not clamp them on the way.
        let keep = egui::SliderClamping::Edits;
        let responses = ui
            .add_enabled_ui(!hand_edited, |ui| {
                [
                    ui.add(
                        egui::Slider::new(&mut settings.alpha_threshold, 0.0..=0.99)
                            .clamping(keep)
                            .text("alpha threshold"),
                    ),
                    ui.add(
                        egui::Slider::new(&mut settings.padding, 0.0..=8.0)
                            .clamping(keep)
                            .text("padding (px)"),
                    ),
                    ui.add(
                        egui::Slider::new(&mut settings.tolerance, 0.1..=8.0)
                            .clamping(keep)
                            .text("tolerance (px)"),
                    ),
                    ui.add(
                        egui::Slider::new(&mut spacing, lo..=hi)
                            .logarithmic(true)
                            .clamping(keep)
                            .text("spacing (px)"),
                    ),
                ]
            })
            .inner;
        // Right under the spacing slider: what the spacing makes (a line of its own, so that it is
        // never cut at the panel's edge).
        ui.label(format!("{vertices} vertices"));
        // A drag of any of the part's sliders is one undo step (Esc cancels it).
        let group = egui::Id::unique("limber mesh slider drag").with(index);
        let mesh = std::sync::Arc::clone(&editor.document().project.parts[index].mesh);
        let spacing_moved = settings.spacing != Some(spacing) && responses[3].changed();
        drag_edit_group(ui, editor, group, &responses, |editor| {
            if hand_edited {
                return;
            }
            settings.spacing = Some(spacing);
            // A finer spacing is checked first: a very dense mesh asks, past the limit is refused.
            match SpacingCheck::of(&mesh, spacing) {
                check @ SpacingCheck::TooFine { .. } if spacing_moved => {
                    editor.set_status(check.message(spacing));
                }
                check @ SpacingCheck::Ask(_) if spacing_moved => {
                    ui.data_mut(|d| d.insert_temp(dense_mesh_id(), (index, settings, check)));
                }
                _ => {
                    editor.run(remesh(index, settings));
                }
            }
        });
    }
    dense_mesh_question(ui, editor);
}

/// The command re-meshing part `part` from `settings`.
fn remesh(part: usize, settings: MeshSettings) -> Command {
    Command::Mesh(MeshCommand::Remesh {
        part,
        settings: Box::new(settings),
    })
}

fn dense_mesh_id() -> egui::Id {
    egui::Id::unique("limber dense mesh question")
}

/// The question before a mesh of more than 50,000 vertices: "Make the mesh" re-meshes (one undo
/// step), "Keep the mesh" leaves it as it is.
fn dense_mesh_question(ui: &egui::Ui, editor: &mut Editor) {
    let pending = ui.data(|d| d.get_temp::<(usize, MeshSettings, SpacingCheck)>(dense_mesh_id()));
    let Some((index, settings, check)) = pending else {
        return;
    };
    // Asked only once the slider is let go (its drag's step is closed).
    if editor.document().in_transaction() {
        return;
    }
    let spacing = settings.spacing.unwrap_or_default();
    let answer = egui::Modal::new(egui::Id::unique("limber dense mesh modal"))
        .show(ui.ctx(), |ui| {
            ui.heading("A very dense mesh");
            ui.label(check.message(spacing));
            ui.horizontal(|ui| {
                if ui.button("Make the mesh").clicked() {
                    Some(true)
                } else if ui.button("Keep the mesh").clicked() {
                    Some(false)
                } else {
                    None
                }
            })
            .inner
        })
        .inner;
    if let Some(make) = answer {
        ui.data_mut(|d| d.remove::<(usize, MeshSettings, SpacingCheck)>(dense_mesh_id()));
        if make {
            editor.run(remesh(index, settings));
        } else {
            editor.set_status("kept the mesh as it was");
        }
    }
}

/// The selected vertex's weights as numbers; typing one sets it and rescales the others.
fn vertex_inspector(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some((part, vertex)) = editor.selection().vertex() else {
        return;
    };
    let Some(influences) = editor
        .document()
        .project
        .parts
        .get(part)
        .and_then(|p| p.binding.vertices.get(vertex))
        .cloned()
    else {
        editor.run(Command::Mesh(MeshCommand::SelectVertex { vertex: None }));
        return;
    };
    ui.separator();
    ui.label(format!("Vertex {vertex} of part {part}"));
    for (bone, weight) in influences {
        let name = editor.rig().bone_name(bone).unwrap_or_default();
        let mut value = weight;
        ui.horizontal(|ui| {
            let label = ui.label(name);
            let response = ui
                .add(
                    number_field(&mut value)
                        .range(0.0..=1.0)
                        .speed(0.01)
                        .max_decimals(4),
                )
                .labelled_by(label.id);
            drag_edit(ui, editor, &response, |editor| {
                editor.run(Command::Mesh(MeshCommand::SetVertexWeight {
                    part,
                    vertex,
                    bone,
                    weight: value,
                }));
            });
        });
    }
}

/// The selected key: its time and the interpolation toward the next key.
fn key_inspector(ui: &mut egui::Ui, editor: &mut Editor) {
    if let Some(key) = editor.animation().selected_part_key_record() {
        part_key_inspector(ui, editor, &key);
        return;
    }
    if let Some(key) = editor.selected_slot_key_record() {
        slot_key_inspector(ui, editor, &key);
        return;
    }
    let Some(key) = editor.animation().selected_key_record() else {
        let count = editor.animation().selected_set().len();
        if count > 1 {
            ui.separator();
            ui.heading("Keys");
            ui.label(format!(
                "{count} keys selected: drag one to move them all; Ctrl+C, Ctrl+V pastes at the playhead; Delete."
            ));
            if ui.button("Delete keys").clicked() {
                editor.run(Command::Key(KeyCommand::DeleteAllSelected));
            }
        }
        return;
    };
    ui.separator();
    ui.heading("Key");
    ui.label(format!("{} at {:.3} s", key.bone, key.time));
    // The curve editor's selected channel of this key, else every channel (per-channel curves).
    let curves = editor.curves();
    let scope = curves
        .interp_channel()
        .map_or("every channel", |c| c.name());
    let shown = curves.interpolation_shown(&key);
    if let Some(interp) = interpolation_picker(ui, shown, &format!("to the next key: {scope}")) {
        editor.run(Command::Key(KeyCommand::SetInterpolation(interp)));
    }
    if ui.button("Delete key").clicked() {
        editor.run(Command::Key(KeyCommand::DeleteSelected));
    }
}

/// A selected part key: what it holds, its deform interpolation, and a Delete button.
fn part_key_inspector(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    key: &crate::core::animation::PartKeyRecord,
) {
    ui.separator();
    ui.heading("Part key");
    ui.label(format!("{} at {:.3} s", key.part, key.time));
    ui.label(describe(key));
    if key.deform.is_some()
        && let Some(interp) = interpolation_picker(ui, Some(key.interp), "to the next deform key")
    {
        editor.run(Command::Key(KeyCommand::SetPartInterpolation(interp)));
    }
    if ui.button("Delete key").clicked() {
        editor.run(Command::Key(KeyCommand::DeleteAllSelected));
    }
}

/// A selected slot key: what it holds, its colour interpolation, and a Delete button.
fn slot_key_inspector(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    key: &crate::core::animation::SlotKeyRecord,
) {
    ui.separator();
    ui.heading("Slot key");
    ui.label(format!("{} at {:.3} s", key.slot, key.time));
    ui.label(limber_editor::slot_key_selection::describe(key));
    if key.color.is_some()
        && let Some(interp) = interpolation_picker(ui, Some(key.interp), "to the next colour key")
    {
        editor.run(Command::Key(KeyCommand::SetSlotInterpolation(interp)));
    }
    if ui.button("Delete key").clicked() {
        editor.run(Command::Key(KeyCommand::DeleteAllSelected));
    }
}

/// The interpolation presets as a combo box; the one picked, if any.
fn interpolation_picker(
    ui: &mut egui::Ui,
    now: Option<Interpolation>,
    label: &str,
) -> Option<Interpolation> {
    let presets = [
        ("Stepped", Interpolation::STEPPED),
        ("Linear", Interpolation::LINEAR),
        ("Ease in-out", Interpolation::Bezier(EASE_IN_OUT)),
        ("Ease in", Interpolation::Bezier([0.42, 0.0, 1.0, 1.0])),
        ("Ease out", Interpolation::Bezier([0.0, 0.0, 0.58, 1.0])),
    ];
    let current = presets
        .iter()
        .find(|(_, i)| {
            Some(*i) == now
                || (*i == Interpolation::Bezier(EASE_IN_OUT)
                    && now == Some(Interpolation::Named(InterpolationName::Bezier)))
        })
        .map_or(
            if now.is_some() {
                "Custom curve"
            } else {
                "Mixed"
            },
            |(name, _)| name,
        );
    let mut picked = None;
    egui::ComboBox::new("interpolation", label)
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (name, interp) in presets {
                if ui.selectable_label(current == name, name).clicked() {
                    picked = Some(interp);
                }
            }
        });
    picked
}
