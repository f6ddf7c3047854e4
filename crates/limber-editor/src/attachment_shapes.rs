//! Drawing and editing bounding-box, clipping and point attachments (the slots panel's "+ Box",
//! "+ Clip" and "+ Point", and the viewport's shape tools in `tools/polygon.rs`), as part of the
//! slots feature: what the panels read is on [`Slots`] (the clip end choices, the selected shape,
//! the overlays); the actions are functions returning a [`SlotError`], run by
//! [`SlotCommand`](crate::actions::slot::SlotCommand) and the shape tool.
//!
//! A drawing is view state ([`super::shape_state`]) until it is finished: a polygon's points are
//! clicked in view pixels and closed with Enter or a click on its first point; a point is placed by
//! a press and aimed by dragging. The finished attachment gets a slot of its own (as in Spine,
//! where a slot shows one attachment at a time), drawn right after the slot it was drawn from, so
//! the sprite there keeps showing in every skin; it can be moved to another slot later
//! (`attachment_move.rs`). It is added in one undo step, carried by the selected bone
//! (or the bone whose head is nearest), its vertices, position and rotation put back into the rest
//! pose through that bone's palette transform. Esc drops a drawing with the document untouched.
//!
//! A polygon attachment selected in the panel shows its points as handles: dragging one moves it
//! (one undo step per drag, inverted through the vertex's blended transform, so a vertex under the
//! pointer stays under it when posed) and deleting one keeps at least three.

use std::collections::HashSet;

use glam::{DAffine2, DMat2, DVec2};
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::skeleton::Skeleton;
use limber_core::slots::{
    AttachmentKind, AttachmentRecord, Blend, Polygon, PolygonBinding, Shown, SlotRecord, WHITE,
    posed_point, posed_polygon,
};

use super::attachment_actions::push_attachment;
use super::editor::Editor;
use super::outcome::IntoOutcome;
use super::shape_state::{Drawing, ShapeRef};
use super::slot_actions::{SlotError, Slots, apply_slots, unused, writable};
use super::step::Step;

/// How near (screen points) a press must be to a shape's point to grab it or to close a polygon.
pub const HANDLE_REACH: f64 = 8.0;
/// How long a point attachment's direction line is drawn (screen points); its tip is a handle.
pub const POINT_AIM: f64 = 24.0;

/// A polygon needs this many points.
pub const MIN_POLYGON_POINTS: usize = 3;

/// A bounding-box, clipping or point attachment as the viewport draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShapeOverlay {
    pub slot: String,
    pub attachment: String,
    pub kind: AttachmentKind,
    /// A polygon's posed points, or a point's posed position (one), in view pixels.
    pub points: Vec<DVec2>,
    /// A point's posed direction, degrees counter-clockwise on screen.
    pub rotation: f64,
    /// Whether it is selected for editing (its points drawn as handles).
    pub selected: bool,
}

fn is_polygon(kind: AttachmentKind) -> bool {
    matches!(kind, AttachmentKind::BoundingBox | AttachmentKind::Clipping)
}

/// The name a new attachment of `kind` starts from.
fn stem(kind: AttachmentKind) -> &'static str {
    match kind {
        AttachmentKind::BoundingBox => "box",
        AttachmentKind::Clipping => "clip",
        AttachmentKind::Point => "point",
        AttachmentKind::Mesh => "mesh",
    }
}

/// `m`'s inverse, when it has one (a bone scaled to nothing has none).
fn invert(m: DAffine2) -> Option<DAffine2> {
    let det = m.matrix2.determinant();
    (det.is_finite() && det.abs() > 1e-12).then(|| m.inverse())
}

/// What carries vertex `vertex` of polygon `a` from rest to view: its bone's palette transform,
/// or its influences' blend (linear blending is this affine map, so its inverse is exact).
fn carrier(
    a: &AttachmentRecord,
    skeleton: &Skeleton,
    palette: &[DAffine2],
    vertex: usize,
) -> DAffine2 {
    let of = |b: usize| palette.get(b).copied().unwrap_or(DAffine2::IDENTITY);
    let influences = match a.polygon().map(|p| &p.binding) {
        Some(PolygonBinding::Influences(influences)) => influences,
        _ => {
            return a
                .bone()
                .and_then(|b| skeleton.index_of(b))
                .map_or(DAffine2::IDENTITY, of);
        }
    };
    let mut sum = DAffine2 {
        matrix2: DMat2::ZERO,
        translation: DVec2::ZERO,
    };
    for &(bone, weight) in influences.get(vertex).into_iter().flatten() {
        let m = of(bone);
        sum.matrix2 += m.matrix2 * weight;
        sum.translation += m.translation * weight;
    }
    sum
}

