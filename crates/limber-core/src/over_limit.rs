//! Work over its budget ([`crate::limits`]): [`OverLimit`], a count of a project, rig or slot set
//! over its limit, and [`OverBudget`], an export, an import or weights that would be too large,
//! each saying what to change.

/// `count` of `what` (already a plural, "bones", `keys in clip "walk"`), over `limit`; `per` says
/// what the limit is per (" per clip"), or is empty.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} {what}, over the limit of {}{per}", thousands(*count), thousands(*limit))]
pub struct OverLimit {
    pub what: String,
    pub count: u64,
    pub limit: u64,
    pub per: &'static str,
}

impl OverLimit {
    /// `Err` when `count` is over `limit`.
    pub fn check(what: impl Into<String>, count: u64, limit: u64) -> Result<(), OverLimit> {
        if count > limit {
            return Err(OverLimit {
                what: what.into(),
                count,
                limit,
                per: "",
            });
        }
        Ok(())
    }
}

/// An export, an import or weights over their budget, with the numbers and what to change.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OverBudget {
    #[error(
        "{what} at {} fps is {} frames, over the limit of {} for an export; pass --fps or shorten \
         the clip",
        thousands_f(*fps),
        thousands(*frames),
        thousands(*limit)
    )]
    ExportFrames {
        what: String,
        fps: f64,
        frames: u64,
        limit: u64,
    },
    #[error(
        "{what} is {} frames of {} x {}, {} pixels in all, over the limit of {} for {kind}; lower \
         --scale or --fps, or shorten the clip",
        thousands(*frames),
        size[0],
        size[1],
        thousands(*pixels),
        thousands(*limit)
    )]
    ExportPixels {
        what: String,
        frames: u64,
        size: [u32; 2],
        pixels: u64,
        limit: u64,
        /// "an export held in memory" or "a frames export".
        kind: &'static str,
    },
    #[error(
        "the animation is {} values (samples x channels), over the limit of {} for an export; pass \
         a lower --fps or shorten the clips",
        thousands(*values),
        thousands(*limit)
    )]
    GltfValues { values: u64, limit: u64 },
    #[error(
        "the animations are {} timeline entries (keys, baked samples, draw-order offsets), over \
         the limit of {} for a Spine export; pass a lower --fps, shorten the clips or key fewer \
         slots",
        thousands(*entries),
        thousands(*limit)
    )]
    SpineEntries { entries: u64, limit: u64 },
    #[error(
        "weights for {} bones over a {} x {} image are {} bone-pixels, over the limit of {}; use \
         fewer bones or a smaller image",
        thousands(*bones),
        size[0],
        size[1],
        thousands(*product),
        thousands(*limit)
    )]
    Weights {
        bones: u64,
        size: [u32; 2],
        product: u64,
        limit: u64,
    },
    #[error(
        "{} visible layers, over the limit of {} parts per project; merge or hide layers",
        thousands(*count),
        thousands(*limit)
    )]
    Parts { count: u64, limit: u64 },
    #[error(
        "the visible layers hold over {} pixels (after trimming), over the limit of {} for an \
         import; merge layers or import a smaller canvas",
        thousands(*pixels),
        thousands(*limit)
    )]
    ImportPixels { pixels: u64, limit: u64 },
    #[error(
        "weighing the attachment images takes {} bone-pixels (bones x pixels inside the drawing, \
         all images together), over the limit of {}; use fewer bones or fewer, smaller images",
        thousands(*bone_pixels),
        thousands(*limit)
    )]
    AttachmentWeighing { bone_pixels: u64, limit: u64 },
}

/// `20736000` → `20,736,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate as written: a whole number without decimals.
pub(crate) fn thousands_f(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        thousands(x.abs() as u64)
    } else {
        format!("{x}")
    }
}
