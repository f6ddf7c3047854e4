//! Recovery and saving in the real editor window (Xvfb + xdotool, as in `editor_crash.rs`): two
//! editors at once each keep their own recovery file and neither offers nor touches the other's;
//! a saved document leaves nothing to offer; an untitled document killed with SIGKILL is offered at
//! the next start and recovered there; with no desktop portal and no zenity, limber's own file
//! dialog saves the project; "Discard" on quitting leaves nothing to offer; a recovery folder full of
//! other files (junk, FIFOs, devices, 5,000 of them) neither blocks the start nor loses a byte. Each
//! editor gets its own state, config and data folders. The window tests run one at a time (each has
//! its own X server); the rest call the recovery functions and the offer (egui_kittest) directly.

use crate::common;
use crate::common::xwindow;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::recovery_offer;
use limber::editor::document::Document;
use limber::editor::recovery::{
    Autosave, MAX_OFFERS, Offer, is_recovery_name, recover, recoverable,
};
use xwindow::{XServer, limber_files, wait_for};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A test's folder: a copy of a small bundled sprite, and the state and config folders.
struct Setup {
    dir: PathBuf,
    image: PathBuf,
    image_bytes: Vec<u8>,
    state: PathBuf,
    config: PathBuf,
}

impl Setup {
    fn new(name: &str) -> Self {
        let dir = common::temp_dir(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let image = dir.join("bee.png");
        std::fs::copy(common::sprite("kenney_bee.png"), &image).unwrap();
        Self {
            image_bytes: std::fs::read(&image).unwrap(),
            state: dir.join("state"),
            config: dir.join("config"),
            image,
            dir,
        }
    }

    fn recovery_dir(&self) -> PathBuf {
        self.state.join("limber").join("recovery")
    }

    fn env(&self) -> Vec<(&'static str, &OsStr)> {
        vec![
            ("XDG_STATE_HOME", self.state.as_os_str()),
            ("XDG_CONFIG_HOME", self.config.as_os_str()),
        ]
    }

    fn image_arg(&self) -> &str {
        self.image.to_str().unwrap()
    }
}

impl Drop for Setup {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            assert_eq!(
                std::fs::read(&self.image).unwrap(),
                self.image_bytes,
                "the image is untouched"
            );
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Bones mode, then a drag in the middle of the viewport: a new bone, an unsaved change, until the
/// recovery folder holds `files` files. On a busy machine the window may not yet take the key or
/// the drag (the suite runs beside the browser checks): tried again after 15 s without a file (the
/// wait a single try had before), three times at most.
fn draw_a_bone(x: &XServer, window: &str, dir: &Path, files: usize) {
    for _ in 0..3 {
        x.focus(window);
        x.keys(&[("2", 300)]);
        x.drag(window, (600, 420), (660, 360));
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(15) {
            if limber_files(dir).len() >= files {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Waits until the recovery folder holds `n` recovery files.
fn wait_for_files(dir: &Path, n: usize) -> Vec<PathBuf> {
    wait_for(
        &format!("{n} recovery files in {}", dir.display()),
        Duration::from_secs(15),
        || limber_files(dir).len() == n,
    );
    // Let a write in progress finish (atomic either way).
    std::thread::sleep(Duration::from_millis(300));
    limber_files(dir)
}

#[test]
fn two_editors_at_once_keep_their_own_recovery_files_and_never_offer_each_others() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-two-editors");
    let dir = setup.recovery_dir();
    let x = XServer::start();
    let (mut first, first_window) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("a.log"),
    );
    draw_a_bone(&x, &first_window, &dir, 1);
    let first_file = wait_for_files(&dir, 1).remove(0);
    let (_second, second_window) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("b.log"),
    );
    draw_a_bone(&x, &second_window, &dir, 2);
    let files = wait_for_files(&dir, 2);
    assert!(
        files.contains(&first_file),
        "the second editor has a file of its own"
    );
    let second_file = files.into_iter().find(|f| *f != first_file).unwrap();
    assert!(
        recoverable(&dir).is_empty(),
        "running editors' files are not offered"
    );

    // The first dies: only its file is offered, and the second's keeps being written.
    first.kill_now();
    let offers = recoverable(&dir);
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].recovery, first_file);
    assert_eq!(offers[0].project, None, "an untitled document");
    assert_eq!(offers[0].image.as_deref(), Some("bee.png"));
    assert_eq!(
        recover(&offers[0])
            .unwrap()
            .project
            .rig
            .skeleton
            .bones
            .len(),
        1
    );
    drop(offers);

