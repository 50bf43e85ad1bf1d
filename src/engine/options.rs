//! The engine's options, one row each in [`OPTIONS`]: name, kind and range, default, help,
//! which protocols show it, what changing it sets off, and how it is stored. The UCI
//! `option` lines, xboard's `feature option=`, the command line's settings flags and the
//! console's `set` and help are all made from this table, so a new option is one row.
//!
//! [`Options`] holds the values; [`Options::set`] reads a value against its row (a clear
//! error for a bad one) and [`Options::settings`] gives a search the ones it reads.
//!
//! The modern search's tunables (`search::modern::params`) are options too, by their
//! table names: every build sets them, builds with the `tune` feature also announce them
//! ([`announced_tunables`]), so a GUI's list stays short and SPSA runners, which set only
//! the options an engine announces, find them.

use std::time::Duration;

use thiserror::Error;

use super::conduct;
use crate::search::modern::network;
/// The modern search's network file (`EvalFile`) and tunables, as the front ends name them.
pub use crate::search::modern::network::{EMBEDDED_NAME, NetFile};
use crate::search::modern::params::{self, Params};
pub use crate::search::modern::params::{SPSA_R_END, TUNABLES, Tunable, tunable};
use crate::search::{self, DEFAULT_HASH_MIB, DEFAULT_PROFILE, MAX_THREADS, PROFILES, Settings};
use crate::{tablebase, timeman};

/// What an option is and how a value is stored: one variant per protocol option type.
#[derive(Debug, Clone, Copy)]
pub enum OptionKind {
    /// On or off (`true`/`false`, `1`/`0`, `on`/`off`).
    Check {
        default: bool,
        set: fn(&mut Options, bool),
    },
    /// A whole number in `min..=max`; one outside is refused, or brought into the range
    /// when `clamp` (for options GUIs set from their own scales, like `UCI_Elo`).
    Spin {
        default: i64,
        min: i64,
        max: i64,
        clamp: bool,
        set: fn(&mut Options, i64),
    },
    /// One of a list (case-insensitive); `set` gets the list's spelling.
    Combo {
        default: &'static str,
        choices: fn() -> Vec<&'static str>,
        set: fn(&mut Options, &'static str),
    },
    /// Free text, read by `set` (an empty text or `<empty>` means none).
    Text {
        default: &'static str,
        set: fn(&mut Options, &str) -> Result<(), String>,
    },
    /// An action with no value.
    Button,
}

/// What the engine must do after an option changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond storing it (read when needed).
    None,
    /// The search must be configured afresh before the next search.
    Search,
    /// Empty the hash table before the next search.
    ClearHash,
    /// Load the opening book the options name.
    Book,
    /// Open the tablebases the options name.
    Tablebase,
}

/// Which protocols announce an option (every one can set it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub uci: bool,
    pub xboard: bool,
}

/// Shown by both protocols.
const BOTH: Shown = Shown {
    uci: true,
    xboard: true,
};
/// UCI only: xboard has its own commands for these (`memory`, `cores`, `hard`/`easy`).
const UCI: Shown = Shown {
    uci: true,
    xboard: false,
};
/// xboard only: a UCI GUI cannot act on a resignation.
const XBOARD: Shown = Shown {
    uci: false,
    xboard: true,
};

/// One option.
#[derive(Debug, Clone, Copy)]
pub struct EngineOption {
    /// The protocol name (xboard writes spaces as `_`).
    pub name: &'static str,
    pub kind: OptionKind,
    /// One sentence for help texts.
    pub help: &'static str,
    pub shown: Shown,
    /// The command-line flag of `search` and `epd` (`--depth`), if it has one.
    pub flag: Option<&'static str>,
    pub effect: Effect,
}

