//! The command palette's model (F1): every command of the table ([`COMMANDS`]) — each takes no
//! data — filtered by what was typed and ranked, so the window lists them and runs the chosen one
//! through [`Editor::run`](crate::editor::Editor::run). Toolkit-free, so tests check the search.

use crate::commands::{COMMANDS, CommandEntry};

/// The commands matching `query`, best first: every word of the query must appear (ignoring case)
/// in the command's name, help words or shortcut; those whose name starts with the query come
/// first, then those whose name holds every word, then the rest, each group in table order. An
/// empty query gives the whole table.
pub fn matching(query: &str) -> Vec<&'static CommandEntry> {
    let query = query.trim().to_lowercase();
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut ranked: Vec<(u8, usize, &'static CommandEntry)> = COMMANDS
        .iter()
        .enumerate()
        .filter_map(|(order, entry)| rank(entry, &query, &words).map(|r| (r, order, entry)))
        .collect();
    ranked.sort_by_key(|&(rank, order, _)| (rank, order));
    ranked.into_iter().map(|(_, _, entry)| entry).collect()
}

/// 0: the name starts with the query; 1: the name holds every word; 2: name, help and keys
/// together hold every word; `None`: no match.
fn rank(entry: &CommandEntry, query: &str, words: &[&str]) -> Option<u8> {
    let name = entry.name.to_lowercase();
    if name.starts_with(query) {
        return Some(0);
    }
    if words.iter().all(|w| name.contains(w)) {
        return Some(1);
    }
    let all = format!(
        "{name} {} {}",
        entry.help.to_lowercase(),
        entry.shortcut_text().unwrap_or_default().to_lowercase()
    );
    words.iter().all(|w| all.contains(w)).then_some(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::Command;

    #[test]
    fn an_empty_query_lists_every_command_of_the_table() {
        assert_eq!(matching("").len(), COMMANDS.len());
        assert_eq!(matching("   ").len(), COMMANDS.len());
    }

    #[test]
    fn a_name_that_starts_with_the_query_comes_first() {
        let found = matching("undo");
        assert_eq!(found[0].command, Command::Undo);
        let found = matching("SAVE");
        assert_eq!(found[0].command, Command::Save);
        assert!(found.iter().any(|e| e.command == Command::SaveAs));
    }

    #[test]
    fn every_word_must_match_in_the_name_help_or_keys() {
        let found = matching("spine json");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].command, Command::ExportSpine);
        // "ctrl+z" is only in Undo's shortcut text.
        let found = matching("ctrl+z");
        assert!(found.iter().any(|e| e.command == Command::Undo));
        assert!(matching("no such command anywhere").is_empty());
    }

    #[test]
    fn words_in_the_name_rank_before_words_only_in_the_help() {
        // "bone" is in the names of the bone commands and only in the help of others.
        let found = matching("bone");
        let first_help_only = found
            .iter()
            .position(|e| !e.name.to_lowercase().contains("bone"))
            .unwrap_or(found.len());
        assert!(
            found[first_help_only..]
                .iter()
                .all(|e| !e.name.to_lowercase().contains("bone")),
            "names holding the word come first"
        );
        assert!(first_help_only > 0);
    }
}
