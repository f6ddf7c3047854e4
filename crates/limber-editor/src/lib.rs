//! The editor's model, without a UI toolkit: what the limber window shows and edits, and every
//! action it takes, so tests drive the editor without a window.
//!
//! - [`document`]: the project, its file and undo history; [`step`]: an undo step as a guard that
//!   cancels unless committed;
//! - [`editor`]: the coordinator over the document and the sub-models [`selection`], [`playback`],
//!   [`jobs`], [`view`] and [`tool_state`] (with the plain choices in [`mode`]), with its animating,
//!   weighting, parts and reparenting actions in `animate.rs`, `weighting.rs`, `parts.rs` and
//!   `hierarchy.rs`;
//! - [`bone_keys`]: a bone's rotation, translation and scale keys channel by channel (the
//!   inspector's fields, K);
//! - [`bind_pose`]: moving bones' rest heads and tails, and the per-bone deform and lock flags;
//! - [`commands`]: every user action as one [`commands::Command`]: the plain ones a table (name,
//!   [`shortcut`]s, menu place) that the window's menus, keys and help are built from, the panels'
//!   edits feature commands carrying their data ([`actions`]); all carried out by `Editor::run`
//!   (`run_command.rs`);
//! - [`curves`], [`curve_graph`] and [`curve_edits`]: the curve editor's model of the selected
//!   bones' channels (with its drag's state), the read-only view of the editor's curves
//!   (`Editor::curves`), and the edits of their keys, Bézier handles and interpolations;
//! - [`key_selection`], [`part_key_selection`], [`slot_key_selection`]: the dopesheet's selection
//!   (bone, part and slot keys), copy and
//!   paste; [`key_navigation`]: first / previous / next / last key and whole-row selection;
//! - [`tools`]: what pointer presses, drags and releases do in each mode (posing, drawing bones,
//!   deforming, the weight brush, mesh vertices) and in the dopesheet, each drag one undo step and Esc cancelling it;
//! - [`attachment_shapes`] (with its state in [`shape_state`]): drawing and editing bounding-box,
//!   clipping and point attachments;
//! - [`mesh_edit`] and [`deform`]: adding, moving and deleting mesh vertices (Mesh mode) and the
//!   Deform mode's settings (Animate mode); [`mesh_density`]: the spacing slider's range, vertex
//!   estimate and question, and the sizes of vertex dots and the brush;
//! - [`recovery`]: recovery files; [`recent`]: recently opened files; [`layout`]: the remembered
//!   panel sizes and the dopesheet as drawn; [`weights_cache`]: instant
//!   weight updates; [`weights_job`]: long weight work on a worker thread; [`export_job`]: a GIF,
//!   sprite sheet or PNG frames rendered on a worker thread through the window's
//!   `ExportRenderer` (started from `exports.rs`, chosen in [`export_dialog`], one per format, whose
//!   actions are `export_dialog_actions.rs`); [`import_job`]: a layered file imported on a worker
//!   thread (taken in by [`layered_import`]);
//!   [`part_job`]: a new part meshed and weighted (on a worker thread when large); [`worker`]: the
//!   thread those jobs share.
//!
//! Modules that hold state the `Editor` owns import no `editor` (their actions on `Editor` live in
//! modules of their own; the drags' state is `tools/drag_state.rs`, their behaviour the tool
//! files), so the modules import each other in no circle; `tests/architecture/main.rs` checks.

pub mod actions;
pub mod animate;
mod attachment_actions;
mod attachment_move;
pub mod attachment_shapes;
pub mod bind_pose;
pub mod bone_keys;
pub mod character_tree;
pub mod commands;
pub mod constraint_keys;
pub mod curve_edits;
pub mod curve_graph;
pub mod curve_labels;
pub mod curves;
pub mod cutting;
pub mod deform;
pub mod document;
pub mod editor;
pub mod events;
pub mod export_dialog;
mod export_dialog_actions;
pub mod export_job;
mod exports;
mod hierarchy;
pub mod import_job;
pub mod import_slots;
pub mod inherit_keys;
pub mod job_polling;
pub mod jobs;
pub mod key_navigation;
pub mod key_selection;
pub mod layered_import;
pub mod layout;
pub mod mesh_density;
pub mod mesh_edit;
pub mod mode;
pub mod onion;
pub mod outcome;
pub mod palette;
pub mod part_job;
pub mod part_key_selection;
mod parts;
pub mod path_rigging;
pub mod physics_rigging;
pub mod playback;
pub mod recent;
pub mod recovery;
pub mod rigging;
mod run_command;
pub mod selection;
pub mod shape_state;
pub mod shortcut;
pub mod skin_actions;
pub mod slot_actions;
pub mod slot_key_selection;
pub mod step;
mod step_names;
mod suggest;
pub mod tool_state;
pub mod tools;
pub mod transition;
pub mod view;
mod weighting;
pub mod weights_cache;
pub mod weights_job;
pub mod worker;

pub use editor::Editor;