/// The option values. The defaults are the table's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Hash table memory in MiB.
    pub hash_mib: u32,
    pub threads: u32,
    /// Whether the GUI may ask us to ponder (UCI `Ponder`, xboard `hard`).
    pub ponder: bool,
    /// Kept back from every clock for communication.
    pub move_overhead: Duration,
    /// One of `search::PROFILES`.
    pub profile: String,
    /// Search depth in plies overriding the profile's (None: the profile's).
    pub depth: Option<u32>,
    /// The width schedule overriding the profile's (None: the profile's).
    pub widths: Option<Vec<u32>>,
    /// Deepen as the clock allows in timed play instead of the paper's fixed depth.
    pub deepen: bool,
    /// Report win/draw/loss chances with each score (UCI `UCI_ShowWDL`).
    pub show_wdl: bool,
    /// Chess960: FENs are read with any castling rooks and castling is written as the
    /// king taking its rook (UCI `UCI_Chess960`, xboard `variant fischerandom`).
    pub chess960: bool,
    /// Play at the strength `elo` names (modern profile).
    pub limit_strength: bool,
    pub elo: u32,
    /// How much worse than 0 a draw is for us, in 1967 units (pawn = 128).
    pub contempt: i32,
    pub own_book: bool,
    /// A Polyglot book to use instead of the built-in one.
    pub book_file: Option<String>,
    /// Directories of Syzygy tables (`:`-separated on Unix, `;` on Windows).
    pub syzygy_path: Option<String>,
    /// Probe the tables only for positions of at most this many pieces.
    pub syzygy_probe_limit: u32,
    /// How many best lines a search finds and reports (`MultiPV`).
    pub multipv: u32,
    /// Probe the tables inside the search only this far from the leaves or more.
    pub syzygy_probe_depth: u32,
    /// A cursed win or blessed loss is a draw (the fifty-move rule applies).
    pub syzygy_50_move_rule: bool,
    /// Resign when hopelessly lost (docs/design.md §9). Off by default: GUIs adjudicate.
    pub resign: bool,
    /// Resign below minus this value (1967 units)...
    pub resign_value: i32,
    /// ...held for this many of our searches in a row.
    pub resign_moves: u32,
    /// The modern search's parameters, set through its tunables.
    pub modern: Params,
    /// The modern search's network from a file (`EvalFile`; None: the embedded one).
    pub network: Option<NetFile>,
}

