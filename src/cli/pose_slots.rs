//! What `limber pose` prints of slots: the attachment each shows and its colour, and every
//! bounding-box polygon and point attachment posed (shown or not, flagged).

use serde::Serialize;

use crate::core::frame::Frame;
use crate::core::project::Project;
use crate::core::slots::{
    AttachmentKind, Shown, SlotSource, posed_point, posed_polygon, slot_list,
};

#[derive(Serialize)]
pub struct SlotState {
    pub name: String,
    /// The attachment shown, `null` for none.
    pub attachment: Option<String>,
    pub color: [f64; 4],
    pub draw_order: i32,
}

#[derive(Serialize)]
pub struct AttachmentPose {
    pub slot: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub shown: bool,
    /// Bounding box: the polygon posed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<[f64; 2]>>,
    /// Point: where it is and its direction (degrees counter-clockwise on screen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<f64>,
}

/// Every slot's state and every bounding box and point of `project` in `frame`.
pub fn slot_states(project: &Project, frame: &Frame) -> (Vec<SlotState>, Vec<AttachmentPose>) {
    let views = slot_list(&project.parts, &project.rig.slots);
    let mut states = Vec::new();
    let mut attachments = Vec::new();
    for (view, state) in views.iter().zip(&frame.slots) {
        let attachment = match (state.shown, view.source) {
            (Some(Shown::Part(p)), _) => Some(project.parts[p].name.clone()),
            (Some(Shown::Attachment(a)), SlotSource::Written(_)) => {
                view.attachment(a).map(|a| a.name().to_owned())
            }
            _ => None,
        };
        states.push(SlotState {
            name: state.name.clone(),
            attachment,
            color: state.color,
            draw_order: state.draw_order,
        });
        let Some(record) = view.record else { continue };
        for (i, a) in record.attachments.iter().enumerate() {
            let shown = state.shown == Some(Shown::Attachment(i));
            let skeleton = &project.rig.skeleton;
            let mut pose = AttachmentPose {
                slot: record.name.clone(),
                name: a.name().to_owned(),
                kind: a.kind().name(),
                shown,
                polygon: None,
                position: None,
                rotation: None,
            };
            match a.kind() {
                AttachmentKind::BoundingBox => {
                    pose.polygon = Some(posed_polygon(a, skeleton, &frame.palette));
                }
                AttachmentKind::Point => {
                    let point = posed_point(a, skeleton, &frame.palette);
                    pose.position = Some(point.position);
                    pose.rotation = Some(point.rotation);
                }
                _ => continue,
            }
            attachments.push(pose);
        }
    }
    (states, attachments)
}

/// One summary line per written slot and per bounding box and point.
pub fn summary_lines(states: &[SlotState], attachments: &[AttachmentPose]) -> Vec<String> {
    let mut lines: Vec<String> = states
        .iter()
        .map(|s| {
            let shown = s
                .attachment
                .as_ref()
                .map_or_else(|| "nothing".to_string(), |a| format!("\"{a}\""));
            let [r, g, b, a] = s.color;
            format!(
                "slot \"{}\" shows {shown}, colour ({r:.3}, {g:.3}, {b:.3}, {a:.3}), draw order {}",
                s.name, s.draw_order
            )
        })
        .collect();
    for a in attachments {
        let shown = if a.shown { "" } else { " (not shown)" };
        if let (Some(p), Some(r)) = (a.position, a.rotation) {
            lines.push(format!(
                "point \"{}\" of slot \"{}\"{shown} at ({:.1}, {:.1}), rotation {r:.1}°",
                a.name, a.slot, p[0], p[1]
            ));
        }
        if let Some(polygon) = &a.polygon {
            let points: Vec<String> = polygon
                .iter()
                .map(|p| format!("({:.1}, {:.1})", p[0], p[1]))
                .collect();
            lines.push(format!(
                "bounding box \"{}\" of slot \"{}\"{shown}: {}",
                a.name,
                a.slot,
                points.join(" ")
            ));
        }
    }
    lines
}
