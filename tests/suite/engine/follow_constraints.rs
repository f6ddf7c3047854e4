//! Look-at and child-of constraints and springs' mix through the project file (format version 3):
//! the bundled version-2 sample reads and saves as version 3 with its pose unchanged, the new
//! constraints round-trip, are sampled as a pure function of time with keyed mixes, and edits keep
//! them consistent (a removed bone takes its constraints and their mix keys with it; names are
//! unique across kinds).

use std::path::Path;

use limber::core::animation::{ChildOfRecord, LookAtRecord, MixKeyRecord};
use limber::core::edit::{Edit, apply};
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::{FORMAT_VERSION, Project};
use limber::core::rig::RigFile;

fn sample() -> Project {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Project::load(&path).expect("the bundled sample loads")
}

fn bone(project: &Project, name: &str) -> usize {
    project
        .rig
        .skeleton
        .index_of(name)
        .unwrap_or_else(|| panic!("bone {name}"))
}

/// The sample with a look-at and a child-of constraint, the child-of's mix keyed 0 → 1 over the
/// first half of the first clip.
fn constrained() -> Project {
    let mut project = sample();
    let mut constraints = RigFile::from_rig(&project.rig).constraints();
    constraints.look_at.push(LookAtRecord {
        name: "watch".into(),
        bone: "head".into(),
        target: "arm_r".into(),
        mix: 1.0,
        inverse: None,
    });
    constraints.child_of.push(ChildOfRecord {
        name: "carry".into(),
        bone: "leg_l".into(),
        target: "arm_r".into(),
        mix: 1.0,
        inverse: None,
    });
    apply(&mut project, Edit::SetConstraints(Box::new(constraints))).expect("valid constraints");
    let mut clip = project.rig.clips[0].to_record();
    let end = clip.duration;
    for (time, mix) in [(0.0, 0.0), (end / 2.0, 1.0)] {
        clip.constraints.push(MixKeyRecord {
            constraint: "carry".into(),
            time,
            mix,
            interp: Default::default(),
        });
    }
    let name = clip.name.clone();
    apply(&mut project, Edit::ReplaceClip { name, clip }).expect("mix keys of a constraint");
    project
}

#[test]
fn the_version_2_sample_reads_and_saves_as_version_3_unchanged() {
    let bytes =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber"))
            .expect("sample bytes");
    assert!(bytes.starts_with(br#"{"format":"limber","version":2,"#));
    let project = Project::from_bytes(&bytes).expect("a version-2 file loads");
    const { assert!(FORMAT_VERSION >= 3, "version 3 added look-at and child-of") };
    let saved = project.to_bytes();
    let header = format!(r#"{{"format":"limber","version":{FORMAT_VERSION},"#);
    assert!(saved.starts_with(header.as_bytes()));
    let again = Project::from_bytes(&saved).expect("saved file loads");
    assert_eq!(again, project);
    assert!(project.rig.follows.is_empty());
    assert!(project.rig.springs.iter().all(|s| s.mix == 1.0));
}

#[test]
fn look_at_and_child_of_round_trip_and_are_sampled_with_their_keyed_mix() {
    let project = constrained();
    let saved = project.to_bytes();
    let text = String::from_utf8(saved.clone()).expect("UTF-8");
    assert!(
        text.contains(r#""look_at":[{"name":"watch""#),
        "{text:.300}"
    );
    assert!(text.contains(r#""child_of":[{"name":"carry""#));
    let again = Project::from_bytes(&saved).expect("reloads");
    assert_eq!(again, project);

    let solver = PoseSolver::new(&project.rig.skeleton).expect("skeleton");
    let clip = &project.rig.clips[0];
    let mut without = project.clone();
    without.rig.follows.clear();
    let (watcher, target, carried) = (
        bone(&project, "head"),
        bone(&project, "arm_r"),
        bone(&project, "leg_l"),
    );
    let mut moved_by_carry = false;
    for k in 0..=20 {
        let t = clip.duration * f64::from(k) / 20.0;
        let frame = Frame::sample(&project, &solver, Some(clip), t);
        // Pure: the same time gives the same frame, whatever was sampled before.
        assert_eq!(frame, Frame::sample(&project, &solver, Some(clip), t));
        // The watcher's direction points at the target's head.
        let w = frame.world[watcher];
        let to_target = frame.world[target].translation - w.translation;
        if to_target.length() > 1e-6 {
            let off = w.matrix2.x_axis.angle_to(to_target).abs();
            assert!(off < 1e-9, "t = {t}: look-at off by {off} rad");
        }
        // At mix 0 (t = 0) child-of leaves the bone where its own animation puts it.
        let free = Frame::sample(&without, &solver, Some(clip), t);
        let gap = (frame.world[carried].translation - free.world[carried].translation).length();
        if k == 0 {
            assert!(gap < 1e-9, "mix 0 moves nothing, moved {gap} px");
        }
        moved_by_carry |= gap > 0.5;
    }
    assert!(
        moved_by_carry,
        "with its mix keyed up, child-of carries the bone"
    );
}

#[test]
fn removing_a_bone_removes_its_constraints_and_their_mix_keys() {
    let mut project = constrained();
    assert!(bone(&project, "arm_r") > 0);
    apply(
        &mut project,
        Edit::RemoveBone {
            name: "arm_r".into(),
        },
    )
    .expect("removes");
    assert!(project.rig.follows.is_empty(), "both constraints named it");
    let record = project.rig.clips[0].to_record();
    assert!(record.constraints.iter().all(|k| k.constraint != "carry"));
}

#[test]
fn constraint_names_are_unique_across_kinds_and_a_refused_edit_changes_nothing() {
    let mut project = constrained();
    let before = project.clone();
    let mut constraints = RigFile::from_rig(&project.rig).constraints();
    assert_eq!(constraints.unused_name("watch"), "watch 2");
    constraints.look_at[0].name = "carry".into();
    let error = apply(&mut project, Edit::SetConstraints(Box::new(constraints)))
        .expect_err("a duplicate name is refused");
    assert!(error.to_string().contains("\"carry\""), "{error}");
    assert_eq!(project, before);
    // Dropping a constraint drops its mix keys in the same edit.
    let mut constraints = RigFile::from_rig(&project.rig).constraints();
    constraints.child_of.clear();
    apply(&mut project, Edit::SetConstraints(Box::new(constraints))).expect("applies");
    let record = project.rig.clips[0].to_record();
    assert!(record.constraints.iter().all(|k| k.constraint != "carry"));
}
