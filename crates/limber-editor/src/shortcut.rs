//! Shortcuts as plain data, without a UI toolkit: the [`Key`]s the editor's commands use, the
//! [`Modifiers`] held with them, how a key press matches a [`Shortcut`], and how the help writes
//! one ("Ctrl+Shift+Z"). The window maps [`Key`] to its toolkit's keys in one small function.

use std::fmt;

/// The keys shortcuts use (the window maps them to its toolkit's keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    C,
    D,
    F,
    K,
    N,
    O,
    S,
    V,
    Y,
    Z,
    Num1,
    Num2,
    Num3,
    Num4,
    Space,
    Delete,
    F1,
    OpenBracket,
    CloseBracket,
    G,
    I,
    L,
    R,
    T,
    Home,
    End,
    Comma,
    Period,
    Tab,
    Escape,
}

impl Key {
    /// Every key, for mapping from a toolkit's keys.
    pub const ALL: [Key; 30] = [
        Key::C,
        Key::D,
        Key::F,
        Key::K,
        Key::N,
        Key::O,
        Key::S,
        Key::V,
        Key::Y,
        Key::Z,
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Space,
        Key::Delete,
        Key::F1,
        Key::OpenBracket,
        Key::CloseBracket,
        Key::G,
        Key::I,
        Key::L,
        Key::R,
        Key::T,
        Key::Home,
        Key::End,
        Key::Comma,
        Key::Period,
        Key::Tab,
        Key::Escape,
    ];

    /// The key as the help and the menus write it.
    pub fn name(self) -> &'static str {
        match self {
            Key::C => "C",
            Key::D => "D",
            Key::F => "F",
            Key::K => "K",
            Key::N => "N",
            Key::O => "O",
            Key::S => "S",
            Key::V => "V",
            Key::Y => "Y",
            Key::Z => "Z",
            Key::Num1 => "1",
            Key::Num2 => "2",
            Key::Num3 => "3",
            Key::Num4 => "4",
            Key::Space => "Space",
            Key::Delete => "Delete",
            Key::F1 => "F1",
            Key::OpenBracket => "[",
            Key::CloseBracket => "]",
            Key::G => "G",
            Key::I => "I",
            Key::L => "L",
            Key::R => "R",
            Key::T => "T",
            Key::Home => "Home",
            Key::End => "End",
            Key::Comma => ",",
            Key::Period => ".",
            Key::Tab => "Tab",
            Key::Escape => "Esc",
        }
    }
}

/// Modifier keys held with a shortcut's key. `command` is Ctrl (⌘ on macOS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modifiers {
    pub command: bool,
    pub shift: bool,
    pub alt: bool,
}

impl Modifiers {
    pub const NONE: Self = Self {
        command: false,
        shift: false,
        alt: false,
    };

    /// How many modifiers are held: the more, the more specific a shortcut.
    pub fn count(self) -> usize {
        usize::from(self.command) + usize::from(self.shift) + usize::from(self.alt)
    }
}

/// A key with modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shortcut {
    pub modifiers: Modifiers,
    pub key: Key,
}

impl Shortcut {
    /// The key alone.
    pub const fn key(key: Key) -> Self {
        Self {
            modifiers: Modifiers::NONE,
            key,
        }
    }

    /// Ctrl (⌘) + key.
    pub const fn command(key: Key) -> Self {
        Self {
            modifiers: Modifiers {
                command: true,
                shift: false,
                alt: false,
            },
            key,
        }
    }

    /// Ctrl (⌘) + Shift + key.
    pub const fn command_shift(key: Key) -> Self {
        Self {
            modifiers: Modifiers {
                command: true,
                shift: true,
                alt: false,
            },
            key,
        }
    }

    /// Whether pressing `key` with `held` triggers this shortcut: Ctrl (⌘) must be held exactly as
    /// the shortcut says; Shift and Alt must be held when it names them and are ignored otherwise
    /// (so the handler tries the shortcuts with more modifiers first). Ctrl and Alt held together
    /// count as AltGr for a shortcut without Ctrl: Windows reports AltGr so, and on many layouts
    /// `[` and `]` are typed with it.
    pub fn matches(self, key: Key, held: Modifiers) -> bool {
        let alt_gr = held.command && held.alt && !self.modifiers.command && !self.modifiers.alt;
        key == self.key
            && (held.command == self.modifiers.command || alt_gr)
            && (held.shift || !self.modifiers.shift)
            && (held.alt || !self.modifiers.alt)
    }
}

impl fmt::Display for Shortcut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.command {
            f.write_str("Ctrl+")?;
        }
        if self.modifiers.shift {
            f.write_str("Shift+")?;
        }
        if self.modifiers.alt {
            f.write_str("Alt+")?;
        }
        f.write_str(self.key.name())
    }
}
