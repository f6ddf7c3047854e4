//! Project loading: any bytes either load as a valid project or give an error, never a panic, a hang
//! or unbounded memory. A project that loads saves and loads back equal, and every clip samples to
//! finite world transforms.

#![no_main]

use libfuzzer_sys::fuzz_target;
use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;

fuzz_target!(|data: &[u8]| {
    let Ok(project) = Project::from_bytes(data) else {
        return;
    };
    let again = Project::from_bytes(&project.to_bytes()).expect("a saved project loads");
    assert_eq!(again, project, "save → load changed the project");
    let solver = PoseSolver::new(&project.rig.skeleton).expect("a loaded skeleton is valid");
    for clip in &project.rig.clips {
        for t in [0.0, clip.duration * 0.37, clip.duration, -1.5] {
            let frame = Frame::sample(&project, &solver, Some(clip), t);
            for m in &frame.world {
                assert!(m.is_finite(), "clip {:?} at {t}: {m:?}", clip.name);
            }
        }
    }
});
