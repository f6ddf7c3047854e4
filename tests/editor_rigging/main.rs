//! Rigging in the real editor, driven through its egui UI with egui_kittest on the bundled zombie
//! sample: constraints made from the inspector and the Rig menu's commands, their handles dragged
//! in the view, and what sampling makes of them.

#[path = "../common/editor_harness.rs"]
mod editor_harness;

mod constraints;
