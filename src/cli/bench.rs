//! `machack bench`: the bench of `search::bench` (the modern profile unless `--profile`
//! names another). The last line is `N nodes M nps`, as OpenBench reads it; with no
//! arguments N is the bench signature.

use std::time::{Duration, Instant};

use clap::Args;
use clap::builder::PossibleValuesParser;

use super::{CliError, limits};
use crate::engine::options::EMBEDDED_NAME;
use crate::notation::uci;
use crate::search;
use crate::search::bench::{self, BENCH_PROFILE};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Search profile.
    #[arg(long, default_value = BENCH_PROFILE, ignore_case = true,
          value_parser = PossibleValuesParser::new(search::PROFILES.iter().map(|p| p.name)))]
    profile: String,
    /// Depth of every search (default: the profile's bench depth).
    #[arg(long, value_parser = limits::search_depth())]
    depth: Option<u32>,
}

pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let profile = super::profile(&args.profile)?;
    let depth = args.depth.unwrap_or(profile.bench_depth);
    let network = match profile.name {
        BENCH_PROFILE => format!(", network {}", *EMBEDDED_NAME),
        _ => String::new(),
    };
    println!("bench: profile {}, depth {depth}{network}", profile.name);
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
