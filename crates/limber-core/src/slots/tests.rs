//! Slots through the loader: a small project file of square parts.

use super::*;
use crate::frame::{DrawStep, Frame};
use crate::pose::PoseSolver;
use crate::project::Project;

fn part(name: &str, x: u32) -> String {
    let x0 = f64::from(x);
    format!(
        r#"{{"name":"{name}","image":"{name}.png","image_crc32":0,"image_size":[4,4],"offset":[{x},0],
        "mesh_settings":{{"alpha_threshold":0.05,"padding":1.0,"tolerance":1.0,"spacing":null,"min_island_area":16.0}},
        "mesh_edited":true,"weight_settings":{{"metric":"geodesic","smoothness":6.4}},
        "vertices":[[{x0},0],[{x1},0],[{x1},4],[{x0},4]],"triangles":[[0,1,2],[0,2,3]],
        "influences":[[[0,1.0]],[[0,1.0]],[[0,1.0]],[[0,1.0]]]}}"#,
        x1 = x0 + 4.0
    )
}

/// A project of parts body, open, closed, red_open and `extra` rig JSON fields.
pub(super) fn project(extra: &str) -> Result<Project, crate::project::ProjectError> {
    let parts = ["body", "open", "closed", "red_open"]
        .iter()
        .enumerate()
        .map(|(i, n)| part(n, i as u32 * 4))
        .collect::<Vec<_>>()
        .join(",");
    let text = format!(
        r#"{{"format":"limber","version":5,"bones":[{{"name":"root","head":[0,0],"tail":[10,0]}},
        {{"name":"tip","parent":"root","head":[10,0],"tail":[20,0]}}],
        "parts":[{parts}]{extra}}}"#
    );
    Project::from_bytes(text.as_bytes())
}

pub(super) const EYES: &str = r#","slots":[{"name":"eyes","draw_order":1,"setup":"open","attachments":[
    {"name":"open","part":"open"},{"name":"closed","part":"closed"},{"name":"red_open","part":"red_open"},
    {"name":"hit","type":"boundingbox","bone":"root","vertices":[[0,0],[4,0],[4,4]]},
    {"name":"muzzle","type":"point","bone":"tip","position":[20,0],"rotation":90}]}],
    "skins":[{"name":"red","slots":{"eyes":{"open":"red_open"}}},{"name":"plain"}],
    "clips":[{"name":"blink","duration":2,"keys":[{"bone":"root","time":1,"rotate":90}],
      "slots":[{"slot":"eyes","time":1,"attachment":"closed","color":[1,0,0,1]},
               {"slot":"eyes","time":0,"attachment":"open","color":[1,1,1,1]},
               {"slot":"body","time":0,"attachment":"body"},
               {"slot":"body","time":1.5,"attachment":null}]}]"#;

pub(super) fn at(project: &Project, t: f64) -> Frame {
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    Frame::sample(project, &solver, project.clip("blink"), t)
}

pub(super) fn visible(frame: &Frame, project: &Project) -> Vec<String> {
    frame
        .draw_sequence()
        .iter()
        .map(|p| project.parts[p.part].name.clone())
        .collect()
}

