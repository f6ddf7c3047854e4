//! Reparenting bones: which bones can be a bone's parent (neither itself nor one of its
//! descendants), and the edit, refused with a status line when it would make a cycle.

use super::editor::Editor;
use limber_core::edit::Edit;
use limber_core::skeleton::Bone;

/// Whether `candidate` is `bone` or lies below it (following parents up from `candidate`).
fn in_subtree(bones: &[Bone], bone: usize, candidate: usize) -> bool {
    let mut at = Some(candidate);
    // A valid skeleton has no cycles; the bound keeps a broken one from looping.
    for _ in 0..=bones.len() {
        match at {
            Some(b) if b == bone => return true,
            Some(b) => at = bones.get(b).and_then(|x| x.parent),
            None => return false,
        }
    }
    true
}

impl Editor {
    /// The bones that can be `bone`'s parent, in skeleton order.
    pub fn valid_parents(&self, bone: usize) -> Vec<usize> {
        let bones = &self.document.project.rig.skeleton.bones;
        (0..bones.len())
            .filter(|&b| !in_subtree(bones, bone, b))
            .collect()
    }

    /// Makes `parent` (`None`: no parent) the parent of `bone`, one undo step. A parent that is the
    /// bone itself or one of its descendants is refused with a status line.
    pub fn set_parent(&mut self, bone: usize, parent: Option<usize>) -> bool {
        let bones = &self.document.project.rig.skeleton.bones;
        let Some(record) = bones.get(bone) else {
            return false;
        };
        let name = record.name.clone();
        if record.parent == parent {
            return false;
        }
        let parent_name = match parent {
            Some(p) => {
                let Some(parent_bone) = bones.get(p) else {
                    return false;
                };
                if in_subtree(bones, bone, p) {
                    self.status = format!(
                        "cannot make \"{}\" the parent of \"{name}\": it is {} (a cycle)",
                        parent_bone.name,
                        if p == bone {
                            "the bone itself"
                        } else {
                            "one of its descendants"
                        }
                    );
                    return false;
                }
                Some(parent_bone.name.clone())
            }
            None => None,
        };
        let done = self.apply(Edit::SetParent {
            name: name.clone(),
            parent: parent_name.clone(),
        });
        if done {
            self.status = match parent_name {
                Some(p) => format!("\"{name}\" is now a child of \"{p}\""),
                None => format!("\"{name}\" is now a root bone"),
            };
        }
        done
    }
}
