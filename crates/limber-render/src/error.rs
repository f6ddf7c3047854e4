//! Why rendering could not start or finish.

use thiserror::Error;

/// A renderer error; the message says what to do where there is something to do.
#[derive(Debug, Error)]
pub enum RenderError {
    #[error(
        "no GPU adapter found ({0}); for software rendering install Mesa's Vulkan drivers \
         (Debian/Ubuntu: apt-get install mesa-vulkan-drivers)"
    )]
    NoAdapter(String),
    #[error("the GPU refused to open a device: {0}")]
    Device(String),
    #[error(
        "image is {width} × {height} pixels; this GPU's textures are at most {limit} pixels a side"
    )]
    TextureTooLarge { width: u32, height: u32, limit: u32 },
    #[error("output size {width} × {height} is not between 1 and {limit} pixels a side")]
    BadTargetSize { width: u32, height: u32, limit: u32 },
    #[error("reading the result back from the GPU failed: {0}")]
    Readback(String),
    #[error("the GPU device was lost or reported an error: {0}")]
    DeviceLost(String),
    #[error("{path}: {problem}")]
    Image { path: String, problem: String },
    #[error("part \"{part}\": {problem}")]
    BadPart { part: String, problem: String },
}
