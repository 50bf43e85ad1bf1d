//! The console's first-hour surprises that depend on a terminal (issue 23), through a
//! pseudo-terminal: leaving with an unsaved game asks once, Ctrl-C makes machack move and
//! a second Ctrl-C leaves, values are said from White's side, `hint` suggests a move, and
//! `--ascii` means ASCII in everything printed.

use std::process::Command;
use std::time::Duration;

use rexpect::session::{PtySession, spawn_command};

const TIMEOUT_MS: u64 = 30_000;

fn start(ascii: bool) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_machack"));
    if ascii {
        cmd.arg("--ascii");
    }
    cmd.env("LANG", "C.UTF-8").env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(TIMEOUT_MS)).expect("spawn machack on a pty");
    p.exp_string("White to move (you)").unwrap();
    p
}

fn tmp(name: &str) -> String {
    std::env::temp_dir()
        .join(format!(
            "machack-newcomer-pty-{}-{name}",
            std::process::id()
        ))
        .to_string_lossy()
        .into_owned()
}

/// A quick game: out of book, depth 2, one move each.
fn one_move_each(p: &mut PtySession) {
    p.send_line("book off").unwrap();
    p.exp_string("The opening book is off.").unwrap();
    p.send_line("depth 2").unwrap();
    p.exp_string("Depth set to 2.").unwrap();
    p.send_line("e4").unwrap();
    p.exp_regex(r"machack plays 1\. \.\.\. ").unwrap();
    p.exp_string("White to move (you)").unwrap();
}

#[test]
fn quit_with_an_unsaved_game_asks_once_and_saves() {
    let mut p = start(true);
    one_move_each(&mut p);
    let pgn = tmp("quit.pgn");
    p.send_line("quit").unwrap();
    p.exp_string("The game is not saved. File to save it to")
        .unwrap();
    p.send_line(&pgn).unwrap();
    p.exp_string("Saved 1 move to").unwrap();
    p.exp_eof().unwrap();
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("1. e4 "));
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn a_saved_game_or_no_game_leaves_without_asking() {
    let mut p = start(true);
    p.send_line("quit").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(!rest.contains("not saved"), "{rest}");

    let mut p = start(true);
    one_move_each(&mut p);
    let pgn = tmp("saved.pgn");
    p.send_line(&format!("save {pgn}")).unwrap();
    p.exp_string("Saved 1 move to").unwrap();
    p.send_line("quit").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(!rest.contains("not saved"), "{rest}");
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn ctrl_d_with_an_unsaved_game_asks_too() {
    let mut p = start(true);
    one_move_each(&mut p);
    p.send_control('d').unwrap();
    p.exp_string("The game is not saved.").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Not saved.").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn ctrl_c_makes_machack_move_and_a_second_one_leaves() {
    let mut p = start(true);
    p.send_line("book off").unwrap();
    p.exp_string("The opening book is off.").unwrap();
    p.send_line("depth 30").unwrap();
    p.exp_string("Depth set to 30.").unwrap();
    // The modern profile deepens one ply at a time, reporting each: the live progress line.
    p.send_line("profile modern").unwrap();
    p.exp_string("Profile set to modern.").unwrap();
    p.send_line("e4").unwrap();
    p.exp_regex(r"machack is thinking \(press Enter to make it move\)\.\.\.  \d+\.\ds")
        .unwrap();
    // The live progress line: depth, best move, the value from White's side, nodes, time.
    p.exp_regex(r"depth \d+  best \S+  value [+-]\d+\.\d\d \((White is better|Black is better|about even)\)  nodes \d+  \d+\.\ds")
        .unwrap();
    p.send_control('c').unwrap();
    p.exp_regex(r"machack plays 1\. \.\.\. \S+  \(value [+-]\d+\.\d\d \((White is better|Black is better|about even)\), depth")
        .unwrap();
    p.exp_string("White to move (you)").unwrap();
    p.send_line("d4").unwrap();
    p.exp_string("machack is thinking").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    p.send_control('c').unwrap();
    p.exp_regex(r"machack plays 2\. \.\.\. ").unwrap();
    // At the prompt Ctrl-C leaves at once.
    p.exp_string("White to move (you)").unwrap();
    p.send_control('c').unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn hint_suggests_a_move_without_playing_it() {
    let mut p = start(true);
    p.send_line("depth 2").unwrap();
    p.exp_string("Depth set to 2.").unwrap();
    p.send_line("hint").unwrap();
    p.exp_regex(r"Hint: 1\. \S+ \((from the book|value [^)]+\))\)?")
        .unwrap();
    p.send_line("history").unwrap();
    p.exp_string("No moves yet.").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn ascii_means_ascii_throughout() {
    let mut p = start(true);
    let mut seen = String::new();
    for (line, answer) in [
        ("book off", "The opening book is off."),
        ("depth 3", "Depth set to 3."),
        ("e4", "White to move (you)"),
        ("help", "a second Ctrl-C leaves"),
        ("eval", "S  = B + R + P + K + C"),
        ("tree", "Principal variation"),
        ("history", "1. P-K4"),
    ] {
        p.send_line(line).unwrap();
        seen.push_str(&p.exp_string(answer).unwrap());
    }
    p.send_line("quit").unwrap();
    p.exp_string("The game is not saved.").unwrap();
    p.send_line("").unwrap();
    seen.push_str(&p.exp_eof().unwrap());
    // rexpect reads a byte a char: any byte of a multi-byte character is above 127.
    assert!(seen.chars().all(|c| (c as u32) < 128), "{seen}");
    assert!(
        seen.contains("machack is thinking (press Enter to make it move)..."),
        "{seen}"
    );
}
