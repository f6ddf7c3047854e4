//! Tagged blocks ("additional layer information"): a signature (`8BIM` or `8B64`), a four-letter key
//! and a length, then that many bytes. They follow each layer record and the global layer and mask
//! data. Writers differ in how they pad a block (none, to 2 or to 4 bytes): after a block, up to
//! three bytes are skipped when that lands on the next signature.

use super::LayeredError;
use super::cursor::Cursor;

fn is_signature(tag: [u8; 4]) -> bool {
    &tag == b"8BIM" || &tag == b"8B64"
}

/// Calls `each(key, data)` for every block in `c`, in order. Stops at the first thing that is not
/// a block (trailing padding); a block whose length runs past `c`'s end is an error.
pub(super) fn for_each_block<'a>(
    c: &mut Cursor<'a>,
    mut each: impl FnMut([u8; 4], Cursor<'a>) -> Result<(), LayeredError>,
) -> Result<(), LayeredError> {
    let what = "tagged block";
    loop {
        let mut found = false;
        for pad in 0..4 {
            if c.remaining() < 12 + pad {
                break;
            }
            let mut probe = c.clone();
            probe.skip(pad as u64, what)?;
            if probe.peek4().is_some_and(is_signature) {
                *c = probe;
                found = true;
                break;
            }
        }
        if !found {
            return Ok(());
        }
        c.skip(4, what)?;
        let key = c.tag(what)?;
        let data = c.sized_section(what)?;
        each(key, data)?;
    }
}

/// What a key means for import, when it is something limber drops.
pub(super) fn dropped_feature(key: &[u8; 4]) -> Option<&'static str> {
    Some(match key {
        b"lfx2" | b"lrFX" | b"lmfx" => "layer effects",
        b"vmsk" | b"vsms" => "vector mask",
        b"SoCo" => "fill layer (solid colour)",
        b"GdFl" => "fill layer (gradient)",
        b"PtFl" => "fill layer (pattern)",
        b"brit" => "adjustment layer (brightness/contrast)",
        b"levl" => "adjustment layer (levels)",
        b"curv" => "adjustment layer (curves)",
        b"expA" => "adjustment layer (exposure)",
        b"vibA" => "adjustment layer (vibrance)",
        b"hue " | b"hue2" => "adjustment layer (hue/saturation)",
        b"blnc" => "adjustment layer (colour balance)",
        b"blwh" => "adjustment layer (black and white)",
        b"phfl" => "adjustment layer (photo filter)",
        b"mixr" => "adjustment layer (channel mixer)",
        b"clrL" => "adjustment layer (colour lookup)",
        b"nvrt" => "adjustment layer (invert)",
        b"post" => "adjustment layer (posterize)",
        b"thrs" => "adjustment layer (threshold)",
        b"grdm" => "adjustment layer (gradient map)",
        b"selc" => "adjustment layer (selective colour)",
        // An artboard is a group with a rectangle and a background: its layers import as a
        // group's, showing past the rectangle, without the background.
        b"artb" | b"artd" | b"abdd" => "artboard bounds and background",
        _ => return None,
    })
}

/// A blend mode key's name, `None` for the ones limber reproduces (normal, pass through).
pub(super) fn blend_name(key: &[u8; 4]) -> Option<String> {
    Some(
        match key {
            b"norm" | b"pass" => return None,
            b"diss" => "dissolve",
            b"dark" => "darken",
            b"mul " => "multiply",
            b"idiv" => "color burn",
            b"lbrn" => "linear burn",
            b"dkCl" => "darker color",
            b"lite" => "lighten",
            b"scrn" => "screen",
            b"div " => "color dodge",
            b"lddg" => "linear dodge",
            b"lgCl" => "lighter color",
            b"over" => "overlay",
            b"sLit" => "soft light",
            b"hLit" => "hard light",
            b"vLit" => "vivid light",
            b"lLit" => "linear light",
            b"pLit" => "pin light",
            b"hMix" => "hard mix",
            b"diff" => "difference",
            b"smud" => "exclusion",
            b"fsub" => "subtract",
            b"fdiv" => "divide",
            b"hue " => "hue",
            b"sat " => "saturation",
            b"colr" => "color",
            b"lum " => "luminosity",
            other => return Some(format!("\"{}\"", String::from_utf8_lossy(other).trim())),
        }
        .to_string(),
    )
}
