//! Rigging in the real editor, driven through its egui UI with egui_kittest on the bundled zombie
//! sample: the bind pose, deform and weight locks (`bind_pose.rs`); constraints made from the
//! inspector and the Rig menu's commands, their handles dragged in the view, and what sampling makes
//! of them (`constraints.rs`); the Cut tool on a figure whose hand rests on the hip (`cuts.rs`). Shared helpers are in `support.rs`.

use crate::common::editor_harness;
mod support;

mod bind_pose;
mod constraints;
mod cuts;
mod ik_reach;
mod paths;
mod physics;
mod transform_offsets;
