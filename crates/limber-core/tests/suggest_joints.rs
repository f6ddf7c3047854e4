//! Suggested bones against joints marked by hand: on drawn figures (the bundled sprites and those in
//! `tests/data/figures/` listed in `tests/data/suggest_joints.tsv`, standing and in action) and on figures drawn here with known
//! joints, every marked joint has a bone joint (a bone's head or tail) within 6 % of the sprite's
//! longer side. Also: a figure's bones get a figure's names, and a character made of separate
//! parts gets bones in every part.
//!
//! `SUGGEST_OVERLAY=DIR` writes each figure with its bones (red), bone joints (blue) and marked
//! joints (green) to `DIR` for a look.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use image::{DynamicImage, Rgba, RgbaImage};
use limber_core::mask_bits::MaskBits;
use limber_core::rig::{BoneRecord, skeleton_from_records};
use limber_core::suggest::{
    CanvasPart, SuggestSettings, Suggestion, suggest, suggest_bones, suggest_on_canvas,
};

#[allow(dead_code)] // the joints use the drawing helpers, not the shape checks
mod suggest_support;
use suggest_support::draw::drawn;

/// A marked joint within this fraction of the longer side of a bone joint.
const REACH: f64 = 0.06;

/// Figures not yet within [`REACH`], with their worst distance when this was written (% of the
/// longer side) and why; each is held to that distance plus [`MISS_SLACK`] points so that it does
/// not get worse unnoticed. When one comes within reach, take it off this list.
const KNOWN_MISSES: [(&str, f64, &str); 3] = [
    (
        "kenney_robot_jump.png",
        9.3,
        "the raised arm's path runs through the head",
    ),
    (
        "oc_soccer_boy_768h.png",
        10.9,
        "one broad foot, the other kicked back: read as a generic shape, the kicked foot missed",
    ),
    (
        "kenney_femalePerson_walk2.png",
        11.9,
        "a chibi with legs together and both arms over the body: no arm has a tip, and the \
         trunk's path is read through the head, so no arm can hang below it",
    ),
];
/// How far (percentage points) a known miss may drift from its recorded distance.
const MISS_SLACK: f64 = 1.0;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A marked figure: a bundled sprite, or one kept for this test only in `tests/data/figures`.
fn sprite_path(name: &str) -> PathBuf {
    let bundled = root().join("assets/sprites").join(name);
    if bundled.exists() {
        bundled
    } else {
        root().join("tests/data/figures").join(name)
    }
}

/// The marked joints by sprite, in file order.
fn marked() -> BTreeMap<String, Vec<(String, [f64; 2])>> {
    let text = std::fs::read_to_string(root().join("tests/data/suggest_joints.tsv"))
        .expect("tests/data/suggest_joints.tsv");
    let mut out: BTreeMap<String, Vec<(String, [f64; 2])>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "four columns: {line}");
        let xy = [f[2], f[3]].map(|v| v.parse::<f64>().expect("a coordinate"));
        out.entry(f[0].to_string())
            .or_default()
            .push((f[1].to_string(), xy));
    }
    out
}

/// The worst distance (fraction of the longer side) from a marked joint to its nearest bone
/// joint, with that joint's name.
fn worst(bones: &[BoneRecord], joints: &[(String, [f64; 2])], longer: f64) -> (f64, String) {
    let ends: Vec<[f64; 2]> = bones.iter().flat_map(|b| [b.head, b.tail]).collect();
    joints
        .iter()
        .map(|(name, p)| {
            let d = ends
                .iter()
                .map(|e| (e[0] - p[0]).hypot(e[1] - p[1]))
                .fold(f64::INFINITY, f64::min);
            (d / longer, name.clone())
        })
        .fold((0.0, String::new()), |a, b| if b.0 > a.0 { b } else { a })
}

