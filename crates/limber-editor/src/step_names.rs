//! Names for undo steps, in the user's words: what the status line said an action did ("keyed 6
//! bones at 0.50 s"), else the command's or the drag's name. Undo and redo then say which step they
//! took back ("undid: keyed 6 bones at 0.50 s"). A step is named where it is made: by
//! `Step::commit` (every action's guard, however it was reached), then by `Editor::run` or a drag's
//! release for a step that said nothing.

use super::document::Document;
use super::tools::drag_state::Drag;

/// After an action: when it made an undo step (the history's count moved past `made`), names it by
/// the status line if the action changed it from `status` to `now`, else by `fallback` (a
/// command's or drag's name).
pub(crate) fn name_new_step(
    document: &mut Document,
    made: u64,
    (status, now): (&str, &str),
    fallback: &str,
) {
    if document.history().steps_made() == made {
        return;
    }
    let said = now != status && !now.is_empty();
    document.name_last_step(if said { now } else { fallback });
}

/// What a drag does, for naming its undo step (a widget's drag is named by what its commands said).
pub(crate) fn drag_name(drag: &Drag) -> &'static str {
    match drag {
        Drag::Pose(_) => "pose bones",
        Drag::Scale(_) => "scale bones",
        Drag::BindPose(_) => "move bone",
        Drag::NewBone(_) => "draw bone",
        Drag::Paint(_) => "paint weights",
        Drag::Cut(_) => "draw cut",
        Drag::MoveVertex(_) => "move vertex",
        Drag::MovePart(_) => "move part",
        Drag::Deform(_) => "deform mesh",
        Drag::Limit(_) => "set rotation limit",
        Drag::PathPoint(_) => "move path point",
        Drag::Band(_) | Drag::SheetBand(_) => "select",
        Drag::SheetKeys(_) => "move keys",
        Drag::Scrub(_) => "scrub",
        Drag::Shape(_) => "edit shape",
        Drag::Curve(_) => "edit curve",
        Drag::Pan => "pan",
        Drag::Widget { .. } => "edit value",
    }
}

/// What undo or redo shows: `verb` and the step's name ("undid: keyed 6 bones at 0.50 s").
pub(crate) fn history_message(verb: &str, name: Option<&str>) -> String {
    match name.filter(|n| !n.is_empty()) {
        Some(name) => format!("{verb}: {name}"),
        None => verb.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_the_step_when_it_has_a_name() {
        assert_eq!(
            history_message("undid", Some("keyed 6 bones at 0.50 s")),
            "undid: keyed 6 bones at 0.50 s"
        );
        assert_eq!(history_message("redid", Some("")), "redid");
        assert_eq!(history_message("undid", None), "undid");
    }
}
