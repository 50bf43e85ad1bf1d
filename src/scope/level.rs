//! How machack's moves are timed in a scope game: to the profile's depth, a fixed time a
//! move, or clocks for both sides in the console's `level MOVES MINUTES INC` form (1967's
//! tournament control is `level 50 120 0`).

use std::time::Duration;

use crate::engine::short;
use crate::protocol::console::GameClock;

/// How machack's moves are timed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Level {
    /// The profile's depth, no clock.
    Depth,
    /// This long a move.
    MoveTime(Duration),
    /// A clock for both sides (`level MOVES MINUTES INC`).
    Clock(GameClock),
}

impl Level {
    /// Reads `depth`, `st SECONDS` or `level MOVES MINUTES INC`.
    pub fn parse(text: &str) -> Result<Level, String> {
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word {
            "depth" if rest.is_empty() => Ok(Level::Depth),
            "st" => match rest.trim().parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e6 => Ok(Level::MoveTime(Duration::from_secs_f64(s))),
                _ => Err(format!("'{}' is not a number of seconds", short(rest))),
            },
            "level" => GameClock::parse(rest).map(Level::Clock),
            _ => Err(format!(
                "level '{}': say depth, st SECONDS or level MOVES MINUTES INC",
                short(text)
            )),
        }
    }

    /// A fresh clock for this level, if it has one.
    pub fn clock(&self) -> Option<GameClock> {
        match self {
            Level::Clock(c) => Some(c.clone()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    #[test]
    fn levels_read_as_the_console_writes_them() {
        assert_eq!(Level::parse("depth"), Ok(Level::Depth));
        assert_eq!(
            Level::parse(" st 2.5 "),
            Ok(Level::MoveTime(Duration::from_millis(2500)))
        );
        let Ok(Level::Clock(c)) = Level::parse("level 50 120 0") else {
            panic!("the 1967 control");
        };
        assert_eq!(c.left(Color::White), Duration::from_secs(7200));
        for bad in ["", "blitz", "st", "st -1", "st NaN", "level 50", "depth 3"] {
            assert!(Level::parse(bad).is_err(), "{bad}");
        }
        assert!(Level::parse("level 50 120 0").unwrap().clock().is_some());
    }
}
