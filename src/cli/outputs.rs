//! Every output of a command is checked before its work starts: it is none of the command's inputs
//! (see `limber_core::output_guard`), and it is a regular file or missing, never a folder, FIFO or
//! device (see `limber_core::atomic_file::destination`).

use std::path::Path;

use anyhow::anyhow;

use crate::core::atomic_file::destination;
use crate::core::output_guard::Inputs;

/// An error naming the first of `outputs` that is an input or cannot be replaced.
pub fn check_outputs<'p>(
    inputs: &Inputs,
    outputs: impl IntoIterator<Item = &'p Path>,
) -> anyhow::Result<()> {
    for output in outputs {
        inputs.check(output)?;
        destination(output).map_err(|e| anyhow!("{}: cannot write: {e}", output.display()))?;
    }
    Ok(())
}
