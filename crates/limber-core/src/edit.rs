//! Every change to a project is an [`Edit`], applied by [`apply`], which either succeeds completely
//! or leaves the project as it was (with a typed error saying why). The undo history
//! ([`super::history`]) records projects before edits.
//!
//! Structural edits work on the project's written form (bone, IK and clip records, which name bones)
//! and rebuild it, so every edit is validated exactly as a loaded file is: renaming a bone renames it
//! in clips and constraints, removing one removes its keys and constraints and reparents its children.

use super::animation::key_edits::{self, CopiedKeys, KeySet};
use super::animation::slot_keys::SlotKeyRecord;
use super::animation::{ClipRecord, IkRecord, KeyRecord, PartKeyRecord};
use super::mesh::Mesh;
use super::pipeline::MeshSettings;
use super::project::{Part, Project, check_part_keys};
use super::remesh::carry_deform;
use super::rig::{BoneRecord, ConstraintRecords, RigFile};
use super::slots::{SlotSet, slot_edits};
use super::weights::{Binding, WeightSettings, check_binding_on, normalise};

pub use super::edit_error::EditError;

/// One change to a project.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Appends a bone (its parent by name). Vertices without influences (a rig's first bone) are
    /// given wholly to it.
    AddBone(BoneRecord),
    /// Removes a bone: its children take its parent, its weights go to the bones that share its
    /// vertices (or its parent, or the first bone left), its keys and the constraints naming it go.
    RemoveBone {
        name: String,
    },
    /// Moves a bone's rest head and tail (weights are derived data: recompute them after).
    MoveBone {
        name: String,
        head: [f64; 2],
        tail: [f64; 2],
    },
    RenameBone {
        from: String,
        to: String,
    },
    SetParent {
        name: String,
        parent: Option<String>,
    },
    SetSmoothness {
        name: String,
        smoothness: Option<f64>,
    },
    SetDeform {
        name: String,
        deform: bool,
    },
    /// What a bone takes of its parent's transform (refused on a bone a constraint moves).
    SetInherit {
        name: String,
        inherit: super::inherit::Inherit,
    },
    /// Replaces a part's weights (automatic weights, a brush stroke, typed-in numbers).
    SetBinding {
        part: usize,
        binding: Binding,
    },
    /// Adds a part (its own image, mesh and weights on the shared skeleton) after the others.
    AddPart(Box<Part>),
    /// Sets a part's own draw order (clips may still key it).
    SetDrawOrder {
        part: usize,
        draw_order: i32,
    },
    /// Shows a part's image with sharp pixels (nearest-neighbour sampling) or smoothly (linear).
    SetPixelArt {
        part: usize,
        pixel_art: bool,
    },
    /// Replaces a part's mesh (re-meshing with new settings, or a hand edit) with the weights
    /// carried over to it. Deform keys on the part are carried to the new vertices in the same step
    /// ([`super::remesh::carry_deform`]).
    ReplaceMesh {
        part: usize,
        mesh: std::sync::Arc<Mesh>,
        settings: MeshSettings,
        /// Whether `mesh` was edited by hand rather than made from `settings`.
        hand_edited: bool,
        binding: Binding,
    },
    /// Changes a part's weight settings (metric, global smoothness); recompute its weights after.
    SetWeightSettings {
        part: usize,
        settings: WeightSettings,
    },
    AddIk(IkRecord),
    RemoveIk {
        name: String,
    },
    /// Replaces every constraint (IK, limits, transforms, springs, look-at, child-of) at once — how
    /// the editor adds, changes and removes them. Clip mix keys of constraints that no longer
    /// exist go in the same step.
    SetConstraints(Box<ConstraintRecords>),
    AddClip(ClipRecord),
    RemoveClip {
        name: String,
    },
    /// Replaces the clip of the same name (rename, duration, loop, or many keys at once).
    ReplaceClip {
        name: String,
        clip: ClipRecord,
    },
    /// Adds a key, or merges its channels into the key of the same bone at the same time (boxed:
    /// a key with its seven curves is the largest edit).
    SetKey {
        clip: String,
        key: Box<KeyRecord>,
    },
    /// Removes the keys of a bone at a time (all channels).
    RemoveKey {
        clip: String,
        bone: String,
        time: f64,
    },
    /// Adds a part key, or merges what it holds into the part's key at the same time.
    SetPartKey {
        clip: String,
        key: PartKeyRecord,
    },
    /// Moves keys of a clip, bone and part keys together, by `delta` seconds (limited so that none
    /// leaves the clip); a key landing on another of its track merges with it
    /// ([`super::animation::key_edits::moved`]).
    MoveKeys {
        clip: String,
        keys: KeySet,
        delta: f64,
    },
    /// Removes keys of a clip, bone and part keys.
    RemoveKeys {
        clip: String,
        keys: KeySet,
    },
    /// Pastes copied keys from time `at`, keeping their relative times, each merged into a key
    /// already at its place; refused when they would run past the clip's end.
    PasteKeys {
        clip: String,
        keys: CopiedKeys,
        at: f64,
    },
    /// Replaces the written slots, the skins and the active skin (the editor's slots panel). Slot
    /// keys and skin entries of slots that no longer exist go in the same step.
    SetSlots(Box<SlotSet>),
    /// Renames a slot with its keys, skin entries and clipping ends. A part's own slot is first
    /// written out ([`crate::slots::slot_edits::written_slot_for_part`]), so the part keeps its name.
    RenameSlot {
        from: String,
        to: String,
    },
    /// Adds a slot key, or merges what it holds into the slot's key at the same time.
    SetSlotKey {
        clip: String,
        key: SlotKeyRecord,
    },
    /// Removes parts (indices into the project's parts), with their part keys; slots, skins and slot
    /// keys stop showing them ([`crate::slots::slot_edits::forget_parts`]).
    RemoveParts {
        parts: Vec<usize>,
    },
    /// Replaces the rig's cuts ([`crate::cuts`]): lines automatic weights do not reach across.
    SetCuts(Vec<crate::cuts::Cut>),
}

