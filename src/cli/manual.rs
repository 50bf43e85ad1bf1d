//! `machack man` and `machack completions SHELL`: the man page and the shell completion
//! scripts, made from the same clap definitions as `--help`, so they cannot drift from it.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the roff man page of `machack` and its subcommands.
pub fn man() -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// Prints the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "machack", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}