    // A third editor starts and offers the first's file: while the offer is on screen the file is
    // neither offered again nor changed.
    let offered_bytes = std::fs::read(&first_file).unwrap();
    let offered_time = std::fs::metadata(&first_file).unwrap().modified().unwrap();
    let (_third, _) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("c.log"),
    );
    std::thread::sleep(Duration::from_millis(2500));
    assert!(
        recoverable(&dir).is_empty(),
        "an offer on screen is not offered by another editor"
    );
    assert_eq!(std::fs::read(&first_file).unwrap(), offered_bytes);
    assert_eq!(
        std::fs::metadata(&first_file).unwrap().modified().unwrap(),
        offered_time
    );
    // The third editor's image, opened and left untouched, holds no work to recover, so it has no
    // file; the other two are as they were.
    let files = limber_files(&dir);
    assert!(files.contains(&first_file) && files.contains(&second_file));
    assert_eq!(files.len(), 2, "{files:?}");
}

#[test]
fn a_saved_document_leaves_nothing_to_offer_at_the_next_start() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-saved");
    let dir = setup.recovery_dir();
    let project = setup.dir.join("zombie.limber");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Document::open(&sample).unwrap().save_as(&project).unwrap();
    let keys_saved = Document::open(&project).unwrap().project.rig.clips[0].key_count();
    let x = XServer::start();
    let (mut editor, _) = x.editor(
        &["open", project.to_str().unwrap()],
        &setup.env(),
        &setup.dir.join("a.log"),
    );
    // Select a bone, move the playhead, key it: unsaved, so a recovery file appears.
    x.keys(&[
        ("bracketright", 300),
        ("space", 400),
        ("space", 300),
        ("k", 100),
    ]);
    wait_for_files(&dir, 1);
    x.keys(&[("ctrl+s", 300)]);
    wait_for("the recovery file to go", Duration::from_secs(10), || {
        limber_files(&dir).is_empty()
    });
    editor.kill_now();
    assert_eq!(
        Document::open(&project).unwrap().project.rig.clips[0].key_count(),
        keys_saved + 1,
        "the key is saved"
    );
    assert!(
        recoverable(&dir).is_empty(),
        "nothing to offer after a save"
    );
    // The next start writes nothing and offers nothing.
    let project_bytes = std::fs::read(&project).unwrap();
    let (_again, _) = x.editor(
        &["open", project.to_str().unwrap()],
        &setup.env(),
        &setup.dir.join("b.log"),
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert!(limber_files(&dir).is_empty());
    assert_eq!(std::fs::read(&project).unwrap(), project_bytes);
}

#[test]
fn a_killed_untitled_document_is_offered_and_recovered_at_the_next_start() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-untitled");
    let dir = setup.recovery_dir();
    let x = XServer::start();
    let (mut editor, window) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("a.log"),
    );
    draw_a_bone(&x, &window, &dir, 1);
    let lost = wait_for_files(&dir, 1).remove(0);
    editor.kill_now();

    // The next start offers it; Tab reaches "Recover" (the offer's first button), Enter presses it.
    let (_again, _) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("b.log"),
    );
    x.keys(&[("Tab", 300), ("Return", 300)]);
    wait_for(
        "the recovered work in the new session's own file",
        Duration::from_secs(15),
        || {
            let files = limber_files(&dir);
            files.len() == 1 && files[0] != lost
        },
    );
    std::thread::sleep(Duration::from_millis(300));
    let own = limber_files(&dir).remove(0);
    let recovered = Document::open(&own).unwrap();
    assert_eq!(
        recovered.project.rig.skeleton.bones.len(),
        1,
        "the bone is back"
    );
    assert!(
        recoverable(&dir).is_empty(),
        "the running editor's file is not offered"
    );
}

