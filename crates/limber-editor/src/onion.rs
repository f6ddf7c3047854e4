//! Onion skins: ghosts of the pose before and after the playhead in Animate mode — how many on
//! each side (up to three), how far apart (in frames when the clip has a frame rate, else in
//! seconds), their tints and opacity (fading with distance). The settings are the editor's, not
//! the project's. The ghosts are read on the [`Animation`] view.

use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;

use crate::animate::Animation;
use crate::editor::Mode;

pub use crate::view::{MAX_ONION_SIDE, OnionSettings};

/// One ghost: the project at another time, and its tint (premultiplied).
#[derive(Debug, Clone, PartialEq)]
pub struct OnionGhost {
    /// Seconds from the playhead (negative: before).
    pub offset: f64,
    pub frame: Frame,
    pub tint: [f32; 4],
}

impl Animation<'_> {
    /// The spacing of the onion skins in seconds for the current clip.
    pub fn onion_spacing(&self) -> f64 {
        let settings = *self.view.onion();
        match self.fps() {
            Some(fps) => f64::from(settings.spacing_frames.max(1)) / f64::from(fps),
            None => settings.spacing_seconds.max(1e-3),
        }
    }

    /// The onion skins to draw, farthest first on each side, when they are on and a clip is
    /// animating (at most [`MAX_ONION_SIDE`] on each side).
    pub fn onion_ghosts(&self) -> Option<Vec<OnionGhost>> {
        if !self.view.overlays().onion || self.mode != Mode::Animate {
            return None;
        }
        let project = self.project;
        let clip = self.clip()?;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let settings = *self.view.onion();
        let spacing = self.onion_spacing();
        let now = self.playhead();
        let mut ghosts = Vec::new();
        for (count, sign, colour) in [
            (settings.before, -1.0, settings.before_colour),
            (settings.after, 1.0, settings.after_colour),
        ] {
            let count = count.min(MAX_ONION_SIDE);
            for k in (1..=count).rev() {
                let offset = sign * spacing * f64::from(k);
                let fade = f32::from(count - k + 1) / f32::from(count);
                let opacity = settings.opacity.clamp(0.0, 1.0) * fade;
                ghosts.push(OnionGhost {
                    offset,
                    frame: Frame::sample(
                        project,
                        &solver,
                        Some(clip),
                        clip.local_time(now + offset),
                    ),
                    tint: [
                        colour[0] * opacity,
                        colour[1] * opacity,
                        colour[2] * opacity,
                        opacity,
                    ],
                });
            }
        }
        Some(ghosts)
    }
}
