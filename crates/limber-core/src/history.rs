//! Undo and redo: snapshots of the project taken before each edit, with transactions so that a drag
//! (a bone moved, a brush stroke, a slider dragged) is one step however many edits it makes.
//!
//! Snapshots are whole projects; meshes are shared behind `Arc`, so a snapshot copies the skeleton,
//! weights and clips only. Each step carries a name in the user's words ("keyed 6 bones at 0.50
//! s"), given by the editor once the step is made, so undo and redo can say what they took back.

use super::edit::{Edit, EditError, apply};
use super::project::Project;

/// The undo and redo stacks, the project as it was when an open transaction began, and where in
/// them the saved state is.
#[derive(Debug, Clone)]
pub struct History {
    /// Each step's project before it, and its name.
    undo: Vec<(Project, String)>,
    /// Each undone step's project after it, and its name.
    redo: Vec<(Project, String)>,
    /// How many steps were ever made (a new step bumps it, even when the oldest is forgotten).
    made: u64,
    open: Option<Project>,
    /// The saved state's place: the number of undo steps below it (the current state's is
    /// `undo.len()`); `None` once no step leads back to it.
    saved: Option<usize>,
}

impl Default for History {
    fn default() -> Self {
        Self::new()
    }
}

/// Steps kept for undo; the oldest are forgotten first.
pub const MAX_UNDO_STEPS: usize = 500;

impl History {
    /// An empty history whose current state is the saved one.
    pub fn new() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            made: 0,
            open: None,
            saved: Some(0),
        }
    }

    /// Marks the current state as the saved one.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.undo.len());
    }

    /// Forgets the saved state (the project was changed outside the history: a recovered file).
    pub fn forget_saved(&mut self) {
        self.saved = None;
    }

    /// Whether the current state is the saved one (undo or redo came back to it), with no
    /// transaction open.
    pub fn is_at_saved(&self) -> bool {
        self.open.is_none() && self.saved == Some(self.undo.len())
    }

    /// Applies `edit`. Outside a transaction it is one undo step; inside one, it joins the step the
    /// transaction will make. A refused edit changes nothing, history included.
    pub fn apply(&mut self, project: &mut Project, edit: Edit) -> Result<(), EditError> {
        let before = self.open.is_none().then(|| project.clone());
        apply(project, edit)?;
        if let Some(before) = before {
            self.push_undo(before);
        }
        Ok(())
    }

    /// Applies `edit` as part of the last undo step (what that step's edit set off, finished later:
    /// weights computed in the background). Inside a transaction it joins it; with no step to join it
    /// is a step of its own. A refused edit changes nothing.
    pub fn amend(&mut self, project: &mut Project, edit: Edit) -> Result<(), EditError> {
        if self.open.is_some() || self.undo.is_empty() {
            return self.apply(project, edit);
        }
        apply(project, edit)?;
        if self.saved == Some(self.undo.len()) {
            self.saved = None;
        }
        Ok(())
    }

    /// Starts a transaction (a drag begins). Starting one while one is open does nothing.
    pub fn begin(&mut self, project: &Project) {
        if self.open.is_none() {
            self.open = Some(project.clone());
        }
    }

    /// Ends the open transaction as one undo step (nothing if it changed nothing).
    pub fn commit(&mut self, project: &Project) {
        if let Some(before) = self.open.take()
            && before != *project
        {
            self.push_undo(before);
        }
    }

    /// Ends the open transaction by putting the project back as it was when it began. Returns
    /// whether that changed the project (false when the transaction had changed nothing).
    pub fn cancel(&mut self, project: &mut Project) -> bool {
        match self.open.take() {
            Some(before) if before != *project => {
                *project = before;
                true
            }
            _ => false,
        }
    }

    /// Goes one step back. Returns false when there is nothing to undo.
    pub fn undo(&mut self, project: &mut Project) -> bool {
        self.commit(project);
        match self.undo.pop() {
            Some((previous, name)) => {
                self.redo.push((std::mem::replace(project, previous), name));
                true
            }
            None => false,
        }
    }

    /// Goes one step forward again. Returns false when there is nothing to redo.
    pub fn redo(&mut self, project: &mut Project) -> bool {
        self.commit(project);
        match self.redo.pop() {
            Some((next, name)) => {
                self.undo.push((std::mem::replace(project, next), name));
                true
            }
            None => false,
        }
    }

    /// How many steps were ever made: a caller compares it before and after an action to tell
    /// whether the action made one.
    pub fn steps_made(&self) -> u64 {
        self.made
    }

    /// Names the last step (the one undo would take back) when it has no name yet.
    pub fn name_last_step(&mut self, name: &str) {
        if let Some((_, last)) = self.undo.last_mut()
            && last.is_empty()
        {
            *last = name.to_string();
        }
    }

    /// The name of the step undo would take back (empty when it was never named).
    pub fn undo_name(&self) -> Option<&str> {
        self.undo.last().map(|(_, name)| name.as_str())
    }

    /// The name of the step redo would make again.
    pub fn redo_name(&self) -> Option<&str> {
        self.redo.last().map(|(_, name)| name.as_str())
    }

    /// Whether a transaction is open.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn push_undo(&mut self, before: Project) {
        // A saved state among the redo steps is lost with them.
        if self.saved.is_some_and(|s| s > self.undo.len()) {
            self.saved = None;
        }
        self.undo.push((before, String::new()));
        self.made += 1;
        if self.undo.len() > MAX_UNDO_STEPS {
            self.undo.remove(0);
            self.saved = self.saved.and_then(|s| s.checked_sub(1));
        }
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(history: &mut History, project: &mut Project, name: &str) {
        history.begin(project);
        project.canvas = Some([history.steps_made() as u32 + 1, 1]);
        history.commit(project);
        history.name_last_step(name);
    }

    #[test]
    fn steps_keep_their_names_through_undo_and_redo() {
        let mut project = Project {
            rig: crate::rig::Rig::default(),
            parts: Vec::new(),
            canvas: None,
            exports: Default::default(),
        };
        let mut history = History::new();
        named(&mut history, &mut project, "first");
        named(&mut history, &mut project, "second");
        assert_eq!(history.steps_made(), 2);
        history.name_last_step("renamed");
        assert_eq!(history.undo_name(), Some("second"), "a name is given once");
        assert!(history.undo(&mut project));
        assert_eq!(history.redo_name(), Some("second"));
        assert_eq!(history.undo_name(), Some("first"));
        assert!(history.redo(&mut project));
        assert_eq!(history.undo_name(), Some("second"));
        assert_eq!(history.steps_made(), 2, "undo and redo make no step");
    }
}
