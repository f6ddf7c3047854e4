//! Physics constraints in the editor: "Add physics" gives the selected bone one that swings its
//! rotation ([`NEW_PHYSICS`]), named `physics`, `physics 2`, …; the inspector then edits every
//! setting (through `Rig(SetConstraints)`, one undo step a drag) and deletes it
//! ([`crate::rigging::ConstraintRef::Physics`]).

use limber_core::animation::{PhysicsRecord, PhysicsSettings};

use crate::rigging::{RigError, change_constraints};
use crate::step::Step;

/// What a new physics constraint moves and how: the rotation, at Spine's defaults but damped so a
/// swing settles within a second or so.
pub const NEW_PHYSICS: PhysicsSettings = PhysicsSettings {
    rotate: 1.0,
    damping: 0.85,
    ..PhysicsSettings::SPINE_DEFAULTS
};

/// Adds a physics constraint ([`NEW_PHYSICS`]) on the selected bone. One undo step.
pub(crate) fn add_physics(mut step: Step) -> Result<(), RigError> {
    let bone = step
        .selection()
        .bone()
        .and_then(|b| step.rig().bone_name(b))
        .ok_or(RigError::NoBoneForPhysics)?;
    change_constraints(&mut step.document, |records| {
        let name = records.unused_name("physics");
        records.physics.push(PhysicsRecord {
            name,
            bone,
            settings: NEW_PHYSICS,
        });
    })?;
    step.commit();
    Ok(())
}
