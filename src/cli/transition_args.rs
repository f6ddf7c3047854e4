//! `--then B --crossfade SECONDS`, shared by `limber pose` and `limber render`: play the chosen clip
//! once, then clip B, blending from the first into B over the last SECONDS of the first
//! ([`crate::core::playback::Transition`]).

use anyhow::anyhow;
use clap::Args;

use crate::core::animation::Clip;
use crate::core::playback::{Playback, Transition};
use crate::core::project::Project;

#[derive(Debug, Args)]
pub struct TransitionArgs {
    /// After the clip, play this clip (a transition; needs --crossfade).
    #[arg(long, value_name = "CLIP", requires = "crossfade")]
    pub then: Option<String>,
    /// Seconds over which the first clip blends into the --then clip, from 0 to the first clip's
    /// duration; the --then clip starts that long before the first one ends.
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "then",
        allow_negative_numbers = true
    )]
    pub crossfade: Option<f64>,
}

impl TransitionArgs {
    /// What to play: `clip` alone, or the transition from it into the --then clip. Errors name
    /// `file` and the problem in one line.
    pub fn playback<'a>(
        &self,
        project: &'a Project,
        clip: Option<&'a Clip>,
        file: &str,
    ) -> anyhow::Result<Playback<'a>> {
        let (Some(then), Some(crossfade)) = (&self.then, self.crossfade) else {
            return Ok(clip.into());
        };
        let from = clip.ok_or_else(|| anyhow!("{file}: --then needs a clip to start from"))?;
        let to = project.clip(then).ok_or_else(|| {
            let known: Vec<&str> = project.rig.clips.iter().map(|c| c.name.as_str()).collect();
            anyhow!(
                "{file}: no clip named \"{then}\" (clips: {})",
                known.join(", ")
            )
        })?;
        let transition =
            Transition::new(from, to, crossfade).map_err(|e| anyhow!("{file}: {e}"))?;
        Ok(Playback::Transition(transition))
    }
}
