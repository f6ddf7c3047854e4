//! The dopesheet's keys under the ruler: a diamond per key on each row. Click or drag on the ruler
//! or on empty track to scrub (on frames when the clip has a frame rate); click a diamond to select
//! its key (the inspector shows it), Shift + click to add it to the selection, Shift + drag on empty
//! space for a rubber band; drag a selected key to move the selection together (Esc drops the
//! drag); right-click a diamond to delete it. A row that gains a key is scrolled into view. Copy,
//! paste and Delete are commands (`shortcuts.rs`).

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

use super::rows::{self, NAME_WIDTH, ROW, Row, RowKind};
use super::{Geometry, Mapping, ruler, store_geometry};
use crate::core::edit::Edit;
use limber_editor::editor::Editor;
use limber_editor::key_selection::KeyRef;
use limber_editor::selection::Selection;

/// What a drag in the dopesheet is doing.
#[derive(Debug, Clone, PartialEq)]
enum SheetDrag {
    /// Moving the selected keys; the grabbed key's time and the selection before the press.
    Keys { time: f64, before: Box<Selection> },
    /// Shift + drag on empty space: a rubber band from this point.
    Band { start: Pos2 },
    /// Moving the playhead.
    Scrub,
}

/// Diamond fills: bone keys gold, part keys teal; selected keys orange.
const BONE_KEY: Color32 = Color32::from_rgb(240, 200, 80);
const PART_KEY: Color32 = Color32::from_rgb(80, 200, 210);
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

pub fn show(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(clip) = editor.current_clip() else {
        ui.label("No clip: add one to animate.");
        return;
    };
    let duration = clip.duration;
    let fps = clip.fps;
    let record = clip.to_record();
    let rows = rows::visible_rows(editor, &rows::collapsed(ui.ctx()));
    let width = ui.available_width();
    let (ruler_rect, ruler_response) =
        ui.allocate_exact_size(Vec2::new(width, ruler::HEIGHT), Sense::click_and_drag());
    let map = Mapping::new(
        Rect::from_min_max(
            Pos2::new(ruler_rect.left() + NAME_WIDTH, ruler_rect.top()),
            ruler_rect.max,
        ),
        duration,
    );
    ruler::draw(ui, ruler_rect, &map, fps);
    if (ruler_response.clicked() || ruler_response.dragged())
        && let Some(p) = ruler_response.interact_pointer_pos()
    {
        editor.scrub_to(map.t_of(p.x));
    }
    let playhead = map.x_of(editor.playhead());
    let red = Stroke::new(2.0, Color32::from_rgb(255, 80, 80));
    ui.painter_at(ruler_rect).line_segment(
        [
            Pos2::new(playhead, ruler_rect.top() + 14.0),
            Pos2::new(playhead, ruler_rect.bottom()),
        ],
        red,
    );
    super::events_row::show(ui, editor, &map);
    egui::ScrollArea::vertical()
        .id_salt("dopesheet")
        .auto_shrink([false, false])
        .show(ui, |ui| keys(ui, editor, &rows, &record, map, fps));
}

