//! `Editor` stays a coordinator: at most [`MOST_METHODS`] methods over all its `impl Editor`
//! blocks, and none of them a one-line forwarder to a sub-model's method of the same name (a
//! feature's behaviour lives in its own module: a read-only view, commands carried out by functions
//! over the undo `Step`, typed errors turned into the status line by `Editor::run`).

use std::path::Path;

use super::rust_files;

/// One-line methods that hand something owned out of the editor to the window (no setter, no
/// query: the window needs the value itself), and why.
const HANDED_OUT: &[(&str, &str)] = &[
    (
        "take_layout",
        "the window carries the remembered layout into the editor of a new document",
    ),
    (
        "take_new_document",
        "a layered file opened as a new document: the window makes its editor",
    ),
];

/// The most methods `Editor` may have (it had 325 before the features became models of their own).
const MOST_METHODS: usize = 120;

/// Every method of an `impl Editor` block in `source`: (name, its body's lines), found by
/// indentation (rustfmt's: the block at column 0, its methods at 4 spaces, each closing at 4).
fn editor_methods(source: &str) -> Vec<(String, Vec<String>)> {
    let mut methods = Vec::new();
    let mut in_impl = false;
    let mut current: Option<(String, Vec<String>)> = None;
    for line in source.lines() {
        if line.starts_with("impl Editor {") || line.starts_with("impl<'a> Editor {") {
            in_impl = true;
            continue;
        }
        if !in_impl {
            continue;
        }
        if line.starts_with('}') {
            in_impl = false;
            continue;
        }
        if let Some((_, body)) = current.as_mut() {
            if line == "    }" {
                methods.extend(current.take());
            } else {
                body.push(line.trim().to_string());
            }
            continue;
        }
        let signature = line.trim_start();
        let indent = line.len() - signature.len();
        if indent != 4 {
            continue;
        }
        let words = signature
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("const ");
        if let Some(rest) = words.strip_prefix("fn ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if signature.ends_with('}') {
                // A one-line method: `fn f(&self) -> T { … }`.
                let body = signature
                    .split_once('{')
                    .map(|(_, b)| b.trim_end_matches('}').trim().to_string());
                methods.push((name, body.into_iter().collect()));
            } else {
                current = Some((name, Vec::new()));
            }
        }
    }
    methods
}

/// Whether a method's body only hands its call on to a sub-model's method of the same name,
/// e.g. `self.view.set_onion(onion)` in `fn set_onion`.
fn forwards(name: &str, body: &[String]) -> bool {
    let code: Vec<&String> = body.iter().filter(|l| !l.starts_with("//")).collect();
    let [line] = code.as_slice() else {
        return false;
    };
    line.starts_with("self.") && line.contains(&format!(".{name}("))
}

fn all_methods() -> Vec<(String, String, Vec<String>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/limber-editor/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file is readable");
        let shown = file
            .strip_prefix(&src)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (name, body) in editor_methods(&text) {
            all.push((shown.clone(), name, body));
        }
    }
    all
}

#[test]
fn the_scan_finds_methods_and_forwarders() {
    let source = "impl Editor {\n    pub fn a(&self) -> u8 {\n        self.view.a()\n    }\n\n    \
                  fn b(&mut self) {\n        let x = 1;\n        self.c(x);\n    }\n    \
                  pub fn d(&self) -> u8 { 1 }\n}\nfn outside() {}\n";
    let methods = editor_methods(source);
    let names: Vec<&str> = methods.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "b", "d"]);
    assert!(forwards("a", &methods[0].1));
    assert!(!forwards("b", &methods[1].1));
}

#[test]
fn editor_is_a_coordinator_of_at_most_120_methods() {
    let methods = all_methods();
    assert!(
        methods.len() > 20,
        "found Editor's methods: {}",
        methods.len()
    );
    let mut per_file = std::collections::BTreeMap::<&str, usize>::new();
    for (file, _, _) in &methods {
        *per_file.entry(file).or_default() += 1;
    }
    assert!(
        methods.len() <= MOST_METHODS,
        "Editor has {} methods (at most {MOST_METHODS}): move a feature's behaviour into its own \
         module (a view read through one accessor, commands carried out over the Step). Per file: \
         {per_file:?}",
        methods.len()
    );
}

#[test]
fn editor_has_no_one_line_forwarder() {
    let forwarders: Vec<String> = all_methods()
        .into_iter()
        .filter(|(_, name, body)| forwards(name, body))
        .filter(|(_, name, _)| HANDED_OUT.iter().all(|(allowed, _)| allowed != name))
        .map(|(file, name, _)| format!("{file}: {name}"))
        .collect();
    assert!(
        forwarders.is_empty(),
        "Editor methods that only forward to a sub-model (read the sub-model through its \
         accessor instead): {forwarders:?}"
    );
}
