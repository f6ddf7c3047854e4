//! Edits and undo, headless: a scripted sequence of edits undone and redone returns identical
//! documents; a drag is one step; a refused edit changes nothing.

use crate::common;

use std::sync::Arc;

use limber::core::MeshSettings;
use limber::core::animation::{ClipRecord, IkRecord, Interpolation, KeyRecord};
use limber::core::brush::{BrushMode, Dab, apply_dab};
use limber::core::distance::Metric;
use limber::core::edit::{Edit, EditError};
use limber::core::history::History;
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::project::{Part, Project};
use limber::core::rig::{BoneRecord, load_rig};
use limber::core::weights::{WeightSettings, check_binding, weigh};

fn zombie() -> Project {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let rig = load_rig(&root.join("assets/rigs/kenney_zombie_walk0.json")).unwrap();
    let image = load_png(&common::sprite("kenney_zombie_walk0.png")).unwrap();
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let binding = weigh(&grid, &rig.skeleton, &mesh.positions, Metric::Geodesic, 6.4);
    Project {
        rig,
        parts: vec![Part {
            name: "zombie".into(),
            draw_order: 0,
            image: "kenney_zombie_walk0.png".into(),
            image_crc32: 0,
            mesh_settings: MeshSettings::default(),
            mesh_edited: false,
            weight_settings: WeightSettings {
                metric: Metric::Geodesic,
                smoothness: 6.4,
            },
            mesh: Arc::new(mesh),
            binding,
            pixel_art: false,
        }],
        canvas: None,
        exports: Default::default(),
    }
}

fn bone(name: &str, parent: Option<&str>, head: [f64; 2], tail: [f64; 2]) -> BoneRecord {
    BoneRecord {
        inherit: Default::default(),
        name: name.into(),
        parent: parent.map(String::from),
        head,
        tail,
        smoothness: None,
        deform: true,
    }
}

fn key(bone: &str, time: f64, rotate: f64) -> KeyRecord {
    KeyRecord {
        shear: None,
        inherit: None,
        bone: bone.into(),
        time,
        rotate: Some(rotate),
        translate: None,
        scale: None,
        interp: Interpolation::LINEAR.into(),
    }
}

#[test]
fn a_scripted_sequence_undone_and_redone_returns_identical_documents() {
    let mut project = zombie();
    let mut history = History::new();
    let mut brushed = project.parts[0].binding.clone();
    apply_dab(
        &mut brushed,
        &project.parts[0].mesh,
        &Dab {
            centre: [20.0, 95.0],
            radius: 12.0,
            strength: 0.8,
            bone: 4,
            mode: BrushMode::Add,
        },
        &[],
    );
    let script = vec![
        Edit::AddBone(bone("hand_l", Some("arm_l"), [16.0, 100.0], [10.0, 108.0])),
        Edit::RenameBone {
            from: "arm_l".into(),
            to: "upper_arm_l".into(),
        },
        Edit::SetSmoothness {
            name: "head".into(),
            smoothness: Some(12.0),
        },
        Edit::MoveBone {
            name: "hand_l".into(),
            head: [16.0, 100.0],
            tail: [8.0, 110.0],
        },
        Edit::AddIk(IkRecord {
            mix: 0.5,
            iterations: 10,
            tolerance: 0.01,
            ..IkRecord::new(
                "reach",
                vec!["upper_arm_l".into(), "hand_l".into()],
                "leg_r",
            )
        }),
        Edit::AddClip(ClipRecord {
            name: "nod".into(),
            duration: 0.5,
            looping: true,
            keys: vec![key("head", 0.0, 0.0)],
            parts: vec![],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        }),
        Edit::SetKey {
            clip: "nod".into(),
            key: Box::new(key("head", 0.25, 10.0)),
        },
        Edit::SetKey {
            clip: "shamble".into(),
            key: Box::new(key("upper_arm_l", 0.3, 25.0)),
        },
        Edit::SetBinding {
            part: 0,
            binding: brushed,
        },
        Edit::SetParent {
            name: "leg_r".into(),
            parent: Some("spine".into()),
        },
        Edit::RemoveKey {
            clip: "shamble".into(),
            bone: "head".into(),
            time: 0.6,
        },
        Edit::RemoveBone {
            name: "spine".into(),
        },
        Edit::RemoveClip {
            name: "wave".into(),
        },
    ];
    let mut states = vec![project.clone()];
    for edit in script {
        history
            .apply(&mut project, edit.clone())
            .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
        check_binding(&project.parts[0].binding, project.rig.skeleton.bones.len()).unwrap();
        states.push(project.clone());
    }
    // Removing the spine reparented its children to the hip and moved its keys' bone out of clips.
    let hip = project.rig.skeleton.index_of("hip");
    assert_eq!(
        project.rig.skeleton.bones[project.rig.skeleton.index_of("head").unwrap()].parent,
        hip
    );
    assert!(project.rig.skeleton.index_of("spine").is_none());
    assert!(project.clip("wave").is_none());
    assert_eq!(project.rig.ik.len(), 1);

    for expected in states.iter().rev().skip(1) {
        assert!(history.undo(&mut project));
        assert_eq!(&project, expected);
    }
    assert!(!history.undo(&mut project), "nothing left to undo");
    for expected in states.iter().skip(1) {
        assert!(history.redo(&mut project));
        assert_eq!(&project, expected);
    }
    assert!(!history.redo(&mut project));
    // The saved bytes agree too.
    assert!(project.to_bytes() == states.last().unwrap().to_bytes());
}