/// Every option.
pub static OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MIB as i64,
            min: 1,
            max: 4096,
            clamp: false,
            set: |o, v| o.hash_mib = v as u32,
        },
        help: "hash table memory in MiB (the 1967 search keeps the paper's 32,000 entries within it)",
        shown: UCI,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        help: "empty the hash table",
        shown: BOTH,
        flag: None,
        effect: Effect::ClearHash,
    },
    EngineOption {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
            clamp: false,
            set: |o, v| o.threads = v as u32,
        },
        help: "search threads (the modern profile: Lazy SMP over the shared table; the 1967 \
               search has one)",
        shown: UCI,
        flag: Some("threads"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Ponder",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.ponder = v,
        },
        help: "think on the opponent's time",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: timeman::knobs::MOVE_OVERHEAD.as_millis() as i64,
            min: 0,
            max: 5000,
            clamp: false,
            set: |o, v| o.move_overhead = Duration::from_millis(v as u64),
        },
        help: "milliseconds kept back from every clock for communication",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Profile",
        kind: OptionKind::Combo {
            default: DEFAULT_PROFILE,
            choices: || PROFILES.iter().map(|p| p.name).collect(),
            set: |o, v| o.profile = v.to_string(),
        },
        help: "the search and its settings (modern: the strong engine; 1967: the paper's normal settings; 1967-tournament: its tournament play)",
        shown: BOTH,
        flag: Some("profile"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Depth",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 64,
            clamp: false,
            set: |o, v| o.depth = (v > 0).then_some(v as u32),
        },
        help: "depth of the basic search in plies (0: the profile's)",
        shown: BOTH,
        flag: Some("depth"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Widths",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.widths = parse_widths(v)?;
                Ok(())
            },
        },
        help: "basic widths per level, top level first, the last holding below (e.g. 15,15,9,9,7; empty: the profile's)",
        shown: BOTH,
        flag: Some("widths"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "Deepen",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.deepen = v,
        },
        help: "in timed play, search one ply deeper at a time (the paper's widths) while the \
               clock allows; off by default because the paper searches to a fixed depth",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.show_wdl = v,
        },
        help: "add win/draw/loss chances per mille to each score (a logistic in the score)",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_Chess960",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.chess960 = v,
        },
        help: "Chess960: castling rooks on any file, castling sent as king takes rook",
        shown: UCI,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.limit_strength = v,
        },
        help: "play the modern profile at the strength UCI_Elo names (fewer nodes, a blurred evaluation)",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: search::DEFAULT_ELO as i64,
            min: search::MIN_ELO as i64,
            max: search::MAX_ELO as i64,
            clamp: true,
            set: |o, v| o.elo = v as u32,
        },
        help: "the strength UCI_LimitStrength plays at, on Stockfish's UCI_Elo scale (docs/strength.md); values outside the range are brought into it",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Contempt",
        kind: OptionKind::Spin {
            default: 0,
            min: -1280,
            max: 1280,
            clamp: false,
            set: |o, v| o.contempt = v as i32,
        },
        help: "how much worse than 0 a draw is for us (pawn = 128)",
        shown: BOTH,
        flag: Some("contempt"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "OwnBook",
        kind: OptionKind::Check {
            default: true,
            set: |o, v| o.own_book = v,
        },
        help: "play from the opening book while it has the position",
        shown: BOTH,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "BookFile",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.book_file = (!is_none(v)).then(|| v.to_string());
                Ok(())
            },
        },
        help: "a Polyglot book to use instead of the built-in one (empty: the built-in)",
        shown: BOTH,
        flag: None,
        effect: Effect::Book,
    },
    EngineOption {
        name: "EvalFile",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.network = if is_none(v) {
                    None
                } else {
                    Some(NetFile::load(v.as_ref()).map_err(|e| e.to_string())?)
                };
                Ok(())
            },
        },
        help: "a network file for the modern evaluation (empty: the network built in); a file \
               that is not one is refused and the network in use stays",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "SyzygyPath",
        kind: OptionKind::Text {
            default: "",
            set: |o, v| {
                o.syzygy_path = (!is_none(v)).then(|| v.to_string());
                Ok(())
            },
        },
        help: "directories of Syzygy tables, ':'-separated (';' on Windows); empty: none",
        shown: BOTH,
        flag: None,
        effect: Effect::Tablebase,
    },
    EngineOption {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            default: tablebase::MAX_PIECES as i64,
            min: 0,
            max: tablebase::MAX_PIECES as i64,
            clamp: false,
            set: |o, v| o.syzygy_probe_limit = v as u32,
        },
        help: "use the tables only for positions of at most this many pieces",
        shown: BOTH,
        flag: None,
        effect: Effect::Tablebase,
    },
    EngineOption {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: search::MAX_MULTIPV as i64,
            clamp: false,
            set: |o, v| o.multipv = v as u32,
        },
        help: "how many best moves to show, each with its exact value and line, best first",
        shown: BOTH,
        flag: Some("multipv"),
        effect: Effect::Search,
    },
    EngineOption {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 100,
            clamp: false,
            set: |o, v| o.syzygy_probe_depth = v as u32,
        },
        help: "probe the tables inside the search only this many plies or more from its leaves",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check {
            default: true,
            set: |o, v| o.syzygy_50_move_rule = v,
        },
        help: "score a tablebase win the fifty-move rule frustrates (a loss it saves) as a draw",
        shown: BOTH,
        flag: None,
        effect: Effect::Search,
    },
    EngineOption {
        name: "Resign",
        kind: OptionKind::Check {
            default: false,
            set: |o, v| o.resign = v,
        },
        help: "resign when hopelessly lost",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Resign Value",
        kind: OptionKind::Spin {
            default: conduct::knobs::RESIGN_VALUE as i64,
            min: 128,
            max: 100_000,
            clamp: false,
            set: |o, v| o.resign_value = v as i32,
        },
        help: "resign below minus this value (pawn = 128)...",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
    EngineOption {
        name: "Resign Moves",
        kind: OptionKind::Spin {
            default: conduct::knobs::RESIGN_MOVES as i64,
            min: 1,
            max: 100,
            clamp: false,
            set: |o, v| o.resign_moves = v as u32,
        },
        help: "...held for this many of our searches in a row",
        shown: XBOARD,
        flag: None,
        effect: Effect::None,
    },
];