/// Degrees counter-clockwise on screen (y down) of `direction`.
fn screen_degrees(direction: DVec2) -> f64 {
    (-direction.y).atan2(direction.x).to_degrees()
}

impl<'a> Slots<'a> {
    /// The slots a clipping attachment of slot `slot` may end at: those drawn in front of it at
    /// setup, nearest first.
    pub fn clip_end_choices(&self, slot: &str) -> Vec<String> {
        let views = self.project.slots();
        let Some(own) = views.iter().position(|v| v.name == slot) else {
            return Vec::new();
        };
        let place = |i: usize| (views[i].draw_order(), i);
        let mut front: Vec<usize> = (0..views.len())
            .filter(|&i| place(i) > place(own))
            .collect();
        front.sort_by_key(|&i| place(i));
        front
            .into_iter()
            .map(|i| views[i].name.to_string())
            .collect()
    }

    /// The kind of attachment `attachment` of slot `slot`.
    pub fn attachment_kind(&self, slot: &str, attachment: &str) -> Option<AttachmentKind> {
        let views = self.project.slots();
        let view = views.iter().find(|v| v.name == slot)?;
        let record = view.record?;
        record
            .attachments
            .iter()
            .find(|a| a.name() == attachment)
            .map(|a| a.kind())
    }

    /// The attachment selected for editing and its record, while it still exists.
    pub fn selected_shape(&self) -> Option<(ShapeRef, &'a AttachmentRecord)> {
        let shape = self.shapes.selected()?;
        let record = self
            .project
            .rig
            .slots
            .slots
            .iter()
            .find(|s| s.name == shape.slot)?
            .attachments
            .iter()
            .find(|a| a.name() == shape.attachment && a.kind() != AttachmentKind::Mesh)?;
        Some((shape.clone(), record))
    }

    /// The bounding boxes, clipping polygons and points to draw over `frame`: every one a slot
    /// shows, and the one selected for editing, posed by the frame's palette.
    pub fn shape_overlays(&self, frame: &Frame) -> Vec<ShapeOverlay> {
        let project = self.project;
        let skeleton = &project.rig.skeleton;
        let selected = self.shapes.selected();
        let mut overlays = Vec::new();
        for (view, state) in project.slots().iter().zip(&frame.slots) {
            let Some(record) = view.record else { continue };
            for (i, a) in record.attachments.iter().enumerate() {
                if a.kind() == AttachmentKind::Mesh {
                    continue;
                }
                let is_selected =
                    selected.is_some_and(|s| s.slot == view.name && s.attachment == a.name());
                if !is_selected && state.shown != Some(Shown::Attachment(i)) {
                    continue;
                }
                let (points, rotation) = if a.kind() == AttachmentKind::Point {
                    let posed = posed_point(a, skeleton, &frame.palette);
                    (vec![DVec2::from(posed.position)], posed.rotation)
                } else {
                    let posed = posed_polygon(a, skeleton, &frame.palette);
                    (posed.into_iter().map(DVec2::from).collect(), 0.0)
                };
                overlays.push(ShapeOverlay {
                    slot: view.name.to_string(),
                    attachment: a.name().to_owned(),
                    kind: a.kind(),
                    points,
                    rotation,
                    selected: is_selected,
                });
            }
        }
        overlays
    }
}