#[test]
fn a_slot_swaps_attachments_and_tints_through_skins() {
    let mut project = project(EYES).unwrap();
    assert_eq!(project.slots().len(), 2, "body is its own slot, then eyes");
    assert_eq!(visible(&at(&project, 0.0), &project), ["body", "open"]);
    let half = at(&project, 0.5);
    assert_eq!(half.slots[1].color, [1.0, 0.5, 0.5, 1.0]);
    assert_eq!(half.parts[1].color, [1.0, 0.5, 0.5, 1.0]);
    assert_eq!(visible(&at(&project, 1.2), &project), ["body", "closed"]);
    assert_eq!(
        visible(&at(&project, 1.6), &project),
        ["closed"],
        "body keyed to none"
    );
    project.set_skin("red").unwrap();
    assert_eq!(visible(&at(&project, 0.0), &project), ["body", "red_open"]);
    assert_eq!(
        visible(&at(&project, 1.2), &project),
        ["body", "closed"],
        "the red skin has no closed eyes of its own"
    );
    assert!(
        project
            .set_skin("blue")
            .unwrap_err()
            .to_string()
            .contains("default, red, plain")
    );
    // Saved and loaded again, byte for byte.
    let bytes = project.to_bytes();
    assert_eq!(Project::from_bytes(&bytes).unwrap().to_bytes(), bytes);
    assert!(String::from_utf8_lossy(&bytes).contains(r#""active_skin":"red""#));
}

#[test]
fn bounding_boxes_and_points_follow_their_bones() {
    let project = project(EYES).unwrap();
    let frame = at(&project, 1.0);
    let eyes = project.rig.slots.slots[0].attachments.clone();
    let skeleton = &project.rig.skeleton;
    let hit = posed_polygon(&eyes[3], skeleton, &frame.palette);
    // The root turns 90° counter-clockwise about (0, 0): (4, 0) goes to (0, -4).
    assert!(
        (hit[1][0] - 0.0).abs() < 1e-9 && (hit[1][1] + 4.0).abs() < 1e-9,
        "{hit:?}"
    );
    let muzzle = posed_point(&eyes[4], skeleton, &frame.palette);
    assert!((muzzle.position[0]).abs() < 1e-9 && (muzzle.position[1] + 20.0).abs() < 1e-9);
    assert!((muzzle.rotation - 180.0).abs() < 1e-9, "{muzzle:?}");
    let solver = PoseSolver::new(skeleton).unwrap();
    let setup = Frame::sample(&project, &solver, None, 0.0);
    let rest = posed_point(&eyes[4], skeleton, &setup.palette);
    assert_eq!(rest.position, [20.0, 0.0]);
    assert!((rest.rotation - 90.0).abs() < 1e-9);
}

#[test]
fn a_clipping_attachment_clips_up_to_its_end_slot() {
    let extra = r#","slots":[
        {"name":"mask","draw_order":0,"setup":"m","attachments":[{"name":"m","type":"clipping","end":"inner",
          "bone":"root","vertices":[[0,0],[6,0],[6,4],[0,4]]}]},
        {"name":"inner","draw_order":1,"setup":"open","attachments":[{"name":"open","part":"open"}]},
        {"name":"outer","draw_order":2,"setup":"closed","attachments":[{"name":"closed","part":"closed"}]}]"#;
    let project = project(extra).unwrap();
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    let frame = Frame::sample(&project, &solver, None, 0.0);
    let steps: Vec<String> = frame
        .draw_list()
        .iter()
        .map(|s| match s {
            DrawStep::ClipStart(_) => "start".to_string(),
            DrawStep::ClipEnd(_) => "end".to_string(),
            DrawStep::Part { part, clipped } => {
                format!(
                    "{}{}",
                    project.parts[part.part].name,
                    if *clipped { "*" } else { "" }
                )
            }
        })
        .collect();
    assert_eq!(
        steps,
        ["body", "red_open", "start", "open*", "end", "closed"]
    );
    assert!(contains(
        &[[0.0, 0.0], [6.0, 0.0], [6.0, 4.0], [0.0, 4.0]],
        [5.0, 1.0]
    ));
    assert!(!contains(
        &[[0.0, 0.0], [6.0, 0.0], [6.0, 4.0], [0.0, 4.0]],
        [7.0, 1.0]
    ));
}

#[test]
fn bad_slots_are_refused_with_one_line() {
    let cases = [
        (
            r#","slots":[{"name":"s","attachments":[{"name":"a","part":"ghost"}]}]"#,
            "names no part",
        ),
        (
            r#","slots":[{"name":"body","attachments":[{"name":"a","part":"open"}]}]"#,
            "clashes",
        ),
        (
            r#","slots":[{"name":"s","attachments":[]},{"name":"s","attachments":[]}]"#,
            "two slots",
        ),
        (
            r#","slots":[{"name":"s","color":[1,2,1,1],"attachments":[]}]"#,
            "outside 0 to 1",
        ),
        (
            r#","slots":[{"name":"s","setup":"x","attachments":[]}]"#,
            "setup attachment \"x\"",
        ),
        (
            r#","slots":[{"name":"s","attachments":[{"name":"a","part":"open"},{"name":"b","part":"open"}]}]"#,
            "two attachments",
        ),
        (
            r#","slots":[{"name":"s","attachments":[{"name":"p","type":"point","bone":"ghost","position":[0,0]}]}]"#,
            "no bone \"ghost\"",
        ),
        (
            r#","slots":[{"name":"s","attachments":[{"name":"b","type":"boundingbox","bone":"root","vertices":[[0,0],[1,1]]}]}]"#,
            "at least 3",
        ),
        (
            r#","slots":[{"name":"s","attachments":[{"name":"b","type":"boundingbox","vertices":[[0,0],[1,1],[1,0]],"influences":[[[0,0.5]],[[0,1.0]],[[0,1.0]]]}]}]"#,
            "weights sum",
        ),
        (
            r#","slots":[{"name":"s","draw_order":5,"attachments":[{"name":"c","type":"clipping","bone":"root","end":"t","vertices":[[0,0],[1,1],[1,0]]}]},{"name":"t","attachments":[]}]"#,
            "drawn before",
        ),
        (
            r#","slots":[{"name":"s","attachments":[{"name":"c","type":"clipping","bone":"root","end":"zz","vertices":[[0,0],[1,1],[1,0]]}]}]"#,
            "no end slot",
        ),
        (r#","skins":[{"name":"default"}]"#, "another"),
        (
            r#","skins":[{"name":"k","slots":{"ghost":{"a":"b"}}}]"#,
            "no slot \"ghost\"",
        ),
        (
            r#","skins":[{"name":"k","slots":{"body":{"a":"b"}}}]"#,
            "no attachment \"b\"",
        ),
        (r#","active_skin":"nope""#, "active skin"),
        (
            r#","clips":[{"name":"c","duration":1,"slots":[{"slot":"zz","time":0,"color":[1,1,1,1]}]}]"#,
            "no slot of this name",
        ),
        (
            r#","clips":[{"name":"c","duration":1,"slots":[{"slot":"body","time":0,"attachment":"x"}]}]"#,
            "\"x\" is not one",
        ),
        (
            r#","clips":[{"name":"c","duration":1,"slots":[{"slot":"body","time":0,"color":[1,1,1,1.5]}]}]"#,
            "outside 0 to 1",
        ),
        (
            r#","clips":[{"name":"c","duration":1,"slots":[{"slot":"body","time":0,"draw_order":3}]}]"#,
            "part key",
        ),
    ];
    for (extra, expected) in cases {
        let error = project(extra).unwrap_err().to_string();
        assert!(error.contains(expected), "{extra}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
}

#[test]
fn slot_budgets_are_checked_before_anything_else() {
    let set = SlotSet {
        slots: vec![
            SlotRecord {
                name: "s".into(),
                draw_order: 0,
                attachments: vec![],
                setup: None,
                color: WHITE,
                blend: Blend::Normal,
            };
            3
        ],
        ..SlotSet::default()
    };
    let limits = crate::limits::Limits {
        slots: 2,
        ..crate::limits::Limits::DEFAULT
    };
    let error = validate::check_budgets(&set, &limits).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the project has 3 slots, over the limit of 2"
    );
}

#[test]
fn removing_and_renaming_bones_carries_attachments() {
    use crate::edit::{Edit, apply};
    let mut project = project(EYES).unwrap();
    apply(
        &mut project,
        Edit::RenameBone {
            from: "tip".into(),
            to: "hand".into(),
        },
    )
    .unwrap();
    assert_eq!(
        project.rig.slots.slots[0].attachments[4].bone(),
        Some("hand")
    );
    apply(
        &mut project,
        Edit::RemoveBone {
            name: "hand".into(),
        },
    )
    .unwrap();
    assert_eq!(
        project.rig.slots.slots[0].attachments[4].bone(),
        Some("root"),
        "the point passes to the removed bone's parent"
    );
}

#[test]
fn the_bundled_sample_migrates_to_one_slot_per_part_and_samples_as_before() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/projects/zombie.limber"
    );
    let project = Project::load(std::path::Path::new(path)).unwrap();
    assert_eq!(project.slots().len(), project.parts.len());
    let saved = project.to_bytes();
    let version = format!(r#""version":{}"#, crate::project::FORMAT_VERSION);
    assert!(String::from_utf8_lossy(&saved).contains(&version));
    assert!(!String::from_utf8_lossy(&saved).contains(r#""slots""#));
    let again = Project::from_bytes(&saved).unwrap();
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    for t in [0.0, 0.3, 0.6, 0.9] {
        let before = Frame::sample(&project, &solver, project.clip("wave"), t);
        let after = Frame::sample(&again, &solver, again.clip("wave"), t);
        assert_eq!(before, after);
        assert!(before.parts.iter().all(|p| p.visible && p.color == WHITE));
        assert_eq!(before.draw_list().len(), before.draw_sequence().len());
    }
}
