//! The GPU renderer against the CPU f64 reference, on the software Vulkan adapter in CI: skinned
//! positions, rest-pose renders of every sample sprite, posed pixels, and LBS vs DQS at a bent joint.

use crate::common;
use crate::common::gpu;

use glam::{DAffine2, DVec2};
use image::{DynamicImage, Rgba, RgbaImage};
use limber::core::distance::Metric;
use limber::core::frame::Frame;
use limber::core::image_io::load_png;
use limber::core::pipeline::{MeshSettings, build_mesh, build_mesh_and_grid};
use limber::core::pose::{Pose, PoseSolver};
use limber::core::project::Project;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::skinning::{SkinningMode, skin};
use limber::core::weights::{auto_smoothness, weigh};
use limber::render::skin_readback::skinned_positions;
use limber::render::texture::premultiplied;
use limber::render::{GpuPart, PartStyle, ViewTransform};

const MODES: [SkinningMode; 2] = [SkinningMode::LinearBlend, SkinningMode::DualQuaternion];

/// The zombie sample made into a project by `limber new` with its bundled rig.
fn zombie_project(folder: &str) -> (std::path::PathBuf, Project) {
    let dir = common::temp_dir(folder);
    let path = dir.join("zombie.limber");
    let rig = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rigs/kenney_zombie_walk0.json");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    common::limber_ok(&[
        "new",
        &sprite.display().to_string(),
        "--rig",
        &rig.display().to_string(),
        "-o",
        &path.display().to_string(),
    ]);
    let project = Project::load(&path).expect("the new project loads");
    (path, project)
}

fn max_distance(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(p, q)| (p[0] - q[0]).hypot(p[1] - q[1]))
        .fold(0.0, f64::max)
}

#[test]
fn gpu_skinned_positions_match_the_cpu_reference_within_a_millipixel() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let (path, project) = zombie_project("gpu-skin");
    let image = load_png(&project.image_path(&path, 0)).unwrap();
    let part = &project.parts[0];
    let skeleton = &project.rig.skeleton;
    let solver = PoseSolver::new(skeleton).unwrap();
    let gpu_part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        &part.name,
        &part.mesh,
        &part.binding,
        &image,
        skeleton.bones.len(),
    )
    .unwrap();
    let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::new(100.0, 100.0));

    // The bundled clips at several times, and a pose with rotation and non-uniform scale on every
    // bone (which exercises the DQS stretch split).
    let mut palettes = Vec::new();
    for clip in &project.rig.clips {
        for t in [0.1, 0.37, 0.8] {
            palettes.push((
                format!("{} at {t}", clip.name),
                Frame::sample(&project, &solver, Some(clip), t).palette,
            ));
        }
    }
    let mut stretched = Pose::rest(skeleton);
    for (i, bone) in stretched.bones.iter_mut().enumerate() {
        bone.rotate = 0.35 * (i as f64 + 1.0) * if i % 2 == 0 { 1.0 } else { -1.0 };
        bone.scale = [1.0 + 0.1 * i as f64, 1.0 - 0.05 * i as f64];
        bone.translate = [2.0 * i as f64, -1.5];
    }
    palettes.push((
        "rotated and stretched".into(),
        solver.palette(&solver.world(&stretched)),
    ));

    let mut worst: f64 = 0.0;
    for (name, palette) in &palettes {
        for mode in MODES {
            gpu_part.set_palette(&gpu.queue, palette);
            gpu_part.set_style(
                &gpu.queue,
                &view,
                &PartStyle {
                    mode,
                    ..PartStyle::default()
                },
            );
            let on_gpu = skinned_positions(&gpu, &renderer.pipelines, &gpu_part).unwrap();
            let on_cpu = skin(&part.mesh.positions, &part.binding, palette, mode);
            let moved = max_distance(&on_cpu, &part.mesh.positions);
            assert!(moved > 1.0, "{name}: the pose should move the mesh");
            let error = max_distance(&on_gpu, &on_cpu);
            worst = worst.max(error);
            assert!(
                error <= 1e-3,
                "{name}, {mode:?}: GPU is {error} px from the CPU"
            );
        }
    }
    println!(
        "worst GPU − CPU distance: {worst:.2e} px over {} poses",
        palettes.len()
    );
}

/// Mean absolute difference of premultiplied RGBA (0–255 scale) between a render and a source.
fn mean_abs_difference(render: &[u8], source: &[u8]) -> f64 {
    let total: u64 = render
        .iter()
        .zip(source)
        .map(|(a, b)| u64::from(a.abs_diff(*b)))
        .sum();
    total as f64 / render.len() as f64
}

