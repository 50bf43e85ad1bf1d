//! Watching machack think: a session starts a search; the engine's progress reports come
//! back to the session, which sends the page the latest as an `info` reply at most ten
//! times a second (so a fast search cannot flood the socket, and the last report before a
//! pause is never lost); the answer comes back too, and the session plays it (with the
//! conduct of docs/design.md §9: a claim, a resignation) or, for an analysis, only shows it.
//!
//! The engine reports a line each time the top level finds a new best move, so between
//! reports the page counts the time itself; the full record comes with the answer.
//! At the watch pace a finished 1967 search is shown again from its record, one top-level
//! move at a time ([`Replay`](super::replay::Replay)), before its answer is shown and played.

use std::sync::mpsc::Sender;
use std::time::Instant;

use shakmaty::{Chess, Position};

use super::aids::DoneView;
use super::level::Level;
use super::messages::Reply;
use super::replay::{Replay, WATCH_STEP};
use super::session::{Command, Session, Thinking};
use super::views::{InfoView, LiveRootMove};
use crate::aids::{Generator, MoveText};
use crate::engine::{BestMove, Go, Source};
use crate::fide::{Outcome, State};
use crate::rules::game_ply;
use crate::search::{Evaluator, Info, SearchResult};

/// The top-level moves of `pos` in plausibility order, no value yet.
pub fn live_root(pos: &Chess) -> Vec<LiveRootMove> {
    (Generator::root(pos, game_ply(pos)).ranked().into_iter())
        .map(|r| LiveRootMove {
            mv: MoveText::new(pos, r.mv),
            plausibility: r.plausibility,
            value: None,
            best: false,
        })
        .collect()
}

/// Keeps `info` as the latest report of its line, the lines in order.
fn keep_line(lines: &mut Vec<Info>, info: Info) {
    match lines.iter_mut().find(|l| l.multipv == info.multipv) {
        Some(l) => *l = info,
        None => {
            lines.push(info);
            lines.sort_by_key(|l| l.multipv);
        }
    }
}

/// The progress callback: hands each report to the session, which throttles them.
fn reporter(commands: Sender<Command>, seq: u64) -> impl FnMut(&Info) + Send + 'static {
    move |info: &Info| {
        let _ = commands.send(Command::Info {
            seq,
            info: info.clone(),
        });
    }
}

/// The answer callback: hands the answer back to the session.
fn answerer(commands: Sender<Command>, seq: u64) -> impl FnOnce(BestMove) + Send + 'static {
    move |best| {
        let _ = commands.send(Command::Done { seq, best });
    }
}

impl Session {
    /// Starts a search of the position: machack plays its answer when `play`; `depth`
    /// instead of the profile's for an analysis, which searches even where the book knows
    /// the position (the book's move goes beside the search's).
    pub(super) fn start(&mut self, play: bool, depth: Option<u32>) -> Result<(), String> {
        let pos = self.engine.position().clone();
        let go = if play {
            self.go_request(&pos)
        } else {
            Go {
                depth: depth.map(|d| d.clamp(1, 64)),
                skip_book: true,
                ..Go::default()
            }
        };
        let book = if play { None } else { self.engine.book_move() };
        self.seq += 1;
        let on_info = reporter(self.commands.clone(), self.seq);
        let on_done = answerer(self.commands.clone(), self.seq);
        self.engine
            .go(go, on_info, on_done)
            .map_err(|e| e.to_string())?;
        self.thinking = Some(Thinking {
            play,
            seq: self.seq,
            ply: self.engine.game().moves().len(),
            live: live_root(&pos),
            root: pos,
            book,
            lines: Vec::new(),
            pending: false,
            last_sent: None,
            replay: None,
            stop_asked: false,
        });
        self.send_state();
        Ok(())
    }

    /// The limits of machack's move at this level.
    fn go_request(&self, pos: &Chess) -> Go {
        match (&self.level, &self.clock) {
            (Level::MoveTime(t), _) => Go {
                movetime: Some(*t),
                ..Go::default()
            },
            (Level::Clock(_), Some(c)) => Go {
                clocks: Some(c.clocks(pos.turn())),
                ..Go::default()
            },
            _ => Go::default(),
        }
    }

    /// Starts machack's move if it is its turn and nothing else is going on.
    pub(super) fn maybe_play(&mut self) -> Result<(), String> {
        let pos = self.engine.position();
        if self.thinking.is_some()
            || pos.turn() == self.human
            || self.ended.is_some()
            || State::of(self.engine.game()).is_over()
        {
            return Ok(());
        }
        self.start(true, None)
    }

