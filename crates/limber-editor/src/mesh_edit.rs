//! Editing a part's mesh by hand in Mesh mode: add a vertex, move one, delete the selected one (the
//! clicks and drags that call these are [`crate::tools::vertex`]). Each is one [`Edit::ReplaceMesh`] (one undo
//! step) with the weights carried over ([`mesh_edit::carry_edited_binding`]) and the deform keys
//! carried by the edit itself; a refused edit leaves the document unchanged and returns a
//! [`MeshError`] saying why. The vertex and part under the pointer are read from
//! [`crate::rigging::Rig`].

use glam::DVec2;

use super::editor::Editor;
use limber_core::edit::Edit;
use limber_core::mesh_edit::{self, Edited, MeshEditError};

/// How near (screen points) the pointer must be to a vertex to pick it.
pub const VERTEX_REACH: f64 = 8.0;

/// Why a mesh edit did nothing.
#[derive(Debug, thiserror::Error)]
pub enum MeshError {
    #[error("no part {0}")]
    NoPart(usize),
    #[error("mesh edit refused: {0}")]
    Edit(#[from] MeshEditError),
    #[error("select a vertex to delete")]
    NoVertex,
    #[error(transparent)]
    Weight(#[from] crate::weighting::WeightError),
    #[error(transparent)]
    Cut(#[from] crate::cutting::CutError),
    #[error(transparent)]
    Refused(#[from] limber_core::edit::EditError),
}

/// Adds a vertex at `point` to part `part`'s mesh and selects it.
pub(crate) fn add_vertex(editor: &mut Editor, part: usize, point: DVec2) -> Result<(), MeshError> {
    edit_mesh(editor, part, |mesh| {
        mesh_edit::add_vertex(mesh, point.to_array())
    })?;
    let last = editor
        .document
        .project
        .parts
        .get(part)
        .map_or(0, |p| p.mesh.positions.len().saturating_sub(1));
    editor.selection.set_vertex(Some((part, last)));
    editor.status = format!("added vertex {last}");
    Ok(())
}

/// Moves vertex `vertex` of part `part` to `to` (image pixels).
pub(crate) fn move_vertex(
    editor: &mut Editor,
    part: usize,
    vertex: usize,
    to: DVec2,
) -> Result<(), MeshError> {
    edit_mesh(editor, part, |mesh| {
        mesh_edit::move_vertex(mesh, vertex, to.to_array())
    })?;
    editor.selection.set_vertex(Some((part, vertex)));
    editor.status = format!("moved vertex {vertex}");
    Ok(())
}

/// Removes the selected vertex (Delete in Mesh mode).
pub(crate) fn delete_selected_vertex(editor: &mut Editor) -> Result<(), MeshError> {
    let (part, vertex) = editor.selection().vertex().ok_or(MeshError::NoVertex)?;
    edit_mesh(editor, part, |mesh| mesh_edit::remove_vertex(mesh, vertex))?;
    editor.selection.set_vertex(None);
    editor.status = format!("deleted vertex {vertex}");
    Ok(())
}

/// Applies a mesh edit made by `make` on part `part` as one [`Edit::ReplaceMesh`].
fn edit_mesh(
    editor: &mut Editor,
    part: usize,
    make: impl FnOnce(&limber_core::Mesh) -> Result<Edited, MeshEditError>,
) -> Result<(), MeshError> {
    let current = editor
        .document
        .project
        .parts
        .get(part)
        .ok_or(MeshError::NoPart(part))?;
    let edited = make(&current.mesh)?;
    let binding = mesh_edit::carry_edited_binding(&current.mesh, &current.binding, &edited);
    let settings = current.mesh_settings.clone();
    editor.document.apply(Edit::ReplaceMesh {
        part,
        mesh: std::sync::Arc::new(edited.mesh),
        settings,
        hand_edited: true,
        binding,
    })?;
    editor.weights.clear();
    Ok(())
}
