//! The asset store and the GPU revisions, measured with counters through the editor's model: a
//! smoothness change reads no file and re-creates no texture; a spacing change builds no mask; a
//! tolerance change does not re-trace; the weights' mask survives a spacing change; a changed file
//! is read again.

use std::path::{Path, PathBuf};

use glam::DVec2;
use limber::core::frame::Frame;
use limber::core::pipeline::MeshSettings;
use limber::core::pose::PoseSolver;
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::jobs::JobKind;
use limber::render::offscreen::{OFFSCREEN_FORMAT, premultiplied_color};
use limber::render::renderer::Layers;
use limber::render::scene::SceneRevisions;
use limber::render::{
    GpuContext, OffscreenTarget, PartStyle, PremultipliedImage, ProjectScene, Renderer,
    ViewTransform,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn revisions(document: &Document) -> SceneRevisions {
    let r = document.revisions();
    SceneRevisions {
        textures: r.textures,
        meshes: r.meshes,
        weights: r.weights,
        pose: r.pose,
    }
}

/// The zombie sample posed mid-clip, rendered from `scene`.
fn render(
    gpu: &GpuContext,
    renderer: &Renderer,
    scene: &ProjectScene,
    editor: &Editor,
) -> PremultipliedImage {
    let project = &editor.document().project;
    let solver = PoseSolver::new(&project.rig.skeleton).expect("valid skeleton");
    let clip = project.rig.clips.first();
    let frame = Frame::sample(
        project,
        &solver,
        clip,
        clip.map_or(0.0, |c| c.duration * 0.3),
    );
    let [w, h] = scene.canvas_size();
    let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::new(f64::from(w), f64::from(h)));
    scene.apply(&gpu.queue, &frame, &view, &PartStyle::default());
    let target = OffscreenTarget::new(&gpu.device, w, h).expect("a target");
    target
        .render(gpu, premultiplied_color([40, 40, 40, 255]), |pass| {
            scene.draw(pass, renderer, &frame, Layers::default())
        })
        .expect("the frame renders")
}

#[test]
fn a_smoothness_change_reads_no_file_and_recreates_no_texture() {
    let sample = root().join("assets/projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&sample).expect("the sample opens"));
    let gpu = match GpuContext::headless() {
        Ok(gpu) => gpu,
        Err(e) => panic!("this test needs a GPU adapter: {e}"),
    };
    let renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT);
    let base = editor.document().base_path();
    let store = std::sync::Arc::clone(&editor.document().assets);
    let mut scene = ProjectScene::upload_with(
        &gpu.device,
        &gpu.queue,
        &renderer,
        &editor.document().project,
        &base,
        &store,
    )
    .expect("the sample uploads");
    scene.set_revisions(revisions(editor.document()));
    let parts = editor.document().project.parts.len() as u64;
    assert_eq!(scene.stats().textures_created, parts);
    // The first weights measure the fields (the image is decoded already: the upload read it).
    editor.recompute_weights();
    editor.finish_job(JobKind::Weights);
    let sync = |scene: &mut ProjectScene, editor: &Editor| {
        scene
            .sync(
                &gpu.device,
                &gpu.queue,
                &renderer,
                &editor.document().project,
                &base,
                &store,
                revisions(editor.document()),
            )
            .expect("the scene syncs");
    };
    sync(&mut scene, &editor);
    let before_pixels = render(&gpu, &renderer, &scene, &editor);
    let (files, gpu_before) = (store.stats(), scene.stats());
    let fields = editor.weights_cache().fields_computed();
    let weights_before = editor.document().project.parts[0].binding.clone();

    let smoothness = editor.document().project.parts[0]
        .weight_settings
        .smoothness;
    editor.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SetSmoothness {
            part: 0,
            smoothness: smoothness * 4.0,
        },
    ));
    editor.finish_job(JobKind::Weights);
    sync(&mut scene, &editor);

    assert_ne!(
        editor.document().project.parts[0].binding,
        weights_before,
        "the weights changed"
    );
    assert_eq!(store.stats(), files, "no file read, decoded or masked");
    assert_eq!(
        editor.weights_cache().fields_computed(),
        fields,
        "no distance field"
    );
    let gpu_after = scene.stats();
    assert_eq!(gpu_after.textures_created, gpu_before.textures_created);
    assert_eq!(gpu_after.meshes_uploaded, gpu_before.meshes_uploaded);
    assert_eq!(
        gpu_after.weights_uploaded,
        gpu_before.weights_uploaded + parts
    );
    // What the synced scene draws is what a fresh upload draws, and it changed.
    let synced_pixels = render(&gpu, &renderer, &scene, &editor);
    let fresh = ProjectScene::upload(
        &gpu.device,
        &gpu.queue,
        &renderer,
        &editor.document().project,
        &base,
    )
    .expect("a fresh upload");
    assert!(synced_pixels == render(&gpu, &renderer, &fresh, &editor));
    assert!(synced_pixels != before_pixels, "new weights moved pixels");
    // Undo: weights again, still no texture.
    assert!(editor.document_mut().undo());
    sync(&mut scene, &editor);
    assert_eq!(scene.stats().textures_created, gpu_before.textures_created);
    assert!(render(&gpu, &renderer, &scene, &editor) == before_pixels);
}

