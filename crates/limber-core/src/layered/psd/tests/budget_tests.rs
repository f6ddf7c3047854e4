//! The import's pixel budget is applied as each layer is decoded, so a file over it is refused
//! before the next layers are decoded and without holding them all (issue 39: one opaque 16384²
//! layer peaked at 2.14 GB before its refusal, 1.09 GB now).

use super::*;

fn limits_with_import_pixels(pixels: u64) -> Limits {
    Limits::from_env(|name| (name == "LIMBER_MAX_IMPORT_PIXELS").then(|| pixels.to_string()))
}

#[test]
fn a_file_over_the_pixel_budget_is_refused_before_its_later_layers_are_decoded() {
    let big = L::solid("big", 0, 0, 5, 5, [1; 3]);
    // A later layer whose RLE row lengths claim more data than there is: decoding it fails.
    let mut damaged = L::solid("damaged", 0, 0, 2, 2, [2; 3]);
    damaged.channels[1].1 = vec![0, 1, 0x7F, 0xFF, 0x7F, 0xFF];
    let bytes = rgb([8, 8], &[big, damaged]);
    let within = read_psd_within(&bytes, &limits_with_import_pixels(1000))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(within.contains("damaged"), "{within}");
    let over = read_psd_within(&bytes, &limits_with_import_pixels(20))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(over.contains("over the limit of 20"), "{over}");
}

#[test]
fn hidden_layers_do_not_count_against_the_budget() {
    let mut hidden = L::solid("hidden", 0, 0, 5, 5, [1; 3]);
    hidden.hidden = true;
    let shown = L::solid("shown", 0, 0, 4, 4, [2; 3]);
    let bytes = rgb([8, 8], &[hidden, shown]);
    let (raw, _) = read_psd_within(&bytes, &limits_with_import_pixels(20)).unwrap();
    assert_eq!(raw.layers.len(), 2);
}
