//! The timeline: the clip list and its settings (loop, duration, frame rate), transport (play /
//! pause and first / previous / next / last key), a ruler labelled in seconds (and frames when the
//! clip has a frame rate), and a dopesheet with a row per bone in hierarchy order and, below them,
//! a row per part that has keys in the clip, a diamond per key. The timeline's height is the
//! divider the user drags above it (remembered per user, `layout.rs`).
//!
//! - [`ruler`]: the time labels and ticks;
//! - [`rows`]: which rows show (bones collapse per hierarchy) and their headers (a click selects
//!   the row's keys);
//! - [`events_row`]: the clip's events as flags under the ruler (add, select, drag, delete);
//! - [`dopesheet`]: the keys: click, Shift + click, rubber band, dragging keys, scrubbing.
//!
//! The track maps the clip's time onto its width with room after the end, so the last key is clear
//! of the scrollbar and easy to grab.

mod dopesheet;
mod events_row;
mod rows;
mod ruler;

pub use events_row::{describe as describe_event, event_position};
pub use ruler::{label_step, time_label};

use crate::app::number_field::number_field;
use eframe::egui::{self, Pos2, Rect};

use super::commit_field::commit_field;
use super::drag_edit::drag_edit;
use crate::core::animation::MAX_FPS;
use limber_editor::commands::{ClipCommand, Command};
use limber_editor::editor::Editor;
use limber_editor::key_navigation::KeyJump;
use rows::{Row, RowKind};

/// Room (points) left of time 0 and after the clip's end on the track.
const START_ROOM: f32 = 10.0;
const END_ROOM: f32 = 44.0;

/// How times map to x on the track.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mapping {
    /// x of time 0.
    left: f32,
    /// Points from time 0 to the clip's end.
    span: f32,
    duration: f64,
}

impl Mapping {
    fn new(track: Rect, duration: f64) -> Self {
        Self {
            left: track.left() + START_ROOM,
            span: (track.width() - START_ROOM - END_ROOM).max(20.0),
            duration: duration.max(1e-6),
        }
    }

    fn x_of(&self, t: f64) -> f32 {
        self.left + (t / self.duration) as f32 * self.span
    }

    /// The time at `x`, within the clip.
    fn t_of(&self, x: f32) -> f64 {
        f64::from((x - self.left) / self.span).clamp(0.0, 1.0) * self.duration
    }

    fn points_per_second(&self) -> f32 {
        self.span / self.duration as f32
    }
}

/// Where the dopesheet was last drawn, for the position functions below (tests click with them).
#[derive(Debug, Clone)]
struct Geometry {
    map: Mapping,
    /// The ruler's rect (screen points).
    ruler: Rect,
    /// The rows shown, each with its header's rect (screen points).
    rows: Vec<(Row, Rect)>,
}

fn geometry_id() -> egui::Id {
    egui::Id::unique("limber dopesheet geometry")
}

fn geometry(ctx: &egui::Context) -> Option<Geometry> {
    ctx.data(|d| d.get_temp::<Geometry>(geometry_id()))
}

fn store_geometry(ctx: &egui::Context, geometry: Geometry) {
    ctx.data_mut(|d| d.insert_temp(geometry_id(), geometry));
}

/// The header rect of the first row shown that `is` picks.
fn row_rect(ctx: &egui::Context, is: impl Fn(&RowKind) -> bool) -> Option<(Geometry, Row, Rect)> {
    let g = geometry(ctx)?;
    let (row, rect) = g.rows.iter().find(|(row, _)| is(&row.kind))?.clone();
    Some((g, row, rect))
}

/// Screen position (points) of bone `bone`'s row at time `t` in the dopesheet as last drawn;
/// `None` when the row is not shown (collapsed under its parent).
pub fn key_position(ctx: &egui::Context, bone: usize, t: f64) -> Option<Pos2> {
    let (g, _, rect) = row_rect(ctx, |k| matches!(k, RowKind::Bone(i, _) if *i == bone))?;
    Some(Pos2::new(g.map.x_of(t), rect.center().y))
}

/// Screen position (points) on the ruler at time `t` as last drawn (where a click moves the
/// playhead to), below its second labels.
pub fn ruler_position(ctx: &egui::Context, t: f64) -> Option<Pos2> {
    let g = geometry(ctx)?;
    Some(Pos2::new(g.map.x_of(t), g.ruler.bottom() - 4.0))
}

/// Screen position (points) of part `part`'s row at time `t` in the dopesheet as last drawn; `None`
/// when the dopesheet has no row for that part (it has no keys in the clip).
pub fn part_key_position(ctx: &egui::Context, part: &str, t: f64) -> Option<Pos2> {
    let (g, _, rect) = row_rect(ctx, |k| matches!(k, RowKind::Part(p) if p == part))?;
    Some(Pos2::new(g.map.x_of(t), rect.center().y))
}

/// Screen position (points) of slot `slot`'s row at time `t` in the dopesheet as last drawn; `None`
/// when the dopesheet has no row for that slot (it has no keys in the clip).
pub fn slot_key_position(ctx: &egui::Context, slot: &str, t: f64) -> Option<Pos2> {
    let (g, _, rect) = row_rect(ctx, |k| matches!(k, RowKind::Slot(s) if s == slot))?;
    Some(Pos2::new(g.map.x_of(t), rect.center().y))
}

