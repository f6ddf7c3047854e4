//! Every command the README, the user guide (`docs/GUIDE.md`) and the other documents in `docs/`
//! show runs as written: each
//! document gets a fresh folder, `limber sample .` writes the sample there (`projects/zombie.limber`
//! and `sprites/kenney_zombie_walk0.png`), and then the document's commands run in that folder, in
//! the order the document gives them, each exiting 0. A later command may use what an earlier one
//! wrote.
//!
//! Which lines are commands:
//!
//! - a line of a code block — indented by four spaces after a blank line, or inside a ``` fence —
//!   that starts with `limber` (or `cargo run --release --`, the same binary from the source tree);
//!   a line ending in `\` goes on with the next;
//! - except in a fence whose info string is `synopsis`: usage lines with placeholders (`IMAGE.png`,
//!   `[--json]`), which are not meant to run as written;
//! - and except the commands that open the editor's window (`limber` alone, `limber open …`, and
//!   `cargo run --release` alone): they need a display, so they are counted, not run.
//!
//! Words split as a shell splits them (spaces, quotes, backslashes); a `#` starting a word begins a
//! comment. Anything else a shell would read (pipes, redirections, `$`, `;`, `&`, globs, brackets)
//! fails the test: a documented command stays simple enough to run as typed.

use std::path::Path;
use std::process::Command;

use crate::common;

/// The fence info string of usage lines, which are not run.
const SYNOPSIS: &str = "synopsis";

/// Characters a shell would read as more than a word's text, outside quotes.
const SHELL_SYNTAX: &[char] = &[
    '|', '&', ';', '<', '>', '$', '`', '*', '?', '[', ']', '(', ')', '{', '}', '~',
];

/// A command line found in a document.
#[derive(Debug, PartialEq)]
struct Found {
    /// The line it starts on (from 1).
    line: usize,
    /// The line as written (continuations joined).
    text: String,
    /// Its arguments after `limber`, or why they cannot be run as written.
    args: Result<Vec<String>, String>,
}

impl Found {
    /// Whether it opens the editor's window: no arguments, or `open`.
    fn opens_the_window(&self) -> bool {
        self.args
            .as_ref()
            .is_ok_and(|args| args.first().is_none_or(|first| first == "open"))
    }
}

/// Splits `line` into words as a shell would, or says which shell syntax it uses.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            '#' if !started => break,
            '\\' => {
                word.extend(chars.next());
                started = true;
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("an unclosed ' quote".into()),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => word.extend(chars.next()),
                        Some(c @ ('$' | '`')) => return Err(format!("`{c}` inside quotes")),
                        Some(c) => word.push(c),
                        None => return Err("an unclosed \" quote".into()),
                    }
                }
            }
            c if SHELL_SYNTAX.contains(&c) => {
                return Err(format!(
                    "`{c}` is shell syntax or a placeholder: keep documented commands simple, \
                     or fence usage lines as ```{SYNOPSIS}"
                ));
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

/// The arguments of `text` after `limber` when it is a limber command line, else `None`.
fn limber_args(text: &str) -> Option<Result<Vec<String>, String>> {
    let skip = if text == "limber" || text.starts_with("limber ") {
        1
    } else if text == "cargo run --release" {
        3
    } else if text.starts_with("cargo run --release -- ") {
        4
    } else {
        return None;
    };
    Some(split_words(text).map(|words| words.into_iter().skip(skip).collect()))
}

/// Whether `line` opens or closes a ``` fence; the fence's info string when it does.
fn fence(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("```").map(str::trim)
}

/// The limber command lines of the code blocks of `document`, in order (see the module's rule).
fn commands(document: &str) -> Vec<Found> {
    let lines: Vec<&str> = document.lines().collect();
    let mut found = Vec::new();
    // The open fence's info string.
    let mut open_fence: Option<String> = None;
    let mut in_indented_block = false;
    let mut after_blank = true;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let start = i;
        i += 1;
        if let Some(info) = fence(line) {
            open_fence = match open_fence {
                Some(_) => None,
                None => Some(info.to_string()),
            };
            in_indented_block = false;
            after_blank = false;
            continue;
        }
        let blank = line.trim().is_empty();
        let code = match &open_fence {
            Some(info) => info != SYNOPSIS,
            None => {
                let indented = line.starts_with("    ");
                if indented && (after_blank || in_indented_block) {
                    in_indented_block = true;
                } else if !blank {
                    in_indented_block = false;
                }
                in_indented_block && indented
            }
        };
        after_blank = blank;
        if !code {
            continue;
        }
        let mut text = line.trim().to_string();
        while let Some(head) = text.strip_suffix('\\') {
            let Some(next) = lines.get(i) else { break };
            text = format!("{} {}", head.trim_end(), next.trim());
            i += 1;
        }
        if let Some(args) = limber_args(&text) {
            found.push(Found {
                line: start + 1,
                text,
                args,
            });
        }
    }
    found
}

