//! Moving the playhead among keys (First / Previous / Next / Last key: Home , . End): the keys of
//! the selected bone, or of every bone and part when no bone is selected. Also selecting whole
//! dopesheet rows (a row header's click). Neither changes the document. The key times are read
//! on the [`Animation`] view; the two actions return a [`KeyError`] when there is nothing to do.

use limber_core::animation::{KeySet, TimedKey, TrackKeyId};

use crate::animate::{Animation, KeyError};
use crate::editor::Editor;
use crate::key_selection::select_set;

/// Where to move the playhead among the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyJump {
    First,
    Previous,
    Next,
    Last,
}

/// How far apart two times must be to count as different keys (seconds).
const SAME_TIME: f64 = 1e-9;

impl Animation<'_> {
    /// The distinct times (sorted) of the keys the navigation visits: the selected bone's, or all
    /// bone, part and slot keys of the current clip when no bone is selected.
    pub fn navigation_key_times(&self) -> Vec<f64> {
        let Some(clip) = self.clip() else {
            return Vec::new();
        };
        let record = clip.to_record();
        let mut times: Vec<f64> = match self.selected_bone_name() {
            Some(name) => record
                .keys
                .iter()
                .filter(|k| k.bone == name)
                .map(|k| k.time)
                .collect(),
            None => record
                .keys
                .iter()
                .map(|k| k.time)
                .chain(record.parts.iter().map(|k| k.time))
                .chain(record.slots.iter().map(|k| k.time))
                .collect(),
        };
        times.sort_by(f64::total_cmp);
        times.dedup_by(|a, b| (*a - *b).abs() < SAME_TIME);
        times
    }
}

/// Moves the playhead (and pauses) to the first, previous, next or last key, or says why there
/// is none. Previous and next are relative to the playhead shown.
pub(crate) fn jump_to_key(editor: &mut Editor, jump: KeyJump) -> Result<(), KeyError> {
    let animation = editor.animation();
    let times = animation.navigation_key_times();
    let now = animation.playhead();
    let target = match jump {
        KeyJump::First => times.first().copied(),
        KeyJump::Last => times.last().copied(),
        KeyJump::Previous => times.iter().rev().find(|&&t| t < now - SAME_TIME).copied(),
        KeyJump::Next => times.iter().find(|&&t| t > now + SAME_TIME).copied(),
    };
    match target {
        Some(t) => {
            editor.playback.set_time(t);
            editor.playback.set_playing(false);
            Ok(())
        }
        None if times.is_empty() => Err(KeyError::NoKeys),
        None => Err(KeyError::NoKeyThatWay),
    }
}

/// Selects every key of the rows of `bones`, `parts` and `slots` (a row header's click); with
/// `add` (Shift or Ctrl held) they join the selection instead of replacing it.
pub(crate) fn select_rows(
    editor: &mut Editor,
    bones: &[String],
    parts: &[String],
    slots: &[String],
    add: bool,
) -> Result<(), KeyError> {
    let animation = editor.animation();
    let record = animation.clip().ok_or(KeyError::NoClip)?.to_record();
    let mut set = if add {
        animation.selected_set()
    } else {
        KeySet::default()
    };
    add_track(&mut set.bones, &record.keys, bones);
    add_track(&mut set.parts, &record.parts, parts);
    add_track(&mut set.slots, &record.slots, slots);
    let count = set.len();
    select_set(&mut editor.selection, set);
    editor.status = format!("{count} key{} selected", if count == 1 { "" } else { "s" });
    Ok(())
}

/// Adds the ids of the keys among `keys` on the tracks `names` to `ids`, each once.
fn add_track<K: TimedKey>(ids: &mut Vec<TrackKeyId>, keys: &[K], names: &[String]) {
    for key in keys.iter().filter(|k| names.iter().any(|n| n == k.track())) {
        let id = (key.track().to_string(), key.time());
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn editor() -> Editor {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/projects/zombie.limber");
        Editor::new(Document::open(&path).expect("the sample opens"))
    }

    #[test]
    fn jumps_visit_the_selected_bones_keys_in_order_and_stop_at_the_ends() {
        let mut editor = editor();
        editor.selection.set_bone(Some(0));
        let times = editor.animation().navigation_key_times();
        assert!(times.len() >= 3, "{times:?}");
        assert!(jump_to_key(&mut editor, KeyJump::Last).is_ok());
        assert_eq!(editor.playback().time(), times[times.len() - 1]);
        assert!(jump_to_key(&mut editor, KeyJump::Previous).is_ok());
        assert_eq!(editor.playback().time(), times[times.len() - 2]);
        assert!(jump_to_key(&mut editor, KeyJump::First).is_ok());
        assert_eq!(editor.playback().time(), times[0]);
        assert!(
            jump_to_key(&mut editor, KeyJump::Previous).is_err(),
            "nothing before the first"
        );
        assert_eq!(editor.playback().time(), times[0]);
        assert!(jump_to_key(&mut editor, KeyJump::Next).is_ok());
        assert_eq!(editor.playback().time(), times[1]);
        // No bone selected: every key counts, at least as many times.
        editor.selection.set_bone(None);
        assert!(editor.animation().navigation_key_times().len() >= times.len());
    }

    #[test]
    fn a_row_selects_all_its_keys_and_add_keeps_the_others() {
        let mut editor = editor();
        let hip = vec!["hip".to_string()];
        select_rows(&mut editor, &hip, &[], &[], false).unwrap();
        let count = editor.animation().selected_keys().len();
        assert!(count >= 3);
        assert!(
            editor
                .animation()
                .selected_keys()
                .iter()
                .all(|k| k.0 == "hip")
        );
        select_rows(&mut editor, &["head".to_string()], &[], &[], true).unwrap();
        let both = editor.animation().selected_keys();
        assert!(both.len() > count);
        assert!(both.iter().any(|k| k.0 == "hip") && both.iter().any(|k| k.0 == "head"));
        select_rows(&mut editor, &["head".to_string()], &[], &[], false).unwrap();
        assert!(
            editor
                .animation()
                .selected_keys()
                .iter()
                .all(|k| k.0 == "head")
        );
    }
}
