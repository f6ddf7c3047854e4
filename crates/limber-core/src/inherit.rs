//! What a bone takes from its parent: Spine 4.2's five inheritance modes, and a bone's world linear
//! map (rotation, scale, shear) under each.
//!
//! A bone always takes its parent's position: its head sits where the parent's world transform puts
//! its local translation. What it takes of the parent's rotation, scale and reflection is its
//! [`Inherit`] mode: everything (`normal`), nothing (`onlyTranslation`), all but rotation and
//! reflection (`noRotationOrReflection`), all but scale (`noScale`), all but scale and reflection
//! (`noScaleOrReflection`). limber computes each as spine-core's `Bone.updateWorldTransformWith`
//! does, in Spine's y-up frame (a skeleton scale of 1): the image frame is conjugated by the y flip
//! on the way in and out, so a bone's world transform equals the one Spine computes from the same
//! local values (rotation = the rest angle flipped + the offset, shear and scale as keyed).

use glam::{DMat2, DVec2};

use crate::bone_pose::BonePose;

pub use crate::inherit_mode::Inherit;

/// The bone's own linear map in its parent's frame (image frame, y down): rest rotation by
/// `rest_angle` (radians, image frame), then the offset's rotation, shear and scale.
pub fn local_linear(rest_angle: f64, offset: &BonePose) -> DMat2 {
    DMat2::from_angle(rest_angle) * offset.local_linear()
}

/// The bone's world linear map under `mode`, from its parent's world linear map `parent` (image
/// frame), its rest angle relative to the parent (radians, image frame) and its offset.
pub fn world_linear(mode: Inherit, parent: DMat2, rest_angle: f64, offset: &BonePose) -> DMat2 {
    if mode == Inherit::Normal {
        return parent * local_linear(rest_angle, offset);
    }
    // Spine's frame: conjugate by the y flip; the rotation negates, shear and scale are as keyed.
    let p = flip(parent);
    let (pa, pb, pc, pd) = (p.x_axis.x, p.y_axis.x, p.x_axis.y, p.y_axis.y);
    let rotation = offset.rotate - rest_angle;
    let [shear_x, shear_y] = offset.shear;
    let [scale_x, scale_y] = offset.scale;
    let axes = |rx: f64, ry: f64| {
        DMat2::from_cols(
            DVec2::new(rx.cos(), rx.sin()) * scale_x,
            DVec2::new(ry.cos(), ry.sin()) * scale_y,
        )
    };
    let right_angle = std::f64::consts::FRAC_PI_2;
    let world = match mode {
        Inherit::Normal | Inherit::OnlyTranslation => {
            axes(rotation + shear_x, rotation + right_angle + shear_y)
        }
        Inherit::NoRotationOrReflection => {
            let (mut pa, mut pb, mut pc, mut pd) = (pa, pb, pc, pd);
            let s = pa * pa + pc * pc;
            let prx;
            if s > 0.0001 {
                let s = (pa * pd - pb * pc).abs() / s;
                pb = pc * s;
                pd = pa * s;
                prx = pc.atan2(pa);
            } else {
                pa = 0.0;
                pc = 0.0;
                prx = right_angle - pd.atan2(pb);
            }
            let l = axes(
                rotation + shear_x - prx,
                rotation + shear_y - prx + right_angle,
            );
            let (la, lb, lc, ld) = (l.x_axis.x, l.y_axis.x, l.x_axis.y, l.y_axis.y);
            DMat2::from_cols(
                DVec2::new(pa * la - pb * lc, pc * la + pd * lc),
                DVec2::new(pa * lb - pb * ld, pc * lb + pd * ld),
            )
        }
        Inherit::NoScale | Inherit::NoScaleOrReflection => {
            let (cos, sin) = (rotation.cos(), rotation.sin());
            let (mut za, mut zc) = (pa * cos + pb * sin, pc * cos + pd * sin);
            let mut s = za.hypot(zc);
            if s > 0.00001 {
                s = 1.0 / s;
            }
            za *= s;
            zc *= s;
            let mut s = za.hypot(zc);
            if mode == Inherit::NoScale && pa * pd - pb * pc < 0.0 {
                s = -s;
            }
            let turned = right_angle + zc.atan2(za);
            let (zb, zd) = (turned.cos() * s, turned.sin() * s);
            let l = axes(shear_x, right_angle + shear_y);
            let (la, lb, lc, ld) = (l.x_axis.x, l.y_axis.x, l.x_axis.y, l.y_axis.y);
            DMat2::from_cols(
                DVec2::new(za * la + zb * lc, zc * la + zd * lc),
                DVec2::new(za * lb + zb * ld, zc * lb + zd * ld),
            )
        }
    };
    flip(world)
}

