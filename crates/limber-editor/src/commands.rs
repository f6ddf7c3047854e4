//! The editor's command table: every user action (open, save, undo, modes, play, key, delete,
//! copy/paste keys, fit view, exports, overlay toggles, …) as one [`Command`] with one
//! [`CommandEntry`] in [`COMMANDS`] — its name, its shortcuts as toolkit-free data ([`Shortcut`]) and
//! its place in the menus ([`MenuPlace`]). The window's menus, toolbar, keyboard handling and F1
//! help are all built from this table, so none can drift from another. Carrying a command out is
//! [`Editor::run`](crate::editor::Editor::run) (in `run_command.rs`).

use limber_core::skinning::SkinningMode;

pub use crate::actions::{
    BoneCommand, ClipCommand, CurveCommand, EventCommand, ExportCommand, FileCommand, KeyCommand,
    LayoutCommand, MeshCommand, RigCommand, SkinCommand, SlotCommand, ViewCommand,
};
use crate::editor::{AnimateTool, Mode};
use crate::key_navigation::KeyJump;
pub use crate::outcome::{Outcome, Purpose, WindowRequest};
pub use crate::shortcut::{Key, Modifiers, Shortcut};

/// One user action. The plain ones (no data) are rows of [`COMMANDS`]: menus, shortcuts, help
/// and the palette list them. The panels' edits carry their data in a feature's command
/// ([`SlotCommand`], [`KeyCommand`], …, in `actions/`), each named by its own exhaustive `match`.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    NewFromImage,
    Open,
    AddPart,
    /// Parts from a layered file (PSD, ORA), one per visible layer.
    ImportLayered,
    /// Saves to the document's file, or asks for one (Save As) when it has none yet.
    Save,
    SaveAs,
    ExportGif,
    ExportSheet,
    /// A PNG per frame into a chosen folder.
    ExportFrames,
    ExportGltf,
    /// Rendered exports frame the image's rectangle instead of the whole animation (a setting).
    ToggleExportImageFrame,
    /// Sprite-sheet exports trim each frame to its pixels and pack them (a setting).
    ToggleExportTrim,
    /// Spine 4.2 JSON, atlas and pages into a chosen folder.
    ExportSpine,
    Quit,
    Undo,
    Redo,
    CopyKeys,
    PasteKeys,
    /// The selected keys, else the selected bone; in Mesh mode the selected vertex.
    Delete,
    /// Keys every channel (rotation, translation, scale) of the selected bone at the playhead.
    KeySelected,
    NextBone,
    PreviousBone,
    PlayPause,
    /// Moves the playhead to a key of the selected bone (all keys with none selected).
    JumpToKey(KeyJump),
    FitView,
    /// Shows or hides the shortcuts window.
    ShowHelp,
    /// Help > Getting started: the README's walkthrough in a window.
    ShowGettingStarted,
    /// Help > About: version, licence, credits of the bundled art.
    ShowAbout,
    SetMode(Mode),
    /// Deform on or off; turning it on switches to Animate.
    ToggleDeform,
    /// The Cut tool on or off (a drag in Weights mode draws a cut); turning it on switches to
    /// Weights.
    ToggleCutTool,
    /// The Animate mode's bone tool (rotate or scale); choosing one switches to Animate, Deform off.
    SetAnimateTool(AnimateTool),
    /// Whether the selected bone deforms (a document edit, weights recomputed with it).
    ToggleBoneDeform,
    /// Whether the selected bone's weights are locked (editor state).
    ToggleBoneLock,
    ToggleWireframe,
    ToggleBoneOverlay,
    ToggleWeightOverlay,
    ToggleOnion,
    SetSkinning(SkinningMode),
    /// IK on the selected bone and its ancestors, aiming at the picked target or a new target bone.
    AddIk,
    /// A rotation limit on the selected bone.
    AddLimit,
    /// The selected bone aims at the picked target.
    AddLookAt,
    /// The selected bone is carried by the picked target.
    AddChildOf,
    /// The selected bone copies the picked target's rotation.
    AddTransform,
    /// Gives the selected bone a spring, or takes it away.
    ToggleSpring,
    /// Gives the selected bone a physics constraint that swings its rotation.
    AddPhysics,
    /// Lays the selected bone and the chain below it on a new path its parent carries.
    AddPath,
    /// Sharp pixels (nearest-neighbour) for every part, or smooth again.
    TogglePixelArt,
    /// Plays the transition from the current clip into the one picked in the inspector.
    PreviewTransition,
    /// Bones proposed from the sprite's shape, on a rig without bones.
    SuggestBones,
    /// Adds an event at the playhead on the current clip's event row.
    AddEvent,
    /// Shows or hides the curve editor (the graph of the selected bone's channels).
    ToggleCurves,
    /// The curve editor's view fits every curve shown.
    FrameAllCurves,
    /// A new empty clip, made current (the timeline's "+ clip").
    AddClip,
    /// A copy of the current clip, made current.
    DuplicateClip,
    DeleteClip,
    /// Deletes the selected bone (the inspector's button; Delete also takes keys first).
    DeleteBone,
    /// Esc: the drag in progress — a tool's in the viewport, dopesheet or curve editor, or a
    /// panel widget's — puts the document back; with none, the shape being drawn is dropped.
    Cancel,
    /// Slots, attachments and shapes (the slots panel).
    Slot(SlotCommand),
    Skin(SkinCommand),
    /// The current clip's events.
    Event(EventCommand),
    /// The clip choice, name, frame rate, timing and transition preview.
    Clip(ClipCommand),
    /// A bone's selection and settings (skeleton list, bone inspector).
    Bone(BoneCommand),
    /// Constraints (the Rig inspector).
    Rig(RigCommand),
    /// Keys typed or changed (inspector, dopesheet, curve editor).
    Key(KeyCommand),
    /// The curve editor's own state (its view, hidden channels, selected key).
    Curve(CurveCommand),
    /// Mesh and weight settings, the brush.
    Mesh(MeshCommand),
    /// The window's panel sizes and the dopesheet as drawn.
    Layout(LayoutCommand),
    View(ViewCommand),
    /// The open Export dialog.
    Export(ExportCommand),
    /// A file the window's dialog chose for the document.
    File(FileCommand),
}