/// Starts drawing a `kind` attachment (bounding box, clipping or point) for slot `slot`; a
/// clipping attachment clips up to the slot in front of its own unless another is chosen
/// ([`ShapeState::set_drawing_end`](crate::shape_state::ShapeState::set_drawing_end)). Returns
/// whether the tool started.
pub(crate) fn start(
    editor: &mut Editor,
    slot: &str,
    kind: AttachmentKind,
) -> Result<bool, SlotError> {
    if kind == AttachmentKind::Mesh {
        return Ok(false);
    }
    writable(&editor.document.project, slot)?;
    if editor.document.project.rig.skeleton.bones.is_empty() {
        return Err(SlotError::NoBone(kind.label()));
    }
    let end = if kind == AttachmentKind::Clipping {
        let Some(end) = editor.slots().clip_end_choices(slot).into_iter().next() else {
            return Err(SlotError::NothingInFront(slot.to_string()));
        };
        Some(end)
    } else {
        None
    };
    editor.cancel_drag();
    editor.tools.shapes_mut().set_drawing(Some(Drawing {
        slot: slot.to_string(),
        kind,
        points: Vec::new(),
        end,
    }));
    editor.status = if kind == AttachmentKind::Point {
        "press where the point goes and drag to aim it; Esc cancels".into()
    } else {
        "click to add points; Enter or a click on the first point closes; Esc cancels".into()
    };
    Ok(true)
}

/// Drops the drawing (Esc): the document is untouched. Returns whether one was dropped.
pub(crate) fn cancel(editor: &mut Editor) -> bool {
    let dropped = editor.tools.shapes_mut().take_drawing().is_some();
    if dropped {
        editor.status = "drawing cancelled".into();
    }
    dropped
}

/// Whether a press at `point` closes the polygon being drawn (on its first point, with enough
/// points).
pub(crate) fn closes_at(editor: &Editor, point: DVec2) -> bool {
    let reach = HANDLE_REACH / editor.view().camera().zoom;
    editor.tools.shapes().drawing().is_some_and(|d| {
        is_polygon(d.kind)
            && d.points.len() >= MIN_POLYGON_POINTS
            && d.points[0].distance(point) <= reach
    })
}

/// Closes the polygon being drawn (Enter): adds it to its slot as one undo step and selects it.
pub(crate) fn close(editor: &mut Editor) -> Result<bool, SlotError> {
    let Some(drawing) = editor.tools.shapes().drawing().cloned() else {
        return Ok(false);
    };
    if !is_polygon(drawing.kind) {
        return Ok(false);
    }
    if drawing.points.len() < MIN_POLYGON_POINTS {
        return Err(SlotError::TooFewPoints {
            needs: MIN_POLYGON_POINTS,
            has: drawing.points.len(),
        });
    }
    let centre = drawing.points.iter().sum::<DVec2>() / drawing.points.len() as f64;
    let (bone, inverse) = carrying_bone(editor, centre)?;
    let vertices = drawing
        .points
        .iter()
        .map(|&p| inverse.transform_point2(p).to_array())
        .collect();
    let name = stem(drawing.kind).to_string();
    let polygon = Polygon::on_bone(vertices, bone);
    let record = if drawing.kind == AttachmentKind::Clipping {
        let end = drawing
            .end
            .clone()
            .ok_or_else(|| SlotError::NothingInFront(drawing.slot.clone()))?;
        AttachmentRecord::Clipping { name, polygon, end }
    } else {
        AttachmentRecord::BoundingBox { name, polygon }
    };
    add_shape(editor.step(), &drawing.slot, record)?;
    Ok(true)
}

/// Adds the point attachment being drawn at `at` (view pixels), aimed toward `toward` (or along
/// +x), as one undo step.
pub(crate) fn place_point(
    editor: &mut Editor,
    at: DVec2,
    toward: Option<DVec2>,
) -> Result<bool, SlotError> {
    let Some(drawing) = editor.tools.shapes().drawing().cloned() else {
        return Ok(false);
    };
    let (bone, inverse) = carrying_bone(editor, at)?;
    let direction = toward
        .map(|t| t - at)
        .filter(|d| d.length() > 1e-9)
        .unwrap_or(DVec2::X);
    let record = AttachmentRecord::Point {
        name: stem(AttachmentKind::Point).to_string(),
        bone,
        position: inverse.transform_point2(at).to_array(),
        rotation: Some(screen_degrees(inverse.transform_vector2(direction))),
    };
    add_shape(editor.step(), &drawing.slot, record)?;
    Ok(true)
}

