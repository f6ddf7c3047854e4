//! What the PSD reader cannot reproduce, on files built byte by byte: effects, vector masks and
//! adjustment layers named as dropped, and fill or shape layers that hold no pixels (refused alone
//! with how to rasterize them, warned about beside pixel layers).

use super::*;

#[test]
fn effects_vector_masks_and_adjustments_are_named_as_dropped() {
    let mut fx = L::solid("fx", 0, 0, 1, 1, [1; 3]);
    fx.blocks.push((*b"lfx2", vec![0; 8]));
    fx.blocks.push((*b"vmsk", vec![0; 8]));
    let mut curves = L::solid("curves", 0, 0, 0, 0, [1; 3]);
    curves.blocks.push((*b"curv", vec![0; 4]));
    let raw = read(&rgb([2, 2], &[fx, curves]));
    assert_eq!(raw.layers[0].dropped, ["layer effects", "vector mask"]);
    assert_eq!(raw.layers[1].dropped, ["adjustment layer (curves)"]);
}

/// A layer that holds no pixels, with tagged blocks `keys` (a fill layer: `SoCo`; a shape layer:
/// `SoCo` and `vmsk`).
fn without_pixels(name: &str, keys: &[&[u8; 4]]) -> L {
    let mut layer = L::solid(name, 0, 0, 0, 0, [0; 3]);
    layer.channels = vec![(-1, raw(&[])), (0, raw(&[])), (1, raw(&[])), (2, raw(&[]))];
    for key in keys {
        layer.blocks.push((**key, vec![0; 8]));
    }
    layer
}

#[test]
fn a_file_of_only_fill_and_shape_layers_says_they_hold_no_pixels_and_how_to_rasterize() {
    let fill = without_pixels("fill", &[b"SoCo"]);
    let shape = without_pixels("shape", &[b"SoCo", b"vmsk"]);
    let bytes = file([20, 20], 3, 8, &[fill.clone(), shape.clone()], false);
    let e = crate::layered::read_layered_bytes(&bytes, true)
        .unwrap_err()
        .to_string();
    assert!(e.contains("2 fill or shape layer(s) hold no pixels"), "{e}");
    assert!(e.contains("Layer > Rasterize > Layer"), "{e}");
    // Beside a pixel layer they are warned about and the pixels import.
    let pixels = L::solid("paint", 2, 2, 5, 5, [200, 10, 10]);
    let bytes = file([20, 20], 3, 8, &[fill, pixels, shape], false);
    let read = crate::layered::read_layered_bytes(&bytes, true).expect("the pixel layer imports");
    assert_eq!(read.layers.len(), 1);
    assert!(
        read.warnings.iter().any(|w| w.contains("fill layer")),
        "{:?}",
        read.warnings
    );
}
