//! What the 1967 search tells while it runs: each new best move at the top level, and,
//! when the limits ask for it ([`Limits::currmove`](crate::search::Limits)), the top-level
//! move being searched, named when it starts and again every second, once the search has
//! run a second. A fixed-depth search can spend many seconds on one top-level move, and a
//! GUI or the console should see it working. The paper's program printed nothing while it
//! thought: these reports are ours, and they change nothing the search does.

use std::time::{Duration, Instant};

use shakmaty::Move;

use crate::search::result::{CURRMOVE_AFTER, CurrMove, Info};

use crate::search::stats::Stats;

/// How often the move being searched is named again while it takes long.
const EVERY: Duration = Duration::from_secs(1);

/// The progress reports of one search to one depth.
pub struct Progress<'a> {
    report: &'a mut dyn FnMut(&Info),
    start: Instant,
    depth: u32,
    /// The top-level move being searched.
    current: Option<CurrMove>,
    /// When to name it next (None: the limits did not ask).
    next: Option<Instant>,
}

impl<'a> Progress<'a> {
    /// Reports of a search to `depth` that started at `start`; the move being searched
    /// is named only when `currmove`.
    pub fn new(
        report: &'a mut dyn FnMut(&Info),
        start: Instant,
        depth: u32,
        currmove: bool,
    ) -> Progress<'a> {
        Progress {
            report,
            start,
            depth,
            current: None,
            next: currmove.then(|| start + CURRMOVE_AFTER),
        }
    }

    /// A new best move: its value and line (`info`'s depth and time are filled in).
    pub fn best(&mut self, info: Info) {
        (self.report)(&Info {
            depth: self.depth,
            time: self.start.elapsed(),
            ..info
        });
    }

    /// The top-level move `number` starts; named at once when the first second is past.
    pub fn searching(&mut self, mv: Move, number: u32, stats: &Stats) {
        self.current = Some(CurrMove { mv, number });
        if self
            .next
            .is_some_and(|_| self.start.elapsed() >= CURRMOVE_AFTER)
        {
            self.name(stats, Instant::now());
        }
    }

    /// Called every few thousand nodes: names the move again when it is time.
    pub fn tick(&mut self, stats: &Stats) {
        let Some(next) = self.next else {
            return;
        };
        let now = Instant::now();
        if now >= next {
            self.name(stats, now);
        }
    }

    fn name(&mut self, stats: &Stats, now: Instant) {
        let Some(current) = self.current else {
            return;
        };
        self.next = Some(now + EVERY);
        (self.report)(&Info {
            depth: self.depth,
            seldepth: stats.seldepth,
            nodes: stats.nodes,
            time: now - self.start,
            currmove: Some(current),
            ..Info::default()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn the_move_is_named_only_when_asked_and_after_the_first_second() {
        let mv = Chess::default().legal_moves()[0];
        let stats = Stats::default();
        let mut seen = Vec::new();
        let mut report = |i: &Info| seen.push(i.currmove);
        let long_ago = Instant::now() - Duration::from_secs(5);
        let mut p = Progress::new(&mut report, long_ago, 5, true);
        p.searching(mv, 1, &stats);
        p.tick(&stats);
        p.searching(mv, 2, &stats);
        let mut never = |_: &Info| panic!("reported when not asked or too soon");
        let mut silent = Progress::new(&mut never, long_ago, 5, false);
        silent.searching(mv, 1, &stats);
        silent.tick(&stats);
        let mut fresh = Progress::new(&mut never, Instant::now(), 5, true);
        fresh.searching(mv, 1, &stats);
        fresh.tick(&stats);
        // Named at the start of move 1, not again within the second, then move 2 at once.
        let numbers: Vec<u32> = seen.iter().map(|c| c.unwrap().number).collect();
        assert_eq!(numbers, [1, 2]);
    }
}
