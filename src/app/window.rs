//! The eframe application: the window around [`Editor`] — title with the unsaved mark, native file
//! dialogs (rfd), drag and drop, the close question, recovery, and the GPU scene kept in sync. Exports run in the
//! editor (`exports.rs`); the dialogs here only choose where.

use std::path::{Path, PathBuf};
use std::time::Instant;

use eframe::egui::{self, ViewportCommand};

use super::commands::WindowRequest;
use super::document::Document;
use super::editor::Editor;
use super::export_job::ExportKind;
use super::gpu_bridge;
use super::recovery::{Autosave, pending_recovery, recover};
use super::ui::editor_ui;

struct LimberApp {
    editor: Editor,
    autosave: Autosave,
    /// Changes whenever another document is opened (the GPU scene follows it).
    document_id: u64,
    checker: Option<egui::TextureHandle>,
    title: String,
    gpu: bool,
    /// A recovery file found at start-up, waiting for the user's answer.
    offered_recovery: Option<PathBuf>,
    allow_close: bool,
    /// A file to open once the user has answered whether to save the current changes.
    pending_open: Option<PathBuf>,
    /// Recently opened files and where the list is kept.
    recent: Vec<PathBuf>,
    recent_store: Option<PathBuf>,
}

/// Opens the editor window on `path` (a project or a PNG), or on an empty document made from the
/// bundled sample when `path` is `None`.
pub fn run(path: &Path) -> anyhow::Result<()> {
    let document = Document::open(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    let offered_recovery = pending_recovery(document.path.as_deref());
    let recent_store = super::recent::default_store();
    let recent = recent_store
        .as_deref()
        .and_then(|store| super::recent::remember(store, path).ok())
        .unwrap_or_default();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_drag_and_drop(true),
        // Ctrl+C / Ctrl+V arrive as key presses whatever the system clipboard holds; `shortcuts.rs`
        // runs them as commands, or hands them to the text field that has the keyboard.
        clipboard_shortcuts: false,
        ..Default::default()
    };
    let layout = super::layout::default_store()
        .map(|store| super::layout::Layout::load(&store))
        .unwrap_or_default();
    eframe::run_native(
        "limber",
        options,
        Box::new(move |cc| {
            let gpu = match &cc.wgpu_render_state {
                Some(state) => {
                    gpu_bridge::install(state);
                    true
                }
                None => false,
            };
            let checker = super::viewport::checker_texture(&cc.egui_ctx);
            let mut editor = Editor::new(document);
            editor.layout = layout;
            Ok(Box::new(LimberApp {
                editor,
                autosave: Autosave::default(),
                document_id: 1,
                checker: Some(checker),
                title: String::new(),
                gpu,
                offered_recovery,
                allow_close: false,
                pending_open: None,
                recent,
                recent_store,
            }))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the editor window: {e}"))
}

impl LimberApp {
    /// Opens `path`, first asking about unsaved changes.
    fn open(&mut self, path: &Path) {
        if self.editor.document.is_dirty() {
            self.pending_open = Some(path.to_path_buf());
            return;
        }
        self.open_now(path);
    }

    fn open_now(&mut self, path: &Path) {
        if self.editor.open(path) {
            self.document_id += 1;
            self.offered_recovery = pending_recovery(self.editor.document.path.as_deref());
            if let Some(store) = &self.recent_store
                && let Ok(list) = super::recent::remember(store, path)
            {
                self.recent = list;
            }
        }
    }

    fn act(&mut self, ctx: &egui::Context, request: WindowRequest) {
        match request {
            WindowRequest::NewFromImage => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("PNG image", &["png"])
                    .pick_file()
                {
                    self.open(&path);
                }
            }
            WindowRequest::OpenRecent(i) => {
                if let Some(path) = self.recent.get(i).cloned() {
                    self.open(&path);
                }
            }
            WindowRequest::AddPart => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("PNG image", &["png"])
                    .pick_file()
                {
                    self.editor.add_part(&path);
                }
            }
            WindowRequest::ImportLayered => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("Layered image (PSD, ORA)", &["psd", "ora"])
                    .pick_file()
                {
                    self.editor.import_layered_file(&path);
                }
            }
            WindowRequest::Open => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("limber project or PNG", &["limber", "png"])
                    .pick_file()
                {
                    self.open(&path);
                }
            }
            WindowRequest::SaveAs => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("limber project", &["limber"])
                    .set_file_name("untitled.limber")
                    .save_file()
                {
                    self.editor.save_as(&path);
                }
            }
            WindowRequest::ExportGif => self.export(ExportKind::Gif),
            WindowRequest::ExportSheet => self.export(ExportKind::Sheet),
            WindowRequest::ExportFrames => self.export(ExportKind::Frames),
            WindowRequest::ExportGltf => self.export_gltf(),
            WindowRequest::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
        }
    }

    /// Asks where to write a rendered export of the current clip and starts it in the background.
    fn export(&mut self, kind: ExportKind) {
        let dialog = rfd::FileDialog::new();
        let out = match kind {
            ExportKind::Gif => dialog.add_filter("GIF", &["gif"]).save_file(),
            ExportKind::Sheet => dialog.add_filter("PNG sprite sheet", &["png"]).save_file(),
            ExportKind::Frames => dialog.pick_folder(),
        };
        if let Some(out) = out {
            self.editor.start_export(kind, &out);
        }
    }

    /// Asks where to write glTF 2.0 and writes it (fast enough to do at once).
    fn export_gltf(&mut self) {
        if let Some(out) = rfd::FileDialog::new()
            .add_filter("glTF binary", &["glb"])
            .add_filter("glTF with .bin and PNGs", &["gltf"])
            .save_file()
        {
            self.editor.export_gltf(&out);
        }
    }
}

