//! Groups as Photoshop composites them, on files built byte by byte: a group clipped to the layer
//! below it (its layers show only on that layer, with its opacity), a group clipped onto a group
//! (dropped with a warning), and artboards (imported as groups with a warning).

use super::*;

/// The closing (bottom) divider of a group.
fn end() -> L {
    L::divider("</Layer group>", 3, false)
}

#[test]
fn a_group_clipped_to_a_layer_shows_its_layers_only_on_that_layer() {
    let mut base = L::solid("base", 0, 0, 2, 1, [1; 3]);
    base.channels[0].1 = raw(&[255, 0]);
    base.opacity = 128;
    let mut folder = L::divider("Clipped", 1, false);
    folder.clipped = true;
    let layers = [
        base,
        end(),
        L::solid("inside", 0, 0, 3, 1, [2; 3]),
        end(),
        L::solid("nested", 0, 0, 3, 1, [3; 3]),
        L::divider("Inner", 1, false),
        folder,
        L::solid("above", 0, 0, 3, 1, [4; 3]),
    ];
    let raw = read(&rgb([3, 1], &layers));
    assert_eq!(
        summary(&raw),
        [
            ("base".into(), [0, 0], (1, 1), true),
            ("inside".into(), [0, 0], (1, 1), true),
            ("nested".into(), [0, 0], (1, 1), true),
            ("above".into(), [0, 0], (3, 1), true),
        ]
    );
    // The clipped layers are drawn with the base's opacity, as Photoshop draws a clipping group.
    for clipped in &raw.layers[1..3] {
        assert_eq!(clipped.alpha, 128.0 / 255.0, "{}", clipped.name);
        assert!(clipped.dropped.is_empty(), "{:?}", clipped.dropped);
    }
    assert_eq!(raw.layers[3].alpha, 1.0);
}

#[test]
fn a_group_clipped_to_a_hidden_layer_is_hidden() {
    let mut base = L::solid("base", 0, 0, 2, 1, [1; 3]);
    base.hidden = true;
    let mut folder = L::divider("Clipped", 1, false);
    folder.clipped = true;
    let layers = [base, end(), L::solid("inside", 0, 0, 2, 1, [2; 3]), folder];
    let raw = read(&rgb([2, 1], &layers));
    assert!(!raw.layers[1].visible);
}

#[test]
fn a_group_clipped_onto_a_group_is_imported_unclipped_with_a_warning() {
    let mut folder = L::divider("Over", 1, false);
    folder.clipped = true;
    let layers = [
        end(),
        L::solid("a", 0, 0, 1, 1, [1; 3]),
        L::divider("Under", 1, false),
        end(),
        L::solid("b", 0, 0, 2, 1, [2; 3]),
        folder,
    ];
    let raw = read(&rgb([2, 1], &layers));
    assert_eq!(raw.layers[1].image.dimensions(), (2, 1));
    assert_eq!(
        raw.layers[1].dropped,
        ["group \"Over\" clipping mask onto a group"]
    );
}

#[test]
fn an_artboard_imports_as_a_group_and_says_what_it_loses() {
    let mut artboard = L::divider("Artboard 1", 1, false);
    artboard.blocks.push((*b"artb", vec![0, 0, 0, 16]));
    let layers = [end(), L::solid("drawn", 0, 0, 2, 1, [1; 3]), artboard];
    let raw = read(&rgb([2, 1], &layers));
    assert_eq!(raw.layers[0].groups, ["Artboard 1"]);
    assert_eq!(
        raw.layers[0].dropped,
        ["group \"Artboard 1\" artboard bounds and background"]
    );
}

#[test]
fn a_layer_renamed_body_2_and_a_slot_body_2_group_get_distinct_names() {
    // Issue 39 round 3: two layers "body" (the second becomes "body 2", a part that is its own
    // slot) beside a `[slot] body 2` group: the group's slot takes the next free name.
    let layers = [
        end(),
        L::solid("x", 4, 4, 2, 2, [2; 3]),
        L::divider("[slot] body 2", 1, false),
        L::solid("body", 0, 0, 2, 2, [1; 3]),
        L::solid("body", 8, 8, 2, 2, [1; 3]),
    ];
    let layered = crate::layered::read_layered_bytes(&rgb([16, 16], &layers), true).unwrap();
    let parts: Vec<&str> = layered.layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(parts, ["body 2/x", "body", "body 2"]);
    let slots: Vec<&str> = layered
        .slots
        .slots
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(slots, ["body 2 2"]);
    assert!(
        layered
            .warnings
            .iter()
            .any(|w| w.contains("the slot is imported as \"body 2 2\"")),
        "{:?}",
        layered.warnings
    );
}
