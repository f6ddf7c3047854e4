//! The PSD reader on files built here byte by byte: exact rectangles, groups, masks, clipping,
//! opacity, every compression, 16 bits, grayscale, a negative layer count, a background-only file,
//! refusals, hostile sizes that must cost nothing, and tags made slots; groups, budgets and dropped
//! features in the child modules under `tests/`. The reference files of `tests/data/layered/` are
//! read in `reference_tests.rs`.

use std::io::Write;

use super::*;

mod budget_tests;
mod dropped_tests;
mod group_tests;

/// One layer record to write.
#[derive(Clone)]
struct L {
    name: String,
    /// left, top, right, bottom.
    rect: [i32; 4],
    /// Channel id and its data, compression code first.
    channels: Vec<(i16, Vec<u8>)>,
    blend: [u8; 4],
    opacity: u8,
    clipped: bool,
    hidden: bool,
    mask: Vec<u8>,
    blocks: Vec<([u8; 4], Vec<u8>)>,
}

fn be32(v: i32) -> [u8; 4] {
    v.to_be_bytes()
}

/// Raw 8-bit data.
fn raw(samples: &[u8]) -> Vec<u8> {
    let mut d = vec![0, 0];
    d.extend_from_slice(samples);
    d
}

/// PackBits with one literal run per row of `width` (at most 128) samples.
fn rle(samples: &[u8], width: usize) -> Vec<u8> {
    let rows: Vec<&[u8]> = samples.chunks(width).collect();
    let mut d = vec![0, 1];
    for row in &rows {
        d.extend_from_slice(&((row.len() + 1) as u16).to_be_bytes());
    }
    for row in &rows {
        d.push((row.len() - 1) as u8);
        d.extend_from_slice(row);
    }
    d
}

fn zlib(bytes: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(bytes).unwrap();
    z.finish().unwrap()
}

/// ZIP with prediction of 16-bit samples, rows of `width`.
fn zip16(samples: &[u16], width: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for row in samples.chunks(width) {
        let mut prev = 0u16;
        for &v in row {
            bytes.extend_from_slice(&v.wrapping_sub(prev).to_be_bytes());
            prev = v;
        }
    }
    let mut d = vec![0, 3];
    d.extend(zlib(&bytes));
    d
}

impl L {
    /// A `w` x `h` layer at (left, top) of one colour, alpha 255, raw.
    fn solid(name: &str, left: i32, top: i32, w: i32, h: i32, rgb: [u8; 3]) -> Self {
        let n = (w * h) as usize;
        Self {
            name: name.into(),
            rect: [left, top, left + w, top + h],
            channels: vec![
                (-1, raw(&vec![255; n])),
                (0, raw(&vec![rgb[0]; n])),
                (1, raw(&vec![rgb[1]; n])),
                (2, raw(&vec![rgb[2]; n])),
            ],
            blend: *b"norm",
            opacity: 255,
            clipped: false,
            hidden: false,
            mask: Vec::new(),
            blocks: Vec::new(),
        }
    }

    /// A group's folder record (`lsct` 1) or bounding divider (`lsct` 3).
    fn divider(name: &str, kind: u32, hidden: bool) -> Self {
        let mut l = Self::solid(name, 0, 0, 0, 0, [0; 3]);
        l.hidden = hidden;
        l.channels = vec![(-1, raw(&[])), (0, raw(&[])), (1, raw(&[])), (2, raw(&[]))];
        l.blocks.push((*b"lsct", kind.to_be_bytes().to_vec()));
        l
    }

    /// Sets a user mask of `rect` (left, top, right, bottom) with `values`, `default` outside.
    fn with_mask(mut self, rect: [i32; 4], values: &[u8], default: u8, flags: u8) -> Self {
        let [l, t, r, b] = rect;
        self.mask = [be32(t), be32(l), be32(b), be32(r)].concat();
        self.mask.extend_from_slice(&[default, flags, 0, 0]);
        self.channels.push((-2, raw(values)));
        self
    }

