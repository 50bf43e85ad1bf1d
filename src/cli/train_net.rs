//! `machack train-net FILE... --out FILE`: fits the modern profile's evaluation network to
//! self-play positions (what `machack datagen` writes: text lines, or bullet records in a
//! `.bin` file) and writes it quantised, the file the engine embeds (`nets/modern.nnue`).
//! The files are read a chunk at a time each pass, never whole. The end of each file
//! (whole games, as datagen writes them in order) is held back and only measured. With
//! `--checkpoint-every K` the network so far is written every K passes, so that a long run
//! stopped loses little.

use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, limits};
use crate::search::modern::network::{Activation, Kind, MAX_BUCKETS};
use crate::train::data::{Format, in_file};
use crate::train::network::{Errors, Files, FloatNet, HIDDEN, Settings, Source, train};

#[derive(Debug, Args)]
pub struct TrainNetArgs {
    /// Positions with results and scores: `FEN RESULT cp=N` on each line, or bullet's
    /// records in a file named `*.bin`.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Read every file in this format, whatever its name.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Positions read, shuffled and fitted at a time: the memory a pass holds.
    #[arg(long, default_value_t = 1 << 20, value_parser = limits::at_least_one::<usize>())]
    chunk: usize,
    /// Where to write the network.
    #[arg(long)]
    out: String,
    /// Also write the network after every this many passes, to OUT with `-eN` (N the
    /// pass) before its extension: `modern-e4.nnue`.
    #[arg(long, value_name = "K", value_parser = limits::at_least_one::<usize>())]
    checkpoint_every: Option<usize>,
    /// Hidden units for each point of view (the file says it; the engine reads any width).
    #[arg(long, default_value_t = HIDDEN, value_parser = limits::at_least_one::<usize>())]
    hidden: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = Settings::default().epochs,
          value_parser = limits::at_least_one::<usize>())]
    epochs: usize,
    /// Adam's first step size (it falls to a twentieth along a half cosine).
    #[arg(long, default_value_t = f64::from(Settings::default().rate), value_parser = limits::positive)]
    rate: f64,
    /// Positions a step.
    #[arg(long, default_value_t = Settings::default().batch,
          value_parser = limits::at_least_one::<usize>())]
    batch: usize,
    /// The share of the search's score in a position's target, the game's result taking
    /// the rest.
    #[arg(long, default_value_t = 1.0, value_parser = limits::share)]
    score_weight: f64,
    /// Fit the whole evaluation rather than what the hand-written one misses.
    #[arg(long)]
    standalone: bool,
    /// Square the clipped hidden units (SCReLU); the output weights are kept within what
    /// the engine's integer sum allows (docs/network.md).
    #[arg(long)]
    screlu: bool,
    /// Output heads, one chosen by the number of pieces on the board (1 to 32).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_BUCKETS as i64))]
    output_buckets: u16,
    /// Each side sees the board mirrored left to right when its own king stands on files
    /// e–h, so the inputs of a king on g1 are those of one on b1. With `--init` from a
    /// network that does not mirror, that network's weights go on as such a network.
    #[arg(long)]
    king_half: bool,
    /// Do not show half the positions of each pass mirrored left to right.
    #[arg(long)]
    no_mirror: bool,
    /// The share of each file, from its end, held back.
    #[arg(long, default_value_t = 0.03, value_parser = limits::fraction)]
    check: f64,
    /// Seeds the first weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from this network's weights (e.g. nets/modern.nnue) instead of random ones;
    /// its size and whether it is residual come with it. It must be of the kind
    /// `--screlu`, `--output-buckets` and `--king-half` ask for.
    #[arg(long, conflicts_with_all = ["hidden", "standalone"])]
    init: Option<String>,
}

pub fn run(args: &TrainNetArgs) -> Result<(), CliError> {
    let settings = Settings {
        epochs: args.epochs,
        rate: args.rate as f32,
        batch: args.batch,
        mirror: !args.no_mirror,
        seed: args.seed,
        ..Settings::default()
    };
    let paths: Vec<(PathBuf, Format)> = args
        .data
        .iter()
        .map(|p| (p.clone(), args.format.unwrap_or_else(|| Format::of_path(p))))
        .collect();
    let input = |e: &dyn std::fmt::Display| CliError::Input(e.to_string());
    let (mut fit, check) = Files::open(
        &paths,
        args.check,
        args.score_weight,
        args.chunk,
        settings.threads,
    )
    .map_err(|e| input(&e))?;
    let activation = Activation::of(args.screlu);
    let buckets = usize::from(args.output_buckets);
    let start = match &args.init {
        Some(path) => {
            let in_file = |e: &dyn std::fmt::Display| CliError::Input(format!("{path}: {e}"));
            let bytes = std::fs::read(path).map_err(|e| in_file(&e))?;
            FloatNet::read_as(&bytes, activation, buckets, args.king_half)
                .map_err(|e| in_file(&e))?
        }
        None => {
            let kind = Kind {
                residual: !args.standalone,
                activation,
                buckets,
                mirrored: args.king_half,
            };
            FloatNet::new(args.hidden, kind, args.seed)
        }
    };
    eprintln!(
        "machack: fitting {} positions, checking on {}",
        fit.positions(),
        check.len()
    );
    let net = train(
        start,
        &mut fit,
        &check,
        &settings,
        &mut |epoch, e: Errors, net| {
            eprintln!(
                "epoch {epoch} fitted {:.6} checked {:.6}",
                e.fitted, e.checked
            );
            match args.checkpoint_every {
                Some(k) if epoch > 0 && epoch % k == 0 => {
                    let path = checkpoint(Path::new(&args.out), epoch);
                    save(&path, net).map_err(|e| in_file(&path, e.into()))
                }
                _ => Ok(()),
            }
        },
    )
    .map_err(|e| input(&e))?;
    save(Path::new(&args.out), &net).map_err(|e| CliError::Input(format!("{}: {e}", args.out)))
}

/// The checkpoint of pass `epoch`: `out` with `-e{epoch}` before its extension.
fn checkpoint(out: &Path, epoch: usize) -> PathBuf {
    let mut name = out.file_stem().unwrap_or_default().to_os_string();
    name.push(format!("-e{epoch}"));
    if let Some(extension) = out.extension() {
        name.push(".");
        name.push(extension);
    }
    out.with_file_name(name)
}

/// Writes `net` to `path` through a file beside it renamed at the end, so that a run stopped
/// while writing leaves the file whole (the one before, or none).
fn save(path: &Path, net: &FloatNet) -> std::io::Result<()> {
    let mut part = path.as_os_str().to_os_string();
    part.push(".part");
    std::fs::write(&part, net.to_bytes())?;
    std::fs::rename(&part, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_takes_the_pass_before_the_extension() {
        let name = |out: &str, epoch| checkpoint(Path::new(out), epoch);
        assert_eq!(
            name("nets/modern.nnue", 4),
            Path::new("nets/modern-e4.nnue")
        );
        assert_eq!(name("net", 12), Path::new("net-e12"));
        assert_eq!(name("a.b/net.v2.nnue", 1), Path::new("a.b/net.v2-e1.nnue"));
    }
}
