//! What `limber` with no command opens: the last project saved or opened in the editor (the first
//! of File > Open recent), so an artist comes back to their work; the bundled sample the first
//! time, or when the last project no longer opens (a line on stderr says why).

use std::path::{Path, PathBuf};

/// The project the editor starts on with no command.
pub fn project_to_start() -> anyhow::Result<PathBuf> {
    let recent = limber_editor::recent::default_store()
        .map(|store| limber_editor::recent::load(&store))
        .unwrap_or_default();
    last_or_sample(&recent, opens, super::sample_project)
}

/// Whether the editor can open the project at `path`; why not, when it cannot.
fn opens(path: &Path) -> Result<(), limber_editor::document::DocumentError> {
    limber_editor::document::Document::open(path).map(|_| ())
}

/// The first of `recent` that `opens`, else `sample()`; a recent project that does not open is
/// reported on stderr and passed over.
fn last_or_sample<Why: std::fmt::Display>(
    recent: &[PathBuf],
    opens: impl Fn(&Path) -> Result<(), Why>,
    sample: impl FnOnce() -> anyhow::Result<PathBuf>,
) -> anyhow::Result<PathBuf> {
    if let Some(last) = recent.first() {
        match opens(last) {
            Ok(()) => return Ok(last.clone()),
            Err(why) => eprintln!("not reopening the last project: {why}"),
        }
    }
    sample()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> anyhow::Result<PathBuf> {
        Ok(PathBuf::from("sample.limber"))
    }

    #[test]
    fn the_last_project_opens_else_the_sample() {
        let recent = [PathBuf::from("hero.limber"), PathBuf::from("old.limber")];
        let ok = |_: &Path| Ok::<(), std::io::Error>(());
        assert_eq!(
            last_or_sample(&recent, ok, sample).unwrap(),
            PathBuf::from("hero.limber")
        );
        assert_eq!(
            last_or_sample(&[], ok, sample).unwrap(),
            PathBuf::from("sample.limber"),
            "the first time: the sample"
        );
        let broken = |_: &Path| Err(std::io::Error::other("hero.limber: not a limber project"));
        assert_eq!(
            last_or_sample(&recent, broken, sample).unwrap(),
            PathBuf::from("sample.limber"),
            "a last project that no longer opens: the sample"
        );
    }
}
