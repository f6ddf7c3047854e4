//! The timeline: the clip list and its settings, transport (play/pause, playhead), and a dopesheet
//! with a row per bone and a diamond per key. Click or drag the dopesheet to scrub; click a diamond to
//! select its key (its interpolation is set in the inspector), drag it to move it, right-click it to
//! delete it.

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

use super::editor::Editor;
use super::ui::changed_clip;
use crate::core::edit::Edit;

const ROW: f32 = 18.0;
const NAME_WIDTH: f32 = 110.0;

pub fn show(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        let clips: Vec<String> = editor
            .document
            .project
            .rig
            .clips
            .iter()
            .map(|c| c.name.clone())
            .collect();
        let current = editor.clip_name().unwrap_or("(no clip)").to_string();
        egui::ComboBox::new("clip", "clip")
            .selected_text(current)
            .show_ui(ui, |ui| {
                for (i, name) in clips.iter().enumerate() {
                    if ui.selectable_label(editor.clip == Some(i), name).clicked() {
                        editor.clip = Some(i);
                        editor.time = 0.0;
                    }
                }
            });
        if ui.button("+ clip").clicked() {
            editor.add_clip();
        }
        if let Some(name) = editor.clip_name().map(str::to_string) {
            let id = ui.make_persistent_id("clip name");
            let mut text = ui
                .data_mut(|d| d.get_temp::<String>(id))
                .unwrap_or_else(|| name.clone());
            let label = ui.label("name");
            let field = ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(90.0))
                .labelled_by(label.id);
            if field.lost_focus() {
                editor.rename_clip(&text);
                ui.data_mut(|d| d.remove::<String>(id));
            } else if field.has_focus() {
                ui.data_mut(|d| d.insert_temp(id, text));
            } else {
                ui.data_mut(|d| d.remove::<String>(id));
            }
            if ui.button("Duplicate").clicked() {
                editor.duplicate_clip();
            }
            if ui.button("Delete clip").clicked() {
                editor.delete_clip();
            }
        }
        let label = if editor.playing { "Pause" } else { "Play" };
        if ui.button(label).clicked() {
            editor.toggle_play();
        }
        if let Some(clip) = editor.current_clip() {
            let record = clip.to_record();
            let mut looping = clip.looping;
            let mut duration = clip.duration;
            let loop_changed = ui.checkbox(&mut looping, "loop").changed();
            let duration_changed = ui
                .add(
                    egui::DragValue::new(&mut duration)
                        .range(0.05..=600.0)
                        .speed(0.05)
                        .suffix(" s"),
                )
                .changed();
            if loop_changed || duration_changed {
                let name = record.name.clone();
                editor.apply(Edit::ReplaceClip {
                    name,
                    clip: changed_clip(&record, looping, duration),
                });
            }
            ui.label(format!("t = {:.2} s", editor.time));
        }
    });
    dopesheet(ui, editor);
}

