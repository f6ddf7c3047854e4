//! The renderer's overlays and texture filtering on the GPU: the weight heat map and the per-bone
//! colour view show the weights, the wireframe lies on the mesh edges, bone shapes are drawn where
//! the posed bones are, and mipmaps keep a zoomed-out sprite from aliasing.

use crate::common::gpu;

use glam::{DAffine2, DVec2};
use image::{DynamicImage, Rgba, RgbaImage};
use limber::core::Mesh;
use limber::core::pipeline::{MeshSettings, build_mesh};
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::skinning::SkinningMode;
use limber::core::weights::Binding;
use limber::render::bone_shapes::bone_triangles;
use limber::render::overlay::bone_color;
use limber::render::renderer::Layers;
use limber::render::{
    GpuContext, GpuPart, OffscreenTarget, PartStyle, PremultipliedImage, Renderer, ViewTransform,
    WeightView,
};

const SIZE: u32 = 64;

/// An opaque 64 × 64 square whose left half is bound to bone 0 and right half to bone 1.
fn halves() -> (DynamicImage, Mesh, Binding) {
    let image = DynamicImage::ImageRgba8(RgbaImage::from_pixel(
        SIZE,
        SIZE,
        Rgba([200, 200, 200, 255]),
    ));
    let (mesh, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
    let binding = Binding {
        vertices: mesh
            .positions
            .iter()
            .map(|p| vec![(usize::from(p[0] > 32.0), 1.0)])
            .collect(),
    };
    (image, mesh, binding)
}

fn draw(
    gpu: &GpuContext,
    renderer: &Renderer,
    (image, mesh, binding): &(DynamicImage, Mesh, Binding),
    style: PartStyle,
    layers: Layers,
) -> PremultipliedImage {
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "p",
        mesh,
        binding,
        image,
        2,
    )
    .unwrap();
    let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::splat(f64::from(SIZE)));
    part.set_palette(&gpu.queue, &[DAffine2::IDENTITY; 2]);
    part.set_style(&gpu.queue, &view, &style);
    let target = OffscreenTarget::new(&gpu.device, SIZE, SIZE).unwrap();
    target
        .render(gpu, [0.0; 4], |pass| {
            renderer.draw_parts(pass, &[&part], layers)
        })
        .unwrap()
}

fn near(got: [u8; 4], want: [f32; 3], tolerance: u8) -> bool {
    got[3] == 255
        && got[..3]
            .iter()
            .zip(want)
            .all(|(&g, w)| g.abs_diff((w * 255.0).round() as u8) <= tolerance)
}

const WEIGHTS_ONLY: Layers = Layers {
    sprite: false,
    weights: true,
    wireframe: false,
    onion: 0,
};

#[test]
fn the_heat_map_is_red_where_the_bone_weighs_one_and_blue_where_it_weighs_nothing() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let style = PartStyle {
        weights: WeightView::Bone(0),
        weight_opacity: 1.0,
        ..PartStyle::default()
    };
    let image = draw(&gpu, &renderer, &halves(), style, WEIGHTS_ONLY);
    assert!(
        near(image.pixel(8, 32), [1.0, 0.0, 0.0], 2),
        "{:?}",
        image.pixel(8, 32)
    );
    assert!(
        near(image.pixel(56, 32), [0.0, 0.0, 1.0], 2),
        "{:?}",
        image.pixel(56, 32)
    );
    let style = PartStyle {
        weights: WeightView::Bone(1),
        ..style
    };
    let image = draw(&gpu, &renderer, &halves(), style, WEIGHTS_ONLY);
    assert!(
        near(image.pixel(8, 32), [0.0, 0.0, 1.0], 2),
        "{:?}",
        image.pixel(8, 32)
    );
}

