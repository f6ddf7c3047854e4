//! A layer's mask data (the layer record's first extra field): the raster mask's rectangle, the
//! value outside it, whether it is disabled, its density and feather, and the "real" mask that
//! Photoshop stores when a layer has both a raster and a vector mask.

use super::LayeredError;
use super::cursor::Cursor;
use super::rect::Rect;

/// The parts of the mask data that change pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct MaskInfo {
    /// Rectangle of the user mask (channel -2).
    pub rect: Rect,
    /// Value outside the rectangle (0 or 255).
    pub default: u8,
    pub disabled: bool,
    /// Flag bit 0: the mask's place is given relative to the layer's.
    pub relative: bool,
    /// User mask density (255: the mask as painted).
    pub density: u8,
    /// A feather (blur) is set on the mask: not reproduced.
    pub feathered: bool,
    /// The real user mask (channel -3), when present: rectangle, outside value, disabled.
    pub real: Option<(Rect, u8, bool)>,
}

fn read_rect(c: &mut Cursor) -> Result<Rect, LayeredError> {
    let what = "layer mask";
    Ok(Rect::from_tlbr([
        c.i32(what)?,
        c.i32(what)?,
        c.i32(what)?,
        c.i32(what)?,
    ]))
}

/// Reads the mask data section (`c` holds exactly its bytes); `None` when it is empty or too short
/// to hold a mask.
pub(super) fn read_mask(c: &mut Cursor) -> Result<Option<MaskInfo>, LayeredError> {
    let what = "layer mask";
    if c.remaining() < 18 {
        return Ok(None);
    }
    let rect = read_rect(c)?;
    let default = c.u8(what)?;
    let flags = c.u8(what)?;
    let mut info = MaskInfo {
        rect,
        default,
        disabled: flags & 2 != 0,
        relative: flags & 1 != 0,
        density: 255,
        feathered: false,
        real: None,
    };
    // What files hold (and psd-tools reads): the real mask first when there is room for it, then
    // the mask parameters when flag bit 4 is set.
    if c.remaining() >= 18 {
        let real_flags = c.u8(what)?;
        let real_default = c.u8(what)?;
        let real_rect = read_rect(c)?;
        // Used only when its own flags say its parameters apply (bit 4).
        if real_flags & 0x10 != 0 {
            info.real = Some((real_rect, real_default, real_flags & 2 != 0));
        }
    }
    if flags & 0x10 != 0 && c.remaining() >= 1 {
        let params = c.u8(what)?;
        if params & 1 != 0 {
            info.density = c.u8(what)?;
        }
        if params & 2 != 0 {
            let feather = c.take(8, what)?;
            info.feathered = f64::from_be_bytes(feather.try_into().unwrap_or([0; 8])) > 0.0;
        }
    }
    Ok(Some(info))
}
