//! The state of the viewport's and the dopesheet's drags, apart from what they do: `Editor` holds
//! the drag in progress ([`Drag`], in `tool_state.rs`), and each tool's behaviour (`impl Tool`, in
//! `pose.rs`, `scale.rs`, …) acts on `Editor`. Keeping the state here, importing no `editor`,
//! leaves the editor's modules without an import circle (`tests/architecture/main.rs`).

use glam::{DMat2, DVec2};
use limber_core::animation::ClipRecord;
use limber_core::animation::clip::MAX_KEY_SCALE;
use limber_core::skeleton::Bone;

use crate::curves::CurveDrag;
use crate::selection::Selection;
use crate::shape_state::ShapeRef;

/// The smallest ratio a scale drag scales by: the bone shrinks towards, but never through, its head.
const MIN_RATIO: f64 = 0.01;

/// The drag in progress: the active tool's state, a pan of the view, or a panel widget's drag.
#[derive(Debug, Clone, PartialEq)]
pub enum Drag {
    Pose(PoseDrag),
    Scale(ScaleDrag),
    BindPose(Box<BindPoseDrag>),
    NewBone(BoneDrag),
    Paint(BrushStroke),
    /// A cut being drawn (Weights mode, Cut on).
    Cut(CutDrag),
    MoveVertex(VertexDrag),
    /// A whole part moved in Mesh mode (its image's place on the canvas).
    MovePart(PartDrag),
    Deform(Box<DeformDrag>),
    Limit(LimitDrag),
    /// A point of the path being edited ([`super::path_point`]).
    PathPoint(PathPointDrag),
    Band(BandDrag),
    /// The dopesheet's drags (seconds and rows, not image pixels).
    SheetKeys(KeyDrag),
    SheetBand(KeyBand),
    Scrub(Scrub),
    /// Drawing a shape attachment, or moving a point of one.
    Shape(ShapeDrag),
    /// A key point or handle dragged in the curve editor (screen points of the graph).
    Curve(Box<CurveDrag>),
    /// Panning the view (the viewport moves the camera; the document is untouched).
    Pan,
    /// A panel's widget dragged or held open (a numeric field, a slider, a colour picker), known
    /// by the window's id for it: the commands it runs meanwhile join this drag's one undo step.
    Widget {
        id: u64,
        state: WidgetDrag,
    },
}

/// Where a panel widget's drag is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WidgetDrag {
    /// Its edits go into the drag's undo step.
    Editing,
    /// Esc put the document back: the rest of the drag, until the button is released, changes
    /// nothing.
    Cancelled,
}

// --- pose: PoseDrag, Follower, Posing

/// A bone being posed, with the other selected bones that follow it.
#[derive(Debug, Clone, PartialEq)]
pub struct PoseDrag {
    pub bone: usize,
    pub how: Posing,
    /// The other selected bones: each one's keyed rotation and translation when the drag began
    /// and the inverse of its parent's linear world transform.
    pub(crate) others: Vec<Follower>,
    /// The selection before the press (put back when the drag is cancelled).
    pub(crate) selection_before: Selection,
}

/// A selected bone posed along with the pressed one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Follower {
    pub(crate) bone: usize,
    pub(crate) start_degrees: f64,
    pub(crate) start_translate: DVec2,
    pub(crate) to_parent: DMat2,
}

/// How the pointer poses the bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Posing {
    /// Rotating about the posed head `pivot`: the lever point's angle and the keyed rotation
    /// (degrees) when the drag began; `offset` is added to the pointer to give the lever point
    /// (zero unless the press was nearer the pivot than `tools::pose::LEVER`).
    Rotate {
        pivot: DVec2,
        offset: DVec2,
        start_angle: f64,
        start_degrees: f64,
        /// The turn so far (radians), followed continuously past half a turn.
        turn: f64,
    },
    /// Moving (Shift): the pointer where the drag began, the keyed translation then, and the
    /// inverse of the parent's linear world transform (pointer motion → parent frame).
    Move {
        start_point: DVec2,
        start_translate: DVec2,
        to_parent: DMat2,
    },
}

