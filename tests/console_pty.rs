//! The console driven as a person would drive it, through a pseudo-terminal: the board,
//! a move in descriptive notation and machack's reply on the drawn board, the debugging
//! aids, take-back, a draw offer, an illegal move and garbage (a hint each, the game goes
//! on), save and load, quit. A fast setting (depth 2) keeps it to seconds. And the
//! first-hour surprises that depend on a terminal (issue 23): leaving with an unsaved game
//! asks once, Ctrl-C makes machack move and a second Ctrl-C leaves, values are said from
//! White's side, `hint` suggests a move, and `--ascii` means ASCII in everything printed.

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
    spawn_command(cmd, Some(TIMEOUT_MS)).expect("spawn machack on a pty")
}

/// `start`, once the first board is drawn.
fn started(ascii: bool) -> PtySession {
    let mut p = start(ascii);
    p.exp_string("White to move (you)").unwrap();
    p
}

/// rexpect reads the terminal byte by byte, one char per byte: UTF-8 text as it sees it.
fn bytes(text: &str) -> String {
    text.bytes().map(char::from).collect()
}

#[test]
fn a_person_plays_and_looks_inside() {
    let dir = std::env::temp_dir().join(format!("machack-console-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let pgn = pgn.to_str().unwrap();

    let mut p = start(true);
    p.exp_string("type a move, or 'help'").unwrap();
    p.exp_string(" 2  P P P P P P P P").unwrap();
    p.exp_string("White to move (you)").unwrap();

    p.send_line("depth 2").unwrap();
    p.exp_string("Depth set to 2.").unwrap();
    // Out of book, so that the reply comes from a search the aids can show.
    p.send_line("book off").unwrap();
    p.exp_string("The opening book is off.").unwrap();

    // P-K4, and the reply appears in the history beside the drawn board.
    p.send_line("P-K4").unwrap();
    let (_, played) = p.exp_regex(r"machack plays 1\. \.\.\. [^ \r\n]+").unwrap();
    let reply = played.rsplit(' ').next().unwrap().to_string();
    let (_, history) = p.exp_regex(r"1\. P-K4 +[^ \r\n]+").unwrap();
    assert!(history.ends_with(&reply), "{history} / {reply}");
    p.exp_string(" 4  . . . . P . . .").unwrap();
    p.exp_string("White to move (you)").unwrap();

    p.send_line("trace N-KB3").unwrap();
    p.exp_regex(r"N-KB3 \(Nf3\): plausibility -?\d+, rank \d+ of \d+")
        .unwrap();

    p.send_line("eval").unwrap();
    p.exp_string("S  = B + R + P + K + C").unwrap();

    p.send_line(&format!("eval {reply}")).unwrap_or_default();
    // Black's reply is not a move of this position: eval MOVE looks at the last search,
    // whose root was after P-K4, where the reply is a top-level move.
    p.exp_regex(r"At the end of [^\r\n]+'s variation").unwrap();

    p.send_line("record").unwrap();
    p.exp_string("Last search from").unwrap();
    p.exp_string("rank move").unwrap();

    p.send_line("stats").unwrap();
    p.exp_regex(r"plausible move generations +\d+").unwrap();

    p.send_line("tree").unwrap();
    p.exp_string("Principal variation").unwrap();

    p.send_line("undo").unwrap();
    p.exp_string("Taken back.").unwrap();
    p.exp_string(" 2  P P P P P P P P").unwrap();

    p.send_line("draw?").unwrap();
    p.exp_regex("machack: (accept|decline)").unwrap();

    // An illegal move and garbage: a hint each, and the game goes on.
    p.send_line("P-K5").unwrap();
    p.exp_string("'P-K5' is not a legal move here: no pawn of yours can go there.")
        .unwrap();
    p.exp_string("Your legal pawn moves: P-K3 P-K4 ").unwrap();
    p.send_line("xyzzy plugh").unwrap();
    p.exp_string("is neither a move nor a command; type 'help'")
        .unwrap();

    p.send_line("d4").unwrap();
    p.exp_regex(r"machack plays 1\. \.\.\. ").unwrap();
    p.exp_string("White to move (you)").unwrap();

    p.send_line(&format!("save {pgn}")).unwrap();
    p.exp_string("Saved 1 move to").unwrap();
    p.send_line("new").unwrap();
    p.exp_string("New game.").unwrap();
    p.send_line(&format!("load {pgn}")).unwrap();
    p.exp_string("Loaded game 1").unwrap();
    p.exp_regex(r"1\. P-Q4 ").unwrap();
    p.exp_string(" 4  . . . P . . . .").unwrap();

    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();

    let text = std::fs::read_to_string(pgn).unwrap();
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(text.contains("1. d4 "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unicode_board_and_stopping_a_long_thought() {
    let mut p = start(false);
    p.exp_string(&bytes(" 2  ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙")).unwrap();
    // A deep search, stopped at once by Enter: machack moves anyway.
    p.send_line("book off").unwrap();
    p.exp_string("The opening book is off.").unwrap();
    p.send_line("depth 30").unwrap();
    p.exp_string("Depth set to 30.").unwrap();
    p.send_line("e4").unwrap();
    p.exp_string("machack is thinking").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send_line("").unwrap();
    // The 1967 search to a fixed depth completes no depth before the end: it says how far
    // it got.
    p.exp_regex(
        r"machack plays 1\. \.\.\. .*, depth 30 cut short with \d+ top-level moves searched, ",
    )
    .unwrap();
    p.exp_string(&bytes(" 4  · · · · ♙ · · ·")).unwrap();
    p.send_line("stats").unwrap();
    p.exp_regex(r"stopped early +yes").unwrap();
    // The game was never saved: leaving asks once; Enter leaves without saving.
    p.send_line("quit").unwrap();
    p.exp_string("The game is not saved.").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Not saved.").unwrap();
    p.exp_eof().unwrap();
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
    let mut p = started(true);
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
    let mut p = started(true);
    p.send_line("quit").unwrap();
    let rest = p.exp_eof().unwrap();
    assert!(!rest.contains("not saved"), "{rest}");

    let mut p = started(true);
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
    let mut p = started(true);
    one_move_each(&mut p);
    p.send_control('d').unwrap();
    p.exp_string("The game is not saved.").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Not saved.").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn ctrl_c_makes_machack_move_and_a_second_one_leaves() {
    let mut p = started(true);
    p.send_line("book off").unwrap();
    p.exp_string("The opening book is off.").unwrap();
    p.send_line("depth 30").unwrap();
    p.exp_string("Depth set to 30.").unwrap();
    // The modern profile deepens one ply at a time, reporting each: the live progress line.
    p.send_line("profile modern").unwrap();
    p.exp_string("Profile set to modern.").unwrap();
    p.send_line("e4").unwrap();
    // The time alone shows until the first report (which may come first under load).
    p.exp_string("machack is thinking (press Enter to make it move)...")
        .unwrap();
    // The live progress line: depth, best move, the value from White's side, nodes, time.
    p.exp_regex(r"depth \d+  best \S+  value [+-]\d+\.\d\d \((White is better|Black is better|about even)\)  nodes \d+  (searching \S+ \(move \d+\)  )?\d+\.\ds")
        .unwrap();
    // After a second, the root move being searched too.
    p.exp_regex(r"nodes \d+  searching \S+ \(move \d+\)  \d+\.\ds")
        .unwrap();
    p.send_control('c').unwrap();
    p.exp_regex(r"machack plays 1\. \.\.\. \S+  \(value [+-]\d+\.\d\d \((White is better|Black is better|about even)\), depth \d+ completed, then cut short, ")
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
    let mut p = started(true);
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
    let mut p = started(true);
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
