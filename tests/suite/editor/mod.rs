//! The editor through its egui UI (egui_kittest, no window): each module drives one panel or
//! workflow on the bundled samples, and `snapshots` compares the editor's look with the images in
//! `tests/snapshots`.

mod attachment_shapes;
mod background;
mod commands;
mod curves;
mod deform;
mod events;
mod export;
mod export_dialog;
mod export_folders;
mod file_dialog;
mod first_animation;
mod first_hour;
mod import;
mod inspector;
mod keys;
mod mesh;
mod multi_select;
mod part_job;
mod part_keys;
mod pixel_art;
mod recent;
mod rigging;
mod saved_state;
mod slot_keys;
mod slots;
mod small_things;
mod snapshots;
mod suggest;
mod timeline;
mod tools;
mod transition;
mod ui;
mod undo_steps;
