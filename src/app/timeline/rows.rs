//! The dopesheet's rows: one per bone in hierarchy order (indented, with a disclosure triangle on a
//! bone with children that hides its descendants' rows), then one per part keyed in the clip, then
//! one per slot whose attachment or colour is keyed in the clip. A
//! row header's click selects every key of the row (Shift or Ctrl + click adds the row's keys to
//! the selection) and, for a bone, selects the bone. A name too long for the column ends in an
//! ellipsis and shows whole on hover.

use std::collections::BTreeSet;

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

use limber_editor::commands::{BoneCommand, Command, KeyCommand};
use limber_editor::editor::Editor;

/// A row's height (points).
pub const ROW: f32 = 20.0;
/// The header column's width (points).
pub const NAME_WIDTH: f32 = 130.0;
/// A slot row's name colour (the slot keys' violet, lighter).
const SLOT_NAME: Color32 = Color32::from_rgb(200, 160, 240);
/// Indentation per hierarchy level (points).
const INDENT: f32 = 12.0;
/// The disclosure triangle's square (points), left of the name.
const TRIANGLE: f32 = 12.0;

/// What a row shows: a bone (index and name), or a part or slot with keys in the clip. The editor's
/// dopesheet tools hit-test against the same rows (`limber_editor::layout::SheetRow`).
pub type RowKind = limber_editor::layout::SheetRow;

/// A row of the dopesheet as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub kind: RowKind,
    /// Hierarchy depth (parts: 0).
    pub depth: usize,
    /// Whether the bone has children (it shows a triangle).
    pub parent: bool,
}

/// The bones whose descendants are hidden, by name (kept in egui's memory while the window is
/// open).
pub fn collapsed(ctx: &egui::Context) -> BTreeSet<String> {
    ctx.data(|d| d.get_temp::<BTreeSet<String>>(collapsed_id()))
        .unwrap_or_default()
}

fn collapsed_id() -> egui::Id {
    egui::Id::unique("limber dopesheet collapsed bones")
}

/// The rows to show: bones depth first from the roots, skipping the descendants of collapsed
/// bones, then the keyed parts, then the keyed slots.
pub fn visible_rows(editor: &Editor, collapsed: &BTreeSet<String>) -> Vec<Row> {
    let bones = &editor.document().project.rig.skeleton.bones;
    let mut rows = Vec::new();
    // Depth first, children in index order; a bone whose parent is missing counts as a root.
    let mut stack: Vec<(usize, usize)> = bones
        .iter()
        .enumerate()
        .filter(|(_, b)| b.parent.is_none_or(|p| p >= bones.len()))
        .map(|(i, _)| (i, 0))
        .rev()
        .collect();
    let mut seen = vec![false; bones.len()];
    while let Some((i, depth)) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        let children: Vec<usize> = (0..bones.len())
            .filter(|&c| bones[c].parent == Some(i))
            .collect();
        rows.push(Row {
            kind: RowKind::Bone(i, bones[i].name.clone()),
            depth,
            parent: !children.is_empty(),
        });
        if !collapsed.contains(&bones[i].name) {
            stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
        }
    }
    rows.extend(
        editor
            .animation()
            .keyed_parts()
            .into_iter()
            .map(|name| Row {
                kind: RowKind::Part(name),
                depth: 0,
                parent: false,
            }),
    );
    rows.extend(editor.slots().keyed_slots().into_iter().map(|name| Row {
        kind: RowKind::Slot(name),
        depth: 0,
        parent: false,
    }));
    rows
}

/// Where a row's disclosure triangle sits, for a row header in `rect`.
pub fn triangle_rect(rect: Rect, depth: usize) -> Rect {
    Rect::from_min_size(
        Pos2::new(
            rect.left() + 2.0 + INDENT * depth as f32,
            rect.center().y - TRIANGLE / 2.0,
        ),
        Vec2::splat(TRIANGLE),
    )
}

/// Draws a row's header in `rect` and answers its clicks: the triangle collapses or expands the
/// bone, the name selects the row's keys (adding to them with Shift or Ctrl held).
pub fn header(ui: &mut egui::Ui, editor: &mut Editor, row: &Row, rect: Rect) {
    let id = ui.scope_id().with(("row header", &row.kind));
    let response = ui.interact(rect, id, Sense::click());
    let triangle = triangle_rect(rect, row.depth);
    let painter = ui.painter_at(rect);
    let (name, colour) = match &row.kind {
        RowKind::Bone(i, name) => (
            name,
            if editor.selection().has_bone(*i) {
                Color32::from_rgb(255, 170, 60)
            } else {
                ui.visuals().text_color()
            },
        ),
        RowKind::Part(name) => (name, Color32::from_rgb(120, 200, 220)),
        RowKind::Slot(name) => (name, SLOT_NAME),
    };
    if response.hovered() {
        painter.rect_filled(rect, 0.0, ui.visuals().widgets.hovered.weak_bg_fill);
    }
    let collapsed_now = collapsed(ui.ctx());
    if row.parent {
        let c = triangle.center();
        let r = 4.0;
        let points = if collapsed_now.contains(name) {
            vec![
                c + Vec2::new(-r * 0.6, -r),
                c + Vec2::new(r, 0.0),
                c + Vec2::new(-r * 0.6, r),
            ]
        } else {
            vec![
                c + Vec2::new(-r, -r * 0.6),
                c + Vec2::new(r, -r * 0.6),
                c + Vec2::new(0.0, r),
            ]
        };
        painter.add(Shape::convex_polygon(
            points,
            ui.visuals().text_color(),
            Stroke::NONE,
        ));
    }
    // The name on one line, cut with an ellipsis where the column ends (the whole name shows on
    // hover).
    let left = triangle.right() + 3.0;
    let mut job = egui::text::LayoutJob::single_section(
        name.clone(),
        egui::TextFormat::simple(egui::FontId::proportional(12.0), colour),
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width((rect.right() - left - 2.0).max(8.0));
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let elided = galley.elided;
    painter.galley(
        Pos2::new(left, rect.center().y - galley.size().y / 2.0),
        galley,
        colour,
    );
    let response = if elided {
        response.on_hover_text(name.as_str())
    } else {
        response
    };
    if !response.clicked() {
        return;
    }
    let on_triangle = row.parent
        && response
            .interact_pointer_pos()
            .is_some_and(|p| triangle.expand(2.0).contains(p));
    if on_triangle {
        let mut set = collapsed_now;
        if !set.remove(name) {
            set.insert(name.clone());
        }
        ui.ctx().data_mut(|d| d.insert_temp(collapsed_id(), set));
        return;
    }
    let add = ui.input(|i| i.modifiers.shift || i.modifiers.command);
    match &row.kind {
        RowKind::Bone(i, name) => {
            editor.run(select_rows(vec![name.clone()], vec![], vec![], add));
            editor.run(Command::Bone(BoneCommand::Select { bone: Some(*i) }));
        }
        RowKind::Part(name) => {
            editor.run(select_rows(vec![], vec![name.clone()], vec![], add));
        }
        RowKind::Slot(name) => {
            editor.run(select_rows(vec![], vec![], vec![name.clone()], add));
        }
    }
}

/// The command selecting the keys of these rows.
fn select_rows(bones: Vec<String>, parts: Vec<String>, slots: Vec<String>, add: bool) -> Command {
    Command::Key(KeyCommand::SelectRows {
        bones,
        parts,
        slots,
        add,
    })
}
