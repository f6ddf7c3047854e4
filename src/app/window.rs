//! The eframe application: the window around [`Editor`] — title with the unsaved mark, file
//! dialogs (the system's, else limber's own: `file_dialog.rs`), drag and drop, the close question,
//! recovery (the offer is `recovery_offer.rs`), and the GPU scene kept in sync. Exports run in the
//! editor (`exports.rs`); the dialogs here only choose where.

use std::path::{Path, PathBuf};
use std::time::Instant;

use eframe::egui::{self, ViewportCommand};

use super::file_dialog::{Answer, FileChooser, Purpose, Request};
use super::gpu_bridge;
use super::ui::editor_ui;
use limber_editor::commands::{Command, ExportCommand, FileCommand, ViewCommand, WindowRequest};
use limber_editor::document::Document;
use limber_editor::editor::Editor;
use limber_editor::recent::RecentProjects;
use limber_editor::recovery::{
    Autosave, Offer, recover, recoverable, recoverable_of, recovery_dir,
};

struct LimberApp {
    editor: Editor,
    autosave: Autosave,
    /// Changes whenever another document is opened (the GPU scene follows it).
    document_id: u64,
    checker: Option<egui::TextureHandle>,
    title: String,
    gpu: bool,
    /// Recovery files of editors that died, waiting for the user's answer (locked meanwhile).
    offers: Vec<Offer>,
    /// The folder of recovery files.
    recovery_dir: PathBuf,
    /// The system's file dialog, or limber's own while it is open.
    chooser: FileChooser,
    allow_close: bool,
    /// A file to open once the user has answered whether to save the current changes.
    pending_open: Option<PathBuf>,
    /// Recent projects (opened or saved) and where the list is kept.
    recent: RecentProjects,
}

/// Opens the editor window on `path`: a project or a PNG, or a layered file (PSD, ORA), which
/// opens as a new document named after it, imported in the background as File > Import layered
/// file does (a file that cannot be read is refused before the window opens).
pub fn run(path: &Path) -> anyhow::Result<()> {
    if limber_core::layered::is_layered_path(path) {
        if !path.is_file() {
            anyhow::bail!("{}: no such file", path.display());
        }
        let name = path
            .file_stem()
            .map_or_else(|| "untitled".into(), |s| s.to_string_lossy().into_owned());
        let import = FileCommand::ImportLayered(path.to_path_buf());
        return run_document_then(Document::empty(&name), Some(import));
    }
    let document = Document::open(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    run_document(document)
}

/// Opens the editor window on a document already read.
pub fn run_document(document: Document) -> anyhow::Result<()> {
    run_document_then(document, None)
}

/// Opens the editor window on `document` and runs `first` on it as the window opens.
fn run_document_then(document: Document, first: Option<FileCommand>) -> anyhow::Result<()> {
    let recovery_dir = recovery_dir();
    let offers = recoverable(&recovery_dir);
    let mut recent = RecentProjects::in_store(limber_editor::recent::default_store());
    recent.note(document.path.as_deref());
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_drag_and_drop(true),
        // Ctrl+C / Ctrl+V arrive as key presses whatever the system clipboard holds; `shortcuts.rs`
        // runs them as commands, or hands them to the text field that has the keyboard.
        clipboard_shortcuts: false,
        ..Default::default()
    };
    let layout = limber_editor::layout::default_store()
        .map(|store| limber_editor::layout::Layout::load(&store))
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
            editor.set_layout(layout);
            if let Some(first) = first {
                editor.run(Command::File(first));
            }
            editor.set_export_renderer(crate::export_renderer::GpuExports::shared());
            Ok(Box::new(LimberApp {
                editor,
                autosave: Autosave::in_dir(recovery_dir.clone()),
                document_id: 1,
                checker: Some(checker),
                title: String::new(),
                gpu,
                offers,
                recovery_dir,
                chooser: FileChooser::from_env(),
                allow_close: false,
                pending_open: None,
                recent,
            }))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the editor window: {e}"))
}

