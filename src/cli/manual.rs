//! `machack man` and `machack completions SHELL`: the man pages and the shell completion
//! scripts, made from the same clap definitions as `--help`, so they cannot drift from it.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, CliError};

#[derive(Debug, Args)]
pub struct ManArgs {
    /// A subcommand's page instead of machack(1): `perft` gives machack-perft(1), `book show`
    /// machack-book-show(1).
    subcommand: Vec<String>,
    /// Write every page (machack.1, machack-perft.1, ...) into this folder instead.
    #[arg(long, conflicts_with = "subcommand")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the roff man page of `machack` or of the subcommand named, or writes them all to
/// a folder.
pub fn man(args: &ManArgs) -> Result<(), CliError> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    // Building gives each subcommand its page's name (machack-perft).
    cmd.build();
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir)?;
        return write_all(&cmd, dir);
    }
    let mut page = &cmd;
    for name in &args.subcommand {
        page = page.find_subcommand(name).ok_or_else(|| {
            let known: Vec<&str> = page.get_subcommands().map(|c| c.get_name()).collect();
            CliError::Usage(format!(
                "man: '{name}' is not a subcommand of {}; one of: {}",
                page.get_display_name().unwrap_or(page.get_name()),
                known.join(", ")
            ))
        })?;
    }
    let mut out = Vec::new();
    manual(page).render(&mut out)?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// The page of `cmd`, its footer naming machack and its version.
fn manual(cmd: &clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd.clone()).source(format!("machack {}", env!("CARGO_PKG_VERSION")))
}

/// Writes the page of `cmd` and of every subcommand below it into `dir`.
fn write_all(cmd: &clap::Command, dir: &std::path::Path) -> Result<(), CliError> {
    manual(cmd).generate_to(dir)?;
    for sub in cmd.get_subcommands() {
        write_all(sub, dir)?;
    }
    Ok(())
}

/// Prints the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "machack", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}
