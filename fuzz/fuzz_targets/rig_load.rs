//! Rig loading: any text either parses as a valid rig or gives an error, never a panic. A rig that
//! parses writes and parses back equal, and its clips sample to finite poses.

#![no_main]

use libfuzzer_sys::fuzz_target;
use limber_core::pose::PoseSolver;
use limber_core::rig::{RigFile, parse_rig};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rig) = parse_rig(text) else {
        return;
    };
    let written = serde_json::to_string(&RigFile::from_rig(&rig)).expect("a rig serialises");
    let again = parse_rig(&written).expect("a written rig parses");
    assert_eq!(again, rig, "write → parse changed the rig");
    let solver = PoseSolver::new(&rig.skeleton).expect("a parsed skeleton is valid");
    for clip in &rig.clips {
        for t in [0.0, clip.duration * 0.61, clip.duration, 1e6] {
            let pose = clip.sample(t);
            for m in solver.world(&pose) {
                assert!(m.is_finite(), "clip {:?} at {t}: {m:?}", clip.name);
            }
        }
    }
});
