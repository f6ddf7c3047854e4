//! How the document is looked at, none of it saved with the project: the camera, the overlays,
//! the skinning the view draws with, the onion skins (`onion.rs`), the remembered layout
//! (`layout.rs`), the window's flags (help shown, the close question) and where the viewport was
//! last drawn.

use glam::DVec2;
use limber_core::skinning::SkinningMode;

use super::layout::Layout;

/// The most onion skins on each side of the playhead.
pub const MAX_ONION_SIDE: u8 = 3;

/// How the onion skins are drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OnionSettings {
    /// Ghosts before the playhead (0–[`MAX_ONION_SIDE`]).
    pub before: u8,
    /// Ghosts after the playhead (0–[`MAX_ONION_SIDE`]).
    pub after: u8,
    /// Spacing in frames, for a clip with a frame rate.
    pub spacing_frames: u32,
    /// Spacing in seconds, for a clip without one.
    pub spacing_seconds: f64,
    /// Straight RGB of the earlier and the later ghosts.
    pub before_colour: [f32; 3],
    pub after_colour: [f32; 3],
    /// Opacity of the nearest ghost on each side; farther ones fade in steps.
    pub opacity: f32,
}

impl Default for OnionSettings {
    fn default() -> Self {
        Self {
            before: 1,
            after: 1,
            spacing_frames: 3,
            spacing_seconds: 0.1,
            before_colour: [1.0, 0.55, 0.55],
            after_colour: [0.55, 1.0, 0.6],
            opacity: 0.35,
        }
    }
}

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
    /// Onion skins: ghosts of the pose before and after the playhead (see `onion.rs`).
    pub onion: bool,
}

/// The editor's view state.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    camera: Camera,
    overlays: Overlays,
    skinning: SkinningMode,
    onion: OnionSettings,
    /// The window layout remembered per user (the timeline's height).
    layout: Layout,
    /// Set when the viewport should fit the canvas at its next frame.
    fit_requested: bool,
    /// Where the viewport was last drawn (screen points): its centre.
    viewport_center: DVec2,
    show_help: bool,
    /// The Help menu's page shown, if any.
    help_page: Option<HelpPage>,
    /// Whether the "unsaved changes" question is showing.
    confirm_close: bool,
}

/// A page of the Help menu shown in a window of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpPage {
    /// The README's walkthrough.
    GettingStarted,
    /// Version, licence and the credits of the bundled art.
    About,
}

impl Default for View {
    fn default() -> Self {
        Self {
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
            skinning: SkinningMode::LinearBlend,
            onion: OnionSettings::default(),
            layout: Layout::default(),
            fit_requested: true,
            viewport_center: DVec2::ZERO,
            show_help: false,
            help_page: None,
            confirm_close: false,
        }
    }
}

impl View {
    pub fn camera(&self) -> Camera {
        self.camera
    }

    pub fn set_camera(&mut self, camera: Camera) {
        self.camera = camera;
    }

    /// Zooms by `factor` about the screen point `screen` of the last drawn viewport.
    pub fn zoom_at(&mut self, factor: f64, screen: DVec2) {
        self.camera.zoom_at(factor, screen, self.viewport_center);
    }

    /// Moves the view by `screen_delta` points (the image follows the pointer).
    pub fn pan(&mut self, screen_delta: DVec2) {
        self.camera.center -= screen_delta / self.camera.zoom;
    }

    pub fn overlays(&self) -> Overlays {
        self.overlays
    }

    pub(crate) fn overlays_mut(&mut self) -> &mut Overlays {
        &mut self.overlays
    }

    pub fn skinning(&self) -> SkinningMode {
        self.skinning
    }

    pub fn set_skinning(&mut self, skinning: SkinningMode) {
        self.skinning = skinning;
    }

    pub fn onion(&self) -> &OnionSettings {
        &self.onion
    }

    pub fn set_onion(&mut self, onion: OnionSettings) {
        self.onion = onion;
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn layout_mut(&mut self) -> &mut Layout {
        &mut self.layout
    }

    /// Takes the layout out (to carry it into a new editor), leaving the default.
    pub fn take_layout(&mut self) -> Layout {
        std::mem::take(&mut self.layout)
    }

    pub fn fit_requested(&self) -> bool {
        self.fit_requested
    }

    pub fn request_fit(&mut self) {
        self.fit_requested = true;
    }

    /// Fits the canvas of `canvas` image pixels into a viewport of `size` points with a margin.
    pub fn fit(&mut self, canvas: DVec2, size: DVec2) {
        self.camera = Camera {
            center: canvas / 2.0,
            zoom: ((size.x / canvas.x).min(size.y / canvas.y) * 0.9).max(0.02),
        };
        self.fit_requested = false;
    }

    pub fn viewport_center(&self) -> DVec2 {
        self.viewport_center
    }

    pub fn set_viewport_center(&mut self, center: DVec2) {
        self.viewport_center = center;
    }

    pub fn show_help(&self) -> bool {
        self.show_help
    }

    pub fn set_show_help(&mut self, show: bool) {
        self.show_help = show;
    }

    pub fn help_page(&self) -> Option<HelpPage> {
        self.help_page
    }

    pub fn set_help_page(&mut self, page: Option<HelpPage>) {
        self.help_page = page;
    }

    pub fn confirm_close(&self) -> bool {
        self.confirm_close
    }

    pub fn set_confirm_close(&mut self, confirm: bool) {
        self.confirm_close = confirm;
    }
}