/// The bone a new shape near `near` (view pixels) follows — the selected one, else the one whose
/// head is nearest — and the inverse of its palette transform.
fn carrying_bone(editor: &Editor, near: DVec2) -> Result<(String, DAffine2), SlotError> {
    let palette = editor.palette();
    let bones = &editor.document.project.rig.skeleton.bones;
    let at = |i: usize| palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
    let bone = editor
        .selection()
        .bone()
        .filter(|&b| b < bones.len())
        .or_else(|| {
            (0..bones.len()).min_by(|&a, &b| {
                let d = |i: usize| at(i).transform_point2(bones[i].head()).distance(near);
                d(a).total_cmp(&d(b))
            })
        })
        .ok_or(SlotError::NoBone("shape"))?;
    let name = bones[bone].name.clone();
    let inverse = invert(at(bone)).ok_or_else(|| SlotError::ScaledToNothing(name.clone()))?;
    Ok((name, inverse))
}

/// Adds `record` to slot `slot` as one undo step, ends the drawing and selects it.
fn add_shape(mut step: Step, slot: &str, record: AttachmentRecord) -> Result<(), SlotError> {
    let (mut set, i) = writable(&step.document.project, slot)?;
    let kind = record.kind();
    // A slot of its own (as Spine has it), drawn right after the slot it was drawn from: the
    // sprite there keeps showing, in every skin, and the new slot shows the shape.
    let taken: HashSet<String> = step
        .slots()
        .rows()
        .into_iter()
        .map(|r| r.name)
        .chain(set.slots.iter().map(|s| s.name.clone()))
        .collect();
    let own = unused(&taken, record.name());
    set.slots.insert(
        i + 1,
        SlotRecord {
            name: own.clone(),
            draw_order: set.slots[i].draw_order,
            attachments: Vec::new(),
            setup: None,
            color: WHITE,
            blend: Blend::Normal,
        },
    );
    let name = push_attachment(&mut set, i + 1, record);
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    step.status = format!(
        "added {} {name} in a slot of its own, {own}, in front of {slot}",
        kind.label()
    );
    let shapes = step.tools.shapes_mut();
    shapes.set_drawing(None);
    shapes.set_selected(Some(ShapeRef {
        slot: own,
        attachment: name,
    }));
    step.commit();
    Ok(())
}

/// Sets the end slot of clipping attachment `attachment` of slot `slot`. One undo step; `false`
/// when it already ends there.
pub(crate) fn set_clip_end(
    step: Step,
    slot: &str,
    attachment: &str,
    end: &str,
) -> Result<bool, SlotError> {
    let (mut set, i) = writable(&step.document.project, slot)?;
    let Some(AttachmentRecord::Clipping { end: current, .. }) = set.slots[i]
        .attachments
        .iter_mut()
        .find(|a| a.name() == attachment && a.kind() == AttachmentKind::Clipping)
    else {
        return Err(SlotError::NoAttachment {
            slot: slot.to_string(),
            attachment: attachment.to_string(),
        });
    };
    if current == end {
        return Ok(false);
    }
    *current = end.to_string();
    apply_slots(
        step,
        set,
        format!("{attachment} of {slot} clips up to {end}"),
    )?;
    Ok(true)
}

/// Selects attachment `attachment` of slot `slot` for editing when it is a bounding box,
/// clipping or point (anything else, or `None`, clears the selection).
pub(crate) fn select(editor: &mut Editor, slot: &str, attachment: Option<&str>) {
    let slots = editor.slots();
    let selected = attachment
        .filter(|a| {
            slots
                .attachment_kind(slot, a)
                .is_some_and(|k| k != AttachmentKind::Mesh)
        })
        .map(|a| ShapeRef {
            slot: slot.to_string(),
            attachment: a.to_string(),
        });
    editor.tools.shapes_mut().set_selected(selected);
}

