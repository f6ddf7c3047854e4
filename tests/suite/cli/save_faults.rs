//! Saves that do not finish: a writer that fails part-way, a process killed in the middle of writing,
//! and `limber new` killed at arbitrary moments while it replaces a project. Each time the project
//! file is the old version (or, after the rename, the new one), intact and loadable, and `NAME.bak`
//! holds a whole previous version.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use limber::core::atomic_file::{backup_path, write_atomic_from};
use limber::core::project::Project;

/// Set (to a folder) in the environment of the child process of [`a_save_killed_half_way`].
const CHILD_DIR: &str = "LIMBER_TEST_SAVE_CHILD_DIR";

fn sample() -> Project {
    Project::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber"))
        .unwrap()
}

/// Three versions of the sample project: the same parts, a bone renamed in each.
fn versions() -> [Project; 3] {
    let base = sample();
    let renamed = |name: &str| {
        let mut p = base.clone();
        let mut file = limber::core::rig::RigFile::from_rig(&p.rig);
        for b in &mut file.bones {
            if b.name == "head" {
                b.name = name.into();
            }
            if b.parent.as_deref() == Some("head") {
                b.parent = Some(name.into());
            }
        }
        for k in file.clips.iter_mut().flat_map(|c| &mut c.keys) {
            if k.bone == "head" {
                k.bone = name.into();
            }
        }
        p.rig = file.validate().unwrap();
        p
    };
    [renamed("head_v1"), renamed("head_v2"), renamed("head_v3")]
}

/// Version 1 saved, then version 2 saved over it: the file is v2 and its backup v1.
fn saved_twice(dir: &Path, [v1, v2, _]: &[Project; 3]) -> PathBuf {
    let path = dir.join("work.limber");
    let _ = std::fs::remove_file(backup_path(&path));
    v1.save(&path).unwrap();
    v2.save(&path).unwrap();
    path
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        // `.NAME.RANDOM.limber-tmp` (see `limber_core::atomic_file`).
        .filter(|n| n.ends_with(".limber-tmp"))
        .collect()
}

#[test]
fn a_writer_that_fails_part_way_leaves_the_file_and_its_backup() {
    let dir = common::temp_dir("save-fails");
    let v = versions();
    let path = saved_twice(&dir, &v);
    let (file_before, backup_before) = (
        std::fs::read(&path).unwrap(),
        std::fs::read(backup_path(&path)).unwrap(),
    );
    assert_eq!(Project::from_bytes(&backup_before).unwrap(), v[0]);

    let bytes = v[2].to_bytes();
    let error = write_atomic_from(&path, |file| {
        file.write_all(&bytes[..bytes.len() / 2])?;
        Err(std::io::Error::other("disk full"))
    })
    .unwrap_err();
    assert_eq!(error.to_string(), "disk full");
    assert_eq!(std::fs::read(&path).unwrap(), file_before);
    assert_eq!(Project::load(&path).unwrap(), v[1]);
    assert_eq!(std::fs::read(backup_path(&path)).unwrap(), backup_before);
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));

    // The next save goes through and moves the backup on by one version.
    v[2].save(&path).unwrap();
    assert_eq!(Project::load(&path).unwrap(), v[2]);
    assert_eq!(Project::load(&backup_path(&path)).unwrap(), v[1]);
}

/// The child side of [`a_save_killed_half_way`]: does nothing unless started by it. Writes half of
/// version 3 through the atomic writer, says so, and waits to be killed.
#[test]
fn child_saving_until_killed() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let bytes = versions()[2].to_bytes();
    let _ = write_atomic_from(&dir.join("work.limber"), |file| {
        file.write_all(&bytes[..bytes.len() / 2])?;
        file.sync_all()?;
        std::fs::write(dir.join("half-written"), b"")?;
        loop {
            std::thread::sleep(Duration::from_secs(1));
        }
    });
    unreachable!("the parent kills this process");
}

#[test]
fn a_save_killed_half_way_leaves_the_old_file_intact() {
    let dir = common::temp_dir("save-killed");
    let v = versions();
    let path = saved_twice(&dir, &v);
    let file_before = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(dir.join("half-written"));

    // The child test's full name in this binary: its module path without the crate's name.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let child_test = format!("{module}::child_saving_until_killed");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", child_test.as_str(), "--nocapture"])
        .env(CHILD_DIR, &dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !dir.join("half-written").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the child never got half way"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the child exited early"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();

    // The half-written version is only in the child's temporary file, never in the project.
    let left = temporaries(&dir);
    assert_eq!(left.len(), 1, "{left:?}");
    let half = std::fs::read(dir.join(&left[0])).unwrap();
    assert!(Project::from_bytes(&half).is_err());
    assert_eq!(std::fs::read(&path).unwrap(), file_before);
    assert_eq!(Project::load(&path).unwrap(), v[1]);
    assert_eq!(Project::load(&backup_path(&path)).unwrap(), v[0]);

    // Saving again works, and the stray temporary file does not get in the way.
    v[2].save(&path).unwrap();
    assert_eq!(Project::load(&path).unwrap(), v[2]);
    assert_eq!(Project::load(&backup_path(&path)).unwrap(), v[1]);
}

#[test]
fn limber_new_killed_at_any_moment_never_damages_the_project() {
    let dir = common::temp_dir("save-new-killed");
    let sprite = common::sprite("oc_chibi_512h.png");
    let project = dir.join("chibi.limber");
    let rig = dir.join("rig.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"body","head":[200,400],"tail":[200,150]},
                     {"name":"head","parent":"body","head":[200,150],"tail":[200,20]}]}"#,
    )
    .unwrap();
    let new = |smoothness: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_limber"));
        command
            .args([
                "new",
                sprite.to_str().unwrap(),
                "--rig",
                rig.to_str().unwrap(),
            ])
            .args(["--smoothness", smoothness, "-o", project.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        command
    };
    // The two versions the file may hold: smoothness 10 (old) and 30 (new).
    assert!(new("30").status().unwrap().success());
    let newer = std::fs::read(&project).unwrap();
    assert!(new("10").status().unwrap().success());
    let older = std::fs::read(&project).unwrap();
    assert_ne!(older, newer);
    // How long a whole run takes, to spread the kills over it.
    let start = Instant::now();
    assert!(new("10").status().unwrap().success());
    let run = start.elapsed();

    for i in 0..12u32 {
        let mut child = new("30").spawn().unwrap();
        std::thread::sleep(run * i / 10);
        let _ = child.kill();
        let finished = child.wait().unwrap().success();
        let now = std::fs::read(&project).unwrap();
        assert!(
            now == older || now == newer,
            "kill {i}: the project is neither version"
        );
        assert!(Project::from_bytes(&now).is_ok(), "kill {i}: unloadable");
        let backup = std::fs::read(backup_path(&project)).unwrap();
        assert!(
            backup == older || backup == newer,
            "kill {i}: damaged backup"
        );
        if finished {
            assert_eq!(now, newer, "kill {i}: a finished run wrote the new version");
        }
        // Back to the old version for the next kill.
        limber::core::atomic_file::write_atomic_replacing(&project, &older).unwrap();
    }
}