#[test]
fn the_rest_pose_render_of_every_sample_sprite_reproduces_the_source() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    for path in common::bundled_sprites() {
        let image = load_png(&path).unwrap();
        let (mesh, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
        let binding = gpu::single_bone_binding(&mesh);
        let render = gpu::render_part(
            &gpu,
            &renderer,
            &mesh,
            &binding,
            &image,
            &[DAffine2::IDENTITY],
            SkinningMode::LinearBlend,
        );
        let source = premultiplied(&image.to_rgba8());
        let mad = mean_abs_difference(&render.data, &source);
        let worst_opaque = render
            .data
            .chunks_exact(4)
            .zip(source.chunks_exact(4))
            .filter(|(_, s)| s[3] == 255)
            .map(|(r, s)| {
                r.iter()
                    .zip(s)
                    .map(|(a, b)| a.abs_diff(*b))
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        println!(
            "{}: mean |Δ| {mad:.4} / 255, worst channel on opaque pixels {worst_opaque}",
            path.display()
        );
        assert!(mad <= 0.05, "{}: mean |Δ| {mad}", path.display());
        assert!(
            worst_opaque <= 2,
            "{}: opaque pixel off by {worst_opaque}",
            path.display()
        );
    }
}

#[test]
fn a_posed_render_puts_each_pixel_where_the_cpu_reference_skins_it() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let (path, project) = zombie_project("gpu-posed");
    let image = load_png(&project.image_path(&path, 0)).unwrap();
    let rgba = image.to_rgba8();
    let part = &project.parts[0];
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    let wave = project
        .clip("wave")
        .expect("the bundled rig has a wave clip");
    let frame = Frame::sample(&project, &solver, Some(wave), 0.5);
    let skinned = skin(
        &part.mesh.positions,
        &part.binding,
        &frame.palette,
        SkinningMode::LinearBlend,
    );
    let render = gpu::render_part(
        &gpu,
        &renderer,
        &part.mesh,
        &part.binding,
        &image,
        &frame.palette,
        SkinningMode::LinearBlend,
    );
    // Each triangle's centroid carries the texel at its rest centroid to its skinned centroid
    // (linear skinning keeps a triangle a triangle, and the GPU interpolates uv across it).
    let (mut checked, mut matched, mut moved_far) = (0, 0, 0);
    for t in &part.mesh.triangles {
        let centroid = |p: &[[f64; 2]]| {
            let c = t.iter().fold([0.0, 0.0], |acc, &v| {
                [acc[0] + p[v as usize][0], acc[1] + p[v as usize][1]]
            });
            [c[0] / 3.0, c[1] / 3.0]
        };
        let (rest, posed) = (centroid(&part.mesh.positions), centroid(&skinned));
        let (rx, ry) = (rest[0] as i64, rest[1] as i64);
        let (px, py) = (posed[0].floor() as i64, posed[1].floor() as i64);
        let inside = |x: i64, y: i64| {
            x >= 1 && y >= 1 && x + 1 < rgba.width() as i64 && y + 1 < rgba.height() as i64
        };
        if !inside(rx, ry) || !inside(px, py) {
            continue;
        }
        // Only flat-coloured, opaque neighbourhoods, so a sub-pixel offset cannot change the colour.
        let source = rgba.get_pixel(rx as u32, ry as u32).0;
        let flat = (-1..=1).all(|dy| {
            (-1..=1).all(|dx| {
                let p = rgba.get_pixel((rx + dx) as u32, (ry + dy) as u32).0;
                p[3] == 255 && p.iter().zip(&source).all(|(a, b)| a.abs_diff(*b) <= 3)
            })
        });
        if !flat {
            continue;
        }
        checked += 1;
        if (posed[0] - rest[0]).hypot(posed[1] - rest[1]) > 3.0 {
            moved_far += 1;
        }
        let got = render.pixel(px as u32, py as u32);
        if got.iter().zip(&source).all(|(a, b)| a.abs_diff(*b) <= 8) {
            matched += 1;
        }
    }
    println!(
        "{matched} of {checked} flat texels where the CPU puts them ({moved_far} moved > 3 px)"
    );
    assert!(
        checked >= 20 && moved_far >= 5,
        "too few checkable texels: {checked}, {moved_far} moved"
    );
    assert!(
        matched as f64 >= 0.9 * checked as f64,
        "only {matched} of {checked} texels where the CPU reference puts them"
    );
}

#[test]
fn at_a_bent_joint_dual_quaternions_keep_more_pixels_than_linear_blending() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let bar = DynamicImage::ImageRgba8(RgbaImage::from_fn(200, 200, |x, y| {
        let opaque = (80..120).contains(&y) && (4..196).contains(&x);
        Rgba([200, (x % 256) as u8, 90, if opaque { 255 } else { 0 }])
    }));
    let skeleton = Skeleton::new(vec![
        Bone::new("upper", None, [4.0, 100.0], [100.0, 100.0]),
        Bone::new("lower", Some(0), [100.0, 100.0], [196.0, 100.0]),
    ])
    .unwrap();
    let (mesh, grid, _) = build_mesh_and_grid(&bar, &MeshSettings::default()).unwrap();
    let binding = weigh(
        &grid,
        &skeleton,
        &mesh.positions,
        Metric::Geodesic,
        auto_smoothness(200, 40),
    );
    let solver = PoseSolver::new(&skeleton).unwrap();
    let mut pose = Pose::rest(&skeleton);
    pose.bones[1].rotate = std::f64::consts::FRAC_PI_2;
    let palette = solver.palette(&solver.world(&pose));
    let coverage = |mode| {
        let render = gpu::render_part(&gpu, &renderer, &mesh, &binding, &bar, &palette, mode);
        let opaque = render.data.chunks_exact(4).filter(|p| p[3] >= 128).count();
        (render, opaque)
    };
    let (lbs, lbs_pixels) = coverage(SkinningMode::LinearBlend);
    let (dqs, dqs_pixels) = coverage(SkinningMode::DualQuaternion);
    let differing = lbs
        .data
        .chunks_exact(4)
        .zip(dqs.data.chunks_exact(4))
        .filter(|(a, b)| a[3].abs_diff(b[3]) > 64)
        .count();
    let rest_pixels = 192 * 40;
    println!(
        "opaque pixels: rest {rest_pixels}, LBS {lbs_pixels}, DQS {dqs_pixels}; {differing} differ"
    );
    assert!(
        differing > 50,
        "LBS and DQS renders should differ at the joint"
    );
    assert!(
        dqs_pixels > lbs_pixels,
        "DQS {dqs_pixels} vs LBS {lbs_pixels}"
    );
}

