//! Layer names made into part names and PNG file names, never refused.
//!
//! A part's name is the layer's name with control characters removed and the spaces around it
//! trimmed; a layer left without a name is "layer N" (N counted from the bottom layer, 1 first). Two
//! layers of one name (ignoring case) become "NAME", "NAME 2", "NAME 3". The PNG's file name is the
//! part's name made usable on every desktop system: each of `/ \ : * ? " < > |` becomes `_`, a
//! leading dot or a trailing dot or space becomes `_`, a name over 120 bytes is shortened, and a
//! name Windows keeps for a device (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9 and COM¹–COM³, LPT¹–LPT³, also with an
//! extension such as `aux.txt`, in any case) gets a `_` in front (`_COM1.png`); the part keeps its
//! name. File names are unique ignoring case too ("a_b", "a_b 2").

use std::collections::HashSet;

/// The longest file name stem written, in bytes.
const MAX_STEM_BYTES: usize = 120;

/// `raw` without control characters and surrounding spaces (maybe empty).
pub(super) fn clean_text(raw: &str) -> String {
    let kept: String = raw.chars().filter(|c| !c.is_control()).collect();
    kept.trim().to_string()
}

/// [`clean_text`] of a layer's name; "layer N" when nothing is left.
pub(super) fn clean_name(raw: &str, number: usize) -> String {
    let name = clean_text(raw);
    if name.is_empty() {
        format!("layer {number}")
    } else {
        name
    }
}

/// `name` made usable as a file name stem on Windows, macOS and Linux.
pub(super) fn file_stem(name: &str) -> String {
    let mut stem: String = name
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    if stem.len() > MAX_STEM_BYTES {
        let mut end = MAX_STEM_BYTES;
        while !stem.is_char_boundary(end) {
            end -= 1;
        }
        stem.truncate(end);
    }
    if stem.starts_with('.') {
        stem.replace_range(..1, "_");
    }
    if stem.ends_with(['.', ' ']) {
        stem.pop();
        stem.push('_');
    }
    if stem.is_empty() {
        stem.push('_');
    }
    if is_windows_device(&stem) {
        stem.insert(0, '_');
    }
    stem
}

/// Whether Windows reads `stem` (before any extension) as a device name.
fn is_windows_device(stem: &str) -> bool {
    let base = stem.split('.').next().unwrap_or(stem).trim_end();
    let lower = base.to_ascii_lowercase();
    match lower.as_str() {
        "con" | "prn" | "aux" | "nul" => true,
        _ => {
            // COM1–COM9 and LPT1–LPT9, also with a superscript digit 1, 2 or 3.
            let port = lower
                .strip_prefix("com")
                .or_else(|| lower.strip_prefix("lpt"));
            let mut digit = port.map(str::chars).into_iter().flatten();
            matches!(
                (digit.next(), digit.next()),
                (Some('1'..='9' | '\u{b9}' | '\u{b2}' | '\u{b3}'), None)
            )
        }
    }
}

/// Names handed out so far, compared ignoring case.
#[derive(Default)]
pub(super) struct Taken(HashSet<String>);

impl Taken {
    /// `name` if it is free, else the first free "NAME 2", "NAME 3"...; marks it taken.
    pub(super) fn claim(&mut self, name: &str) -> String {
        let mut candidate = name.to_string();
        let mut n = 2u64;
        while !self.0.insert(candidate.to_lowercase()) {
            candidate = format!("{name} {n}");
            n += 1;
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_control_characters_and_empty_ones_are_numbered() {
        assert_eq!(clean_name("Background\0", 1), "Background");
        assert_eq!(clean_name(" left\tarm\n ", 2), "leftarm");
        assert_eq!(clean_name("", 3), "layer 3");
        assert_eq!(clean_name("\u{1}\u{2}", 4), "layer 4");
        assert_eq!(clean_name("a/b: c?", 5), "a/b: c?");
    }

    #[test]
    fn file_stems_are_safe_on_windows() {
        for (name, stem) in [
            ("COM1", "_COM1"),
            ("lpt9", "_lpt9"),
            ("aux.txt", "_aux.txt"),
            ("Con", "_Con"),
            ("nul.tar.gz", "_nul.tar.gz"),
            ("COM\u{b2}", "_COM\u{b2}"),
            ("COM0", "COM0"),
            ("COM10", "COM10"),
            ("console", "console"),
            ("a/b", "a_b"),
            ("x:y*z?", "x_y_z_"),
            ("..", "__"),
            (".hidden", "_hidden"),
            ("end.", "end_"),
            ("left arm (1)", "left arm (1)"),
        ] {
            assert_eq!(file_stem(name), stem, "{name:?}");
        }
        let long = "é".repeat(100);
        let stem = file_stem(&long);
        assert!(stem.len() <= MAX_STEM_BYTES && stem.chars().all(|c| c == 'é'));
    }

    #[test]
    fn taken_names_get_numbers_ignoring_case() {
        let mut taken = Taken::default();
        assert_eq!(taken.claim("Arm"), "Arm");
        assert_eq!(taken.claim("arm"), "arm 2");
        assert_eq!(taken.claim("ARM"), "ARM 3");
        assert_eq!(taken.claim("arm 2"), "arm 2 2");
        assert_eq!(taken.claim("leg"), "leg");
    }
}
