//! The timeline: the clip list and its settings (loop, duration, frame rate), transport
//! (play/pause, playhead), and a dopesheet with a row per bone and, below them, a row per part that
//! has keys in the clip (draw order, visibility, deform), a diamond per key. Click or drag the
//! dopesheet to scrub (on frames when the clip has a frame rate); click a diamond to select its key
//! (the inspector shows it), Shift + click to add it to the selection, Shift + drag on empty space
//! for a rubber band; drag a selected key to move the selection together (Esc drops the drag);
//! right-click a diamond to delete it. Copy, paste and Delete are shortcuts (`ui.rs`).

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

use super::drag_edit::drag_edit;
use super::editor::Editor;
use super::key_selection::{KeyRef, KeySelection};
use super::ui::changed_clip;
use crate::core::animation::MAX_FPS;
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
            let mut rate = clip.fps.unwrap_or(0);
            let mut looping = clip.looping;
            let mut duration = clip.duration;
            let loop_changed = ui.checkbox(&mut looping, "loop").changed();
            let duration_response = ui.add(
                egui::DragValue::new(&mut duration)
                    .range(0.05..=600.0)
                    .speed(0.05)
                    .suffix(" s"),
            );
            let replace = |editor: &mut Editor| {
                editor.apply(Edit::ReplaceClip {
                    name: record.name.clone(),
                    clip: changed_clip(&record, looping, duration),
                });
            };
            if loop_changed {
                replace(editor);
            }
            drag_edit(ui, editor, &duration_response, replace);
            let rate_response = ui
                .add(
                    egui::DragValue::new(&mut rate)
                        .range(0..=MAX_FPS)
                        .speed(0.2)
                        .custom_formatter(|v, _| {
                            if v < 0.5 {
                                "fps off".into()
                            } else {
                                format!("{v:.0} fps")
                            }
                        })
                        .custom_parser(|text| {
                            let digits: String =
                                text.chars().filter(char::is_ascii_digit).collect();
                            Some(digits.parse::<f64>().unwrap_or(0.0))
                        }),
                )
                .on_hover_text("the clip's frame rate: the playhead and dragged keys snap to its frames (0: off)");
            drag_edit(ui, editor, &rate_response, |editor| {
                editor.set_clip_fps((rate > 0).then_some(rate));
            });
            let shown = editor.playhead();
            match editor.clip_fps() {
                Some(fps) => ui.label(format!(
                    "t = {shown:.2} s, frame {}",
                    (shown * f64::from(fps)).round()
                )),
                None => ui.label(format!("t = {shown:.2} s")),
            };
        }
    });
    dopesheet(ui, editor);
}

/// Where the dopesheet was last drawn, for [`key_position`] and [`part_key_position`].
#[derive(Debug, Clone)]
struct Geometry {
    /// The key area (right of the bone names), its first row being the ruler.
    track: Rect,
    duration: f64,
    /// How many bone rows there are (the part rows follow them).
    bones: usize,
    /// The part rows' part names, top to bottom.
    parts: Vec<String>,
}

const GEOMETRY: &str = "limber dopesheet geometry";

/// Screen position (points) of bone row `row` at time `t` in the dopesheet as last drawn (for tests
/// that click and drag keys).
pub fn key_position(ctx: &egui::Context, row: usize, t: f64) -> Option<Pos2> {
    let g = ctx.data(|d| d.get_temp::<Geometry>(egui::Id::unique(GEOMETRY)))?;
    Some(Pos2::new(
        g.track.left() + (t / g.duration) as f32 * g.track.width(),
        g.track.top() + ROW * (row as f32 + 1.5),
    ))
}

/// Screen position (points) of part `part`'s row at time `t` in the dopesheet as last drawn; `None`
/// when the dopesheet has no row for that part (it has no keys in the clip).
pub fn part_key_position(ctx: &egui::Context, part: &str, t: f64) -> Option<Pos2> {
    let g = ctx.data(|d| d.get_temp::<Geometry>(egui::Id::unique(GEOMETRY)))?;
    let row = g.parts.iter().position(|p| p == part)?;
    key_position(ctx, g.bones + row, t)
}

/// What a drag in the dopesheet is doing.
#[derive(Debug, Clone, PartialEq)]
enum SheetDrag {
    /// Moving the selected keys; the grabbed key's time and the selection before the press.
    Keys {
        time: f64,
        before: Box<SelectionBefore>,
    },
    /// Shift + drag on empty space: a rubber band from this point.
    Band { start: Pos2 },
    /// Moving the playhead.
    Scrub,
}

/// The key and bone selection before a key drag changed it (Esc puts it back).
#[derive(Debug, Clone, PartialEq)]
struct SelectionBefore {
    keys: KeySelection,
    key: Option<(String, f64)>,
    bone: Option<usize>,
}

/// Diamond fills: bone keys gold, part keys teal; selected keys orange.
const BONE_KEY: Color32 = Color32::from_rgb(240, 200, 80);
const PART_KEY: Color32 = Color32::from_rgb(80, 200, 210);
const PART_LABEL: Color32 = Color32::from_rgb(120, 200, 220);
const SELECTED_KEY: Color32 = Color32::from_rgb(255, 120, 40);