impl Command {
    /// What it does, in a few words: a plain command's table name, a panel command's own.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Slot(c) => c.name(),
            Self::Skin(c) => c.name(),
            Self::Event(c) => c.name(),
            Self::Clip(c) => c.name(),
            Self::Bone(c) => c.name(),
            Self::Rig(c) => c.name(),
            Self::Key(c) => c.name(),
            Self::Curve(c) => c.name(),
            Self::Mesh(c) => c.name(),
            Self::Layout(c) => c.name(),
            Self::View(c) => c.name(),
            Self::Export(c) => c.name(),
            Self::File(c) => c.name(),
            plain => entry_of(plain).map_or("command", |e| e.name),
        }
    }
}

/// The menus of the window's menu bar; [`Menu::Toolbar`] is the row of toggles beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    File,
    Edit,
    /// Bones, weights and constraints (IK, limits, springs).
    Rig,
    /// Keys, the timeline and playback.
    Animate,
    Help,
    Toolbar,
    /// A button of a panel (the timeline, the inspector), not in the menu bar.
    Panel,
}

/// Where a command sits in the menu bar: its menu, the group within it (groups are separated) and
/// the submenu it is in, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuPlace {
    pub menu: Menu,
    pub group: u8,
    pub submenu: Option<&'static str>,
}

const fn at(menu: Menu, group: u8) -> Option<MenuPlace> {
    Some(MenuPlace {
        menu,
        group,
        submenu: None,
    })
}

const fn export() -> Option<MenuPlace> {
    Some(MenuPlace {
        menu: Menu::File,
        group: 0,
        submenu: Some("Export"),
    })
}

/// One command's row in [`COMMANDS`].
#[derive(Debug, Clone, PartialEq)]
pub struct CommandEntry {
    pub command: Command,
    /// Shown in the menus and the help.
    pub name: &'static str,
    /// More words for the help (may be empty).
    pub help: &'static str,
    pub shortcuts: &'static [Shortcut],
    pub place: Option<MenuPlace>,
    /// Whether the shortcut works while a text field has the keyboard (only Ctrl shortcuts that
    /// text fields do not need themselves).
    pub while_typing: bool,
}