fn overlay(
    label: &str,
    image: &DynamicImage,
    suggestion: &Suggestion,
    joints: &[(String, [f64; 2])],
) {
    let bones = &suggestion.bones;
    let Ok(dir) = std::env::var("SUGGEST_OVERLAY") else {
        return;
    };
    let mut img = image.to_rgba8();
    for p in img.pixels_mut() {
        let a = p.0[3] as u32;
        for c in 0..3 {
            p.0[c] = ((p.0[c] as u32 * a + 255 * (255 - a)) / 255 / 2 + 127) as u8;
        }
        p.0[3] = 255;
    }
    // Small sprites are scaled up (nearest pixel) to about 600 px for a look.
    let scale = (600 / img.width().max(img.height())).max(1);
    let mut img = image::imageops::resize(
        &img,
        img.width() * scale,
        img.height() * scale,
        image::imageops::FilterType::Nearest,
    );
    let r = (img.width().max(img.height()) / 200).max(1) as i64;
    let k = scale as f64;
    let dot = |img: &mut RgbaImage, p: [f64; 2], c: [u8; 4], r: i64| {
        for dy in -r..=r {
            for dx in -r..=r {
                let (x, y) = ((p[0] * k) as i64 + dx, (p[1] * k) as i64 + dy);
                if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
                    img.put_pixel(x as u32, y as u32, Rgba(c));
                }
            }
        }
    };
    let line = |img: &mut RgbaImage, a: [f64; 2], b: [f64; 2], c: [u8; 4]| {
        let n = (((b[0] - a[0]).hypot(b[1] - a[1]) * k) as usize).max(1);
        for j in 0..=n {
            let t = j as f64 / n as f64;
            let p = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            dot(img, p, c, r / 2);
        }
    };
    for b in bones {
        line(&mut img, b.head, b.tail, [220, 0, 0, 255]);
    }
    for cut in &suggestion.cuts {
        for pair in cut.points.windows(2) {
            line(&mut img, pair[0], pair[1], [230, 0, 230, 255]);
        }
    }
    for b in bones {
        dot(&mut img, b.head, [0, 0, 230, 255], r);
        dot(&mut img, b.tail, [0, 0, 230, 255], r);
    }
    for (_, p) in joints {
        dot(&mut img, *p, [0, 180, 0, 255], r);
    }
    let _ = std::fs::create_dir_all(&dir);
    let _ = img.save(Path::new(&dir).join(format!("{label}.png")));
}

/// Suggests for `image` and checks the marked joints; the result line and whether it holds.
fn measure(label: &str, image: &DynamicImage, joints: &[(String, [f64; 2])]) -> (String, bool) {
    let settings = SuggestSettings::default();
    let bits = MaskBits::from_image(image, settings.alpha_threshold).expect("a mask");
    let suggestion = suggest(&bits, &settings).expect("bones");
    overlay(label, image, &suggestion, joints);
    let bones = suggestion.bones;
    skeleton_from_records(&bones).expect("a valid skeleton");
    if std::env::var("SUGGEST_DEBUG").is_ok_and(|v| label.contains(&v)) {
        for b in &bones {
            println!("  {} <- {:?} {:?} {:?}", b.name, b.parent, b.head, b.tail);
        }
    }
    let longer = image.width().max(image.height()) as f64;
    let (d, name) = worst(&bones, joints, longer);
    let reach = KNOWN_MISSES
        .iter()
        .find(|(s, _, _)| *s == label)
        .map_or(REACH, |(_, worst, _)| (worst + MISS_SLACK) / 100.0);
    let names: Vec<&str> = bones.iter().map(|b| b.name.as_str()).collect();
    let line = format!(
        "{label}: {} bones, worst joint {name} at {:.2} % of the longer side; {}",
        bones.len(),
        d * 100.0,
        names.join(" ")
    );
    (line, d <= reach)
}

