//! The editor's state and the actions the UI triggers — independent of egui, so tests drive it
//! directly. The document holds what is saved; everything else here is view state.

use std::path::{Path, PathBuf};

use glam::{DAffine2, DVec2};

use super::document::Document;
use super::weights_cache::WeightsCache;
use crate::core::animation::{ClipRecord, Interpolation, KeyRecord};
use crate::core::brush::{BrushMode, Dab, apply_dab};
use crate::core::edit::Edit;
use crate::core::frame::Frame;
use crate::core::pose::PoseSolver;
use crate::core::rig::BoneRecord;
use crate::core::skinning::SkinningMode;
use crate::core::weights::WeightSettings;

/// The view onto image space: `zoom` screen points per image pixel, `center` at the viewport's middle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub center: DVec2,
    pub zoom: f64,
}

impl Camera {
    /// Image point under a screen point of a viewport whose centre is `viewport_center`.
    pub fn to_image(&self, screen: DVec2, viewport_center: DVec2) -> DVec2 {
        self.center + (screen - viewport_center) / self.zoom
    }

    pub fn to_screen(&self, image: DVec2, viewport_center: DVec2) -> DVec2 {
        viewport_center + (image - self.center) * self.zoom
    }

    /// Zooms by `factor` keeping the image point under `screen` where it is.
    pub fn zoom_at(&mut self, factor: f64, screen: DVec2, viewport_center: DVec2) {
        let anchor = self.to_image(screen, viewport_center);
        self.zoom = (self.zoom * factor).clamp(0.02, 64.0);
        self.center = anchor - (screen - viewport_center) / self.zoom;
    }
}

/// Which overlays the viewport shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlays {
    pub wireframe: bool,
    pub bones: bool,
    pub weights: bool,
    /// Onion skins: ghosts of the pose [`ONION_STEP`] seconds before and after the playhead.
    pub onion: bool,
}

/// How far before and after the playhead the onion skins are.
pub const ONION_STEP: f64 = 0.1;

/// What a drag in the viewport does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Drag a bone to rotate it about its head (keyed at the playhead).
    #[default]
    Animate,
    /// Drag to create a bone (from the selected bone's tail, as its child); drag a head or tail to
    /// move it.
    Bones,
    /// Weights: heat map of the selected bone; sliders recompute weights; drag to paint.
    Weights,
    /// Mesh: the part's mesh settings with a live wireframe; re-meshing carries the weights over.
    Mesh,
}

/// Everything the editor window shows and edits.
pub struct Editor {
    pub document: Document,
    pub camera: Camera,
    pub overlays: Overlays,
    pub mode: Mode,
    pub selected_bone: Option<usize>,
    /// Index into the project's clips.
    pub clip: Option<usize>,
    /// Playhead, seconds.
    pub time: f64,
    pub playing: bool,
    pub skinning: SkinningMode,
    /// The last message for the status bar (errors included), one line.
    pub status: String,
    pub show_help: bool,
    /// Whether the "unsaved changes" question is showing.
    pub confirm_close: bool,
    /// Set when the viewport should fit the canvas at its next frame.
    pub fit_requested: bool,
    pub weights: WeightsCache,
    /// The drag in progress in the viewport.
    pub drag: Option<Drag>,
    /// Where the viewport was last drawn (screen points): its centre.
    pub viewport_center: DVec2,
    pub brush: Brush,
    /// Bones the brush leaves alone (by index; not saved).
    pub locked: Vec<bool>,
    /// The key selected in the dopesheet: bone name and time.
    pub selected_key: Option<(String, f64)>,
    /// The vertex whose weights the inspector shows (Alt + click in Weights mode): part, vertex.
    pub selected_vertex: Option<(usize, usize)>,
}

/// The weight brush's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Brush {
    pub mode: BrushMode,
    /// Image pixels.
    pub radius: f64,
    /// 0–1 (for Set: the target weight).
    pub strength: f64,
}

/// A viewport drag in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    /// Rotating `bone` about its posed head `pivot`: the pointer's angle and the keyed rotation
    /// (degrees) when the drag began.
    Rotate {
        bone: usize,
        pivot: DVec2,
        start_angle: f64,
        start_degrees: f64,
    },
    /// Moving `bone` (Shift + drag): the pointer where the drag began, the keyed translation then,
    /// and the inverse of its parent's linear world transform (pointer motion → parent frame).
    Move {
        bone: usize,
        start_point: DVec2,
        start_translate: DVec2,
        to_parent: glam::DMat2,
    },
    /// A new bone from `head` to `tail` (image pixels).
    NewBone { head: DVec2, tail: DVec2 },
    /// Painting weights (one brush stroke).
    Paint,
    /// Panning the view.
    Pan,
}

