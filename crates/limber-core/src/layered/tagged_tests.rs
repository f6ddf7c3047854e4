//! Tagged groups (`[slot]`, `[skin]`) in a layered file: slots, attachments and skins on import,
//! what the imported project shows, and a slot named both in the rig and in the file.

use super::*;

/// An ORA with every import tag (top first in stack.xml): an ignored layer, a `[slot] eyes` group
/// (closed hidden, open shown), two `[skin]` groups with a "body" each (dark hidden, light
/// half-opaque), an ignored group, an additive layer and one in a mode limber does not draw.
fn tagged_ora() -> Vec<u8> {
    let xml = "<image w=\"40\" h=\"20\"><stack>\
        <layer name=\"[ignore] notes\" src=\"data/a.png\" x=\"30\" y=\"0\"/>\
        <stack name=\"[slot] eyes\">\
          <layer name=\"closed\" src=\"data/a.png\" x=\"10\" y=\"0\" visibility=\"hidden\"/>\
          <layer name=\"open\" src=\"data/a.png\" x=\"0\" y=\"0\"/>\
        </stack>\
        <stack name=\"[skin] dark\" visibility=\"hidden\">\
          <layer name=\"body\" src=\"data/b.png\" x=\"0\" y=\"10\"/></stack>\
        <stack name=\"[Skin] light\">\
          <layer name=\"body\" src=\"data/b.png\" x=\"20\" y=\"10\" opacity=\"0.5\"/></stack>\
        <stack name=\"[ignore] refs\"><layer name=\"ref\" src=\"data/a.png\"/></stack>\
        <layer name=\"shine\" src=\"data/a.png\" x=\"20\" y=\"0\" composite-op=\"svg:plus\"/>\
        <layer name=\"odd\" src=\"data/a.png\" x=\"30\" y=\"10\" composite-op=\"svg:overlay\"/>\
        </stack></image>";
    let square = RgbaImage::from_pixel(6, 6, Rgba([200, 40, 40, 255]));
    let wide = RgbaImage::from_pixel(16, 8, Rgba([40, 200, 40, 255]));
    ora(xml, &[("data/a.png", &square), ("data/b.png", &wide)])
}

#[test]
fn tagged_groups_become_slots_attachments_and_skins() {
    let layered = read_layered_bytes(&tagged_ora(), false).unwrap();
    let names: Vec<&str> = layered.layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "odd",
            "shine",
            "light/body",
            "dark/body",
            "eyes/open",
            "eyes/closed"
        ]
    );
    let warnings = layered.warnings.join("\n");
    assert!(
        warnings.contains("layer \"odd\": blend mode svg:overlay cannot be reproduced"),
        "{warnings}"
    );
    assert!(
        warnings.contains("slot \"body\": its layers differ in opacity or blend mode"),
        "{warnings}"
    );
    assert_eq!(layered.warnings.len(), 2, "{warnings}");
    let set = &layered.slots;
    let slots: Vec<(&str, Option<&str>, Blend, f64)> = set
        .slots
        .iter()
        .map(|s| (s.name.as_str(), s.setup.as_deref(), s.blend, s.color[3]))
        .collect();
    assert_eq!(
        slots,
        [
            ("shine", Some("shine"), Blend::Additive, 1.0),
            ("body", Some("body"), Blend::Normal, 0.5),
            ("eyes", Some("open"), Blend::Normal, 1.0),
        ]
    );
    let eyes: Vec<(&str, Option<&str>)> = set.slots[2]
        .attachments
        .iter()
        .map(|a| (a.name(), a.part()))
        .collect();
    assert_eq!(
        eyes,
        [("open", Some("eyes/open")), ("closed", Some("eyes/closed"))]
    );
    assert_eq!(set.skin("dark").unwrap().slots["body"]["body"], "dark/body");
    assert_eq!(
        set.skin("light").unwrap().slots["body"]["body"],
        "light/body"
    );
    assert_eq!(set.active_skin.as_deref(), Some("light"));
}

#[test]
fn an_import_of_tagged_groups_shows_the_visible_attachments_and_round_trips() {
    let dir = temp_dir("tagged");
    let project_path = dir.join("face.limber");
    let layered = read_layered_bytes(&tagged_ora(), false).unwrap();
    let project = imported(&layered, &project_path, one_bone_rig());
    // At rest every bone's skinning matrix is the identity.
    let palette = vec![glam::DAffine2::IDENTITY; 1];
    let frames = crate::slots::sample_slots(&project, &palette, None, 0.0);
    let shown: Vec<(&str, Option<&str>)> = frames
        .iter()
        .map(|f| {
            let view = crate::slots::slot_list(&project.parts, &project.rig.slots)
                .into_iter()
                .find(|v| v.name == f.name)
                .unwrap();
            let part = f.shown.and_then(|s| {
                crate::slots::resolve::shown_part(
                    &view,
                    s,
                    &crate::slots::resolve::part_index(&project.parts),
                )
            });
            (
                f.name.as_str(),
                part.map(|p| project.parts[p].name.as_str()),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("odd", Some("odd")),
            ("shine", Some("shine")),
            ("body", Some("light/body")),
            ("eyes", Some("eyes/open")),
        ]
    );
    project.save(&project_path).unwrap();
    assert_eq!(Project::load(&project_path).unwrap(), project);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slot_in_both_the_rig_and_the_layered_file_is_refused() {
    let dir = temp_dir("clash");
    let layered = read_layered_bytes(&tagged_ora(), false).unwrap();
    let mut rig = one_bone_rig();
    rig.slots.slots.push(crate::slots::SlotRecord {
        name: "eyes".into(),
        draw_order: 0,
        attachments: Vec::new(),
        setup: None,
        color: crate::slots::WHITE,
        blend: Blend::Normal,
    });
    let error = import_layered(
        &layered,
        &dir.join("x.limber"),
        rig,
        &PartRecipe::default(),
        &Progress::new(),
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the rig and the layered file both have a slot \"eyes\""
    );
    let _ = std::fs::remove_dir_all(&dir);
}
