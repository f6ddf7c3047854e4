//! The curve editor panel (toggled with G, above the timeline): every selected bone's keyed
//! channels of the current clip as curves over the clip's time — a colour per channel with a legend
//! whose boxes show or hide them, each curve named by bone and channel at the graph's right edge
//! (`curve_labels.rs`), labelled time and value axes, key points, the selected key's
//! Bézier handles (its channel's own curve) and the playhead. Drag a key point (time and value) or
//! a handle: one undo step, Esc cancels it. Right-click a key for its channel's interpolation (the menu names the bone and channel);
//! "Frame all" fits the curves, as opening the panel and resizing it do; the wheel zooms the values
//! and a middle-drag pans. The curves, every edit and the drag are the model's
//! (`limber_editor::curves`, `curve_edits`, `tools::curve_drag`); this only draws and maps the
//! pointer's events to the tool's.

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Stroke};
use glam::DVec2;

use crate::core::animation::Channel;
use limber_editor::commands::{Command, CurveCommand, KeyCommand};
use limber_editor::curve_edits::InterpChoice;
use limber_editor::curve_labels::{curve_labels, curve_name};
use limber_editor::curves::{Curve, CurveKeyId, GraphFrame};
use limber_editor::editor::{Drag, Editor};

/// Room for the value labels (left) and time labels (below), screen points.
const LEFT: f32 = 52.0;
const BELOW: f32 = 18.0;

/// Each channel's colour.
pub fn colour(channel: Channel) -> Color32 {
    match channel {
        Channel::Rotate => Color32::from_rgb(240, 170, 60),
        Channel::TranslateX => Color32::from_rgb(230, 80, 80),
        Channel::TranslateY => Color32::from_rgb(90, 200, 90),
        Channel::ScaleX => Color32::from_rgb(80, 150, 240),
        Channel::ScaleY => Color32::from_rgb(200, 110, 230),
        Channel::ShearX => Color32::from_rgb(60, 200, 200),
        Channel::ShearY => Color32::from_rgb(200, 200, 70),
    }
}

const HOVER: &str = "Drag a key: in time it moves the whole key (every channel of the bone at that \
time), in value only this channel. Drag a handle of the selected key to shape this channel's curve \
(the others keep theirs). Right-click a key for this channel's interpolation. Wheel: zoom the \
values; middle-drag: pan. Esc cancels a drag.";

pub fn show(ui: &mut egui::Ui, editor: &mut Editor) {
    header(ui, editor);
    let curves = match editor.curves().shown() {
        Ok(curves) => curves,
        Err(why) => {
            ui.label(why.to_string());
            editor.run(Command::Curve(CurveCommand::SetFrame(None)));
            return;
        }
    };
    if curves.is_empty() {
        ui.label("the selected bones have no keys in this clip (or their channels are hidden)");
    }
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let outer = response.rect;
    let min = DVec2::new(f64::from(outer.min.x + LEFT), f64::from(outer.min.y + 4.0));
    let max = DVec2::new(f64::from(outer.max.x - 8.0), f64::from(outer.max.y - BELOW));
    if max.x - min.x < 10.0 || max.y - min.y < 10.0 {
        return;
    }
    // Opened, resized or first drawn: frame all again.
    editor.run(Command::Curve(CurveCommand::FitTo { size: max - min }));
    if editor.curve_editor().view.is_none() {
        let view = editor.curves().frame_all_view();
        editor.run(Command::Curve(CurveCommand::SetView(view)));
    }
    let Some(view) = editor.curve_editor().view else {
        return;
    };
    let frame = GraphFrame { min, max, view };
    editor.run(Command::Curve(CurveCommand::SetFrame(Some(frame))));
    interact(ui, editor, &response);
    // Drawn from the document as it is after this frame's edits.
    let curves = editor.curves().shown().unwrap_or(curves);
    let frame = editor.curve_editor().frame.unwrap_or(frame);
    draw(ui, &painter, editor, &curves, frame);
    name_curves(ui, &curves, &frame);
    let key_menu = editor.curve_editor().selected.clone();
    response
        .on_hover_text(HOVER)
        .context_menu(|ui| key_menu_ui(ui, editor, key_menu.as_ref(), &curves));
}

