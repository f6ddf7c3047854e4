//! Choosing a file or folder: the system's dialog (rfd: the desktop portal, else zenity) where one
//! opens, else limber's own — a path field and a folder listing in a modal. Where the desktop has
//! neither portal nor zenity, rfd returns at once as if cancelled; a "cancel" faster than anyone
//! can click is taken as "no dialog", the status bar says so, and limber's dialog opens instead.
//! `LIMBER_FILE_DIALOG=builtin` always uses limber's dialog.
//!
//! In limber's dialog the folder field takes a typed path (Enter lists it; `~` is the home folder),
//! a folder typed into the file name field opens instead of being answered, a click on a folder
//! opens it and a double-click on a file opens the file; the listing keeps one size, and the second
//! click of a double-click that opened a folder does nothing in the new listing, so nothing shifts
//! under the pointer.
//!
//! A folder typed in the folder field that does not exist yet is where a save
//! or export goes (the dialog says so, and makes it when it is chosen); the answer is always the
//! folder typed, never the one listed before it. A file in the way is named and nothing is chosen.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui;

use limber_editor::export_job::ExportKind;

/// A native dialog that "returns nothing" sooner than this never showed (nobody cancels so fast).
const NO_DIALOG_WITHIN: Duration = Duration::from_millis(250);

/// At most this many entries of a folder are listed.
pub const MAX_LISTED: usize = 2000;

/// What the chosen path is for (declared with the commands, in the editor's model).
pub use limber_editor::commands::Purpose;

/// Whether an existing file, a new file's name or a folder is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Open,
    Save,
    Folder,
}

/// One question to the user: what for, which kind of answer, which file types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub purpose: Purpose,
    pub mode: Mode,
    pub title: &'static str,
    /// Accepted extensions (lower case, without the dot); empty for a folder.
    pub extensions: &'static [&'static str],
    /// Where to start, and the suggested file name for a save.
    pub folder: PathBuf,
    pub file_name: String,
}

impl Request {
    /// The question each purpose asks, starting in `folder`.
    pub fn for_purpose(purpose: Purpose, folder: PathBuf) -> Self {
        let (mode, title, extensions, file_name): (_, _, &'static [&'static str], _) = match purpose
        {
            Purpose::NewFromImage => (Mode::Open, "New from image", &["png"], ""),
            Purpose::AddPart => (Mode::Open, "Add part from image", &["png"], ""),
            Purpose::AddAttachment => (Mode::Open, "Add attachment from image", &["png"], ""),
            Purpose::ImportLayered => (Mode::Open, "Import layered file", &["psd", "ora"], ""),
            Purpose::Open => (Mode::Open, "Open project or image", &["limber", "png"], ""),
            Purpose::SaveAs | Purpose::SaveAsThenClose => {
                (Mode::Save, "Save project", &["limber"], "untitled.limber")
            }
            Purpose::Export(ExportKind::Gif) => (Mode::Save, "Export GIF", &["gif"], "clip.gif"),
            Purpose::Export(ExportKind::Sheet) => {
                (Mode::Save, "Export sprite sheet", &["png"], "sheet.png")
            }
            Purpose::Export(ExportKind::Frames) => {
                (Mode::Folder, "Export PNG frames into", &[], "")
            }
            Purpose::ExportGltf => (Mode::Save, "Export glTF", &["glb", "gltf"], "model.glb"),
            Purpose::ExportSpine => (Mode::Folder, "Export Spine JSON into", &[], ""),
        };
        Self {
            purpose,
            mode,
            title,
            extensions,
            folder,
            file_name: file_name.to_string(),
        }
    }

    /// The same question starting at `path`: its folder, and its name as the suggested file name
    /// (a folder request starts in `path` itself).
    pub fn at(mut self, path: &Path) -> Self {
        if self.mode == Mode::Folder {
            self.folder = path.to_path_buf();
        } else {
            if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
                self.folder = folder.to_path_buf();
            }
            if let Some(name) = path.file_name() {
                self.file_name = name.to_string_lossy().into_owned();
            }
        }
        self
    }

    /// What an open dialog says in a folder without an accepted file: "no .psd or .ora file in
    /// this folder".
    pub fn none_here(&self) -> String {
        let kinds: Vec<String> = self.extensions.iter().map(|e| format!(".{e}")).collect();
        format!("no {} file in this folder", kinds.join(" or "))
    }

    /// Whether `path` has one of the accepted extensions.
    fn accepts(&self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
    }
}

/// What the system's dialog did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Native {
    Chosen(PathBuf),
    Cancelled,
    /// No dialog could be shown.
    Unavailable,
}

