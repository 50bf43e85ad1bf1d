//! Playing the game: the person's moves, the sides each plays, take-back, draw offers and
//! claims, resignation, and the clocks. machack's own moves are `reply`'s.

use std::time::Instant;

use shakmaty::{Color, Move, Position};

use super::{Console, GameClock, mistakes, show, side_index, side_name};
use crate::fide::{self, Claim, Outcome, State};
use crate::notation;

impl Console {
    /// `new`: a new game; the person keeps their side(s).
    pub(super) fn new_game(&mut self) {
        self.engine.new_game();
        self.reset_game();
        self.say("New game.");
        self.draw();
    }

    /// `go`: machack plays the side to move, the person the other.
    pub(super) fn go(&mut self) {
        let turn = self.engine.position().turn();
        self.person[side_index(turn)] = false;
        self.person[side_index(!turn)] = true;
        if self.result.is_some() {
            self.say("The game is over; 'new', 'undo', 'load' or 'fen' to go on.");
        }
    }

    /// Forgets everything about the game that the engine does not hold.
    pub(super) fn reset_game(&mut self) {
        self.comments = vec![None; self.engine.game().moves().len()];
        self.result = None;
        self.last = None;
        self.last_value = None;
        if let Some(c) = &mut self.clock {
            let fresh = GameClock {
                left: [c.base, c.base],
                made: [0, 0],
                fallen: None,
                ..c.clone()
            };
            *c = fresh;
        }
        self.turn_started = Instant::now();
    }

    /// After the position is replaced: the person plays the side to move.
    pub(super) fn person_to_move(&mut self) {
        if self.person[0] != self.person[1] {
            let turn = self.engine.position().turn();
            self.person = [false, false];
            self.person[side_index(turn)] = true;
        }
    }

