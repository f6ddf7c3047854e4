//! The store's promises: an unchanged file is never read again, a changed one is; each settings
//! change recomputes only from its stage; and every staged mesh equals a full rebuild, bit for bit.

use super::*;
use crate::pipeline::build_mesh_and_grid;

fn sprite(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/sprites")
        .join(name)
}

/// A copy of a sample sprite in a fresh folder, to change on disk.
fn scratch_copy(name: &str, tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("limber-assets-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::copy(sprite(name), &path).unwrap();
    path
}

fn same_mesh(a: &Mesh, b: &Mesh) -> bool {
    let bits = |m: &Mesh| -> Vec<u64> {
        m.positions
            .iter()
            .chain(&m.uvs)
            .flat_map(|p| [p[0].to_bits(), p[1].to_bits()])
            .collect()
    };
    a == b && bits(a) == bits(b) && a.triangles == b.triangles
}

#[test]
fn an_unchanged_file_is_read_once_and_a_changed_one_again() {
    let path = scratch_copy("kenney_bee.png", "reread");
    let store = AssetStore::new();
    let first = store.image(&path).unwrap();
    let again = store.image(&path).unwrap();
    assert!(Arc::ptr_eq(&first, &again));
    assert_eq!((store.stats().reads, store.stats().decodes), (1, 1));
    // Another image at the same path: new size and a later time.
    std::fs::copy(sprite("kenney_wormGreen.png"), &path).unwrap();
    let later = SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let changed = store.image(&path).unwrap();
    assert_eq!((store.stats().reads, store.stats().decodes), (2, 2));
    assert!(!Arc::ptr_eq(&first, &changed));
    let worm = crate::image_io::load_png(&sprite("kenney_wormGreen.png")).unwrap();
    assert_eq!(*changed.image, worm);
    assert_eq!(
        changed.crc32,
        crc32fast::hash(&std::fs::read(&path).unwrap())
    );
    // A missing file is an error, not the kept image.
    std::fs::remove_file(&path).unwrap();
    assert!(store.image(&path).is_err());
}

#[test]
fn each_setting_recomputes_only_from_its_stage() {
    let store = AssetStore::new();
    let path = sprite("oc_chibi_512h.png");
    let base = MeshSettings::default();
    store.mesh(&path, &base).unwrap();
    let start = store.stats();
    assert_eq!(
        (
            start.reads,
            start.mask_builds,
            start.simplifies,
            start.triangulations
        ),
        (1, 1, 1, 1)
    );
    // Spacing: the triangulation only.
    let spacing = MeshSettings {
        spacing: Some(9.0),
        ..base.clone()
    };
    store.mesh(&path, &spacing).unwrap();
    let after_spacing = store.stats();
    assert_eq!(
        after_spacing.mask_builds, 1,
        "a spacing change builds no mask"
    );
    assert_eq!(after_spacing.simplifies, 1, "nor simplifies");
    assert_eq!(after_spacing.triangulations, 2);
    // Tolerance: simplify onwards, the traced outline kept.
    let tolerance = MeshSettings {
        tolerance: 2.5,
        ..spacing.clone()
    };
    store.mesh(&path, &tolerance).unwrap();
    let after_tolerance = store.stats();
    assert_eq!(
        after_tolerance.mask_builds, 1,
        "a tolerance change does not re-trace"
    );
    assert_eq!(after_tolerance.simplifies, 2);
    // Threshold and padding: the mask again.
    for changed in [
        MeshSettings {
            alpha_threshold: 0.3,
            ..tolerance.clone()
        },
        MeshSettings {
            padding: 3.0,
            ..tolerance.clone()
        },
    ] {
        let before = store.stats().mask_builds;
        store.mesh(&path, &changed).unwrap();
        assert_eq!(store.stats().mask_builds, before + 1);
    }
    // Going back to a kept setting builds nothing but the triangles; the file was read once.
    store.mesh(&path, &base).unwrap();
    let end = store.stats();
    assert_eq!((end.reads, end.decodes, end.mask_builds), (1, 1, 3));
    assert_eq!(end.simplifies, 4);
}

#[test]
fn staged_meshes_equal_full_rebuilds_bit_for_bit() {
    let store = AssetStore::new();
    let steps = [
        MeshSettings::default(),
        MeshSettings {
            spacing: Some(7.0),
            ..MeshSettings::default()
        },
        MeshSettings {
            spacing: Some(7.0),
            tolerance: 0.5,
            ..MeshSettings::default()
        },
        MeshSettings {
            spacing: Some(13.0),
            tolerance: 0.5,
            ..MeshSettings::default()
        },
        MeshSettings {
            spacing: Some(13.0),
            tolerance: 0.5,
            alpha_threshold: 0.4,
            ..MeshSettings::default()
        },
        MeshSettings {
            spacing: Some(13.0),
            tolerance: 3.0,
            padding: 2.5,
            ..MeshSettings::default()
        },
        MeshSettings {
            spacing: Some(5.0),
            tolerance: 3.0,
            padding: 2.5,
            ..MeshSettings::default()
        },
        MeshSettings::default(),
    ];
    for name in [
        "kenney_zombie_walk0.png",
        "oc_chibi_512h.png",
        "oc_lindworm_1024w.png",
        "kenney_ladybug.png",
    ] {
        let path = sprite(name);
        let image = crate::image_io::load_png(&path).unwrap();
        for settings in &steps {
            let staged = store.mesh(&path, settings).unwrap();
            let (full, grid, _) = build_mesh_and_grid(&image, settings).unwrap();
            assert!(
                same_mesh(&staged.mesh, &full),
                "{name} with {settings:?}: the staged mesh differs from a full rebuild"
            );
            assert_eq!(
                *staged.grid, grid,
                "{name} with {settings:?}: the mask differs"
            );
        }
    }
    // Every step after the first per sprite reused something.
    let stats = store.stats();
    assert_eq!(stats.reads, 4);
    assert!(stats.mask_builds < 4 * steps.len() as u64);
    assert!(stats.simplifies < stats.triangulations);
}

#[test]
fn bad_settings_and_bad_files_are_errors() {
    let store = AssetStore::new();
    let path = sprite("kenney_bee.png");
    let bad = MeshSettings {
        padding: f64::NAN,
        ..MeshSettings::default()
    };
    assert!(store.mesh(&path, &bad).is_err());
    let not_png =
        std::env::temp_dir().join(format!("limber-assets-text-{}.png", std::process::id()));
    std::fs::write(&not_png, b"not a png").unwrap();
    assert!(store.image(&not_png).is_err());
    assert_eq!(
        store.stats().decodes,
        2,
        "the bee, and the failed decode once"
    );
}