// --- scale: ScaleDrag

/// A bone being scaled.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleDrag {
    pub bone: usize,
    /// The posed head (fixed while scaling) and the unit axes along and across the bone, in image
    /// pixels.
    pub(crate) head: DVec2,
    pub(crate) along: DVec2,
    pub(crate) across: DVec2,
    /// The press's offset from the head on each axis; `None` when it is too near the head on that
    /// axis for a ratio (that factor stays).
    pub(crate) start_along: Option<f64>,
    pub(crate) start_across: Option<f64>,
    /// The keyed scale when the drag began.
    pub(crate) start_scale: [f64; 2],
    pub(crate) uniform: bool,
    /// The other selected bones and their keyed scales when the drag began.
    pub(crate) others: Vec<(usize, [f64; 2])>,
    /// The selection before the press (put back when the drag is cancelled).
    pub(crate) selection_before: Selection,
}

impl ScaleDrag {
    /// The scale the pointer at `point` asks for.
    pub fn scale_at(&self, point: DVec2) -> [f64; 2] {
        let offset = point - self.head;
        let ratio = |start: Option<f64>, axis: DVec2| {
            start.map_or(1.0, |s| (offset.dot(axis) / s).max(MIN_RATIO))
        };
        let along = ratio(self.start_along, self.along);
        let across = if self.uniform {
            along
        } else {
            ratio(self.start_across, self.across)
        };
        let scaled = |start: f64, r: f64| (start * r).clamp(-MAX_KEY_SCALE, MAX_KEY_SCALE);
        [
            scaled(self.start_scale[0], along),
            scaled(self.start_scale[1], across),
        ]
    }
}

// --- bind_pose: Handle, BindPoseDrag

/// What a bind-pose drag holds of its bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    Head,
    Tail,
    /// The whole bone: head and tail together.
    Body,
}

/// A bone's rest head or tail, or the whole bone, being dragged.
#[derive(Debug, Clone, PartialEq)]
pub struct BindPoseDrag {
    pub bone: usize,
    pub handle: Handle,
    /// Where the press was (image pixels).
    pub from: DVec2,
    /// The bone's rest head and tail when the drag began.
    pub head: DVec2,
    pub tail: DVec2,
    /// Only this bone moves (Alt at the press).
    pub alone: bool,
    /// Whether the pointer has moved the bone at all.
    pub moved: bool,
    /// The bones' rest pose when the drag began.
    pub start: Vec<Bone>,
}

// --- bone: BoneDrag

/// A bone being drawn from `head` to `tail` (image pixels); nothing is in the document until the
/// release.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneDrag {
    pub head: DVec2,
    pub tail: DVec2,
}

// --- brush: BrushStroke

/// A brush stroke in progress: its dabs so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrushStroke {
    pub dabs: usize,
}

// --- cut: CutDrag

/// A cut being drawn: the pointer's path so far (image pixels).
#[derive(Debug, Clone, PartialEq)]
pub struct CutDrag {
    pub points: Vec<DVec2>,
}

// --- vertex: VertexDrag

/// A mesh vertex being dragged: applied when the drag ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VertexDrag {
    pub part: usize,
    pub vertex: usize,
    /// The pointer's offset from the vertex when pressed.
    pub grab: DVec2,
    /// Where the vertex goes (image pixels, rest pose).
    pub to: DVec2,
    /// Where it was.
    pub(crate) from: DVec2,
    /// The selected vertex before the press (put back when the drag is cancelled).
    pub(crate) selected_before: Option<(usize, usize)>,
}

// --- deform: DeformDrag

