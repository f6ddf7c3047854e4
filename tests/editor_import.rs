//! File > Import layered file in the editor's model: every layer added as one undo step, and a
//! bad file changing nothing.

use std::path::Path;

use limber::editor::Editor;
use limber::editor::document::Document;

use image::{Rgba, RgbaImage};
use limber::core::layered::write::{LayerSpec, ora_bytes};

fn sample() -> Editor {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Editor::new(Document::open(&path).unwrap())
}

fn square(size: u32) -> RgbaImage {
    RgbaImage::from_fn(size, size, |x, y| {
        let inside = (2..size - 2).contains(&x) && (2..size - 2).contains(&y);
        Rgba([40, 90, 200, if inside { 255 } else { 0 }])
    })
}

#[test]
fn importing_adds_every_layer_as_one_undo_step_and_a_bad_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("limber-editor-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("figure.ora");
    let layers = [
        LayerSpec::new("kenney_zombie_walk0", 10, 10, square(20)),
        LayerSpec::new("hat", 40, 5, square(16)),
    ];
    std::fs::write(&file, ora_bytes([80, 60], &layers)).unwrap();
    let mut editor = sample();
    let before = editor.document.project.clone();
    assert!(editor.import_layered_file(&file));
    assert!(editor.import_progress().is_some());
    editor.finish_import_job();
    let parts = &editor.document.project.parts;
    assert_eq!(parts.len(), before.parts.len() + 2, "{}", editor.status);
    // The sample's part already has the first layer's name: the new part's is made unique.
    let new: Vec<(&str, [u32; 2])> = parts[before.parts.len()..]
        .iter()
        .map(|p| (p.name.as_str(), p.mesh.offset))
        .collect();
    assert_eq!(new, [("kenney_zombie_walk02", [12, 12]), ("hat", [42, 7])]);
    assert!(parts[before.parts.len()].image.is_absolute());
    assert!(dir.join("figure_layers/hat.png").exists());
    editor.undo();
    assert_eq!(editor.document.project, before);
    // A file that is not ORA: one line naming it, nothing changed.
    let bad = dir.join("broken.ora");
    std::fs::write(&bad, b"not a zip").unwrap();
    editor.import_layered_file(&bad);
    editor.finish_import_job();
    assert!(editor.status.contains("broken.ora"), "{}", editor.status);
    assert!(
        editor.status.contains("not an OpenRaster file"),
        "{}",
        editor.status
    );
    assert_eq!(editor.document.project, before);
    let _ = std::fs::remove_dir_all(&dir);
}
