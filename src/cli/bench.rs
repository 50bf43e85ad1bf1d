//! `machack bench`: the bench of `search::bench`. The last line is `N nodes M nps`; N is
//! the bench signature.

use std::time::{Duration, Instant};

use clap::Args;

use super::CliError;
use crate::notation::uci;
use crate::search;
use crate::search::bench::{self, BENCH_PROFILE};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Search profile (1967, 1967-tournament, modern).
    #[arg(long, default_value = BENCH_PROFILE)]
    profile: String,
    /// Depth of every search (default: the profile's bench depth).
    #[arg(long)]
    depth: Option<u32>,
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let profile = search::profile(&args.profile).ok_or_else(|| {
        CliError::Usage(format!(
            "--profile: unknown profile '{}' (known: {})",
            args.profile,
            search::profile_names()
        ))
    })?;
    let depth = args.depth.unwrap_or(profile.bench_depth);
    if depth == 0 || depth > 64 {
        return Err(CliError::Usage(format!("--depth {depth}: must be 1 to 64")));
    }
    let start = Instant::now();
    let nodes = bench::run(profile, depth, |i, r| {
        println!(
            "position {:2}: {} {} nodes {} ms",
            i + 1,
            uci(r.best),
            r.nodes,
            r.time.as_millis()
        );
    });
    let elapsed = start.elapsed().max(Duration::from_micros(1));
    let nps = (nodes as f64 / elapsed.as_secs_f64()) as u64;
    println!("{nodes} nodes {nps} nps");
    Ok(())
}
