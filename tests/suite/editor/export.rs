//! Rendered exports from the editor (GIF, sprite sheet, PNG frames) run on a worker thread driven
//! through the editor, as the window does once its dialog has picked the path: the status bar shows
//! their progress and a Cancel button, they write the clip's frames at its frame rate, and a
//! cancelled export writes nothing. GPU through the software adapter: without one these fail.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use image::AnimationDecoder;
use limber::app::ui::editor_ui;
use limber::editor::actions::export::ExportCommand;
use limber::editor::commands::Command;
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::export_job::Framing;
use limber::editor::export_job::{ExportKind, ExportOutcome};
use limber::editor::jobs::JobKind;
use limber::editor::worker::BackgroundJob;
use limber::render::export::timing::FrameTimes;

/// The bundled sample with its first clip (shamble: 1.2 s, looping) selected.
fn editor() -> Editor {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&sample).expect("the sample project opens"));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetCurrent { clip: Some(0) },
    ));
    editor.set_export_renderer(limber::export_renderer::GpuExports::shared());
    editor
}

/// Renders the current clip into `out` in the background (an export without the dialog).
fn start_export(editor: &mut Editor, kind: ExportKind, out: &Path) {
    editor.run(Command::Export(ExportCommand::Render {
        kind,
        out: out.to_path_buf(),
    }));
}

/// Waits for the running export and says how it ended.
fn finish_export(editor: &mut Editor) -> Option<ExportOutcome> {
    editor.finish_job(JobKind::Export);
    editor.jobs().last_export().cloned()
}