impl CommandEntry {
    /// The shortcuts as the help writes them, e.g. "Ctrl+Shift+Z / Ctrl+Y"; `None` without one.
    pub fn shortcut_text(&self) -> Option<String> {
        if self.shortcuts.is_empty() {
            return None;
        }
        let texts: Vec<String> = self.shortcuts.iter().map(ToString::to_string).collect();
        Some(texts.join(" / "))
    }
}

const fn entry(
    command: Command,
    name: &'static str,
    help: &'static str,
    shortcuts: &'static [Shortcut],
    place: Option<MenuPlace>,
) -> CommandEntry {
    CommandEntry {
        command,
        name,
        help,
        shortcuts,
        place,
        while_typing: false,
    }
}

/// An entry whose Ctrl shortcut also works while a text field has the keyboard.
const fn global(
    command: Command,
    name: &'static str,
    help: &'static str,
    shortcuts: &'static [Shortcut],
    place: Option<MenuPlace>,
) -> CommandEntry {
    let mut typed = entry(command, name, help, shortcuts, place);
    typed.while_typing = true;
    typed
}

use Command as C;
use Key as K;
use Shortcut as S;

/// Every command, in menu order.
#[rustfmt::skip]
pub const COMMANDS: &[CommandEntry] = &[
    global(C::NewFromImage, "New from image…", "a new project from a PNG", &[S::command(K::N)], at(Menu::File, 0)),
    global(C::Open, "Open…", "a project or a PNG", &[S::command(K::O)], at(Menu::File, 0)),
    entry(C::AddPart, "Add part from image…", "", &[], at(Menu::File, 0)),
    entry(C::ImportLayered, "Import layered file…", "parts from a PSD or ORA file's layers", &[], at(Menu::File, 0)),
    global(C::Save, "Save", "", &[S::command(K::S)], at(Menu::File, 0)),
    global(C::SaveAs, "Save As…", "", &[S::command_shift(K::S)], at(Menu::File, 0)),
    entry(C::ExportGif, "GIF of the clip…", "", &[], export()),
    entry(C::ExportSheet, "Sprite sheet of the clip…", "", &[], export()),
    entry(C::ExportFrames, "PNG frames of the clip…", "", &[], export()),
    entry(C::ExportGltf, "glTF 2.0 (all clips)…", "", &[], export()),
    entry(C::ExportSpine, "Spine 4.2 JSON (all clips)…", "skeleton, atlas and pages into a folder", &[], export()),
    entry(C::ToggleExportImageFrame, "Frame to the image", "rendered exports show the image's rectangle (limbs past its edge are cut) instead of the whole animation plus 2 px", &[], export()),
    entry(C::ToggleExportTrim, "Trim sheet frames", "sprite sheets: each frame cut to its own pixels and packed; the atlas gives its offset", &[], export()),
    entry(C::Quit, "Quit", "", &[], at(Menu::File, 1)),
    global(C::Undo, "Undo", "", &[S::command(K::Z)], at(Menu::Edit, 0)),
    global(C::Redo, "Redo", "", &[S::command_shift(K::Z), S::command(K::Y)], at(Menu::Edit, 0)),
    entry(C::CopyKeys, "Copy keys", "the selected keys", &[S::command(K::C)], at(Menu::Edit, 1)),
    entry(C::PasteKeys, "Paste keys", "at the playhead, keeping their spacing", &[S::command(K::V)], at(Menu::Edit, 1)),
    entry(C::Delete, "Delete", "the selected keys, or else the selected bone (Mesh mode: the selected vertex)", &[S::key(K::Delete)], at(Menu::Edit, 1)),
    entry(C::KeySelected, "Key the selected bone", "its rotation, translation and scale at the playhead", &[S::key(K::K)], at(Menu::Edit, 2)),
    entry(C::NextBone, "Select the next bone", "", &[S::key(K::CloseBracket)], at(Menu::Edit, 2)),
    entry(C::PreviousBone, "Select the previous bone", "", &[S::key(K::OpenBracket)], at(Menu::Edit, 2)),
    entry(C::ToggleBoneDeform, "Toggle deform of the selected bone", "a non-deforming bone takes no weight and moves no vertex", &[], at(Menu::Rig, 0)),
    entry(C::ToggleBoneLock, "Toggle weight lock of the selected bone", "the brush, automatic weights and smoothness keep a locked bone's weights (not saved, no undo step)", &[S::key(K::L)], at(Menu::Rig, 0)),
    entry(C::PlayPause, "Play / pause", "hold Space and drag in the viewport to pan", &[S::key(K::Space)], None),
    entry(C::JumpToKey(KeyJump::First), "First key", "of the selected bone (all bones' keys with none selected)", &[S::key(K::Home)], at(Menu::Animate, 0)),
    entry(C::JumpToKey(KeyJump::Previous), "Previous key", "before the playhead", &[S::key(K::Comma)], at(Menu::Animate, 0)),
    entry(C::JumpToKey(KeyJump::Next), "Next key", "after the playhead", &[S::key(K::Period)], at(Menu::Animate, 0)),
    entry(C::JumpToKey(KeyJump::Last), "Last key", "", &[S::key(K::End)], at(Menu::Animate, 0)),
    entry(C::FitView, "Fit the view", "the sprite in the viewport", &[S::key(K::F)], None),
    entry(C::SuggestBones, "Suggest bones", "a skeleton from the sprite's shape, on a rig without bones", &[], at(Menu::Rig, 0)),
    global(C::ShowHelp, "Commands and shortcuts", "find and run any command; every shortcut", &[S::key(K::F1)], at(Menu::Help, 0)),
    entry(C::ShowGettingStarted, "Getting started", "a first animation, step by step", &[], at(Menu::Help, 0)),
    entry(C::ShowAbout, "About limber", "version, licence and credits", &[], at(Menu::Help, 0)),
    entry(C::SetMode(Mode::Animate), "Animate", "mode: pose bones, key them at the playhead", &[S::key(K::Num1)], at(Menu::Toolbar, 0)),
    entry(C::SetMode(Mode::Bones), "Bones", "mode: draw and move bones", &[S::key(K::Num2)], at(Menu::Toolbar, 0)),
    entry(C::SetMode(Mode::Weights), "Weights", "mode: paint and tune the weights", &[S::key(K::Num3)], at(Menu::Toolbar, 0)),
    entry(C::SetMode(Mode::Mesh), "Mesh", "mode: edit the mesh and its settings", &[S::key(K::Num4)], at(Menu::Toolbar, 0)),
    entry(C::ToggleDeform, "Deform", "drag vertices to key their offsets (Animate mode)", &[S::key(K::D)], at(Menu::Toolbar, 0)),
    entry(C::ToggleCutTool, "Cut", "drag where limbs touch in the drawing: weights do not reach across the line (Weights mode)", &[S::key(K::C)], at(Menu::Toolbar, 0)),
    entry(C::SetAnimateTool(AnimateTool::Rotate), "Rotate", "tool (Animate): drag a bone to rotate it, Shift + drag to move it", &[S::key(K::R)], at(Menu::Toolbar, 3)),
    entry(C::SetAnimateTool(AnimateTool::Scale), "Scale", "tool (Animate): drag a bone to scale it along and across, Shift for uniform", &[S::key(K::S)], at(Menu::Toolbar, 3)),
    entry(C::ToggleWireframe, "Wireframe", "", &[], at(Menu::Toolbar, 1)),
    entry(C::ToggleBoneOverlay, "Bone overlay", "", &[], at(Menu::Toolbar, 1)),
    entry(C::ToggleWeightOverlay, "Weight overlay", "", &[], at(Menu::Toolbar, 1)),
    entry(C::ToggleOnion, "Onion skin", "", &[], at(Menu::Toolbar, 1)),
    entry(C::SetSkinning(SkinningMode::LinearBlend), "LBS", "linear blend skinning", &[], at(Menu::Toolbar, 2)),
    entry(C::SetSkinning(SkinningMode::DualQuaternion), "DQS", "dual quaternion skinning", &[], at(Menu::Toolbar, 2)),
    entry(C::AddIk, "Add IK", "to the selected bone and its parent (or a longer chain, set in the inspector), aiming at the picked target or a new target bone", &[S::key(K::I)], at(Menu::Rig, 1)),
    entry(C::AddLimit, "Add rotation limit", "±45° on the selected bone; drag its arc or type the angles", &[], at(Menu::Rig, 1)),
    entry(C::AddLookAt, "Add look-at", "the selected bone aims at the target picked in the inspector", &[], at(Menu::Rig, 1)),
    entry(C::AddChildOf, "Add child-of", "the selected bone is carried by the target picked in the inspector", &[], at(Menu::Rig, 1)),
    entry(C::AddTransform, "Add copy rotation", "the selected bone copies the picked target's rotation (a transform constraint)", &[], at(Menu::Rig, 1)),
    entry(C::ToggleSpring, "Spring on / off", "on the selected bone", &[], at(Menu::Rig, 1)),
    entry(C::AddPhysics, "Add physics", "the selected bone lags, swings and settles as it moves, in wind and gravity (Spine physics, exported live)", &[], at(Menu::Rig, 1)),
    entry(C::AddPath, "Add path", "the selected bone and the chain below it follow a curve through their joints that the parent carries (Spine path constraint, exported live)", &[], at(Menu::Rig, 1)),
    entry(C::PreviewTransition, "Preview transition", "from the current clip into the clip picked in the inspector, over its crossfade", &[], at(Menu::Animate, 1)),
    entry(C::TogglePixelArt, "Pixel art", "sharp pixels (nearest-neighbour) for every part, in the view and in rendered exports; per part in the Parts list", &[], at(Menu::Edit, 3)),
    entry(C::ToggleCurves, "Curve editor", "the selected bone's channels as curves: drag keys and Bezier handles, right-click a key for its interpolation", &[S::key(K::G)], at(Menu::Animate, 0)),
    entry(C::AddEvent, "Add event", "at the playhead, on the event row (a footstep, a sound, a hit; name and values in the inspector)", &[], at(Menu::Animate, 1)),
    entry(C::FrameAllCurves, "Frame all curves", "the curve editor shows every curve", &[], at(Menu::Animate, 0)),
    entry(C::AddClip, "+ clip", "a new empty clip", &[], at(Menu::Panel, 0)),
    entry(C::DuplicateClip, "Duplicate", "a copy of the current clip", &[], at(Menu::Panel, 0)),
    entry(C::DeleteClip, "Delete clip", "the current clip", &[], at(Menu::Panel, 0)),
    entry(C::DeleteBone, "Delete bone", "the selected bone", &[], at(Menu::Panel, 1)),
    entry(C::Cancel, "Cancel", "the drag in progress (the document as before it), else the shape being drawn", &[S::key(K::Escape)], None),
];