/// Removes every constraint that names bone `name`, and the clips' mix keys of those constraints.
fn drop_constraints_naming(records: &mut RigFile, name: &str) {
    records
        .ik
        .retain(|c| c.target != name && !c.bones.iter().any(|b| b == name));
    records.limits.retain(|c| c.bone != name);
    records.springs.retain(|c| c.bone != name);
    records.physics.retain(|c| c.bone != name);
    records
        .paths
        .retain(|c| c.path.bone != name && !c.bones.iter().any(|b| b == name));
    records
        .transforms
        .retain(|c| c.bone != name && c.source != name);
    records
        .look_at
        .retain(|c| c.bone != name && c.target != name);
    records
        .child_of
        .retain(|c| c.bone != name && c.target != name);
    drop_orphan_mix_keys(records);
}

/// Removes the clips' mix keys whose constraint no longer exists, and their path keys whose path
/// constraint no longer exists.
fn drop_orphan_mix_keys(records: &mut RigFile) {
    let constraints = records.constraints();
    let names: std::collections::HashSet<&str> = constraints.names().collect();
    let paths: std::collections::HashSet<&str> =
        records.paths.iter().map(|p| p.name.as_str()).collect();
    for clip in &mut records.clips {
        clip.constraints
            .retain(|k| names.contains(k.constraint.as_str()));
        clip.paths.retain(|k| paths.contains(k.path.as_str()));
    }
}