/// An editor on a copy of the 512 px chibi, so the file can change on disk.
fn chibi_editor(tag: &str) -> (Editor, PathBuf) {
    let dir = std::env::temp_dir().join(format!("limber-asset-store-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chibi.png");
    std::fs::copy(root().join("assets/sprites/oc_chibi_512h.png"), &path).unwrap();
    (Editor::new(Document::open(&path).unwrap()), path)
}

fn settings(editor: &Editor) -> MeshSettings {
    editor.document().project.parts[0].mesh_settings.clone()
}

#[test]
fn each_mesh_slider_recomputes_only_from_its_stage() {
    let (mut editor, _) = chibi_editor("stages");
    let store = std::sync::Arc::clone(&editor.document().assets);
    let opened = store.stats();
    assert_eq!(
        (opened.reads, opened.decodes, opened.mask_builds),
        (1, 1, 1)
    );

    // Spacing: triangulate only.
    let spacing = MeshSettings {
        spacing: Some(11.0),
        ..settings(&editor)
    };
    assert!(editor.remesh(0, spacing.clone()));
    let after = store.stats();
    assert_eq!(after.reads, 1, "a spacing change reads no file");
    assert_eq!(after.mask_builds, 1, "a spacing change builds no mask");
    assert_eq!(after.simplifies, opened.simplifies);
    assert_eq!(after.triangulations, opened.triangulations + 1);

    // Tolerance: simplify onwards, no trace.
    let tolerance = MeshSettings {
        tolerance: 2.0,
        ..spacing
    };
    assert!(editor.remesh(0, tolerance.clone()));
    let after = store.stats();
    assert_eq!(after.mask_builds, 1, "a tolerance change does not re-trace");
    assert_eq!(after.simplifies, opened.simplifies + 1);

    // Threshold: the mask again, the file still not read.
    assert!(editor.remesh(
        0,
        MeshSettings {
            alpha_threshold: 0.5,
            ..tolerance
        }
    ));
    let after = store.stats();
    assert_eq!((after.reads, after.mask_builds), (1, 2));
    // Every staged mesh is the full pipeline's mesh.
    let image = limber::core::image_io::load_png(&editor.document().image_path(0)).unwrap();
    let (full, _, _) =
        limber::core::pipeline::build_mesh_and_grid(&image, &settings(&editor)).unwrap();
    assert_eq!(*editor.document().project.parts[0].mesh, full);
}

#[test]
fn the_weights_mask_survives_a_spacing_change_and_a_changed_file_is_read_again() {
    let (mut editor, path) = chibi_editor("weights");
    let store = std::sync::Arc::clone(&editor.document().assets);
    let bone = limber::core::rig::BoneRecord {
        inherit: Default::default(),
        name: "spine".into(),
        parent: None,
        head: [250.0, 150.0],
        tail: [250.0, 350.0],
        smoothness: None,
        deform: true,
    };
    assert!(editor.apply(limber::core::edit::Edit::AddBone(bone)));
    editor.recompute_weights();
    editor.finish_job(JobKind::Weights);
    let weighed = store.stats();
    assert_eq!(
        (weighed.reads, weighed.mask_builds),
        (1, 1),
        "the weights used the kept mask"
    );
    let fields = editor.weights_cache().fields_computed();
    assert!(fields > 0);

    let spacing = MeshSettings {
        spacing: Some(9.0),
        ..settings(&editor)
    };
    assert!(editor.remesh(0, spacing));
    editor.recompute_weights();
    editor.finish_job(JobKind::Weights);
    let after = store.stats();
    assert_eq!(
        (after.reads, after.decodes, after.mask_builds),
        (1, 1, 1),
        "new vertices, same mask: no file, no mask"
    );
    // The re-mesh starts a fresh distance cache (the counts restart) on the kept mask.
    assert!(
        editor.weights_cache().fields_computed() > 0,
        "the new vertices are measured"
    );
    let part = &editor.document().project.parts[0];
    assert_eq!(part.binding.vertices.len(), part.mesh.positions.len());
    assert!(part.binding.vertices.iter().all(|v| v.len() == 1));

    // The artist saves a new version of the image: the next re-mesh reads it.
    let image = image::open(&path).unwrap().fliph();
    image.save(&path).unwrap();
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(later)
        .unwrap();
    assert!(editor.remesh(0, settings(&editor)));
    let after = store.stats();
    assert_eq!((after.reads, after.decodes, after.mask_builds), (2, 2, 2));
    let flipped = limber::core::pipeline::build_mesh(&image, &settings(&editor))
        .unwrap()
        .0;
    assert_eq!(*editor.document().project.parts[0].mesh, flipped);
    assert!(Path::new(&path).exists());
}
