//! Names of suggested bones on shapes that are not figures (issue 37, item 3): a creature's head,
//! neck, spine, tail, legs (front and back, left and right, `upper`/`lower`/`foot`), jaw, wings
//! and antennae, on a drawn quadruped and on the bundled dinosaur, and the share of body-part
//! names on every bundled creature.

#[allow(dead_code)] // the names use the drawing helper, not the shape checks
mod suggest_support;

use std::path::{Path, PathBuf};

use limber_core::rig::BoneRecord;
use limber_core::suggest::{SuggestSettings, suggest_bones};
use suggest_support::draw::drawn;

fn sprite(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/sprites")
        .join(name)
}

/// The words of a body part, as bone names begin.
const PARTS: [&str; 8] = [
    "head", "neck", "spine", "tail", "leg_", "wing_", "antenna_", "jaw",
];

fn names_a_part(name: &str) -> bool {
    PARTS.iter().any(|part| name.starts_with(part))
}

/// The bone whose tail lies nearest `p`.
fn ending_near(bones: &[BoneRecord], p: [f64; 2]) -> &BoneRecord {
    let d = |b: &&BoneRecord| (b.tail[0] - p[0]).hypot(b.tail[1] - p[1]);
    bones
        .iter()
        .min_by(|a, b| d(a).total_cmp(&d(b)))
        .expect("bones")
}

fn list(bones: &[BoneRecord]) -> String {
    bones
        .iter()
        .map(|b| b.name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_quadruped_seen_from_the_side_gets_head_neck_tail_and_four_named_legs() {
    // Body along x at y = 150, neck and head up-left, a long thin tail to the right, two front
    // legs under the chest and two back legs under the hips.
    let front = [[118.0, 280.0], [172.0, 280.0]];
    let back = [[205.0, 280.0], [255.0, 280.0]];
    let lines = [
        ([130.0, 140.0], [85.0, 85.0]),
        ([255.0, 150.0], [392.0, 175.0]),
        ([140.0, 175.0], front[0]),
        ([160.0, 175.0], front[1]),
        ([215.0, 175.0], back[0]),
        ([235.0, 175.0], back[1]),
    ];
    let blobs = [
        ([150.0, 150.0], 42.0),
        ([220.0, 150.0], 42.0),
        ([72.0, 70.0], 26.0),
    ];
    let image = drawn(400, 300, 9.0, &lines, &blobs);
    let bones = suggest_bones(&image, &SuggestSettings::default()).unwrap();
    let all = list(&bones);
    assert!(
        ending_near(&bones, [55.0, 60.0]).name.starts_with("head"),
        "{all}"
    );
    assert!(
        ending_near(&bones, [392.0, 175.0]).name.starts_with("tail"),
        "{all}"
    );
    let mut sides = Vec::new();
    for (pair, feet) in [("leg_front_", front), ("leg_back_", back)] {
        for foot in feet {
            let name = &ending_near(&bones, foot).name;
            assert!(name.starts_with(pair), "{foot:?}: {name} in {all}");
            sides.push(name[pair.len()..pair.len() + 1].to_string());
        }
    }
    // Each pair has a left and a right leg.
    assert!(
        sides[0] != sides[1] && sides[2] != sides[3],
        "{sides:?} in {all}"
    );
    assert!(bones.iter().any(|b| b.name.starts_with("neck")), "{all}");
    let named = bones.iter().filter(|b| names_a_part(&b.name)).count();
    assert!(2 * named > bones.len(), "{named} of {}: {all}", bones.len());
}

#[test]
fn the_bundled_dinosaur_gets_a_head_jaw_neck_tail_arms_and_legs() {
    let image = image::open(sprite("oc_lindworm_1024w.png")).unwrap();
    let bones = suggest_bones(&image, &SuggestSettings::default()).unwrap();
    let all = list(&bones);
    let has = |start: &str| bones.iter().any(|b| b.name.starts_with(start));
    for part in [
        "head",
        "jaw",
        "neck",
        "spine",
        "tail",
        "leg_front_",
        "leg_back_l",
        "leg_back_r",
    ] {
        assert!(has(part), "no {part}: {all}");
    }
    // The tail's last bone ends at the tail's tip, far right; the feet are at the bottom.
    let tip = ending_near(&bones, [1010.0, 445.0]);
    assert!(tip.name.starts_with("tail"), "{all}");
    assert!(
        ending_near(&bones, [680.0, 660.0])
            .name
            .starts_with("leg_back_"),
        "{all}"
    );
}

#[test]
fn most_bones_of_every_bundled_creature_name_a_body_part() {
    for name in [
        "oc_lizard_2560w.png",
        "oc_lindworm_1024w.png",
        "kenney_bee.png",
        "kenney_ladybug.png",
        "kenney_wormGreen.png",
    ] {
        let image = image::open(sprite(name)).unwrap();
        let bones = suggest_bones(&image, &SuggestSettings::default()).unwrap();
        let named = bones.iter().filter(|b| names_a_part(&b.name)).count();
        println!("{name}: {named} of {} bones name a body part", bones.len());
        assert!(2 * named > bones.len(), "{name}: {}", list(&bones));
    }
}

#[test]
fn a_figures_locks_of_hair_are_named_hair_and_an_upright_non_figure_keeps_directions() {
    let chibi = image::open(sprite("oc_chibi_512h.png")).unwrap();
    let bones = suggest_bones(&chibi, &SuggestSettings::default()).unwrap();
    let all = list(&bones);
    // Two pigtails from the head: one on each side, and nothing left with a generic name.
    assert!(bones.iter().any(|b| b.name == "hair_l") && bones.iter().any(|b| b.name == "hair_r"));
    assert!(!bones.iter().any(|b| b.name.starts_with("limb_")), "{all}");
    // A dancer mid-leap is neither a figure standing nor a creature: no tail for a leg.
    let dancer = image::open(sprite("oc_ballerina_768h.png")).unwrap();
    let bones = suggest_bones(&dancer, &SuggestSettings::default()).unwrap();
    let all = list(&bones);
    assert!(
        bones.iter().all(|b| ["root", "limb_", "trunk_"]
            .iter()
            .any(|p| b.name.starts_with(p))),
        "{all}"
    );
}