/// Screen position (points) of a point on slot `slot`'s row header (its name) as last drawn.
pub fn slot_row_header(ctx: &egui::Context, slot: &str) -> Option<Pos2> {
    let (_, _, rect) = row_rect(ctx, |k| matches!(k, RowKind::Slot(s) if s == slot))?;
    Some(Pos2::new(rect.left() + 30.0, rect.center().y))
}

/// Bone `bone`'s row header as last drawn: a point on its name, and its disclosure triangle's
/// centre when the bone has children.
pub fn row_header(ctx: &egui::Context, bone: usize) -> Option<(Pos2, Option<Pos2>)> {
    let (_, row, rect) = row_rect(ctx, |k| matches!(k, RowKind::Bone(i, _) if *i == bone))?;
    let triangle = rows::triangle_rect(rect, row.depth);
    let name = Pos2::new(triangle.right() + 16.0, rect.center().y);
    Some((name, row.parent.then(|| triangle.center())))
}

/// The bone, part and slot names of the rows shown, top to bottom.
pub fn shown_rows(ctx: &egui::Context) -> Vec<String> {
    geometry(ctx).map_or_else(Vec::new, |g| {
        g.rows
            .iter()
            .map(|(row, _)| match &row.kind {
                RowKind::Bone(_, name) | RowKind::Part(name) | RowKind::Slot(name) => name.clone(),
            })
            .collect()
    })
}

/// The timeline panel's contents.
pub fn show(ui: &mut egui::Ui, editor: &mut Editor) {
    // Wrapping (rather than growing wider) keeps the window's layout when clips are added.
    ui.horizontal_wrapped(|ui| {
        clip_controls(ui, editor);
        transport(ui, editor);
        clip_settings(ui, editor);
    });
    dopesheet::show(ui, editor);
}

fn clip_controls(ui: &mut egui::Ui, editor: &mut Editor) {
    let clips: Vec<String> = editor
        .document()
        .project
        .rig
        .clips
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let current = editor.clip_name().unwrap_or("(no clip)").to_string();
    egui::ComboBox::new("clip", "clip")
        .selected_text(current)
        .width(110.0)
        .truncate()
        .show_ui(ui, |ui| {
            for (i, name) in clips.iter().enumerate() {
                if ui
                    .selectable_label(editor.playback().clip() == Some(i), name)
                    .clicked()
                {
                    editor.run(Command::Clip(ClipCommand::Choose { clip: i }));
                }
            }
        });
    if ui.button("+ clip").clicked() {
        editor.run(Command::AddClip);
    }
    let Some(name) = editor.clip_name().map(str::to_string) else {
        return;
    };
    if let Some(to) = commit_field(ui, "clip name", "name", &name, Some(90.0)) {
        editor.run(Command::Clip(ClipCommand::Rename { to }));
    }
    if ui.button("Duplicate").clicked() {
        editor.run(Command::DuplicateClip);
    }
    if ui.button("Delete clip").clicked() {
        editor.run(Command::DeleteClip);
    }
}

/// Play / pause between the key buttons: ⏮ first, ◀ previous, ▶ next, ⏭ last key.
fn transport(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.separator();
    let jump = |ui: &mut egui::Ui, editor: &mut Editor, text: &str, tip: &str, to: KeyJump| {
        if ui.button(text).on_hover_text(tip).clicked() {
            editor.run(Command::JumpToKey(to));
        }
    };
    jump(ui, editor, "|<", "First key (Home)", KeyJump::First);
    jump(ui, editor, "<", "Previous key (,)", KeyJump::Previous);
    let label = if editor.playback().is_playing() {
        "Pause"
    } else {
        "Play"
    };
    if ui.button(label).clicked() {
        editor.run(Command::PlayPause);
    }
    jump(ui, editor, ">", "Next key (.)", KeyJump::Next);
    jump(ui, editor, ">|", "Last key (End)", KeyJump::Last);
    ui.separator();
}

fn clip_settings(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some(clip) = editor.current_clip() else {
        return;
    };
    let mut rate = clip.fps.unwrap_or(0);
    let mut looping = clip.looping;
    let mut duration = clip.duration;
    let loop_changed = ui.checkbox(&mut looping, "loop").changed();
    let duration_response = ui.add(
        number_field(&mut duration)
            .range(0.05..=600.0)
            .speed(0.05)
            .suffix(" s"),
    );
    let replace = |editor: &mut Editor| {
        editor.run(Command::Clip(ClipCommand::SetTiming { looping, duration }));
    };
    if loop_changed {
        replace(editor);
    }
    drag_edit(ui, editor, &duration_response, replace);
    let rate_response = ui
        .add(
            number_field(&mut rate)
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
                    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
                    Some(digits.parse::<f64>().unwrap_or(0.0))
                }),
        )
        .on_hover_text(
            "the clip's frame rate: the playhead and dragged keys snap to its frames (0: off)",
        );
    drag_edit(ui, editor, &rate_response, |editor| {
        let fps = (rate > 0).then_some(rate);
        editor.run(Command::Clip(ClipCommand::SetFps { fps }));
    });
    let shown = editor.animation().playhead();
    match editor.animation().fps() {
        Some(fps) => ui.label(format!(
            "t = {shown:.2} s, frame {}",
            (shown * f64::from(fps)).round()
        )),
        None => ui.label(format!("t = {shown:.2} s")),
    };
}
