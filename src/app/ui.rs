//! The editor's panels around the viewport, laid out: the menu bar (`menus.rs`), the character's
//! tree (`character_tree.rs`) and the slots' details (`slots_panel.rs`) on the left, the inspector on the right, the timeline (its
//! height remembered) and status bar at the bottom (the curve editor, `curve_editor.rs`, above the
//! timeline when shown), the shortcuts window (`help.rs`); the keyboard shortcuts run first
//! (`shortcuts.rs`). Everything acts through [`Editor`].

use eframe::egui;

use super::{curve_editor, help, menus, shortcuts, timeline};
use limber_editor::commands::{Command, LayoutCommand, WindowRequest};
use limber_editor::editor::Editor;
use limber_editor::jobs::JobKind;
use limber_editor::layout::{
    MAX_SIDE_WIDTH, MIN_CURVE_HEIGHT, MIN_SIDE_WIDTH, MIN_TIMELINE_HEIGHT, Side,
};

/// The left panel's two sections, each folding under its heading: the character — the skin
/// chooser above the tree of bones, their slots and attachments (`character_tree.rs`) — then
/// every slot's details (`slots_panel.rs`). Returns the slots panel's window request.
pub fn left_panel(ui: &mut egui::Ui, editor: &mut Editor) -> Option<WindowRequest> {
    let bones = editor.document().project.rig.skeleton.bones.len();
    let slots = editor.slots().rows().len();
    // A short heading, so the panel keeps its width; the counts show on hover.
    egui::CollapsingHeader::new(egui::RichText::new("Character").heading())
        .id_salt("skeleton section")
        .default_open(true)
        .show(ui, |ui| super::character_tree::show(ui, editor))
        .header_response
        .on_hover_text(format!("{bones} bones, {slots} slots"));
    ui.separator();
    egui::CollapsingHeader::new(egui::RichText::new(format!("Slots ({slots})")).heading())
        .id_salt("slots section")
        .default_open(true)
        .show(ui, |ui| super::slots_panel::show(ui, editor))
        .body_returned
        .flatten()
}

/// The status line: file state, background work (a progress bar and Cancel) and the last message.
pub fn status_bar(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        let saved = if editor.document().is_dirty() {
            "unsaved changes"
        } else {
            "saved"
        };
        ui.label(saved);
        ui.separator();
        let jobs = editor.jobs();
        let mut cancel = None;
        for kind in JobKind::ALL {
            let Some((done, total)) = jobs.progress(kind) else {
                continue;
            };
            let enabled = !jobs.is_cancelled(kind);
            let clicked = match kind {
                JobKind::Weights => progress_row(ui, "weights", done, total, "Cancel", true),
                JobKind::Part => {
                    progress_row(ui, "new part", done, total, "Cancel new part", enabled)
                }
                JobKind::Import => {
                    progress_row(ui, "import", done, total, "Cancel import", enabled)
                }
                JobKind::Export => {
                    let noun = jobs.export().map_or("export", |j| j.kind().noun());
                    // A GIF counts its frames twice (rendered, then encoded): shown as a share.
                    let percent = (100 * done).checked_div(total).unwrap_or(0);
                    let what = format!("{noun} {percent}%");
                    progress_bar(ui, &what, done, total, "Cancel export", enabled)
                }
            };
            if clicked {
                cancel = Some(kind);
            }
        }
        if let Some(kind) = cancel {
            editor.cancel_job(kind);
        }
        ui.label(editor.status());
    });
}

/// One piece of background work in the status bar: a progress bar reading "`what` done/total"
/// and its cancel button (disabled once cancelled). Returns whether the button was clicked.
fn progress_row(
    ui: &mut egui::Ui,
    what: &str,
    done: usize,
    total: usize,
    cancel: &str,
    enabled: bool,
) -> bool {
    progress_bar(
        ui,
        &format!("{what} {done}/{total}"),
        done,
        total,
        cancel,
        enabled,
    )
}

/// A progress bar with the text `text` and its cancel button; whether the button was clicked.
fn progress_bar(
    ui: &mut egui::Ui,
    text: &str,
    done: usize,
    total: usize,
    cancel: &str,
    enabled: bool,
) -> bool {
    let fraction = if total == 0 {
        0.0
    } else {
        done as f32 / total as f32
    };
    ui.add(
        egui::ProgressBar::new(fraction)
            .desired_width(160.0)
            .text(text),
    );
    let clicked = ui.add_enabled(enabled, egui::Button::new(cancel)).clicked();
    ui.separator();
    clicked
}

