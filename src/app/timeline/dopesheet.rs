//! The dopesheet's keys under the ruler: a diamond per key on each row. Click or drag on the ruler
//! or on empty track to scrub (on frames when the clip has a frame rate); click a diamond to select
//! its key (the inspector shows it), Shift + click to add it to the selection, Shift + drag on empty
//! space for a rubber band; drag a selected key to move the selection together (Esc drops the
//! drag); right-click a diamond to delete it. A row that gains a key is scrolled into view. Copy,
//! paste and Delete are commands (`shortcuts.rs`). What the track's presses, drags and clicks do
//! is the editor's (`limber_editor::tools::dopesheet`): this file draws and maps the pointer to
//! seconds and rows.

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};
use glam::DVec2;

use super::rows::{self, NAME_WIDTH, ROW, Row, RowKind};
use super::{Geometry, Mapping, ruler, store_geometry};
use limber_editor::commands::{Command, KeyCommand, LayoutCommand};
use limber_editor::editor::Editor;
use limber_editor::key_selection::KeyRef;
use limber_editor::layout::SheetLayout;
use limber_editor::tools::{Drag, Press};

/// Diamond fills: bone keys gold, part keys teal, slot keys violet (with the keyed colour inside
/// when the key sets one); selected keys orange.
const BONE_KEY: Color32 = Color32::from_rgb(240, 200, 80);
const PART_KEY: Color32 = Color32::from_rgb(80, 200, 210);
const SLOT_KEY: Color32 = Color32::from_rgb(170, 120, 230);
const SELECTED_KEY: Color32 = Color32::from_rgb(255, 120, 40);
/// How near (points) a press must be to a diamond's centre to grab it.
const REACH: f32 = 7.0;

/// A key's diamond of half-diagonal `r` points at `c`.
fn diamond(painter: &egui::Painter, c: Pos2, r: f32, fill: Color32, stroke: Stroke) {
    let points = vec![
        c + Vec2::new(0.0, -r),
        c + Vec2::new(r, 0.0),
        c + Vec2::new(0.0, r),
        c + Vec2::new(-r, 0.0),
    ];
    painter.add(Shape::convex_polygon(points, fill, stroke));
}

/// A key's diamond at `c`, outlined in black.
fn key_diamond(painter: &egui::Painter, c: Pos2, fill: Color32) {
    diamond(painter, c, 5.0, fill, Stroke::new(1.0, Color32::BLACK));
}

/// A keyed colour inside a slot key's diamond (opaque, so a faded colour still reads).
fn swatch(painter: &egui::Painter, c: Pos2, color: [f64; 4]) {
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let fill = Color32::from_rgb(byte(color[0]), byte(color[1]), byte(color[2]));
    diamond(painter, c, 2.5, fill, Stroke::NONE);
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
    let playhead = map.x_of(editor.animation().playhead());
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
        .show(ui, |ui| keys(ui, editor, &rows, &record, map, ruler_rect));
}

