//! "Review a game" (issue 22): machack's view of every move of the tab's game — the move
//! it would have played, where the played move ranked by plausibility, the value
//! difference and a comment — made by `crate::annotate`, the code `machack annotate` runs.
//! The review runs on a thread of its own with a search of its own, so the tab stays
//! live; each note goes to the page as it is made, and a new review or a closed tab stops
//! it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::messages::{Events, Reply};
use crate::annotate::{self, Budget, Matches};
use crate::rules::Game;
use crate::search::{Profile, Settings};

/// The deepest a review searches unless the page asks otherwise: the 1967 profiles'
/// own depths, the modern profile held to a depth that takes about a second a move.
pub const REVIEW_DEPTH: u32 = 8;

/// A review under way: raising `stop` ends it after the move being searched.
#[derive(Debug)]
pub struct Review {
    stop: Arc<AtomicBool>,
}

impl Review {
    /// Starts reviewing `game` with `profile` to `depth` plies (default: the profile's bench
    /// depth, at most [`REVIEW_DEPTH`]); replies go to `events`.
    pub fn start(
        game: Game,
        profile: &'static Profile,
        depth: Option<u32>,
        events: Events,
    ) -> Review {
        let depth = depth
            .unwrap_or(profile.bench_depth.min(REVIEW_DEPTH))
            .max(1);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut search = (profile.make)();
            search.configure(&Settings::default());
            let _ = events.send(Reply::ReviewStart {
                profile: profile.name,
                depth,
                moves: game.moves().len(),
            });
            let budget = Budget {
                depth: Some(depth),
                movetime: None,
            };
            let notes = annotate::annotate(&game, search.as_mut(), budget, &flag, &mut |n| {
                let _ = events.send(Reply::ReviewMove(Box::new(n.clone())));
            });
            let matches = Matches::of(&notes);
            let _ = events.send(Reply::ReviewDone {
                summary: matches.line(),
                matches,
                stopped: notes.len() < game.moves().len(),
            });
        });
        Review { stop }
    }

    /// Ends the review after the move being searched.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Review {
    fn drop(&mut self) {
        self.stop();
    }
}