#[test]
fn with_no_portal_and_no_zenity_limbers_own_dialog_saves_the_project() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-no-portal");
    let empty_bin = setup.dir.join("bin");
    let runtime = setup.dir.join("run");
    std::fs::create_dir_all(&empty_bin).unwrap();
    std::fs::create_dir_all(&runtime).unwrap();
    let saved = setup.dir.join("saved.limber");
    let mut env = setup.env();
    env.extend([
        ("DBUS_SESSION_BUS_ADDRESS", OsStr::new("")),
        ("XDG_RUNTIME_DIR", runtime.as_os_str()),
        ("PATH", empty_bin.as_os_str()),
        ("LIMBER_FILE_DIALOG", OsStr::new("")),
    ]);
    let x = XServer::start();
    let (_editor, window) = x.editor(&["open", setup.image_arg()], &env, &setup.dir.join("a.log"));
    // Save As: no system dialog can open, so limber's opens with its file name field focused.
    x.keys(&[("ctrl+shift+s", 800), ("ctrl+a", 200)]);
    x.xdotool(&["type", "--delay", "30", saved.to_str().unwrap()]);
    x.keys(&[("Return", 300)]);
    wait_for("the saved project", Duration::from_secs(15), || {
        saved.exists()
    });
    let document = Document::open(&saved).expect("the saved project loads");
    assert_eq!(document.project.parts.len(), 1);
    assert_eq!(
        document.project.image_path(&saved, 0),
        setup.dir.join("bee.png")
    );
    wait_for("the title to name the file", Duration::from_secs(5), || {
        x.xdotool(&["getwindowname", &window])
            .contains("saved.limber")
    });
}

/// Clicks File > Quit in `window` (the menu bar's first menu; Quit is its last entry, at
/// (30, 232) in a 1280 × 800 window).
fn quit_from_the_menu(x: &XServer, window: &str) {
    x.focus(window);
    // Quit sits below New, Open, Open recent, Add part, Import, Save, Save As, Export.
    for (x_at, y_at) in [("18", "12"), ("30", "232")] {
        x.xdotool(&["mousemove", "--window", window, x_at, y_at]);
        std::thread::sleep(Duration::from_millis(300));
        x.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(700));
    }
}

#[test]
fn discard_on_quit_leaves_nothing_to_offer_at_the_next_start() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-discard-on-quit");
    let dir = setup.recovery_dir();
    let x = XServer::start();
    let (mut editor, window) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("a.log"),
    );
    draw_a_bone(&x, &window, &dir, 1);
    wait_for_files(&dir, 1);
    // Past the autosave interval, so a write would be due in the frame "Discard" is pressed in.
    std::thread::sleep(Duration::from_millis(1500));
    quit_from_the_menu(&x, &window);
    // "Save changes before closing?" (Save, Discard, Cancel), centred in the 1280 × 800 window:
    // Discard is at (605, 412). (A click while the dialog still fades in is lost: tried again.)
    let quit = Instant::now();
    while !matches!(editor.0.try_wait(), Ok(Some(_))) {
        assert!(
            quit.elapsed() < Duration::from_secs(20),
            "timed out waiting for the editor to quit"
        );
        std::thread::sleep(Duration::from_millis(500));
        x.xdotool(&["mousemove", "--window", &window, "605", "412"]);
        std::thread::sleep(Duration::from_millis(300));
        x.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(3000));
    }
    assert!(
        limber_files(&dir).is_empty(),
        "discarded work is not written again: {:?}",
        limber_files(&dir)
    );
    assert!(recoverable(&dir).is_empty(), "nothing is offered");
    // The next start offers nothing (no dialog in front: the window takes the bone tool key).
    let (_again, _) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("b.log"),
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert!(limber_files(&dir).is_empty());
}

/// Files that are not limber's, in a recovery folder: each name and its bytes (or link target).
fn junk(dir: &Path, count: usize) -> Vec<(PathBuf, Vec<u8>)> {
    std::fs::create_dir_all(dir).unwrap();
    let mut names: Vec<String> = (0..count).map(|i| format!("junk-{i}.lock")).collect();
    names.extend(
        [
            "other.lock",
            "other.info",
            "other.limber",
            "limber-1-a-0.lock.bak",
            "limber-x-a-0.lock",
            "limber-1-g-0.lock",
            "limber-1-a-0-1.lock",
            "limber-1-a-0.LOCK",
            "xlimber-1-a-0.lock",
        ]
        .map(String::from),
    );
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    names
        .into_iter()
        .map(|name| {
            let path = dir.join(name);
            let bytes = format!("not limber's: {}", path.display()).into_bytes();
            std::fs::write(&path, &bytes).unwrap();
            // Old, as a stale lock would be.
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(old).unwrap();
            (path, bytes)
        })
        .collect()
}