fn dopesheet(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(clip) = editor.current_clip() else {
        ui.label("No clip: add one to animate.");
        return;
    };
    let duration = clip.duration;
    let record = clip.to_record();
    let bones: Vec<String> = editor
        .document
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .map(|b| b.name.clone())
        .collect();
    let height = ROW * (bones.len() as f32 + 1.0);
    egui::ScrollArea::vertical()
        .id_salt("dopesheet")
        .show(ui, |ui| {
            let width = ui.available_width();
            let (rect, response) =
                ui.allocate_exact_size(Vec2::new(width, height), Sense::click_and_drag());
            let painter = ui.painter_at(rect);
            let track =
                Rect::from_min_max(Pos2::new(rect.left() + NAME_WIDTH, rect.top()), rect.max);
            let x_of = |t: f64| track.left() + (t / duration) as f32 * track.width();
            let t_of =
                |x: f32| f64::from((x - track.left()) / track.width()).clamp(0.0, 1.0) * duration;
            // Ruler: a tick every tenth of a second.
            let ticks = (duration * 10.0).round() as usize;
            for i in 0..=ticks {
                let x = x_of(i as f64 / 10.0);
                let long = i % 10 == 0;
                painter.line_segment(
                    [
                        Pos2::new(x, rect.top()),
                        Pos2::new(x, rect.top() + if long { ROW } else { ROW / 2.0 }),
                    ],
                    Stroke::new(1.0, Color32::GRAY),
                );
            }
            let mut delete = None;
            let mut picked = None;
            // Hit-test keys where the button went down (a drag is recognised only after some movement).
            let pointer = if response.drag_started() {
                ui.input(|i| i.pointer.press_origin())
            } else {
                response.interact_pointer_pos()
            };
            for (row, name) in bones.iter().enumerate() {
                let y = rect.top() + ROW * (row as f32 + 1.5);
                let selected = editor.selected_bone == Some(row);
                painter.text(
                    Pos2::new(rect.left() + 4.0, y),
                    egui::Align2::LEFT_CENTER,
                    name,
                    egui::FontId::proportional(12.0),
                    if selected {
                        Color32::from_rgb(255, 170, 60)
                    } else {
                        ui.visuals().text_color()
                    },
                );
                for key in record.keys.iter().filter(|k| &k.bone == name) {
                    let c = Pos2::new(x_of(key.time), y);
                    let r = 5.0;
                    let is_selected = editor
                        .selected_key
                        .as_ref()
                        .is_some_and(|(b, t)| b == name && *t == key.time);
                    let fill = if is_selected {
                        Color32::from_rgb(255, 120, 40)
                    } else {
                        Color32::from_rgb(240, 200, 80)
                    };
                    let diamond = vec![
                        c + Vec2::new(0.0, -r),
                        c + Vec2::new(r, 0.0),
                        c + Vec2::new(0.0, r),
                        c + Vec2::new(-r, 0.0),
                    ];
                    painter.add(Shape::convex_polygon(
                        diamond,
                        fill,
                        Stroke::new(1.0, Color32::BLACK),
                    ));
                    let hit = pointer.is_some_and(|p| (p - c).length() <= r + 2.0);
                    if hit && response.secondary_clicked() {
                        delete = Some((name.clone(), key.time));
                    }
                    if hit && (response.clicked() || response.drag_started()) {
                        picked = Some((name.clone(), key.time, row));
                    }
                }
            }
            let playhead = x_of(editor.time);
            painter.line_segment(
                [
                    Pos2::new(playhead, rect.top()),
                    Pos2::new(playhead, rect.bottom()),
                ],
                Stroke::new(2.0, Color32::from_rgb(255, 80, 80)),
            );
            let dragging_key = ui
                .data(|d| d.get_temp::<bool>(response.id))
                .unwrap_or(false);
            if let Some((bone, time, row)) = picked {
                editor.selected_key = Some((bone, time));
                editor.selected_bone = Some(row);
                ui.data_mut(|d| d.insert_temp(response.id, response.drag_started()));
            } else if response.clicked() || response.drag_started() {
                editor.selected_key = None;
                ui.data_mut(|d| d.insert_temp(response.id, false));
            }
            if let Some(p) = response.interact_pointer_pos()
                && p.x >= track.left()
            {
                if dragging_key && response.drag_stopped() {
                    // Drop the dragged key on the nearest hundredth of a second.
                    let time = (t_of(p.x) * 100.0).round() / 100.0;
                    editor.move_selected_key(time.min(duration));
                    ui.data_mut(|d| d.insert_temp(response.id, false));
                } else if !dragging_key && (response.clicked() || response.dragged()) {
                    editor.time = t_of(p.x);
                    editor.playing = false;
                }
            }
            if let (Some((bone, time)), Some(clip)) =
                (delete, editor.clip_name().map(str::to_string))
            {
                editor.apply(Edit::RemoveKey { clip, bone, time });
            }
        });
}
