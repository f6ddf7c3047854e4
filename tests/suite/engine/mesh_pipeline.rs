//! The image → mesh pipeline on synthetic images whose right answer is known.

use image::{DynamicImage, ImageBuffer, Luma, LumaA, Rgba};
use limber::core::quality::total_area;
use limber::core::raster::coverage;
use limber::core::{CoreError, MeshSettings, build_mesh};

fn rgba(width: u32, height: u32, alpha: impl Fn(u32, u32) -> u8) -> DynamicImage {
    DynamicImage::ImageRgba8(ImageBuffer::from_fn(width, height, |x, y| {
        Rgba([200, 100, 50, alpha(x, y)])
    }))
}

#[test]
fn a_fully_opaque_image_gives_its_rectangle() {
    for (w, h) in [(1, 1), (2, 1), (40, 25), (128, 128)] {
        let (mesh, _) = build_mesh(&rgba(w, h, |_, _| 255), &MeshSettings::default()).unwrap();
        let area = total_area(&mesh);
        assert!(
            (area - f64::from(w * h)).abs() < 1e-9,
            "{w}x{h}: area {area}"
        );
        assert_eq!(mesh.boundary_loops.len(), 1);
        let xs = mesh.positions.iter().map(|p| p[0]);
        assert_eq!(xs.clone().fold(f64::INFINITY, f64::min), 0.0);
        assert_eq!(xs.fold(0.0, f64::max), f64::from(w));
        assert!(
            coverage(&mesh).iter().all(|&c| c == 1),
            "{w}x{h}: every pixel once"
        );
    }
}

#[test]
fn images_without_alpha_and_in_grey_or_16_bit_mesh_like_opaque_ones() {
    let grey = DynamicImage::ImageLuma8(ImageBuffer::from_pixel(30, 20, Luma([90])));
    let grey16 = DynamicImage::ImageLumaA16(ImageBuffer::from_fn(30, 20, |x, _| {
        LumaA([5, if x < 15 { 65535 } else { 0 }])
    }));
    let (mesh, _) = build_mesh(&grey, &MeshSettings::default()).unwrap();
    assert!((total_area(&mesh) - 600.0).abs() < 1e-9);
    let (half, _) = build_mesh(&grey16, &MeshSettings::default()).unwrap();
    let area = total_area(&half);
    // 15 columns plus about one pixel of padding.
    assert!(area > 300.0 && area < 340.0, "area {area}");
}

#[test]
fn a_transparent_image_is_an_error_not_a_panic() {
    let result = build_mesh(&rgba(16, 16, |_, _| 0), &MeshSettings::default());
    assert!(matches!(result, Err(CoreError::NothingVisible { .. })));
    // A faint image (alpha 3 of 255: a soft shadow) is meshed by default, and is transparent at
    // a threshold above its alpha.
    let faint = rgba(16, 16, |_, _| 3);
    let (mesh, _) = build_mesh(&faint, &MeshSettings::default()).unwrap();
    assert!(total_area(&mesh) >= 256.0);
    let above = MeshSettings {
        alpha_threshold: 0.05,
        ..MeshSettings::default()
    };
    assert!(matches!(
        build_mesh(&faint, &above),
        Err(CoreError::NothingVisible { .. })
    ));
    let bad = MeshSettings {
        padding: f64::NAN,
        ..MeshSettings::default()
    };
    assert!(matches!(
        build_mesh(&rgba(4, 4, |_, _| 255), &bad),
        Err(CoreError::InvalidSetting(_))
    ));
}

#[test]
fn close_parts_simplified_coarsely_never_overlap() {
    // Many thin bars 3 px apart: a large tolerance would make neighbouring outlines cross; the
    // mesher must simplify those rings less instead.
    let image = rgba(120, 60, |x, y| {
        let bar = x % 6 < 2 && y > 5 && y < 55;
        let wobble = (x / 6 + y / 4) % 3 == 0 && x % 6 == 2;
        if bar || wobble { 255 } else { 0 }
    });
    let settings = MeshSettings {
        padding: 0.0,
        tolerance: 6.0,
        min_island_area: 0.0,
        ..MeshSettings::default()
    };
    let (mesh, _) = build_mesh(&image, &settings).unwrap();
    assert!(mesh.island_count > 5);
    assert!(coverage(&mesh).iter().all(|&c| c <= 1), "triangles overlap");
}

#[test]
fn interior_spacing_controls_density() {
    let image = rgba(100, 100, |x, y| {
        let (dx, dy) = (f64::from(x) - 50.0, f64::from(y) - 50.0);
        if dx * dx + dy * dy < 40.0 * 40.0 {
            255
        } else {
            0
        }
    });
    let count = |spacing: f64| {
        let settings = MeshSettings {
            spacing: Some(spacing),
            ..MeshSettings::default()
        };
        build_mesh(&image, &settings)
            .unwrap()
            .0
            .interior_vertex_count()
    };
    let (fine, coarse) = (count(4.0), count(16.0));
    assert!(fine > 4 * coarse, "fine {fine}, coarse {coarse}");
}

#[test]
fn a_spacing_too_fine_for_the_image_is_refused_not_attempted() {
    let settings = MeshSettings {
        spacing: Some(1.0),
        ..MeshSettings::default()
    };
    let huge = DynamicImage::ImageLuma8(ImageBuffer::from_pixel(4000, 4000, Luma([1])));
    match build_mesh(&huge, &settings) {
        Err(CoreError::InvalidSetting(message)) => {
            assert!(message.contains("spacing"), "{message}")
        }
        other => panic!(
            "expected a refusal, got {:?}",
            other.map(|(m, _)| m.positions.len())
        ),
    }
}
