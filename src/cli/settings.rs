//! The search settings shared by `search` and `epd`: the engine options that have a flag
//! (`--profile`, `--depth`, `--widths`, `--contempt`: made from the options table, read by
//! the same code as a GUI's `setoption`), and the 1967 search's own knobs.

use clap::builder::RangedI64ValueParser;
use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

use super::{CliError, limits};
use crate::engine::options::{EngineOption, OPTIONS, OptionKind, Options};
use crate::search::{Search, Tuning};

/// The profile, the options with a flag, and the 1967 knobs.
#[derive(Debug, Clone, Args)]
pub struct SettingsArgs {
    #[command(flatten)]
    options: OptionArgs,
    /// The 1967 profiles: hash table size in entries (default: the paper's 32,000).
    #[arg(long, value_parser = limits::hash_entries())]
    hash: Option<usize>,
    /// The 1967 profiles: at most this many feedovers along a line.
    #[arg(long, value_parser = limits::plies())]
    feedovers: Option<u32>,
    /// The 1967 profiles: depth of the secondary search (0: off).
    #[arg(long, value_parser = limits::plies())]
    secondary: Option<u32>,
    /// The 1967 profiles: also search every move the generator flags INVESTIGATE (the 1980
    /// rule).
    #[arg(long)]
    investigate: bool,
}

impl SettingsArgs {
    /// The depth limit of a search: none when time or nodes limit it, else the options'
    /// fixed depth.
    pub fn depth_limit(&self, timed: bool) -> Result<Option<u32>, CliError> {
        let options = self.options.options()?;
        Ok((!timed).then(|| options.fixed_depth()))
    }

    /// The search these settings describe: the profile's, configured.
    pub fn search(&self) -> Result<Box<dyn Search>, CliError> {
        let options = self.options.options()?;
        self.check_1967_knobs(&options)?;
        let mut settings = options.settings();
        settings.mac_hack = Tuning {
            hash_entries: self.hash,
            max_feedovers: self.feedovers,
            secondary_depth: self.secondary,
            investigate: self.investigate.then_some(true),
        };
        let mut search = (options.profile().make)();
        search.configure(&settings);
        Ok(search)
    }
}

impl SettingsArgs {
    /// The 1967 knobs set the 1967 search only: with another profile they would be
    /// silently ignored, so they are refused.
    fn check_1967_knobs(&self, options: &Options) -> Result<(), CliError> {
        let given = [
            ("--hash", self.hash.is_some()),
            ("--feedovers", self.feedovers.is_some()),
            ("--secondary", self.secondary.is_some()),
            ("--investigate", self.investigate),
        ];
        match given.iter().find(|(_, set)| *set) {
            Some((flag, _)) if !options.profile().name.starts_with("1967") => {
                Err(CliError::Usage(format!(
                    "{flag} sets the 1967 search; the {} profile has no use for it \
                     (add --profile 1967 or --profile 1967-tournament)",
                    options.profile().name
                )))
            }
            _ => Ok(()),
        }
    }
}

/// The options given as flags, in the order of the table.
#[derive(Debug, Clone, Default)]
struct OptionArgs {
    given: Vec<(&'static EngineOption, String)>,
}

impl OptionArgs {
    /// The default options with the flags' values.
    fn options(&self) -> Result<Options, CliError> {
        let mut options = Options::default();
        for (option, text) in &self.given {
            options.set_row(option, text).map_err(|reason| {
                CliError::Usage(format!("--{}: {reason}", option.flag.unwrap_or_default()))
            })?;
        }
        Ok(options)
    }
}

/// The options that have a flag, with it.
fn flagged() -> impl Iterator<Item = (&'static EngineOption, &'static str)> {
    OPTIONS.iter().filter_map(|o| o.flag.map(|f| (o, f)))
}

impl Args for OptionArgs {
    fn augment_args(cmd: Command) -> Command {
        flagged().fold(cmd, |cmd, (option, flag)| {
            let arg = Arg::new(flag)
                .long(flag)
                .value_name(option.name)
                .allow_negative_numbers(true)
                .help(crate::engine::describe(option));
            // A number gets the table's range as a clap parser, like every numeric flag
            // (cli/limits.rs); another value is read by the table's own row.
            cmd.arg(match option.kind {
                OptionKind::Spin { min, max, .. } => {
                    arg.value_parser(RangedI64ValueParser::<i64>::new().range(min..=max))
                }
                _ => arg.value_parser(move |text: &str| {
                    Options::default()
                        .set_row(option, text)
                        .map(|()| text.to_string())
                }),
            })
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        OptionArgs::augment_args(cmd)
    }
}

impl FromArgMatches for OptionArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = OptionArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for (option, flag) in flagged() {
            let text = match option.kind {
                OptionKind::Spin { .. } => matches.get_one::<i64>(flag).map(i64::to_string),
                _ => matches.get_one::<String>(flag).cloned(),
            };
            if let Some(text) = text {
                self.given.push((option, text));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        settings: SettingsArgs,
    }

    fn options(args: &[&str]) -> Result<Options, String> {
        let cli = Cli::try_parse_from(std::iter::once("machack").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.settings.options.options().map_err(|e| e.to_string())
    }

    #[test]
    fn flags_are_read_like_options() {
        let o = options(&["--profile", "1967", "--depth", "3", "--widths", "15,9"]).unwrap();
        assert_eq!((o.profile.as_str(), o.depth), ("1967", Some(3)));
        assert_eq!(o.widths, Some(vec![15, 9]));
        assert_eq!(options(&[]).unwrap(), Options::default());
        let err = options(&["--widths", "15,0"]).unwrap_err();
        assert!(
            err.contains("invalid value '15,0' for '--widths <Widths>': '0' is not a width"),
            "{err}"
        );
        let err = options(&["--profile", "1968"]).unwrap_err();
        assert!(err.contains("unknown profile '1968'"), "{err}");
        let err = options(&["--depth", "99"]).unwrap_err();
        assert!(err.contains("99 is not in 0..=64"), "{err}");
        assert!(
            options(&["--hash-mib", "3"]).is_err(),
            "only flagged options"
        );
    }
}
