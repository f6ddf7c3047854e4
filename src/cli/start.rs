//! What `limber` with no command opens: the last project saved or opened in the editor (the first
//! of File > Open recent), so an artist comes back to their work; the bundled sample the first
//! time, or when the last project no longer opens (a line on stderr says why). The project is read
//! once, here, and handed to the window.

use std::path::{Path, PathBuf};

use limber_editor::document::{Document, DocumentError};

/// The document the editor starts on with no command.
pub fn document_to_start() -> anyhow::Result<Document> {
    let recent = limber_editor::recent::default_store()
        .map(|store| limber_editor::recent::load(&store))
        .unwrap_or_default();
    last_or_sample(&recent, Document::open, || {
        let sample = super::sample_project()?;
        Document::open(&sample).map_err(|e| anyhow::anyhow!("{e}"))
    })
}

/// The first of `recent` as `open` reads it, else `sample()`; a recent project that does not open
/// is reported on stderr and passed over.
fn last_or_sample<T>(
    recent: &[PathBuf],
    open: impl Fn(&Path) -> Result<T, DocumentError>,
    sample: impl FnOnce() -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    if let Some(last) = recent.first() {
        match open(last) {
            Ok(document) => return Ok(document),
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
        let ok = |p: &Path| Ok(p.to_path_buf());
        assert_eq!(
            last_or_sample(&recent, ok, sample).unwrap(),
            PathBuf::from("hero.limber")
        );
        assert_eq!(
            last_or_sample(&[], ok, sample).unwrap(),
            PathBuf::from("sample.limber"),
            "the first time: the sample"
        );
        let broken = |p: &Path| {
            Err(DocumentError::Cancelled {
                path: p.to_path_buf(),
            })
        };
        assert_eq!(
            last_or_sample(&recent, broken, sample).unwrap(),
            PathBuf::from("sample.limber"),
            "a last project that no longer opens: the sample"
        );
    }
}
