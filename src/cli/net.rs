//! `machack net [FILE]`: the name of the embedded network, or of a network file after
//! checking that this build reads it, with its shape (hidden units, residual or
//! standalone, clipped or squared units, output buckets). The name is the first eight hex
//! digits of the file's SHA-256, as OpenBench names networks. `machack net import` turns a network trained with
//! bullet into a network file.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::CliError;
use crate::engine::options::{EMBEDDED_NAME, NetFile};
use crate::search::modern::network::{Activation, NETWORK, Network};
use crate::train::bullet_net::import;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct NetArgs {
    #[command(subcommand)]
    action: Option<NetCommand>,
    /// A network file (default: the network built in).
    file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum NetCommand {
    /// Convert a network trained with bullet into a machack network file that plays alone
    /// (no hand-written evaluation added). The network must be machack's shape: Chess768
    /// inputs for both sides, one hidden layer with clipped ReLU (or squared, `--screlu`),
    /// one output, quantised with QA 255 and QB 64, scale 400 (docs/network.md).
    #[command(after_help = example!("machack net import checkpoints/machack-40/quantised.bin --out machack-bullet.nnue"))]
    Import(ImportArgs),
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// bullet's quantised network file (`quantised.bin` in a checkpoint's folder).
    file: PathBuf,
    /// Write the machack network file here.
    #[arg(long)]
    out: PathBuf,
    /// The hidden units the network must have (default: as many as the file's size says).
    #[arg(long)]
    hidden: Option<usize>,
    /// The network squares its clipped units (bullet's `screlu`); the file cannot say so.
    #[arg(long)]
    screlu: bool,
}

pub fn run(args: &NetArgs) -> Result<(), CliError> {
    match (&args.action, &args.file) {
        (Some(NetCommand::Import(import)), _) => run_import(import)?,
        (None, None) => println!("network {} embedded ({})", *EMBEDDED_NAME, shape(&NETWORK)),
        (None, Some(path)) => {
            let net = NetFile::load(path).map_err(|e| CliError::Input(e.to_string()))?;
            println!(
                "network {} {} ({})",
                net.name(),
                path.display(),
                shape(net.network())
            );
        }
    }
    Ok(())
}

/// "128 hidden units, residual, CReLU, 1 output bucket".
fn shape(net: &Network) -> String {
    format!("{} hidden units, {}", net.hidden(), net.kind())
}

fn run_import(args: &ImportArgs) -> Result<(), CliError> {
    let in_file = |path: &PathBuf, e: &dyn std::fmt::Display| {
        CliError::Input(format!("{}: {e}", path.display()))
    };
    let bytes = std::fs::read(&args.file).map_err(|e| in_file(&args.file, &e))?;
    let network = import(&bytes, args.hidden, Activation::of(args.screlu))
        .map_err(|e| in_file(&args.file, &e))?;
    std::fs::write(&args.out, network).map_err(|e| in_file(&args.out, &e))?;
    // Read back as the engine reads an `EvalFile`, for the name it will show.
    let net = NetFile::load(&args.out).map_err(|e| CliError::Input(e.to_string()))?;
    let squared = if args.screlu { ", SCReLU" } else { "" };
    println!(
        "network {} {} ({} hidden units, standalone{squared})",
        net.name(),
        args.out.display(),
        net.network().hidden()
    );
    Ok(())
}
