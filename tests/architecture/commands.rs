//! How the window changes the editor: through commands, not side doors. Every change a panel,
//! menu or shortcut makes is `editor.run(Command::…)`; what else `src/app` may call on `Editor`
//! that takes `&mut self` is named in [`ENTRY_POINTS`] with the reason (pointer input, ticking,
//! view state, the window's lifecycle). The window borrows no sub-model mutably (no `…_mut()`),
//! undo steps are opened only by the `Step` guard and the tools' one drag dispatch, and no drag
//! keeps its state in egui memory.

use std::collections::BTreeSet;
use std::path::Path;

use super::rust_files;

/// The `&mut self` methods of `Editor` the window may call besides `run`, and why.
const ENTRY_POINTS: &[(&str, &str)] = &[
    ("run", "the one way in for commands"),
    // Pointer input: a drag's press, moves and release (one dispatch, one undo step each).
    ("press", "viewport pointer"),
    ("press_pan", "viewport pointer"),
    ("press_widget", "a panel widget's drag begins"),
    ("drag_to", "pointer moves during a drag"),
    ("release", "a drag ends"),
    ("cancel_drag", "Esc during a drag"),
    ("click", "viewport pointer"),
    (
        "delete_shape_vertex_at",
        "viewport right-click on a shape's point",
    ),
    ("set_drag_shift", "Shift held during a drag"),
    ("press_sheet", "dopesheet pointer"),
    ("click_sheet", "dopesheet pointer"),
    ("scrub_to", "the ruler moves the playhead"),
    ("press_curve", "curve editor pointer"),
    ("click_curve", "curve editor pointer"),
    // The view: camera and the curve editor's frame, help windows, onion drawing.
    ("fit", "the viewport's size"),
    ("zoom_view", "wheel"),
    ("pan_view", "middle drag"),
    ("set_viewport_center", "the viewport's rectangle"),
    ("zoom_curve_values", "wheel in the curve editor"),
    ("pan_curve_values", "middle drag in the curve editor"),
    ("set_onion", "how onion skins are drawn"),
    ("set_show_help", "the help window"),
    ("set_help_page", "the help window"),
    ("set_status", "the status line"),
    (
        "clear_status",
        "the user acted again: the last message goes",
    ),
    // Time: playback and background jobs.
    ("tick", "playback"),
    ("tick_transition", "transition preview"),
    ("poll_jobs", "background jobs ended"),
    ("cancel_job", "a job's Cancel"),
    // The window's lifecycle.
    ("open", "a project replaces the document"),
    (
        "take_new_document",
        "a layered file opened as a new document",
    ),
    (
        "set_layout",
        "the remembered layout carried into a new editor",
    ),
    (
        "take_layout",
        "the remembered layout carried into a new editor",
    ),
    ("set_confirm_close", "the close prompt"),
    ("set_export_renderer", "the window's GPU for exports"),
];

/// The names of the `&mut self` methods in `impl Editor` blocks of `source`.
fn mutating_methods(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut inside = false;
    for line in source.lines() {
        if line.starts_with("impl Editor {") {
            inside = true;
        } else if line.starts_with('}') {
            inside = false;
        } else if inside
            && let Some(rest) = line.trim_start().strip_prefix("pub fn ")
            && let Some((name, args)) = rest.split_once('(')
            && args.trim_start().starts_with("&mut self")
        {
            names.insert(name.split('<').next().unwrap_or(name).to_string());
        }
    }
    names
}

/// Each `editor.NAME(` (or `self.editor.NAME(`) call in `source`, as (line, NAME).
fn editor_calls(source: &str) -> Vec<(usize, String)> {
    let mut calls = Vec::new();
    for (number, line) in source.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("editor.") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "editor.".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if rest[name.len()..].starts_with('(') {
                calls.push((number + 1, name));
            }
        }
    }
    calls
}

fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("a source file is readable");
            (f.display().to_string(), text)
        })
        .collect()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_window_changes_the_editor_only_through_commands() {
    // The scans find what they look for.
    let methods = mutating_methods(
        "impl Editor {\n    pub fn rename_slot(&mut self, a: &str) -> bool {\n    }\n    pub fn name(&self) {}\n}\n",
    );
    assert_eq!(methods, BTreeSet::from(["rename_slot".to_string()]));
    assert_eq!(
        editor_calls("x.editor.rename_slot(a); my_editor.run(b); editor.view().x"),
        [(1, "rename_slot".to_string()), (1, "view".to_string())]
    );

    let mutating: BTreeSet<String> = sources(&root().join("crates/limber-editor/src"))
        .iter()
        .flat_map(|(_, text)| mutating_methods(text))
        .collect();
    assert!(
        mutating.contains("run") && mutating.contains("press"),
        "found Editor's methods: {mutating:?}"
    );
    let allowed: BTreeSet<&str> = ENTRY_POINTS.iter().map(|(name, _)| *name).collect();
    let mut side_doors = Vec::new();
    let mut runs = 0;
    for (file, text) in sources(&root().join("src/app")) {
        for (line, name) in editor_calls(&text) {
            runs += usize::from(name == "run");
            if mutating.contains(&name) && !allowed.contains(name.as_str()) {
                side_doors.push(format!("{file}:{line}: editor.{name}(…)"));
            }
        }
    }
    assert!(runs > 50, "the window runs its commands: {runs} calls");
    assert!(
        side_doors.is_empty(),
        "the window changes the editor outside `run`; make each a `Command` (see ARCHITECTURE.md, \
         \"How to add a command\"):\n{}",
        side_doors.join("\n")
    );
}

