//! The dopesheet's drags as tools, in the dopesheet's own coordinates ([`SheetLayout`]: x in
//! seconds, y in rows): the window maps its pointer there and calls [`Editor::press_sheet`],
//! then [`Editor::drag_to`], [`Editor::release`] or [`Editor::cancel_drag`] like the viewport's
//! tools, and [`Editor::click_sheet`] / [`Editor::delete_sheet_key`] for a click and a right-click.
//!
//! - [`KeyDrag`]: a press on a key grabs it (selecting it alone unless it is already selected);
//!   the selected keys move together by the grabbed key's offset, snapped to the clip's frames (or
//!   to hundredths of a second), when the button is released;
//! - [`KeyBand`]: Shift + press on empty track draws a rubber band; the keys inside become the
//!   selection on release;
//! - [`Scrub`]: any other press moves the playhead with the pointer (and drops the key selection).
//!
//! Each is one drag of the dispatch in `tools/mod.rs`: one drag is at most one undo step, and Esc
//! puts the keys, the selection and the playhead back as they were.

use glam::DVec2;

pub use super::drag_state::{KeyBand, KeyDrag, Scrub};
use super::{Drag, Press, Tool, start};
use crate::animate::KeyError;
use crate::editor::Editor;
use crate::key_selection::{self, KeyRef};
use crate::layout::{SheetLayout, SheetRow};
use crate::outcome::IntoOutcome;
use crate::step::Step;

/// How near a press must be to a key's row centre (rows).
const ROW_REACH: f64 = 0.35;

/// A key in the dopesheet: which one, where it is drawn (seconds, rows), and its bone's index for
/// a bone key.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetKey {
    pub key: KeyRef,
    pub at: DVec2,
    pub bone: Option<usize>,
}

/// Every key of the current clip on the rows of the sheet as last drawn.
pub fn sheet_keys(editor: &Editor) -> Vec<SheetKey> {
    let Some(clip) = editor.current_clip() else {
        return Vec::new();
    };
    let record = clip.to_record();
    let sheet: &SheetLayout = &editor.view().layout().sheet;
    let mut out = Vec::new();
    for (i, row) in sheet.rows.iter().enumerate() {
        let y = i as f64 + 0.5;
        match row {
            SheetRow::Bone(b, name) => out.extend(
                record
                    .keys
                    .iter()
                    .filter(|k| &k.bone == name)
                    .map(|k| SheetKey {
                        key: KeyRef::Bone((name.clone(), k.time)),
                        at: DVec2::new(k.time, y),
                        bone: Some(*b),
                    }),
            ),
            SheetRow::Part(name) => out.extend(
                record
                    .parts
                    .iter()
                    .filter(|k| &k.part == name)
                    .map(|k| SheetKey {
                        key: KeyRef::Part((name.clone(), k.time)),
                        at: DVec2::new(k.time, y),
                        bone: None,
                    }),
            ),
            SheetRow::Slot(name) => out.extend(
                record
                    .slots
                    .iter()
                    .filter(|k| &k.slot == name)
                    .map(|k| SheetKey {
                        key: KeyRef::Slot((name.clone(), k.time)),
                        at: DVec2::new(k.time, y),
                        bone: None,
                    }),
            ),
        }
    }
    out
}

/// The key under `point` (seconds, rows): the nearest within reach, if any.
pub fn key_at(editor: &Editor, point: DVec2) -> Option<SheetKey> {
    let reach = editor.view().layout().sheet.reach.max(1e-9);
    sheet_keys(editor)
        .into_iter()
        .filter(|k| (k.at.x - point.x).abs() <= reach && (k.at.y - point.y).abs() <= ROW_REACH)
        .min_by(|a, b| {
            let d =
                |k: &SheetKey| ((k.at.x - point.x) / reach).hypot((k.at.y - point.y) / ROW_REACH);
            d(a).total_cmp(&d(b))
        })
}

/// Where a dragged key lands: on a frame of the clip's rate, or on a hundredth of a second.
fn snap(editor: &Editor, t: f64) -> f64 {
    editor.animation().snap_time(t)
}

/// Makes a grabbed key part of the selection (alone, unless already selected) and its bone the
/// selected bone.
fn grab(editor: &mut Editor, key: &SheetKey) {
    if !editor.animation().is_selected(&key.key) {
        editor.select_refs(vec![key.key.clone()]);
    }
    if let Some(bone) = key.bone {
        editor.selection.set_bone(Some(bone));
    }
}

impl Tool for KeyDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let hit = key_at(editor, press.point)?;
        let selection_before = editor.selection().clone();
        grab(editor, &hit);
        Some(Self {
            time: hit.at.x,
            drop: hit.at.x,
            selection_before,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        self.drop = snap(editor, point.x);
    }

    fn finish(self, editor: &mut Editor) {
        let delta = self.drop - self.time;
        if delta != 0.0 {
            key_selection::move_selected_keys(editor.step(), delta).into_outcome(editor);
        }
    }

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
    }
}

