//! Typed errors of the headless core.
//!
//! Each variant carries what a user needs to fix the problem; the CLI and the editor prefix the file
//! name, so messages here describe the problem, not the file.

use thiserror::Error;

/// Why an image could not be turned into a mesh.
#[derive(Debug, Error)]
pub enum CoreError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),

    #[error("file is {size} bytes, over the {max}-byte limit")]
    FileTooLarge { size: u64, max: u64 },

    #[error("{0}")]
    Read(crate::read_file::ReadError),

    #[error("{0}")]
    Budget(String),

    #[error("not a PNG file (its first bytes are not a PNG signature)")]
    NotPng,

    #[error("image has zero size ({width} x {height})")]
    EmptyImage { width: u32, height: u32 },

    #[error(
        "image is {width} x {height}, over the size limit ({max_side} px a side, {max_megapixels} megapixels)"
    )]
    TooLarge {
        width: u32,
        height: u32,
        max_side: u32,
        max_megapixels: u32,
    },

    #[error("PNG is truncated or corrupt: {0}")]
    Decode(String),

    #[error(
        "no pixel has alpha >= {} (the image is transparent at this threshold)",
        short_fraction(*.threshold)
    )]
    NothingVisible { threshold: f64 },

    #[error("invalid setting: {0}")]
    InvalidSetting(String),

    #[error("triangulation failed: {0}")]
    Triangulation(String),
}

impl From<crate::read_file::ReadError> for CoreError {
    fn from(error: crate::read_file::ReadError) -> Self {
        match error {
            crate::read_file::ReadError::Io(io) => Self::Io(io),
            other => Self::Read(other),
        }
    }
}

pub type CoreResult<T> = Result<T, CoreError>;

/// A fraction to four decimals without trailing zeros (0.05, 0.0039).
fn short_fraction(value: f64) -> String {
    let text = format!("{value:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
