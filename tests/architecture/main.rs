//! The layers' rules that the compiler does not check: the editor's model (`limber-editor`) depends
//! on no GPU crate (`cargo tree -p limber-editor -e normal` names neither wgpu nor limber-render),
//! `Editor` has no `pub` field (its state lives in sub-models read through methods), and the
//! modules of each library crate import each other in no circle (`module_circles`), and the window
//! changes the editor only through commands ([`commands`]), `Editor` stays a coordinator of at most
//! 120 methods with no one-line forwarder ([`editor_size`]), and every number field applies typed
//! text once ([`commands`]). The docs cite only paths that exist
//! ([`cited_paths`]), every error is typed ([`typed_errors`]), and the integration tests stay one
//! suite grouped by feature with no `#[path]` include ([`test_layout`]).

mod cited_paths;
mod commands;
mod editor_size;
mod test_layout;
mod typed_errors;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crates `limber-editor` builds on in normal use, one `name vX.Y.Z` a line.
fn editor_dependencies() -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--offline",
            "-p",
            "limber-editor",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cargo tree prints UTF-8")
}

#[test]
fn the_editor_model_depends_on_no_gpu_crate() {
    let tree = editor_dependencies();
    assert!(
        tree.lines().any(|l| l.starts_with("limber-core ")),
        "the tree lists the editor's dependencies:\n{tree}"
    );
    let gpu: Vec<&str> = tree
        .lines()
        .filter(|l| {
            let name = l.split_whitespace().next().unwrap_or_default();
            name == "limber-render" || name.starts_with("wgpu") || name == "egui-wgpu"
        })
        .collect();
    assert!(gpu.is_empty(), "limber-editor depends on {gpu:?}");
}

/// The fields of `pub struct Editor` in `editor.rs` declared `pub` (not `pub(crate)`).
fn public_editor_fields(source: &str) -> Vec<String> {
    let Some(start) = source.find("pub struct Editor {") else {
        return vec!["(no `pub struct Editor {` found)".into()];
    };
    source[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('}'))
        .map(str::trim)
        .filter(|l| l.starts_with("pub ") || l.starts_with("pub\t"))
        .map(str::to_string)
        .collect()
}

#[test]
fn editor_has_no_public_field() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/limber-editor/src/editor.rs");
    let source = std::fs::read_to_string(&path).expect("editor.rs is readable");
    assert_eq!(
        public_editor_fields("pub struct Editor {\n    pub camera: Camera,\n    mode: Mode,\n}\n"),
        ["pub camera: Camera,"],
        "the scan finds a public field"
    );
    let public = public_editor_fields(&source);
    assert!(public.is_empty(), "Editor has public fields: {public:?}");
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder is readable") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module a source file is (`tools::pose` for `src/tools/pose.rs`, `tools` for its `mod.rs`);
/// `None` for `lib.rs`.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?.with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    (parts != ["lib"]).then(|| parts.join("::"))
}

/// `a::{b, c::{d, e}}` spelled out: `a::b`, `a::c::d`, `a::c::e` (an `as` name dropped).
fn use_paths(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or_default();
        return vec![path.replace(' ', "")];
    };
    let prefix = tree[..open].replace(' ', "");
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut items, mut depth, mut current) = (Vec::new(), 0, String::new());
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    items.push(current);
    items
        .iter()
        .filter(|i| !i.trim().is_empty())
        .flat_map(|i| use_paths(&format!("{prefix}{}", i.trim())))
        .collect()
}

/// The module of `modules` a path in module `from` names (the longest one), when it is another
/// module of the crate and not one around `from`.
fn target(from: &str, path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<&str> = from.split("::").collect();
    let rest: &[&str] = match segments.first() {
        Some(&"crate") => {
            base.clear();
            &segments[1..]
        }
        Some(&"self") => &segments[1..],
        Some(&"super") => {
            let supers = segments.iter().take_while(|s| **s == "super").count();
            base.truncate(base.len().saturating_sub(supers));
            &segments[supers..]
        }
        Some(first) if modules.contains(&format!("{from}::{first}")) => &segments[..],
        _ => return None,
    };
    (1..=rest.len())
        .rev()
        .map(|n| {
            base.iter()
                .chain(&rest[..n])
                .copied()
                .collect::<Vec<_>>()
                .join("::")
        })
        .find(|m| modules.contains(m))
        .filter(|m| m != from && !from.starts_with(&format!("{m}::")))
}

