//! "Suggest bones": a skeleton proposed from the first part's sprite (`limber_core::suggest`),
//! added as one undo step with its weights. Only on a rig without bones: an artist's bones are
//! never replaced; the status says so instead.

use limber_core::edit::Edit;
use limber_core::suggest::{SuggestSettings, suggest_bones};

use crate::editor::Editor;

impl Editor {
    /// Adds the suggested bones for the first part's image (its own alpha threshold and island
    /// size) and their weights, as one undo step; selects the root. Refused, with the reason in the
    /// status, when the rig already has bones or the suggestion fails.
    pub fn suggest_bones(&mut self) {
        if !self.document.project.rig.skeleton.bones.is_empty() {
            self.status = "the rig already has bones: Suggest bones starts from a rig without any \
                           (undo or delete them first)"
                .into();
            return;
        }
        let Some(part) = self.document.project.parts.first() else {
            self.status = "no part to suggest bones for".into();
            return;
        };
        let settings = SuggestSettings::from(&part.mesh_settings);
        let path = self.document.image_path(0);
        let bones = match self
            .document
            .assets
            .image(&path)
            .and_then(|asset| suggest_bones(&asset.image, &settings))
        {
            Ok(bones) => bones,
            Err(e) => {
                self.status = format!("{}: {e}", path.display());
                return;
            }
        };
        let count = bones.len();
        // Suggested in the image's pixels: placed where the image sits on the canvas.
        let [dx, dy] = part.mesh.offset.map(f64::from);
        let bones: Vec<_> = bones
            .into_iter()
            .map(|mut bone| {
                bone.head = [bone.head[0] + dx, bone.head[1] + dy];
                bone.tail = [bone.tail[0] + dx, bone.tail[1] + dy];
                bone
            })
            .collect();
        self.document.begin();
        for bone in bones {
            if !self.apply(Edit::AddBone(bone)) {
                self.document.cancel();
                return;
            }
        }
        self.recompute_weights();
        self.document.commit();
        self.selection.set_bone(Some(0));
        self.status = format!("{count} bones suggested (undo removes them)");
    }
}
