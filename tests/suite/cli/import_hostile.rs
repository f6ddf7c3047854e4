//! `limber import` on files that used to crash, run away, refuse what a user expects to import, or
//! write where it must not (issues 25 and 28): each ends at once with a right result or one line
//! naming the file and the problem, and every input and every file limber did not write is
//! byte-identical afterwards.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use image::{Rgba, RgbaImage};
use limber::core::layered::write::{png_bytes, transparent_png, zip_bytes};
use limber::core::project::Project;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `limber ARGS` (with `env` set) under a 1.5 GB data limit, killing it past 30 s.
fn limber_within(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -d 1500000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_limber"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the limber binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("limber {args:?} ran over 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Asserts `limber ARGS` fails with one line containing `file` and `problem`.
fn refused(args: &[&str], env: &[(&str, &str)], file: &str, problem: &str) {
    let out = limber_within(args, env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(
        stderr.contains(file) && stderr.contains(problem),
        "{args:?}: expected {file:?} and {problem:?} in {stderr}"
    );
}

/// Every file under `dir` with its bytes (links as their target's text).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path);
            } else if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&path).unwrap();
                files.insert(path, target.to_string_lossy().as_bytes().to_vec());
            } else if meta.is_file() {
                files.insert(path.clone(), std::fs::read(&path).unwrap());
            } else {
                files.insert(path, b"special".to_vec());
            }
        }
    }
    files
}

/// An ORA of a `w` x `h` canvas whose stack.xml holds `layers` (top first), with `pngs`.
fn ora(w: u32, h: u32, layers: &str, pngs: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let xml = format!("<image w=\"{w}\" h=\"{h}\"><stack>{layers}</stack></image>");
    let mut entries: Vec<(&str, &[u8])> = vec![("stack.xml", xml.as_bytes())];
    entries.extend(pngs.iter().map(|(n, b)| (*n, b.as_slice())));
    zip_bytes(&entries)
}

fn square(side: u32) -> Vec<u8> {
    png_bytes(&RgbaImage::from_pixel(side, side, Rgba([90, 60, 30, 255])))
}

/// `count` layers of one 1 x 1 PNG.
fn many_layers(count: usize) -> Vec<u8> {
    let layers: String = (0..count)
        .map(|i| format!("<layer name=\"l{i}\" src=\"dot.png\" x=\"{}\"/>", i % 50))
        .collect();
    ora(64, 64, &layers, &[("dot.png", square(1))])
}

