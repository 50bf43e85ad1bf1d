//! The console: play machack by typing moves at a terminal.
//!
//! FIRST CUT, written with the protocols so that `machack` with no arguments does something
//! honest; the console proper (descriptive notation by default, the debugging aids, draw
//! claims in words) is a later job and replaces this file. It prints the board as text,
//! reads moves in any notation (`notation::read_move`: descriptive, SAN or coordinates),
//! answers with the engine's move, and knows `new`, `undo`, `go` (engine moves now),
//! `board`, `draw?`, `help` and `quit`.

use std::collections::VecDeque;

use shakmaty::{Chess, Color, File, Position, Rank, Square};

use super::{Event, Input, Out, split_word};
use crate::engine::{BestMove, Engine, Go, short};
use crate::notation::{self, Notation};

/// Runs the console until `quit` or the end of input. `first` is a line already read.
pub fn run(mut engine: Engine, input: Input, out: Out, first: Option<String>) {
    let mut queue: VecDeque<String> = first.into_iter().collect();
    out.line(&format!(
        "machack {}: Mac Hack VI (Greenblatt, MIT 1967). Type a move, or 'help'.",
        env!("CARGO_PKG_VERSION")
    ));
    show(&out, engine.position());
    loop {
        let line = match queue.pop_front() {
            Some(line) => line,
            None => match input.next() {
                Event::Line(line) => line,
                Event::TooLong(n) => {
                    out.line(&format!("error: a line of {n} bytes is too long"));
                    continue;
                }
                Event::Eof => return,
                Event::Done(..) => continue,
            },
        };
        let (word, _) = split_word(&line);
        match word {
            "" => {}
            "quit" | "exit" => return,
            "help" => out.line(
                "moves in any notation (P-K4, e4, e2e4); new; undo; go (engine moves); \
                 board; draw? (offer a draw); quit",
            ),
            "new" => {
                engine.new_game();
                show(&out, engine.position());
            }
            "undo" => {
                engine.undo();
                engine.undo();
                show(&out, engine.position());
            }
            "board" => show(&out, engine.position()),
            "draw?" => {
                let yes = engine.accepts_draw(None);
                out.line(if yes {
                    "machack accepts the draw."
                } else {
                    "machack declines the draw."
                });
            }
            "go" => {
                if !reply(&mut engine, &input, &out, &mut queue) {
                    return;
                }
            }
            _ => match notation::read_move(engine.position(), line.trim()) {
                Ok(m) => {
                    let _ = engine.play(m);
                    if !reply(&mut engine, &input, &out, &mut queue) {
                        return;
                    }
                }
                Err(e) => out.line(&format!("error: {e}")),
            },
        }
    }
}

/// The engine moves; false if the user quit meanwhile.
fn reply(engine: &mut Engine, input: &Input, out: &Out, queue: &mut VecDeque<String>) -> bool {
    if let Some(end) = engine.game_end() {
        out.line(&format!("Game over: {} ({end:?})", end.result()));
        return true;
    }
    let events = input.sender();
    let started = engine.go(
        Go::default(),
        |_| {},
        move |best| {
            let _ = events.send(Event::Done(0, best));
        },
    );
    if let Err(e) = started {
        out.line(&format!("error: {e}"));
        return true;
    }
    let best: BestMove = loop {
        match input.next() {
            Event::Done(_, best) => break best,
            Event::Line(l) if l.trim() == "quit" => return false,
            Event::Line(l) if l.trim() == "stop" => engine.stop(),
            Event::Line(l) => queue.push_back(l),
            Event::TooLong(_) => {}
            Event::Eof => {
                engine.finish();
                return false;
            }
        }
    };
    engine.wait();
    let Some(m) = best.best else {
        return true;
    };
    let text = notation::write_move(engine.position(), m, Notation::Descriptive);
    let _ = engine.play(m);
    out.line(&format!("machack plays {}", short(&text)));
    show(out, engine.position());
    if let Some(end) = engine.game_end() {
        out.line(&format!("Game over: {} ({end:?})", end.result()));
    }
    true
}

/// The board as text, White at the bottom.
fn show(out: &Out, pos: &Chess) {
    let board = pos.board();
    for rank in Rank::ALL.iter().rev() {
        let mut row = format!("{} ", rank.char());
        for file in File::ALL {
            let c = board
                .piece_at(Square::from_coords(file, *rank))
                .map_or('.', |p| p.char());
            row.push(' ');
            row.push(c);
        }
        out.line(&row);
    }
    out.line("   a b c d e f g h");
    out.line(match pos.turn() {
        Color::White => "White to move",
        Color::Black => "Black to move",
    });
}
