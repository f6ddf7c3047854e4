//! Rigging in the real editor UI (egui_kittest on the bundled sample): the bind pose, deform and
//! weight locks (`bind_pose.rs`). Shared helpers are in `support.rs`.

#[path = "../common/editor_harness.rs"]
mod editor_harness;
mod support;

mod bind_pose;
