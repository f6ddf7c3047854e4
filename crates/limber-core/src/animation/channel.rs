//! The channels of a bone key — rotate, translate x/y, scale x/y, shear x/y — as one enum, [`Channel`]: what
//! indexes a key's per-channel curves (`KeyCurves[channel]`, in `curve.rs`), reads and writes a
//! channel's value in a key (`records.rs`, where keys are) or a sampled pose, and names it. A key
//! holds its channels in four groups (one rotation, a translation pair, a scale pair, a shear pair):
//! [`ChannelGroup`], each channel's [`Channel::group`].

use crate::pose::BonePose;

/// A keyable channel of a bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// Degrees, counter-clockwise on screen.
    Rotate,
    TranslateX,
    TranslateY,
    ScaleX,
    ScaleY,
    /// Degrees the bone's x axis turns, counter-clockwise on screen, without its y axis (format
    /// version 11; Spine's `shearX`).
    ShearX,
    /// Degrees the bone's y axis turns, counter-clockwise on screen, without its x axis (Spine's
    /// `shearY`).
    ShearY,
}

/// The channels a key holds together: one rotation, a translation (x, y), a scale (x, y), a shear
/// (x, y).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelGroup {
    Rotate,
    Translate,
    Scale,
    Shear,
}

impl Channel {
    /// Every channel, in channel order.
    pub const ALL: [Channel; 7] = [
        Channel::Rotate,
        Channel::TranslateX,
        Channel::TranslateY,
        Channel::ScaleX,
        Channel::ScaleY,
        Channel::ShearX,
        Channel::ShearY,
    ];

    /// As the curve editor's legend names it.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Rotate => "rotation",
            Channel::TranslateX => "translate x",
            Channel::TranslateY => "translate y",
            Channel::ScaleX => "scale x",
            Channel::ScaleY => "scale y",
            Channel::ShearX => "shear x",
            Channel::ShearY => "shear y",
        }
    }

    /// The group the key holds it in.
    pub fn group(self) -> ChannelGroup {
        match self {
            Channel::Rotate => ChannelGroup::Rotate,
            Channel::TranslateX | Channel::TranslateY => ChannelGroup::Translate,
            Channel::ScaleX | Channel::ScaleY => ChannelGroup::Scale,
            Channel::ShearX | Channel::ShearY => ChannelGroup::Shear,
        }
    }

    /// The channel's value in a sampled bone pose (rotation back in degrees).
    pub fn of_pose(self, pose: &BonePose) -> f64 {
        match self {
            Channel::Rotate => pose.rotate.to_degrees(),
            Channel::TranslateX => pose.translate[0],
            Channel::TranslateY => pose.translate[1],
            Channel::ScaleX => pose.scale[0],
            Channel::ScaleY => pose.scale[1],
            Channel::ShearX => pose.shear[0].to_degrees(),
            Channel::ShearY => pose.shear[1].to_degrees(),
        }
    }

    /// The change from `from` to `to` that sampling makes (rotation goes the shorter way round;
    /// shear, like Spine's, goes straight).
    pub fn delta(self, from: f64, to: f64) -> f64 {
        if self != Channel::Rotate {
            return to - from;
        }
        let d = (to - from).rem_euclid(360.0);
        if d > 180.0 { d - 360.0 } else { d }
    }
}

impl ChannelGroup {
    /// Every group, in channel order.
    pub const ALL: [ChannelGroup; 4] = [
        ChannelGroup::Rotate,
        ChannelGroup::Translate,
        ChannelGroup::Scale,
        ChannelGroup::Shear,
    ];

    /// The group as the status line and tooltips name it.
    pub fn name(self) -> &'static str {
        match self {
            ChannelGroup::Rotate => "rotation",
            ChannelGroup::Translate => "translation",
            ChannelGroup::Scale => "scale",
            ChannelGroup::Shear => "shear",
        }
    }

    /// Its channels, in channel order.
    pub fn channels(self) -> impl Iterator<Item = Channel> {
        Channel::ALL.into_iter().filter(move |c| c.group() == self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::curve::{Interpolation, KeyCurves};

    #[test]
    fn channels_index_curves_in_channel_order_and_group_as_keys_hold_them() {
        let mut curves = KeyCurves::default();
        curves[Channel::ScaleY] = Interpolation::STEPPED;
        assert_eq!(curves.scale[1], Interpolation::STEPPED);
        let array = curves.to_array();
        for (i, channel) in Channel::ALL.into_iter().enumerate() {
            assert_eq!(array[i], curves[channel]);
        }
        let groups: Vec<Vec<Channel>> = ChannelGroup::ALL
            .iter()
            .map(|g| g.channels().collect())
            .collect();
        assert_eq!(groups.concat(), Channel::ALL.to_vec());
        assert_eq!(Channel::TranslateY.group(), ChannelGroup::Translate);
        assert_eq!(Channel::delta(Channel::Rotate, 170.0, -170.0), 20.0);
    }
}
