//! machack's reply: it thinks on the side to move with a progress line on a terminal,
//! stops when the person presses Enter, and then plays, resigns, claims a draw or answers
//! the person's offer, as the engine's tournament conduct decides (docs/design.md §9).

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use super::playing::claim_words;
use super::{Console, Event, Input, LastSearch, show, side_index, side_name};
use crate::engine::{BestMove, Go, Source};
use crate::fide::Outcome;
use crate::notation;
use crate::rules::Game;
use crate::search::SearchResult;

impl Console {
    /// Lets machack move while it is its turn and the game goes on; first gives the hint
    /// the person asked for.
    pub(super) fn autoplay(&mut self, input: &Input) {
        if std::mem::take(&mut self.hint_wanted) {
            self.hint(input);
        }
        while !self.quit
            && self.result.is_none()
            && !self.person[side_index(self.engine.position().turn())]
        {
            let offered = std::mem::take(&mut self.offer_pending);
            self.think(input, offered);
        }
    }

    /// `hint`: machack thinks on the person's move and says what it would play, without
    /// playing it.
    fn hint(&mut self, input: &Input) {
        if self.result.is_some() {
            self.say("The game is over; there is no move to suggest.");
            return;
        }
        let game = self.engine.game().clone();
        let Some(best) = self.search(input, &game) else {
            return;
        };
        let pos = game.position();
        match best.best.filter(|&m| pos.is_legal(m)) {
            Some(m) => {
                let how = match (best.source, best.score) {
                    (Source::Book, _) => " (from the book)".to_string(),
                    (_, Some(s)) => format!(" (value {})", show::verdict(s, pos.turn())),
                    _ => String::new(),
                };
                self.say(&format!(
                    "Hint: {}{how}",
                    show::numbered(pos, m, self.notation)
                ));
            }
            None => self.say("machack has no move to suggest."),
        }
    }

    /// machack thinks and plays the side to move. `offered`: the person has offered a
    /// draw with their last move.
    fn think(&mut self, input: &Input, offered: bool) {
        let searched = self.engine.game().clone();
        let side = searched.position().turn();
        let Some(best) = self.search(input, &searched) else {
            return;
        };
        self.last_value = best.score.or(self.last_value);
        let decision = self.engine.decide(&best, offered);
        if decision.resign {
            self.result = Some((
                Outcome::win(!side).as_str().into(),
                format!("machack resigns as {}", side_name(side)),
            ));
            self.say(&format!("machack resigns. {}", Outcome::win(!side)));
        } else if let Some(c) = decision.claim_now {
            self.result = Some((
                Outcome::Draw.as_str().into(),
                format!("machack claims a draw by {}", claim_words(c)),
            ));
            self.say(&format!("machack claims a draw ({}).", claim_words(c)));
        } else if let Some(m) = decision.play {
            self.machine_plays(searched.position(), m, &best);
            if offered {
                if decision.accept_draw {
                    self.say("machack: accept.");
                    self.result = Some(("1/2-1/2".into(), "draw agreed".into()));
                } else {
                    self.say("machack: decline.");
                }
            }
            if let Some(c) = decision.claim_with_move
                && self.result.is_none()
            {
                self.result = Some((
                    "1/2-1/2".into(),
                    format!("machack claims a draw by {}", claim_words(c)),
                ));
                self.say(&format!(
                    "machack claims a draw ({}) with its move.",
                    claim_words(c)
                ));
            }
            self.after_move();
        } else {
            self.after_move();
        }
        self.draw();
    }

    /// Plays machack's move `m` from `pos`, with its comment for the PGN, and says it.
    fn machine_plays(&mut self, pos: &Chess, m: Move, best: &BestMove) {
        let side = pos.turn();
        let comment = match (best.source, best.score) {
            (Source::Book, _) => Some("book".to_string()),
            (_, Some(score)) => Some(format!("{score}/{}", best.depth)),
            _ => None,
        };
        let text = show::numbered(pos, m, self.notation);
        self.play(m, comment);
        self.charge_clock(side);
        let depth = match &self.last {
            Some(last) if self.cut_short && last.result.stopped => cut_words(&last.result),
            _ => format!("depth {}", best.depth),
        };
        let how = match (best.source, best.score) {
            (Source::Book, _) => " (book)".to_string(),
            (_, Some(s)) => format!(
                "  (value {}, {depth}, {} nodes, {:.1}s)",
                show::verdict(s, side),
                best.nodes,
                best.time.as_secs_f64()
            ),
            _ => String::new(),
        };
        self.say(&format!("machack plays {text}{how}"));
    }

