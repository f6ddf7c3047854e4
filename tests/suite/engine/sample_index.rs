//! A frame sampled with the project's [`SampleIndex`] (what exports build once to sample at every
//! key) is the frame sampled without it: on the tagged face (attachment swaps, colour keys, two
//! skins) in each skin, at 41 times of every clip.

use crate::common;

use std::path::Path;

use common::{limber_ok, temp_dir};
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;
use limber::core::slots::sample_index::SampleIndex;

#[test]
fn frames_sampled_with_the_index_equal_frames_sampled_without() {
    let dir = temp_dir("sample-index");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tagged_face");
    let path = dir.join("face.limber");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    limber_ok(&[
        "import",
        &s(&fixture.join("face.ora")),
        "--rig",
        &s(&fixture.join("face_rig.json")),
        "-o",
        &s(&path),
    ]);
    let mut project = Project::load(&path).unwrap();
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    let skins: Vec<Option<String>> = std::iter::once(None)
        .chain(project.rig.slots.skins.iter().map(|s| Some(s.name.clone())))
        .collect();
    let mut compared = 0;
    for skin in skins {
        project.rig.slots.active_skin = skin;
        let index = SampleIndex::new(&project);
        for clip in &project.rig.clips {
            for step in 0..=40 {
                let t = clip.duration * f64::from(step) / 40.0;
                let plain = Frame::sample(&project, &solver, Some(clip), t);
                let indexed = Frame::sample_with(&project, &solver, Some(clip), t, Some(&index));
                assert_eq!(plain, indexed, "clip {} at {t}", clip.name);
                compared += 1;
            }
        }
    }
    assert!(compared >= 3 * 41, "{compared}");
    let _ = std::fs::remove_dir_all(&dir);
}