/// Why an option could not be set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("no option named '{0}'")]
    Unknown(String),
    /// The value does not fit the option.
    #[error("option '{name}': {reason}")]
    BadValue { name: String, reason: String },
}

/// The tunables the `uci` reply announces: all of them in a `tune` build, else none.
pub fn announced_tunables() -> &'static [Tunable] {
    if cfg!(feature = "tune") {
        TUNABLES
    } else {
        &[]
    }
}

/// The option called `name`: case-insensitive, `_` standing for a space (xboard GUIs and
/// python-chess cannot carry spaces in option names: `Move_Overhead`).
pub fn find_option(name: &str) -> Option<&'static EngineOption> {
    let wanted = name.trim().replace('_', " ");
    OPTIONS
        .iter()
        .find(|o| o.name.replace('_', " ").eq_ignore_ascii_case(&wanted))
}

/// One line about an option for help texts: name, type and range, default, what it does.
pub fn describe(option: &EngineOption) -> String {
    let kind = match option.kind {
        OptionKind::Check { default, .. } => format!("on/off, default {}", on_off(default)),
        OptionKind::Spin {
            default, min, max, ..
        } => format!("{min} to {max}, default {default}"),
        OptionKind::Combo {
            default, choices, ..
        } => format!("one of {}, default {default}", choices().join(", ")),
        OptionKind::Text { default: "", .. } => "text, default none".into(),
        OptionKind::Text { default, .. } => format!("text, default {default}"),
        OptionKind::Button => "an action".into(),
    };
    format!("{} ({kind}): {}", option.name, option.help)
}

/// An option's default as the text [`Options::set`] reads (None for a button).
pub fn default_text(option: &EngineOption) -> Option<String> {
    match option.kind {
        OptionKind::Check { default, .. } => Some(default.to_string()),
        OptionKind::Spin { default, .. } => Some(default.to_string()),
        OptionKind::Combo { default, .. } | OptionKind::Text { default, .. } => {
            Some(default.to_string())
        }
        OptionKind::Button => None,
    }
}

fn on_off(v: bool) -> &'static str {
    if v { "on" } else { "off" }
}

/// Whether a text value means "none".
fn is_none(text: &str) -> bool {
    text.is_empty() || text == "<empty>"
}

impl Default for Options {
    /// Every option at its row's default.
    fn default() -> Self {
        let mut o = Options {
            hash_mib: 0,
            threads: 0,
            ponder: false,
            move_overhead: Duration::ZERO,
            profile: String::new(),
            depth: None,
            widths: None,
            deepen: false,
            show_wdl: false,
            chess960: false,
            limit_strength: false,
            elo: 0,
            contempt: 0,
            own_book: false,
            book_file: None,
            syzygy_path: None,
            syzygy_probe_limit: 0,
            multipv: 0,
            syzygy_probe_depth: 0,
            syzygy_50_move_rule: false,
            resign: false,
            resign_value: 0,
            resign_moves: 0,
            modern: Params::MODERN,
            network: None,
        };
        for option in OPTIONS {
            o.set_default(option);
        }
        o
    }
}

