//! Shear keys and bone inheritance modes (format version 11) as RIG.json and the editor's edits
//! see them: they read, sample and write back; a constraint on a bone that does not inherit
//! everything is refused in one line naming both, and so is giving a constrained bone such a mode.

use limber_core::animation::SpringRecord;
use limber_core::edit::{Edit, EditError, apply};
use limber_core::inherit::Inherit;
use limber_core::project::Project;
use limber_core::rig::{RigFile, parse_rig};

const RIG: &str = r#"{
  "bones": [
    {"name": "hip", "parent": null, "head": [50, 100], "tail": [50, 60]},
    {"name": "arm", "parent": "hip", "head": [50, 60], "tail": [80, 70], "inherit": "onlyTranslation"},
    {"name": "leg", "parent": "hip", "head": [50, 100], "tail": [40, 140]}
  ],
  "clips": [{"name": "lean", "duration": 1, "keys": [
    {"bone": "hip", "time": 0, "shear": [0, 0], "interp": {"shear": ["linear", "stepped"]}},
    {"bone": "hip", "time": 1, "shear": [30, -20]}
  ]}]
}"#;

#[test]
fn shear_keys_and_inheritance_read_sample_and_write_back() {
    let rig = parse_rig(RIG).unwrap();
    assert_eq!(rig.skeleton.bones[1].inherit, Inherit::OnlyTranslation);
    assert_eq!(rig.skeleton.bones[2].inherit, Inherit::Normal);
    let clip = &rig.clips[0];
    let half = clip.sample(0.5).bones[0].shear.map(f64::to_degrees);
    // x is linear, y stepped: it holds until the next key.
    assert!(
        (half[0] - 15.0).abs() < 1e-9 && half[1].abs() < 1e-12,
        "{half:?}"
    );
    let written = serde_json::to_value(RigFile::from_rig(&rig)).unwrap();
    assert_eq!(written["bones"][1]["inherit"], "onlyTranslation");
    assert!(
        written["bones"][2].get("inherit").is_none(),
        "normal is not written"
    );
    let again = serde_json::to_string(&written).unwrap();
    assert_eq!(parse_rig(&again).unwrap(), rig);
}

#[test]
fn a_constraint_on_a_partly_inherited_bone_is_refused_in_one_line() {
    let with_ik = RIG.replacen(
        r#""clips""#,
        r#""look_at": [{"name": "aim", "bone": "arm", "target": "leg"}], "clips""#,
        1,
    );
    let error = parse_rig(&with_ik).unwrap_err().to_string();
    assert!(error.contains("look-at \"aim\""), "{error}");
    assert!(error.contains("\"arm\""), "{error}");
    assert!(error.contains("position only"), "{error}");
    assert!(!error.contains('\n'), "{error}");
}

#[test]
fn a_constrained_bone_keeps_its_inheritance_and_a_free_one_changes_in_one_edit() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/projects/zombie.limber");
    let mut project = Project::load(&path).unwrap();
    // A spring on the left arm: the bone a constraint moves.
    let mut constraints = RigFile::from_rig(&project.rig).constraints();
    constraints.springs.push(SpringRecord {
        bone: "arm_l".into(),
        frequency: 2.0,
        damping: 0.5,
        mix: 1.0,
    });
    apply(&mut project, Edit::SetConstraints(Box::new(constraints))).unwrap();
    let before = project.clone();
    let refused = apply(
        &mut project,
        Edit::SetInherit {
            name: "arm_l".into(),
            inherit: Inherit::NoScale,
        },
    );
    match refused {
        Err(EditError::Rig(error)) => {
            let error = error.to_string();
            assert!(error.contains("a spring moves \"arm_l\""), "{error}");
        }
        other => panic!("not refused: {other:?}"),
    }
    assert_eq!(project, before, "a refused edit changes nothing");
    let free = project
        .rig
        .skeleton
        .bones
        .iter()
        .position(|b| b.parent.is_some() && b.name == "head")
        .expect("the zombie has a head");
    apply(
        &mut project,
        Edit::SetInherit {
            name: "head".into(),
            inherit: Inherit::NoRotationOrReflection,
        },
    )
    .unwrap();
    assert_eq!(
        project.rig.skeleton.bones[free].inherit,
        Inherit::NoRotationOrReflection
    );
}
