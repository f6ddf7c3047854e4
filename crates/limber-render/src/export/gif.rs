//! Animated GIF: the frames with centisecond delays that add up to the clip's length, repeating
//! forever when the clip loops and playing once otherwise.

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};
use limber_core::progress::Progress;

use super::timing::FrameTimes;

/// The highest frame rate a GIF is made at: delays are whole centiseconds, and players slow
/// anything shorter than 2.
pub const MAX_GIF_FPS: f64 = 50.0;

/// Encodes `frames` (shown for `times`' durations) as GIF bytes, counting one unit of `progress`
/// per frame encoded (colour quantisation takes about as long as rendering) and stopping early,
/// with the bytes unfinished, once it is cancelled (the caller then writes nothing).
pub fn encode_gif(
    frames: Vec<RgbaImage>,
    times: &FrameTimes,
    progress: Option<&Progress>,
) -> Result<Vec<u8>, image::ImageError> {
    let mut bytes = Vec::new();
    {
        // Speed 10 of 1–30: NeuQuant quality close to the best at a fraction of its time.
        let mut encoder = GifEncoder::new_with_speed(&mut bytes, 10);
        let repeat = if times.looping {
            Repeat::Infinite
        } else {
            Repeat::Finite(0)
        };
        encoder.set_repeat(repeat)?;
        let delays = times.durations(100.0);
        for (image, centiseconds) in frames.into_iter().zip(delays) {
            if progress.is_some_and(Progress::is_cancelled) {
                break;
            }
            let delay = Delay::from_numer_denom_ms(centiseconds.max(1) * 10, 1);
            encoder.encode_frame(Frame::from_parts(image, 0, 0, delay))?;
            if let Some(progress) = progress {
                progress.finish_one();
            }
        }
    }
    Ok(bytes)
}
