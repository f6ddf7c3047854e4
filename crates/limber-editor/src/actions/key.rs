//! Key commands of the inspector, the dopesheet and the curve editor: channels typed at the
//! playhead, a channel unkeyed, a bone's inheritance keyed or unkeyed (`inherit_keys.rs`), the selected keys' interpolation and deletion, and the dopesheet's
//! row selection. Carried out by `bone_keys.rs` and `curve_edits.rs` (their errors, as a
//! [`KeyCommandError`], are shown by `Editor::run`), `animate.rs`, `key_selection.rs`,
//! `part_key_selection.rs`, `slot_key_selection.rs`, `curve_edits.rs`, `key_navigation.rs` and the
//! dopesheet tool. The animation feature's refusals are a [`KeyError`].

use glam::DVec2;
use limber_core::animation::{ChannelGroup, Interpolation};
use limber_core::inherit::Inherit;

use crate::animate;
use crate::bone_keys::{self, KeyError, KeyedChannels};
use crate::curve_edits::{self, CurveError};
use crate::curves::CurveKeyId;
use crate::editor::Editor;
use crate::inherit_keys::{self, InheritKeyError};
use crate::key_selection::{self, KeyRef};
use crate::tools::dopesheet;
use crate::{key_navigation, part_key_selection};

/// Why a key command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum KeyCommandError {
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error(transparent)]
    Curve(#[from] CurveError),
    #[error(transparent)]
    Animation(#[from] animate::KeyError),
    #[error(transparent)]
    Inherit(#[from] InheritKeyError),
}

/// One edit of keys.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyCommand {
    /// The given channels of `bone` keyed at the playhead (one key, one undo step).
    Channels {
        bone: usize,
        channels: KeyedChannels,
    },
    /// `group` taken out of `bone`'s key at the playhead.
    Unkey { bone: usize, group: ChannelGroup },
    /// `bone` keyed to take `inherit` of its parent from the playhead on.
    Inherit { bone: usize, inherit: Inherit },
    /// The inheritance mode taken out of `bone`'s key at the playhead.
    UnkeyInherit { bone: usize },
    /// The selected bone key's interpolation toward the next key.
    SetInterpolation(Interpolation),
    /// The selected part key's deform interpolation.
    SetPartInterpolation(Interpolation),
    /// The selected slot key's colour interpolation.
    SetSlotInterpolation(Interpolation),
    /// One channel's interpolation at a key of the curve editor.
    SetCurveInterpolation {
        key: CurveKeyId,
        interp: Interpolation,
    },
    /// The selected bone key moved to `time` seconds (its channels and interpolation kept).
    MoveSelected { time: f64 },
    /// The selected bone key.
    DeleteSelected,
    /// Every selected key: bone, part and slot keys.
    DeleteAllSelected,
    /// The key under a right-click on the dopesheet (seconds × row).
    DeleteAt { point: DVec2 },
    /// Selects exactly these keys (dopesheet diamonds: bone, part or slot keys).
    Select(Vec<KeyRef>),
    /// Selects the keys of these dopesheet rows (added to the selection with `add`).
    SelectRows {
        bones: Vec<String>,
        parts: Vec<String>,
        slots: Vec<String>,
        add: bool,
    },
}

impl KeyCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Channels { .. } => "key channels",
            Self::Unkey { .. } => "unkey channel",
            Self::Inherit { .. } => "key inheritance",
            Self::UnkeyInherit { .. } => "unkey inheritance",
            Self::SetInterpolation(_) => "set key interpolation",
            Self::SetPartInterpolation(_) => "set deform key interpolation",
            Self::SetSlotInterpolation(_) => "set slot key interpolation",
            Self::SetCurveInterpolation { .. } => "set curve interpolation",
            Self::MoveSelected { .. } => "move key",
            Self::DeleteSelected => "delete key",
            Self::DeleteAllSelected => "delete keys",
            Self::DeleteAt { .. } => "delete key",
            Self::Select(_) => "select keys",
            Self::SelectRows { .. } => "select row keys",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, KeyCommandError> {
        Ok(match self {
            Self::Channels { bone, channels } => {
                bone_keys::key_channels(editor.step(), bone, channels)?;
                true
            }
            Self::Unkey { bone, group } => {
                bone_keys::unkey(editor.step(), bone, group)?;
                true
            }
            Self::Inherit { bone, inherit } => {
                inherit_keys::key_inherit(editor.step(), bone, inherit)?;
                true
            }
            Self::UnkeyInherit { bone } => {
                inherit_keys::unkey_inherit(editor.step(), bone)?;
                true
            }
            Self::SetInterpolation(interp) => {
                animate::set_key_interpolation(editor.step(), interp)?;
                true
            }
            Self::SetPartInterpolation(interp) => {
                part_key_selection::set_interpolation(editor.step(), interp)?
            }
            Self::SetSlotInterpolation(interp) => editor.set_slot_key_interpolation(interp),
            Self::SetCurveInterpolation { key, interp } => {
                curve_edits::set_interp(editor.step(), &key, interp)?
            }
            Self::MoveSelected { time } => animate::move_selected_key(editor.step(), time)?,
            Self::DeleteSelected => {
                animate::delete_selected_key(editor.step())?;
                true
            }
            Self::DeleteAllSelected => key_selection::delete_selected_keys(editor.step())?,
            Self::DeleteAt { point } => {
                dopesheet::delete_at(editor.step(), point)?;
                true
            }
            Self::Select(keys) => {
                key_selection::select_refs(&mut editor.selection, keys);
                true
            }
            Self::SelectRows {
                bones,
                parts,
                slots,
                add,
            } => {
                key_navigation::select_rows(editor, &bones, &parts, &slots, add)?;
                true
            }
        })
    }
}