/// What a deform drag needs, fixed when it begins.
#[derive(Debug, Clone, PartialEq)]
pub struct DeformDrag {
    /// The clip as it was when the drag began (each step rewrites it from this).
    pub(crate) clip: ClipRecord,
    /// The part keyed and the key's time (clip-local seconds).
    pub part: String,
    pub time: f64,
    pub(crate) start: DVec2,
    /// The part's sampled offsets at the key's time when the drag began.
    pub(crate) base: Vec<(u32, [f64; 2])>,
    /// Moved vertices: index, falloff (1 at the grabbed vertex), posed → rest motion.
    pub(crate) moved: Vec<(u32, f64, DMat2)>,
}

// --- limit: LimitEnd, LimitDrag

/// Which end of a limit is being dragged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitEnd {
    Min,
    Max,
}

/// A limit's end being dragged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimitDrag {
    pub bone: usize,
    pub end: LimitEnd,
}

// --- path_point: PathPointDrag

/// A point of a path constraint's curve being dragged: an anchor (its two handles move with it) or
/// a handle alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathPointDrag {
    /// The path constraint's index in the rig.
    pub path: usize,
    /// The point's index in the path's points (three per anchor: handle before, anchor, handle
    /// after).
    pub point: usize,
    /// Where the pointer grabbed it, less the point (image pixels as drawn), so it does not jump.
    pub grab: [f64; 2],
}

// --- band: BandDrag

/// A rubber band being drawn over the bones.
#[derive(Debug, Clone, PartialEq)]
pub struct BandDrag {
    /// The corners: where the press was and where the pointer is (image pixels).
    pub start: DVec2,
    pub end: DVec2,
    /// Whether the bones inside join the selection instead of replacing it.
    pub(crate) add: bool,
    pub(crate) selection_before: Selection,
}

// --- dopesheet: KeyDrag, KeyBand, Scrub

/// Moving the selected keys with a grabbed one.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDrag {
    /// The grabbed key's time, and where it would land now.
    pub time: f64,
    pub drop: f64,
    pub(crate) selection_before: Selection,
}

/// A rubber band over the keys (Shift + drag on empty track).
#[derive(Debug, Clone, PartialEq)]
pub struct KeyBand {
    /// The corners (seconds, rows): the press and the pointer.
    pub start: DVec2,
    pub end: DVec2,
    pub(crate) selection_before: Selection,
}

/// Moving the playhead with the pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Scrub {
    pub(crate) playhead_before: f64,
    pub(crate) selection_before: Selection,
}

// --- polygon: ShapeDrag

/// A drag of a shape tool.
#[derive(Debug, Clone, PartialEq)]
pub enum ShapeDrag {
    /// The point just added to the polygon being drawn, following the pointer.
    NewPoint,
    /// A point attachment being placed at `at` and aimed toward `toward`.
    Aim { at: DVec2, toward: Option<DVec2> },
    /// Handle `index` of shape `shape` (a polygon's point; a point attachment's position 0 or aim
    /// 1), grabbed `offset` away from where it is drawn.
    Vertex {
        shape: ShapeRef,
        index: usize,
        offset: DVec2,
    },
}

// --- part_move: PartDrag

/// A part being moved in Mesh mode: its image's place on the canvas follows the pointer in whole
/// pixels (an image sits on whole pixels), never left of or above the canvas's corner.
#[derive(Debug, Clone, PartialEq)]
pub struct PartDrag {
    pub part: usize,
    /// Where the press was (image pixels).
    pub(crate) from: DVec2,
    /// The image's offset when the drag began.
    pub(crate) offset_before: [u32; 2],
    /// The image's offset now.
    pub offset: [u32; 2],
}

impl PartDrag {
    /// The image's offset for the pointer at `point`: moved by the whole pixels the pointer moved,
    /// clamped at the canvas's top-left corner.
    pub(crate) fn offset_for(&self, point: DVec2) -> [u32; 2] {
        let delta = (point - self.from).round();
        let moved = |was: u32, by: f64| {
            let to = f64::from(was) + by;
            // In range after the clamp: `as` only drops the (zero) fraction.
            to.clamp(0.0, f64::from(u32::MAX)) as u32
        };
        [
            moved(self.offset_before[0], delta.x),
            moved(self.offset_before[1], delta.y),
        ]
    }
}
