//! `--skin NAME` (pose, render, export): which skin the command shows instead of the project's
//! active one.

use anyhow::anyhow;

use crate::core::project::Project;

/// Makes skin `skin` the project's active skin for this command; an unknown skin is one line
/// naming the project and the skins there are.
pub fn apply_skin(project: &mut Project, skin: Option<&str>, file: &str) -> anyhow::Result<()> {
    match skin {
        Some(skin) => project
            .set_skin(skin)
            .map_err(|e| anyhow!("{file}: --skin: {e}")),
        None => Ok(()),
    }
}
