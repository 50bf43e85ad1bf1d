//! Time management (docs/design.md §9): how long to think on one move, for every time control.
//!
//! The 1967 program played under tournament rules, 50 moves in 2 hours (xboard `level 50 120
//! 0`); GUIs today add sudden death, increments and fixed time per move. This module turns
//! the clock into two limits: a *soft* one (once an iteration has reported past it, do not
//! start another) and a *hard* one (stop the search at once; the engine enforces it with the
//! search's deadline and a watchdog). The `Move Overhead` reserve is subtracted first, so
//! the move reaches the GUI before the flag falls even on a loaded machine; it is charged
//! once for every move still to come in the horizon, since every move pays it.
//!
//! Fixed depth and fixed nodes are not time controls: the engine passes them to the search
//! as they are. Left out: learning how long iterations take (the 1967 search has a fixed
//! depth; the soft limit is enough) and pondering statistics.

use std::time::Duration;

/// The knobs of time management, one table (docs/style.md point 3).
pub mod knobs {
    use std::time::Duration;

    /// Moves assumed still to play when the control gives no moves-to-go (sudden death).
    pub const HORIZON: u32 = 30;
    /// Moves-to-go above this are treated as this (a GUI may send 100 for "until the end").
    pub const MAX_MOVES_TO_GO: u32 = 50;
    /// The hard limit is this many times the soft one (the 1967 search has no iterations
    /// to stop between, so a search that does not finish runs to the hard limit).
    pub const HARD_OVER_SOFT: u32 = 3;
    /// Neither limit exceeds this share of the usable clock, per mille, when more moves
    /// remain in the control...
    pub const MAX_SHARE: u32 = 500;
    /// ...nor this share when this is the last move before the control.
    pub const MAX_SHARE_LAST_MOVE: u32 = 750;
    /// The shortest think: even with no time left the search runs this long for a move.
    pub const MIN_THINK: Duration = Duration::from_millis(1);
    /// Default reserve for the GUI and the pipes (the UCI option `Move Overhead`).
    pub const MOVE_OVERHEAD: Duration = Duration::from_millis(30);
}

/// One side's clock as the GUI reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves to make before the next time control (None: sudden death).
    pub moves_to_go: Option<u32>,
}

/// What limits a search in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No time limit (fixed depth or nodes, `go infinite`, analysis).
    #[default]
    Unlimited,
    /// A running clock: sudden death, increment, or moves-to-go.
    Clock(Clock),
    /// Exactly this long per move (UCI `movetime`, xboard `st`).
    MoveTime(Duration),
}

/// How long to think, counted from when the clock started for this move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Stop the search at once at this.
    pub hard: Duration,
}

/// The budget for one move, or None when time does not limit the search.
/// `overhead` is kept back from every clock for communication.
pub fn allot(control: &TimeControl, overhead: Duration) -> Option<Budget> {
    match *control {
        TimeControl::Unlimited => None,
        TimeControl::MoveTime(t) => {
            let t = t.saturating_sub(overhead).max(knobs::MIN_THINK);
            Some(Budget { soft: t, hard: t })
        }
        TimeControl::Clock(clock) => Some(allot_clock(&clock, overhead)),
    }
}

fn allot_clock(clock: &Clock, overhead: Duration) -> Budget {
    let moves = clock
        .moves_to_go
        .map_or(knobs::HORIZON, |m| m.clamp(1, knobs::MAX_MOVES_TO_GO));
    // The time for the rest of the horizon: the clock and the increments still to come,
    // less the overhead of every one of those moves (and two more as a reserve). Every
    // move costs the overhead in pipes and scheduling whatever we think, so at fast
    // controls this is what keeps the clock from draining to the flag.
    let horizon =
        (clock.remaining + clock.increment * (moves - 1)).saturating_sub(overhead * (moves + 2));
    let usable = clock.remaining.saturating_sub(overhead);
    let share = if moves == 1 {
        knobs::MAX_SHARE_LAST_MOVE
    } else {
        knobs::MAX_SHARE
    };
    let cap = usable * share / 1000;
    let hard = (horizon / moves * knobs::HARD_OVER_SOFT)
        .min(cap)
        .max(knobs::MIN_THINK);
    let soft = (horizon / moves).min(hard).max(knobs::MIN_THINK);
    Budget { soft, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(remaining: u64, inc: u64, mtg: Option<u32>) -> TimeControl {
        TimeControl::Clock(Clock {
            remaining: ms(remaining),
            increment: ms(inc),
            moves_to_go: mtg,
        })
    }

    #[test]
    fn unlimited_has_no_budget() {
        assert_eq!(allot(&TimeControl::Unlimited, ms(30)), None);
    }

    #[test]
    fn move_time_keeps_the_overhead() {
        let b = allot(&TimeControl::MoveTime(ms(1000)), ms(30)).unwrap();
        assert_eq!((b.soft, b.hard), (ms(970), ms(970)));
        let b = allot(&TimeControl::MoveTime(ms(10)), ms(30)).unwrap();
        assert_eq!(b.hard, knobs::MIN_THINK);
    }

    #[test]
    fn the_1967_control_spends_about_two_and_a_half_minutes_a_move() {
        // 50 moves in 2 hours, at the start of the game.
        let b = allot(&clock(7_200_000, 0, Some(50)), ms(30)).unwrap();
        assert!(b.soft > Duration::from_secs(140) && b.soft < Duration::from_secs(150));
        assert!(b.hard <= Duration::from_secs(3600));
    }

    #[test]
    fn never_plans_past_the_flag() {
        for remaining in [0, 1, 5, 29, 30, 31, 50, 100, 500, 1000, 10_000, 600_000] {
            for inc in [0, 10, 100, 2000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let b = allot(&clock(remaining, inc, mtg), ms(30)).unwrap();
                    assert!(b.soft <= b.hard);
                    let usable = ms(remaining).saturating_sub(ms(30));
                    assert!(
                        b.hard <= usable.max(knobs::MIN_THINK),
                        "{remaining} {inc} {mtg:?}: {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn increment_and_fewer_moves_to_go_mean_more_time() {
        let base = allot(&clock(60_000, 0, None), ms(30)).unwrap();
        let inc = allot(&clock(60_000, 1000, None), ms(30)).unwrap();
        let mtg = allot(&clock(60_000, 0, Some(5)), ms(30)).unwrap();
        assert!(inc.soft > base.soft);
        assert!(mtg.soft > base.soft);
    }

    #[test]
    fn one_second_game_moves_fast() {
        // 1+0.01: the first move may use a few dozen milliseconds, never a whole second.
        let b = allot(&clock(1000, 10, None), ms(30)).unwrap();
        assert!(b.soft < ms(20), "{b:?}");
        assert!(b.hard < ms(60), "{b:?}");
    }

    #[test]
    fn a_low_clock_spends_less_than_the_increment() {
        // Each move costs the overhead beyond the think: below about a second, a 10 ms
        // increment must not be spent in full, or the clock drains to the flag.
        for remaining in [50, 100, 300, 600] {
            let b = allot(&clock(remaining, 10, None), ms(30)).unwrap();
            assert!(b.hard < ms(10), "{remaining}: {b:?}");
        }
        // With a healthy clock the increment is spent.
        let b = allot(&clock(10_000, 100, None), ms(30)).unwrap();
        assert!(b.soft > ms(300), "{b:?}");
    }
}
