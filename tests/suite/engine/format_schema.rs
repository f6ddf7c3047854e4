//! The project file's JSON Schema (`docs/limber.schema.json`) accepts what limber writes and the
//! version-1 fixture, and catches a malformed file.

use crate::common;

use std::path::Path;

fn schema() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/limber.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).expect("the schema itself is valid")
}

fn errors(validator: &jsonschema::Validator, document: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn the_schema_accepts_written_projects_and_the_version_1_fixture() {
    let validator = schema();
    let dir = common::temp_dir("schema");
    let project = dir.join("zombie.limber");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::limber_ok(&[
        "new",
        common::sprite("kenney_zombie_walk0.png").to_str().unwrap(),
        "--rig",
        root.join("assets/rigs/kenney_zombie_walk0.json")
            .to_str()
            .unwrap(),
        "-o",
        project.to_str().unwrap(),
    ]);
    // A version-4 project with offsets and a canvas, from a layered file.
    let layered = dir.join("figure.ora");
    let square = image::RgbaImage::from_pixel(12, 12, image::Rgba([200, 10, 10, 255]));
    let layers = [limber::core::layered::write::LayerSpec::new(
        "a", 5, 7, square,
    )];
    std::fs::write(
        &layered,
        limber::core::layered::write::ora_bytes([40, 30], &layers),
    )
    .unwrap();
    let imported = dir.join("figure.limber");
    common::limber_ok(&[
        "import",
        layered.to_str().unwrap(),
        "-o",
        imported.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&imported).unwrap();
    assert!(text.contains("\"offset\":[5,7]") && text.contains("\"canvas\":[40,30]"));
    // A version-5 project with slots, skins and slot keys, as the loader accepts it.
    let mut slotted: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    let part = slotted["parts"][0]["name"].as_str().unwrap().to_string();
    slotted["slots"] = serde_json::json!([{"name": "body", "draw_order": 1, "setup": "main",
        "color": [1, 0.5, 0.5, 1], "blend": "screen", "attachments": [
        {"name": "main", "part": part},
        {"name": "hit", "type": "boundingbox", "bone": "hip", "vertices": [[0, 0], [9, 0], [9, 9]]},
        {"name": "spawn", "type": "point", "bone": "hip", "position": [4, 4], "rotation": 30}]}]);
    slotted["skins"] = serde_json::json!([{"name": "alt", "slots": {"body": {"main": "main"}}}]);
    slotted["active_skin"] = "alt".into();
    slotted["clips"][0]["slots"] = serde_json::json!([
        {"slot": "body", "time": 0, "attachment": null, "color": [1, 1, 1, 0.5]}]);
    // A version-6 key with a curve per channel, one of them (version 7) handles in value offsets.
    slotted["clips"][0]["keys"][0]["interp"] = serde_json::json!(
        {"rotate": "stepped", "scale": ["linear", [0.1, 0.2, 0.3, 0.4]],
         "translate": [{"handles": [0.3, 12.5, 0.6, -4.0]}, "linear"]});
    let mut bad_curves = slotted.clone();
    bad_curves["clips"][0]["keys"][0]["interp"] = serde_json::json!({"shear": "linear"});
    let mut far_handles = slotted.clone();
    far_handles["clips"][0]["keys"][0]["interp"] =
        serde_json::json!({"handles": [0.3, 2e7, 0.6, 0.0]});
    let mut offsets_on_colour = slotted.clone();
    offsets_on_colour["clips"][0]["slots"][0]["interp"] =
        serde_json::json!({"handles": [0.3, 1.0, 0.6, 0.0]});
    for document in [&bad_curves, &far_handles, &offsets_on_colour] {
        assert!(!errors(&validator, document).is_empty());
    }
    let slotted_file = dir.join("slotted.limber");
    std::fs::write(&slotted_file, serde_json::to_vec(&slotted).unwrap()).unwrap();
    limber::core::project::Project::load(&slotted_file).unwrap();
    let mut bad_colour = slotted.clone();
    bad_colour["slots"][0]["color"] = serde_json::json!([1, 2, 1, 1]);
    let mut bad_blend = slotted.clone();
    bad_blend["slots"][0]["blend"] = "overlay".into();
    let mut pointless = slotted.clone();
    pointless["slots"][0]["attachments"][2]
        .as_object_mut()
        .unwrap()
        .remove("position");
    for document in [bad_colour, bad_blend, pointless] {
        assert!(!errors(&validator, &document).is_empty());
    }
    // A version-10 project with physics constraints, as `limber new` writes it; and one whose
    // damping is out of range.
    let physics = crate::common::gltf_support::projects::make(
        crate::common::gltf_support::projects::Kind::Physics,
        "schema-physics",
    );
    let mut wild: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&physics).unwrap()).unwrap();
    assert_eq!(wild["physics"][1]["fps"], 120.0);
    wild["physics"][1]["damping"] = 1.5.into();
    assert!(!errors(&validator, &wild).is_empty());
    // A version-13 project with path constraints, shear mixes and path keys; a path key that keys
    // neither value is refused.
    let paths = crate::common::gltf_support::projects::make(
        crate::common::gltf_support::projects::Kind::Path,
        "schema-paths",
    );
    let mut empty_key: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&paths).unwrap()).unwrap();
    let key = &mut empty_key["clips"][0]["paths"][0];
    assert_eq!(key["path"], "lean", "sorted by path name: {key}");
    key.as_object_mut().unwrap().remove("position");
    assert!(!errors(&validator, &empty_key).is_empty());
    for file in [
        project,
        imported,
        slotted_file,
        physics,
        paths,
        root.join("tests/fixtures/key_v1.limber"),
    ] {
        let document: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        assert_eq!(
            errors(&validator, &document),
            Vec::<String>::new(),
            "{file:?}"
        );
    }
}

#[test]
fn the_schema_catches_malformed_projects() {
    let validator = schema();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/key_v1.limber");
    let good: serde_json::Value = serde_json::from_slice(&std::fs::read(fixture).unwrap()).unwrap();
    let mut wrong_format = good.clone();
    wrong_format["format"] = "spine".into();
    let mut bad_weight = good.clone();
    bad_weight["parts"][0]["influences"][0][0][1] = 1.5.into();
    let mut no_parts = good.clone();
    no_parts.as_object_mut().unwrap().remove("parts");
    let mut bad_offset = good.clone();
    bad_offset["parts"][0]["offset"] = serde_json::json!([-1, 0]);
    let mut bad_canvas = good.clone();
    bad_canvas["canvas"] = serde_json::json!([0, 10]);
    for document in [wrong_format, bad_weight, no_parts, bad_offset, bad_canvas] {
        assert!(!errors(&validator, &document).is_empty());
    }
}