/// The rows and their keys.
fn keys(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    rows: &[Row],
    record: &crate::core::animation::ClipRecord,
    map: Mapping,
    fps: Option<u32>,
) {
    let width = ui.available_width();
    let height = ROW * (rows.len() as f32 + 0.5);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let track = Rect::from_min_max(Pos2::new(rect.left() + NAME_WIDTH, rect.top()), rect.max);
    let response = ui.interact(
        track,
        ui.scope_id().with("dopesheet keys"),
        Sense::click_and_drag(),
    );
    let painter = ui.painter_at(rect);
    let (x_of, t_of) = (|t: f64| map.x_of(t), |x: f32| map.t_of(x));
    let header = |row: usize| {
        Rect::from_min_size(
            Pos2::new(rect.left(), rect.top() + ROW * row as f32),
            Vec2::new(NAME_WIDTH, ROW),
        )
    };
    store_geometry(
        ui.ctx(),
        Geometry {
            map,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, r)| (r.clone(), header(i)))
                .collect(),
        },
    );
    // Faint bands on every other row, and a line above the part rows.
    for i in (1..rows.len()).step_by(2) {
        let band = Rect::from_min_max(header(i).min, Pos2::new(rect.right(), header(i).bottom()));
        painter.rect_filled(band, 0.0, ui.visuals().faint_bg_color);
    }
    if let Some(first) = rows.iter().position(|r| matches!(r.kind, RowKind::Part(_))) {
        let y = header(first).top();
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            Stroke::new(1.0, Color32::GRAY),
        );
    }
    let end = x_of(map.duration);
    painter.line_segment(
        [Pos2::new(end, rect.top()), Pos2::new(end, rect.bottom())],
        Stroke::new(1.0, Color32::DARK_GRAY),
    );
    for (i, row) in rows.iter().enumerate() {
        rows::header(ui, editor, row, header(i));
    }
    scroll_to_new_keys(ui, rows, record, &header);
    let shift = ui.input(|i| i.modifiers.shift);
    // Hit-test keys where the button went down (a drag is recognised only after some movement).
    let pointer = if response.drag_started() {
        ui.input(|i| i.pointer.press_origin())
    } else {
        response.interact_pointer_pos()
    };
    let mut hit: Option<Hit> = None;
    let mut centres: Vec<(KeyRef, Pos2)> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = header(i).center().y;
        let keys: Vec<(KeyRef, f64, Option<usize>)> = match &row.kind {
            RowKind::Bone(b, name) => record
                .keys
                .iter()
                .filter(|k| &k.bone == name)
                .map(|k| (KeyRef::Bone((name.clone(), k.time)), k.time, Some(*b)))
                .collect(),
            RowKind::Part(name) => record
                .parts
                .iter()
                .filter(|k| &k.part == name)
                .map(|k| (KeyRef::Part((name.clone(), k.time)), k.time, None))
                .collect(),
        };
        for (key, time, bone_row) in keys {
            let c = Pos2::new(x_of(time), y);
            let fill = match (&key, editor.is_selected(&key)) {
                (_, true) => SELECTED_KEY,
                (KeyRef::Bone(_), false) => BONE_KEY,
                (KeyRef::Part(_), false) => PART_KEY,
            };
            diamond(&painter, c, fill);
            if pointer.is_some_and(|p| (p - c).length() <= 7.0) {
                hit = Some(Hit {
                    key: key.clone(),
                    time,
                    bone_row,
                });
            }
            centres.push((key, c));
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
                    editor.select_bone(Some(row));
                }
            }
            None => {
                editor.select_keys(Vec::new());
                if let Some(p) = response.interact_pointer_pos()
                    && p.x >= track.left()
                {
                    editor.scrub_to(t_of(p.x));
                }
            }
        }
    }
    if response.drag_started() {
        next = match (&hit, pointer) {
            (Some(h), _) => {
                let before = Box::new(editor.selection().clone());
                if !editor.is_selected(&h.key) {
                    editor.select_refs(vec![h.key.clone()]);
                }
                if let Some(row) = h.bone_row {
                    editor.select_bone(Some(row));
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
            editor.restore_selection(*before);
        }
        editor.set_status("drag cancelled");
    }
    let at = response.interact_pointer_pos();
    match (&next, at) {
        (Some(SheetDrag::Scrub), Some(p)) if response.dragged() && p.x >= track.left() => {
            editor.scrub_to(t_of(p.x));
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
}

/// Scrolls to the first row that gained a key since the last frame (a new key, a new part row).
fn scroll_to_new_keys(
    ui: &mut egui::Ui,
    rows: &[Row],
    record: &crate::core::animation::ClipRecord,
    header: &impl Fn(usize) -> Rect,
) {
    let counts: Vec<(String, usize)> = rows
        .iter()
        .map(|row| match &row.kind {
            RowKind::Bone(_, name) => (
                name.clone(),
                record.keys.iter().filter(|k| &k.bone == name).count(),
            ),
            RowKind::Part(name) => (
                format!("part {name}"),
                record.parts.iter().filter(|k| &k.part == name).count(),
            ),
        })
        .collect();
    let id = egui::Id::unique("limber dopesheet key counts");
    let before = ui.data(|d| d.get_temp::<(String, Vec<(String, usize)>)>(id));
    let gained = before
        .as_ref()
        .filter(|(clip, _)| *clip == record.name)
        .and_then(|(_, old)| {
            counts.iter().position(|(name, n)| {
                old.iter()
                    .find(|(o, _)| o == name)
                    .map_or(*n > 0, |(_, m)| n > m)
            })
        });
    if let Some(row) = gained {
        ui.scroll_to_rect(header(row), None);
    }
    if before
        .as_ref()
        .is_none_or(|(clip, old)| *clip != record.name || *old != counts)
    {
        ui.data_mut(|d| d.insert_temp(id, (record.name.clone(), counts)));
    }
}

/// Where a dragged key lands: on a frame of the clip's rate, or on a hundredth of a second.
fn snap_key_time(editor: &Editor, fps: Option<u32>, t: f64) -> f64 {
    match fps {
        Some(_) => editor.snap_time(t),
        None => (t * 100.0).round() / 100.0,
    }
}
