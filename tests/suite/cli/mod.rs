//! The `limber` command line: each subcommand on the bundled sprites, its one-line refusals of bad
//! and hostile input with a non-zero exit, and its atomic writes that never replace an input.

mod bad_input;
mod hostile_inputs;
mod import;
mod import_hostile;
mod installed_binary;
mod mesh;
mod project;
mod render;
mod render_framing;
mod safe_writes;
mod save_faults;
mod slots;
mod suggest;