/// Whether this frame holds a new action of the user's: a pointer press or a key going down
/// (a mouse move, a release or a modifier alone is not one).
fn user_acted(ctx: &egui::Context) -> bool {
    ctx.input(|i| {
        i.pointer.any_pressed()
            || i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Key { pressed: true, .. } | egui::Event::Text(_)
                )
            })
    })
}

/// Everything but the viewport's GPU drawing: used by the window and by the UI tests.
pub fn editor_ui(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    checker: Option<&egui::TextureHandle>,
    gpu: bool,
    recent: &[std::path::PathBuf],
) -> Option<WindowRequest> {
    let ctx = ui.ctx().clone();
    // The last message stays until the user does something next (a press or a key); what that
    // action says, if anything, takes its place. A finished job's message comes after.
    if user_acted(&ctx) {
        editor.clear_status();
    }
    editor.poll_jobs();
    if editor.jobs().any() {
        // Keep polling the job while it runs.
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
    }
    let mut action = shortcuts::handle(&ctx, editor);
    egui::Panel::top("menu").show(ui, |ui| {
        if let Some(a) = menus::menu_bar(ui, editor, recent) {
            action = Some(a);
        }
    });
    egui::Panel::bottom("status").show(ui, |ui| status_bar(ui, editor));
    // The divider above the timeline sets its height, remembered per user (`layout.rs`); the
    // viewport keeps at least 160 points.
    let most = (ui.available_height() - 160.0).max(MIN_TIMELINE_HEIGHT);
    let panel = egui::Panel::bottom("timeline")
        .resizable(true)
        .default_size(editor.view().layout().timeline_height().min(most))
        .size_range(MIN_TIMELINE_HEIGHT..=most)
        .show(ui, |ui| {
            timeline::show(ui, editor);
        });
    let height = panel.response.rect.height();
    remember_size(&ctx, editor, "timeline height", height, |height| {
        LayoutCommand::SetTimelineHeight { height }
    });
    ctx.data_mut(|d| d.insert_temp(timeline_rect_id(), panel.response.rect));
    if editor.curve_editor().open {
        // Its remembered height, within what the window leaves above the timeline: the view keeps
        // 120 points, and the graph never opens shorter than its least.
        let most = (ui.available_height() - 120.0).max(MIN_CURVE_HEIGHT);
        let curves = egui::Panel::bottom("curves")
            .resizable(true)
            .default_size(editor.view().layout().curve_height().min(most))
            .min_size(MIN_CURVE_HEIGHT)
            .max_size(most)
            .show(ui, |ui| curve_editor::show(ui, editor));
        let height = curves.response.rect.height();
        remember_size(&ctx, editor, "curve editor height", height, |height| {
            LayoutCommand::SetCurveHeight { height }
        });
        ctx.data_mut(|d| d.insert_temp(curves_rect_id(), curves.response.rect));
    }
    if let Some(request) = side_panel(ui, editor, Side::Left) {
        action = Some(request);
    }
    side_panel(ui, editor, Side::Right);
    let central = egui::CentralPanel::default()
        .show(ui, |ui| super::viewport::show(ui, editor, checker, gpu));
    ctx.data_mut(|d| d.insert_temp(viewport_rect_id(), central.response.rect));
    if let Some(a) = help::help_window(&ctx, editor) {
        action = Some(a);
    }
    help::page_window(&ctx, editor);
    super::import_question::show(&ctx, editor);
    if let Some(a) = super::export_dialog::show(&ctx, editor) {
        action = Some(a);
    }
    let dt = ctx.input(|i| f64::from(i.stable_dt)).min(0.1);
    if editor.playback().is_playing() {
        editor.tick(dt);
        ctx.request_repaint();
    }
    if editor.tick_transition(dt) {
        ctx.request_repaint();
    }
    action
}

/// The widest a side panel may be in a window `window` points wide: [`MAX_SIDE_WIDTH`], but in a
/// small window no more than 22.5 % of it (so the two leave the view 55 %), never forcing a panel
/// under its default width.
fn widest_side(window: f32, side: Side) -> f32 {
    let default = limber_editor::layout::Layout::default().side_width(side);
    (window * 0.225)
        .max(default)
        .clamp(MIN_SIDE_WIDTH, MAX_SIDE_WIDTH)
}