/// A linear map conjugated by the y flip (image frame ↔ Spine's frame).
fn flip(m: DMat2) -> DMat2 {
    DMat2::from_cols(
        DVec2::new(m.x_axis.x, -m.x_axis.y),
        DVec2::new(-m.y_axis.x, m.y_axis.y),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offset(rotate_deg: f64, scale: [f64; 2], shear_deg: [f64; 2]) -> BonePose {
        BonePose {
            rotate: rotate_deg.to_radians(),
            translate: [0.0, 0.0],
            scale,
            shear: shear_deg.map(f64::to_radians),
            inherit: None,
        }
    }

    #[test]
    fn every_mode_under_an_unmoved_parent_is_normal() {
        let child = offset(30.0, [1.5, 0.7], [10.0, -20.0]);
        let rest_angle = 0.4;
        let normal = world_linear(Inherit::Normal, DMat2::IDENTITY, rest_angle, &child);
        for mode in Inherit::ALL {
            let m = world_linear(mode, DMat2::IDENTITY, rest_angle, &child);
            assert!(m.abs_diff_eq(normal, 1e-12), "{mode:?}: {m} vs {normal}");
        }
    }

    #[test]
    fn modes_drop_what_they_name() {
        // A parent turned 90° counter-clockwise on screen, scaled 2× along and 3× across.
        let parent = DMat2::from_angle(-std::f64::consts::FRAC_PI_2)
            * DMat2::from_diagonal(DVec2::new(2.0, 3.0));
        let child = offset(0.0, [1.0, 1.0], [0.0, 0.0]);
        let only = world_linear(Inherit::OnlyTranslation, parent, 0.0, &child);
        assert!(only.abs_diff_eq(DMat2::IDENTITY, 1e-12), "{only}");
        // No scale: turned with the parent, lengths kept.
        let no_scale = world_linear(Inherit::NoScale, parent, 0.0, &child);
        assert!(no_scale.abs_diff_eq(DMat2::from_angle(-std::f64::consts::FRAC_PI_2), 1e-12));
        // No rotation: not turned, the parent's area kept (Spine keeps the parent's x axis length
        // on the axis it turned away from and gives the other the rest of the area).
        let no_rotation = world_linear(Inherit::NoRotationOrReflection, parent, 0.0, &child);
        assert!(
            no_rotation.abs_diff_eq(DMat2::from_diagonal(DVec2::new(3.0, 2.0)), 1e-12),
            "{no_rotation}"
        );
    }

    #[test]
    fn no_scale_keeps_a_mirrored_parents_reflection_and_the_other_mode_drops_it() {
        let mirrored = DMat2::from_diagonal(DVec2::new(-1.0, 1.0));
        let child = offset(0.0, [1.0, 1.0], [0.0, 0.0]);
        let keep = world_linear(Inherit::NoScale, mirrored, 0.0, &child);
        let drop = world_linear(Inherit::NoScaleOrReflection, mirrored, 0.0, &child);
        assert!(keep.determinant() < 0.0, "{keep}");
        assert!(drop.determinant() > 0.0, "{drop}");
    }

    #[test]
    fn the_rest_angle_puts_a_bone_where_it_was_drawn_under_a_turned_parent() {
        let (parent_angle, absolute) = (0.7, -0.4);
        let parent = DMat2::from_angle(parent_angle);
        for mode in Inherit::ALL {
            let rest = mode.rest_angle(absolute - parent_angle, absolute);
            let world = world_linear(mode, parent, rest, &BonePose::default());
            assert!(
                world.abs_diff_eq(DMat2::from_angle(absolute), 1e-12),
                "{mode:?}: {world}"
            );
        }
    }

    #[test]
    fn names_read_back_as_spine_writes_them() {
        for mode in Inherit::ALL {
            let json = serde_json::to_string(&mode).unwrap();
            assert_eq!(json, format!("\"{}\"", mode.name()));
            assert_eq!(serde_json::from_str::<Inherit>(&json).unwrap(), mode);
        }
    }
}