impl Options {
    /// Sets the option called `name` from its text (buttons take none). Returns what the
    /// engine must do about it.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, OptionError> {
        let text = value.map(str::trim).unwrap_or("");
        let bad = |name: &str| {
            let name = name.to_string();
            move |reason| OptionError::BadValue { name, reason }
        };
        if let Some(option) = find_option(name) {
            self.set_row(option, text).map_err(bad(option.name))?;
            return Ok(option.effect);
        }
        let tunable = params::tunable(name.trim())
            .ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
        parse_whole(text)
            .and_then(|v| tunable.set(&mut self.modern, v))
            .map_err(bad(tunable.name))?;
        Ok(Effect::Search)
    }

    /// Reads `text` against `option`'s kind and stores it; the reason when it does not fit.
    pub fn set_row(&mut self, option: &EngineOption, text: &str) -> Result<(), String> {
        match option.kind {
            OptionKind::Button => {}
            OptionKind::Check { set, .. } => set(self, parse_check(text)?),
            OptionKind::Spin {
                min,
                max,
                clamp,
                set,
                ..
            } => {
                let v = parse_whole(text)?;
                if !clamp && (v < min || v > max) {
                    return Err(format!("{v} is outside {min}..={max}"));
                }
                set(self, v.clamp(min, max));
            }
            OptionKind::Combo { choices, set, .. } => {
                let known = choices();
                let choice = known
                    .iter()
                    .find(|c| c.eq_ignore_ascii_case(text))
                    .ok_or_else(|| {
                        format!(
                            "unknown {} '{}' (known: {})",
                            option.name.to_lowercase(),
                            super::short(text),
                            known.join(", ")
                        )
                    })?;
                set(self, choice);
            }
            OptionKind::Text { set, .. } => set(self, text)?,
        }
        Ok(())
    }

    fn set_default(&mut self, option: &EngineOption) {
        match option.kind {
            OptionKind::Check { default, set } => set(self, default),
            OptionKind::Spin { default, set, .. } => set(self, default),
            OptionKind::Combo { default, set, .. } => set(self, default),
            OptionKind::Text { default, set } => {
                // The table's defaults are read by their own rows: they cannot fail.
                let _ = set(self, default);
            }
            OptionKind::Button => {}
        }
    }

    /// The settings these options give a search.
    pub fn settings(&self) -> Settings {
        Settings {
            depth: self.depth,
            widths: self.widths.clone(),
            hash_mib: self.hash_mib,
            contempt: self.contempt,
            threads: self.threads,
            multipv: self.multipv,
            syzygy_probe_depth: self.syzygy_probe_depth,
            syzygy_50_move_rule: self.syzygy_50_move_rule,
            strength: self.limit_strength.then_some(self.elo),
            modern: self.modern.clone(),
            network: self.network.clone(),
            ..Settings::default()
        }
    }

    /// How many plies from the start of a game the book may be followed: all of it at full
    /// strength; under `UCI_LimitStrength`, what a player of that rating knows by heart,
    /// one ply for every 100 Elo above 1000 (none at 1000, two at 1200, ten at 2000,
    /// sixteen at 2600). The levels were calibrated with the book off.
    pub fn book_plies(&self) -> Option<u32> {
        self.limit_strength
            .then(|| self.elo.saturating_sub(1000) / 100)
    }

    /// How castling is read and written: Chess960 or standard.
    pub fn castling_mode(&self) -> shakmaty::CastlingMode {
        if self.chess960 {
            shakmaty::CastlingMode::Chess960
        } else {
            shakmaty::CastlingMode::Standard
        }
    }

    /// The depth of a search nothing else limits: the `Depth` option's, or the profile's
    /// bench depth (a search that deepens on its own, like `modern`, would never end).
    pub fn fixed_depth(&self) -> u32 {
        self.depth.unwrap_or(self.profile().bench_depth)
    }

    /// The name of the network the modern search plays with (`EvalFile`'s or the
    /// embedded one's).
    pub fn network_name(&self) -> &str {
        self.network
            .as_ref()
            .map_or(network::EMBEDDED_NAME.as_str(), NetFile::name)
    }

    /// The profile these options name.
    pub fn profile(&self) -> &'static search::Profile {
        search::profile(&self.profile).unwrap_or(&PROFILES[0])
    }
}

fn parse_whole(text: &str) -> Result<i64, String> {
    text.parse()
        .map_err(|_| format!("'{}' is not a whole number", super::short(text)))
}

fn parse_check(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" => Ok(true),
        "false" | "0" | "off" => Ok(false),
        _ => Err(format!("'{}' is not true or false", super::short(text))),
    }
}

