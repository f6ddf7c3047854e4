//! Tests of `recovery.rs`: the info file, live and dead sessions' locks, and the offer cap.

use super::*;

#[test]
fn the_info_reads_back_and_a_damaged_one_reads_as_untitled() {
    let info = Info {
        project: Some(PathBuf::from("/a b/walk.limber")),
        image: Some("zombie.png".into()),
    };
    assert_eq!(Info::parse(&info.to_text()), info);
    assert_eq!(Info::parse("\u{0}garbage"), Info::default());
}

#[test]
fn a_live_sessions_lock_hides_its_file_and_a_dead_ones_does_not() {
    let dir = std::env::temp_dir().join(format!("limber-recovery-unit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let session = Session::start(&dir).unwrap();
    let recovery = with_ext(&session.stem, "limber");
    std::fs::write(&recovery, b"{}").unwrap();
    assert!(
        recoverable(&dir).is_empty(),
        "a running session is not offered"
    );
    drop(session);
    let offers = recoverable(&dir);
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].recovery, recovery);
    assert!(
        recoverable(&dir).is_empty(),
        "an offer on screen is not offered twice"
    );
    offers.into_iter().for_each(Offer::discard);
    assert!(!recovery.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A lost document of `project` written at `seconds` after the epoch, as recovery file `n`.
fn lost(dir: &Path, n: u32, project: &str, seconds: u64) {
    let stem = dir.join(format!("limber-1-{n:x}-0"));
    let info = Info {
        project: Some(PathBuf::from(project)),
        image: None,
    };
    std::fs::write(with_ext(&stem, "info"), info.to_text()).unwrap();
    let file = File::create(with_ext(&stem, "limber")).unwrap();
    let when = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
    file.set_modified(when).unwrap();
}

#[test]
fn a_projects_own_lost_work_is_offered_behind_many_newer_files_of_others() {
    let dir = std::env::temp_dir().join(format!("limber-recovery-cap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    lost(&dir, 0, "/art/x.limber", 1_000);
    for n in 1..=150 {
        lost(
            &dir,
            n,
            &format!("/art/other{n}.limber"),
            2_000 + u64::from(n),
        );
    }
    let all = recoverable(&dir);
    assert_eq!(all.len(), MAX_OFFERS, "the start-up offer keeps to its cap");
    assert!(
        all.iter()
            .all(|o| o.project.as_deref() != Some(Path::new("/art/x.limber")))
    );
    drop(all);
    let own = recoverable_of(&dir, Path::new("/art/x.limber"));
    assert_eq!(
        own.len(),
        1,
        "x's own lost work, behind 150 newer files of others"
    );
    drop(own);
    let _ = std::fs::remove_dir_all(&dir);
}