/// The rows and their keys.
fn keys(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    rows: &[Row],
    record: &crate::core::animation::ClipRecord,
    map: Mapping,
    ruler: Rect,
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
    let x_of = |t: f64| map.x_of(t);
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
            ruler,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, r)| (r.clone(), header(i)))
                .collect(),
        },
    );
    // Faint bands on every other row, and a line above the part rows and above the slot rows.
    for i in (1..rows.len()).step_by(2) {
        let band = Rect::from_min_max(header(i).min, Pos2::new(rect.right(), header(i).bottom()));
        painter.rect_filled(band, 0.0, ui.visuals().faint_bg_color);
    }
    let firsts = [
        rows.iter().position(|r| matches!(r.kind, RowKind::Part(_))),
        rows.iter().position(|r| matches!(r.kind, RowKind::Slot(_))),
    ];
    for first in firsts.into_iter().flatten() {
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
    // The sheet as drawn, for the editor's dopesheet tools: rows and the reach in seconds.
    let sheet = SheetLayout {
        rows: rows.iter().map(|r| r.kind.clone()).collect(),
        reach: f64::from(REACH / map.points_per_second()),
    };
    if editor.view().layout().sheet != sheet {
        editor.run(Command::Layout(LayoutCommand::SetSheet(sheet)));
    }
    for (i, row) in rows.iter().enumerate() {
        let y = header(i).center().y;
        let keys: Vec<(KeyRef, f64, Option<[f64; 4]>)> = match &row.kind {
            RowKind::Bone(_, name) => record
                .keys
                .iter()
                .filter(|k| &k.bone == name)
                .map(|k| (KeyRef::Bone((name.clone(), k.time)), k.time, None))
                .collect(),
            RowKind::Part(name) => record
                .parts
                .iter()
                .filter(|k| &k.part == name)
                .map(|k| (KeyRef::Part((name.clone(), k.time)), k.time, None))
                .collect(),
            RowKind::Slot(name) => record
                .slots
                .iter()
                .filter(|k| &k.slot == name)
                .map(|k| (KeyRef::Slot((name.clone(), k.time)), k.time, k.color))
                .collect(),
        };
        for (key, time, color) in keys {
            let fill = match (&key, editor.animation().is_selected(&key)) {
                (_, true) => SELECTED_KEY,
                (KeyRef::Bone(_), false) => BONE_KEY,
                (KeyRef::Part(_), false) => PART_KEY,
                (KeyRef::Slot(_), false) => SLOT_KEY,
            };
            let at = Pos2::new(x_of(time), y);
            key_diamond(&painter, at, fill);
            if let Some(color) = color {
                swatch(&painter, at, color);
            }
        }
    }
    let playhead = x_of(editor.animation().playhead());
    painter.line_segment(
        [
            Pos2::new(playhead, rect.top()),
            Pos2::new(playhead, rect.bottom()),
        ],
        Stroke::new(2.0, Color32::from_rgb(255, 80, 80)),
    );
    pointer_to_tools(ui, editor, &response, rect, map);
    // What the drag in progress looks like: where the keys would land, or the band.
    let screen = |p: DVec2| Pos2::new(x_of(p.x), rect.top() + p.y as f32 * ROW);
    match editor.tools().drag() {
        Some(Drag::SheetKeys(drag)) => {
            let x = x_of(drag.drop);
            painter.line_segment(
                [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
                Stroke::new(1.0, SELECTED_KEY),
            );
        }
        Some(Drag::SheetBand(band)) => {
            painter.rect_stroke(
                Rect::from_two_pos(screen(band.start), screen(band.end)),
                0.0,
                Stroke::new(1.0, Color32::from_rgb(120, 180, 255)),
                egui::StrokeKind::Inside,
            );
        }
        _ => {}
    }
}

/// Turns the track's pointer input into the editor's dopesheet tool events, in seconds and rows:
/// a drag (key, Shift band or scrub), a click, a right-click (delete), Esc (cancel).
fn pointer_to_tools(
    ui: &egui::Ui,
    editor: &mut Editor,
    response: &egui::Response,
    rect: Rect,
    map: Mapping,
) {
    let sheet_point = |p: Pos2| DVec2::new(map.t_of(p.x), f64::from((p.y - rect.top()) / ROW));
    let (shift, any_down) = ui.input(|i| (i.modifiers.shift, i.pointer.any_down()));
    let press = |point: DVec2| Press {
        point,
        shift,
        ..Press::default()
    };
    let sheet_drag = |editor: &Editor| {
        matches!(
            editor.tools().drag(),
            Some(Drag::SheetKeys(_) | Drag::SheetBand(_) | Drag::Scrub(_))
        )
    };
    if response.drag_started()
        && let Some(origin) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        // Where the button went down, not where the drag was recognised.
        editor.press_sheet(press(sheet_point(origin)));
    }
    if response.dragged()
        && sheet_drag(editor)
        && let Some(p) = response.interact_pointer_pos()
    {
        editor.drag_to(sheet_point(p));
    }
    if sheet_drag(editor) && (response.drag_stopped() || !any_down) {
        editor.release();
    }
    if let Some(p) = response.interact_pointer_pos() {
        if response.clicked() {
            editor.click_sheet(press(sheet_point(p)));
        }
        if response.secondary_clicked() {
            editor.run(Command::Key(KeyCommand::DeleteAt {
                point: sheet_point(p),
            }));
        }
    }
}

/// Scrolls to the first row that gained a key since the last frame (a new key, a new part or slot
/// row), or in a clip not shown last frame to its first keyed row.
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
            RowKind::Slot(name) => (
                format!("slot {name}"),
                record.slots.iter().filter(|k| &k.slot == name).count(),
            ),
        })
        .collect();
    let id = egui::Id::unique("limber dopesheet key counts");
    let before = ui.data(|d| d.get_temp::<(String, Vec<(String, usize)>)>(id));
    // Another clip than last frame (one just made by the first key, say): its first keyed row.
    let gained = match before.as_ref().filter(|(clip, _)| *clip == record.name) {
        Some((_, old)) => counts.iter().position(|(name, n)| {
            old.iter()
                .find(|(o, _)| o == name)
                .map_or(*n > 0, |(_, m)| n > m)
        }),
        None => counts.iter().position(|(_, n)| *n > 0),
    };
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