    fn bytes(&self, out: &mut Vec<u8>) {
        let [l, t, r, b] = self.rect;
        for v in [t, l, b, r] {
            out.extend_from_slice(&be32(v));
        }
        out.extend_from_slice(&(self.channels.len() as u16).to_be_bytes());
        for (id, data) in &self.channels {
            out.extend_from_slice(&id.to_be_bytes());
            out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        }
        out.extend_from_slice(b"8BIM");
        out.extend_from_slice(&self.blend);
        let flags = if self.hidden { 2 } else { 0 };
        out.extend_from_slice(&[self.opacity, self.clipped as u8, flags, 0]);
        let mut extra = Vec::new();
        extra.extend_from_slice(&(self.mask.len() as u32).to_be_bytes());
        extra.extend_from_slice(&self.mask);
        extra.extend_from_slice(&0u32.to_be_bytes());
        let name = self.name.as_bytes();
        extra.push(name.len() as u8);
        extra.extend_from_slice(name);
        while extra.len() % 4 != 0 {
            extra.push(0);
        }
        for (key, data) in &self.blocks {
            extra.extend_from_slice(b"8BIM");
            extra.extend_from_slice(key);
            extra.extend_from_slice(&(data.len() as u32).to_be_bytes());
            extra.extend_from_slice(data);
        }
        out.extend_from_slice(&(extra.len() as u32).to_be_bytes());
        out.extend(extra);
    }
}

