//! The Cut tool (issue 37, item 1) in the real editor on a drawn figure whose hand rests on the hip
//! (`oc_silhouette_male_512h.png`, one piece in the alpha), rigged on its hand-marked joints: C
//! turns the tool on (Weights mode), a drag around the drawn hand adds one cut (one undo step) that
//! splits the mesh and takes the arm's weights off the hip; the upper arm posed 45° in Animate mode
//! then leaves the hip beside the hand where it was while the hand goes with the arm; undo puts the
//! mesh and the weights back. Suggest bones on a figure with its hand on the hip suggests the cut
//! itself, with the same result.

use eframe::egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::assets::AssetStore;
use limber::core::part_build::{PartRecipe, make_part};
use limber::core::progress::Progress;
use limber::core::project::Project;
use limber::core::rig::Rig;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::skinning::{SkinningMode, skin};
use limber::core::slots::posed::contains;
use limber::editor::commands::Command;
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use super::editor_harness::{drag, harness_with, pos};
use super::support::{drawn, undo_depth};

const UPPER_ARM: usize = 2;
const FOREARM: usize = 3;

/// The drawn hand's outline over the hip, and the cut an artist draws around it (image pixels).
const CUT: [[f64; 2]; 9] = [
    [120.0, 161.0],
    [117.5, 168.0],
    [115.5, 171.0],
    [87.5, 192.0],
    [90.0, 199.0],
    [101.0, 204.5],
    [112.0, 188.0],
    [119.0, 186.5],
    [124.0, 187.0],
];

fn figure() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/figures/oc_silhouette_male_512h.png")
}

/// The figure made into a project with bones on its marked joints, saved, and opened.
fn rigged_editor() -> Editor {
    let skeleton = Skeleton::new(vec![
        Bone::new("spine", None, [90.0, 222.0], [88.0, 72.0]),
        Bone::new("head", Some(0), [88.0, 72.0], [88.0, 20.0]),
        Bone::new("upper_arm_l", Some(0), [123.0, 88.0], [165.0, 150.0]),
        Bone::new("forearm_l", Some(2), [165.0, 150.0], [105.0, 185.0]),
        Bone::new("thigh", Some(0), [90.0, 222.0], [85.0, 335.0]),
        Bone::new("shin", Some(4), [85.0, 335.0], [80.0, 445.0]),
    ])
    .unwrap();
    let made = make_part(
        &AssetStore::new(),
        &figure(),
        &PartRecipe::default(),
        &skeleton,
        &Progress::new(),
    )
    .unwrap()
    .unwrap();
    let project = Project {
        rig: Rig {
            skeleton,
            ..Rig::default()
        },
        parts: vec![made.part],
        canvas: None,
        exports: Default::default(),
    };
    let dir = crate::common::temp_dir("cut-tool");
    let path = dir.join("silhouette.limber");
    project.save(&path).unwrap();
    Editor::new(Document::open(&path).unwrap())
}

