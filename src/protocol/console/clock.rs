//! The game clocks of `level MOVES MINUTES INC` (xboard's form; 1967's tournament control
//! is `level 50 120 0`, fifty moves in two hours): each side's time left, the moves to the
//! next control, and the fall of a flag.

use std::time::Duration;

use shakmaty::Color;

use crate::engine::Clocks;

/// A conventional time control and both clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClock {
    /// Moves per control (0: the whole game).
    pub moves: u32,
    /// Time per control.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Time left: White, Black.
    pub left: [Duration; 2],
    /// Moves made by each side.
    pub made: [u32; 2],
    /// A side whose flag has fallen.
    pub fallen: Option<Color>,
}

fn index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl GameClock {
    /// Reads `MOVES MINUTES INC`; minutes may be `M:SS`, the increment is in seconds.
    pub fn parse(args: &str) -> Result<GameClock, String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let [moves, minutes, inc] = words[..] else {
            return Err("level takes MOVES MINUTES INC, e.g. 'level 50 120 0'".into());
        };
        let moves: u32 = moves
            .parse()
            .map_err(|_| format!("'{moves}' is not a number of moves"))?;
        let base = match minutes.split_once(':') {
            Some((m, s)) => match (m.parse::<u64>(), s.parse::<u64>()) {
                (Ok(m), Ok(s)) if s < 60 => Duration::from_secs(m * 60 + s),
                _ => return Err(format!("'{minutes}' is not minutes or M:SS")),
            },
            None => match minutes.parse::<f64>() {
                Ok(m) if (0.0..1e6).contains(&m) => Duration::from_secs_f64(m * 60.0),
                _ => return Err(format!("'{minutes}' is not a number of minutes")),
            },
        };
        let increment = match inc.parse::<f64>() {
            Ok(s) if (0.0..1e6).contains(&s) => Duration::from_secs_f64(s),
            _ => return Err(format!("'{inc}' is not a number of seconds")),
        };
        if base.is_zero() && increment.is_zero() {
            return Err("a time control needs some time: minutes or an increment".into());
        }
        Ok(GameClock {
            moves,
            base,
            increment,
            left: [base, base],
            made: [0, 0],
            fallen: None,
        })
    }

    /// Charges `used` to `side` for the move it just made; returns true if its flag fell.
    pub fn charge(&mut self, side: Color, used: Duration) -> bool {
        let i = index(side);
        if used > self.left[i] {
            self.left[i] = Duration::ZERO;
            self.fallen = Some(side);
            return true;
        }
        self.left[i] -= used;
        self.left[i] += self.increment;
        self.made[i] += 1;
        if self.moves > 0 && self.made[i].is_multiple_of(self.moves) {
            self.left[i] += self.base;
        }
        false
    }

    /// Moves `side` must still make before its next control, if the control has a count.
    pub fn moves_to_go(&self, side: Color) -> Option<u32> {
        (self.moves > 0).then(|| self.moves - self.made[index(side)] % self.moves)
    }

    /// The clocks for a search by `side`.
    pub fn clocks(&self, side: Color) -> Clocks {
        Clocks {
            white: self.left[0],
            black: self.left[1],
            white_increment: self.increment,
            black_increment: self.increment,
            moves_to_go: self.moves_to_go(side),
        }
    }

    /// Time left for `side`.
    pub fn left(&self, side: Color) -> Duration {
        self.left[index(side)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_1967_control() {
        let mut c = GameClock::parse("50 120 0").unwrap();
        assert_eq!(c.left(Color::White), Duration::from_secs(7200));
        assert_eq!(c.moves_to_go(Color::White), Some(50));
        for _ in 0..50 {
            assert!(!c.charge(Color::White, Duration::from_secs(60)));
        }
        // Fifty moves in fifty minutes: seventy left plus the next two hours.
        assert_eq!(c.left(Color::White), Duration::from_secs(70 * 60 + 7200));
        assert_eq!(c.moves_to_go(Color::White), Some(50));
        assert!(c.charge(Color::Black, Duration::from_secs(7201)));
        assert_eq!(c.fallen, Some(Color::Black));
    }

    #[test]
    fn increments_and_bad_input() {
        let mut c = GameClock::parse("0 2:30 5").unwrap();
        assert_eq!(c.moves_to_go(Color::Black), None);
        c.charge(Color::Black, Duration::from_secs(10));
        assert_eq!(c.left(Color::Black), Duration::from_secs(145));
        assert!(GameClock::parse("50 120").is_err());
        assert!(GameClock::parse("x 120 0").is_err());
        assert!(GameClock::parse("40 0 0").is_err());
        assert!(GameClock::parse("40 NaN 0").is_err());
    }
}
