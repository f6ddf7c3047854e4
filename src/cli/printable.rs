//! Text bound for the terminal, made safe to print: names and values from files and arguments may
//! hold control characters (ESC clears the screen, CR writes over "error:"), so every error and
//! warning line goes through [`printable`] — a line break becomes a space, every other control
//! character its escape (`\u{1b}`), and the line stays one line.

/// `text` with line breaks as spaces and every other control character escaped.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push(' '),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped_and_the_line_stays_one_line() {
        assert_eq!(printable("skin \u{1b}[2J\r!"), "skin \\u{1b}[2J\\r!");
        assert_eq!(printable("a\nb\tc"), "a b\\tc");
        assert_eq!(printable("plain ünïcode"), "plain ünïcode");
    }
}