fn unchanged(files: &[(PathBuf, Vec<u8>)]) {
    for (path, bytes) in files {
        assert_eq!(
            std::fs::read(path).ok().as_ref(),
            Some(bytes),
            "{} is kept as it was",
            path.display()
        );
    }
}

/// An hour-old lock file of a session that died before writing anything (and its info file).
fn stale_lock(dir: &Path, stem: &str) -> PathBuf {
    let lock = dir.join(format!("{stem}.lock"));
    std::fs::write(&lock, b"").unwrap();
    std::fs::write(dir.join(format!("{stem}.info")), b"limber recovery\n").unwrap();
    let file = std::fs::File::options().write(true).open(&lock).unwrap();
    file.set_modified(std::time::SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    lock
}

#[test]
fn only_files_named_as_limber_names_them_are_offered_or_cleared() {
    assert!(is_recovery_name("limber-123-1a2b3c-0.limber"));
    assert!(is_recovery_name("limber-1-f-99.lock"));
    for name in [
        "limber-1-a-0.lock.bak",
        "limber-x-a-0.lock",
        "limber-1-g-0.lock",
        "limber-1-a-0-1.info",
        "limber--a-0.lock",
        "other.lock",
        "limber-1-a-0.png",
    ] {
        assert!(!is_recovery_name(name), "{name}");
    }
    let dir = common::temp_dir("recovery-names").join("recovery");
    let _ = std::fs::remove_dir_all(&dir);
    let others = junk(&dir, 20);
    let lock = stale_lock(&dir, "limber-42-abc-0");
    assert!(recoverable(&dir).is_empty());
    assert!(
        !lock.exists() && !lock.with_extension("info").exists(),
        "limber's own stale lock is cleared"
    );
    unchanged(&others);

    // Through a symbolic link to another folder, nothing is cleared, not even limber's names.
    #[cfg(unix)]
    {
        let elsewhere = dir.with_file_name("elsewhere");
        let _ = std::fs::remove_dir_all(&elsewhere);
        let others = junk(&elsewhere, 5);
        let lock = stale_lock(&elsewhere, "limber-43-abc-0");
        let link = dir.with_file_name("linked");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
        assert!(recoverable(&link).is_empty());
        assert!(lock.exists(), "nothing is deleted through a link");
        unchanged(&others);
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status();
    assert!(status.unwrap().success());
}

#[cfg(unix)]
#[test]
fn fifos_devices_and_huge_files_in_the_recovery_folder_do_not_stall_or_grow_the_start() {
    let dir = common::temp_dir("recovery-special").join("recovery");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let project = b"not read before the user asks".to_vec();
    // A FIFO as the lock; a FIFO, /dev/zero and a 4 GiB (sparse) file as the info.
    for (stem, lock_is_fifo, info) in [
        ("limber-1-a-0", true, "plain"),
        ("limber-2-a-0", false, "fifo"),
        ("limber-3-a-0", false, "zero"),
        ("limber-4-a-0", false, "huge"),
    ] {
        std::fs::write(dir.join(format!("{stem}.limber")), &project).unwrap();
        let lock = dir.join(format!("{stem}.lock"));
        if lock_is_fifo {
            mkfifo(&lock);
        } else {
            std::fs::write(&lock, b"").unwrap();
        }
        let info_path = dir.join(format!("{stem}.info"));
        match info {
            "fifo" => mkfifo(&info_path),
            "zero" => std::os::unix::fs::symlink("/dev/zero", &info_path).unwrap(),
            "huge" => std::fs::File::create(&info_path)
                .unwrap()
                .set_len(4 << 30)
                .unwrap(),
            _ => std::fs::write(&info_path, b"limber recovery\nimage a.png\n").unwrap(),
        }
    }
    // A FIFO named as a recovery file itself.
    mkfifo(&dir.join("limber-5-a-0.limber"));
    let (done, result) = std::sync::mpsc::channel();
    let scan = dir.clone();
    std::thread::spawn(move || {
        let offers: Vec<(PathBuf, Option<String>)> = recoverable(&scan)
            .into_iter()
            .map(|o| (o.recovery.clone(), o.image.clone()))
            .collect();
        let _ = done.send(offers);
    });
    let offers = result
        .recv_timeout(Duration::from_secs(10))
        .expect("the scan ends at once, whatever the folder holds");
    let mut offered: Vec<String> = offers
        .iter()
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    offered.sort();
    // The FIFO lock is not limber's: that file is not offered. The others are, without their info.
    assert_eq!(
        offered,
        [
            "limber-2-a-0.limber",
            "limber-3-a-0.limber",
            "limber-4-a-0.limber"
        ]
    );
    assert!(offers.iter().all(|(_, image)| image.is_none()));
    for stem in ["limber-1-a-0", "limber-2-a-0", "limber-3-a-0"] {
        assert!(dir.join(format!("{stem}.info")).symlink_metadata().is_ok());
        assert_eq!(
            std::fs::read(dir.join(format!("{stem}.limber"))).unwrap(),
            project
        );
    }
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

/// `count` recovery files of untitled documents, named as limber names them.
fn lost_documents(dir: &Path, count: usize) -> Vec<PathBuf> {
    std::fs::create_dir_all(dir).unwrap();
    (0..count)
        .map(|i| {
            let stem = format!("limber-{}-{i:x}-0", 100 + i);
            std::fs::write(
                dir.join(format!("{stem}.info")),
                format!("limber recovery\nimage sprite_{i}.png\n"),
            )
            .unwrap();
            let file = dir.join(format!("{stem}.limber"));
            std::fs::write(&file, b"{}").unwrap();
            file
        })
        .collect()
}

#[test]
fn thousands_of_files_give_a_dialog_that_fits_the_window_with_discard_all() {
    let dir = common::temp_dir("recovery-many").join("recovery");
    let _ = std::fs::remove_dir_all(&dir);
    let others = junk(&dir, 5000);
    let lost = lost_documents(&dir, 150);
    let offers = recoverable(&dir);
    assert_eq!(offers.len(), MAX_OFFERS, "at most a list's worth at once");
    struct App {
        offers: Vec<Offer>,
    }
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut App| {
                let _ = recovery_offer::show(ui.ctx(), &mut app.offers);
            },
            App { offers },
        );
    // The modal sizes itself and re-centres over a few frames.
    harness.run_steps(8);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::new(1280.0, 800.0));
    for button in ["Decide later", "Discard all"] {
        let rect = harness.get_by_label(button).rect();
        assert!(
            screen.contains_rect(rect),
            "{button} is on screen: {rect:?}"
        );
    }
    assert!(
        harness
            .query_by_label_contains(&format!("{MAX_OFFERS} documents"))
            .is_some()
    );
    harness.get_by_label("Discard all").click();
    harness.run();
    assert!(harness.state().offers.is_empty(), "the offer closed");
    let left = lost.iter().filter(|f| f.exists()).count();
    assert_eq!(
        left,
        150 - MAX_OFFERS,
        "the offered ones are deleted, the rest wait"
    );
    unchanged(&others);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_recovery_folder_that_is_a_file_is_named_as_such() {
    let dir = common::temp_dir("recovery-file");
    let file = dir.join("recovery");
    std::fs::write(&file, b"not a folder").unwrap();
    let mut document = Document::open(&common::sprite("kenney_bee.png")).unwrap();
    document.mark_dirty();
    let mut autosave = Autosave::in_dir(file.clone());
    let error = autosave.write_now(&document).unwrap_err().to_string();
    assert!(
        error.contains("recovery is a file, not a folder"),
        "{error}"
    );
    assert!(!error.contains("os error 17"), "{error}");
    assert_eq!(std::fs::read(&file).unwrap(), b"not a folder");
    assert!(recoverable(&file).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_editor_starts_at_once_beside_5000_files_that_are_not_limbers_and_a_fifo() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let setup = Setup::new("recovery-junk-start");
    let dir = setup.recovery_dir();
    let others = junk(&dir, 5000);
    #[cfg(unix)]
    {
        mkfifo(&dir.join("limber-7-a-0.lock"));
        std::fs::write(dir.join("limber-7-a-0.limber"), b"{}").unwrap();
        mkfifo(&dir.join("limber-8-a-0.info"));
        std::fs::write(dir.join("limber-8-a-0.limber"), b"{}").unwrap();
    }
    let x = XServer::start();
    // `editor` fails the test unless the window shows within 25 s.
    let (_editor, _) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("a.log"),
    );
    std::thread::sleep(Duration::from_millis(1000));
    unchanged(&others);
}