/// Frames the current clip exports at its own rate (30 fps without one).
fn expected_frames(editor: &Editor, max_fps: f64) -> usize {
    let clip = editor
        .playback()
        .clip()
        .and_then(|c| editor.document().project.rig.clips.get(c));
    let fps = clip
        .and_then(|c| c.fps)
        .map_or(30.0, f64::from)
        .min(max_fps);
    FrameTimes::of_clip(clip, fps).len()
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder is readable")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Waits (at most a minute) until `done` holds for the editor.
fn wait_until(editor: &Editor, done: impl Fn(&Editor) -> bool) {
    let start = Instant::now();
    while !done(editor) {
        assert!(start.elapsed() < Duration::from_secs(60), "timed out");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Makes the current clip last a minute at 240 fps: an export long enough to watch mid-way.
fn lengthen(editor: &mut Editor) {
    let clip = &mut editor.document_mut().project.rig.clips[0];
    clip.duration = 60.0;
    clip.fps = Some(240);
}

#[test]
fn the_status_bar_shows_the_exports_progress_and_its_cancel_button_cancels() {
    let dir = common::temp_dir("editor-export-ui");
    let out = dir.join("long.gif");
    let mut editor = editor();
    lengthen(&mut editor);
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, editor: &mut Editor| {
                editor_ui(ui, editor, None, false, &[]);
            },
            editor,
        );
    harness.run_steps(1);
    assert!(harness.query_by_label("Cancel export").is_none());
    start_export(harness.state_mut(), ExportKind::Gif, &out);
    wait_until(harness.state(), |e| {
        e.jobs()
            .progress(JobKind::Export)
            .is_some_and(|(done, _)| done >= 1)
    });
    harness.run_steps(1);
    // The UI keeps running while the worker renders: progress bar and Cancel in the status bar.
    harness.get_by_role(egui::accesskit::Role::ProgressIndicator);
    // A second export is refused while this one runs.
    start_export(
        harness.state_mut(),
        ExportKind::Sheet,
        &dir.join("sheet.png"),
    );
    assert!(harness.state().status().contains("already running"));
    harness.get_by_label("Cancel export").click();
    harness.run_steps(1);
    assert!(
        harness
            .state()
            .jobs()
            .export()
            .is_some_and(|j| j.is_cancelled())
    );
    wait_until(harness.state(), |e| {
        e.jobs().export().is_none_or(|j| j.is_finished())
    });
    harness.run_steps(2);
    assert!(
        harness.state().jobs().export().is_none(),
        "the frame's poll took it in"
    );
    assert!(harness.query_by_label("Cancel export").is_none());
    assert!(
        harness.state().status().contains("cancelled"),
        "{}",
        harness.state().status()
    );
    assert_eq!(entries(&dir), Vec::<String>::new(), "nothing written");
}

#[test]
fn a_gif_export_counts_its_frames_and_writes_the_clips_frame_count() {
    let dir = common::temp_dir("editor-export-gif");
    let out = dir.join("shamble.gif");
    let mut editor = editor();
    let frames = expected_frames(&editor, 50.0);
    assert_eq!(frames, 36, "1.2 s at 30 fps, looping");
    start_export(&mut editor, ExportKind::Gif, &out);
    assert!(editor.jobs().progress(JobKind::Export).is_some());
    wait_until(&editor, |e| {
        e.jobs().export().is_some_and(|j| j.is_finished())
    });
    // Two units a frame: rendered, then encoded (the bar is not full while the GIF encodes).
    assert_eq!(
        editor.jobs().progress(JobKind::Export),
        Some((2 * frames, 2 * frames))
    );
    let outcome = finish_export(&mut editor);
    assert!(
        matches!(outcome, Some(ExportOutcome::Written(_))),
        "{outcome:?}"
    );
    assert_eq!(editor.status(), format!("exported {}", out.display()));
    let file = std::fs::File::open(&out).expect("the GIF is written");
    let decoder =
        image::codecs::gif::GifDecoder::new(std::io::BufReader::new(file)).expect("a readable GIF");
    assert_eq!(decoder.into_frames().count(), frames);
}

#[test]
fn a_sheet_export_is_polled_in_with_its_atlas() {
    let dir = common::temp_dir("editor-export-sheet");
    let out = dir.join("sheet.png");
    let mut editor = editor();
    let frames = expected_frames(&editor, f64::INFINITY);
    start_export(&mut editor, ExportKind::Sheet, &out);
    wait_until(&editor, |e| {
        e.jobs().export().is_some_and(|j| j.is_finished())
    });
    assert_eq!(
        editor.jobs().progress(JobKind::Export),
        Some((frames, frames))
    );
    // The frame's poll takes the outcome in.
    editor.poll_jobs();
    assert!(editor.jobs().export().is_none());
    assert_eq!(editor.status(), format!("exported {}", out.display()));
    assert!(out.exists() && out.with_extension("json").exists());
}

#[test]
fn a_png_frames_export_writes_one_png_per_frame_at_the_clips_rate() {
    let dir = common::temp_dir("editor-export-frames");
    let out = dir.join("frames");
    let mut editor = editor();
    editor.document_mut().project.rig.clips[0].fps = Some(12);
    let frames = expected_frames(&editor, f64::INFINITY);
    assert_eq!(frames, 14, "round(1.2 × 12), looping");
    start_export(&mut editor, ExportKind::Frames, &out);
    let outcome = finish_export(&mut editor);
    assert!(
        matches!(outcome, Some(ExportOutcome::Written(_))),
        "{outcome:?}"
    );
    let expected: Vec<String> = (0..frames).map(|i| format!("frame_{i:04}.png")).collect();
    assert_eq!(entries(&out), expected, "the frames and nothing else");
    // Framed to the animation by default (87 x 112 here, not the image's 96 x 128): nothing
    // visible within the 2 px margin of any edge.
    let first = image::open(out.join("frame_0000.png"))
        .expect("a PNG")
        .to_rgba8();
    let (w, h) = first.dimensions();
    assert_ne!((w, h), (96, 128));
    let near_edge = first
        .enumerate_pixels()
        .filter(|&(x, y, p)| p[3] > 0 && (x < 2 || y < 2 || x + 2 >= w || y + 2 >= h))
        .count();
    assert_eq!(near_edge, 0);
}

/// The File > Export entry `name`, clicked through the menus.
fn click_export_entry(harness: &mut Harness<'_, Editor>, name: &str) {
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export").hover();
    harness.run_steps(2);
    harness.get_by_label(name).click();
    harness.run_steps(2);
}

#[test]
fn the_export_menu_frames_exports_to_the_image_and_trims_sheets() {
    let dir = common::temp_dir("editor-export-framing");
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, editor: &mut Editor| {
                editor_ui(ui, editor, None, false, &[]);
            },
            editor(),
        );
    harness.run_steps(1);
    assert_eq!(
        harness.state().jobs().export_options().framing,
        Framing::Animation { margin: 2 }
    );
    click_export_entry(&mut harness, "Frame to the image");
    assert_eq!(
        harness.state().jobs().export_options().framing,
        Framing::Image
    );
    click_export_entry(&mut harness, "Trim sheet frames");
    assert!(harness.state().jobs().export_options().trim);
    // Each is one toggle: the export menu switches them back as well.
    click_export_entry(&mut harness, "Trim sheet frames");
    assert!(!harness.state().jobs().export_options().trim);

    // Framed to the image: the frames are the image's 96 x 128.
    let frames = dir.join("frames");
    let editor = harness.state_mut();
    start_export(editor, ExportKind::Frames, &frames);
    assert!(matches!(
        finish_export(editor),
        Some(ExportOutcome::Written(_))
    ));
    let first = image::open(frames.join("frame_0000.png")).expect("a PNG");
    assert_eq!((first.width(), first.height()), (96, 128));

    // Trimmed: every frame of the atlas says so, with its offset in the 96 x 128 source.
    editor.run(Command::ToggleExportTrim);
    let sheet = dir.join("sheet.png");
    start_export(editor, ExportKind::Sheet, &sheet);
    assert!(matches!(
        finish_export(editor),
        Some(ExportOutcome::Written(_))
    ));
    let atlas: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sheet.with_extension("json")).expect("an atlas"))
            .expect("JSON");
    let frames = atlas["frames"].as_object().expect("frames");
    assert_eq!(frames.len(), expected_frames(editor, f64::INFINITY));
    let mut area = 0;
    for frame in frames.values() {
        assert_eq!(frame["sourceSize"], serde_json::json!({"w": 96, "h": 128}));
        let side = |k: &str| frame["spriteSourceSize"][k].as_u64().unwrap_or(u64::MAX);
        assert!(side("x") + side("w") <= 96 && side("y") + side("h") <= 128);
        area += side("w") * side("h");
    }
    assert!(
        area < frames.len() as u64 * 96 * 128,
        "trimming keeps less than whole frames"
    );
}

