//! `limber new` with slots in its RIG.json: each mesh attachment that names an `image` (relative
//! to the RIG.json) becomes a part of its own — meshed and weighted like the main image, named
//! `SLOT-ATTACHMENT`, placed at the canvas's top-left corner — and the attachment then names that
//! part, as a project file does. Attachments naming the same image get copies of one part, made once.
//!
//! Bounded: each image's part is made and its decoded image and meshing stages let go before the
//! next (memory is one part's), and the weighing of all the attachment images together (bones ×
//! pixels inside each drawing) keeps to the weights budget one part has, checked after each mask
//! and before its distance fields.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::anyhow;

use crate::core::assets::AssetStore;
use crate::core::limits::Limits;
use crate::core::part_build::{PartRecipe, make_part};
use crate::core::progress::Progress;
use crate::core::project::{Part, relative_image_path};
use crate::core::rig::Rig;
use crate::core::slots::AttachmentRecord;

/// The images the rig's mesh attachments name, resolved against the RIG.json's folder.
pub fn attachment_images(rig: &Rig, rig_path: &Path) -> Vec<PathBuf> {
    let folder = rig_path.parent().unwrap_or(Path::new(""));
    rig.slots
        .slots
        .iter()
        .flat_map(|s| &s.attachments)
        .filter_map(|a| a.image())
        .map(|image| folder.join(image))
        .collect()
}

/// Makes the parts of every mesh attachment of `rig` that names an image, pointing each attachment
/// at its part. `taken`: the part names already used.
pub fn make_attachment_parts(
    rig: &mut Rig,
    rig_path: &Path,
    output: &Path,
    store: &AssetStore,
    recipe: &PartRecipe,
    taken: &[String],
) -> anyhow::Result<Vec<Part>> {
    let folder = rig_path.parent().unwrap_or(Path::new("")).to_path_buf();
    let skeleton = rig.skeleton.clone();
    let mut parts: Vec<Part> = Vec::new();
    let mut names: HashSet<String> = taken.iter().cloned().collect();
    // Attachments naming the same image make the same part (same image, recipe, skeleton and
    // place): it is meshed and weighed once (250 attachments of one 512 px PNG took 99 s).
    let mut made_from: HashMap<PathBuf, Part> = HashMap::new();
    // Bones x inside pixels of the images weighed so far, under the weights budget together.
    let bones = skeleton.bones.len() as u64;
    let mut weighed = 0u64;
    for slot in &mut rig.slots.slots {
        for attachment in &mut slot.attachments {
            let Some(image) = attachment.image().map(str::to_string) else {
                continue;
            };
            let path = folder.join(&image);
            let mut part = match made_from.get(&path) {
                Some(part) => part.clone(),
                None => {
                    let shown = path.display();
                    // Masking is cheap; the distance fields that follow cost bones x inside pixels.
                    let grid = store
                        .grid(&path, &recipe.mesh_settings)
                        .map_err(|e| anyhow!("{shown}: {e}"))?;
                    let inside = grid.inside.iter().filter(|&&i| i).count() as u64;
                    weighed = weighed.saturating_add(bones.saturating_mul(inside));
                    Limits::current()
                        .check_attachment_weighing(weighed)
                        .map_err(|e| anyhow!("{}: {e}", rig_path.display()))?;
                    drop(grid);
                    let made = make_part(store, &path, recipe, &skeleton, &Progress::new())
                        .map_err(|e| anyhow!("{shown}: {e}"))?
                        .ok_or_else(|| anyhow!("{shown}: cancelled"))?;
                    made_from.insert(path.clone(), made.part.clone());
                    // Only the made part is needed from here: the store's decoded image and its
                    // meshing stages go (16 different 8192 x 4096 images all kept took 2.8 GB).
                    drop(made.asset);
                    drop(made.grid);
                    store.clear();
                    made.part
                }
            };
            part.name = format!("{}-{}", slot.name, attachment.name());
            if !names.insert(part.name.clone()) {
                return Err(anyhow!(
                    "{}: slot \"{}\" attachment \"{}\": its part would be named \"{}\", which another part has",
                    rig_path.display(),
                    slot.name,
                    attachment.name(),
                    part.name
                ));
            }
            part.draw_order = slot.draw_order;
            part.image = relative_image_path(&path, output);
            *attachment = AttachmentRecord::mesh(attachment.name(), &part.name);
            parts.push(part);
        }
    }
    Ok(parts)
}
