//! The settings a person may change at the console: the notation moves are written in, the
//! search profile, depth and widths, and the opening book. The engine holds and checks
//! the values; the console only names them.

use super::Console;
use crate::engine::EngineError;
use crate::engine::options::{OPTIONS, OptionError, describe, find_option};
use crate::engine::{MAX_ELO, MIN_ELO, short};
use crate::notation::Notation;
use crate::search::PROFILES;

impl Console {
    /// `notation descriptive|san|uci`.
    pub(super) fn notation(&mut self, rest: &str) {
        match rest.to_ascii_lowercase().as_str() {
            "descriptive" | "d" => self.notation = Notation::Descriptive,
            "san" | "algebraic" | "s" => self.notation = Notation::San,
            "uci" | "coordinate" | "u" => self.notation = Notation::Uci,
            _ => self.say("notation takes descriptive, san or uci."),
        }
    }

    pub(super) fn profile(&mut self, rest: &str) {
        let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
        let usage = format!("profile takes a NAME: {}", names.join(", "));
        if self.option("Profile", rest, &usage) {
            self.say(&format!("Profile set to {}.", short(rest)));
        }
    }

    pub(super) fn depth(&mut self, rest: &str) {
        if self.option("Depth", rest, "depth takes a number of plies, e.g. depth 4") {
            self.say(&format!("Depth set to {}.", short(rest)));
        }
    }

    pub(super) fn widths(&mut self, rest: &str) {
        if self.option("Widths", rest, "widths takes a LIST, e.g. widths 6,6,4") {
            self.say(&format!("Widths set to {}.", short(rest)));
        }
    }

    /// `level elo N`: the modern profile at strength N (docs/strength.md); `level elo off`:
    /// full strength again.
    pub(super) fn strength(&mut self, rest: &str) {
        if rest.eq_ignore_ascii_case("off") {
            if self.option("UCI_LimitStrength", "off", "") {
                self.say("Full strength.");
            }
            return;
        }
        let usage = format!(
            "level elo takes a strength from {MIN_ELO} to {MAX_ELO}, e.g. level elo 1500, or off"
        );
        let Ok(elo) = rest.parse::<u32>() else {
            self.say(&usage);
            return;
        };
        if self.option("Profile", "modern", "")
            && self.option("UCI_Elo", rest, &usage)
            && self.option("UCI_LimitStrength", "on", "")
        {
            let elo = elo.clamp(MIN_ELO, MAX_ELO);
            self.say(&format!("Playing the modern profile at about {elo} Elo."));
        }
    }

    /// `book on|off|file PATH`.
    pub(super) fn book(&mut self, rest: &str) {
        let (what, path) = rest.split_once(' ').unwrap_or((rest, ""));
        let what = what.to_ascii_lowercase();
        match what.as_str() {
            "on" | "off" => {
                if self.option("OwnBook", &what, "") {
                    self.say(&format!("The opening book is {what}."));
                }
            }
            "file" => {
                let path = path.trim();
                if self.option("BookFile", path, "book file takes a PATH") {
                    self.say(&format!("Book file set to {}.", short(path)));
                }
            }
            _ => self.say("book takes on, off or file PATH."),
        }
    }

    /// `set NAME VALUE` sets any engine option from the engine's one table of options;
    /// `set` alone lists them, each with its range, default, help and value now.
    pub(super) fn set(&mut self, rest: &str) {
        let rest = rest.trim();
        if rest.is_empty() {
            for option in OPTIONS {
                let line = match self.engine.options().value_text(option) {
                    Some(now) => format!("  {} [now: {now}]", describe(option)),
                    None => format!("  {}", describe(option)),
                };
                self.say(&line);
            }
            return;
        }
        // A name with a space and no value (`set Clear Hash`) is read whole.
        let (name, value) = match find_option(rest) {
            Some(_) => (rest, ""),
            None => rest.split_once(char::is_whitespace).unwrap_or((rest, "")),
        };
        let value = value.trim();
        match self.engine.set_option(name, Some(value)) {
            Ok(()) if value.is_empty() => self.say(&format!("{} done.", short(name))),
            Ok(()) => self.say(&format!("{} set to {}.", short(name), short(value))),
            Err(e) => self.say(&format!("{e}; `set` lists the options.")),
        }
    }

    /// `flip`: the board from the other side.
    pub(super) fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.draw();
    }

    /// Sets an engine option; says `usage` when no value is given, and the engine's
    /// error when the value is refused. Whether the option was set.
    fn option(&mut self, name: &str, value: &str, usage: &str) -> bool {
        if value.is_empty() {
            self.say(usage);
            return false;
        }
        match self.engine.set_option(name, Some(value)) {
            Ok(()) => true,
            // In the console's words: the command, not the protocol's option name.
            Err(EngineError::Option(OptionError::BadValue { reason, .. })) => {
                let word = match name {
                    "BookFile" => "book file".to_string(),
                    "OwnBook" => "book".to_string(),
                    other => other.to_lowercase(),
                };
                self.say(&format!("{word}: {reason}."));
                false
            }
            Err(e) => {
                self.say(&format!("{e}."));
                false
            }
        }
    }
}
