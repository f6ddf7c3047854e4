//! Every path the README, ARCHITECTURE.md and docs/ cite in backticks exists: a file or folder of
//! the repository named from its root (`src/…`, `crates/…`, `tests/…`, `docs/…`, …), with a Rust
//! item after `::` or a glob left out. A path that moved must be followed in the docs.

use std::path::Path;

/// The repository's top folders a cited path may start with.
const ROOTS: &[&str] = &[
    "src/", "crates/", "tests/", "bench/", "benches/", "fuzz/", "docs/", "assets/", "shaders/",
];

/// The paths cited in backticks in `text`, with their line numbers.
fn cited_paths(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for (i, quoted) in line.split('`').enumerate() {
            let path = quoted.split("::").next().unwrap_or_default();
            let cited = i % 2 == 1
                && ROOTS.iter().any(|root| path.starts_with(root))
                && !path.contains(char::is_whitespace)
                && !path.contains(['*', '{', '…']);
            if cited {
                found.push((number + 1, path.to_string()));
            }
        }
    }
    found
}

#[test]
fn every_path_the_docs_cite_exists() {
    assert_eq!(
        cited_paths(
            "see `src/app/ui.rs` and `tests/x.rs::tests::a`, not `cargo test` or `src/*.rs`"
        ),
        [
            (1, "src/app/ui.rs".to_string()),
            (1, "tests/x.rs".to_string())
        ],
        "the scan finds cited paths"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/ is readable") {
        let path = entry.expect("a folder entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            documents.push(path);
        }
    }
    let mut missing = Vec::new();
    let mut checked = 0;
    for document in &documents {
        let text = std::fs::read_to_string(document).expect("a document is readable");
        for (line, path) in cited_paths(&text) {
            checked += 1;
            if !root.join(&path).exists() {
                missing.push(format!("{}:{line}: {path}", document.display()));
            }
        }
    }
    assert!(checked > 100, "the docs cite their paths: {checked} found");
    assert!(
        missing.is_empty(),
        "paths cited in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}
