//! One undo step as a guard: [`Editor::step`] opens it, [`Step::commit`] makes it one undo step,
//! and a step dropped any other way (an early return, a refused edit, `?`) puts the document back
//! exactly as it was, so no step can be left open or half applied. A step opened while another is
//! open joins the outer one: only the outermost commits or cancels.

use std::ops::{Deref, DerefMut};

use super::editor::Editor;

/// An open undo step on the editor's document; derefs to the editor, so the edits go through it.
#[must_use = "a step dropped without `commit` is cancelled"]
pub struct Step<'a> {
    editor: &'a mut Editor,
    /// Whether this step opened the transaction (and so ends it).
    owns: bool,
    committed: bool,
    /// The status line when the step opened: a message the action writes names the step.
    status_before: String,
}

impl Editor {
    /// Opens an undo step (or joins the one already open).
    pub fn step(&mut self) -> Step<'_> {
        let owns = !self.document.in_transaction();
        self.document.begin();
        let status_before = if owns {
            self.status.clone()
        } else {
            String::new()
        };
        Step {
            editor: self,
            owns,
            committed: false,
            status_before,
        }
    }
}

impl Step<'_> {
    /// Ends the step as one undo step (none when nothing changed), named by the status line when
    /// the action wrote one (whatever way the action came: a command, a click, a finished job).
    pub fn commit(mut self) {
        self.committed = true;
        if self.owns {
            let editor = &mut *self.editor;
            let made = editor.document.history().steps_made();
            editor.document.commit();
            let statuses = (self.status_before.as_str(), editor.status.as_str());
            super::step_names::name_new_step(&mut editor.document, made, statuses, "");
        }
    }

    /// Ends the step putting the document back as it was (what dropping it does too).
    pub fn cancel(self) {}
}

impl Deref for Step<'_> {
    type Target = Editor;

    fn deref(&self) -> &Editor {
        self.editor
    }
}

impl DerefMut for Step<'_> {
    fn deref_mut(&mut self) -> &mut Editor {
        self.editor
    }
}

impl Drop for Step<'_> {
    fn drop(&mut self) {
        if self.owns && !self.committed {
            self.editor.document.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use glam::DVec2;
    use std::path::Path;

    fn sample() -> Editor {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        Editor::new(Document::open(&path).expect("the sample opens"))
    }

    #[test]
    fn a_dropped_step_leaves_the_document_as_it_was_and_no_undo_step() {
        let mut editor = sample();
        let before = editor.document.project.clone();
        let could_undo = editor.document.can_undo();
        {
            let mut step = editor.step();
            crate::hierarchy::add_bone(&mut step, DVec2::new(10.0, 10.0), DVec2::new(40.0, 10.0))
                .expect("the bone is added");
            assert_ne!(
                step.document.project, before,
                "the edit applied inside the step"
            );
        }
        assert_eq!(editor.document.project, before);
        assert!(!editor.document.in_transaction());
        assert_eq!(editor.document.can_undo(), could_undo);
    }

    #[test]
    fn a_committed_step_is_one_undo_step_and_an_inner_step_joins_the_outer() {
        let mut editor = sample();
        let before = editor.document.project.clone();
        let mut outer = editor.step();
        crate::hierarchy::add_bone(&mut outer, DVec2::new(10.0, 10.0), DVec2::new(40.0, 10.0))
            .expect("the bone is added");
        {
            let mut inner = outer.step();
            crate::hierarchy::add_bone(&mut inner, DVec2::new(50.0, 10.0), DVec2::new(80.0, 10.0))
                .expect("the bone is added");
            inner.commit();
        }
        assert!(
            outer.document.in_transaction(),
            "the inner step left it open"
        );
        outer.commit();
        assert_eq!(
            editor.document.project.rig.skeleton.bones.len(),
            before.rig.skeleton.bones.len() + 2
        );
        assert!(editor.document.undo());
        assert_eq!(editor.document.project, before, "both bones were one step");
    }
}