    /// Searches the game's position and waits for the answer, keeping the result for the
    /// debugging aids. None when the search could not start (the person then plays the
    /// side) or the person quit while it ran.
    fn search(&mut self, input: &Input, searched: &Game) -> Option<BestMove> {
        let pos = searched.position().clone();
        let side = pos.turn();
        self.cut_short = false;
        let go = Go {
            clocks: self.clock.as_ref().map(|c| c.clocks(side)),
            // The progress line names the move being searched; a pipe shows no line.
            currmove: self.tty,
            ..Go::default()
        };
        let events = input.sender();
        let tty = self.tty;
        let notation_used = self.notation;
        let dots = if self.unicode { "…" } else { "..." };
        let ticker = tty.then(|| {
            Ticker::start(format!(
                "machack is thinking (press Enter to make it move){dots}"
            ))
        });
        let line = ticker.as_ref().map(|t| Arc::clone(&t.line));
        let started = self.engine.go(
            go,
            move |info| {
                let Some(line) = &line else {
                    return;
                };
                let write = |m: Move| notation::write_move(&pos, m, notation_used);
                match &info.currmove {
                    // The root move being searched now (after the first second).
                    Some(c) => {
                        lock(line).current =
                            format!("searching {} (move {})", write(c.mv), c.number);
                    }
                    // The best line only (MultiPV's others are shown when the search ends).
                    None if info.multipv == 1 => {
                        let best = info.pv.first().map(|&m| write(m)).unwrap_or_default();
                        lock(line).best = format!(
                            "depth {}  best {best}  value {}  nodes {}",
                            info.depth,
                            show::verdict(info.score, side),
                            info.nodes,
                        );
                    }
                    None => {}
                }
            },
            move |best| {
                let _ = events.send(Event::Done(0, best));
            },
        );
        if let Err(e) = started {
            self.say(&format!("machack cannot think: {e}."));
            self.person[side_index(side)] = true;
            return None;
        }
        super::interrupt::thinking(true);
        let best = self.wait_for_answer(input);
        super::interrupt::thinking(false);
        self.engine.wait();
        drop(ticker);
        if self.quit {
            return None;
        }
        if best.source == Source::Search
            && let Some(result) = self.engine.last_search()
            && Some(result.best) == best.best
        {
            // MultiPV: the best lines, when more than one was asked for.
            for (k, line) in result
                .lines
                .iter()
                .enumerate()
                .filter(|_| result.lines.len() > 1)
            {
                self.say(&format!(
                    "line {}: value {}  {}",
                    k + 1,
                    show::told(line.score, None, line.score, searched.position().turn()),
                    show::line(searched.position(), &line.pv, self.notation)
                ));
            }
            self.last = Some(LastSearch {
                game: searched.clone(),
                result,
            });
        }
        Some(best)
    }

    /// Waits for the search's answer. A person at a terminal stops the thought with a
    /// line (its text is dropped, bar `quit`); a script's lines wait their turn.
    fn wait_for_answer(&mut self, input: &Input) -> BestMove {
        loop {
            match input.next() {
                Event::Done(_, best) => return best,
                Event::Line(l) if !self.keyboard => self.queue.push_back(l),
                Event::Line(l) => {
                    if matches!(l.trim(), "quit" | "exit") {
                        self.quit = true;
                    }
                    self.cut_short = true;
                    self.engine.stop();
                }
                Event::TooLong(_) => {
                    self.cut_short = true;
                    self.engine.stop();
                }
                // The input has ended: this move is still made and shown, and the lines
                // read before the end are still done.
                Event::Eof => {
                    self.eof = true;
                    if self.keyboard {
                        self.engine.stop();
                    }
                }
            }
        }
    }
}

/// The depth of a search the person cut short, in words: how many top-level moves the
/// 1967 search had searched (at a fixed depth it completes none before all are done), or
/// the deepest iteration a deepening search completed.
fn cut_words(r: &SearchResult) -> String {
    let in_plausibility_order = r.root_moves.iter().any(|m| m.plausibility.is_some());
    if in_plausibility_order {
        let searched = r.root_moves.iter().filter(|m| m.searched).count();
        format!(
            "depth {} cut short with {searched} top-level moves searched",
            r.depth
        )
    } else {
        format!("depth {} completed, then cut short", r.depth)
    }
}

/// Rewrites the progress line on a terminal (empty text clears it).
fn progress(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = write!(stdout, "\r\x1b[K{text}");
    let _ = stdout.flush();
}

/// The live progress line of a think on a terminal: the search's last report (or the
/// opening words) and the time thought so far, rewritten in place a few times a second,
/// so a long first iteration still shows it is alive. Dropping it clears the line.
struct Ticker {
    line: Arc<Mutex<Progress>>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Ticker {
    const EVERY: Duration = Duration::from_millis(250);

    fn start(first: String) -> Ticker {
        // Shown at once, so even a think too short for the first tick says it thought.
        progress(&first);
        let line = Arc::new(Mutex::new(Progress {
            best: first,
            current: String::new(),
        }));
        let done = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let thread = {
            let (line, done) = (Arc::clone(&line), Arc::clone(&done));
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    let text = lock(&line).text();
                    progress(&format!("{text}  {:.1}s", started.elapsed().as_secs_f64()));
                    std::thread::park_timeout(Ticker::EVERY);
                }
            })
        };
        Ticker {
            line,
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
        progress("");
    }
}

/// What the progress line says besides the time.
struct Progress {
    /// The search's last report of its best line (or the opening words).
    best: String,
    /// The root move being searched, once the search says.
    current: String,
}

impl Progress {
    fn text(&self) -> String {
        if self.current.is_empty() {
            self.best.clone()
        } else {
            format!("{}  {}", self.best, self.current)
        }
    }
}

/// The lock, even if a thread panicked holding it (the text is still whole).
fn lock(line: &Mutex<Progress>) -> std::sync::MutexGuard<'_, Progress> {
    line.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
