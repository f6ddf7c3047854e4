//! The editor window (eframe + egui over the wgpu renderer): open a PNG or project, rig it, weight
//! it, animate it on the timeline, save it; autosave to a recovery file offered after a crash.
//!
//! - [`document`]: the project, its file and undo history;
//! - [`editor`]: view state and the actions the UI triggers (tested without a window), with its
//!   animating, weighting, parts and reparenting actions in `animate.rs`, `weighting.rs`,
//!   `parts.rs` and `hierarchy.rs`;
//! - [`curve_editor`]: the curve editor's graph ([`curves`], [`curve_edits`]);
//! - [`ui`], [`inspector`] (with the Animate mode's [`key_fields`], `constraint_inspector.rs` and
//!   the selected bone's bind-pose fields in `bone_inspector.rs`), [`timeline`], [`viewport`] (with
//!   `rig_overlay.rs`: IK chains, targets and limit arcs; `bone_handles.rs`: the selected bone's
//!   handles): the egui panels; [`rigging`]: adding and changing constraints; [`key_selection`]: the
//!   dopesheet's multiple key selection, copy and paste;
//! - [`menus`], [`shortcuts`], [`help`]: the menu bar and toolbar, the keyboard and the F1 help,
//!   all built from the one command table ([`commands`]);
//! - [`drag_edit`]: the one place widgets open and close undo steps (a slider drag is one step, Esc
//!   cancels it); viewport drags go to the editor's [`tools`], which own their steps;
//! - [`gpu_bridge`]: the one `egui_wgpu` callback that draws through [`crate::render`];
//! - [`mesh_edit`] and [`deform`]: adding, moving and deleting mesh vertices (Mesh mode) and
//!   keying vertex offsets (Deform in Animate mode);
//! - [`recovery`]: recovery files, one per editor session, offered by [`recovery_offer`];
//!   [`file_dialog`]: the system's file dialog, else limber's own; [`recent`]: recently opened files; [`weights_cache`]: instant
//!   weight updates; [`weights_job`]: long weight work on a worker thread; [`export_job`]: a GIF,
//!   sprite sheet or PNG frames rendered on a worker thread (started from `exports.rs`);
//!   [`part_job`]: a new part meshed and weighted (on a worker thread when large).

mod bone_handles;
mod bone_inspector;
mod constraint_inspector;
pub mod curve_editor;
pub mod drag_edit;
mod event_inspector;
pub mod file_dialog;
pub mod gpu_bridge;
pub mod help;
pub mod inspector;
pub mod key_fields;
pub mod menus;
mod onion_settings;
pub mod recovery_offer;
mod rig_overlay;
pub mod shortcuts;
pub mod timeline;
mod transition_inspector;
pub mod ui;
mod vertex_handles;
pub mod viewport;
mod window;

// The editor's model lives in `limber-editor`; its modules are re-exported here so the panels name
// them as siblings.
pub use limber_editor::{
    bind_pose, bone_keys, commands, curve_edits, curves, deform, document, editor, events,
    export_job, key_navigation, key_selection, layout, mesh_edit, onion, part_job,
    part_key_selection, recent, recovery, rigging, shortcut, tools, transition, weights_cache,
    weights_job, worker,
};

pub use window::run;
