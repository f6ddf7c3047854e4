//! Unit tests of atomic saves: backups, strays, planted links, refused destinations, permissions.

use super::*;

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("limber-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn replaces_the_file_and_keeps_a_backup() {
    let dir = fresh_dir("atomic");
    let path = dir.join("a.limber");
    write_atomic(&path, b"one").unwrap();
    write_atomic(&path, b"two").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"two");
    assert_eq!(fs::read(backup_path(&path)).unwrap(), b"one");
    assert_eq!(names_in(&dir), ["a.limber", "a.limber.bak"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temporary_names_are_recognised_and_others_are_not() {
    for ours in [
        ".c.limber.Ab3dE9xZ.limber-tmp",
        ".c.limber.bak-Ab3dE9xZ.limber-tmp",
        ".c.limber.tmp-4242",
        ".c.limber.bak-tmp-4242",
    ] {
        assert!(is_temporary_of(ours, "c.limber"), "{ours}");
    }
    for other in [
        ".d.limber.Ab3dE9xZ.limber-tmp",
        ".c.limber.tmp-notes",
        ".c.limber.short.limber-tmp",
        "c.limber",
        ".c.limber.Ab3dE9xZ.limber-tmp.keep",
    ] {
        assert!(!is_temporary_of(other, "c.limber"), "{other}");
    }
    // A shorter name is not a prefix match of a longer one.
    assert!(!is_temporary_of(".c.limber.Ab3dE9xZ.limber-tmp", "c"));
}

#[test]
fn a_save_removes_old_strays_of_its_own_file_only() {
    let dir = fresh_dir("atomic-strays");
    let make = |name: &str| fs::write(dir.join(name), b"stray").unwrap();
    make(".c.limber.tmp-4242"); // an earlier version's crash leftover
    make(".c.limber.Ab3dE9xZ.limber-tmp"); // a crash's leftover
    make(".c.limber.bak-Zz9aB8cD.limber-tmp"); // a backup's staging link
    make(".d.limber.tmp-4242"); // another file's: not ours to judge
    make(".c.limber.tmp-notes"); // not a temporary name
    // All of them changed just now: a real save (an hour's threshold) leaves them all.
    write_atomic(&dir.join("c.limber"), b"saved").unwrap();
    assert_eq!(names_in(&dir).len(), 6);
    // With no threshold, exactly the strays of c.limber go.
    remove_stale_temporaries(&dir, "c.limber", Duration::ZERO);
    assert_eq!(
        names_in(&dir),
        [".c.limber.tmp-notes", ".d.limber.tmp-4242", "c.limber"]
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary() {
    let dir = fresh_dir("atomic-fail");
    let path = dir.join("b.limber");
    write_atomic(&path, b"old").unwrap();
    // A path whose folder does not exist cannot be written; nothing else changes.
    assert!(write_atomic(&dir.join("missing/b.limber"), b"new").is_err());
    // A writer that fails part-way: the temporary file is removed.
    let failed = write_atomic_from(&path, |file| {
        file.write_all(b"half")?;
        Err(io::Error::other("disk full"))
    });
    assert!(failed.is_err());
    assert_eq!(fs::read(&path).unwrap(), b"old");
    assert_eq!(names_in(&dir), ["b.limber"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn links_planted_at_temporary_names_are_never_written_through() {
    use std::os::unix::fs::symlink;
    let dir = fresh_dir("atomic-planted");
    let victim = dir.join("victim.txt");
    fs::write(&victim, b"precious").unwrap();
    // The old predictable names, and a link at a name with the new shape.
    for name in [
        format!(".out.png.tmp-{}", std::process::id()),
        format!(".out.png.bak-tmp-{}", std::process::id()),
        ".out.png.AAAAAAAA.limber-tmp".to_string(),
    ] {
        symlink(&victim, dir.join(name)).unwrap();
    }
    let out = dir.join("out.png");
    write_atomic(&out, b"first").unwrap();
    write_atomic(&out, b"second").unwrap();
    assert_eq!(fs::read(&victim).unwrap(), b"precious");
    assert_eq!(fs::read(&out).unwrap(), b"second");
    assert_eq!(fs::read(backup_path(&out)).unwrap(), b"first");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_destination_link_replaces_its_target_and_stays_a_link() {
    use std::os::unix::fs::symlink;
    let dir = fresh_dir("atomic-link");
    fs::create_dir(dir.join("real")).unwrap();
    let target = dir.join("real/p.limber");
    fs::write(&target, b"old").unwrap();
    let link = dir.join("p.limber");
    symlink(&target, &link).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(&target).unwrap(), b"new");
    assert_eq!(fs::read(dir.join("real/p.limber.bak")).unwrap(), b"old");
    // A link to nothing is refused, and nothing is created.
    let dangling = dir.join("dangling.limber");
    symlink(dir.join("nowhere"), &dangling).unwrap();
    assert!(write_atomic(&dangling, b"x").is_err());
    assert!(!dir.join("nowhere").exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn special_files_and_folders_are_refused_without_being_opened() {
    let dir = fresh_dir("atomic-special");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let started = std::time::Instant::now();
    let error = write_atomic_replacing(&fifo, b"x").unwrap_err();
    assert!(error.to_string().contains("FIFO"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(5));
    let error = write_atomic_replacing(Path::new("/dev/null"), b"x").unwrap_err();
    assert!(error.to_string().contains("a device"), "{error}");
    let error = write_atomic(&dir, b"x").unwrap_err();
    assert!(error.to_string().contains("a folder"), "{error}");
    assert!(
        fs::symlink_metadata(&fifo)
            .map(|m| !m.is_file())
            .unwrap_or(false)
    );
    assert_eq!(names_in(&dir), ["pipe"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn permissions_of_the_replaced_file_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_dir("atomic-mode");
    let path = dir.join("secret.limber");
    write_atomic(&path, b"one").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    write_atomic(&path, b"two").unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    write_atomic_replacing(&path, b"three").unwrap();
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_staging_folders_are_removed_and_fresh_ones_kept() {
    let dir = fresh_dir("atomic-staging");
    let staging = staging_folder(&dir).unwrap();
    fs::write(staging.path().join("frame_0000.png"), b"x").unwrap();
    fs::create_dir(dir.join(".limber-frames-4242-0")).unwrap(); // an earlier version's
    fs::create_dir(dir.join(".limber-frames-notes")).unwrap(); // not a staging name
    remove_stale_staging(&dir);
    assert_eq!(names_in(&dir).len(), 3, "fresh ones stay");
    let kept = staging.keep();
    remove_stale_staging_older_than(&dir, Duration::ZERO);
    assert!(!kept.exists());
    assert_eq!(names_in(&dir), [".limber-frames-notes"]);
    fs::remove_dir_all(&dir).unwrap();
}
