//! The panels' commands: each feature's edits as one typed enum that carries its data (which slot,
//! which skin, which event, the value typed), so a panel's button or field is
//! `editor.run(Command::Slot(SlotCommand::Rename { .. }))` like any menu item. Each enum names its
//! variants by an exhaustive `match` (`name`, shown in the status and the help; a variant without a
//! name does not compile) and carries itself out in `run`, which returns whether anything changed.
//!
//! - [`slot`] — slots, their attachments and the bounding-box, point and clipping shapes;
//! - [`skin`] — skins;
//! - [`event`] — a clip's events;
//! - [`clip`] — the current clip's choice, name, frame rate, loop and duration;
//! - [`bone`] — a bone's selection, name, parent, rest geometry, deform, lock and smoothness;
//! - [`rig`] — constraints and the rig choices they are made from;
//! - [`key`] — keys typed or changed in the inspector and the curve editor;
//! - [`curve`] — the curve editor's own state: its view, hidden channels, selected key;
//! - [`mesh`] — a part's mesh and weight settings, the brush and painted weights;
//! - [`layout`] — the window's panel sizes and the dopesheet as drawn;
//! - [`export`] — the open Export dialog's choices, Export and Cancel;
//! - [`file`] — a file the window's dialog chose: save as, import, add a part or an attachment.

pub mod bone;
pub mod clip;
pub mod curve;
pub mod event;
pub mod export;
pub mod file;
pub mod key;
pub mod layout;
pub mod mesh;
pub mod rig;
pub mod skin;
pub mod slot;
pub mod view;

pub use bone::BoneCommand;
pub use clip::ClipCommand;
pub use curve::CurveCommand;
pub use event::EventCommand;
pub use export::ExportCommand;
pub use file::FileCommand;
pub use key::KeyCommand;
pub use layout::LayoutCommand;
pub use mesh::MeshCommand;
pub use rig::RigCommand;
pub use skin::SkinCommand;
pub use slot::SlotCommand;
pub use view::ViewCommand;
