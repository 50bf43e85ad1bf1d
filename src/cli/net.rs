//! `machack net [FILE]`: the name of the embedded network, or of a network file after
//! checking that this build reads it. The name is the first eight hex digits of the file's
//! SHA-256, as OpenBench names networks.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::engine::options::{EMBEDDED_NAME, NetFile};

#[derive(Debug, Args)]
pub struct NetArgs {
    /// A network file (default: the network built in).
    file: Option<PathBuf>,
}

pub fn run(args: &NetArgs) -> Result<(), CliError> {
    match &args.file {
        None => println!("network {} embedded", *EMBEDDED_NAME),
        Some(path) => {
            let net = NetFile::load(path).map_err(|e| CliError::Input(e.to_string()))?;
            println!("network {} {}", net.name(), path.display());
        }
    }
    Ok(())
}