impl KeyBand {
    /// The keys inside the band.
    pub fn keys_inside(&self, editor: &Editor) -> Vec<KeyRef> {
        let (lo, hi) = (self.start.min(self.end), self.start.max(self.end));
        sheet_keys(editor)
            .into_iter()
            .filter(|k| k.at.cmpge(lo).all() && k.at.cmple(hi).all())
            .map(|k| k.key)
            .collect()
    }
}

impl Tool for KeyBand {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        (press.shift && key_at(editor, press.point).is_none()).then(|| Self {
            start: press.point,
            end: press.point,
            selection_before: editor.selection().clone(),
        })
    }

    fn drag_to(&mut self, _editor: &mut Editor, point: DVec2) {
        self.end = point;
    }

    fn finish(self, editor: &mut Editor) {
        let inside = self.keys_inside(editor);
        editor.select_refs(inside);
    }

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
    }
}

impl Tool for Scrub {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let scrub = Self {
            playhead_before: editor.animation().playhead(),
            selection_before: editor.selection().clone(),
        };
        key_selection::select_none(&mut editor.selection);
        editor.scrub_to(press.point.x);
        Some(scrub)
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        editor.scrub_to(point.x);
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
        editor.scrub_to(self.playhead_before);
    }
}

impl Editor {
    /// The pointer went down on the dopesheet's track at `press` (seconds, rows) and began to
    /// drag: a key drag on a key, a rubber band with Shift, else a scrub. Returns whether one
    /// started (none without a clip).
    pub fn press_sheet(&mut self, press: Press) -> bool {
        self.cancel_drag();
        if self.current_clip().is_none() {
            return false;
        }
        let drag = start(self, press, Drag::SheetKeys)
            .or_else(|| start(self, press, Drag::SheetBand))
            .or_else(|| start(self, press, Drag::Scrub));
        *self.tools.drag_slot() = drag;
        self.tools().drag().is_some()
    }

    /// A click on the dopesheet's track: selects the key there (Shift: adds it or takes it out)
    /// and its bone; on empty track drops the key selection and moves the playhead there.
    pub fn click_sheet(&mut self, press: Press) {
        match key_at(self, press.point) {
            Some(hit) => {
                if press.shift {
                    key_selection::toggle(self, hit.key);
                } else {
                    self.select_refs(vec![hit.key]);
                }
                if let Some(bone) = hit.bone {
                    self.selection.set_bone(Some(bone));
                }
            }
            None => {
                key_selection::select_none(&mut self.selection);
                self.scrub_to(press.point.x);
            }
        }
    }
}