#[test]
fn the_window_borrows_no_sub_model_mutably() {
    let mut found = Vec::new();
    for (file, text) in sources(&root().join("src/app")) {
        for (line, name) in editor_calls(&text) {
            if name.ends_with("_mut") {
                found.push(format!("{file}:{line}: editor.{name}()"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the window reaches into the editor's state:\n{}",
        found.join("\n")
    );
}

/// The files allowed to open or close an undo step by hand: the guard itself and the tools' one
/// dispatch.
const RAW_STEPS: &[&str] = &["step.rs", "tools/mod.rs"];

#[test]
fn undo_steps_open_only_through_the_guard_and_the_drag_dispatch() {
    let src = root().join("crates/limber-editor/src");
    let mut raw = BTreeSet::new();
    let mut outside = Vec::new();
    for (file, text) in sources(&src) {
        let relative = file
            .strip_prefix(&src.display().to_string())
            .unwrap_or(&file)
            .trim_start_matches('/')
            .to_string();
        if relative == "document.rs" {
            continue;
        }
        for (number, line) in text.lines().enumerate() {
            let opens = [".begin()", ".commit()", ".cancel()"]
                .iter()
                .any(|call| line.contains(&format!("document{call}")));
            if opens {
                raw.insert(relative.clone());
                if !RAW_STEPS.contains(&relative.as_str()) {
                    outside.push(format!("{relative}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        outside.is_empty(),
        "an undo step opened or closed by hand; use `editor.step()` and `commit()`:\n{}",
        outside.join("\n")
    );
    let stale: Vec<&&str> = RAW_STEPS.iter().filter(|f| !raw.contains(**f)).collect();
    assert!(
        stale.is_empty(),
        "no longer raw, take out of RAW_STEPS: {stale:?}"
    );
    // The window opens none at all.
    for (file, text) in sources(&root().join("src/app")) {
        assert!(
            !text.contains(".begin()") && !text.contains(".commit()"),
            "{file} opens an undo step by hand"
        );
    }
}

/// The lines of `text` that keep something in egui's memory (`data_mut`, `memory_mut`) whose type
/// or id speaks of a drag.
fn drags_in_egui_memory(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or_default();
            (code.contains("data_mut") || code.contains("memory_mut"))
                && code.to_lowercase().contains("drag")
        })
        .map(|(number, line)| (number + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn no_drag_state_lives_in_egui_memory() {
    assert_eq!(
        drags_in_egui_memory(
            "ui.data_mut(|d| d.insert_temp(id, FieldDrag { start }));\n\
             ui.data_mut(|d| d.insert_temp(search_id(), query));\n"
        ),
        [(
            1,
            "ui.data_mut(|d| d.insert_temp(id, FieldDrag { start }));".to_string()
        )],
        "the scan finds a drag kept in egui memory"
    );
    let mut found = Vec::new();
    for (file, text) in sources(&root().join("src/app")) {
        for (line, code) in drags_in_egui_memory(&text) {
            found.push(format!("{file}:{line}: {code}"));
        }
    }
    assert!(
        found.is_empty(),
        "a drag kept in egui memory; make it a `Drag` of the editor's one dispatch \
         (crates/limber-editor/src/tools/):\n{}",
        found.join("\n")
    );
}

/// The lines of `text` that build egui's drag value directly.
fn raw_number_fields(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or_default();
            code.contains("DragValue::new(")
        })
        .map(|(number, line)| (number + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn every_number_field_applies_typed_text_once() {
    assert_eq!(
        raw_number_fields("ui.add(egui::DragValue::new(&mut x));\nui.add(number_field(&mut y));\n"),
        [(1, "ui.add(egui::DragValue::new(&mut x));".to_string())],
        "the scan finds a drag value built directly"
    );
    let mut found = Vec::new();
    for (file, text) in sources(&root().join("src/app")) {
        if file.ends_with("number_field.rs") {
            continue;
        }
        for (line, code) in raw_number_fields(&text) {
            found.push(format!("{file}:{line}: {code}"));
        }
    }
    assert!(
        found.is_empty(),
        "a number field built without src/app/number_field.rs (it would apply each typed key as \
         an edit of its own):\n{}",
        found.join("\n")
    );
}
