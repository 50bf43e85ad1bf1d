//! Time management of the modern search under a clock: after each iteration, whether to
//! start another. The engine gives a soft deadline (the clock's even share over a long
//! horizon, from [`crate::timeman`]) and a hard one (never passed). The modern search aims
//! at half as much again as the soft time: its iterations stop cleanly, so it can spend
//! more early in the game where moves decide most, and still keep a reserve. That time is
//! stretched when the position is unclear — the best move changed in the last iterations
//! or the value dropped — and shrunk while the best move stays the same; a new iteration
//! starts only while less than 80% of the stretched time is spent. The last iteration
//! then runs past it, so a move takes about that time on average and the clock is
//! spent rather than left over. A position with one legal move is answered after the
//! first iteration. In a game's first moves the target may be larger still
//! (`time_early_boost`, none by default). The shares and stretches are the `time_` rows of
//! [`Params`].

use std::time::{Duration, Instant};

use shakmaty::Move;

use super::params::Params;

/// What the search has seen of its iterations, to judge how clear the position is.
#[derive(Debug)]
pub struct TimePlan<'a> {
    params: &'a Params,
    start: Instant,
    /// The soft time, from the start (None: no clock).
    soft: Option<Duration>,
    best: Option<Move>,
    value: i32,
    changes: f64,
    stable: u32,
}

impl<'a> TimePlan<'a> {
    /// A plan for a search started at `start` with the soft deadline `soft`, on move
    /// `fullmove` of the game.
    pub fn new(
        start: Instant,
        soft: Option<Instant>,
        fullmove: u32,
        params: &'a Params,
    ) -> TimePlan<'a> {
        let early = f64::from(params.time_early_moves);
        let left = (early - f64::from(fullmove.saturating_sub(1))).max(0.0) / early;
        let target = params.time_target_scale * (1.0 + params.time_early_boost * left);
        TimePlan {
            params,
            start,
            soft: soft.map(|s| s.saturating_duration_since(start).mul_f64(target)),
            best: None,
            value: 0,
            changes: 0.0,
            stable: 0,
        }
    }

    /// Notes a completed iteration (its depth, best move and value, and how many root
    /// moves there are) and tells whether to start another.
    pub fn another(&mut self, depth: u32, best: Move, value: i32, root_moves: usize) -> bool {
        let Some(soft) = self.soft else {
            return true;
        };
        let p = self.params;
        let changed = self.best.is_some_and(|b| b != best);
        let drop = f64::from(self.value - value);
        let first = self.best.is_none();
        self.best = Some(best);
        self.value = value;
        if root_moves == 1 {
            return false;
        }
        self.changes /= 2.0;
        if changed && depth as i32 >= p.time_first_counted_depth {
            self.changes += 1.0;
        }
        if changed || (!first && drop >= f64::from(p.time_drop_unstable)) {
            self.stable = 0;
        } else {
            self.stable += 1;
        }
        let mut scale = 1.0 + p.time_change_stretch * self.changes;
        if !first && drop > 0.0 {
            scale += p.time_drop_stretch * (drop / f64::from(p.time_drop_scale)).min(2.0);
        }
        if self.stable as i32 >= p.time_stable_iterations {
            scale *= p.time_stable_shrink;
        }
        self.start.elapsed().as_secs_f64() < soft.as_secs_f64() * scale * p.time_start_share
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{pos, uci};

    #[test]
    fn without_a_clock_every_iteration_goes_on() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let mut plan = TimePlan::new(Instant::now(), None, 1, &Params::MODERN);
        assert!(plan.another(1, uci(&p, "a1a2"), 0, 20));
        assert!(plan.another(30, uci(&p, "a1a3"), -500, 1));
    }

    #[test]
    fn one_legal_move_is_answered_at_once() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let soon = Instant::now() + Duration::from_secs(60);
        let mut plan = TimePlan::new(Instant::now(), Some(soon), 1, &Params::MODERN);
        assert!(!plan.another(1, uci(&p, "a1a2"), 0, 1));
    }

    #[test]
    fn changes_and_drops_stretch_the_time_and_stability_shrinks_it() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let (a, b) = (uci(&p, "a1a2"), uci(&p, "a1a3"));
        let start = Instant::now() - Duration::from_millis(900);
        let soft = Some(start + Duration::from_millis(1000));
        // 90% of the soft time spent: a stable search stops...
        let mut steady = TimePlan::new(start, soft, 40, &Params::MODERN);
        for d in 1..8 {
            steady.another(d, a, 10, 20);
        }
        assert!(!steady.another(8, a, 10, 20));
        // ...one whose best move just changed goes on...
        let mut unsure = TimePlan::new(start, soft, 40, &Params::MODERN);
        for d in 1..8 {
            unsure.another(d, a, 10, 20);
        }
        assert!(unsure.another(8, b, 10, 20));
        // ...and so does one whose value just fell.
        let mut falling = TimePlan::new(start, soft, 40, &Params::MODERN);
        for d in 1..8 {
            falling.another(d, a, 10, 20);
        }
        assert!(falling.another(8, a, -60, 20));
    }

    #[test]
    fn the_early_boost_spends_more_in_the_first_moves_only() {
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let a = uci(&p, "a1a2");
        let boosted = Params {
            time_early_boost: 1.0,
            ..Params::MODERN
        };
        // 1.6 s spent of a 1 s soft time: past the usual target's 80% (1.2 s), within
        // the doubled target's (2.4 s) on move 1, and halfway down the ramp at move 16.
        let start = Instant::now() - Duration::from_millis(1600);
        let soft = Some(start + Duration::from_millis(1000));
        let go_on =
            |fullmove, params| TimePlan::new(start, soft, fullmove, params).another(1, a, 0, 20);
        assert!(!go_on(1, &Params::MODERN));
        assert!(go_on(1, &boosted));
        assert!(go_on(16, &boosted));
        assert!(!go_on(30, &boosted));
        assert!(!go_on(31, &boosted));
    }
}
