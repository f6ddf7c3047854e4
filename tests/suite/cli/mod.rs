//! The `limber` command line: each subcommand on the bundled sprites, its one-line refusals of bad
//! and hostile input with a non-zero exit, its atomic writes that never replace an input, and every
//! command the README and the user guide show, run as written.

mod attachment_parts;
mod bad_input;
mod cuts;
mod hostile_inputs;
mod import;
mod import_hostile;
mod installed_binary;
mod mesh;
mod project;
mod project_memory;
mod readme_commands;
mod render;
mod render_framing;
mod safe_writes;
mod save_faults;
mod slot_key_budgets;
mod slots;
mod suggest;
