//! Recovery and saving in the real editor window (Xvfb + xdotool, as in `editor_crash.rs`): two
//! editors at once each keep their own recovery file and neither offers nor touches the other's;
//! a saved document leaves nothing to offer; an untitled document killed with SIGKILL is offered at
//! the next start and recovered there; with no desktop portal and no zenity, limber's own file
//! dialog saves the project. Each editor gets its own state, config and data folders. The tests run
//! one at a time (each has its own X server).

mod common;
#[path = "common/xwindow.rs"]
mod xwindow;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use limber::editor::document::Document;
use limber::editor::recovery::{recover, recoverable};
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

/// Bones mode, then a drag in the middle of the viewport: a new bone, an unsaved change.
fn draw_a_bone(x: &XServer, window: &str) {
    x.focus(window);
    x.keys(&[("2", 300)]);
    x.drag(window, (600, 420), (660, 360));
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
    draw_a_bone(&x, &first_window);
    let first_file = wait_for_files(&dir, 1).remove(0);
    let (_second, second_window) = x.editor(
        &["open", setup.image_arg()],
        &setup.env(),
        &setup.dir.join("b.log"),
    );
    draw_a_bone(&x, &second_window);
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
    draw_a_bone(&x, &window);
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