/// A diamond under the pointer: its key and, for a bone key, the bone's row.
#[derive(Debug, Clone)]
struct Hit {
    key: KeyRef,
    time: f64,
    bone_row: Option<usize>,
}

fn diamond(painter: &egui::Painter, c: Pos2, fill: Color32) {
    let r = 5.0;
    let points = vec![
        c + Vec2::new(0.0, -r),
        c + Vec2::new(r, 0.0),
        c + Vec2::new(0.0, r),
        c + Vec2::new(-r, 0.0),
    ];
    painter.add(Shape::convex_polygon(
        points,
        fill,
        Stroke::new(1.0, Color32::BLACK),
    ));
}

fn dopesheet(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(clip) = editor.current_clip() else {
        ui.label("No clip: add one to animate.");
        return;
    };
    let duration = clip.duration;
    let fps = clip.fps;
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
    let parts = editor.keyed_parts();
    let height = ROW * ((bones.len() + parts.len()) as f32 + 1.0);
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
            ruler(&painter, rect, duration, fps, x_of);
            ui.ctx().data_mut(|d| {
                d.insert_temp(
                    egui::Id::unique(GEOMETRY),
                    Geometry {
                        track,
                        duration,
                        bones: bones.len(),
                        parts: parts.clone(),
                    },
                );
            });
            let shift = ui.input(|i| i.modifiers.shift);
            // Hit-test keys where the button went down (a drag is recognised only after some movement).
            let pointer = if response.drag_started() {
                ui.input(|i| i.pointer.press_origin())
            } else {
                response.interact_pointer_pos()
            };
            let mut hit: Option<Hit> = None;
            let mut centres: Vec<(KeyRef, Pos2)> = Vec::new();
            let row_y = |row: usize| rect.top() + ROW * (row as f32 + 1.5);
            let mut consider = |key: KeyRef, time: f64, c: Pos2, bone_row: Option<usize>| {
                if pointer.is_some_and(|p| (p - c).length() <= 7.0) {
                    hit = Some(Hit {
                        key: key.clone(),
                        time,
                        bone_row,
                    });
                }
                centres.push((key, c));
            };
            for (row, name) in bones.iter().enumerate() {
                let y = row_y(row);
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
                    let id = KeyRef::Bone((name.clone(), key.time));
                    let fill = if editor.is_selected(&id) {
                        SELECTED_KEY
                    } else {
                        BONE_KEY
                    };
                    diamond(&painter, c, fill);
                    consider(id, key.time, c, Some(row));
                }
            }
            if !parts.is_empty() {
                let y = rect.top() + ROW * (bones.len() as f32 + 1.0);
                painter.line_segment(
                    [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
                    Stroke::new(1.0, Color32::GRAY),
                );
            }
            // A part row that has just appeared (its first key) is scrolled into view.
            let rows_id = egui::Id::unique("limber dopesheet part rows");
            let before = ui.data(|d| d.get_temp::<usize>(rows_id));
            if before.is_some_and(|n| parts.len() > n) {
                let bottom = rect.top() + ROW * ((bones.len() + parts.len()) as f32 + 1.0);
                ui.scroll_to_rect(
                    Rect::from_min_max(
                        Pos2::new(rect.left(), bottom - ROW),
                        Pos2::new(rect.right(), bottom),
                    ),
                    Some(egui::Align::Max),
                );
            }
            if before != Some(parts.len()) {
                ui.data_mut(|d| d.insert_temp(rows_id, parts.len()));
            }
            let names = painter.with_clip_rect(Rect::from_min_max(
                rect.min,
                Pos2::new(track.left() - 8.0, rect.bottom()),
            ));
            for (i, name) in parts.iter().enumerate() {
                let y = row_y(bones.len() + i);
                names.text(
                    Pos2::new(rect.left() + 4.0, y),
                    egui::Align2::LEFT_CENTER,
                    name,
                    egui::FontId::proportional(12.0),
                    PART_LABEL,
                );
                for key in record.parts.iter().filter(|k| &k.part == name) {
                    let c = Pos2::new(x_of(key.time), y);
                    let id = KeyRef::Part((name.clone(), key.time));
                    let fill = if editor.is_selected(&id) {
                        SELECTED_KEY
                    } else {
                        PART_KEY
                    };
                    diamond(&painter, c, fill);
                    consider(id, key.time, c, None);
                }
            }
            let playhead = x_of(editor.playhead());
            painter.line_segment(
                [
                    Pos2::new(playhead, rect.top()),
                    Pos2::new(playhead, rect.bottom()),
                ],
                Stroke::new(2.0, Color32::from_rgb(255, 80, 80)),
            );
            let delete = hit
                .as_ref()
                .filter(|_| response.secondary_clicked())
                .map(|h| h.key.clone());
            let state = ui
                .data(|d| d.get_temp::<Option<SheetDrag>>(response.id))
                .flatten();
            let mut next = state.clone();
            if response.clicked() {
                match &hit {
                    Some(h) => {
                        if shift {
                            editor.toggle(h.key.clone());
                        } else {
                            editor.select_refs(vec![h.key.clone()]);
                        }
                        if let Some(row) = h.bone_row {
                            editor.selected_bone = Some(row);
                        }
                    }
                    None => {
                        editor.select_keys(Vec::new());
                        if let Some(p) = response.interact_pointer_pos()
                            && p.x >= track.left()
                        {
                            editor.time = editor.snap_time(t_of(p.x));
                            editor.playing = false;
                        }
                    }
                }
            }
            if response.drag_started() {
                next = match (&hit, pointer) {
                    (Some(h), _) => {
                        let before = Box::new(SelectionBefore {
                            keys: editor.keys.clone(),
                            key: editor.selected_key.clone(),
                            bone: editor.selected_bone,
                        });
                        if !editor.is_selected(&h.key) {
                            editor.select_refs(vec![h.key.clone()]);
                        }
                        if let Some(row) = h.bone_row {
                            editor.selected_bone = Some(row);
                        }
                        Some(SheetDrag::Keys {
                            time: h.time,
                            before,
                        })
                    }
                    (None, Some(start)) if shift => Some(SheetDrag::Band { start }),
                    _ => {
                        editor.select_keys(Vec::new());
                        Some(SheetDrag::Scrub)
                    }
                };
            }
            // Esc drops a key drag (nothing is moved until the release; the selection goes back) or
            // a rubber band.
            if ui.input(|i| i.key_pressed(egui::Key::Escape))
                && matches!(next, Some(SheetDrag::Keys { .. } | SheetDrag::Band { .. }))
            {
                if let Some(SheetDrag::Keys { before, .. }) = next.take() {
                    editor.keys = before.keys;
                    editor.selected_key = before.key;
                    editor.selected_bone = before.bone;
                }
                editor.status = "drag cancelled".into();
            }
            let at = response.interact_pointer_pos();
            match (&next, at) {
                (Some(SheetDrag::Scrub), Some(p)) if response.dragged() && p.x >= track.left() => {
                    editor.time = editor.snap_time(t_of(p.x));
                    editor.playing = false;
                }
                (Some(SheetDrag::Band { start }), Some(p)) => {
                    let band = Rect::from_two_pos(*start, p);
                    painter.rect_stroke(
                        band,
                        0.0,
                        Stroke::new(1.0, Color32::from_rgb(120, 180, 255)),
                        egui::StrokeKind::Inside,
                    );
                    if response.drag_stopped() {
                        let inside = centres
                            .iter()
                            .filter(|(_, c)| band.contains(*c))
                            .map(|(id, _)| id.clone())
                            .collect();
                        editor.select_refs(inside);
                    }
                }
                (Some(SheetDrag::Keys { time, .. }), Some(p)) => {
                    let drop = snap_key_time(editor, fps, t_of(p.x));
                    let x = x_of(drop);
                    painter.line_segment(
                        [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
                        Stroke::new(1.0, SELECTED_KEY),
                    );
                    if response.drag_stopped() {
                        editor.move_selected_keys(drop - time);
                    }
                }
                _ => {}
            }
            if response.drag_stopped() || !response.is_pointer_button_down_on() {
                next = None;
            }
            if next != state {
                ui.data_mut(|d| d.insert_temp(response.id, next));
            }
            match delete {
                Some(KeyRef::Bone((bone, time))) => {
                    if let Some(clip) = editor.clip_name().map(str::to_string) {
                        editor.apply(Edit::RemoveKey { clip, bone, time });
                    }
                }
                Some(KeyRef::Part((part, time))) => {
                    editor.delete_part_key(&part, time);
                }
                None => {}
            }
        });
}

/// Where a dragged key lands: on a frame of the clip's rate, or on a hundredth of a second.
fn snap_key_time(editor: &Editor, fps: Option<u32>, t: f64) -> f64 {
    match fps {
        Some(_) => editor.snap_time(t),
        None => (t * 100.0).round() / 100.0,
    }
}

/// A tick every tenth of a second (long ones on whole seconds), and a dot per frame when the clip
/// has a frame rate and the frames are far enough apart to see.
fn ruler(
    painter: &egui::Painter,
    rect: Rect,
    duration: f64,
    fps: Option<u32>,
    x_of: impl Fn(f64) -> f32,
) {
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
    if let Some(fps) = fps {
        let frames = (duration * f64::from(fps)).floor() as usize;
        let spacing = x_of(1.0 / f64::from(fps)) - x_of(0.0);
        if spacing >= 4.0 {
            for i in 0..=frames {
                let x = x_of(i as f64 / f64::from(fps));
                painter.circle_filled(
                    Pos2::new(x, rect.top() + ROW - 2.0),
                    1.0,
                    Color32::LIGHT_GRAY,
                );
            }
        }
    }
}
