//! The `limber` binary: parses the command line and reports failures as one line on stderr.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = limber::cli::Cli::parse();
    match limber::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let message = format!("{error:#}").replace('\n', " ");
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
