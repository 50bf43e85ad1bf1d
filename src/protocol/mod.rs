//! The text protocols: UCI (`uci`), xboard/CECP v2 (`xboard`) and the console (`console`).
//!
//! They parse text and print text and call one `Engine` API (docs/style.md point 1). This module
//! holds what they share: the input thread (docs/style.md point 11: stdin has its own thread, so
//! `isready` and `ping` are answered at once even mid-search), the one event queue that
//! carries both input lines and finished searches to the protocol loop, the line-at-a-time
//! output, and the dispatch of a bare `machack` to the protocol its first line names.
//!
//! Input is read in bounded lines: a line longer than `MAX_LINE` bytes is thrown away and
//! reported, so a megabyte of junk cannot grow memory without end; bytes that are not
//! UTF-8 are replaced. Nothing here panics on input.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::engine::{BestMove, Engine};

pub mod console;
pub mod uci;
pub mod xboard;

/// The longest input line read, in bytes. A UCI `position ... moves` line of a 3000-move
/// game is about 15 000 bytes.
pub const MAX_LINE: usize = 256 * 1024;

/// Something for a protocol loop to handle.
#[derive(Debug)]
pub enum Event {
    /// One line of input, without its line ending.
    Line(String),
    /// A line longer than `MAX_LINE` was thrown away; its length in bytes.
    TooLong(usize),
    /// The input ended (or failed).
    Eof,
    /// A search finished: the protocol's own id for it and its answer.
    Done(u64, BestMove),
}

/// The event queue: input lines from the reader thread, and whatever else is sent with
/// `sender` (finished searches).
pub struct Input {
    rx: Receiver<Event>,
    tx: Sender<Event>,
}

impl Input {
    /// Reads standard input on its own thread.
    pub fn stdin() -> Input {
        Input::spawn(io::stdin())
    }

    /// Reads `reader` on its own thread.
    pub fn spawn<R: io::Read + Send + 'static>(reader: R) -> Input {
        let (tx, rx) = mpsc::channel();
        let lines = tx.clone();
        let spawned = thread::Builder::new()
            .name("machack-input".into())
            .spawn(move || read_lines(io::BufReader::new(reader), &lines));
        if spawned.is_err() {
            let _ = tx.send(Event::Eof);
        }
        Input { rx, tx }
    }

    /// Waits for the next event; `Eof` forever after the input ends.
    pub fn next(&self) -> Event {
        self.rx.recv().unwrap_or(Event::Eof)
    }

    /// The next event: the line in `pending` (one already read) if there is one, then the
    /// input's.
    pub fn next_after(&self, pending: &mut Option<String>) -> Event {
        pending.take().map_or_else(|| self.next(), Event::Line)
    }

    /// A sender for events from other threads (search callbacks).
    pub fn sender(&self) -> Sender<Event> {
        self.tx.clone()
    }
}

/// Reads bounded lines and sends them, then `Eof`.
fn read_lines<R: BufRead>(mut reader: R, tx: &Sender<Event>) {
    let mut line: Vec<u8> = Vec::new();
    let mut dropped = 0usize;
    loop {
        let (done, used) = match reader.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
            Ok([]) => break,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    take(&mut line, &mut dropped, &buf[..i]);
                    (true, i + 1)
                }
                None => {
                    take(&mut line, &mut dropped, buf);
                    (false, buf.len())
                }
            },
        };
        reader.consume(used);
        if done {
            let event = finish_line(&mut line, &mut dropped);
            if tx.send(event).is_err() {
                return;
            }
        }
    }
    if !line.is_empty() || dropped > 0 {
        let _ = tx.send(finish_line(&mut line, &mut dropped));
    }
    let _ = tx.send(Event::Eof);
}

fn take(line: &mut Vec<u8>, dropped: &mut usize, bytes: &[u8]) {
    if *dropped > 0 || line.len() + bytes.len() > MAX_LINE {
        *dropped += line.len() + bytes.len();
        line.clear();
    } else {
        line.extend_from_slice(bytes);
    }
}

fn finish_line(line: &mut Vec<u8>, dropped: &mut usize) -> Event {
    let event = if *dropped > 0 {
        Event::TooLong(*dropped)
    } else {
        let mut text = String::from_utf8_lossy(line).into_owned();
        if text.ends_with('\r') {
            text.pop();
        }
        Event::Line(text)
    };
    line.clear();
    *dropped = 0;
    event
}

/// Where a protocol prints: whole lines, flushed at once, never interleaved between
/// threads. Write errors are ignored (the GUI has gone; the input will end too).
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Out {
    /// Standard output.
    pub fn stdout() -> Out {
        Out::new(Box::new(io::stdout()))
    }

    /// Any writer (tests).
    pub fn new(sink: Box<dyn Write + Send>) -> Out {
        Out {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Prints one line.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

/// `machack` with no subcommand: reads the first line and speaks UCI if it is `uci`,
/// xboard if it is `xboard`, and otherwise runs the console with that line as its first.
pub fn dispatch(engine: Engine) {
    let input = Input::stdin();
    let out = Out::stdout();
    loop {
        match input.next() {
            Event::Line(line) => {
                let word = line.trim();
                if word.is_empty() {
                    continue;
                }
                match word {
                    "uci" => uci::run(engine, input, out, Some(line)),
                    "xboard" => xboard::run(engine, input, out, Some(line)),
                    _ => console::run(engine, input, out, Some(line)),
                }
                return;
            }
            Event::TooLong(n) => {
                return console::run(engine, input, out, Some("x".repeat(n.min(64))));
            }
            Event::Eof => return,
            Event::Done(..) => {}
        }
    }
}

/// Splits off the first whitespace-separated word.
pub(crate) fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    match text.find(char::is_whitespace) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(bytes: &[u8]) -> Vec<String> {
        let input = Input::spawn(io::Cursor::new(bytes.to_vec()));
        let mut out = Vec::new();
        loop {
            match input.next() {
                Event::Line(l) => out.push(format!("L:{l}")),
                Event::TooLong(n) => out.push(format!("T:{n}")),
                Event::Eof => return out,
                Event::Done(..) => unreachable!(),
            }
        }
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            events(b"uci\r\nisready\n\nquit"),
            ["L:uci", "L:isready", "L:", "L:quit"]
        );
        let mut junk = vec![b'x'; MAX_LINE + 10];
        junk.extend_from_slice(b"\nisready\n");
        assert_eq!(
            events(&junk),
            [format!("T:{}", MAX_LINE + 10), "L:isready".into()]
        );
        assert_eq!(events(b"\xff\xfe go\n"), ["L:\u{fffd}\u{fffd} go"]);
    }

    #[test]
    fn words_split() {
        assert_eq!(split_word("  go  depth 3 "), ("go", "depth 3 "));
        assert_eq!(split_word("quit"), ("quit", ""));
        assert_eq!(split_word(""), ("", ""));
    }
}
