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

use std::collections::BTreeMap;
use std::time::Duration;

use thiserror::Error;

mod row;
mod table;

pub use row::{Effect, EngineOption, OptionKind, Options, Shown};
use row::{parse_check, parse_whole};
pub use table::OPTIONS;

use crate::search::modern::network;
/// The modern search's network file (`EvalFile`) and tunables, as the front ends name them.
pub use crate::search::modern::network::{EMBEDDED_NAME, NetFile};
use crate::search::modern::params::{self, Params};
pub use crate::search::modern::params::{SPSA_R_END, TUNABLES, Tunable, tunable};
use crate::search::{self, PROFILES, Settings};

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
            texts: BTreeMap::new(),
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
        let stored = match option.kind {
            OptionKind::Button => return Ok(()),
            OptionKind::Check { set, .. } => {
                let on = parse_check(text)?;
                set(self, on);
                on_off(on).to_string()
            }
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
                let v = v.clamp(min, max);
                set(self, v);
                v.to_string()
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
                choice.to_string()
            }
            OptionKind::Text { set, .. } => {
                set(self, text)?;
                text.to_string()
            }
        };
        self.texts.insert(option.name, stored);
        Ok(())
    }

    /// `option`'s current value as text (None for a button; `<empty>` for empty text).
    pub fn value_text(&self, option: &EngineOption) -> Option<&str> {
        let text = self.texts.get(option.name)?;
        Some(if text.is_empty() { "<empty>" } else { text })
    }

    fn set_default(&mut self, option: &EngineOption) {
        if let Some(text) = default_text(option) {
            // The table's defaults are read by their own rows: they cannot fail.
            let _ = self.set_row(option, &text);
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
    /// fifteen at 2500). The levels were calibrated with the book off.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::DEFAULT_PROFILE;
    use crate::timeman;

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