/// Runs the commands of the document at `relative` (from the repository's root) in a fresh folder
/// after `limber sample .`; asserts each exits 0 and that at least `at_least` of them ran.
fn run_document_commands(relative: &str, at_least: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(relative)).expect("the document is readable");
    let dir = common::temp_dir(&relative.replace(['/', '.'], "_"));
    let xdg = dir.join(".xdg");
    let run = |args: &[String]| {
        Command::new(env!("CARGO_BIN_EXE_limber"))
            .args(args)
            .current_dir(&dir)
            // The editor's copy of the sample, its settings and recovery files stay in the folder;
            // and no command can open a window.
            .env("XDG_DATA_HOME", xdg.join("data"))
            .env("XDG_CONFIG_HOME", xdg.join("config"))
            .env("XDG_STATE_HOME", xdg.join("state"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the limber binary runs")
    };
    let sample = run(&["sample".to_string(), ".".to_string()]);
    assert!(
        sample.status.success(),
        "limber sample .: {}",
        String::from_utf8_lossy(&sample.stderr)
    );
    let mut ran = 0;
    let mut window = Vec::new();
    let mut failures = Vec::new();
    for command in commands(&text) {
        if command.opens_the_window() {
            window.push(command.text);
            continue;
        }
        let place = format!("{relative}:{}: {}", command.line, command.text);
        match &command.args {
            Err(why) => failures.push(format!("{place}\n  cannot run as written: {why}")),
            Ok(args) => {
                ran += 1;
                let out = run(args);
                if !out.status.success() {
                    failures.push(format!(
                        "{place}\n  exit {}: {}",
                        out.status
                            .code()
                            .map_or_else(|| "by a signal".to_string(), |c| c.to_string()),
                        String::from_utf8_lossy(&out.stderr).trim()
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "commands of {relative} that fail in a fresh folder after `limber sample .` \
         (in {}):\n{}",
        dir.display(),
        failures.join("\n")
    );
    assert!(
        ran >= at_least,
        "{relative}: only {ran} commands found to run (window commands left out: {window:?}); \
         is the rule in tests/suite/cli/readme_commands.rs still the documents' layout?"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_rule_finds_commands_in_code_blocks_and_leaves_out_synopses_and_the_window() {
    let document = "\
Prose about `limber info x` is not a command.

    limber info projects/zombie.limber   # a comment
    limber new a.png \\
        -o 'b c.limber'

```
limber pose p.limber --clip \"wave\" --time 0.6
```

```synopsis
limber mesh IMAGE.png [--json]
```

    limber
    limber open projects/zombie.limber
    cargo run --release -- render p.limber --gif out.gif
    limber render p.limber --gif out.gif > log
";
    let found = commands(document);
    let args: Vec<_> = found.iter().map(|f| (f.line, f.args.clone())).collect();
    let words = |w: &[&str]| Ok(w.iter().map(ToString::to_string).collect::<Vec<_>>());
    assert_eq!(
        args[..6],
        [
            (3, words(&["info", "projects/zombie.limber"])),
            (4, words(&["new", "a.png", "-o", "b c.limber"])),
            (
                8,
                words(&["pose", "p.limber", "--clip", "wave", "--time", "0.6"])
            ),
            (15, words(&[])),
            (16, words(&["open", "projects/zombie.limber"])),
            (17, words(&["render", "p.limber", "--gif", "out.gif"])),
        ]
    );
    assert_eq!(found.len(), 7, "{found:#?}");
    assert!(found[6].args.is_err(), "a redirection is refused");
    let window: Vec<usize> = found
        .iter()
        .filter(|f| f.opens_the_window())
        .map(|f| f.line)
        .collect();
    assert_eq!(window, [15, 16]);
}

#[test]
fn every_command_in_the_readme_runs_in_a_fresh_folder_after_limber_sample() {
    run_document_commands("README.md", 5);
}

#[test]
fn every_command_in_the_user_guide_runs_in_a_fresh_folder_after_limber_sample() {
    run_document_commands("docs/GUIDE.md", 15);
}

#[test]
fn every_command_in_the_other_docs_runs_in_a_fresh_folder_after_limber_sample() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut names: Vec<String> = std::fs::read_dir(&docs)
        .expect("docs/ is readable")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md") && n != "GUIDE.md")
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        // Most of them cite no command to run; each one that does must run as written.
        run_document_commands(&format!("docs/{name}"), 0);
    }
}