/// Part 0's vertices on the hip beside the hand: 2 to 20 px below or left of the hand's outline,
/// outside it (at rest).
fn hip_beside_hand(editor: &Editor) -> Vec<usize> {
    let hand = &CUT[2..8];
    let inside = in_hand;
    let distance = |p: DVec2| {
        (0..hand.len() - 1)
            .map(|k| {
                let (a, b) = (DVec2::from(hand[k]), DVec2::from(hand[k + 1]));
                let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
                p.distance(a + (b - a) * t)
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mesh = &editor.document().project.parts[0].mesh;
    (0..mesh.positions.len())
        .filter(|&v| {
            let p = DVec2::from(mesh.positions[v]);
            p.y > 185.0 && p.x < 118.0 && !inside(p) && (2.0..=20.0).contains(&distance(p))
        })
        .collect()
}

/// Whether `p` lies inside the drawn hand's outline.
fn in_hand(p: DVec2) -> bool {
    inside(p, &CUT[2..8])
}

/// The forearm's (the hand's bone's) largest weight over `vertices` of part 0. (The upper arm keeps
/// about 2 % there, its falloff through the shoulder, cut or not.)
fn forearm_weight(editor: &Editor, vertices: &[usize]) -> f64 {
    let binding = &editor.document().project.parts[0].binding;
    vertices
        .iter()
        .flat_map(|&v| binding.vertices[v].iter())
        .filter(|(b, _)| *b == FOREARM)
        .map(|&(_, w)| w)
        .fold(0.0, f64::max)
}

/// Part 0's vertices as drawn now.
fn posed(editor: &Editor) -> Vec<[f64; 2]> {
    let frame = editor.frame().expect("a frame");
    let state = &frame.parts[0];
    let part = &editor.document().project.parts[state.part];
    skin(
        &state.rest,
        &part.binding,
        &frame.palette,
        SkinningMode::LinearBlend,
    )
}

/// Drags the pointer through `points` (image pixels) with the primary button held.
fn stroke(harness: &mut Harness<'_, Editor>, points: &[[f64; 2]]) {
    let screen: Vec<DVec2> = points
        .iter()
        .map(|&p| harness.state().screen_of(p.into()))
        .collect();
    harness.event(Event::PointerMoved(pos(screen[0])));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: pos(screen[0]),
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for pair in screen.windows(2) {
        for i in 1..=4 {
            let p = pair[0] + (pair[1] - pair[0]) * (f64::from(i) / 4.0);
            harness.event(Event::PointerMoved(pos(p)));
            harness.run_steps(1);
        }
    }
    let last = *screen.last().unwrap();
    harness.event(Event::PointerButton {
        pos: pos(last),
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
}

/// Drags bone `b` (grabbed at 80 % of its length) through 45° about its head in the view: part 0's
/// vertices before the drag, and the angle the bone turned (degrees).
fn turn_by_drag(harness: &mut Harness<'_, Editor>, b: usize) -> (Vec<[f64; 2]>, f64) {
    let rest = posed(harness.state());
    let (head, tail) = drawn(harness.state(), b);
    let grab = head + (tail - head) * 0.8;
    let turned = head + DVec2::from_angle(45f64.to_radians()).rotate(grab - head);
    let (from, to) = (
        harness.state().screen_of(grab),
        harness.state().screen_of(turned),
    );
    drag(harness, from, to);
    let (_, new_tail) = drawn(harness.state(), b);
    (rest, (tail - head).angle_to(new_tail - head).to_degrees())
}

#[test]
fn a_cut_drawn_around_the_hand_keeps_the_hip_still_when_the_arm_is_posed_and_undo_heals_it() {
    let mut harness = harness_with(rigged_editor());
    let before = harness.state().document().project.parts[0].clone();
    let hip = hip_beside_hand(harness.state());
    assert!(hip.len() >= 3, "{} hip vertices beside the hand", hip.len());
    let open_weight = forearm_weight(harness.state(), &hip);
    assert!(
        open_weight > 0.2,
        "the hand's weights reach the hip ({open_weight})"
    );

    // C: the Cut tool, in Weights mode; a drag around the hand adds the cut as one step.
    harness.key_press(Key::C);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Weights);
    assert!(harness.state().tools().cutting());
    let steps = undo_depth(harness.state_mut());
    stroke(&mut harness, &CUT);
    let editor = harness.state();
    assert_eq!(
        editor.document().project.rig.cuts.len(),
        1,
        "{}",
        editor.status()
    );
    // The spine runs under the hand's tip: the status says it now weighs only its head's side.
    assert!(
        editor.status().contains("it crosses spine,") && !editor.status().contains("forearm"),
        "{}",
        editor.status()
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    let editor = harness.state();
    let part = &editor.document().project.parts[0];
    assert!(
        part.mesh.positions.len() > before.mesh.positions.len(),
        "the mesh splits"
    );
    let hip = hip_beside_hand(editor);
    let cut_weight = forearm_weight(editor, &hip);
    assert!(
        cut_weight < 1e-3,
        "the forearm's weight on the hip is {cut_weight}"
    );

    // Animate: a clip, then the upper arm turned 45° about the shoulder by a drag.
    harness.key_press(Key::C);
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    harness.state_mut().run(Command::AddClip);
    harness.run_steps(2);
    let (rest, angle) = turn_by_drag(&mut harness, UPPER_ARM);
    assert!((angle - 45.0).abs() < 2.0, "the upper arm turned {angle}°");
    let now = posed(harness.state());
    let hip_moved = hip
        .iter()
        .map(|&v| DVec2::from(now[v]).distance(DVec2::from(rest[v])))
        .fold(0.0, f64::max);
    // What moves is the upper arm's own falloff through the shoulder (see forearm_weight), not the
    // hand: without the cut these pixels follow the hand by tens of pixels (`cut_bleed.rs`).
    assert!(
        hip_moved <= 2.0,
        "the hip beside the hand moved {hip_moved} px"
    );
    let mesh = &harness.state().document().project.parts[0].mesh;
    let hand_moved = (0..mesh.positions.len())
        .filter(|&v| in_hand(DVec2::from(mesh.positions[v])))
        .map(|v| DVec2::from(now[v]).distance(DVec2::from(rest[v])))
        .fold(0.0, f64::max);
    assert!(
        hand_moved > 30.0,
        "the hand goes with the arm ({hand_moved} px)"
    );

    // Undo the pose, the clip and the cut: the mesh and weights are as before.
    while harness.state().document().project.rig.cuts.len() == 1 {
        assert!(harness.state_mut().document_mut().undo());
    }
    let part = &harness.state().document().project.parts[0];
    assert_eq!(part.mesh, before.mesh);
    assert_eq!(part.binding, before.binding);
}

/// A figure whose hand rests on her hip (`oc_silhouette_female_512h.png`): the body's region
/// beside the hand, as marked in `tests/data/contact_bleed.tsv`.
const BESIDE_HAND: [[f64; 2]; 10] = [
    [62.0, 170.0],
    [80.0, 186.0],
    [82.0, 196.0],
    [96.0, 206.0],
    [106.0, 200.0],
    [110.0, 190.0],
    [113.0, 186.0],
    [125.0, 186.0],
    [125.0, 220.0],
    [62.0, 220.0],
];

/// Whether `p` lies inside the closed `polygon` (even-odd, as the slots' stencil draws).
fn inside(p: DVec2, polygon: &[[f64; 2]]) -> bool {
    contains(polygon, p.to_array())
}

#[test]
fn suggest_bones_cuts_where_the_hand_rests_on_the_hip_and_the_posed_arm_leaves_the_hip() {
    let figure = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/figures/oc_silhouette_female_512h.png");
    let document = Document::from_image(&figure).expect("the figure opens");
    let mut harness = harness_with(Editor::new(document));
    let before = harness.state().document().project.parts[0].clone();
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    let steps = undo_depth(harness.state_mut());
    harness.get_by_label("Suggest bones").click();
    harness.run_steps(2);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1, "one undo step");
    let editor = harness.state();
    // At the wrist of the hand on the hip, and along the other arm, which hangs against the body.
    assert_eq!(
        editor.document().project.rig.cuts.len(),
        2,
        "{}",
        editor.status()
    );
    assert!(
        editor
            .status()
            .contains("2 cuts where the drawing touches itself"),
        "{}",
        editor.status()
    );
    let part = &editor.document().project.parts[0];
    assert!(
        part.mesh.positions.len() > before.mesh.positions.len(),
        "the mesh splits along the suggested cut"
    );
    let arm = super::support::bone(editor, "arm_upper_l");
    let beside: Vec<usize> = (0..part.mesh.positions.len())
        .filter(|&v| inside(DVec2::from(part.mesh.positions[v]), &BESIDE_HAND))
        .collect();
    assert!(
        beside.len() >= 3,
        "{} vertices beside the hand",
        beside.len()
    );

    // Animate: a clip, then the upper arm turned about its head by a drag (towards 45°).
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    harness.state_mut().run(Command::AddClip);
    harness.run_steps(2);
    super::support::select(&mut harness, "arm_upper_l");
    let (rest, angle) = turn_by_drag(&mut harness, arm);
    // (A short bone: the drag's start threshold takes some of the turn.)
    assert!(
        (25.0..=50.0).contains(&angle),
        "the upper arm turned {angle}°"
    );
    let now = posed(harness.state());
    let moved = |v: usize| DVec2::from(now[v]).distance(DVec2::from(rest[v]));
    let body_moved = beside.iter().map(|&v| moved(v)).fold(0.0, f64::max);
    assert!(
        body_moved <= 1.0,
        "the body beside the hand moved {body_moved} px"
    );
    let elbow = DVec2::from(harness.state().document().project.rig.skeleton.bones[arm].tail);
    let mesh = &harness.state().document().project.parts[0].mesh;
    let elbow_moved = (0..mesh.positions.len())
        .filter(|&v| DVec2::from(mesh.positions[v]).distance(elbow) < 8.0)
        .map(moved)
        .fold(f64::INFINITY, f64::min);
    assert!(
        (20.0..f64::INFINITY).contains(&elbow_moved),
        "the elbow goes with the arm ({elbow_moved} px)"
    );

    // Undo the pose and the clip, then the suggestion: bones, cut and split go in one step.
    while !harness
        .state()
        .document()
        .project
        .rig
        .skeleton
        .bones
        .is_empty()
    {
        assert!(harness.state_mut().document_mut().undo());
    }
    let project = &harness.state().document().project;
    assert!(project.rig.cuts.is_empty());
    assert_eq!(project.parts[0].mesh, before.mesh);
}
