//! The xboard commands: one line read and dispatched, by group (the game, the clocks, how
//! we think, options), and the features announced at `protover`.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::super::split_word;
use super::{Level, Thinking, Xboard};
use crate::engine::OptionKind;
use crate::engine::options::OPTIONS;

impl Xboard {
    /// Handles one line; false on `quit`.
    pub(super) fn command(&mut self, line: &str) -> bool {
        let (word, rest) = split_word(line);
        match word {
            "" => self.error("empty line", ""),
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "hint" | "bk" | "white" | "black" | "." | "nps" | "egtpath" => {}
            "protover" => self.features(),
            "new" | "variant" | "force" | "go" | "playother" | "result" => {
                self.game_command(word, rest, line);
            }
            "usermove" => self.user_move(rest),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "level" | "st" | "sd" | "time" | "otim" => self.clock_command(word, rest, line),
            "post" | "nopost" | "hard" | "easy" | "analyze" | "exit" | "?" => {
                self.thinking_command(word);
            }
            "draw" => self.draw_offer(),
            "ping" => self.out.line(&format!("pong {}", rest.trim())),
            "memory" | "cores" | "option" => self.option_command(word, rest, line),
            "quit" => return false,
            _ => {
                // A move without `usermove` (a GUI that did not take the feature).
                if rest.is_empty() && looks_like_a_move(word) {
                    self.user_move(word);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    /// `new`, `variant`, `force`, `go`, `playother`, `result`: who plays, and the game.
    fn game_command(&mut self, word: &str, rest: &str, line: &str) {
        match word {
            "new" => {
                self.stop_thinking();
                self.engine.new_game();
                self.force = false;
                self.side = Color::Black;
                // CECP: `new` keeps the time control (`level`, `st`) but drops `sd`.
                self.depth = None;
                self.draw_offered = false;
                self.over = false;
                self.expected = None;
                self.last_score = None;
                // `new` starts a normal game unless `variant` follows.
                let _ = self.engine.set_option("UCI_Chess960", Some("false"));
                self.restart_analysis();
            }
            "variant" => {
                let chess960 = match rest.trim() {
                    "normal" => "false",
                    "fischerandom" => "true",
                    _ => return self.error("unsupported variant", line),
                };
                // The option exists in the table: this cannot fail.
                let _ = self.engine.set_option("UCI_Chess960", Some(chess960));
            }
            "force" => {
                self.stop_thinking();
                self.force = true;
            }
            "go" => {
                self.stop_thinking();
                self.force = false;
                self.side = self.engine.position().turn();
                self.think();
            }
            "playother" => {
                self.stop_thinking();
                self.force = false;
                self.side = !self.engine.position().turn();
                self.ponder();
            }
            _ => {
                // `result`: the game is over, whatever the GUI says it was.
                self.stop_thinking();
                self.over = true;
            }
        }
    }

    /// `level`, `st`, `sd`, `time`, `otim`: the time control and the clocks.
    fn clock_command(&mut self, word: &str, rest: &str, line: &str) {
        match word {
            "level" => self.set_level(line, rest),
            "st" => match seconds(rest) {
                Some(t) => {
                    self.move_time = Some(t);
                    self.level = None;
                }
                None => self.error("bad st", line),
            },
            "sd" => match rest.trim().parse::<u32>() {
                Ok(d) if d > 0 => self.depth = Some(d),
                _ => self.error("bad sd", line),
            },
            _ => match rest.trim().parse::<i64>() {
                Ok(cs) => {
                    let t = Some(Duration::from_millis((cs.max(0) as u64).saturating_mul(10)));
                    if word == "time" {
                        self.our_time = t;
                    } else {
                        self.their_time = t;
                    }
                }
                Err(_) => self.error(&format!("bad {word}"), line),
            },
        }
    }

    /// `post`, `nopost`, `hard`, `easy`, `analyze`, `exit`, `?`: how and when we think.
    fn thinking_command(&mut self, word: &str) {
        match word {
            "post" => self.post = true,
            "nopost" => self.post = false,
            "hard" => self.hard = true,
            "easy" => {
                self.hard = false;
                if let Thinking::Ponder(..) = self.thinking {
                    self.stop_thinking();
                }
            }
            "analyze" => {
                self.analyze = true;
                self.restart_analysis();
            }
            "exit" => {
                if self.analyze {
                    self.stop_thinking();
                    self.analyze = false;
                }
            }
            _ => {
                // `?`: move now.
                if let Thinking::Move(_) = self.thinking {
                    self.engine.stop();
                }
            }
        }
    }

    /// `memory` (the hash size in MB), `cores` (search threads) and `option NAME[=VALUE]`.
    fn option_command(&mut self, word: &str, rest: &str, line: &str) {
        let numeric = match word {
            "memory" => Some("Hash"),
            "cores" => Some("Threads"),
            _ => None,
        };
        let result = if let Some(name) = numeric {
            match rest.trim().parse::<u32>() {
                Ok(n) => self.engine.set_option(name, Some(&n.to_string())),
                Err(_) => return self.error(&format!("bad {word}"), line),
            }
        } else {
            let (name, value) = match rest.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (rest, None),
            };
            self.engine.set_option(name, value)
        };
        if let Err(e) = result {
            self.error(&e.to_string(), line);
        }
    }

    /// `protover`: the features we want and the options we have.
    fn features(&self) {
        let out = &self.out;
        out.line("feature done=0");
        out.line(&format!(
            "feature ping=1 setboard=1 usermove=1 playother=1 time=1 draw=1 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 san=0 name=0 nps=0 memory=1 smp=1 \
             pause=0 exclude=0 setscore=0 highlight=0 debug=0 variants=\"normal,fischerandom\" \
             myname=\"machack {}\"",
            env!("CARGO_PKG_VERSION")
        ));
        for option in OPTIONS.iter().filter(|o| o.shown.xboard) {
            let name = option.name.replace(' ', "_");
            let kind = xboard_kind(&option.kind);
            out.line(&format!("feature option=\"{name} {kind}\""));
        }
        out.line("feature done=1");
    }

    fn set_level(&mut self, line: &str, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [moves, base, inc] => moves
                .parse::<u32>()
                .ok()
                .zip(minutes(base))
                .zip(seconds(inc)),
            _ => None,
        };
        match parsed {
            Some(((moves, base), increment)) => {
                self.level = Some(Level {
                    moves,
                    base,
                    increment,
                });
                self.move_time = None;
            }
            None => self.error("bad level", line),
        }
    }
}

/// Whether a bare word is meant as a move (coordinates like `e2e4`, `e7e8q`, or SAN), so
/// that an illegal one gets `Illegal move` rather than `Error (unknown command)`.
fn looks_like_a_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let coordinates = (b.len() == 4 || (b.len() == 5 && b"qrbn".contains(&b[4])))
        && square(b[0], b[1])
        && square(b[2], b[3]);
    coordinates || word.parse::<shakmaty::san::San>().is_ok()
}

/// Seconds, possibly fractional (`st 0.5`, the increment of `level`).
fn seconds(text: &str) -> Option<Duration> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && (0.0..1e9).contains(&v)).then(|| Duration::from_secs_f64(v))
}