/// The table's row for `command`.
pub fn entry_of(command: &Command) -> Option<&'static CommandEntry> {
    COMMANDS.iter().find(|e| e.command == *command)
}

/// The entries of `menu`, in order.
pub fn menu_entries(menu: Menu) -> impl Iterator<Item = &'static CommandEntry> {
    COMMANDS
        .iter()
        .filter(move |e| e.place.is_some_and(|p| p.menu == menu))
}

/// The command `key` pressed with `held` triggers, if any: of the matching shortcuts, the one with
/// the most modifiers (so Ctrl+Shift+Z is Redo, not Undo).
pub fn command_for(key: Key, held: Modifiers) -> Option<&'static CommandEntry> {
    COMMANDS
        .iter()
        .flat_map(|e| e.shortcuts.iter().map(move |s| (e, s)))
        .filter(|(_, s)| s.matches(key, held))
        .max_by_key(|(_, s)| s.modifiers.count())
        .map(|(e, _)| e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let all: Vec<(Shortcut, Command)> = COMMANDS
            .iter()
            .flat_map(|e| e.shortcuts.iter().map(move |s| (*s, e.command.clone())))
            .collect();
        assert!(all.len() > 20, "the table has its shortcuts");
        for (i, (a, ca)) in all.iter().enumerate() {
            for (b, cb) in &all[i + 1..] {
                assert_ne!(a, b, "{a} is the shortcut of both {ca:?} and {cb:?}");
            }
        }
        // Modifiers count: Ctrl+Z and Ctrl+Shift+Z are two commands, each pressed gets its own.
        let held = |command, shift| Modifiers {
            command,
            shift,
            alt: false,
        };
        let undo = command_for(Key::Z, held(true, false)).map(|e| e.command.clone());
        let redo = command_for(Key::Z, held(true, true)).map(|e| e.command.clone());
        assert_eq!(undo, Some(Command::Undo));
        assert_eq!(redo, Some(Command::Redo));
        assert_eq!(command_for(Key::Z, Modifiers::NONE), None);
        assert_eq!(
            command_for(Key::S, held(true, true)).map(|e| e.command.clone()),
            Some(Command::SaveAs)
        );
        // Plain S picks the scale tool; Ctrl+S still saves.
        assert_eq!(
            command_for(Key::S, Modifiers::NONE).map(|e| e.command.clone()),
            Some(Command::SetAnimateTool(AnimateTool::Scale))
        );
        assert_eq!(
            command_for(Key::S, held(true, false)).map(|e| e.command.clone()),
            Some(Command::Save)
        );
        // A single key is not triggered with Ctrl held; Shift does not matter to it.
        assert_eq!(command_for(Key::K, held(true, false)), None);
        assert_eq!(
            command_for(Key::K, held(false, true)).map(|e| e.command.clone()),
            Some(Command::KeySelected)
        );
    }

    #[test]
    fn every_command_is_in_the_table_once_and_reachable() {
        for (i, e) in COMMANDS.iter().enumerate() {
            assert!(
                COMMANDS[i + 1..].iter().all(|o| o.command != e.command),
                "{:?} has two rows",
                e.command
            );
            assert!(
                e.place.is_some() || !e.shortcuts.is_empty(),
                "{:?} is in no menu and has no shortcut",
                e.command
            );
            assert!(!e.name.is_empty());
            assert_eq!(entry_of(&e.command), Some(e));
        }
        // Names are unique within each menu (the menus and tests find entries by name).
        for (i, e) in COMMANDS.iter().enumerate() {
            for o in &COMMANDS[i + 1..] {
                assert!(
                    e.name != o.name || e.place.map(|p| p.menu) != o.place.map(|p| p.menu),
                    "two entries named {}",
                    e.name
                );
            }
        }
        // Only Ctrl shortcuts and F1 (the palette, whose own search field has the keyboard) may
        // work while typing, and copy/paste never (text fields need them).
        for e in COMMANDS.iter().filter(|e| e.while_typing) {
            assert!(
                e.shortcuts
                    .iter()
                    .all(|s| s.modifiers.command || s.key == Key::F1),
                "{e:?}"
            );
        }
        for c in [Command::CopyKeys, Command::PasteKeys] {
            assert!(entry_of(&c).is_some_and(|e| !e.while_typing));
        }
    }

    #[test]
    fn shortcuts_are_written_as_the_help_shows_them() {
        let redo = entry_of(&Command::Redo).and_then(CommandEntry::shortcut_text);
        assert_eq!(redo.as_deref(), Some("Ctrl+Shift+Z / Ctrl+Y"));
        let next = entry_of(&Command::NextBone).and_then(CommandEntry::shortcut_text);
        assert_eq!(next.as_deref(), Some("]"));
        let quit = entry_of(&Command::Quit).and_then(CommandEntry::shortcut_text);
        assert_eq!(quit, None);
        let exports: Vec<&str> = menu_entries(Menu::File)
            .filter(|e| e.place.and_then(|p| p.submenu) == Some("Export"))
            .map(|e| e.name)
            .collect();
        assert_eq!(exports.len(), 7);
    }

    #[test]
    fn single_keys_take_altgr_but_not_ctrl_alone() {
        let ctrl = Modifiers {
            command: true,
            shift: false,
            alt: false,
        };
        let alt_gr = Modifiers { alt: true, ..ctrl };
        let next = |held| command_for(Key::CloseBracket, held).map(|e| e.command.clone());
        assert_eq!(next(Modifiers::default()), Some(Command::NextBone));
        assert_eq!(next(alt_gr), Some(Command::NextBone));
        assert_eq!(next(ctrl), None);
        // Ctrl shortcuts stay what they are with AltGr's Alt held.
        let undo = command_for(Key::Z, alt_gr).map(|e| e.command.clone());
        assert_eq!(undo, Some(Command::Undo));
    }
}