/// Module → the modules it imports: its `use` declarations and the `crate::`/`super::` paths in its
/// code (comments and its `#[cfg(test)] mod tests` left out).
fn imports(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (module, source) in sources {
        let code: String = source
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default()
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        let mut paths = Vec::new();
        let mut rest = code.as_str();
        while let Some(at) = rest.find("use ") {
            let before = rest[..at].chars().next_back();
            let after = &rest[at + 4..];
            let end = after.find(';').unwrap_or(after.len());
            if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
                paths.extend(use_paths(&after[..end]));
            }
            rest = &after[end.min(after.len())..];
        }
        for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if word.starts_with("crate::") || word.starts_with("super::") {
                paths.push(word.trim_end_matches(':').to_string());
            }
        }
        let targets = paths
            .iter()
            .filter_map(|p| target(module, p, &modules))
            .collect();
        edges.insert(module.clone(), targets);
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(walk: &mut Walk<'a>, v: &'a str) {
        let n = walk.index.len();
        walk.index.insert(v, n);
        walk.low.insert(v, n);
        walk.stack.push(v);
        for w in walk.edges.get(v).into_iter().flatten() {
            if !walk.index.contains_key(w.as_str()) {
                visit(walk, w);
                let low = walk.low[v].min(walk.low[w.as_str()]);
                walk.low.insert(v, low);
            } else if walk.stack.contains(&w.as_str()) {
                let low = walk.low[v].min(walk.index[w.as_str()]);
                walk.low.insert(v, low);
            }
        }
        if walk.low[v] == walk.index[v] {
            let mut component = Vec::new();
            while let Some(w) = walk.stack.pop() {
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                walk.found.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found
}

#[test]
fn module_circles() {
    let sample: BTreeMap<String, String> = [
        (
            "editor",
            "use super::jobs::Jobs;\nuse crate::tools::{Drag, pose::Pose};",
        ),
        ("jobs", "use std::sync::Arc;\n"),
        ("tools", "use super::editor::Editor;"),
        (
            "tools::pose",
            "use super::Press;\nfn f(e: &crate::jobs::Jobs) {}",
        ),
    ]
    .into_iter()
    .map(|(m, s)| (m.to_string(), s.to_string()))
    .collect();
    let edges = imports(&sample);
    assert_eq!(
        edges["editor"],
        BTreeSet::from(["jobs".to_string(), "tools".into(), "tools::pose".into()])
    );
    assert_eq!(edges["tools::pose"], BTreeSet::from(["jobs".to_string()]));
    assert_eq!(
        circles(&edges),
        [["editor", "tools"]],
        "the scan finds a circle"
    );

    for krate in ["limber-core", "limber-render", "limber-export"] {
        let found = crate_circles(krate);
        assert!(
            found.is_empty(),
            "{krate}'s modules import each other in a circle: {found:?}; move what both need into \
             a module of its own below them (as Part is in core's part.rs, EditError in edit_error.rs)"
        );
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/limber-editor/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let sources: BTreeMap<String, String> = files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).expect("a source file is readable");
            Some((module_of(&src, f)?, text))
        })
        .collect();
    assert!(
        sources.len() > 40,
        "found the editor's modules: {}",
        sources.len()
    );
    let edges = imports(&sources);
    let found = circles(&edges);
    assert!(
        found.is_empty(),
        "limber-editor's modules import each other in a circle: {found:?}; move the state type a \
         module above imports into a module below it (as the drags' state is in tools/drag_state.rs)"
    );
}

/// The import circles among the modules of workspace crate `krate`.
fn crate_circles(krate: &str) -> Vec<Vec<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(krate)
        .join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let sources: BTreeMap<String, String> = files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).expect("a source file is readable");
            Some((module_of(&src, f)?, text))
        })
        .collect();
    circles(&imports(&sources))
}