#[test]
fn odd_layers_import_with_a_warning_each_and_file_names_safe_on_windows() {
    let dir = common::temp_dir("import-odd");
    let layers = "<layer name=\"COM1\" src=\"a.png\" x=\"0\" y=\"0\"/>\
        <layer name=\"aux.txt\" src=\"a.png\" x=\"20\" y=\"0\"/>\
        <layer name=\"lpt1\" src=\"a.png\" x=\"40\" y=\"0\"/>\
        <layer src=\"a.png\" x=\"0\" y=\"20\"/>\
        <layer name=\"arm\" src=\"a.png\" x=\"20\" y=\"20\"/>\
        <layer name=\"arm\" src=\"a.png\" x=\"40\" y=\"20\"/>\
        <layer name=\"big\" src=\"big.png\" x=\"-10\" y=\"30\"/>";
    let input = dir.join("odd.ora");
    let bytes = ora(
        60,
        50,
        layers,
        &[("a.png", square(12)), ("big.png", square(80))],
    );
    std::fs::write(&input, &bytes).unwrap();
    let output = dir.join("odd.limber");
    let out = limber_within(&["import", s(&input), "-o", s(&output)], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The large layer cut to the canvas, the second "arm" renamed: one line each.
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.contains("\"big\" reaches outside the 60 x 50 px canvas: cut to it"));
    assert!(stderr.contains("imported as \"arm 2\""), "{stderr}");
    let project = Project::load(&output).unwrap();
    let parts: Vec<(&str, &str)> = project
        .parts
        .iter()
        .map(|p| (p.name.as_str(), p.image.to_str().unwrap()))
        .collect();
    assert_eq!(
        parts,
        [
            ("big", "odd_layers/big.png"),
            ("arm", "odd_layers/arm.png"),
            ("arm 2", "odd_layers/arm 2.png"),
            ("layer 4", "odd_layers/layer 4.png"),
            ("lpt1", "odd_layers/_lpt1.png"),
            ("aux.txt", "odd_layers/_aux.txt.png"),
            ("COM1", "odd_layers/_COM1.png"),
        ]
    );
    let big = image::open(dir.join("odd_layers/big.png")).unwrap();
    assert_eq!((big.width(), big.height()), (60, 20));
    assert_eq!(std::fs::read(&input).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_device_is_refused_at_once() {
    let dir = common::temp_dir("import-special");
    let fifo = dir.join("pipe.ora");
    let _ = std::fs::remove_file(&fifo);
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let output = dir.join("out.limber");
    refused(
        &["import", s(&fifo), "-o", s(&output)],
        &[],
        "pipe.ora",
        "not a regular file (it is a FIFO)",
    );
    for device in ["/dev/zero", "/dev/urandom"] {
        let link = dir.join("device.psd");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(device, &link).unwrap();
        refused(
            &["import", s(&link), "-o", s(&output)],
            &[],
            "device.psd",
            "not a regular file (it is a device)",
        );
    }
    assert!(!output.exists());
    assert!(!dir.join("out_layers").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_never_writes_over_its_inputs() {
    let dir = common::temp_dir("import-guard");
    let input = dir.join("a.ora");
    std::fs::write(
        &input,
        ora(
            20,
            20,
            "<layer name=\"x\" src=\"a.png\"/>",
            &[("a.png", square(4))],
        ),
    )
    .unwrap();
    let rig = dir.join("rig.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"b","parent":null,"head":[2,2],"tail":[2,10]}]}"#,
    )
    .unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&input, dir.join("link.limber")).unwrap();
    let before = snapshot(&dir);
    refused(
        &["import", s(&input), "-o", s(&input)],
        &[],
        "a.ora",
        "cannot write: it is the layered file",
    );
    #[cfg(unix)]
    refused(
        &["import", s(&input), "-o", s(&dir.join("link.limber"))],
        &[],
        "link.limber",
        "cannot write: it is the layered file",
    );
    refused(
        &["import", s(&input), "--rig", s(&rig), "-o", s(&rig)],
        &[],
        "rig.json",
        "cannot write: it is the rig file",
    );
    assert_eq!(snapshot(&dir), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_parts_budget_refuses_before_any_layer_is_decoded() {
    let dir = common::temp_dir("import-parts");
    let output = dir.join("out.limber");
    for (count, shown) in [(10_000, "10,000"), (100_000, "100,000")] {
        let input = dir.join(format!("many{count}.ora"));
        std::fs::write(&input, many_layers(count)).unwrap();
        let started = Instant::now();
        refused(
            &["import", s(&input), "-o", s(&output)],
            &[],
            &format!("many{count}.ora"),
            &format!("{shown} visible layers, over the limit of 1,000 parts per project"),
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{shown}");
    }
    // Lowered: 4 layers are refused, 3 import.
    let four = dir.join("four.ora");
    std::fs::write(&four, many_layers(4)).unwrap();
    let env = [("LIMBER_MAX_PARTS", "3")];
    refused(
        &["import", s(&four), "-o", s(&output)],
        &env,
        "four.ora",
        "4 visible layers, over the limit of 3 parts",
    );
    assert!(!output.exists());
    let three = dir.join("three.ora");
    std::fs::write(&three, many_layers(3)).unwrap();
    let out = limber_within(&["import", s(&three), "-o", s(&output)], &env);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(Project::load(&output).unwrap().parts.len(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_existing_layers_folder_stays_byte_identical() {
    let dir = common::temp_dir("import-folder");
    let input = dir.join("fig.ora");
    let layers = "<layer name=\"body\" src=\"a.png\"/><layer name=\"head\" src=\"a.png\" x=\"8\"/>";
    std::fs::write(&input, ora(30, 30, layers, &[("a.png", square(6))])).unwrap();
    let folder = dir.join("fig_layers");
    std::fs::create_dir_all(folder.join("sub")).unwrap();
    std::fs::write(folder.join("body.png"), b"the user's own body.png").unwrap();
    std::fs::write(folder.join("sub/notes.txt"), b"notes").unwrap();
    let output = dir.join("fig.limber");
    // A failing import (weights over a lowered budget) leaves nothing new.
    let rig = dir.join("rig.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"b","parent":null,"head":[2,2],"tail":[2,10]}]}"#,
    )
    .unwrap();
    let before = snapshot(&dir);
    refused(
        &["import", s(&input), "--rig", s(&rig), "-o", s(&output)],
        &[("LIMBER_MAX_WEIGHT_BONE_PIXELS", "10")],
        "fig.ora",
        "over the limit of 10",
    );
    assert_eq!(snapshot(&dir), before);
    let out = limber_within(&["import", s(&input), "-o", s(&output)], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("fig_layers 2"), "{stdout}");
    let project = Project::load(&output).unwrap();
    assert_eq!(project.parts[1].image, Path::new("fig_layers 2/body.png"));
    let after = snapshot(&dir);
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_ora_files_end_at_once_within_memory() {
    let dir = common::temp_dir("import-ora-bombs");
    let output = dir.join("out.limber");
    // 100 MB of stack.xml zipped to about 100 KB.
    let mut xml = String::from("<image w=\"4\" h=\"4\"><stack>");
    xml.push_str(&" ".repeat(100 << 20));
    xml.push_str("</stack></image>");
    let input = dir.join("xml.ora");
    std::fs::write(&input, zip_bytes(&[("stack.xml", xml.as_bytes())])).unwrap();
    drop(xml);
    refused(
        &["import", s(&input), "-o", s(&output)],
        &[],
        "xml.ora",
        "stack.xml is over the limit of 16,777,216 bytes",
    );
    // 200,000 nested groups.
    let depth = 200_000;
    let xml = format!(
        "<image w=\"4\" h=\"4\">{}<layer src=\"a.png\"/>{}</image>",
        "<stack>".repeat(depth),
        "</stack>".repeat(depth)
    );
    let input = dir.join("deep.ora");
    std::fs::write(&input, zip_bytes(&[("stack.xml", xml.as_bytes())])).unwrap();
    refused(
        &["import", s(&input), "-o", s(&output)],
        &[],
        "deep.ora",
        "nests groups over 256 deep",
    );
    // Four layers sharing one transparent 11000 x 11000 PNG (and a dot): decoded row by row, once.
    let clear = transparent_png(11000);
    let layers: String = (0..4)
        .map(|i| format!("<layer name=\"c{i}\" src=\"clear.png\" x=\"{i}\"/>"))
        .collect();
    let input = dir.join("shared.ora");
    let xml_layers = format!("<layer name=\"dot\" src=\"dot.png\"/>{layers}");
    let bytes = ora(
        12000,
        12000,
        &xml_layers,
        &[("clear.png", clear), ("dot.png", square(1))],
    );
    std::fs::write(&input, &bytes).unwrap();
    let out = limber_within(&["import", s(&input), "-o", s(&output)], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(Project::load(&output).unwrap().parts.len(), 1);
    assert!(!dir.join("out_layers/c0.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