/// The handle of the selected shape within reach of `point` (view pixels): its index and where
/// it is drawn. A polygon's handles are its points; a point attachment's are its position (0)
/// and the tip of its direction line (1), [`POINT_AIM`] screen points along its rotation.
pub(crate) fn handle_at(editor: &Editor, point: DVec2) -> Option<(ShapeRef, usize, DVec2)> {
    let (shape, record) = editor.slots().selected_shape()?;
    let zoom = editor.view().camera().zoom;
    let reach = HANDLE_REACH / zoom;
    let skeleton = &editor.document.project.rig.skeleton;
    let handles: Vec<DVec2> = if record.kind() == AttachmentKind::Point {
        let posed = posed_point(record, skeleton, &editor.palette());
        let at = DVec2::from(posed.position);
        let angle = posed.rotation.to_radians();
        let tip = at + DVec2::new(angle.cos(), -angle.sin()) * (POINT_AIM / zoom);
        vec![at, tip]
    } else if is_polygon(record.kind()) {
        let posed = posed_polygon(record, skeleton, &editor.palette());
        posed.into_iter().map(DVec2::from).collect()
    } else {
        return None;
    };
    handles
        .into_iter()
        .enumerate()
        .map(|(i, p)| (i, p, p.distance(point)))
        .filter(|&(_, _, d)| d <= reach)
        .min_by(|a, b| a.2.total_cmp(&b.2))
        .map(|(i, p, _)| (shape.clone(), i, p))
}

/// Moves handle `index` of shape `shape` to where it is drawn at `to` (view pixels), within
/// the open step: a polygon's point, or a point attachment's position (0) or aim (1).
pub(crate) fn move_vertex(
    editor: &mut Editor,
    shape: &ShapeRef,
    index: usize,
    to: DVec2,
) -> Result<bool, SlotError> {
    let (mut set, i) = writable(&editor.document.project, &shape.slot)?;
    let palette = editor.palette();
    let skeleton = &editor.document.project.rig.skeleton;
    let Some(a) = set.slots[i]
        .attachments
        .iter_mut()
        .find(|a| a.name() == shape.attachment)
    else {
        return Ok(false);
    };
    let bone = carrier(a, skeleton, &palette, index);
    let Some(inverse) = invert(bone) else {
        return Ok(false);
    };
    if let AttachmentRecord::Point {
        position, rotation, ..
    } = a
    {
        if index == 0 {
            *position = inverse.transform_point2(to).to_array();
        } else {
            let direction = to - bone.transform_point2(DVec2::from(*position));
            if direction.length() < 1e-9 {
                return Ok(false);
            }
            *rotation = Some(screen_degrees(inverse.transform_vector2(direction)));
        }
    } else {
        let Some(vertex) = a.polygon_mut().and_then(|p| p.vertices.get_mut(index)) else {
            return Ok(false);
        };
        *vertex = inverse.transform_point2(to).to_array();
    }
    editor.document.apply(Edit::SetSlots(Box::new(set)))?;
    Ok(true)
}

/// Deletes the selected polygon's point at `point` (view pixels; a right-click), keeping at
/// least three. One undo step; `false` when no point is there.
pub(crate) fn delete_vertex_at(step: Step, point: DVec2) -> Result<bool, SlotError> {
    let Some((shape, index, _)) = handle_at(&step, point) else {
        return Ok(false);
    };
    let (mut set, i) = writable(&step.document.project, &shape.slot)?;
    let Some(a) = set.slots[i]
        .attachments
        .iter_mut()
        .find(|a| a.name() == shape.attachment)
    else {
        return Ok(false);
    };
    let Some(polygon) = a.polygon_mut() else {
        return Ok(false);
    };
    if polygon.vertices.len() <= MIN_POLYGON_POINTS {
        return Err(SlotError::KeepsPoints(MIN_POLYGON_POINTS));
    }
    if index >= polygon.vertices.len() {
        return Ok(false);
    }
    polygon.vertices.remove(index);
    if let PolygonBinding::Influences(influences) = &mut polygon.binding
        && index < influences.len()
    {
        influences.remove(index);
    }
    let done = format!("deleted a point of {}", shape.attachment);
    apply_slots(step, set, done)?;
    Ok(true)
}

impl Editor {
    /// Deletes the selected polygon's point at `point` (view pixels; the viewport's right-click),
    /// keeping at least three. One undo step; the status says why not.
    pub fn delete_shape_vertex_at(&mut self, point: DVec2) -> bool {
        delete_vertex_at(self.step(), point)
            .into_outcome(self)
            .is_done()
    }
}

#[cfg(test)]
#[path = "attachment_shapes_tests.rs"]
mod tests;
