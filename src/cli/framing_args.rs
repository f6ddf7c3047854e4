//! `--frame animation|image`, `--margin PX` and `--trim` of `limber render`: what the exported
//! canvas frames ([`crate::core::export_settings::Framing`]) and whether sheet frames are trimmed.

use clap::{Args, ValueEnum};

use crate::core::export_settings::{DEFAULT_MARGIN, Framing};

/// What the canvas of a rendered export holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FrameChoice {
    /// Everything the clip draws over all its frames, plus --margin.
    Animation,
    /// The project's image rectangle, as drawn at rest (limbs past its edge are cut).
    Image,
}

#[derive(Debug, Args)]
pub struct FramingArgs {
    /// What each frame holds: the whole animation's bounds plus --margin, or the image's rectangle.
    #[arg(long, value_enum, default_value_t = FrameChoice::Animation)]
    pub frame: FrameChoice,
    /// Empty pixels around the animation's bounds (output pixels, with --frame animation).
    #[arg(long, value_name = "PX", default_value_t = DEFAULT_MARGIN)]
    pub margin: u32,
    /// Cut each sheet frame to its own visible pixels and pack them; the atlas gives each frame's
    /// offset (trimmed, spriteSourceSize). With --sheet only.
    #[arg(long, conflicts_with = "columns")]
    pub trim: bool,
}

impl FramingArgs {
    pub fn framing(&self) -> Framing {
        match self.frame {
            FrameChoice::Animation => Framing::Animation {
                margin: self.margin,
            },
            FrameChoice::Image => Framing::Image,
        }
    }
}
