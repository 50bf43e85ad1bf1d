//! A reader that stops early (`machack perft 5 --divide | head -1`) ends a subcommand
//! quietly: killed by SIGPIPE (the shell's status 141) or exit 0, never a panic.

#![cfg(unix)]

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

/// Runs `machack args` with `input` on stdin and a standard output nobody reads (the
/// pipe's reading end is closed before it starts), and asserts it ends quietly.
fn ends_quietly(args: &[&str], input: &str) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("machack runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The child may be gone before it reads its input: that is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("machack ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    let quiet = out.status.code() == Some(0) || out.status.signal() == Some(libc::SIGPIPE);
    assert!(quiet, "{args:?} ended with {:?}: {err}", out.status);
}

#[test]
fn every_printing_subcommand_ends_quietly_on_a_closed_pipe() {
    let cases: &[&[&str]] = &[
        &["perft", "3", "--divide"],
        &["search", "--depth", "4"],
        &["search", "--json", "--depth", "4"],
        &["search", "--profile", "1967", "--moves", "e4", "e5"],
        &["eval", "--moves", "e4"],
        &["eval", "--json"],
        &["plausible", "--moves", "e4", "e5"],
        &["status", "--moves", "e4"],
        &["book", "show", "--moves", "e4"],
        &["book", "stats"],
        &["bench", "--depth", "1"],
        &["spsa"],
        &["net"],
        &["epd", "tests/data/search_mates.epd", "--depth", "2"],
        &["plausible-suite", "tests/data/suite_ranks.epd"],
        &["annotate", "tests/data/annotate_short.pgn", "--depth", "1"],
        &["datagen", "--games", "1", "--nodes", "200"],
        &["man"],
        &["completions", "bash"],
        &["--help"],
    ];
    for args in cases {
        ends_quietly(args, "");
    }
    ends_quietly(&["convert", "--to", "uci"], "1. e4 e5 2. Nf3 Nc6\n");
}