    /// Throws away any search: the game is about to change under it.
    pub(super) fn stop_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.engine.abort();
        }
    }

    /// Throws away an analysis; refuses while machack is choosing its move.
    pub(super) fn stop_analysis(&mut self) -> Result<(), String> {
        match &self.thinking {
            Some(t) if t.play => Err("machack is already thinking".into()),
            Some(_) => {
                self.stop_thinking();
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// A progress report of search `seq`: kept as the latest of its line, and sent if one
    /// may go now. A report of the move being searched carries no line and is left out.
    pub(super) fn info(&mut self, seq: u64, info: Info) {
        if let Some(t) = self.thinking.as_mut().filter(|t| t.seq == seq)
            && info.currmove.is_none()
        {
            keep_line(&mut t.lines, info);
            t.pending = true;
        }
        self.send_due_info();
    }

    /// Sends the pending report if its time has come (at the watch pace, the next step).
    pub(super) fn send_due_info(&mut self) {
        let Some(t) = &mut self.thinking else {
            return;
        };
        if let Some(r) = &mut t.replay {
            if r.at > Instant::now() {
                return;
            }
            r.shown += 1;
            r.at = Instant::now() + WATCH_STEP;
            let more = r.shown < r.searched().count();
            if let Some(view) = r.view(&t.root, &mut t.live) {
                let _ = self.events.send(Reply::Info(Box::new(view)));
            }
            if !more {
                self.end_replay();
            }
            return;
        }
        if t.due().is_none_or(|at| at > Instant::now()) {
            return;
        }
        t.pending = false;
        t.last_sent = Some(Instant::now());
        if let Some(view) = InfoView::new(&t.root, &t.lines, &mut t.live) {
            let _ = self.events.send(Reply::Info(Box::new(view)));
        }
    }

    /// The answer of search `seq`: shown, and played when machack was choosing its move.
    pub(super) fn done(&mut self, seq: u64, best: BestMove) {
        let Some(mut t) = self.thinking.take_if(|t| t.seq == seq) else {
            return;
        };
        let mut result = (best.source == Source::Search)
            .then(|| self.engine.last_search())
            .flatten();
        if self.watch
            && !t.stop_asked
            && let Some(r) = result
                .take_if(|r| r.evaluator == Evaluator::StaticBoard && !r.root_moves.is_empty())
        {
            // The show starts from an empty list: no move has a value yet.
            for l in &mut t.live {
                (l.value, l.best) = (None, false);
            }
            let now = Instant::now();
            t.replay = Some(Replay {
                best,
                result: r,
                shown: 0,
                at: now,
                started: now,
            });
            self.thinking = Some(t);
            self.send_due_info();
            return;
        }
        // The last lines, in case the throttle held them back: the page keeps them.
        if t.pending
            && let Some(view) = InfoView::new(&t.root, &t.lines, &mut t.live)
        {
            self.send(Reply::Info(Box::new(view)));
        }
        self.answer(t, best, result);
    }

    /// Ends the watch pace's replay, if one is under way: the search's answer at once.
    pub(super) fn end_replay(&mut self) {
        if let Some(mut t) = self.thinking.take_if(|t| t.replay.is_some())
            && let Some(r) = t.replay.take()
        {
            // The replay is the page's pace, not machack's thinking: its clock does not pay.
            if t.play {
                self.turn_started += r.started.elapsed();
            }
            self.answer(t, r.best, Some(r.result));
        }
    }

    /// Shows the answer of a search and plays it when machack was choosing its move.
    fn answer(&mut self, t: Thinking, best: BestMove, result: Option<SearchResult>) {
        let mut view = DoneView::new(&t.root, t.ply, &best, result.as_ref(), t.play);
        view.book = t.book.map(|m| MoveText::new(&t.root, m));
        self.send(Reply::Done(Box::new(view)));
        if t.play {
            self.play_answer(&best);
        }
        self.send_state();
    }

    /// Plays machack's answer as a tournament player would: it may claim a draw or resign
    /// instead (docs/design.md §9).
    fn play_answer(&mut self, best: &BestMove) {
        if best.score.is_some() {
            self.last_score = best.score;
        }
        let decision = self.engine.decide(best, false);
        let me = self.engine.position().turn();
        let name = me.fold_wb("White", "Black");
        if let Some(claim) = decision.claim_now {
            let why = format!(
                "machack claims a draw by {}",
                claim.as_str().replace('_', " ")
            );
            self.end(Outcome::Draw, why);
            return;
        }
        if decision.resign {
            self.end(Outcome::win(!me), format!("{name} (machack) resigns"));
            return;
        }
        let Some(m) = decision.play else {
            return;
        };
        if self.charge(me) || self.engine.play(m).is_err() {
            return;
        }
        if let Some(claim) = decision.claim_with_move {
            let why = format!(
                "machack claims a draw by {} with its move",
                claim.as_str().replace('_', " ")
            );
            self.end(Outcome::Draw, why);
        }
    }
}
