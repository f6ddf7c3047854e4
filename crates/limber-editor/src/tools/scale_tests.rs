//! The scale tool: along the bone, uniformly with Shift, across it from beside the bone, and the
//! clip it makes when there is none, each one undo step that Esc puts back.

use super::*;

/// Bone 0's posed head and the unit vectors along and across it.
fn bone_axes(editor: &Editor) -> (DVec2, DVec2, DVec2) {
    let (head, tail) = posed_bone(editor, 0);
    let along = (tail - head).normalize();
    (head, along, along.perp())
}

fn scale_tool(editor: &mut Editor) {
    editor
        .tools
        .set_animate_tool(crate::editor::AnimateTool::Scale);
}

fn near(a: [f64; 2], b: [f64; 2]) -> bool {
    (a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6
}

#[test]
fn scaling_along_the_bone_is_one_step_and_esc_restores_it() {
    let start = sample().bone_keys(0).scale();
    let stretched = |e: &Editor| {
        let (head, _, _) = bone_axes(e);
        head + (grab(e) - head) * 1.5
    };
    let editor = check_tool(scale_tool, |e| Press::at(grab(e)), stretched);
    // Pressed on the bone's axis: no ratio across, so only the length scales.
    let scale = editor.bone_keys(0).scale();
    assert!(
        near(scale, [start[0] * 1.5, start[1]]),
        "{scale:?} from {start:?}"
    );
    assert_eq!(
        editor.selection().bone(),
        Some(0),
        "the scaled bone is selected"
    );
    let key = editor.bone_keys(0).key().unwrap();
    assert_eq!(key.scale, Some(scale));
    assert_eq!(key.rotate, None, "only scale is keyed");
}

#[test]
fn shift_scales_uniformly_by_the_along_ratio() {
    let press = |e: &Editor| Press {
        shift: true,
        ..Press::at(grab(e))
    };
    let halved = |e: &Editor| {
        let (head, _, across) = bone_axes(e);
        // The sideways part is ignored: Shift follows the length only.
        head + (grab(e) - head) * 0.5 + across * 20.0
    };
    let start = sample().bone_keys(0).scale();
    let editor = check_tool(scale_tool, press, halved);
    let scale = editor.bone_keys(0).scale();
    assert!(near(scale, [start[0] * 0.5, start[1] * 0.5]), "{scale:?}");
}

#[test]
fn a_press_beside_the_selected_bone_scales_it_across() {
    let mut editor = sample();
    scale_tool(&mut editor);
    editor.selection.set_bone(Some(0));
    let (head, along, across) = bone_axes(&editor);
    let base = head + (grab(&editor) - head) * 0.5;
    let palette = editor.palette();
    // A point beside bone 0 that picks no other bone, so the press takes the selected one.
    let side = [30.0, -30.0, 45.0, -45.0, 60.0, -60.0]
        .into_iter()
        .find(|d| {
            editor
                .rig()
                .bone_at(&palette, base + across * *d, editor.bone_reach())
                .is_none()
        })
        .expect("room beside the bone");
    let from = base + across * side;
    assert!(editor.press(Press::at(from)));
    let Some(Drag::Scale(drag)) = editor.tools().drag().cloned() else {
        panic!("the scale tool drags");
    };
    assert_eq!(drag.bone, 0);
    // Twice as far across and as far along: across doubles, along stays.
    let to = base + across * (2.0 * side);
    let start = editor.bone_keys(0).scale();
    let twice = [start[0], start[1] * 2.0];
    assert!(near(drag.scale_at(to), twice), "{:?}", drag.scale_at(to));
    // Through the head, a factor stops at its smallest rather than flipping the bone.
    let through = head - along * 40.0 + across * side;
    assert!(drag.scale_at(through)[0] > 0.0);
    editor.drag_to(to);
    editor.release();
    assert!(near(editor.bone_keys(0).scale(), twice));
}

#[test]
fn the_scale_tool_without_a_clip_makes_one_with_its_key_in_one_step() {
    let mut editor = sample();
    scale_tool(&mut editor);
    editor.playback.set_clip(None);
    let before = editor.document.project.clone();
    let from = grab(&editor);
    assert!(editor.press(Press::at(from)));
    editor.drag_to(from + DVec2::new(30.0, 20.0));
    editor.release();
    assert!(!editor.document.in_transaction());
    assert_eq!(editor.clip_name(), Some("clip"), "{}", editor.status);
    assert!(!editor.current_clip().unwrap().to_record().keys.is_empty());
    assert!(!editor.status.contains("no clip"), "{}", editor.status);
    assert!(editor.document.undo());
    assert_eq!(
        editor.document.project, before,
        "the clip and the key are one step"
    );
}
