//! One row of the options table: what an option is ([`OptionKind`], [`Effect`],
//! [`Shown`], [`EngineOption`]), the values every row stores into ([`Options`]), and how
//! a row reads a value's text. Below the table, which is made of these rows.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::engine::short;
use crate::search::modern::network::NetFile;
use crate::search::modern::params::Params;

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
pub(super) const BOTH: Shown = Shown {
    uci: true,
    xboard: true,
};
/// UCI only: xboard has its own commands for these (`memory`, `cores`, `hard`/`easy`).
pub(super) const UCI: Shown = Shown {
    uci: true,
    xboard: false,
};
/// xboard only: a UCI GUI cannot act on a resignation.
pub(super) const XBOARD: Shown = Shown {
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
    /// Each row's value as the text it was last set from, for listings (`set` at the
    /// console): the rows' setters write fields of many shapes, this one reads them all.
    pub(super) texts: BTreeMap<&'static str, String>,
}

/// Whether a text value means "none".
pub(super) fn is_none(text: &str) -> bool {
    text.is_empty() || text == "<empty>"
}

/// A text value, or None when it means "none".
pub(super) fn text_or_none(text: &str) -> Option<String> {
    (!is_none(text)).then(|| text.to_string())
}

pub(super) fn parse_whole(text: &str) -> Result<i64, String> {
    text.parse()
        .map_err(|_| format!("'{}' is not a whole number", short(text)))
}

pub(super) fn parse_check(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" | "on" => Ok(true),
        "false" | "0" | "off" => Ok(false),
        _ => Err(format!("'{}' is not true or false", short(text))),
    }
}

/// Reads a width schedule: numbers separated by commas or spaces; empty means none.
pub(super) fn parse_widths(text: &str) -> Result<Option<Vec<u32>>, String> {
    if is_none(text) {
        return Ok(None);
    }
    let widths = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<u32>() {
            Ok(w) if (1..=256).contains(&w) => Ok(w),
            _ => Err(format!("'{}' is not a width from 1 to 256", short(s))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(widths))
}
