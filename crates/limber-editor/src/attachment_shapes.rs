//! Drawing and editing bounding-box, clipping and point attachments (the slots panel's "+ Box",
//! "+ Clip" and "+ Point", and the viewport's shape tools in `tools/polygon.rs`).
//!
//! A drawing is view state ([`super::shape_state`]) until it is finished: a polygon's points are
//! clicked in view pixels and closed with Enter or a click on its first point; a point is placed by
//! a press and aimed by dragging. The finished attachment is added to its slot in one undo step,
//! carried by the selected bone (or the bone whose head is nearest), its vertices, position and
//! rotation put back into the rest pose through that bone's palette transform, by the same rules
//! as any new attachment (`slot_actions::push_attachment`: the setup when the slot shows nothing,
//! the active skin's). Esc drops a drawing with the document untouched.
//!
//! A polygon attachment selected in the panel shows its points as handles: dragging one moves it
//! (one undo step per drag, inverted through the vertex's blended transform, so a vertex under the
//! pointer stays under it when posed) and deleting one keeps at least three.

use glam::{DAffine2, DMat2, DVec2};
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::skeleton::Skeleton;
use limber_core::slots::{AttachmentKind, AttachmentRecord, Shown, posed_point, posed_polygon};

use super::editor::Editor;
use super::shape_state::{Drawing, ShapeRef};
use super::slot_actions::push_attachment;

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
    if a.influences.is_empty() {
        return a
            .bone
            .as_deref()
            .and_then(|b| skeleton.index_of(b))
            .map_or(DAffine2::IDENTITY, of);
    }
    let mut sum = DAffine2 {
        matrix2: DMat2::ZERO,
        translation: DVec2::ZERO,
    };
    for &(bone, weight) in a.influences.get(vertex).into_iter().flatten() {
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

impl Editor {
    /// Starts drawing a `kind` attachment (bounding box, clipping or point) for slot `slot`; a
    /// clipping attachment clips up to the slot in front of its own unless another is chosen
    /// ([`Editor::set_drawing_end`]). Returns whether the tool started (the status says why not).
    pub fn start_shape(&mut self, slot: &str, kind: AttachmentKind) -> bool {
        if kind == AttachmentKind::Mesh || self.writable_slots(slot).is_none() {
            return false;
        }
        if self.document.project.rig.skeleton.bones.is_empty() {
            self.status = format!("add a bone first: a {} follows a bone", kind.name());
            return false;
        }
        let end = if kind == AttachmentKind::Clipping {
            let Some(end) = self.clip_end_choices(slot).into_iter().next() else {
                self.status = format!(
                    "a clipping attachment clips the slots in front of its own: add a slot in front of {slot} first"
                );
                return false;
            };
            Some(end)
        } else {
            None
        };
        self.cancel_drag();
        self.tools.shapes_mut().set_drawing(Some(Drawing {
            slot: slot.to_string(),
            kind,
            points: Vec::new(),
            end,
        }));
        self.status = if kind == AttachmentKind::Point {
            "press where the point goes and drag to aim it; Esc cancels".into()
        } else {
            "click to add points; Enter or a click on the first point closes; Esc cancels".into()
        };
        true
    }

    /// The attachment being drawn, if any.
    pub fn shape_drawing(&self) -> Option<&Drawing> {
        self.tools.shapes().drawing()
    }

    /// Drops the drawing (Esc): the document is untouched. Returns whether one was dropped.
    pub fn cancel_shape(&mut self) -> bool {
        let dropped = self.tools.shapes().drawing().is_some();
        if dropped {
            self.tools.shapes_mut().set_drawing(None);
            self.status = "drawing cancelled".into();
        }
        dropped
    }

    /// Chooses the end slot of the clipping attachment being drawn.
    pub fn set_drawing_end(&mut self, end: &str) {
        if let Some(drawing) = self.tools.shapes_mut().drawing_mut() {
            drawing.end = Some(end.to_string());
        }
    }

    /// Adds a point (view pixels) to the polygon being drawn.
    pub(crate) fn add_shape_point(&mut self, point: DVec2) {
        if let Some(drawing) = self.tools.shapes_mut().drawing_mut() {
            drawing.points.push(point);
        }
    }

    /// Moves the polygon's last point (the one whose press is held) to `point`.
    pub(crate) fn move_last_shape_point(&mut self, point: DVec2) {
        if let Some(last) = self
            .tools
            .shapes_mut()
            .drawing_mut()
            .and_then(|d| d.points.last_mut())
        {
            *last = point;
        }
    }

    /// Whether a press at `point` closes the polygon being drawn (on its first point, with enough
    /// points).
    pub fn closes_shape_at(&self, point: DVec2) -> bool {
        let reach = HANDLE_REACH / self.view().camera().zoom;
        self.shape_drawing().is_some_and(|d| {
            is_polygon(d.kind)
                && d.points.len() >= MIN_POLYGON_POINTS
                && d.points[0].distance(point) <= reach
        })
    }

    /// Closes the polygon being drawn (Enter): adds it to its slot as one undo step and selects it.
    pub fn close_shape(&mut self) -> bool {
        let Some(drawing) = self.shape_drawing().cloned() else {
            return false;
        };
        if !is_polygon(drawing.kind) {
            return false;
        }
        if drawing.points.len() < MIN_POLYGON_POINTS {
            self.status = format!(
                "a polygon needs at least {MIN_POLYGON_POINTS} points (it has {})",
                drawing.points.len()
            );
            return false;
        }
        let centre = drawing.points.iter().sum::<DVec2>() / drawing.points.len() as f64;
        let Some((bone, inverse)) = self.carrying_bone(centre) else {
            return false;
        };
        let record = AttachmentRecord {
            name: stem(drawing.kind).to_string(),
            kind: drawing.kind,
            vertices: drawing
                .points
                .iter()
                .map(|&p| inverse.transform_point2(p).to_array())
                .collect(),
            bone: Some(bone),
            end: drawing.end.clone(),
            ..AttachmentRecord::default()
        };
        self.add_shape(&drawing.slot, record)
    }

    /// Adds the point attachment being drawn at `at` (view pixels), aimed toward `toward` (or along
    /// +x), as one undo step.
    pub(crate) fn place_point(&mut self, at: DVec2, toward: Option<DVec2>) -> bool {
        let Some(drawing) = self.shape_drawing().cloned() else {
            return false;
        };
        let Some((bone, inverse)) = self.carrying_bone(at) else {
            return false;
        };
        let direction = toward
            .map(|t| t - at)
            .filter(|d| d.length() > 1e-9)
            .unwrap_or(DVec2::X);
        let record = AttachmentRecord {
            name: stem(AttachmentKind::Point).to_string(),
            kind: AttachmentKind::Point,
            bone: Some(bone),
            position: Some(inverse.transform_point2(at).to_array()),
            rotation: Some(screen_degrees(inverse.transform_vector2(direction))),
            ..AttachmentRecord::default()
        };
        self.add_shape(&drawing.slot, record)
    }

    /// The bone a new shape near `near` (view pixels) follows — the selected one, else the one whose
    /// head is nearest — and the inverse of its palette transform; `None` (the status says why)
    /// without one.
    fn carrying_bone(&mut self, near: DVec2) -> Option<(String, DAffine2)> {
        let palette = self.palette();
        let bones = &self.document.project.rig.skeleton.bones;
        let at = |i: usize| palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
        let bone = self
            .selection()
            .bone()
            .filter(|&b| b < bones.len())
            .or_else(|| {
                (0..bones.len()).min_by(|&a, &b| {
                    let d = |i: usize| at(i).transform_point2(bones[i].head()).distance(near);
                    d(a).total_cmp(&d(b))
                })
            });
        let Some(bone) = bone else {
            self.status = "add a bone first: a shape follows a bone".into();
            return None;
        };
        let name = bones[bone].name.clone();
        let Some(inverse) = invert(at(bone)) else {
            self.status = format!("bone {name} is scaled to nothing here: pose it first");
            return None;
        };
        Some((name, inverse))
    }

    /// Adds `record` to slot `slot` as one undo step, ends the drawing and selects it.
    fn add_shape(&mut self, slot: &str, record: AttachmentRecord) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            self.status = format!("there is no slot {slot}");
            return false;
        };
        let kind = record.kind;
        let name = push_attachment(&mut set, i, record);
        let mut step = self.step();
        if !step.apply(Edit::SetSlots(Box::new(set))) {
            return false;
        }
        step.commit();
        self.status = format!("added {} {name} to {slot}", kind.name());
        let shapes = self.tools.shapes_mut();
        shapes.set_drawing(None);
        shapes.set_selected(Some(ShapeRef {
            slot: slot.to_string(),
            attachment: name,
        }));
        true
    }

    /// The slots a clipping attachment of slot `slot` may end at: those drawn in front of it at
    /// setup, nearest first.
    pub fn clip_end_choices(&self, slot: &str) -> Vec<String> {
        let views = self.document.project.slots();
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

    /// Sets the end slot of clipping attachment `attachment` of slot `slot`. One undo step.
    pub fn set_clip_end(&mut self, slot: &str, attachment: &str, end: &str) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        let Some(a) = set.slots[i]
            .attachments
            .iter_mut()
            .find(|a| a.name == attachment && a.kind == AttachmentKind::Clipping)
        else {
            return false;
        };
        if a.end.as_deref() == Some(end) {
            return false;
        }
        a.end = Some(end.to_string());
        self.apply_slots(set, format!("{attachment} of {slot} clips up to {end}"))
    }

    /// The kind of attachment `attachment` of slot `slot`.
    pub fn attachment_kind(&self, slot: &str, attachment: &str) -> Option<AttachmentKind> {
        let views = self.document.project.slots();
        let view = views.iter().find(|v| v.name == slot)?;
        let record = view.record?;
        record
            .attachments
            .iter()
            .find(|a| a.name == attachment)
            .map(|a| a.kind)
    }

    /// Selects attachment `attachment` of slot `slot` for editing when it is a bounding box,
    /// clipping or point (anything else, or `None`, clears the selection).
    pub fn select_shape(&mut self, slot: &str, attachment: Option<&str>) {
        let selected = attachment
            .filter(|a| {
                self.attachment_kind(slot, a)
                    .is_some_and(|k| k != AttachmentKind::Mesh)
            })
            .map(|a| ShapeRef {
                slot: slot.to_string(),
                attachment: a.to_string(),
            });
        self.tools.shapes_mut().set_selected(selected);
    }

    /// The attachment selected for editing and its record, while it still exists.
    pub fn selected_shape(&self) -> Option<(ShapeRef, &AttachmentRecord)> {
        let shape = self.tools.shapes().selected()?;
        let record = self
            .document
            .project
            .rig
            .slots
            .slots
            .iter()
            .find(|s| s.name == shape.slot)?
            .attachments
            .iter()
            .find(|a| a.name == shape.attachment && a.kind != AttachmentKind::Mesh)?;
        Some((shape.clone(), record))
    }

    /// The handle of the selected shape within reach of `point` (view pixels): its index and where
    /// it is drawn. A polygon's handles are its points; a point attachment's are its position (0)
    /// and the tip of its direction line (1), [`POINT_AIM`] screen points along its rotation.
    pub fn shape_handle_at(&self, point: DVec2) -> Option<(ShapeRef, usize, DVec2)> {
        let (shape, record) = self.selected_shape()?;
        let zoom = self.view().camera().zoom;
        let reach = HANDLE_REACH / zoom;
        let skeleton = &self.document.project.rig.skeleton;
        let handles: Vec<DVec2> = if record.kind == AttachmentKind::Point {
            let posed = posed_point(record, skeleton, &self.palette());
            let at = DVec2::from(posed.position);
            let angle = posed.rotation.to_radians();
            let tip = at + DVec2::new(angle.cos(), -angle.sin()) * (POINT_AIM / zoom);
            vec![at, tip]
        } else if is_polygon(record.kind) {
            let posed = posed_polygon(record, skeleton, &self.palette());
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
    pub(crate) fn move_shape_vertex(&mut self, shape: &ShapeRef, index: usize, to: DVec2) -> bool {
        let Some((mut set, i)) = self.writable_slots(&shape.slot) else {
            return false;
        };
        let palette = self.palette();
        let skeleton = &self.document.project.rig.skeleton;
        let Some(a) = set.slots[i]
            .attachments
            .iter_mut()
            .find(|a| a.name == shape.attachment)
        else {
            return false;
        };
        let bone = carrier(a, skeleton, &palette, index);
        let Some(inverse) = invert(bone) else {
            return false;
        };
        if a.kind == AttachmentKind::Point {
            let Some(position) = a.position else {
                return false;
            };
            if index == 0 {
                a.position = Some(inverse.transform_point2(to).to_array());
            } else {
                let direction = to - bone.transform_point2(DVec2::from(position));
                if direction.length() < 1e-9 {
                    return false;
                }
                a.rotation = Some(screen_degrees(inverse.transform_vector2(direction)));
            }
        } else {
            let Some(vertex) = a.vertices.get_mut(index) else {
                return false;
            };
            *vertex = inverse.transform_point2(to).to_array();
        }
        self.apply(Edit::SetSlots(Box::new(set)))
    }

    /// Deletes the selected polygon's point at `point` (view pixels; a right-click), keeping at
    /// least three. One undo step.
    pub fn delete_shape_vertex_at(&mut self, point: DVec2) -> bool {
        let Some((shape, index, _)) = self.shape_handle_at(point) else {
            return false;
        };
        let Some((mut set, i)) = self.writable_slots(&shape.slot) else {
            return false;
        };
        let Some(a) = set.slots[i]
            .attachments
            .iter_mut()
            .find(|a| a.name == shape.attachment)
        else {
            return false;
        };
        if a.vertices.len() <= MIN_POLYGON_POINTS {
            self.status = format!("a polygon keeps at least {MIN_POLYGON_POINTS} points");
            return false;
        }
        a.vertices.remove(index);
        if index < a.influences.len() {
            a.influences.remove(index);
        }
        let done = format!("deleted a point of {}", shape.attachment);
        self.apply_slots(set, done)
    }

    /// The bounding boxes, clipping polygons and points to draw over `frame`: every one a slot
    /// shows, and the one selected for editing, posed by the frame's palette.
    pub fn shape_overlays(&self, frame: &Frame) -> Vec<ShapeOverlay> {
        let project = &self.document.project;
        let skeleton = &project.rig.skeleton;
        let selected = self.tools.shapes().selected();
        let mut overlays = Vec::new();
        for (view, state) in project.slots().iter().zip(&frame.slots) {
            let Some(record) = view.record else { continue };
            for (i, a) in record.attachments.iter().enumerate() {
                if a.kind == AttachmentKind::Mesh {
                    continue;
                }
                let is_selected =
                    selected.is_some_and(|s| s.slot == view.name && s.attachment == a.name);
                if !is_selected && state.shown != Some(Shown::Attachment(i)) {
                    continue;
                }
                let (points, rotation) = if a.kind == AttachmentKind::Point {
                    let posed = posed_point(a, skeleton, &frame.palette);
                    (vec![DVec2::from(posed.position)], posed.rotation)
                } else {
                    let posed = posed_polygon(a, skeleton, &frame.palette);
                    (posed.into_iter().map(DVec2::from).collect(), 0.0)
                };
                overlays.push(ShapeOverlay {
                    slot: view.name.to_string(),
                    attachment: a.name.clone(),
                    kind: a.kind,
                    points,
                    rotation,
                    selected: is_selected,
                });
            }
        }
        overlays
    }
}

#[cfg(test)]
#[path = "attachment_shapes_tests.rs"]
mod tests;