#[test]
fn cancelling_mid_export_writes_nothing_and_says_so() {
    let dir = common::temp_dir("editor-export-cancel");
    for kind in [ExportKind::Frames, ExportKind::Gif] {
        let out = match kind {
            ExportKind::Frames => dir.join("frames"),
            _ => dir.join("long.gif"),
        };
        let mut editor = editor();
        lengthen(&mut editor);
        start_export(&mut editor, kind, &out);
        wait_until(&editor, |e| {
            e.jobs()
                .progress(JobKind::Export)
                .is_some_and(|(done, _)| done >= 2)
        });
        editor.cancel_job(JobKind::Export);
        let (done, total) = editor
            .jobs()
            .progress(JobKind::Export)
            .expect("still running");
        assert!(done < total, "{done} of {total}: mid-export");
        let outcome = finish_export(&mut editor);
        assert!(
            matches!(outcome, Some(ExportOutcome::Cancelled(_))),
            "{outcome:?}"
        );
        assert!(editor.status().contains("cancelled"), "{}", editor.status());
        assert!(editor.jobs().export().is_none());
        match kind {
            ExportKind::Frames => assert_eq!(entries(&out), Vec::<String>::new(), "no frames"),
            _ => assert!(!out.exists(), "no GIF"),
        }
    }
    // Only the (empty) frames folder is left.
    assert_eq!(entries(&dir), vec!["frames".to_string()]);
}

#[test]
fn an_export_into_a_path_that_cannot_be_written_fails_in_one_line() {
    let dir = common::temp_dir("editor-export-bad");
    let blocker = dir.join("file");
    std::fs::write(&blocker, b"not a folder").expect("write");
    let mut editor = editor();
    start_export(&mut editor, ExportKind::Frames, &blocker.join("frames"));
    let outcome = finish_export(&mut editor);
    assert!(
        matches!(outcome, Some(ExportOutcome::Failed(_))),
        "{outcome:?}"
    );
    assert_eq!(editor.status().lines().count(), 1, "{}", editor.status());
    // The message names the output once.
    let frames = blocker.join("frames").display().to_string();
    assert_eq!(
        editor.status().matches(&frames).count(),
        1,
        "{}",
        editor.status()
    );
    let gif = blocker.join("out.gif");
    start_export(&mut editor, ExportKind::Gif, &gif);
    assert!(matches!(
        finish_export(&mut editor),
        Some(ExportOutcome::Failed(_))
    ));
    let gif = gif.display().to_string();
    assert_eq!(
        editor.status().matches(&gif).count(),
        1,
        "{}",
        editor.status()
    );
    assert_eq!(std::fs::read(&blocker).expect("read"), b"not a folder");
}

#[test]
fn opening_another_document_leaves_a_running_export_running() {
    let dir = common::temp_dir("editor-export-open");
    let mut editor = editor();
    lengthen(&mut editor);
    start_export(&mut editor, ExportKind::Gif, &dir.join("long.gif"));
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    assert!(editor.open(&sample), "{}", editor.status());
    assert!(editor.jobs().export().is_some_and(|j| !j.is_cancelled()));
    editor.cancel_job(JobKind::Export);
    assert!(matches!(
        finish_export(&mut editor),
        Some(ExportOutcome::Cancelled(_))
    ));
}