/// Applies `edit` to `project`; on error the project is unchanged.
pub fn apply(project: &mut Project, edit: Edit) -> Result<(), EditError> {
    let mut records = RigFile::from_rig(&project.rig);
    let mut bindings: Vec<Binding> = project.parts.iter().map(|p| p.binding.clone()).collect();
    let mut weight_settings: Vec<WeightSettings> =
        project.parts.iter().map(|p| p.weight_settings).collect();
    let mut draw_orders: Vec<i32> = project.parts.iter().map(|p| p.draw_order).collect();
    let mut pixel_arts: Vec<bool> = project.parts.iter().map(|p| p.pixel_art).collect();
    let mut meshes: Vec<(std::sync::Arc<Mesh>, MeshSettings, bool)> = project
        .parts
        .iter()
        .map(|p| (p.mesh.clone(), p.mesh_settings.clone(), p.mesh_edited))
        .collect();
    let mut added: Vec<Part> = Vec::new();
    let mut removed_parts: std::collections::HashSet<usize> = Default::default();
    let bone_index = |records: &RigFile, name: &str| {
        records
            .bones
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| EditError::NoBone(name.to_string()))
    };
    match edit {
        Edit::AddBone(bone) => {
            records.bones.push(bone);
            // The first bone of a rig takes every vertex that had none, so no vertex is ever left
            // without weights (automatic weights replace this when they run).
            let index = records.bones.len() - 1;
            for binding in &mut bindings {
                for influences in binding.vertices.iter_mut().filter(|v| v.is_empty()) {
                    influences.push((index, 1.0));
                }
            }
        }
        Edit::RemoveBone { name } => {
            let index = bone_index(&records, &name)?;
            let removed = records.bones.remove(index);
            for bone in &mut records.bones {
                if bone.parent.as_deref() == Some(name.as_str()) {
                    bone.parent = removed.parent.clone();
                }
            }
            drop_constraints_naming(&mut records, &name);
            for clip in &mut records.clips {
                clip.keys.retain(|k| k.bone != name);
            }
            let heir = removed
                .parent
                .as_deref()
                .and_then(|p| records.bones.iter().position(|b| b.name == p))
                .or((!records.bones.is_empty()).then_some(0));
            for binding in &mut bindings {
                remove_bone_from_binding(binding, index, heir);
            }
            let heir_name = heir.map(|h| records.bones[h].name.clone());
            crate::slots::bone_edits::remove_bone(
                &mut records.slots,
                &name,
                heir_name.as_deref(),
                |influences| {
                    let mut binding = Binding {
                        vertices: std::mem::take(influences),
                    };
                    remove_bone_from_binding(&mut binding, index, heir);
                    *influences = binding.vertices;
                },
            );
        }
        Edit::MoveBone { name, head, tail } => {
            let i = bone_index(&records, &name)?;
            records.bones[i].head = head;
            records.bones[i].tail = tail;
        }
        Edit::RenameBone { from, to } => {
            let i = bone_index(&records, &from)?;
            records.bones[i].name = to.clone();
            let rename = |n: &mut String| {
                if *n == from {
                    *n = to.clone();
                }
            };
            for bone in &mut records.bones {
                if let Some(parent) = bone.parent.as_mut() {
                    rename(parent);
                }
            }
            for constraint in &mut records.ik {
                constraint.bones.iter_mut().for_each(rename);
                rename(&mut constraint.target);
            }
            records.limits.iter_mut().for_each(|c| rename(&mut c.bone));
            records.springs.iter_mut().for_each(|c| rename(&mut c.bone));
            records.physics.iter_mut().for_each(|c| rename(&mut c.bone));
            for constraint in &mut records.paths {
                constraint.bones.iter_mut().for_each(rename);
                rename(&mut constraint.path.bone);
            }
            for constraint in &mut records.transforms {
                rename(&mut constraint.bone);
                rename(&mut constraint.source);
            }
            for constraint in &mut records.look_at {
                rename(&mut constraint.bone);
                rename(&mut constraint.target);
            }
            for constraint in &mut records.child_of {
                rename(&mut constraint.bone);
                rename(&mut constraint.target);
            }
            for clip in &mut records.clips {
                clip.keys.iter_mut().for_each(|k| rename(&mut k.bone));
            }
            crate::slots::bone_edits::rename_bone(&mut records.slots, &from, &to);
        }
        Edit::SetParent { name, parent } => {
            let i = bone_index(&records, &name)?;
            if let Some(p) = &parent {
                bone_index(&records, p)?;
            }
            records.bones[i].parent = parent;
        }
        Edit::SetSmoothness { name, smoothness } => {
            let i = bone_index(&records, &name)?;
            records.bones[i].smoothness = smoothness;
        }
        Edit::SetDeform { name, deform } => {
            let i = bone_index(&records, &name)?;
            records.bones[i].deform = deform;
        }
        Edit::SetInherit { name, inherit } => {
            let i = bone_index(&records, &name)?;
            records.bones[i].inherit = inherit;
        }
        Edit::SetBinding { part, binding } => {
            let slot = bindings.get_mut(part).ok_or(EditError::NoPart(part))?;
            if binding.vertices.len() != project.parts[part].mesh.positions.len() {
                return Err(EditError::Weights(format!(
                    "{} influence lists for {} vertices",
                    binding.vertices.len(),
                    project.parts[part].mesh.positions.len()
                )));
            }
            *slot = binding;
        }
        Edit::AddPart(part) => {
            let name = part.name.trim();
            if name.is_empty() || project.parts.iter().any(|p| p.name == part.name) {
                return Err(EditError::Part(format!(
                    "a part needs a name no other part has (\"{}\")",
                    part.name
                )));
            }
            if part.binding.vertices.len() != part.mesh.positions.len() {
                return Err(EditError::Weights(format!(
                    "{} influence lists for {} vertices",
                    part.binding.vertices.len(),
                    part.mesh.positions.len()
                )));
            }
            bindings.push(part.binding.clone());
            weight_settings.push(part.weight_settings);
            draw_orders.push(part.draw_order);
            pixel_arts.push(part.pixel_art);
            meshes.push((
                part.mesh.clone(),
                part.mesh_settings.clone(),
                part.mesh_edited,
            ));
            added.push(*part);
        }
        Edit::SetDrawOrder { part, draw_order } => {
            *draw_orders.get_mut(part).ok_or(EditError::NoPart(part))? = draw_order;
        }
        Edit::SetPixelArt { part, pixel_art } => {
            *pixel_arts.get_mut(part).ok_or(EditError::NoPart(part))? = pixel_art;
        }
        Edit::ReplaceMesh {
            part,
            mesh,
            settings,
            hand_edited,
            binding,
        } => {
            let slot = meshes.get_mut(part).ok_or(EditError::NoPart(part))?;
            let old = &project.parts[part];
            for key in records.clips.iter_mut().flat_map(|c| c.parts.iter_mut()) {
                if key.part == old.name
                    && let Some(deform) = key.deform.as_mut()
                {
                    *deform = carry_deform(&old.mesh, deform, &mesh.positions);
                }
            }
            if binding.vertices.len() != mesh.positions.len() {
                return Err(EditError::Weights(format!(
                    "{} influence lists for {} vertices",
                    binding.vertices.len(),
                    mesh.positions.len()
                )));
            }
            *slot = (mesh, settings, hand_edited);
            bindings[part] = binding;
        }
        Edit::SetWeightSettings { part, settings } => {
            let slot = weight_settings
                .get_mut(part)
                .ok_or(EditError::NoPart(part))?;
            if !(settings.smoothness.is_finite() && settings.smoothness > 0.0) {
                return Err(EditError::Weights(format!(
                    "smoothness {} is not a positive number of pixels",
                    settings.smoothness
                )));
            }
            *slot = settings;
        }
        Edit::AddIk(constraint) => records.ik.push(constraint),
        Edit::RemoveIk { name } => {
            let i = records
                .ik
                .iter()
                .position(|c| c.name == name)
                .ok_or_else(|| EditError::NoConstraint(name.clone()))?;
            records.ik.remove(i);
            for clip in &mut records.clips {
                clip.constraints.retain(|k| k.constraint != name);
            }
        }
        Edit::SetConstraints(constraints) => {
            records.set_constraints(*constraints);
            drop_orphan_mix_keys(&mut records);
        }
        Edit::AddClip(clip) => records.clips.push(clip),
        Edit::RemoveClip { name } => {
            let i = clip_index(&records, &name)?;
            records.clips.remove(i);
        }
        Edit::ReplaceClip { name, clip } => {
            let i = clip_index(&records, &name)?;
            records.clips[i] = clip;
        }
        Edit::SetKey { clip, key } => {
            let i = clip_index(&records, &clip)?;
            KeyRecord::merge_into(&mut records.clips[i].keys, *key);
        }
        Edit::RemoveKey { clip, bone, time } => {
            let i = clip_index(&records, &clip)?;
            records.clips[i]
                .keys
                .retain(|k| !(k.bone == bone && k.time == time));
        }
        Edit::SetPartKey { clip, key } => {
            let i = clip_index(&records, &clip)?;
            PartKeyRecord::merge_into(&mut records.clips[i].parts, key);
        }
        Edit::MoveKeys { clip, keys, delta } => {
            let i = clip_index(&records, &clip)?;
            records.clips[i] = key_edits::moved(&records.clips[i], &keys, delta).0;
        }
        Edit::RemoveKeys { clip, keys } => {
            let i = clip_index(&records, &clip)?;
            records.clips[i] = key_edits::without(&records.clips[i], &keys);
        }
        Edit::PasteKeys { clip, keys, at } => {
            let i = clip_index(&records, &clip)?;
            records.clips[i] = key_edits::pasted(&records.clips[i], &keys, at)?.0;
        }
        Edit::SetSlots(set) => {
            records.slots = set.slots;
            records.skins = set.skins;
            records.active_skin = set.active_skin;
            let names = slot_edits::slot_names(&project.parts, &records.slots);
            slot_edits::drop_orphans(&mut records.skins, &mut records.clips, &names);
        }
        Edit::RenameSlot { from, to } => {
            slot_edits::rename_in_records(project, &mut records, &from, &to)?
        }
        Edit::SetSlotKey { clip, key } => {
            let i = clip_index(&records, &clip)?;
            SlotKeyRecord::merge_into(&mut records.clips[i].slots, key);
        }
        Edit::RemoveParts { parts } => {
            let mut names = std::collections::HashSet::new();
            for index in parts {
                let part = project.parts.get(index).ok_or(EditError::NoPart(index))?;
                names.insert(part.name.clone());
                removed_parts.insert(index);
            }
            for clip in &mut records.clips {
                clip.parts.retain(|k| !names.contains(&k.part));
            }
            slot_edits::forget_parts(
                &mut records.slots,
                &mut records.skins,
                &mut records.clips,
                &names,
            );
            let left: Vec<Part> = project
                .parts
                .iter()
                .enumerate()
                .filter(|(i, _)| !removed_parts.contains(i))
                .map(|(_, p)| p.clone())
                .collect();
            let slot_names = slot_edits::slot_names(&left, &records.slots);
            slot_edits::drop_orphans(&mut records.skins, &mut records.clips, &slot_names);
        }
        Edit::SetCuts(cuts) => records.cuts = cuts,
    }
    // Rebuild and validate everything, then commit.
    let rig = records.validate()?;
    for binding in &bindings {
        check_binding_on(binding, &rig.skeleton).map_err(|e| EditError::Weights(e.to_string()))?;
    }
    let mut parts: Vec<Part> = project.parts.iter().cloned().chain(added).collect();
    for (i, part) in parts.iter_mut().enumerate() {
        part.binding = std::mem::take(&mut bindings[i]);
        part.weight_settings = weight_settings[i];
        part.draw_order = draw_orders[i];
        part.pixel_art = pixel_arts[i];
        (part.mesh, part.mesh_settings, part.mesh_edited) = meshes[i].clone();
    }
    let parts: Vec<Part> = parts
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !removed_parts.contains(i))
        .map(|(_, p)| p)
        .collect();
    check_part_keys(&rig.clips, &parts)?;
    crate::slots::validate::check_project(&rig.slots, &rig.clips, &parts)?;
    project.rig = rig;
    project.parts = parts;
    Ok(())
}

fn clip_index(records: &RigFile, name: &str) -> Result<usize, EditError> {
    records
        .clips
        .iter()
        .position(|c| c.name == name)
        .ok_or_else(|| EditError::NoClip(name.to_string()))
}

/// Drops bone `removed` from every vertex (renormalising the rest), renumbers the bones after it, and
/// gives a vertex left without influences wholly to `heir` (an index after removal).
fn remove_bone_from_binding(binding: &mut Binding, removed: usize, heir: Option<usize>) {
    for influences in &mut binding.vertices {
        influences.retain(|p| p.0 != removed);
        for p in influences.iter_mut() {
            if p.0 > removed {
                p.0 -= 1;
            }
        }
        if influences.is_empty() {
            if let Some(h) = heir {
                influences.push((h, 1.0));
            }
        } else {
            normalise(influences);
        }
    }
}