    pub(super) fn play_sides(&mut self, rest: &str) {
        self.person = match rest.to_ascii_lowercase().as_str() {
            "white" | "w" => [true, false],
            "black" | "b" => [false, true],
            "both" => [true, true],
            "none" => [false, false],
            _ => {
                self.say("play takes white, black, both or none: the side(s) you play.");
                return;
            }
        };
        let mine: Vec<&str> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| self.person[side_index(c)])
            .map(side_name)
            .collect();
        self.say(&match mine.as_slice() {
            [] => "machack plays both sides.".to_string(),
            [one] => format!("You play {one}."),
            _ => "You play both sides; 'go' makes machack move.".to_string(),
        });
    }

    pub(super) fn level(&mut self, rest: &str) {
        if let Some(elo) = rest.to_ascii_lowercase().strip_prefix("elo") {
            self.strength(elo.trim());
            return;
        }
        if rest.eq_ignore_ascii_case("off") {
            self.clock = None;
            self.say("No clocks.");
            return;
        }
        match GameClock::parse(rest) {
            Ok(c) => {
                let moves = if c.moves > 0 {
                    format!("{} moves", c.moves)
                } else {
                    "the game".to_string()
                };
                self.say(&format!(
                    "Clocks: {moves} in {}, {}s added per move.",
                    show::clock(c.base),
                    c.increment.as_secs_f64()
                ));
                self.clock = Some(c);
                self.turn_started = Instant::now();
            }
            Err(e) => self.say(&e),
        }
    }

    /// `clock`: both clocks, or how to set them.
    pub(super) fn show_clock(&self) {
        match self.clock_status() {
            Some(text) => self.say(&text),
            None => self.say("No clocks; 'level 50 120 0' sets 1967's control."),
        }
    }

    /// Charges the side that just moved and ends the game if its flag fell.
    pub(super) fn charge_clock(&mut self, side: Color) {
        let used = self.turn_started.elapsed();
        self.turn_started = Instant::now();
        if let Some(c) = &mut self.clock
            && c.charge(side, used)
            && self.result.is_none()
        {
            let winner = Outcome::win(!side);
            self.result = Some((
                winner.as_str().into(),
                format!("{}'s flag fell", side_name(side)),
            ));
        }
    }

    pub(super) fn undo(&mut self) {
        if self.engine.game().moves().is_empty() {
            self.say("There is no move to take back.");
            return;
        }
        // Back to the person's last turn; one move when they play neither side.
        let watching = !self.person[0] && !self.person[1];
        loop {
            if self.engine.undo().is_none() {
                break;
            }
            self.comments.truncate(self.engine.game().moves().len());
            let turn = self.engine.position().turn();
            if watching || self.person[side_index(turn)] || self.engine.game().moves().is_empty() {
                break;
            }
        }
        if !self.person[side_index(self.engine.position().turn())] {
            // Nothing of the person's to take back: they play this side now.
            self.person_to_move();
        }
        self.result = None;
        self.turn_started = Instant::now();
        self.say("Taken back.");
        self.draw();
    }

    pub(super) fn list_moves(&self) {
        let pos = self.engine.position();
        let mut moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| notation::write_move(pos, m, self.notation))
            .collect();
        moves.sort();
        if moves.is_empty() {
            self.say("No legal moves.");
        } else {
            self.say(&format!("{} legal moves: {}", moves.len(), moves.join(" ")));
        }
    }

    /// Reads a move in the current position; if it is not one, says what is wrong and
    /// what is legal.
    pub(super) fn read_move(&self, text: &str) -> Option<Move> {
        let pos = self.engine.position();
        match notation::read_move(pos, text) {
            Ok(m) => Some(m),
            Err(e) => {
                for line in mistakes::answer(pos, text, &e, self.notation) {
                    self.say(&line);
                }
                None
            }
        }
    }

    pub(super) fn person_move(&mut self, text: &str) {
        if let Some((result, _)) = &self.result {
            let is_move = notation::read_move(self.engine.position(), text).is_ok();
            if is_move {
                self.say(&format!(
                    "The game is over ({result}); 'new', 'undo', 'load' or 'fen' to go on."
                ));
            } else {
                self.read_move(text);
            }
            return;
        }
        let Some(m) = self.read_move(text) else {
            return;
        };
        let side = self.engine.position().turn();
        if !self.person[side_index(side)] {
            self.say("It is machack's move; 'play both' to move for both sides.");
            return;
        }
        self.play(m, None);
        self.charge_clock(side);
        self.after_move();
        if self.person[side_index(self.engine.position().turn())] {
            self.draw();
        }
    }

    /// Plays a move in the game with its PGN comment.
    pub(super) fn play(&mut self, m: Move, comment: Option<String>) {
        if self.engine.play(m).is_ok() {
            self.comments.truncate(self.engine.game().moves().len() - 1);
            self.comments.push(comment);
        }
    }

    /// Checks for the end of the game by rule, and tells the person to move about the
    /// draws they may claim.
    pub(super) fn after_move(&mut self) {
        if self.result.is_some() {
            return;
        }
        if let Some(end) = self.engine.game_end() {
            let why = end.reason.as_str().replace('_', " ");
            self.result = Some((end.result().to_string(), why));
            return;
        }
        let pos = self.engine.position();
        if self.person[side_index(pos.turn())] {
            let state = State::of(self.engine.game());
            if let Some(c) = state.claims.first() {
                self.say(&format!(
                    "You may claim a draw ({}): type 'draw?'.",
                    claim_words(*c)
                ));
            }
        }
    }

    /// `draw? [MOVE]`: a claim if the rules allow one (now, or with the declared move);
    /// otherwise an offer, which machack answers.
    pub(super) fn draw_offer(&mut self, rest: &str) {
        if let Some((result, _)) = &self.result {
            self.say(&format!("The game is over ({result})."));
            return;
        }
        let game = self.engine.game().clone();
        if rest.is_empty() {
            if let Some(&c) = State::of(&game).claims.first() {
                self.person_claims(c);
            } else if self.engine.accepts_draw(self.last_value) {
                self.say("machack: accept.");
                self.result = Some(("1/2-1/2".into(), "draw agreed".into()));
                self.draw();
            } else {
                self.say("machack: decline.");
            }
            return;
        }
        let Some(m) = self.read_move(rest) else {
            return;
        };
        let side = game.position().turn();
        if !self.person[side_index(side)] {
            self.say("It is machack's move.");
            return;
        }
        let claims = fide::claims_with_move(&game, m).unwrap_or_default();
        self.play(m, None);
        self.charge_clock(side);
        if let Some(&c) = claims.first() {
            self.person_claims(c);
            return;
        }
        self.after_move();
        if self.result.is_some() || self.person[side_index(!side)] {
            self.draw();
            return;
        }
        // The offer stands with the move; machack answers it with its reply.
        self.offer_pending = true;
    }

    /// The person claims a draw the rules allow: the game ends.
    fn person_claims(&mut self, c: Claim) {
        self.say(&format!("Draw claimed ({}): 1/2-1/2.", claim_words(c)));
        self.result = Some((
            "1/2-1/2".into(),
            format!("draw claimed by {}", claim_words(c)),
        ));
        self.draw();
    }

    pub(super) fn resign(&mut self) {
        if self.result.is_some() {
            self.say("The game is over.");
            return;
        }
        let turn = self.engine.position().turn();
        let loser = if self.person[side_index(turn)] {
            turn
        } else {
            !turn
        };
        let result = Outcome::win(!loser);
        self.result = Some((
            result.as_str().into(),
            format!("{} resigns", side_name(loser)),
        ));
        self.say(&format!("{} resigns: {result}.", side_name(loser)));
    }
}

pub(super) fn claim_words(c: Claim) -> &'static str {
    match c {
        Claim::ThreefoldRepetition => "threefold repetition",
        Claim::FiftyMoves => "fifty-move rule",
    }
}