/// The base of `level`: minutes, or `minutes:seconds`.
fn minutes(text: &str) -> Option<Duration> {
    match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().ok()?;
            let s: u64 = s.parse().ok()?;
            (m < 1_000_000 && s < 60).then(|| Duration::from_secs(m * 60 + s))
        }
        None => seconds(text).map(|t| t * 60),
    }
}

/// The `-spin ...` part of a `feature option=` line.
fn xboard_kind(kind: &OptionKind) -> String {
    match *kind {
        OptionKind::Spin {
            default, min, max, ..
        } => format!("-spin {default} {min} {max}"),
        OptionKind::Check { default, .. } => format!("-check {}", u8::from(default)),
        OptionKind::Combo {
            default, choices, ..
        } => {
            let marked: Vec<String> = choices()
                .iter()
                .map(|&c| {
                    if c == default {
                        format!("*{c}")
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            format!("-combo {}", marked.join(" /// "))
        }
        OptionKind::Button => "-button".to_string(),
        OptionKind::Text { default, .. } => format!("-string {default}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_moves_are_told_from_unknown_commands() {
        for w in ["e2e4", "e7e8q", "Nf3", "O-O", "exd5"] {
            assert!(looks_like_a_move(w), "{w}");
        }
        for w in ["xyzzy", "e2e9", "hello", "i2i4"] {
            assert!(!looks_like_a_move(w), "{w}");
        }
    }

    #[test]
    fn level_fields_read() {
        assert_eq!(minutes("120"), Some(Duration::from_secs(7200)));
        assert_eq!(minutes("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(minutes("0:75"), None);
        assert_eq!(minutes("x"), None);
        assert_eq!(seconds("0.01"), Some(Duration::from_millis(10)));
        assert_eq!(seconds("-1"), None);
    }
}