/// Asks through the system's dialog (blocking until it closes).
pub fn native(request: &Request) -> Native {
    // On Linux and the BSDs rfd needs the portal (on the session bus) or zenity.
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        let no_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none()
            && !std::env::var_os("XDG_RUNTIME_DIR")
                .is_some_and(|d| Path::new(&d).join("bus").exists());
        if no_bus && !on_path("zenity") {
            return Native::Unavailable;
        }
    }
    let mut dialog = rfd::FileDialog::new()
        .set_title(request.title)
        .set_directory(&request.folder);
    if !request.extensions.is_empty() {
        dialog = dialog.add_filter(request.title, request.extensions);
    }
    let started = Instant::now();
    let chosen = match request.mode {
        Mode::Open => dialog.pick_file(),
        Mode::Save => dialog.set_file_name(&request.file_name).save_file(),
        Mode::Folder => dialog.pick_folder(),
    };
    match chosen {
        Some(path) => Native::Chosen(path),
        None if started.elapsed() < NO_DIALOG_WITHIN => Native::Unavailable,
        None => Native::Cancelled,
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// The system's dialog where it opens, else limber's own, as a small state machine the window
/// drives: [`FileChooser::ask`] on a command, [`FileChooser::show`] every frame.
pub struct FileChooser {
    /// Whether to try the system's dialog first.
    pub native_first: bool,
    /// Limber's dialog while it is open.
    pub builtin: Option<BuiltinDialog>,
}

/// What a question came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Chosen(Purpose, PathBuf),
    /// Nothing chosen (yet); a message for the status bar when there is one.
    Pending(Option<String>),
}

impl FileChooser {
    /// Tries the system's dialog first unless `LIMBER_FILE_DIALOG=builtin`.
    pub fn from_env() -> Self {
        let builtin = std::env::var("LIMBER_FILE_DIALOG").is_ok_and(|v| v == "builtin");
        Self {
            native_first: !builtin,
            builtin: None,
        }
    }

    /// Asks `request`: the answer at once from the system's dialog, or limber's dialog opens.
    pub fn ask(&mut self, request: Request) -> Answer {
        if self.native_first {
            match native(&request) {
                Native::Chosen(path) => return Answer::Chosen(request.purpose, path),
                Native::Cancelled => return Answer::Pending(None),
                Native::Unavailable => {
                    self.builtin = Some(BuiltinDialog::new(request));
                    return Answer::Pending(Some(
                        "the system file dialog is not available (no desktop portal, no zenity): \
                         using limber's own"
                            .into(),
                    ));
                }
            }
        }
        self.builtin = Some(BuiltinDialog::new(request));
        Answer::Pending(None)
    }

    /// Shows limber's dialog while it is open; the chosen path once the user confirms.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<(Purpose, PathBuf)> {
        let dialog = self.builtin.as_mut()?;
        match dialog.show(ctx) {
            Some(Some(path)) => {
                let purpose = dialog.request.purpose;
                self.builtin = None;
                Some((purpose, path))
            }
            Some(None) => {
                self.builtin = None;
                None
            }
            None => None,
        }
    }
}

/// Limber's own file dialog: the folder as an editable path, its subfolders and accepted files as
/// a list, and a file name field (an absolute path there is taken as is).
pub struct BuiltinDialog {
    pub request: Request,
    folder: PathBuf,
    folder_edit: String,
    name: String,
    entries: Vec<(String, bool)>,
    problem: Option<String>,
    /// A save onto an existing file, confirmed by pressing Save again.
    replace: Option<PathBuf>,
    focused: bool,
    /// The file a single click chose in the folder listed now: the second click of a double-click
    /// on it opens it. Cleared when another folder is listed, so a double-click whose first click
    /// opened a folder does nothing with what the new listing has under the pointer.
    picked: Option<String>,
}

impl BuiltinDialog {
    pub fn new(request: Request) -> Self {
        let folder = request.folder.clone();
        let name = request.file_name.clone();
        let mut dialog = Self {
            request,
            folder: PathBuf::new(),
            folder_edit: String::new(),
            name,
            entries: Vec::new(),
            problem: None,
            replace: None,
            focused: false,
            picked: None,
        };
        dialog.go_to(folder);
        dialog
    }

