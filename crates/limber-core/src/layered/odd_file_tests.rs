//! Layered files that are odd but not damaged: a PSB under either extension, an empty ORA layer
//! with a blend mode, a `[skin] default` group.

use super::*;

#[test]
fn a_psb_file_is_told_to_be_saved_as_psd_whatever_its_extension() {
    let dir = temp_dir("psb-extension");
    let mut psb = psd_bytes([10, 10], &sample_layers(false));
    // The header's version 2 marks a large document (PSB).
    psb[5] = 2;
    for name in ["big.psb", "big.PSB", "big.psd"] {
        let path = dir.join(name);
        std::fs::write(&path, &psb).unwrap();
        assert!(
            is_layered_path(&path),
            "{name} is offered to the layered reader"
        );
        let e = read_layered(&path).unwrap_err().to_string();
        assert!(e.contains("save the file as PSD"), "{name}: {e}");
    }
}

#[test]
fn an_empty_ora_layer_is_skipped_without_a_word_about_its_blend_mode() {
    let xml = "<image w=\"20\" h=\"20\"><stack>\
        <layer name=\"blank\" src=\"data/empty.png\" composite-op=\"svg:hue\"/>\
        <layer name=\"paint\" src=\"data/a.png\" x=\"2\" y=\"2\" composite-op=\"svg:overlay\"/>\
        </stack></image>";
    let empty = RgbaImage::new(8, 8);
    let square = RgbaImage::from_pixel(6, 6, Rgba([200, 40, 40, 255]));
    let read = read_layered_bytes(
        &ora(xml, &[("data/empty.png", &empty), ("data/a.png", &square)]),
        false,
    )
    .expect("the painted layer imports");
    assert_eq!(read.layers.len(), 1);
    assert!(
        !read.warnings.iter().any(|w| w.contains("blank")),
        "the empty layer is not warned about: {:?}",
        read.warnings
    );
    assert!(
        read.warnings
            .iter()
            .any(|w| w.contains("paint") && w.contains("svg:overlay")),
        "the painted layer's dropped mode still is: {:?}",
        read.warnings
    );
}

#[test]
fn a_skin_group_named_default_imports_as_default_2_and_the_project_loads() {
    let dir = temp_dir("skin-default");
    let project_path = dir.join("face.limber");
    let xml = "<image w=\"40\" h=\"20\"><stack>\
        <stack name=\"[skin] dark\" visibility=\"hidden\">\
          <layer name=\"body\" src=\"data/b.png\" x=\"0\" y=\"10\"/></stack>\
        <stack name=\"[skin] default\">\
          <layer name=\"body\" src=\"data/b.png\" x=\"20\" y=\"10\"/></stack>\
        </stack></image>";
    let wide = RgbaImage::from_pixel(16, 8, Rgba([40, 200, 40, 255]));
    let layered = read_layered_bytes(&ora(xml, &[("data/b.png", &wide)]), false).unwrap();
    let names: Vec<&str> = layered
        .slots
        .skins
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert!(
        names.contains(&"default 2") && !names.contains(&"default"),
        "{names:?}"
    );
    assert!(
        layered
            .warnings
            .iter()
            .any(|w| w.contains("[skin] default")),
        "{:?}",
        layered.warnings
    );
    let project = imported(&layered, &project_path, one_bone_rig());
    project.save(&project_path).unwrap();
    assert_eq!(
        Project::load(&project_path).unwrap(),
        project,
        "the project loads"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
