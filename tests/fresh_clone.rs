//! README's first steps on a fresh clone, as a newcomer takes them: clone the repository,
//! `cargo install --locked --path .` into a scratch root, and play a few moves with the
//! installed `machack` at a terminal. A whole release build, so it is ignored by default:
//! `cargo test --release --test fresh_clone -- --ignored` (a few minutes).

#![cfg(unix)]

use std::path::Path;
use std::process::Command;

use rexpect::session::spawn_command;

/// Runs `cmd`, failing the test with its output when it fails.
fn run(cmd: &mut Command) {
    let out = cmd.output().expect("the command starts");
    assert!(
        out.status.success(),
        "{cmd:?}: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[ignore = "a whole release build: run with --ignored"]
fn readme_install_then_play_at_the_console() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = std::env::temp_dir().join(format!("machack-fresh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let clone = scratch.join("machack");
    // What is committed, as a clone brings it.
    run(Command::new("git")
        .args(["clone", "--quiet", "--no-hardlinks"])
        .arg(root)
        .arg(&clone));
    let install = scratch.join("install");
    run(Command::new("cargo")
        .args(["install", "--locked", "--quiet", "--path", "."])
        .arg("--root")
        .arg(&install)
        .current_dir(&clone)
        .env("CARGO_TARGET_DIR", scratch.join("target")));
    let machack = install.join("bin/machack");
    assert!(
        machack.exists(),
        "cargo install put no machack in {install:?}"
    );

    let mut cmd = Command::new(&machack);
    cmd.arg("--ascii")
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(60_000)).expect("spawn machack on a pty");
    p.exp_string("White to move (you)").unwrap();
    for (mine, number) in [("P-K4", 1), ("N-KB3", 2), ("B-B4", 3)] {
        p.send_line(mine).unwrap();
        p.exp_regex(&format!(r"machack plays {number}\. \.\.\. [^ \r\n]+"))
            .unwrap();
        p.exp_string("White to move (you)").unwrap();
    }
    // Leaving asks where to save the game; the newcomer keeps it.
    let pgn = scratch.join("first.pgn");
    p.send_line("quit").unwrap();
    p.exp_string("The game is not saved. File to save it to")
        .unwrap();
    p.send_line(pgn.to_str().unwrap()).unwrap();
    p.exp_string("Saved 3 moves to").unwrap();
    p.exp_eof().unwrap();
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("1. e4 "));
    let _ = std::fs::remove_dir_all(&scratch);
}
