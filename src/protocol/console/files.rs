//! Positions and games in files: FEN to set up a position, PGN to save the game (with
//! machack's values as comments) and to load one and play on from its end.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use shakmaty::Color;

use super::{Console, show, side_index};
use crate::engine::short;
use crate::notation;
use crate::pgn;
use crate::rules::{self, Game};

impl Console {
    pub(super) fn fen(&mut self, rest: &str) {
        if rest.is_empty() {
            self.say(&notation::fen_of(self.engine.position()));
            return;
        }
        match rules::parse_fen(rest) {
            Ok((pos, warnings)) => {
                for w in warnings {
                    self.say(&format!("note: {w}"));
                }
                self.engine.set_game(Game::new(pos));
                self.reset_game();
                self.after_move();
                self.person_to_move();
                self.draw();
            }
            Err(e) => self.say(&format!("Bad FEN: {e}.")),
        }
    }

    /// `save FILE.pgn`.
    pub(super) fn save(&mut self, rest: &str) {
        if rest.is_empty() {
            self.say("save takes a FILE name, e.g. save game.pgn");
            return;
        }
        let result = self.result.as_ref().map_or("*", |(r, _)| r.as_str());
        match std::fs::write(Path::new(rest), self.pgn_text()) {
            Ok(()) => {
                self.saved_plies = Some(self.engine.game().moves().len());
                self.say(&format!(
                    "Saved {} to {rest} ({result}).",
                    self.full_moves()
                ));
            }
            Err(e) => self.say(&format!("Cannot write {}: {e}.", short(rest))),
        }
    }

    /// `pgn`: the game as `save` would write it.
    pub(super) fn pgn(&self) {
        for line in self.pgn_text().lines() {
            self.say(line);
        }
    }

    /// `history`: the whole game, one numbered move a line.
    pub(super) fn history(&self) {
        let rows = show::history_rows(self.engine.game(), self.notation);
        if rows.is_empty() {
            self.say("No moves yet.");
        }
        for row in rows {
            self.say(row.trim_end());
        }
    }

    /// The number of moves of the game as a scoresheet counts them: `1 move`, `12 moves`.
    fn full_moves(&self) -> String {
        match show::history_rows(self.engine.game(), self.notation).len() {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        }
    }

    /// The game in PGN: the players, the result and its reason, machack's comments.
    fn pgn_text(&self) -> String {
        let name = |c: Color| {
            if self.person[side_index(c)] {
                "Person".to_string()
            } else {
                format!("machack ({})", self.engine.options().profile)
            }
        };
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "machack console game".into()),
            ("Site".into(), "machack console".into()),
            ("Date".into(), today()),
            ("Round".into(), "-".into()),
            ("White".into(), name(Color::White)),
            ("Black".into(), name(Color::Black)),
        ];
        if let Some((_, why)) = &self.result {
            tags.push(("Termination".into(), why.clone()));
        }
        let result = self.result.as_ref().map_or("*", |(r, _)| r.as_str());
        pgn::write_game(self.engine.game(), &tags, &self.comments, result)
    }

    pub(super) fn load(&mut self, rest: &str) {
        let (file, number) = match rest.rsplit_once(char::is_whitespace) {
            Some((f, n)) if n.parse::<usize>().is_ok() => (f.trim(), n.parse().unwrap_or(1)),
            _ => (rest, 1),
        };
        if file.is_empty() {
            self.say("load takes a FILE name and a game number, e.g. load games.pgn 2");
            return;
        }
        match pgn::read_file_game(Path::new(file), number) {
            Ok(g) => {
                self.engine.set_game(g.game.clone());
                self.reset_game();
                // A game the rules have ended stays ended; otherwise play goes on from its
                // last position whatever result was recorded (resignation, time, agreement).
                self.after_move();
                self.person_to_move();
                self.say(&format!(
                    "Loaded game {number} of {} ({} - {}, {}, recorded {}).",
                    file,
                    g.tag("White").unwrap_or("?"),
                    g.tag("Black").unwrap_or("?"),
                    self.full_moves(),
                    g.result
                ));
                self.draw();
            }
            Err(e) => self.say(&format!("Cannot load: {e}.")),
        }
    }
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