/// The legend (a coloured check box per channel), the bone and Frame all.
fn header(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        ui.strong("Curves");
        let bones = editor.selection().bones().len();
        if bones > 1 {
            ui.label(format!("{bones} bones"));
        } else if let Some(name) = editor
            .selection()
            .bone()
            .and_then(|b| editor.rig().bone_name(b))
        {
            ui.label(format!("bone {name}"));
        }
        ui.separator();
        for channel in Channel::ALL {
            let mut shown = !editor.curve_editor().is_hidden(channel);
            let text = egui::RichText::new(channel.name()).color(colour(channel));
            if ui.checkbox(&mut shown, text).changed() {
                let hidden = !shown;
                editor.run(Command::Curve(CurveCommand::SetChannelHidden {
                    channel,
                    hidden,
                }));
            }
        }
        ui.separator();
        if ui
            .button("Frame all")
            .on_hover_text("fit every curve shown")
            .clicked()
        {
            editor.run(Command::FrameAllCurves);
        }
    });
}

/// Each curve's name ("arm_l · rotation") in its colour at the graph's right edge, beside where
/// it leaves the view (`curve_labels.rs` places them apart). Labels that sense no click or drag,
/// so a press on one still reaches the graph.
fn name_curves(ui: &mut egui::Ui, curves: &[Curve], frame: &GraphFrame) {
    const LINE: f32 = 14.0;
    for label in curve_labels(curves, frame, f64::from(LINE)) {
        let Some(curve) = curves.get(label.curve) else {
            continue;
        };
        let right = pos(label.right_centre) - egui::vec2(4.0, 0.0);
        let rect = Rect::from_min_max(
            Pos2::new(pos(frame.min).x, right.y - LINE / 2.0),
            Pos2::new(right.x, right.y + LINE / 2.0),
        );
        let text = egui::RichText::new(label.text)
            .small()
            .color(colour(curve.channel))
            .background_color(ui.visuals().extreme_bg_color.gamma_multiply(0.8));
        let layout = egui::Layout::right_to_left(egui::Align::Center);
        ui.scope_builder(egui::UiBuilder::new().max_rect(rect).layout(layout), |ui| {
            ui.add(egui::Label::new(text).selectable(false).truncate());
        });
    }
}

/// Presses, drags, releases, clicks, the wheel and middle-drag panning (Esc is the `Cancel`
/// command).
fn interact(ui: &egui::Ui, editor: &mut Editor, response: &egui::Response) {
    let dvec = |p: Pos2| DVec2::new(f64::from(p.x), f64::from(p.y));
    let (origin, scroll) = ui.input(|i| (i.pointer.press_origin(), i.smooth_scroll_delta.y));
    let curve_drag = |editor: &Editor| matches!(editor.tools().drag(), Some(Drag::Curve(_)));
    if response.drag_started_by(egui::PointerButton::Primary)
        && let Some(origin) = origin
    {
        editor.press_curve(dvec(origin));
    }
    if response.dragged_by(egui::PointerButton::Primary)
        && curve_drag(editor)
        && let Some(p) = response.interact_pointer_pos()
    {
        editor.drag_to(dvec(p));
    }
    if response.drag_stopped() && curve_drag(editor) {
        editor.release();
    }
    if (response.clicked() || response.secondary_clicked())
        && let Some(p) = response.interact_pointer_pos()
    {
        editor.click_curve(dvec(p));
    }
    if response.dragged_by(egui::PointerButton::Middle) {
        editor.pan_curve_values(f64::from(response.drag_delta().y));
    } else if scroll != 0.0
        && let Some(hover) = response.hover_pos()
    {
        editor.zoom_curve_values(dvec(hover), (-f64::from(scroll) * 0.003).exp());
    }
}

/// The right-click menu: the key's interpolation (one undo step) and Frame all.
fn key_menu_ui(ui: &mut egui::Ui, editor: &mut Editor, key: Option<&CurveKeyId>, curves: &[Curve]) {
    if let Some(key) = key {
        let current = curves
            .iter()
            .find(|c| c.bone == key.bone && c.channel == key.channel)
            .and_then(|c| c.keys.iter().find(|k| k.time == key.time))
            .map(|k| k.interp);
        if let Some(current) = current {
            let name = curve_name(&key.bone, key.channel);
            ui.label(format!("{name}, key at {:.2} s: interpolation", key.time));
            for choice in InterpChoice::ALL {
                if ui.button(choice.name()).clicked() {
                    let interp = choice.interp(current);
                    editor.run(Command::Key(KeyCommand::SetCurveInterpolation {
                        key: key.clone(),
                        interp,
                    }));
                    ui.close();
                }
            }
            ui.separator();
        }
    }
    if ui.button("Frame all").clicked() {
        editor.run(Command::FrameAllCurves);
        ui.close();
    }
}