#[test]
fn a_missing_adapter_is_reported_with_the_fix() {
    let message = limber::render::RenderError::NoAdapter("none found".into()).to_string();
    assert!(message.contains("mesa-vulkan-drivers"), "{message}");
}

#[test]
fn a_gpu_validation_error_is_reported_not_a_panic() {
    let gpu = gpu::gpu();
    assert!(gpu.check().is_ok());
    // A zero-sized texture is invalid: wgpu's default handler would panic; ours records it.
    let _ = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("invalid on purpose"),
        size: wgpu::Extent3d {
            width: 0,
            height: 0,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    let error = gpu.check().expect_err("the error is reported");
    assert!(
        error
            .to_string()
            .contains("GPU device was lost or reported an error"),
        "{error}"
    );
}

#[test]
fn framing_to_the_animation_moves_the_canvas_without_changing_a_pixel() {
    use limber::render::export::framing::Framing;
    use limber::render::export::timing::FrameTimes;
    use limber::render::export::{ClipRenderer, RenderSettings};
    let gpu = gpu::gpu();
    let (path, project) = zombie_project("gpu-framed");
    let clip = project.clip("wave");
    let times = FrameTimes::of_clip(clip, 10.0);
    let settings = RenderSettings {
        scale: 1.0,
        background: [0; 4],
        style: PartStyle::default(),
    };
    let whole_image = ClipRenderer::new(&gpu, &project, &path, settings).unwrap();
    let framed = ClipRenderer::new(&gpu, &project, &path, settings)
        .and_then(|r| r.framed(Framing::default(), clip, &times))
        .unwrap();
    let rect = framed.frame_rect();
    assert_eq!(framed.size(), rect.size);
    assert_ne!(
        rect.min,
        [0, 0],
        "the wave reaches past the image's top-left"
    );
    for &t in &times.times {
        let (a, b) = (
            whole_image.render(clip, t).unwrap(),
            framed.render(clip, t).unwrap(),
        );
        // Each pixel of the image-framed render lands at the same image point in the framed one.
        let (mut same, mut differ) = (0, 0);
        for (x, y, p) in a.enumerate_pixels() {
            let (fx, fy) = (i64::from(x) - rect.min[0], i64::from(y) - rect.min[1]);
            let inside = (0..i64::from(rect.size[0])).contains(&fx)
                && (0..i64::from(rect.size[1])).contains(&fy);
            if !inside {
                assert_eq!(
                    p[3], 0,
                    "a visible pixel at ({x}, {y}) is outside the framing"
                );
                continue;
            }
            let q = b.get_pixel(fx as u32, fy as u32);
            let worst = p.0.iter().zip(&q.0).map(|(u, v)| u.abs_diff(*v)).max();
            if worst.unwrap_or(0) <= 1 {
                same += 1;
            } else {
                differ += 1;
            }
        }
        // A triangle edge through a pixel centre may round either way (1 in 9222 here); a
        // canvas off by a pixel would change thousands.
        assert!(
            differ * 1000 <= same,
            "t = {t}: {differ} pixels differ, {same} agree"
        );
    }
}