    /// Lists `folder` (its subfolders, then the accepted files, each by name, at most
    /// [`MAX_LISTED`]); an unreadable folder is named in the dialog and nothing changes. A folder
    /// that does not exist yet becomes the folder for a save or an export (made when chosen).
    fn go_to(&mut self, folder: PathBuf) {
        let folder = home_expanded(folder);
        let folder = if folder.is_relative() {
            self.folder.join(folder)
        } else {
            folder
        };
        let folder = without_dot_dots(&folder);
        match std::fs::read_dir(&folder) {
            Ok(read) => {
                let mut entries: Vec<(String, bool)> = read
                    .filter_map(Result::ok)
                    .filter_map(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        let is_dir = e.path().is_dir();
                        let shown = !name.starts_with('.')
                            && (is_dir
                                || (self.request.mode != Mode::Folder
                                    && self.request.accepts(&e.path())));
                        shown.then_some((name, is_dir))
                    })
                    .take(MAX_LISTED)
                    .collect();
                entries.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                self.entries = entries;
                self.folder_edit = folder.display().to_string();
                self.folder = folder;
                self.problem = None;
            }
            Err(e)
                if e.kind() == std::io::ErrorKind::NotFound
                    && self.request.mode != Mode::Open
                    && limber_core::folders::check_folder(&folder).is_ok() =>
            {
                self.entries.clear();
                self.folder_edit = folder.display().to_string();
                self.folder = folder;
                self.problem = None;
            }
            Err(e) => {
                self.problem = Some(match limber_core::folders::check_folder(&folder) {
                    Err(in_the_way) => in_the_way.to_string(),
                    Ok(()) => format!("{}: {e}", folder.display()),
                })
            }
        }
        self.replace = None;
        self.picked = None;
    }

    /// A folder named in the file name field ("sub", "../art", an absolute path): the dialog
    /// opens it instead of answering, and the name goes back to the suggested one (none to open).
    fn open_folder_named(&mut self) -> bool {
        let typed = self.name.trim();
        if typed.is_empty() {
            return false;
        }
        let target = self.folder.join(home_expanded(PathBuf::from(typed)));
        if !target.is_dir() {
            return false;
        }
        self.go_to(target);
        self.name = match self.request.mode {
            Mode::Save => self.request.file_name.clone(),
            Mode::Open | Mode::Folder => String::new(),
        };
        true
    }

    /// Whether the folder answered is yet to be made.
    fn folder_is_new(&self) -> bool {
        std::fs::symlink_metadata(&self.folder).is_err()
    }

    /// The path the dialog would answer now, or why it cannot.
    fn answer(&self) -> Result<PathBuf, Unanswered> {
        if self.request.mode == Mode::Folder {
            return Ok(self.folder.clone());
        }
        let name = self.name.trim();
        if name.is_empty() {
            return Err(Unanswered::NoName);
        }
        let mut path = self.folder.join(name);
        if self.request.mode == Mode::Save && !self.request.accepts(&path) {
            let ext = self.request.extensions.first().copied().unwrap_or("limber");
            path = PathBuf::from(format!("{}.{ext}", path.display()));
        }
        if self.request.mode == Mode::Open && !path.is_file() {
            return Err(Unanswered::NoSuchFile(path));
        }
        if self.request.mode == Mode::Save && path.is_dir() {
            return Err(Unanswered::Folder(path));
        }
        Ok(path)
    }

    /// Shows the dialog: `Some(Some(path))` once chosen, `Some(None)` when cancelled.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Option<PathBuf>> {
        let mut result = None;
        let id = egui::Id::unique("limber_file_dialog");
        // Anchored by its top, with its messages under its buttons: a message appearing (or a
        // folder's listing changing size) moves nothing above it, so no control slides under the
        // pointer between two clicks.
        let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, [0.0, 96.0]);
        egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(self.request.title);
            ui.horizontal(|ui| {
                let label = ui.label("Folder:");
                let field =
                    ui.add(egui::TextEdit::singleline(&mut self.folder_edit).desired_width(400.0));
                let field = field.labelled_by(label.id);
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    self.go_to(PathBuf::from(self.folder_edit.trim()));
                }
                if ui.button("Up").clicked()
                    && let Some(parent) = self.folder.parent()
                {
                    self.go_to(parent.to_path_buf());
                }
            });
            let mut go = None;
            let mut confirm = false;
            let none_here = (self.request.mode == Mode::Open
                && self.entries.iter().all(|(_, is_dir)| *is_dir))
            .then(|| self.request.none_here());
            // A listing of one size whatever the folder holds, so the fields below stay put.
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (name, is_dir) in &self.entries {
                        let text = if *is_dir {
                            format!("{name}/")
                        } else {
                            name.clone()
                        };
                        let entry = ui.selectable_label(self.name == *name, text);
                        // A double- or triple-click's later clicks are not fresh choices.
                        if entry.double_clicked() || entry.triple_clicked() {
                            // Its first click chose this file here: open it. (A first click that
                            // opened a folder left nothing picked, so nothing happens.)
                            confirm |= !*is_dir && self.picked.as_ref() == Some(name);
                        } else if entry.clicked() {
                            if *is_dir {
                                go = Some(self.folder.join(name));
                            } else {
                                self.name.clone_from(name);
                                self.picked = Some(name.clone());
                            }
                        }
                    }
                    if let Some(none_here) = &none_here {
                        ui.weak(none_here);
                    }
                });
            if let Some(folder) = go {
                self.go_to(folder);
            }
            if self.request.mode != Mode::Folder {
                ui.horizontal(|ui| {
                    let label = ui.label("File name:");
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.name).desired_width(400.0))
                        .labelled_by(label.id);
                    if !self.focused {
                        field.request_focus();
                        self.focused = true;
                    }
                    if field.changed() {
                        self.replace = None;
                        self.picked = None;
                    }
                    confirm |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                });
            }
            ui.horizontal(|ui| {
                let ok = match self.request.mode {
                    Mode::Open => "Open file",
                    Mode::Save => "Save file",
                    Mode::Folder => "Use this folder",
                };
                confirm |= ui.button(ok).clicked();
                if ui.button("Cancel").clicked() {
                    result = Some(None);
                }
            });
            if let Some(problem) = &self.problem {
                ui.colored_label(ui.visuals().warn_fg_color, problem);
            } else if self.folder_is_new() {
                ui.label(format!(
                    "{} does not exist yet: it is made when you choose it",
                    self.folder.display()
                ));
            }
            if confirm {
                // The folder typed is the answer's, even without Enter pressed in its field.
                let typed = self.folder_edit.trim().to_string();
                if typed != self.folder.display().to_string() {
                    self.go_to(PathBuf::from(typed));
                    confirm = self.problem.is_none();
                }
            }
            if confirm && self.request.mode != Mode::Folder && self.open_folder_named() {
                confirm = false;
            }
            if confirm && self.request.mode != Mode::Open && self.folder_is_new() {
                // Made on use, so whatever is done with the answer has its folder.
                if let Err(e) = limber_core::folders::ensure_folder(&self.folder) {
                    self.problem = Some(e.to_string());
                    confirm = false;
                }
            }
            if confirm {
                match self.answer() {
                    Ok(path) if self.request.mode == Mode::Save && path.exists() => {
                        if self.replace.as_ref() == Some(&path) {
                            result = Some(Some(path));
                        } else {
                            self.problem = Some(format!(
                                "{} exists: Save file again to replace it",
                                path.display()
                            ));
                            self.replace = Some(path);
                        }
                    }
                    Ok(path) => result = Some(Some(path)),
                    Err(problem) => self.problem = Some(problem.to_string()),
                }
            }
        });
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            result = Some(None);
        }
        result
    }
}

