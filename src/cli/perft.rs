//! `machack perft DEPTH [--divide]`.

use clap::Args;

use super::{CliError, PositionArgs, limits};

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Plies to count.
    #[arg(value_parser = limits::plies())]
    depth: u32,
    /// Print the count under each legal move first.
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    position: PositionArgs,
}

pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let game = args.position.game()?;
    let nodes = if args.divide {
        let split = crate::perft::divide(game.position(), game.key(), args.depth);
        for (m, n) in &split {
            println!("{} {n}", crate::notation::uci(*m));
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        crate::perft::perft(game.position(), game.key(), args.depth)
    };
    println!("nodes {nodes}");
    Ok(())
}
