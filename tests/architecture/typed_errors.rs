//! Errors are typed in every crate (`thiserror` enums a caller can match): no `Result<_, String>`.

use std::path::Path;

use super::rust_files;

/// The lines of `text` that declare a `Result` whose error is a bare `String`.
fn string_results(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or_default();
            code.contains("Result<") && code.contains(", String>")
        })
        .map(|(number, line)| (number + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn no_result_carries_a_bare_string() {
    assert_eq!(
        string_results("fn a() -> Result<(Vec<u8>, [u32; 2]), String> {\n// Result<(), String>\n"),
        [(
            1,
            "fn a() -> Result<(Vec<u8>, [u32; 2]), String> {".to_string()
        )],
        "the scan finds a string error"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "crates"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 200, "read the sources: {}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file is readable");
        for (line, code) in string_results(&text) {
            found.push(format!("{}:{line}: {code}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "a Result with a String error; give it a typed error (thiserror):\n{}",
        found.join("\n")
    );
}
