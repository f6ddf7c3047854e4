//! The `limber` binary: parses the command line and reports failures as one line on stderr.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    quiet_headless_vulkan();
    let cli = limber::cli::Cli::parse();
    match limber::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // One line, whatever the names and values in it hold.
            let message = limber::cli::printable::printable(&format!("{error:#}"));
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Mesa's device-select Vulkan layer asks Wayland and X11 which GPU drives the display, and on a
/// machine without one prints errors to stderr (breaking the one-line error contract). limber picks
/// its adapter itself, so the layer is turned off unless the user has set `NODEVICE_SELECT`.
fn quiet_headless_vulkan() {
    if std::env::var_os("NODEVICE_SELECT").is_none() {
        // SAFETY: the first thing `main` does, before any thread exists that could read the
        // environment concurrently.
        unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
    }
}

/// Whether the error is stdout closing early (as with `limber info --json | head`): not a failure.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(|e| e.io_error_kind())
                .is_some_and(|k| k == std::io::ErrorKind::BrokenPipe)
    })
}