impl eframe::App for LimberApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        // Files dropped on the window.
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.first() {
            if limber_core::layered::is_layered_path(path) {
                self.editor.import_layered_file(path);
            } else {
                self.open(path);
            }
        }
        // Keep the GPU scene in step with the document.
        if let Some(state) = frame.wgpu_render_state() {
            if let Err(e) =
                gpu_bridge::sync_document(state, self.document_id, &self.editor.document)
            {
                self.editor.status = e;
            }
        }
        if let Some(action) = editor_ui(
            ui,
            &mut self.editor,
            self.checker.as_ref(),
            self.gpu,
            &self.recent,
        ) {
            self.act(&ctx, action);
        }
        self.recovery_prompt(&ctx);
        self.open_prompt(&ctx);
        self.close_prompt(&ctx);
        let title = self.editor.document.title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        let revision = self.editor.document.revision();
        if let Err(e) = self
            .autosave
            .update(&self.editor.document, revision, Instant::now())
        {
            self.editor.status = e.to_string();
        }
    }
}

impl LimberApp {
    fn recovery_prompt(&mut self, ctx: &egui::Context) {
        let Some(recovery) = self.offered_recovery.clone() else {
            return;
        };
        egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
            ui.heading("Recover unsaved work?");
            ui.label(format!(
                "limber found work that was not saved: {}",
                recovery.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Recover").clicked() {
                    match recover(&recovery, self.editor.document.path.as_deref()) {
                        Ok(document) => {
                            let layout = std::mem::take(&mut self.editor.layout);
                            self.editor = Editor::new(document);
                            self.editor.layout = layout;
                            self.document_id += 1;
                            self.editor.status = "recovered unsaved work".into();
                        }
                        Err(e) => self.editor.status = e.to_string(),
                    }
                    self.offered_recovery = None;
                }
                if ui.button("Discard").clicked() {
                    let _ = std::fs::remove_file(&recovery);
                    self.offered_recovery = None;
                }
            });
        });
    }

    fn open_prompt(&mut self, ctx: &egui::Context) {
        let Some(next) = self.pending_open.clone() else {
            return;
        };
        egui::Modal::new(egui::Id::unique("open")).show(ctx, |ui| {
            ui.heading("Save changes first?");
            ui.label(format!(
                "The current project has unsaved changes; {} is next.",
                next.display()
            ));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    self.pending_open = None;
                    if self.editor.document.path.is_some() && self.editor.save() {
                        self.open_now(&next);
                    } else if self.editor.document.path.is_none() {
                        self.editor.status = "choose Save As first, then open again".into();
                    }
                }
                if ui.button("Discard").clicked() {
                    self.pending_open = None;
                    self.autosave.discard(&self.editor.document);
                    self.open_now(&next);
                }
                if ui.button("Cancel").clicked() {
                    self.pending_open = None;
                }
            });
        });
    }

    fn close_prompt(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.editor.document.is_dirty()
            && !self.allow_close
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.editor.confirm_close = true;
        }
        if !self.editor.confirm_close {
            return;
        }
        egui::Modal::new(egui::Id::unique("close")).show(ctx, |ui| {
            ui.heading("Save changes before closing?");
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    let saved = if self.editor.document.path.is_some() {
                        self.editor.save()
                    } else {
                        self.act(ctx, WindowRequest::SaveAs);
                        !self.editor.document.is_dirty()
                    };
                    self.editor.confirm_close = false;
                    if saved {
                        self.allow_close = true;
                        ctx.send_viewport_cmd(ViewportCommand::Close);
                    }
                }
                if ui.button("Discard").clicked() {
                    self.autosave.discard(&self.editor.document);
                    self.allow_close = true;
                    self.editor.confirm_close = false;
                    ctx.send_viewport_cmd(ViewportCommand::Close);
                }
                if ui.button("Cancel").clicked() {
                    self.editor.confirm_close = false;
                }
            });
        });
    }
}