#[test]
fn every_marked_joint_of_the_drawn_figures_has_a_bone_joint_near_it() {
    let all = marked();
    assert!(all.len() >= 6, "six figures or more are marked");
    let held = all.len() - KNOWN_MISSES.len();
    assert!(held >= 6, "{held} figures held to 6 %");
    let mut broken = Vec::new();
    for (sprite, joints) in &all {
        let image = image::open(sprite_path(sprite)).expect("a sprite");
        let (line, ok) = measure(sprite, &image, joints);
        println!("{line}");
        if !ok {
            broken.push(line);
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// A figure drawn from its joints: head blob above the neck, limbs as strokes.
struct Stick {
    joints: Vec<(&'static str, [f64; 2])>,
}

impl Stick {
    fn at(&self, name: &str) -> [f64; 2] {
        self.joints
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| *p)
            .expect("a joint")
    }

    fn image(&self) -> DynamicImage {
        let s = |a: &str, b: &str| (self.at(a), self.at(b));
        let lines = [
            s("hip", "neck"),
            s("neck", "shoulder_r"),
            s("neck", "shoulder_l"),
            s("shoulder_r", "elbow_r"),
            s("elbow_r", "wrist_r"),
            s("wrist_r", "hand_r"),
            s("shoulder_l", "elbow_l"),
            s("elbow_l", "wrist_l"),
            s("wrist_l", "hand_l"),
            s("hip", "knee_r"),
            s("knee_r", "ankle_r"),
            s("ankle_r", "toe_r"),
            s("hip", "knee_l"),
            s("knee_l", "ankle_l"),
            s("ankle_l", "toe_l"),
        ];
        let neck = self.at("neck");
        drawn(
            400,
            600,
            11.0,
            &lines,
            &[([neck[0], neck[1] - 48.0], 36.0), (self.at("hip"), 22.0)],
        )
    }

    /// The joints an animator pivots: all but the shoulders' inner ends and the tips.
    fn marked(&self) -> Vec<(String, [f64; 2])> {
        self.joints
            .iter()
            .filter(|(n, _)| !n.starts_with("toe") && !n.starts_with("hand"))
            .map(|(n, p)| (n.to_string(), *p))
            .collect()
    }
}

fn standing() -> Stick {
    Stick {
        joints: vec![
            ("neck", [200.0, 170.0]),
            ("shoulder_r", [160.0, 185.0]),
            ("shoulder_l", [240.0, 185.0]),
            ("elbow_r", [140.0, 260.0]),
            ("wrist_r", [130.0, 330.0]),
            ("hand_r", [126.0, 360.0]),
            ("elbow_l", [262.0, 260.0]),
            ("wrist_l", [272.0, 330.0]),
            ("hand_l", [276.0, 360.0]),
            ("hip", [200.0, 330.0]),
            ("knee_r", [175.0, 440.0]),
            ("ankle_r", [168.0, 550.0]),
            ("toe_r", [135.0, 565.0]),
            ("knee_l", [225.0, 440.0]),
            ("ankle_l", [232.0, 550.0]),
            ("toe_l", [265.0, 565.0]),
        ],
    }
}

fn running() -> Stick {
    Stick {
        joints: vec![
            ("neck", [215.0, 170.0]),
            ("shoulder_r", [190.0, 185.0]),
            ("shoulder_l", [240.0, 185.0]),
            ("elbow_r", [125.0, 235.0]),
            ("wrist_r", [140.0, 300.0]),
            ("hand_r", [140.0, 325.0]),
            ("elbow_l", [290.0, 250.0]),
            ("wrist_l", [345.0, 210.0]),
            ("hand_l", [365.0, 190.0]),
            ("hip", [195.0, 330.0]),
            ("knee_r", [110.0, 400.0]),
            ("ankle_r", [60.0, 490.0]),
            ("toe_r", [35.0, 460.0]),
            ("knee_l", [270.0, 420.0]),
            ("ankle_l", [240.0, 530.0]),
            ("toe_l", [280.0, 560.0]),
        ],
    }
}

#[test]
fn figures_drawn_with_known_joints_get_bones_at_their_joints_and_a_figures_names() {
    let mut broken = Vec::new();
    for (label, stick) in [("standing", standing()), ("running", running())] {
        let image = stick.image();
        let (line, ok) = measure(label, &image, &stick.marked());
        println!("{line}");
        if !ok {
            broken.push(line);
        }
        let bones = suggest_bones(&image, &SuggestSettings::default()).expect("bones");
        let names: Vec<&str> = bones.iter().map(|b| b.name.as_str()).collect();
        for wanted in [
            "hip",
            "spine",
            "neck",
            "head",
            "arm_upper_l",
            "arm_lower_l",
            "hand_l",
            "arm_upper_r",
            "leg_upper_l",
            "leg_lower_r",
            "foot_r",
            "foot_l",
        ] {
            if !names.contains(&wanted) {
                broken.push(format!("{label}: no {wanted} in {names:?}"));
            }
        }
        // The character's left is on the image's right.
        let centre = |name: &str| {
            bones
                .iter()
                .find(|b| b.name == name)
                .map(|b| (b.head[0] + b.tail[0]) / 2.0)
        };
        if let (Some(l), Some(r)) = (centre("foot_l"), centre("foot_r"))
            && l <= r
        {
            broken.push(format!(
                "{label}: foot_l at x {l:.0} is not right of foot_r at {r:.0}"
            ));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn legs_drawn_together_read_as_a_figure_with_one_leg_chain() {
    for sprite in ["oc_chibi_512h.png", "oc_silhouette_male_512h.png"] {
        let image = image::open(sprite_path(sprite)).expect("a sprite");
        let bones = suggest_bones(&image, &SuggestSettings::default()).expect("bones");
        let names: Vec<&str> = bones.iter().map(|b| b.name.as_str()).collect();
        for wanted in ["hip", "spine", "neck", "head", "leg_upper", "leg_lower"] {
            assert!(
                names.contains(&wanted),
                "{sprite}: no {wanted} in {names:?}"
            );
        }
        // The knee lies between the hip and the foot, not at either end.
        let y = |name: &str| bones.iter().find(|b| b.name == name).map(|b| b.head[1]);
        let (hip, knee) = (y("hip").expect("hip"), y("leg_lower").expect("a knee"));
        let sole = bones
            .iter()
            .flat_map(|b| [b.head[1], b.tail[1]])
            .fold(0.0, f64::max);
        assert!(
            hip < knee && knee < sole,
            "{sprite}: hip {hip}, knee {knee}, sole {sole}"
        );
    }
}

#[test]
fn a_character_of_three_parts_gets_bones_in_every_part() {
    // Head, body and legs drawn as separate images placed on a canvas, each only a part's size.
    let stick = standing();
    let whole = stick.image().to_rgba8();
    let cut = |y0: u32, y1: u32| {
        DynamicImage::ImageRgba8(image::imageops::crop_imm(&whole, 0, y0, 400, y1 - y0).to_image())
    };
    let (head, body, legs) = (cut(0, 180), cut(180, 340), cut(340, 600));
    let parts = [
        CanvasPart {
            image: &body,
            offset: [0, 180],
            alpha_threshold: 0.05,
        },
        CanvasPart {
            image: &head,
            offset: [0, 0],
            alpha_threshold: 0.05,
        },
        CanvasPart {
            image: &legs,
            offset: [0, 340],
            alpha_threshold: 0.05,
        },
    ];
    let suggestion = suggest_on_canvas(&parts, &SuggestSettings::default()).expect("bones");
    let bones = &suggestion.bones;
    skeleton_from_records(bones).expect("a valid skeleton");
    for (label, y0, y1) in [
        ("head", 0.0, 180.0),
        ("body", 180.0, 340.0),
        ("legs", 340.0, 600.0),
    ] {
        let inside = bones
            .iter()
            .filter(|b| {
                let y = (b.head[1] + b.tail[1]) / 2.0;
                (y0..y1).contains(&y)
            })
            .count();
        assert!(inside >= 1, "no bone in the {label}: {bones:?}");
    }
    assert!(bones.iter().any(|b| b.name == "head"), "{bones:?}");
    // The same figure as one image gets the same bones.
    let one = suggest_bones(&stick.image(), &SuggestSettings::default()).expect("bones");
    assert_eq!(&one, bones);
}

/// The suggestion's time on the 2560 px lizard (issue 18 holds it to 200 ms) and on the tallest
/// marked figure, median of 15 runs each, for a quick look without the workspace's criterion
/// bench (`benches/suggest.rs`): `cargo test --release -p limber-core --test suggest_joints --
/// --ignored --nocapture`.
#[test]
#[ignore = "timing, run by hand on a quiet machine"]
fn suggesting_on_a_2560_px_sprite_takes_at_most_200_ms() {
    let mut medians = Vec::new();
    for sprite in ["oc_lizard_2560w.png", "oc_ballerina_768h.png"] {
        let image = image::open(root().join("assets/sprites").join(sprite)).expect("a sprite");
        let mut times: Vec<f64> = (0..15)
            .map(|_| {
                let start = std::time::Instant::now();
                let bones = suggest_bones(&image, &SuggestSettings::default()).expect("bones");
                assert!(!bones.is_empty());
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!("{sprite}: median {:.1} ms over 15 runs", times[7]);
        medians.push(times[7]);
    }
    assert!(medians[0] <= 200.0, "{medians:?} ms");
}

/// A broad trunk with the figure's left arm pressed to its side (no gap) and its right arm held
/// off it; drawn mirrored (the pressed arm on the image's left) when `mirrored`. With `ears`, a big
/// head has an ear each side and the pressed arm's hand ends on the trunk, so that arm has no tip
/// of its own at all, and the ear on its side has.
fn pressed_arm(mirrored: bool, ears: bool) -> (DynamicImage, impl Fn(&str) -> [f64; 2]) {
    let joint = move |name: &str| -> [f64; 2] {
        let [x, y] = match name {
            "neck" => [200.0, 170.0],
            "shoulder_r" => [165.0, 185.0],
            "elbow_r" => [130.0, 260.0],
            "wrist_r" => [120.0, 330.0],
            "hand_r" => [116.0, 360.0],
            "shoulder_l" => [235.0, 185.0],
            "elbow_l" => [250.0, 260.0],
            "wrist_l" if ears => [248.0, 300.0],
            "wrist_l" => [252.0, 330.0],
            "hand_l" if ears => [247.0, 318.0],
            "hand_l" => [253.0, 360.0],
            "hip" => [200.0, 330.0],
            "knee_r" => [175.0, 440.0],
            "ankle_r" => [168.0, 550.0],
            "toe_r" => [135.0, 565.0],
            "knee_l" => [225.0, 440.0],
            "ankle_l" => [232.0, 550.0],
            "ear_r" => [125.0, 128.0],
            "ear_l" => [275.0, 128.0],
            _ => [265.0, 565.0],
        };
        [if mirrored { 400.0 - x } else { x }, y]
    };
    let mut strokes = vec![
        ("hip", "neck"),
        ("neck", "shoulder_r"),
        ("neck", "shoulder_l"),
        ("shoulder_r", "elbow_r"),
        ("elbow_r", "wrist_r"),
        ("wrist_r", "hand_r"),
        ("shoulder_l", "elbow_l"),
        ("elbow_l", "wrist_l"),
        ("wrist_l", "hand_l"),
        ("hip", "knee_r"),
        ("knee_r", "ankle_r"),
        ("ankle_r", "toe_r"),
        ("hip", "knee_l"),
        ("knee_l", "ankle_l"),
        ("ankle_l", "toe_l"),
    ];
    if ears {
        strokes.extend([("ear_r", "ear_l")]);
    }
    let lines: Vec<([f64; 2], [f64; 2])> =
        strokes.iter().map(|(a, b)| (joint(a), joint(b))).collect();
    // With ears, a big head (a chibi's), which they stick out of by under half its radius.
    let head = if ears { 50.0 } else { 36.0 };
    let mut blobs = vec![([200.0, 122.0], head), (joint("hip"), 22.0)];
    blobs.extend((200..=290).step_by(10).map(|y| ([200.0, y as f64], 40.0)));
    (drawn(400, 600, 11.0, &lines, &blobs), joint)
}

#[test]
fn an_arm_drawn_against_the_body_hangs_along_the_trunks_side() {
    // Either way round; with ears (which are no arms) and the pressed hand ending on the trunk.
    for (mirrored, ears) in [(false, false), (true, false), (false, true)] {
        let label = format!("mirrored {mirrored}, ears {ears}");
        let (image, joint) = pressed_arm(mirrored, ears);
        let settings = SuggestSettings::default();
        let bits = MaskBits::from_image(&image, settings.alpha_threshold).expect("a mask");
        let suggestion = suggest(&bits, &settings).expect("bones");
        let bones = suggestion.bones;
        // The pressed arm is the character's left; drawn mirrored it is on the image's left, so
        // read as the right.
        let (pressed, held) = if mirrored { ("r", "l") } else { ("l", "r") };
        let names: Vec<&str> = bones.iter().map(|b| b.name.as_str()).collect();
        for wanted in [
            format!("shoulder_{pressed}"),
            format!("arm_upper_{pressed}"),
            format!("arm_lower_{pressed}"),
            format!("arm_upper_{held}"),
            format!("hand_{held}"),
        ] {
            assert!(
                names.contains(&wanted.as_str()),
                "{label}: no {wanted} in {names:?}"
            );
        }
        // The pressed arm's joints are its own, at its shoulder and elbow (and wrist), within 6 %
        // (36 px); the ears are not arms.
        let mut marked = vec!["shoulder_l", "elbow_l", "elbow_r"];
        if !ears {
            marked.push("wrist_l");
        }
        let marked: Vec<(String, [f64; 2])> =
            marked.iter().map(|n| (n.to_string(), joint(n))).collect();
        let (d, name) = worst(&bones, &marked, 600.0);
        assert!(
            d <= REACH,
            "{label}: {name} at {:.1} % of the longer side",
            d * 100.0
        );
        // The arm lies along the trunk's side, below the head, not through the trunk.
        let out = |x: f64| if mirrored { 400.0 - x } else { x };
        let arm = bones
            .iter()
            .find(|b| b.name == format!("arm_upper_{pressed}"))
            .expect("arm");
        assert!(
            out(arm.head[0]).min(out(arm.tail[0])) > 225.0 && arm.head[1].min(arm.tail[1]) > 170.0,
            "{label}: arm_upper_{pressed} {:?} → {:?}",
            arm.head,
            arm.tail
        );
        // A cut runs between the arm and the trunk, from below the shoulder to past the hand.
        let between = suggestion.cuts.iter().find(|cut| {
            let inner = cut.points.iter().filter(|p| p[1] >= 200.0 && p[1] <= 300.0);
            let mut inner = inner.peekable();
            inner.peek().is_some() && inner.all(|p| (222.0..=246.0).contains(&out(p[0])))
        });
        let cut = between
            .unwrap_or_else(|| panic!("{label}: no cut beside the arm: {:?}", suggestion.cuts));
        let (top, bottom) = cut
            .points
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(t, b), p| {
                (t.min(p[1]), b.max(p[1]))
            });
        let hand_end = joint("hand_l")[1];
        assert!(
            top < 230.0 && bottom > hand_end,
            "{label}: cut from {top} to {bottom}"
        );
        // Below a hand that shows under the trunk the cut is in the open: it does not turn into
        // the leg.
        let end = cut.points.last().copied().unwrap_or_default();
        assert!(
            ears || out(end[0]) >= 232.0,
            "{label}: the cut turns inward at its end: {:?}",
            cut.points
        );
    }
}
