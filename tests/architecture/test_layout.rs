//! The integration tests stay grouped: `tests/` holds no loose test file (each is a module of a group
//! in `tests/suite/`, so the whole suite links once), and no test file borrows another by a
//! `#[path]` include (shared helpers are modules of `tests/suite/common`).

use std::path::{Path, PathBuf};

use super::rust_files;

/// The lines of `text` that include a file by `#[path = …]`.
fn path_includes(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.trim_start().starts_with("#[path"))
        .map(|(number, line)| (number + 1, line.trim().to_string()))
        .collect()
}

/// Every `.rs` file under the test folders of the root package and of the workspace's crates.
fn test_sources(root: &Path) -> Vec<PathBuf> {
    let mut folders = vec![root.join("tests")];
    let crates = std::fs::read_dir(root.join("crates")).expect("the crates folder is readable");
    for entry in crates {
        let tests = entry.expect("a folder entry").path().join("tests");
        if tests.is_dir() {
            folders.push(tests);
        }
    }
    let mut files = Vec::new();
    for folder in folders {
        rust_files(&folder, &mut files);
    }
    files.retain(|f| !f.components().any(|c| c.as_os_str() == "node_modules"));
    files
}

#[test]
fn no_test_file_is_included_by_path() {
    assert_eq!(
        path_includes("mod a;\n  #[path = \"common/x.rs\"]\nmod x;\n// #[path] in a comment\n"),
        [(2, "#[path = \"common/x.rs\"]".to_string())],
        "the scan finds an include"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = test_sources(root);
    assert!(files.len() > 60, "read the tests: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a test file is readable");
        for (line, code) in path_includes(&text) {
            found.push(format!("{}:{line}: {code}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "a #[path] include; make the file a module of its group instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_root_tests_folder_holds_no_loose_test_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let loose: Vec<String> = std::fs::read_dir(&root)
        .expect("the tests folder is readable")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        loose.is_empty(),
        "a test file outside tests/suite (each one more binary to link); move it into its group \
         under tests/suite/ and name it in the group's mod.rs: {loose:?}"
    );
    assert!(root.join("suite/main.rs").is_file(), "the suite exists");
}