#[test]
fn a_drag_is_one_undo_step_and_a_cancelled_drag_changes_nothing() {
    let mut project = zombie();
    let before = project.clone();
    let mut history = History::new();
    history.begin(&project);
    for k in 0..20 {
        let x = 50.0 + k as f64;
        history
            .apply(
                &mut project,
                Edit::MoveBone {
                    name: "head".into(),
                    head: [47.0, 72.0],
                    tail: [x, 30.0],
                },
            )
            .unwrap();
    }
    history.commit(&project);
    let dragged = project.clone();
    assert!(history.undo(&mut project));
    assert_eq!(project, before, "twenty moves undone in one step");
    assert!(!history.can_undo());
    assert!(history.redo(&mut project));
    assert_eq!(project, dragged);

    history.begin(&project);
    history
        .apply(
            &mut project,
            Edit::SetDeform {
                name: "leg_l".into(),
                deform: false,
            },
        )
        .unwrap();
    history.cancel(&mut project);
    assert_eq!(project, dragged);
}

#[test]
fn a_refused_edit_leaves_document_and_history_unchanged() {
    let mut project = zombie();
    let before = project.clone();
    let mut history = History::new();
    let refused = [
        (
            Edit::RenameBone {
                from: "head".into(),
                to: "hip".into(),
            },
            "two bones",
        ),
        (
            Edit::SetParent {
                name: "hip".into(),
                parent: Some("head".into()),
            },
            "cycle",
        ),
        (
            Edit::RemoveBone {
                name: "tail".into(),
            },
            "no bone",
        ),
        (
            Edit::SetKey {
                clip: "shamble".into(),
                key: Box::new(key("head", 5.0, 1.0)),
            },
            "time",
        ),
        (
            Edit::AddClip(ClipRecord {
                name: "wave".into(),
                duration: 1.0,
                looping: false,
                keys: vec![],
                parts: vec![],
                slots: Vec::new(),
                constraints: vec![],
                paths: Vec::new(),
                fps: None,
                events: vec![],
            }),
            "twice",
        ),
        (
            Edit::SetBinding {
                part: 0,
                binding: Default::default(),
            },
            "influence lists",
        ),
        (
            Edit::SetBinding {
                part: 3,
                binding: Default::default(),
            },
            "no part",
        ),
    ];
    for (edit, problem) in refused {
        let error: EditError = history
            .apply(&mut project, edit.clone())
            .expect_err(&format!("{edit:?}"));
        assert!(error.to_string().contains(problem), "{edit:?}: {error}");
        assert_eq!(project, before);
    }
    assert!(!history.can_undo());
}

#[test]
fn key_edits_move_remove_and_paste_as_one_step_each_and_a_paste_past_the_end_is_refused() {
    use limber::core::animation::key_edits::copied;
    use limber::core::animation::{KeySet, TrackKeyId};
    let mut project = zombie();
    let mut history = History::new();
    let clip = |p: &Project| p.rig.clips[0].to_record();
    let name = clip(&project).name;
    let first: Vec<TrackKeyId> = clip(&project)
        .keys
        .iter()
        .take(2)
        .map(|k| (k.bone.clone(), k.time))
        .collect();
    let set = KeySet {
        bones: first.clone(),
        ..KeySet::default()
    };
    let start = project.clone();
    // Move: the keys are elsewhere in time, one undo step.
    history
        .apply(
            &mut project,
            Edit::MoveKeys {
                clip: name.clone(),
                keys: set.clone(),
                delta: 0.05,
            },
        )
        .unwrap();
    assert_ne!(clip(&project), clip(&start));
    let moved = project.clone();
    // Remove them all: fewer keys.
    let removed_set = KeySet {
        bones: first
            .iter()
            .map(|(b, t)| (b.clone(), ((t + 0.05) * 1e6).round() / 1e6))
            .collect(),
        ..KeySet::default()
    };
    history
        .apply(
            &mut project,
            Edit::RemoveKeys {
                clip: name.clone(),
                keys: removed_set,
            },
        )
        .unwrap();
    assert!(clip(&project).keys.len() < clip(&moved).keys.len());
    // A paste that would run past the clip's end is refused and changes nothing.
    let copy = copied(&clip(&start), &set);
    let before = project.clone();
    let duration = clip(&project).duration;
    let error = history
        .apply(
            &mut project,
            Edit::PasteKeys {
                clip: name.clone(),
                keys: copy.clone(),
                at: duration,
            },
        )
        .expect_err("past the end");
    assert!(error.to_string().contains("do not fit"), "{error}");
    assert_eq!(project, before);
    // Pasting at 0 puts the copied keys back.
    history
        .apply(
            &mut project,
            Edit::PasteKeys {
                clip: name,
                keys: copy,
                at: 0.0,
            },
        )
        .unwrap();
    assert_eq!(clip(&project).keys.len(), clip(&start).keys.len());
    // Three steps, each undone in turn back to the start.
    for _ in 0..3 {
        assert!(history.undo(&mut project));
    }
    assert_eq!(project, start);
}