fn pos(p: DVec2) -> Pos2 {
    Pos2::new(p.x as f32, p.y as f32)
}

/// A round step for about `target` grid lines over `span`.
fn grid_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(1e-9);
    let base = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * base)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * base)
}

/// The axes with their labels, the curves, keys, the selected key's handles and the playhead.
fn draw(ui: &egui::Ui, painter: &egui::Painter, editor: &Editor, curves: &[Curve], f: GraphFrame) {
    let graph = Rect::from_min_max(pos(f.min), pos(f.max));
    let visuals = ui.visuals();
    painter.rect_filled(graph, 0.0, visuals.extreme_bg_color);
    let grid = Stroke::new(1.0, visuals.faint_bg_color.gamma_multiply(2.0));
    let text = visuals.weak_text_color();
    let font = egui::FontId::monospace(10.0);
    let [t0, t1] = f.view.time;
    let [v0, v1] = f.view.value;
    let step = grid_step(t1 - t0, 8.0);
    let mut t = (t0 / step).ceil() * step;
    while t <= t1 + 1e-9 {
        let x = f.to_screen(DVec2::new(t, v0)).x as f32;
        painter.line_segment([Pos2::new(x, graph.min.y), Pos2::new(x, graph.max.y)], grid);
        let label = format!("{:.2}s", t + 0.0);
        painter.text(
            Pos2::new(x, graph.max.y + 2.0),
            egui::Align2::CENTER_TOP,
            label,
            font.clone(),
            text,
        );
        t += step;
    }
    let step = grid_step(v1 - v0, 5.0);
    let mut v = (v0 / step).ceil() * step;
    while v <= v1 + 1e-9 {
        let y = f.to_screen(DVec2::new(t0, v)).y as f32;
        painter.line_segment([Pos2::new(graph.min.x, y), Pos2::new(graph.max.x, y)], grid);
        // `+ 0.0` writes -0 as 0.
        let shown = v + 0.0;
        let label = if step >= 1.0 {
            format!("{shown:.0}")
        } else {
            format!("{shown:.2}")
        };
        painter.text(
            Pos2::new(graph.min.x - 4.0, y),
            egui::Align2::RIGHT_CENTER,
            label,
            font.clone(),
            text,
        );
        v += step;
    }
    let clipped = painter.with_clip_rect(graph);
    for curve in curves {
        let colour = colour(curve.channel);
        let line: Vec<Pos2> = curve.points.iter().map(|p| pos(f.to_screen(*p))).collect();
        clipped.add(egui::Shape::line(line, Stroke::new(1.5, colour)));
        let selected = editor.curves().selected_key(curve);
        if let Some(i) = selected
            && let Some([h1, h2]) = curve.handles(i)
        {
            let a = &curve.keys[i];
            let b = &curve.keys[i + 1];
            let handle_line = Stroke::new(1.0, Color32::from_gray(200));
            for (from, to) in [
                (DVec2::new(a.time, a.value), h1),
                (DVec2::new(b.time, b.value), h2),
            ] {
                let (from, to) = (pos(f.to_screen(from)), pos(f.to_screen(to)));
                clipped.line_segment([from, to], handle_line);
                clipped.rect_filled(
                    Rect::from_center_size(to, egui::vec2(7.0, 7.0)),
                    0.0,
                    colour,
                );
                clipped.rect_stroke(
                    Rect::from_center_size(to, egui::vec2(7.0, 7.0)),
                    0.0,
                    Stroke::new(1.0, Color32::WHITE),
                    egui::StrokeKind::Outside,
                );
            }
        }
        for (i, key) in curve.keys.iter().enumerate() {
            let at = pos(f.to_screen(DVec2::new(key.time, key.value)));
            let fill = if selected == Some(i) {
                Color32::WHITE
            } else {
                colour
            };
            clipped.circle(at, 4.5, fill, Stroke::new(1.0, Color32::BLACK));
        }
    }
    let x = f.to_screen(DVec2::new(editor.animation().playhead(), v0)).x as f32;
    clipped.line_segment(
        [Pos2::new(x, graph.min.y), Pos2::new(x, graph.max.y)],
        Stroke::new(1.5, Color32::from_rgb(255, 90, 60)),
    );
}
