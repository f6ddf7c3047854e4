//! The editor window (eframe + egui over the wgpu renderer): open a PNG or project, rig it, weight
//! it, animate it on the timeline, save it; autosave to a recovery file offered after a crash. The
//! editor's model is `limber_editor` (named by its own paths here); this module translates input
//! into its commands and tool events and draws it.
//!
//! - [`ui`]: the panels' layout and the status bar; [`inspector`] (with the Animate mode's
//!   [`key_fields`], `constraint_inspector.rs`, `event_inspector.rs`, `transition_inspector.rs`,
//!   `onion_settings.rs` and the selected bone's bind-pose fields in `bone_inspector.rs`);
//!   [`timeline`] (ruler, rows, dopesheet, events); [`curve_editor`]: the curve editor's graph;
//!   [`viewport`] (with `rig_overlay.rs`: IK chains, targets and limit arcs; `bone_handles.rs` and
//!   `vertex_handles.rs`: the selected bone's and the mesh's handles; `shape_overlay.rs`: bounding
//!   boxes, clipping polygons and points); [`slots_panel`] (with `shape_panel.rs`: drawing and
//!   editing those shapes);
//! - [`menus`], [`shortcuts`], [`help`]: the menu bar and toolbar, the keyboard and the F1 help,
//!   all built from the editor's one command table (and Help's Getting started and About);
//! - [`export_dialog`]: the Export dialog of each format; [`import_question`]: a layered file as a
//!   new document or as parts of this one;
//! - [`drag_edit`]: where widgets open and close undo steps (a slider drag is one step, Esc
//!   cancels it); viewport drags go to the editor's tools, which own their steps;
//! - [`gpu_bridge`]: the one `egui_wgpu` callback that draws through [`crate::render`];
//! - [`recovery_offer`]: offers the recovery files of editors that died; [`file_dialog`]: the
//!   system's file dialog, else limber's own; `window.rs`: the eframe app that ties them together
//!   and hands the editor its renderer for exports ([`crate::export_renderer`]).

mod bone_handles;
mod bone_inspector;
pub mod character_tree;
pub mod commit_field;
mod constraint_inspector;
pub mod curve_editor;
mod cut_overlay;
mod cut_panel;
pub mod drag_edit;
mod event_inspector;
pub mod export_dialog;
pub mod file_dialog;
pub mod gpu_bridge;
pub mod help;
mod ik_inspector;
pub mod import_question;
pub mod inspector;
pub mod key_diamond;
pub mod key_fields;
pub mod menus;
pub mod number_field;
mod onion_settings;
mod path_inspector;
mod physics_inspector;
pub mod recovery_offer;
mod rig_overlay;
mod shape_overlay;
mod shape_panel;
pub mod shortcuts;
pub mod slots_panel;
pub mod timeline;
mod transform_inspector;
mod transition_inspector;
pub mod ui;
mod vertex_handles;
pub mod viewport;
mod window;

pub use window::{run, run_document};
