//! The real editor window on a virtual X server (Xvfb and xdotool, from `common::xwindow`): typing
//! into it, killing it, and recovering its work on the next start.

mod crash;
mod recovery;