/// `path` with a leading `~` read as the home folder (as a shell would), else as it is.
fn home_expanded(path: PathBuf) -> PathBuf {
    let Ok(rest) = path.strip_prefix("~") else {
        return path;
    };
    match std::env::var_os("HOME") {
        Some(home) => PathBuf::from(home).join(rest),
        None => path,
    }
}

/// `path` with its `.` and `..` steps taken (`/art/sub/../x` is `/art/x`), as the folder field
/// shows it; a `..` above the root stays at the root.
fn without_dot_dots(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut clean = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if clean.file_name().is_some() {
                    clean.pop();
                } else if !clean.has_root() {
                    clean.push(part);
                }
            }
            other => clean.push(other),
        }
    }
    clean
}

/// Why the dialog cannot answer yet (shown under its buttons).
#[derive(Debug, thiserror::Error)]
enum Unanswered {
    #[error("type a file name")]
    NoName,
    #[error("{}: no such file", .0.display())]
    NoSuchFile(PathBuf),
    #[error("{}: is a folder", .0.display())]
    Folder(PathBuf),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_dots_are_taken_and_never_climb_past_the_root() {
        let clean = |p: &str| without_dot_dots(Path::new(p));
        assert_eq!(clean("/art/sub/../x/./y"), PathBuf::from("/art/x/y"));
        assert_eq!(clean("/../a"), PathBuf::from("/a"));
        assert_eq!(clean("../../a"), PathBuf::from("../../a"));
        assert_eq!(clean("./a/.."), PathBuf::from(""));
    }

    #[test]
    fn a_leading_tilde_is_the_home_folder() {
        let home = PathBuf::from(std::env::var_os("HOME").expect("HOME is set"));
        assert_eq!(home_expanded(PathBuf::from("~/art")), home.join("art"));
        assert_eq!(home_expanded(PathBuf::from("~")), home);
        assert_eq!(home_expanded(PathBuf::from("a/~")), PathBuf::from("a/~"));
    }
}