impl Editor {
    pub fn new(document: Document) -> Self {
        let clip = (!document.project.rig.clips.is_empty()).then_some(0);
        Self {
            document,
            camera: Camera {
                center: DVec2::ZERO,
                zoom: 1.0,
            },
            overlays: Overlays {
                wireframe: false,
                bones: true,
                weights: false,
                onion: false,
            },
            mode: Mode::default(),
            selected_bone: None,
            clip,
            time: 0.0,
            playing: false,
            skinning: SkinningMode::LinearBlend,
            status: String::new(),
            show_help: false,
            confirm_close: false,
            fit_requested: true,
            weights: WeightsCache::default(),
            drag: None,
            viewport_center: DVec2::ZERO,
            brush: Brush {
                mode: BrushMode::Add,
                radius: 12.0,
                strength: 0.3,
            },
            locked: Vec::new(),
            selected_key: None,
            selected_vertex: None,
        }
    }

    /// Opens a project or PNG in place of the current document. On error the document is unchanged
    /// and the status says why.
    pub fn open(&mut self, path: &Path) -> bool {
        match Document::open(path) {
            Ok(document) => {
                *self = Self::new(document);
                self.status = format!("opened {}", path.display());
                true
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    /// Applies an edit, reporting a refusal in the status bar. Returns whether it applied.
    pub fn apply(&mut self, edit: Edit) -> bool {
        match self.document.apply(edit) {
            Ok(()) => true,
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    pub fn undo(&mut self) {
        if self.document.undo() {
            self.after_history_step();
            self.status = "undone".into();
        }
    }

    pub fn redo(&mut self) {
        if self.document.redo() {
            self.after_history_step();
            self.status = "redone".into();
        }
    }

    fn after_history_step(&mut self) {
        let bones = self.document.project.rig.skeleton.bones.len();
        self.selected_bone = self.selected_bone.filter(|&b| b < bones);
        let clips = self.document.project.rig.clips.len();
        self.clip = self
            .clip
            .filter(|&c| c < clips)
            .or((clips > 0).then_some(0));
    }

    pub fn save(&mut self) -> bool {
        self.report(|d| d.save(), "saved")
    }

    pub fn save_as(&mut self, path: &Path) -> bool {
        self.report(|d| d.save_as(path), "saved")
    }

    fn report(
        &mut self,
        action: impl FnOnce(&mut Document) -> Result<(), String>,
        done: &str,
    ) -> bool {
        match action(&mut self.document) {
            Ok(()) => {
                self.status = done.into();
                true
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    /// The current clip.
    pub fn current_clip(&self) -> Option<&crate::core::animation::Clip> {
        self.clip
            .and_then(|c| self.document.project.rig.clips.get(c))
    }

    /// The current clip's name.
    pub fn clip_name(&self) -> Option<&str> {
        self.current_clip().map(|c| c.name.as_str())
    }

    /// The project at the playhead in Animate mode; the rest pose when rigging (or without a clip).
    pub fn frame(&self) -> Option<Frame> {
        let project = &self.document.project;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let clip = self
            .clip
            .filter(|_| self.mode == Mode::Animate)
            .and_then(|c| project.rig.clips.get(c));
        Some(Frame::sample(project, &solver, clip, self.time))
    }

    /// The frames of the onion skins (earlier, later), when they are on and a clip is animating.
    pub fn onion_frames(&self) -> Option<[Frame; 2]> {
        if !self.overlays.onion || self.mode != Mode::Animate {
            return None;
        }
        let project = &self.document.project;
        let clip = self.clip.and_then(|c| project.rig.clips.get(c))?;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        let at = |t: f64| Frame::sample(project, &solver, Some(clip), clip.local_time(t));
        Some([at(self.time - ONION_STEP), at(self.time + ONION_STEP)])
    }

    /// Advances the playhead by `dt` seconds while playing (wrapping a looping clip, stopping at
    /// the end of one that plays once).
    pub fn tick(&mut self, dt: f64) {
        if !self.playing {
            return;
        }
        let Some(clip) = self.current_clip() else {
            self.playing = false;
            return;
        };
        let t = self.time + dt;
        if clip.looping {
            self.time = t.rem_euclid(clip.duration);
        } else if t >= clip.duration {
            self.time = clip.duration;
            self.playing = false;
        } else {
            self.time = t;
        }
    }

    pub fn toggle_play(&mut self) {
        if self.clip.is_none() {
            self.status = "no clip to play: add one in the timeline".into();
            return;
        }
        self.playing = !self.playing;
    }

    /// Adds an empty looping clip of one second and selects it.
    pub fn add_clip(&mut self) {
        let clips = &self.document.project.rig.clips;
        let name = (1..)
            .map(|i| format!("clip{i}"))
            .find(|n| clips.iter().all(|c| &c.name != n))
            .unwrap_or_else(|| "clip".into());
        let record = ClipRecord {
            name,
            duration: 1.0,
            looping: true,
            keys: Vec::new(),
            parts: Vec::new(),
            constraints: Vec::new(),
        };
        if self.apply(Edit::AddClip(record)) {
            self.clip = Some(self.document.project.rig.clips.len() - 1);
            self.time = 0.0;
        }
    }

    /// Renames the current clip.
    pub fn rename_clip(&mut self, to: &str) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        if record.name == to || to.trim().is_empty() {
            return false;
        }
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip {
            name,
            clip: ClipRecord {
                name: to.trim().to_string(),
                ..record
            },
        })
    }

    /// Adds a copy of the current clip ("NAME copy") and selects it.
    pub fn duplicate_clip(&mut self) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        let clips = &self.document.project.rig.clips;
        let name = std::iter::once(format!("{} copy", record.name))
            .chain((2..).map(|i| format!("{} copy {i}", record.name)))
            .find(|n| clips.iter().all(|c| &c.name != n))
            .unwrap_or_default();
        if self.apply(Edit::AddClip(ClipRecord { name, ..record })) {
            self.clip = Some(self.document.project.rig.clips.len() - 1);
            return true;
        }
        false
    }

    /// Deletes the current clip.
    pub fn delete_clip(&mut self) -> bool {
        let Some(name) = self.clip_name().map(str::to_string) else {
            return false;
        };
        if self.apply(Edit::RemoveClip { name }) {
            let clips = self.document.project.rig.clips.len();
            self.clip = (clips > 0).then_some(0);
            self.time = 0.0;
            self.selected_key = None;
            return true;
        }
        false
    }

    /// The selected bone's rotation offset (degrees, counter-clockwise on screen) as the clip
    /// samples it at the playhead, before constraints.
    pub fn keyed_rotation(&self, bone: usize) -> f64 {
        self.current_clip()
            .and_then(|clip| clip.sample(self.time).bones.get(bone).map(|b| b.rotate))
            .unwrap_or(0.0)
            .to_degrees()
    }

    /// The selected bone's translation offset (pixels, in its parent's frame) as the clip samples it
    /// at the playhead.
    pub fn keyed_translation(&self, bone: usize) -> DVec2 {
        self.current_clip()
            .and_then(|clip| {
                clip.sample(self.time)
                    .bones
                    .get(bone)
                    .map(|b| DVec2::from(b.translate))
            })
            .unwrap_or(DVec2::ZERO)
    }

    /// Keys `bone`'s translation at the playhead in the current clip.
    pub fn key_translation(&mut self, bone: usize, translate: DVec2) -> bool {
        let (Some(clip), Some(name)) = (self.clip_name().map(str::to_string), self.bone_name(bone))
        else {
            self.status = "no clip to key: add one in the timeline".into();
            return false;
        };
        let key = KeyRecord {
            bone: name,
            time: self.time,
            rotate: None,
            translate: Some(translate.to_array()),
            scale: None,
            interp: Default::default(),
        };
        self.apply(Edit::SetKey { clip, key })
    }

    /// Keys `bone`'s rotation (degrees) at the playhead in the current clip.
    pub fn key_rotation(&mut self, bone: usize, degrees: f64) -> bool {
        let Some(clip) = self.clip_name().map(str::to_string) else {
            self.status = "no clip to key: add one in the timeline".into();
            return false;
        };
        let Some(name) = self.bone_name(bone) else {
            return false;
        };
        let key = KeyRecord {
            bone: name,
            time: self.time,
            rotate: Some(degrees),
            translate: None,
            scale: None,
            interp: Default::default(),
        };
        self.apply(Edit::SetKey { clip, key })
    }

    /// Sets a key (K) for the selected bone with its current rotation.
    pub fn key_selected(&mut self) {
        match self.selected_bone {
            Some(bone) => {
                let degrees = self.keyed_rotation(bone);
                if self.key_rotation(bone, degrees) {
                    self.status = format!("keyed at {:.2} s", self.time);
                }
            }
            None => self.status = "select a bone to key".into(),
        }
    }

    pub fn bone_name(&self, bone: usize) -> Option<String> {
        self.document
            .project
            .rig
            .skeleton
            .bones
            .get(bone)
            .map(|b| b.name.clone())
    }

    /// Adds a bone from `head` to `tail` (image pixels), a child of the selected bone, and selects
    /// it; then recomputes weights.
    pub fn add_bone(&mut self, head: DVec2, tail: DVec2) {
        let bones = &self.document.project.rig.skeleton.bones;
        let name = (1..)
            .map(|i| format!("bone{i}"))
            .find(|n| bones.iter().all(|b| &b.name != n))
            .unwrap_or_else(|| "bone".into());
        let record = BoneRecord {
            name,
            parent: self.selected_bone.and_then(|b| self.bone_name(b)),
            head: head.to_array(),
            tail: tail.to_array(),
            smoothness: None,
            deform: true,
        };
        self.document.begin();
        if self.apply(Edit::AddBone(record)) {
            self.selected_bone = Some(self.document.project.rig.skeleton.bones.len() - 1);
            self.recompute_weights();
        }
        self.document.commit();
    }

    /// Deletes the selected bone (Delete).
    pub fn delete_selected_bone(&mut self) {
        if let Some(name) = self.selected_bone.and_then(|b| self.bone_name(b))
            && self.apply(Edit::RemoveBone { name })
        {
            self.selected_bone = None;
        }
    }

    pub fn rename_bone(&mut self, bone: usize, to: &str) -> bool {
        match self.bone_name(bone) {
            Some(from) if from != to => self.apply(Edit::RenameBone {
                from,
                to: to.to_string(),
            }),
            _ => false,
        }
    }

    /// Automatic weights for every part from the current skeleton and settings (one edit per part,
    /// inside whatever transaction is open).
    pub fn recompute_weights(&mut self) {
        for index in 0..self.document.project.parts.len() {
            let image = self.document.image_path(index);
            match self.weights.weights(&self.document.project, index, &image) {
                Ok(binding) => {
                    self.apply(Edit::SetBinding {
                        part: index,
                        binding,
                    });
                }
                Err(e) => self.status = e,
            }
        }
    }

    /// Sets part `index`'s global smoothness and recomputes its weights (no distance field is
    /// computed: the cache has them).
    pub fn set_smoothness(&mut self, index: usize, smoothness: f64) {
        let Some(part) = self.document.project.parts.get(index) else {
            return;
        };
        let settings = WeightSettings {
            smoothness,
            ..part.weight_settings
        };
        if self.apply(Edit::SetWeightSettings {
            part: index,
            settings,
        }) {
            self.recompute_weights();
        }
    }

    /// Screen position (points) of an image point in the last drawn viewport.
    pub fn screen_of(&self, image: DVec2) -> DVec2 {
        self.camera.to_screen(image, self.viewport_center)
    }

    /// The canvas: from (0, 0) to the largest part image.
    pub fn canvas(&self) -> DVec2 {
        self.document
            .project
            .parts
            .iter()
            .fold(DVec2::ONE, |size, p| {
                size.max(DVec2::new(
                    f64::from(p.mesh.width),
                    f64::from(p.mesh.height),
                ))
            })
    }

    /// Fits the canvas into a viewport of `size` points with a margin.
    pub fn fit(&mut self, size: DVec2) {
        let canvas = self.canvas();
        self.camera = Camera {
            center: canvas / 2.0,
            zoom: ((size.x / canvas.x).min(size.y / canvas.y) * 0.9).max(0.02),
        };
        self.fit_requested = false;
    }

    /// The bone whose posed segment passes nearest `image_point`, within `reach` image pixels.
    pub fn bone_at(&self, palette: &[DAffine2], image_point: DVec2, reach: f64) -> Option<usize> {
        let bones = &self.document.project.rig.skeleton.bones;
        bones
            .iter()
            .enumerate()
            .map(|(i, bone)| {
                let m = palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
                let (a, b) = (
                    m.transform_point2(bone.head()),
                    m.transform_point2(bone.tail()),
                );
                (i, segment_distance(image_point, a, b))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// One brush dab at `point` (image pixels, rest pose) on the selected bone, in every part; inside
    /// the stroke's transaction each dab joins one undo step.
    pub fn paint(&mut self, point: DVec2) {
        let Some(bone) = self.selected_bone else {
            self.status = "select a bone to paint its weights".into();
            return;
        };
        let dab = Dab {
            centre: point.to_array(),
            radius: self.brush.radius,
            strength: self.brush.strength,
            bone,
            mode: self.brush.mode,
        };
        for index in 0..self.document.project.parts.len() {
            let part = &self.document.project.parts[index];
            let mut binding = part.binding.clone();
            apply_dab(&mut binding, &part.mesh, &dab, &self.locked);
            if binding != part.binding {
                self.apply(Edit::SetBinding {
                    part: index,
                    binding,
                });
            }
        }
    }

    /// The vertex nearest `point` (rest pose, image pixels) within `reach`, over all parts.
    pub fn vertex_at(&self, point: DVec2, reach: f64) -> Option<(usize, usize)> {
        let mut best: Option<(f64, usize, usize)> = None;
        for (p, part) in self.document.project.parts.iter().enumerate() {
            for (v, position) in part.mesh.positions.iter().enumerate() {
                let d = (DVec2::from(*position) - point).length();
                if d <= reach && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, p, v));
                }
            }
        }
        best.map(|(_, p, v)| (p, v))
    }

    /// Sets bone `bone`'s weight at one vertex to `weight` exactly (0–1); the other unlocked bones
    /// share the rest in proportion, as the brush's Set mode does.
    pub fn set_vertex_weight(
        &mut self,
        part: usize,
        vertex: usize,
        bone: usize,
        weight: f64,
    ) -> bool {
        let Some(p) = self.document.project.parts.get(part) else {
            return false;
        };
        let Some(position) = p.mesh.positions.get(vertex) else {
            return false;
        };
        let dab = Dab {
            centre: *position,
            // Only this vertex: the falloff is exactly 1 at the centre.
            radius: 1e-6,
            strength: weight.clamp(0.0, 1.0),
            bone,
            mode: BrushMode::Set,
        };
        let mut binding = p.binding.clone();
        apply_dab(&mut binding, &p.mesh, &dab, &self.locked);
        binding != p.binding && self.apply(Edit::SetBinding { part, binding })
    }

    /// Whether bone `bone` is locked against the brush.
    pub fn is_locked(&self, bone: usize) -> bool {
        self.locked.get(bone).copied().unwrap_or(false)
    }

    pub fn set_locked(&mut self, bone: usize, locked: bool) {
        if self.locked.len() <= bone {
            self.locked.resize(bone + 1, false);
        }
        self.locked[bone] = locked;
    }

    /// The selected key's record in the current clip.
    pub fn selected_key_record(&self) -> Option<KeyRecord> {
        let (bone, time) = self.selected_key.as_ref()?;
        let clip = self.current_clip()?;
        clip.to_record()
            .keys
            .into_iter()
            .find(|k| &k.bone == bone && k.time == *time)
    }

    /// Sets the interpolation from the selected key to the next.
    pub fn set_key_interpolation(&mut self, interp: Interpolation) {
        let (Some(key), Some(clip)) = (
            self.selected_key_record(),
            self.clip_name().map(str::to_string),
        ) else {
            return;
        };
        self.apply(Edit::SetKey {
            clip,
            key: KeyRecord { interp, ..key },
        });
    }

    /// Moves the selected key to `time` (same channels and interpolation), as one undo step.
    pub fn move_selected_key(&mut self, time: f64) {
        let (Some(key), Some(clip)) = (
            self.selected_key_record(),
            self.clip_name().map(str::to_string),
        ) else {
            return;
        };
        if key.time == time {
            return;
        }
        self.document.begin();
        let removed = self.apply(Edit::RemoveKey {
            clip: clip.clone(),
            bone: key.bone.clone(),
            time: key.time,
        });
        if removed
            && self.apply(Edit::SetKey {
                clip,
                key: KeyRecord {
                    time,
                    ..key.clone()
                },
            })
        {
            self.document.commit();
            self.selected_key = Some((key.bone, time));
        } else {
            self.document.cancel();
        }
    }

    /// Deletes the selected key.
    pub fn delete_selected_key(&mut self) {
        if let (Some((bone, time)), Some(clip)) = (
            self.selected_key.clone(),
            self.clip_name().map(str::to_string),
        ) && self.apply(Edit::RemoveKey { clip, bone, time })
        {
            self.selected_key = None;
        }
    }

    /// Adds the PNG at `path` as a new part drawn in front of the others, meshed with default
    /// settings and weighted automatically on the current skeleton.
    pub fn add_part(&mut self, path: &Path) -> bool {
        match self.build_part(path) {
            Ok(part) => {
                if self.apply(Edit::AddPart(Box::new(part))) {
                    self.weights.clear();
                    self.status = format!("added part from {}", path.display());
                    return true;
                }
                false
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    fn build_part(&mut self, path: &Path) -> Result<crate::core::project::Part, String> {
        let name = path.display();
        let bytes =
            crate::core::image_io::read_png_file(path).map_err(|e| format!("{name}: {e}"))?;
        let image =
            crate::core::image_io::decode_png(&bytes).map_err(|e| format!("{name}: {e}"))?;
        let settings = crate::core::pipeline::MeshSettings::default();
        let (mesh, grid, _) = crate::core::pipeline::build_mesh_and_grid(&image, &settings)
            .map_err(|e| format!("{name}: {e}"))?;
        let weight_settings = WeightSettings {
            metric: crate::core::distance::Metric::Geodesic,
            smoothness: crate::core::weights::auto_smoothness(image.width(), image.height()),
        };
        let skeleton = &self.document.project.rig.skeleton;
        let binding = crate::core::weights::weigh(
            &grid,
            skeleton,
            &mesh.positions,
            weight_settings.metric,
            weight_settings.smoothness,
        );
        let stem = path
            .file_stem()
            .map_or_else(|| "part".to_string(), |s| s.to_string_lossy().into_owned());
        let parts = &self.document.project.parts;
        let part_name = std::iter::once(stem.clone())
            .chain((2..).map(|i| format!("{stem}{i}")))
            .find(|n| parts.iter().all(|p| &p.name != n))
            .unwrap_or(stem);
        let draw_order = parts
            .iter()
            .map(|p| p.draw_order)
            .max()
            .map_or(0, |o| o + 1);
        Ok(crate::core::project::Part {
            name: part_name,
            draw_order,
            image: super::document::absolute(path),
            image_crc32: crc32fast::hash(&bytes),
            mesh_settings: settings,
            weight_settings,
            mesh: std::sync::Arc::new(mesh),
            binding,
        })
    }

    pub fn set_draw_order(&mut self, part: usize, draw_order: i32) -> bool {
        self.apply(Edit::SetDrawOrder { part, draw_order })
    }

    /// Re-meshes part `index` with `settings`, carrying its weights to the new vertices.
    pub fn remesh(&mut self, index: usize, settings: crate::core::pipeline::MeshSettings) -> bool {
        let Some(part) = self.document.project.parts.get(index) else {
            return false;
        };
        let path = self.document.image_path(index);
        let built = crate::core::image_io::load_png(&path)
            .map_err(|e| format!("{}: {e}", path.display()))
            .and_then(|image| {
                crate::core::pipeline::build_mesh(&image, &settings)
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
        let mesh = match built {
            Ok((mesh, _)) => mesh,
            Err(e) => {
                self.status = e;
                return false;
            }
        };
        let binding =
            crate::core::remesh::carry_binding(&part.mesh, &part.binding, &mesh.positions);
        let done = self.apply(Edit::ReplaceMesh {
            part: index,
            mesh: std::sync::Arc::new(mesh),
            settings,
            binding,
        });
        if done {
            self.weights.clear();
        }
        done
    }

    /// Where the recovery file of this document goes: beside the project, or in the system's
    /// temporary folder for a project never saved.
    pub fn recovery_path(&self) -> PathBuf {
        super::recovery::recovery_path(self.document.path.as_deref())
    }
}

/// Distance from `p` to the segment a–b.
pub fn segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 == 0.0 {
        return (p - a).length();
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}