/// A right-click on the dopesheet: deletes the key there, one undo step.
pub(crate) fn delete_at(step: Step, point: DVec2) -> Result<(), KeyError> {
    let hit = key_at(&step, point).ok_or(KeyError::NoKeyThere)?;
    key_selection::delete_key(step, &hit.key)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::document::Document;

    /// The sample with its first clip current, a key on its first row's bone at 0 s and 0.5 s,
    /// and the sheet laid out with every bone a row.
    fn sheet() -> Editor {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        let mut editor = Editor::new(Document::open(&path).unwrap());
        assert!(editor.current_clip().is_some(), "the sample has a clip");
        let rows = editor
            .document
            .project
            .rig
            .skeleton
            .bones
            .iter()
            .enumerate()
            .map(|(i, b)| SheetRow::Bone(i, b.name.clone()))
            .collect();
        editor.view.layout_mut().sheet = SheetLayout { rows, reach: 0.02 };
        editor
    }

    /// The first key of the sheet, and all the keys as (key, time).
    fn first_key(editor: &Editor) -> SheetKey {
        sheet_keys(editor)
            .into_iter()
            .next()
            .expect("the sample's clip has keys")
    }

    fn times(editor: &Editor) -> Vec<(String, f64)> {
        let mut keys: Vec<(String, f64)> = editor
            .current_clip()
            .unwrap()
            .to_record()
            .keys
            .into_iter()
            .map(|k| (k.bone, k.time))
            .collect();
        keys.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        keys
    }

    /// A time on `key`'s row with no key of that row within 0.1 s.
    fn free_time(editor: &Editor, key: &SheetKey) -> f64 {
        let duration = editor.current_clip().unwrap().duration;
        let row: Vec<f64> = sheet_keys(editor)
            .iter()
            .filter(|k| k.at.y == key.at.y)
            .map(|k| k.at.x)
            .collect();
        (1..100)
            .map(|i| duration * f64::from(i) / 100.0)
            .map(|t| (t * 100.0).round() / 100.0)
            .find(|t| row.iter().all(|k| (k - t).abs() > 0.1))
            .expect("room on the row")
    }

    #[test]
    fn a_key_drag_moves_the_selected_keys_as_one_step_and_esc_restores_exactly() {
        let mut editor = sheet();
        let key = first_key(&editor);
        let to = free_time(&editor, &key);
        let (before, selection) = (editor.document.project.clone(), editor.selection().clone());
        let old = times(&editor);

        assert!(editor.press_sheet(Press::at(key.at)));
        assert!(matches!(editor.tools().drag(), Some(Drag::SheetKeys(_))));
        for i in 1..=4 {
            let x = key.at.x + (to - key.at.x) * f64::from(i) / 4.0;
            editor.drag_to(DVec2::new(x, key.at.y + 0.2));
        }
        editor.release();
        assert!(!editor.document.in_transaction());
        let KeyRef::Bone((bone, time)) = &key.key else {
            panic!("a bone row");
        };
        let moved = times(&editor);
        assert_eq!(moved.len(), old.len());
        assert!(moved.contains(&(bone.clone(), to)), "{moved:?}");
        assert!(!moved.contains(&(bone.clone(), *time)));
        assert_eq!(editor.animation().selected_keys(), vec![(bone.clone(), to)]);
        assert!(editor.document.undo(), "one step");
        assert_eq!(
            editor.document.project, before,
            "one undo takes it all back"
        );

        // The same drag cancelled: nothing moved, no step, the selection as it was.
        let mut editor = sheet();
        let could_undo = editor.document.can_undo();
        assert!(editor.press_sheet(Press::at(key.at)));
        editor.drag_to(DVec2::new(to, key.at.y));
        assert!(editor.cancel_drag());
        assert_eq!(editor.document.project, before);
        assert_eq!(editor.document.can_undo(), could_undo);
        assert_eq!(*editor.selection(), selection);
        assert!(editor.tools().drag().is_none());
    }

    #[test]
    fn a_band_selects_the_keys_inside_and_esc_puts_the_selection_back() {
        let mut editor = sheet();
        let keys = sheet_keys(&editor);
        let key = first_key(&editor);
        // A band around the first key's row and the next, near the first key's time, starting
        // on empty track between rows.
        let (from, to) = (
            DVec2::new(key.at.x - 0.005, key.at.y - 0.5),
            DVec2::new(key.at.x + 0.005, key.at.y + 1.5),
        );
        let expected: Vec<KeyRef> = keys
            .iter()
            .filter(|k| (k.at.x - key.at.x).abs() <= 0.005 && k.at.y < to.y)
            .map(|k| k.key.clone())
            .collect();
        assert!(!expected.is_empty());
        let mut shift = Press::at(from);
        shift.shift = true;
        let before = editor.document.project.clone();
        assert!(key_at(&editor, from).is_none());
        assert!(editor.press_sheet(shift));
        assert!(matches!(editor.tools().drag(), Some(Drag::SheetBand(_))));
        editor.drag_to(to);
        editor.release();
        let mut got: Vec<KeyRef> = expected
            .iter()
            .filter(|k| editor.animation().is_selected(k))
            .cloned()
            .collect();
        got.dedup();
        assert_eq!(got, expected, "every key inside is selected");
        let outside = keys.iter().find(|k| !expected.contains(&k.key)).unwrap();
        assert!(
            !editor.animation().is_selected(&outside.key),
            "keys outside are not"
        );
        assert_eq!(editor.document.project, before);
        assert!(!editor.document.can_undo(), "a band is no undo step");

        let selection = editor.selection().clone();
        assert!(editor.press_sheet(Press {
            shift: true,
            ..Press::at(DVec2::new(0.0, 0.0))
        }));
        editor.drag_to(DVec2::new(1e3, 1e3));
        assert!(editor.cancel_drag());
        assert_eq!(
            *editor.selection(),
            selection,
            "Esc: the selection as it was"
        );
    }

    #[test]
    fn a_scrub_follows_the_pointer_and_esc_puts_the_playhead_back() {
        let mut editor = sheet();
        let key = first_key(&editor);
        let to = free_time(&editor, &key);
        let start = editor.animation().playhead();
        assert!(editor.press_sheet(Press::at(DVec2::new(to, key.at.y))));
        assert!(matches!(editor.tools().drag(), Some(Drag::Scrub(_))));
        editor.drag_to(DVec2::new(to / 2.0, 0.0));
        // On the nearest hundredth of a second (the clip has no frame rate).
        let expected = (to / 2.0 * 100.0).round() / 100.0;
        assert!((editor.animation().playhead() - expected).abs() < 1e-9);
        assert!(editor.cancel_drag());
        assert_eq!(editor.animation().playhead(), start);
    }

    #[test]
    fn a_click_selects_and_a_right_click_deletes_one_key_as_one_step() {
        let mut editor = sheet();
        let key = first_key(&editor);
        editor.click_sheet(Press::at(key.at));
        assert!(editor.animation().is_selected(&key.key));
        let before = editor.document.project.clone();
        assert!(delete_at(editor.step(), key.at).is_ok());
        assert!(sheet_keys(&editor).iter().all(|k| k.key != key.key));
        assert!(editor.document.undo());
        assert_eq!(editor.document.project, before);
        assert!(
            delete_at(editor.step(), DVec2::new(-5.0, 0.5)).is_err(),
            "no key there"
        );
    }
}