/// Reads a width schedule: numbers separated by commas or spaces; empty means none.
fn parse_widths(text: &str) -> Result<Option<Vec<u32>>, String> {
    if is_none(text) {
        return Ok(None);
    }
    let widths = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<u32>() {
            Ok(w) if (1..=256).contains(&w) => Ok(w),
            _ => Err(format!(
                "'{}' is not a width from 1 to 256",
                super::short(s)
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(widths))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_come_from_the_table() {
        let o = Options::default();
        assert_eq!(o.hash_mib, 16);
        assert_eq!(o.profile, DEFAULT_PROFILE);
        assert_eq!((o.depth, &o.widths, o.own_book), (None, &None, true));
        assert_eq!(o.move_overhead, timeman::knobs::MOVE_OVERHEAD);
        assert_eq!(o.settings(), Settings::default());
    }

    #[test]
    fn values_are_read_against_their_row() {
        let mut o = Options::default();
        assert_eq!(o.set("move_overhead", Some("100")), Ok(Effect::None));
        assert_eq!(o.move_overhead, Duration::from_millis(100));
        assert_eq!(o.set("widths", Some("15, 15 9")), Ok(Effect::Search));
        assert_eq!(o.widths, Some(vec![15, 15, 9]));
        assert_eq!(o.set("PROFILE", Some("1967")), Ok(Effect::Search));
        assert_eq!(o.profile, "1967");
        assert_eq!(o.set("Clear Hash", None), Ok(Effect::ClearHash));
        let bad = |name: &str, value: &str| match Options::default().set(name, Some(value)) {
            Err(OptionError::BadValue { reason, .. }) => reason,
            other => panic!("{name} {value}: {other:?}"),
        };
        assert_eq!(bad("Hash", "0"), "0 is outside 1..=4096");
        assert_eq!(bad("Hash", "lots"), "'lots' is not a whole number");
        assert_eq!(bad("Ponder", "maybe"), "'maybe' is not true or false");
        assert!(bad("Profile", "1968").starts_with("unknown profile '1968' (known: 1967"));
        assert!(bad("Widths", "15,0").contains("'0' is not a width"));
        assert_eq!(
            o.set("Nonsense", Some("1")),
            Err(OptionError::Unknown("Nonsense".into()))
        );
    }

    #[test]
    fn tunables_are_options_by_their_table_names() {
        let mut o = Options::default();
        assert_eq!(o.set("razor_margin", Some("300")), Ok(Effect::Search));
        assert_eq!(o.set("LMR_Divisor", Some(" 250 ")), Ok(Effect::Search));
        assert_eq!((o.modern.razor_margin, o.modern.lmr_divisor), (300, 2.5));
        assert_eq!(o.settings().modern, o.modern);
        let bad = |value: &str| Options::default().set("futility_margin", Some(value));
        let refused = |reason: &str| {
            Err(OptionError::BadValue {
                name: "futility_margin".into(),
                reason: reason.into(),
            })
        };
        assert_eq!(bad("19"), refused("19 is outside 20..=300"));
        assert_eq!(bad("301"), refused("301 is outside 20..=300"));
        assert_eq!(bad("1.5"), refused("'1.5' is not a whole number"));
        assert_eq!(bad(""), refused("'' is not a whole number"));
        assert_eq!(
            o.set("razoring", Some("false")),
            Err(OptionError::Unknown("razoring".into()))
        );
    }

    #[test]
    fn every_option_is_described_and_found_by_its_xboard_name() {
        for option in OPTIONS {
            let line = describe(option);
            assert!(line.starts_with(option.name) && line.contains(option.help));
            let xboard = option.name.replace(' ', "_");
            assert!(std::ptr::eq(find_option(&xboard).unwrap(), option));
            if let Some(text) = default_text(option) {
                let mut o = Options::default();
                o.set_row(option, &text).unwrap();
                assert_eq!(o, Options::default(), "{}", option.name);
            }
        }
        assert_eq!(
            describe(find_option("Hash").unwrap()),
            "Hash (1 to 4096, default 16): hash table memory in MiB (the 1967 search keeps \
             the paper's 32,000 entries within it)"
        );
    }
}