impl LimberApp {
    /// Opens `path`, first asking about unsaved changes.
    fn open(&mut self, path: &Path) {
        if self.editor.document().is_dirty() {
            self.pending_open = Some(path.to_path_buf());
            return;
        }
        self.open_now(path);
    }

    fn open_now(&mut self, path: &Path) {
        if self.editor.open(path) {
            self.document_id += 1;
            // Work on this project that an editor lost is offered now (a dead editor's only).
            if let Some(project) = self.editor.document().path.clone() {
                self.offers = recoverable_of(&self.recovery_dir, &project);
            }
        }
    }

    fn act(&mut self, ctx: &egui::Context, request: WindowRequest) {
        match request {
            WindowRequest::Ask(purpose) => self.ask(ctx, purpose),
            WindowRequest::OpenRecent(i) => {
                if let Some(path) = self.recent.list().get(i).cloned() {
                    self.open(&path);
                }
            }
            WindowRequest::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
        }
    }

    /// Asks where (the system's dialog, else limber's own, which answers in a later frame).
    fn ask(&mut self, ctx: &egui::Context, purpose: Purpose) {
        let mut request = Request::for_purpose(purpose, self.start_folder());
        if let Some(suggested) = self.suggested_path(purpose) {
            request = request.at(&suggested);
        }
        match self.chooser.ask(request) {
            Answer::Chosen(purpose, path) => self.chosen(ctx, purpose, &path),
            Answer::Pending(Some(message)) => self.editor.set_status(message),
            Answer::Pending(None) => {}
        }
    }

    /// Where a dialog starts: the project's folder, else its image's, else the working folder.
    fn start_folder(&self) -> PathBuf {
        self.editor.document().folder()
    }

    /// The path a save or export dialog suggests: the project named after itself, an export where
    /// its Export dialog says.
    fn suggested_path(&self, purpose: Purpose) -> Option<PathBuf> {
        match purpose {
            Purpose::SaveAs | Purpose::SaveAsThenClose => {
                let document = self.editor.document();
                Some(
                    document
                        .folder()
                        .join(format!("{}.limber", document.name())),
                )
            }
            Purpose::Export(_) | Purpose::ExportGltf | Purpose::ExportSpine => {
                let dialog = self.editor.jobs().export_dialog()?;
                let typed = PathBuf::from(dialog.choices.destination.trim());
                Some(if typed.is_relative() {
                    self.start_folder().join(typed)
                } else {
                    typed
                })
            }
            _ => None,
        }
    }

    /// Runs a file the dialog chose; whether it was carried out.
    fn run(&mut self, command: FileCommand) -> bool {
        self.editor.run(Command::File(command)).is_done()
    }

    /// Does what the chosen `path` was asked for.
    fn chosen(&mut self, ctx: &egui::Context, purpose: Purpose, path: &Path) {
        match purpose {
            Purpose::NewFromImage | Purpose::Open => self.open(path),
            Purpose::ImportLayered => {
                self.run(FileCommand::ImportLayered(path.to_path_buf()));
            }
            Purpose::AddPart => {
                self.run(FileCommand::AddPart(path.to_path_buf()));
            }
            Purpose::AddAttachment => {
                self.run(FileCommand::AddAttachment(path.to_path_buf()));
            }
            Purpose::SaveAs => {
                self.run(FileCommand::SaveAs(path.to_path_buf()));
            }
            Purpose::SaveAsThenClose => {
                if self.run(FileCommand::SaveAs(path.to_path_buf())) {
                    self.allow_close = true;
                    ctx.send_viewport_cmd(ViewportCommand::Close);
                }
            }
            // The Export dialog's Browse…: its destination.
            Purpose::Export(_) | Purpose::ExportGltf | Purpose::ExportSpine => {
                let destination = ExportCommand::SetDestination(path.to_path_buf());
                self.editor.run(Command::Export(destination));
            }
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
                self.run(FileCommand::ImportLayered(path.clone()));
            } else {
                self.open(path);
            }
        }
        // Keep the GPU scene in step with the document.
        if let Some(state) = frame.wgpu_render_state() {
            if let Err(e) =
                gpu_bridge::sync_document(state, self.document_id, self.editor.document())
            {
                self.editor.set_status(e.to_string());
            }
        }
        if let Some(action) = editor_ui(
            ui,
            &mut self.editor,
            self.checker.as_ref(),
            self.gpu,
            self.recent.list(),
        ) {
            self.act(&ctx, action);
        }
        // Opened, saved as or recovered: the project goes first in File > Open recent.
        self.recent.note(self.editor.document().path.as_deref());
        if self.editor.take_new_document() {
            // A layered file opened as a new document: upload it afresh.
            self.document_id += 1;
        }
        self.recovery_prompt(&ctx);
        self.open_prompt(&ctx);
        self.close_prompt(&ctx);
        if let Some((purpose, path)) = self.chooser.show(&ctx) {
            self.chosen(&ctx, purpose, &path);
        }
        let title = self.editor.document().title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        let revision = self.editor.document().revision();
        if let Err(e) = self
            .autosave
            .update(self.editor.document(), revision, Instant::now())
        {
            self.editor.set_status(e.to_string());
        }
    }
}