/// A file: `mode` 3 RGB / 1 gray, `depth`, the layers (bottom first); a negative count when `negative`.
fn file(canvas: [u32; 2], mode: u16, depth: u16, layers: &[L], negative: bool) -> Vec<u8> {
    let channels: u16 = if mode == 1 { 2 } else { 4 };
    let mut out = b"8BPS".to_vec();
    out.extend_from_slice(&1u16.to_be_bytes());
    out.extend_from_slice(&[0; 6]);
    out.extend_from_slice(&channels.to_be_bytes());
    out.extend_from_slice(&canvas[1].to_be_bytes());
    out.extend_from_slice(&canvas[0].to_be_bytes());
    out.extend_from_slice(&depth.to_be_bytes());
    out.extend_from_slice(&mode.to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    // An image resource: slices (1050) claiming 0xFFFFFFFF slices.
    let mut resource = b"8BIM".to_vec();
    resource.extend_from_slice(&1050u16.to_be_bytes());
    resource.extend_from_slice(&[0, 0]);
    resource.extend_from_slice(&8u32.to_be_bytes());
    resource.extend_from_slice(&6u32.to_be_bytes());
    resource.extend_from_slice(&u32::MAX.to_be_bytes());
    out.extend_from_slice(&(resource.len() as u32).to_be_bytes());
    out.extend(resource);
    let mut info = Vec::new();
    let count = layers.len() as i16;
    info.extend_from_slice(&(if negative { -count } else { count }).to_be_bytes());
    for layer in layers {
        layer.bytes(&mut info);
    }
    for layer in layers {
        for (_, data) in &layer.channels {
            info.extend_from_slice(data);
        }
    }
    if info.len() % 2 == 1 {
        info.push(0);
    }
    let mut section = (info.len() as u32).to_be_bytes().to_vec();
    section.extend(info);
    section.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(&(section.len() as u32).to_be_bytes());
    out.extend(section);
    // The merged image: RLE, every row empty.
    out.extend_from_slice(&1u16.to_be_bytes());
    out.extend(std::iter::repeat_n(
        0u8,
        usize::from(channels) * canvas[1] as usize * 2,
    ));
    out
}

fn rgb(canvas: [u32; 2], layers: &[L]) -> Vec<u8> {
    file(canvas, 3, 8, layers, false)
}

fn read(bytes: &[u8]) -> RawLayered {
    read_psd(bytes).unwrap().0
}

fn error(bytes: &[u8]) -> String {
    read_psd(bytes)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// Name, offset, size and visibility of a layer.
type Summary = (String, [i64; 2], (u32, u32), bool);

fn summary(raw: &RawLayered) -> Vec<Summary> {
    raw.layers
        .iter()
        .map(|l| {
            (
                l.name.clone(),
                [l.left, l.top],
                l.image.dimensions(),
                l.visible,
            )
        })
        .collect()
}

#[test]
fn rectangles_are_exact_and_a_one_pixel_layer_stays() {
    let raw = read(&rgb(
        [50, 40],
        &[
            L::solid("dot", 3, 4, 1, 1, [9, 8, 7]),
            L::solid("box", 10, 5, 30, 20, [1, 2, 3]),
        ],
    ));
    assert_eq!(
        summary(&raw),
        [
            ("dot".into(), [3, 4], (1, 1), true),
            ("box".into(), [10, 5], (30, 20), true)
        ]
    );
    assert_eq!(raw.layers[0].image.get_pixel(0, 0).0, [9, 8, 7, 255]);
}

#[test]
fn a_group_is_as_visible_as_its_own_record_says_nested_too() {
    let layers = [
        L::divider("</Layer group>", 3, false),
        L::divider("</Layer group>", 3, false),
        L::solid("inner", 0, 0, 2, 2, [1, 1, 1]),
        L::divider("Inner", 1, false),
        L::solid("outer", 2, 2, 2, 2, [1, 1, 1]),
        L::divider("Hidden", 1, true),
        L::divider("</Layer group>", 3, false),
        L::solid("shown", 4, 4, 2, 2, [1, 1, 1]),
        {
            let mut l = L::solid("off", 6, 6, 2, 2, [1, 1, 1]);
            l.hidden = true;
            l
        },
        L::divider("Shown", 2, false),
    ];
    let raw = read(&rgb([10, 10], &layers));
    let found: Vec<_> = raw
        .layers
        .iter()
        .map(|l| (l.name.as_str(), l.visible, l.groups.join("/")))
        .collect();
    assert_eq!(
        found,
        [
            ("inner", false, "Hidden/Inner".into()),
            ("outer", false, "Hidden".into()),
            ("shown", true, "Shown".into()),
            ("off", false, "Shown".into()),
        ]
    );
}

#[test]
fn a_negative_layer_count_and_unicode_names_read() {
    let mut layer = L::solid("x", 1, 1, 2, 2, [5, 6, 7]);
    let units: Vec<u8> = "Zombie arm\0"
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect();
    let mut luni = ((units.len() / 2) as u32).to_be_bytes().to_vec();
    luni.extend(units);
    layer.blocks.push((*b"luni", luni));
    let raw = read(&file([4, 4], 3, 8, &[layer], true));
    assert_eq!(summary(&raw), [("Zombie arm".into(), [1, 1], (2, 2), true)]);
}

#[test]
fn rle_zip_and_predicted_16_bit_data_give_the_same_pixels() {
    let (w, h) = (5usize, 3usize);
    let values: Vec<u8> = (0..w * h).map(|i| (i * 17) as u8).collect();
    let mut a = L::solid("a", 0, 0, w as i32, h as i32, [0; 3]);
    a.channels[1].1 = rle(&values, w);
    let mut b = a.clone();
    b.name = "b".into();
    b.channels[1].1 = [vec![0, 2], zlib(&values)].concat();
    let raw = read(&rgb([8, 8], &[a, b]));
    for layer in &raw.layers {
        let reds: Vec<u8> = layer.image.pixels().map(|p| p[0]).collect();
        assert_eq!(reds, values, "{}", layer.name);
    }
    // 16 bits, predicted ZIP: 65535 is 255, 32896 is 128, 257 is 1.
    let wide: Vec<u16> = (0..w * h).map(|i| (i as u16) * 257).collect();
    let mut c = L::solid("c", 0, 0, w as i32, h as i32, [0; 3]);
    for (_, data) in c.channels.iter_mut() {
        *data = zip16(&vec![65535; w * h], w);
    }
    c.channels[1].1 = zip16(&wide, w);
    let raw = read(&file([8, 8], 3, 16, &[c], false));
    let reds: Vec<u8> = raw.layers[0].image.pixels().map(|p| p[0]).collect();
    assert_eq!(reds, (0..w * h).map(|i| i as u8).collect::<Vec<_>>());
    assert_eq!(raw.layers[0].image.get_pixel(0, 0)[1], 255);
}

#[test]
fn grayscale_16_bit_becomes_gray_rgba() {
    let mut g = L::solid("g", 0, 0, 2, 1, [0; 3]);
    g.channels = vec![
        (-1, [vec![0, 0], vec![255, 255, 128, 0]].concat()),
        (0, [vec![0, 0], vec![0x80, 0x80, 0xff, 0xff]].concat()),
    ];
    let raw = read(&file([2, 1], 1, 16, &[g], false));
    let pixels: Vec<[u8; 4]> = raw.layers[0].image.pixels().map(|p| p.0).collect();
    assert_eq!(pixels, [[128, 128, 128, 255], [255, 255, 255, 128]]);
}

#[test]
fn masks_apply_with_their_rectangle_default_and_disabled_flag() {
    // A 4 x 1 layer; mask over its middle two pixels: 0 and 255, default 128 outside.
    let masked = L::solid("m", 0, 0, 4, 1, [9; 3]).with_mask([1, 0, 3, 1], &[0, 255], 128, 0);
    let disabled = L::solid("d", 0, 1, 4, 1, [9; 3]).with_mask([1, 1, 3, 2], &[0, 255], 128, 2);
    let raw = read(&rgb([4, 2], &[masked, disabled]));
    let alphas = |i: usize| -> Vec<u8> { raw.layers[i].image.pixels().map(|p| p[3]).collect() };
    // Trimmed to the visible pixels: 128, 0, 255, 128 keeps all four.
    assert_eq!(alphas(0), [128, 0, 255, 128]);
    assert_eq!(alphas(1), [255; 4]);
}

#[test]
fn a_group_mask_applies_to_its_layers() {
    let group = L::divider("G", 1, false).with_mask([0, 0, 2, 1], &[255, 0], 0, 0);
    let layers = [
        L::divider("</Layer group>", 3, false),
        L::solid("in", 0, 0, 4, 1, [9; 3]),
        group,
    ];
    let raw = read(&rgb([4, 1], &layers));
    assert_eq!(summary(&raw), [("in".into(), [0, 0], (1, 1), true)]);
}

#[test]
fn clipped_layers_show_only_on_their_base_and_opacity_and_fill_scale_alpha() {
    let mut base = L::solid("base", 0, 0, 2, 1, [1; 3]);
    base.channels[0].1 = raw(&[255, 0]);
    let mut clipped = L::solid("clip", 0, 0, 3, 1, [2; 3]);
    clipped.clipped = true;
    let mut faded = L::solid("faded", 0, 1, 1, 1, [3; 3]);
    faded.opacity = 128;
    faded.blocks.push((*b"iOpa", vec![128, 0, 0, 0]));
    faded.blend = *b"mul ";
    let raw = read(&rgb([3, 2], &[base, clipped, faded]));
    assert_eq!(
        summary(&raw),
        [
            ("base".into(), [0, 0], (1, 1), true),
            ("clip".into(), [0, 0], (1, 1), true),
            ("faded".into(), [0, 1], (1, 1), true)
        ]
    );
    // Opacity and fill opacity are the slot's alpha, not baked into the pixels; multiply is drawn.
    assert_eq!(raw.layers[2].image.get_pixel(0, 0)[3], 255);
    assert_eq!(raw.layers[2].alpha, 64.0 / 255.0);
    assert_eq!(raw.layers[2].blend, crate::slots::Blend::Multiply);
    assert!(raw.layers[2].dropped.is_empty());
    assert!(raw.layers[1].dropped.is_empty());
}

#[test]
fn a_file_with_only_a_background_is_one_layer() {
    let mut bytes = rgb([3, 2], &[]);
    // No layer and mask section, three channels, raw merged data.
    let header_end = 26 + 4;
    let resources = u32::from_be_bytes(bytes[header_end..header_end + 4].try_into().unwrap());
    let layer_section = header_end + 4 + resources as usize;
    bytes.truncate(layer_section);
    bytes[13] = 3;
    bytes.extend_from_slice(&0u32.to_be_bytes());
    bytes.extend_from_slice(&0u16.to_be_bytes());
    for c in [10u8, 20, 30] {
        bytes.extend(std::iter::repeat_n(c, 6));
    }
    let raw = read(&bytes);
    assert_eq!(summary(&raw), [("Background".into(), [0, 0], (3, 2), true)]);
    assert_eq!(raw.layers[0].image.get_pixel(2, 1).0, [10, 20, 30, 255]);
}

#[test]
fn modes_and_depths_limber_does_not_read_are_refused_with_how_to_convert() {
    let good = rgb([4, 4], &[L::solid("a", 0, 0, 1, 1, [1; 3])]);
    for (mode, name) in [
        (4u8, "CMYK"),
        (9, "Lab"),
        (2, "indexed"),
        (0, "bitmap"),
        (8, "duotone"),
        (7, "multichannel"),
    ] {
        let mut bytes = good.clone();
        bytes[25] = mode;
        let e = error(&bytes);
        assert!(
            e.starts_with(name) && e.contains("convert the file to RGB"),
            "{e}"
        );
    }
    let mut deep = good.clone();
    deep[23] = 32;
    assert!(error(&deep).contains("32 bits per channel is not supported: convert"));
    let mut psb = good.clone();
    psb[5] = 2;
    assert!(error(&psb).contains("PSB"));
    for cut in [3, 20, 40, good.len() / 2, good.len() - 3] {
        let e = error(&good[..cut]);
        assert!(
            e.contains("truncated") || e.contains("not a PSD"),
            "{cut}: {e}"
        );
    }
}

#[test]
fn layers_past_the_canvas_are_cut_and_names_are_kept_as_written() {
    let raw = read(&rgb(
        [10, 10],
        &[
            L::solid("a", -5, 8, 20, 6, [1; 3]),
            L::solid("a", 2, 2, 1, 1, [1; 3]),
        ],
    ));
    assert_eq!(
        summary(&raw),
        [
            ("a".into(), [0, 8], (10, 2), true),
            ("a".into(), [2, 2], (1, 1), true)
        ]
    );
}

#[test]
fn hostile_rectangles_cost_nothing_and_do_not_panic() {
    // 100000 x 100000 on a 100 x 100 canvas, RLE with every row empty: only the canvas rows count.
    let side = 100_000usize;
    let mut huge = L::solid("huge", 0, 0, 0, 0, [0; 3]);
    huge.rect = [-50_000, -50_000, 50_000, 50_000];
    let mut empty_rows = vec![0, 1];
    empty_rows.extend(std::iter::repeat_n(0u8, side * 2));
    huge.channels = vec![(-1, empty_rows.clone()), (0, empty_rows)];
    let raw = read(&rgb([100, 100], &[huge]));
    assert_eq!(raw.layers[0].image.dimensions(), (0, 0));
    // The same with raw data is refused before any work.
    let mut claim = L::solid("claim", 0, 0, 1, 1, [0; 3]);
    claim.rect = [0, 0, side as i32, side as i32];
    assert!(error(&rgb([100, 100], &[claim])).contains("shorter than its layer"));
    // Rectangles at the ends of the 32-bit range.
    let mut far = L::solid("far", 0, 0, 1, 1, [0; 3]);
    for rect in [
        [i32::MIN, i32::MIN, i32::MAX, i32::MAX],
        [i32::MAX, i32::MAX, i32::MIN, i32::MIN],
        [i32::MAX - 1, 0, i32::MAX, 1],
    ] {
        far.rect = rect;
        let _ = read_psd(&rgb([100, 100], &[far.clone()]));
    }
    // A layer count far beyond the bytes there are.
    let mut bytes = rgb([4, 4], &[L::solid("a", 0, 0, 1, 1, [1; 3])]);
    let count_at = 26 + 4 + 4 + 20 + 8;
    assert_eq!(bytes[count_at..count_at + 2], [0, 1]);
    bytes[count_at..count_at + 2].copy_from_slice(&i16::MIN.to_be_bytes());
    assert!(
        error(&bytes).contains("layers announced"),
        "{}",
        error(&bytes)
    );
}

#[test]
fn a_big_canvas_with_many_small_layers_reads_without_canvas_sized_buffers() {
    let layers: Vec<L> = (0..300)
        .map(|i| {
            L::solid(
                &format!("l{i}"),
                (i * 50) % 16000,
                (i * 37) % 16000,
                2,
                2,
                [1; 3],
            )
        })
        .collect();
    let raw = read(&rgb([16384, 16384], &layers));
    assert_eq!(raw.layers.len(), 300);
    assert!(raw.layers.iter().all(|l| l.image.dimensions() == (2, 2)));
}

#[test]
fn tagged_groups_and_layer_properties_become_slots() {
    let mut closed = L::solid("closed", 4, 0, 2, 2, [9, 9, 9]);
    closed.hidden = true;
    let mut shine = L::solid("shine", 0, 4, 2, 2, [5, 5, 5]);
    shine.blend = *b"lddg";
    shine.opacity = 51;
    let mut notes = L::solid("[ignore] notes", 0, 0, 2, 2, [1, 1, 1]);
    notes.hidden = false;
    let layers = [
        shine,
        L::divider("</Layer group>", 3, false),
        closed,
        L::solid("open", 0, 0, 2, 2, [7, 7, 7]),
        L::divider("[slot] eyes", 1, false),
        notes,
    ];
    let layered = crate::layered::read_layered_bytes(&rgb([8, 8], &layers), true).unwrap();
    let names: Vec<&str> = layered.layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["shine", "eyes/closed", "eyes/open"]);
    let slots = &layered.slots.slots;
    assert_eq!(slots.len(), 2, "{slots:?}");
    assert_eq!(slots[0].name, "shine");
    assert_eq!(slots[0].blend, crate::slots::Blend::Additive);
    assert_eq!(slots[0].color[3], 0.2);
    assert_eq!(slots[1].name, "eyes");
    assert_eq!(slots[1].setup.as_deref(), Some("open"));
    assert_eq!(slots[1].draw_order, 2);
    let attachments: Vec<&str> = slots[1].attachments.iter().map(|a| a.name()).collect();
    assert_eq!(attachments, ["closed", "open"]);
    assert!(layered.warnings.is_empty(), "{:?}", layered.warnings);
}

#[test]
fn a_layer_reaching_outside_the_canvas_is_cut_with_a_warning() {
    let bytes = rgb(
        [50, 40],
        &[
            L::solid("inside", 2, 2, 5, 5, [1, 2, 3]),
            L::solid("sleeve", 40, 30, 20, 20, [4, 5, 6]),
        ],
    );
    let (raw, cut) = read_psd(&bytes).unwrap();
    assert_eq!(cut, [1], "only the layer reaching past the canvas");
    let sleeve = &raw.layers[1];
    assert_eq!((sleeve.left, sleeve.top), (40, 30));
    assert_eq!(sleeve.image.dimensions(), (10, 10), "cut to the canvas");
    let layered = crate::layered::read_layered_bytes(&bytes, true).unwrap();
    let warnings: Vec<&String> = layered
        .warnings
        .iter()
        .filter(|w| w.contains("reaches outside the 50 x 40 px canvas"))
        .collect();
    assert_eq!(warnings.len(), 1, "{:?}", layered.warnings);
    assert!(warnings[0].contains("\"sleeve\""), "{}", warnings[0]);
}