/// A side panel: the skeleton list (left) or the inspector (right), resizable by its inner edge
/// between [`MIN_SIDE_WIDTH`] and [`widest_side`], collapsible to a narrow strip by its « / »
/// button; its width and whether it is collapsed are remembered per user (`layout.rs`). Returns
/// the window request of the slots panel's "+ attachment".
fn side_panel(ui: &mut egui::Ui, editor: &mut Editor, side: Side) -> Option<WindowRequest> {
    let mut request = None;
    let (id, what) = match side {
        Side::Left => ("bones", "skeleton"),
        Side::Right => ("inspector", "inspector"),
    };
    let panel = |id: &str| match side {
        Side::Left => egui::Panel::left(id.to_string()),
        Side::Right => egui::Panel::right(id.to_string()),
    };
    // The arrow points where the panel goes.
    let (hide, show) = match side {
        Side::Left => ("«", "»"),
        Side::Right => ("»", "«"),
    };
    let collapsed = editor.view().layout().is_collapsed(side);
    let toggled = if collapsed {
        panel(&format!("{id} collapsed"))
            .resizable(false)
            .exact_size(28.0)
            .show(ui, |ui| {
                ui.button(show)
                    .on_hover_text(format!("Show the {what}"))
                    .clicked()
            })
            .inner
    } else {
        let widest = widest_side(ui.ctx().content_rect().width(), side);
        let shown = panel(id)
            .resizable(true)
            .default_size(editor.view().layout().side_width(side).min(widest))
            .size_range(MIN_SIDE_WIDTH..=widest)
            .show(ui, |ui| {
                let hidden = ui
                    .with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                        ui.small_button(hide)
                            .on_hover_text(format!("Hide the {what}"))
                            .clicked()
                    })
                    .inner;
                // Contents wider than the panel scroll rather than widen it: the viewport keeps
                // its room; text and wrapped rows wrap at the panel's width.
                let width = ui.available_width();
                match side {
                    Side::Left => {
                        // One scroll for the whole panel: the skeleton and every slot control are
                        // reached by scrolling down, in a window of any height, never sideways.
                        egui::ScrollArea::vertical()
                            .id_salt("skeleton scroll")
                            .auto_shrink([false, false])
                            .show(ui, |ui| {
                                ui.set_max_width(width);
                                request = left_panel(ui, editor);
                            });
                    }
                    Side::Right => {
                        egui::ScrollArea::both()
                            .id_salt("inspector scroll")
                            .auto_shrink([false, false])
                            .show(ui, |ui| {
                                ui.set_max_width(width);
                                super::inspector::inspector(ui, editor);
                            });
                    }
                }
                hidden
            });
        let width = shown.response.rect.width();
        remember_size(ui.ctx(), editor, &format!("{what} width"), width, |width| {
            LayoutCommand::SetSideWidth { side, width }
        });
        shown.inner
    };
    if toggled {
        editor.run(Command::Layout(LayoutCommand::SetCollapsed {
            side,
            collapsed: !collapsed,
        }));
    }
    request
}

fn viewport_rect_id() -> egui::Id {
    egui::Id::unique("limber viewport panel")
}

/// The viewport's rect (screen points) as last laid out: what the panels leave.
pub fn viewport_rect(ctx: &egui::Context) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp::<egui::Rect>(viewport_rect_id()))
}

fn curves_rect_id() -> egui::Id {
    egui::Id::unique("limber curve editor panel")
}

/// The curve editor panel's rect (screen points) as last laid out, its edge included, when open.
pub fn curves_rect(ctx: &egui::Context) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp::<egui::Rect>(curves_rect_id()))
}

fn timeline_rect_id() -> egui::Id {
    egui::Id::unique("limber timeline panel")
}

/// The timeline panel's rect (screen points) as last laid out, divider included.
pub fn timeline_rect(ctx: &egui::Context) -> Option<egui::Rect> {
    ctx.data(|d| d.get_temp::<egui::Rect>(timeline_rect_id()))
}

/// Keeps a panel's size (`what`: "timeline height", "left width", …) when a press and release of
/// the pointer changed it (a drag of its edge; a window made smaller does not count), through the
/// command `keep` makes of it.
fn remember_size(
    ctx: &egui::Context,
    editor: &mut Editor,
    what: &str,
    size: f32,
    keep: impl FnOnce(f32) -> LayoutCommand,
) {
    let id = egui::Id::unique("limber panel size at press").with(what);
    let (pressed, released) = ctx.input(|i| (i.pointer.any_pressed(), i.pointer.any_released()));
    if pressed {
        ctx.data_mut(|d| d.insert_temp(id, size));
    }
    if released
        && let Some(at_press) = ctx.data(|d| d.get_temp::<f32>(id))
        && (at_press - size).abs() >= 1.0
    {
        editor.run(Command::Layout(keep(size)));
    }
}