impl LimberApp {
    /// The offer of lost work; a recovered document replaces the one open (itself just opened) and
    /// is written to this session's recovery file before the offered file is deleted.
    fn recovery_prompt(&mut self, ctx: &egui::Context) {
        let Some(offer) = super::recovery_offer::show(ctx, &mut self.offers) else {
            return;
        };
        let document = match recover(&offer) {
            Ok(document) => document,
            Err(e) => {
                self.editor.set_status(e.to_string());
                return;
            }
        };
        let layout = self.editor.take_layout();
        self.editor = Editor::new(document);
        self.editor.set_layout(layout);
        self.editor
            .set_export_renderer(crate::export_renderer::GpuExports::shared());
        self.document_id += 1;
        let message = match self.autosave.write_now(self.editor.document()) {
            Ok(()) => {
                offer.discard();
                let more = self.offers.len();
                self.offers.clear();
                if more > 0 {
                    format!("recovered unsaved work; {more} more offered at the next start")
                } else {
                    "recovered unsaved work".into()
                }
            }
            Err(e) => e.to_string(),
        };
        self.editor.set_status(message);
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
                    if self.editor.document().path.is_some()
                        && self.editor.run(Command::Save).is_done()
                    {
                        self.open_now(&next);
                    } else if self.editor.document().path.is_none() {
                        self.editor
                            .set_status("choose Save As first, then open again");
                    }
                }
                if ui.button("Discard").clicked() {
                    self.pending_open = None;
                    self.autosave.discard();
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
            && self.editor.document().is_dirty()
            && !self.allow_close
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.editor
                .run(Command::View(ViewCommand::ConfirmClose(true)));
        }
        if !self.editor.view().confirm_close() {
            return;
        }
        egui::Modal::new(egui::Id::unique("close")).show(ctx, |ui| {
            ui.heading("Save changes before closing?");
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    self.editor
                        .run(Command::View(ViewCommand::ConfirmClose(false)));
                    if self.editor.document().path.is_none() {
                        // Closes once saved, whichever dialog answers.
                        self.ask(ctx, Purpose::SaveAsThenClose);
                    } else if self.editor.run(Command::Save).is_done() {
                        self.allow_close = true;
                        ctx.send_viewport_cmd(ViewportCommand::Close);
                    }
                }
                if ui.button("Discard").clicked() {
                    self.autosave.discard();
                    self.allow_close = true;
                    self.editor
                        .run(Command::View(ViewCommand::ConfirmClose(false)));
                    ctx.send_viewport_cmd(ViewportCommand::Close);
                }
                if ui.button("Cancel").clicked() {
                    self.editor
                        .run(Command::View(ViewCommand::ConfirmClose(false)));
                }
            });
        });
    }
}
