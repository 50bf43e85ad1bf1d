//! The settings a person may change at the console: the notation moves are written in, the
//! search profile, depth and widths, and the opening book. The engine holds and checks
//! the values; the console only names them.

use super::Console;
use crate::engine::short;
use crate::notation::Notation;

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
        self.option(
            "Profile",
            rest,
            "profile takes a NAME: 1967 or 1967-tournament",
        );
    }

    pub(super) fn depth(&mut self, rest: &str) {
        self.option("Depth", rest, "depth takes a number of plies, e.g. depth 4");
    }

    pub(super) fn widths(&mut self, rest: &str) {
        self.option("Widths", rest, "widths takes a LIST, e.g. widths 6,6,4");
    }

    /// `book on|off|file PATH`.
    pub(super) fn book(&mut self, rest: &str) {
        let (what, path) = rest.split_once(' ').unwrap_or((rest, ""));
        match what.to_ascii_lowercase().as_str() {
            "on" | "off" => self.option("OwnBook", what, ""),
            "file" => self.option("BookFile", path.trim(), "book file takes a PATH"),
            _ => self.say("book takes on, off or file PATH."),
        }
    }

    fn option(&mut self, name: &str, value: &str, usage: &str) {
        if value.is_empty() {
            self.say(usage);
            return;
        }
        match self.engine.set_option(name, Some(value)) {
            Ok(()) => self.say(&format!("{name} set to {}.", short(value))),
            Err(e) => self.say(&format!("{e}.")),
        }
    }
}