#[test]
fn the_colour_view_paints_each_bone_in_its_own_colour() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let style = PartStyle {
        weights: WeightView::AllBones,
        weight_opacity: 1.0,
        ..PartStyle::default()
    };
    let image = draw(&gpu, &renderer, &halves(), style, WEIGHTS_ONLY);
    assert!(
        near(image.pixel(8, 32), bone_color(0), 2),
        "{:?} vs {:?}",
        image.pixel(8, 32),
        bone_color(0)
    );
    assert!(
        near(image.pixel(56, 32), bone_color(1), 2),
        "{:?} vs {:?}",
        image.pixel(56, 32),
        bone_color(1)
    );
}

/// Distance from a point to a segment (the core's one).
fn segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    limber::core::distance::segment_distance(p.to_array(), a.to_array(), b.to_array())
}

#[test]
fn the_wireframe_lies_on_the_mesh_edges() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let scene = halves();
    let layers = Layers {
        sprite: false,
        weights: false,
        wireframe: true,
        onion: 0,
    };
    let image = draw(&gpu, &renderer, &scene, PartStyle::default(), layers);
    let mesh = &scene.1;
    let edges: Vec<(DVec2, DVec2)> = limber::render::gpu_part::edge_indices(&mesh.triangles)
        .chunks_exact(2)
        .map(|e| {
            (
                DVec2::from(mesh.positions[e[0] as usize]),
                DVec2::from(mesh.positions[e[1] as usize]),
            )
        })
        .collect();
    let mut lit = 0;
    for y in 0..SIZE {
        for x in 0..SIZE {
            if image.pixel(x, y)[3] == 0 {
                continue;
            }
            lit += 1;
            let centre = DVec2::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
            let nearest = edges
                .iter()
                .map(|&(a, b)| segment_distance(centre, a, b))
                .fold(f64::INFINITY, f64::min);
            assert!(
                nearest <= 1.0,
                "lit pixel ({x}, {y}) is {nearest} px from every edge"
            );
        }
    }
    let total = (SIZE * SIZE) as usize;
    assert!(
        lit > total / 10 && lit < total * 9 / 10,
        "{lit} of {total} pixels lit"
    );
}

#[test]
fn bone_shapes_are_drawn_where_the_posed_bones_are() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    let skeleton = Skeleton::new(vec![
        Bone::new("a", None, [8.0, 16.0], [56.0, 16.0]),
        Bone::new("b", None, [8.0, 48.0], [56.0, 48.0]),
    ])
    .unwrap();
    // Bone b moved down by 8 px.
    let palette = [
        DAffine2::IDENTITY,
        DAffine2::from_translation(DVec2::new(0.0, 8.0)),
    ];
    let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::splat(f64::from(SIZE)));
    let batch = renderer.shape_batch(
        &gpu.device,
        &bone_triangles(&skeleton, &palette, &[0], 1.0),
        &view,
    );
    let target = OffscreenTarget::new(&gpu.device, SIZE, SIZE).unwrap();
    let image = target
        .render(&gpu, [0.0; 4], |pass| renderer.draw_shapes(pass, &batch))
        .unwrap();
    // The selected bone a in orange at its middle; b below where it was at rest.
    assert!(
        near(image.pixel(20, 16), [1.0, 0.62, 0.1], 2),
        "{:?}",
        image.pixel(20, 16)
    );
    assert_eq!(
        image.pixel(20, 48)[3],
        0,
        "bone b has moved away from its rest place"
    );
    assert!(image.pixel(20, 56)[3] > 150, "{:?}", image.pixel(20, 56));
}

#[test]
fn mipmaps_keep_a_zoomed_out_sprite_from_aliasing() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    // Pseudo-random black and white texels: zoomed out 8×, each output pixel should be close to
    // the mean grey (mipmaps average 64 texels), not a few texels' worth of black or white.
    let mut state = 0x2545_f491_u32;
    let noise = RgbaImage::from_fn(256, 256, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let v = if state & 1 == 0 { 0 } else { 255 };
        Rgba([v, v, v, 255])
    });
    let image = DynamicImage::ImageRgba8(noise);
    let (mesh, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
    let binding = gpu::single_bone_binding(&mesh);
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "noise",
        &mesh,
        &binding,
        &image,
        1,
    )
    .unwrap();
    part.set_palette(&gpu.queue, &[DAffine2::IDENTITY]);
    part.set_style(
        &gpu.queue,
        &ViewTransform::image_rect(DVec2::ZERO, DVec2::splat(256.0)),
        &PartStyle {
            mode: SkinningMode::LinearBlend,
            ..PartStyle::default()
        },
    );
    let target = OffscreenTarget::new(&gpu.device, 32, 32).unwrap();
    let small = target
        .render(&gpu, [0.0; 4], |pass| {
            renderer.draw_parts(pass, &[&part], Layers::default())
        })
        .unwrap();
    let values: Vec<f64> = small
        .data
        .chunks_exact(4)
        .map(|p| f64::from(p[0]))
        .collect();
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt();
    println!(
        "zoomed out 8×: mean {mean:.1}, standard deviation {sd:.1} (unfiltered texels: 127.5)"
    );
    assert!((mean - 127.5).abs() < 12.0, "mean {mean}");
    assert!(
        sd < 30.0,
        "standard deviation {sd}: the zoomed-out sprite aliases"
    );
}

#[test]
fn onion_skins_show_the_earlier_and_later_poses_faintly_and_tinted() {
    let gpu = gpu::gpu();
    let renderer = gpu::offscreen_renderer(&gpu);
    // A 16 × 16 grey square in a 64 × 64 image, one bone.
    let image = DynamicImage::ImageRgba8(RgbaImage::from_fn(SIZE, SIZE, |x, y| {
        let inside = (8..24).contains(&x) && (8..24).contains(&y);
        Rgba([200, 200, 200, if inside { 255 } else { 0 }])
    }));
    let (mesh, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
    let binding = gpu::single_bone_binding(&mesh);
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "square",
        &mesh,
        &binding,
        &image,
        1,
    )
    .unwrap();
    let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::splat(f64::from(SIZE)));
    part.set_palette(&gpu.queue, &[DAffine2::IDENTITY]);
    part.set_onion_palette(
        &gpu.queue,
        0,
        &[DAffine2::from_translation(DVec2::new(30.0, 0.0))],
    );
    part.set_onion_palette(
        &gpu.queue,
        1,
        &[DAffine2::from_translation(DVec2::new(0.0, 30.0))],
    );
    let mut onion_tints = PartStyle::default().onion_tints;
    onion_tints[0] = limber::render::overlay::onion_tint([1.0, 0.55, 0.55], 0.35);
    onion_tints[1] = limber::render::overlay::onion_tint([0.55, 1.0, 0.6], 0.35);
    let style = PartStyle {
        onion_tints,
        ..PartStyle::default()
    };
    part.set_style(&gpu.queue, &view, &style);
    let target = OffscreenTarget::new(&gpu.device, SIZE, SIZE).unwrap();
    let layers = Layers {
        onion: 2,
        ..Layers::default()
    };
    let image = target
        .render(&gpu, [0.0; 4], |pass| {
            renderer.draw_parts(pass, &[&part], layers)
        })
        .unwrap();
    let [r, _, _, a] = image.pixel(16, 16);
    assert_eq!(
        (r, a),
        (200, 255),
        "the current pose is drawn as it is, over its ghosts"
    );
    let earlier = image.pixel(46, 16);
    let later = image.pixel(16, 46);
    println!("earlier ghost {earlier:?}, later ghost {later:?}");
    for ghost in [earlier, later] {
        assert!((60..=120).contains(&ghost[3]), "a faint ghost: {ghost:?}");
    }
    assert!(
        earlier[0] > earlier[1],
        "the earlier ghost is reddish: {earlier:?}"
    );
    assert!(
        later[1] > later[0],
        "the later ghost is greenish: {later:?}"
    );
    assert_eq!(image.pixel(46, 46)[3], 0, "nothing where no pose is");
    // Off, no ghosts.
    let plain = target
        .render(&gpu, [0.0; 4], |pass| {
            renderer.draw_parts(pass, &[&part], Layers::default())
        })
        .unwrap();
    assert_eq!(plain.pixel(46, 16)[3], 0);
}
