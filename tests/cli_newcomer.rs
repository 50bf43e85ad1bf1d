//! The command line as a newcomer meets it (issue 23): every error names the flag that is
//! wrong and exits 1 (bad input) or 2 (usage), as `--help` says; every `--help` shows an
//! example; the man page and the completion scripts are made from the same definitions.

use std::process::Command;

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

/// Runs `args`, asserts exit status `code`, and returns stderr.
fn exits(code: i32, args: &[&str]) -> String {
    let out = machack(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// A scratch file holding `text`, removed when the test is done with it.
fn tmp(name: &str, text: &str) -> Scratch {
    let path = std::env::temp_dir().join(format!("machack-newcomer-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    Scratch(path.to_string_lossy().into_owned())
}

/// A scratch file's path; the file goes when this does.
struct Scratch(String);

impl std::ops::Deref for Scratch {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const SUBCOMMANDS: &[&str] = &[
    "perft",
    "search",
    "epd",
    "bench",
    "spsa",
    "net",
    "convert",
    "eval",
    "plausible",
    "status",
    "uci",
    "xboard",
    "book",
    "tune",
    "scope",
    "plausible-suite",
    "annotate",
    "man",
    "completions",
];

#[test]
fn every_help_has_an_example_and_the_exit_statuses() {
    let mut helps = vec![vec!["--help"]];
    helps.extend(SUBCOMMANDS.iter().map(|s| vec![*s, "--help"]));
    helps.extend(["show", "stats", "build"].map(|s| vec!["book", s, "--help"]));
    for args in helps {
        let out = machack(&args);
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("Example:\n  ") && text.contains("machack"),
            "{args:?}: {text}"
        );
        assert!(
            text.contains("Exit status: 0 done, 1 bad input") && text.contains("2 usage"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn exit_statuses_are_what_help_says() {
    // 2: usage — an unknown flag, a value out of range, flags that do not go together.
    exits(2, &["perft", "--no-such-flag"]);
    exits(2, &["status", "--pgn", "x.pgn", "--moves", "e4"]);
    // 1: bad input — a FEN, a move, a file.
    exits(1, &["perft", "1", "--fen", "not a fen"]);
    exits(1, &["perft", "1", "--moves", "e4", "Ke7"]);
    exits(1, &["status", "--pgn", "/nonexistent/games.pgn"]);
    // 0: done.
    assert!(machack(&["perft", "1"]).status.success());
}

#[test]
fn numeric_flags_are_range_checked_with_one_message() {
    for (args, text) in [
        (
            &["search", "--depth", "99"][..],
            "invalid value '99' for '--depth <Depth>': 99 is not in 0..=64",
        ),
        (
            &["search", "--widths", "300"][..],
            "invalid value '300' for '--widths <Widths>': '300' is not a width from 1 to 256",
        ),
        (
            &["search", "--profile", "1967", "--hash", "0"][..],
            "invalid value '0' for '--hash <HASH>': 0 is not in 1..=",
        ),
        (
            &["epd", "x.epd", "--hash", "0"][..],
            "invalid value '0' for '--hash <HASH>'",
        ),
        (
            &["search", "--profile", "1967", "--secondary", "99"][..],
            "99 is not in 0..=64",
        ),
        (
            &["bench", "--depth", "0"][..],
            "invalid value '0' for '--depth <DEPTH>': 0 is not in 1..=64",
        ),
        (
            &["perft", "65"][..],
            "invalid value '65' for '<DEPTH>': 65 is not in 0..=64",
        ),
        (
            &[
                "book",
                "build",
                "--builtin",
                "--out",
                "x.bin",
                "--max-ply",
                "0",
            ][..],
            "0 is not in 1..",
        ),
        (
            &["tune", "--data", "x", "--rate", "0"][..],
            "0 is not a positive number",
        ),
        (
            &["tune", "--data", "x", "--check", "1"][..],
            "1 is not a share from 0 up to 1",
        ),
        (
            &["scope", "--port", "99999"][..],
            "99999 is not in 0..=65535",
        ),
    ] {
        let err = exits(2, args);
        assert!(err.contains(text), "{args:?}: {err}");
    }
}

#[test]
fn the_1967_knobs_are_refused_with_another_profile() {
    let err = exits(2, &["search", "--hash", "1000"]);
    assert!(
        err.contains("--hash sets the 1967 search") && err.contains("--profile 1967"),
        "{err}"
    );
    let err = exits(2, &["search", "--profile", "modern", "--investigate"]);
    assert!(err.contains("--investigate"), "{err}");
}

#[test]
fn status_intend_errors_name_intend() {
    for (mv, text) in [
        ("e5", "'e5' is not a legal move"),
        ("xx", "'xx' is not a move"),
    ] {
        let err = exits(1, &["status", "--intend", mv]);
        assert!(err.contains(&format!("--intend {mv}: {text}")), "{err}");
        assert!(!err.contains("--moves"), "{err}");
    }
}

#[test]
fn plausible_trace_works_in_any_flag_order() {
    let a = machack(&["plausible", "--trace", "Nf3", "--moves", "e4", "e5"]);
    let b = machack(&["plausible", "--moves", "e4", "e5", "--trace", "Nf3"]);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert!(String::from_utf8_lossy(&a.stdout).starts_with("N-KB3 (Nf3, g1f3)"));
}

#[test]
fn plausible_on_mate_or_stalemate_says_so() {
    let err = exits(1, &["plausible", "--moves", "f3", "e5", "g4", "Qh4"]);
    assert!(err.contains("checkmate: White is mated"), "{err}");
    let err = exits(1, &["plausible", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(err.contains("stalemate: Black has no legal move"), "{err}");
}

#[test]
fn an_empty_book_build_says_why() {
    let pgn = tmp("star.pgn", "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
    let out = tmp("star.bin", "");
    let err = exits(1, &["book", "build", &pgn, "--out", &out]);
    assert!(
        err.contains("the book would be empty") && err.contains("Result `*`"),
        "{err}"
    );
    let pgn = tmp("win.pgn", "[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
    let err = exits(
        1,
        &["book", "build", &pgn, "--out", &out, "--min-games", "2"],
    );
    assert!(err.contains("at least --min-games 2"), "{err}");
}

#[test]
fn a_pgn_passed_as_a_book_is_named() {
    let pgn = tmp(
        "game.pgn",
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    );
    for sub in ["show", "stats"] {
        let err = exits(1, &["book", sub, "--file", &pgn]);
        assert!(
            err.contains("this looks like PGN") && err.contains("book build"),
            "{err}"
        );
        assert!(!err.contains("truncated"), "{err}");
    }
}

#[test]
fn search_help_names_the_default_profile() {
    let out = machack(&["search", "--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("with the modern profile unless `--profile 1967`"),
        "{text}"
    );
    assert!(!text.contains("with the 1967 search (prints"), "{text}");
}

#[test]
fn the_man_page_is_made_from_the_definitions() {
    let out = machack(&["man"]);
    assert!(out.status.success());
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH machack"),
        "{page}"
    );
    for sub in ["perft", "plausible", "completions"] {
        assert!(page.contains(sub), "{sub} not in the man page");
    }
}

/// Every page the main page refers to (`machack-perft(1)`) can be made, and a subcommand's
/// page holds the flags its `--help` lists.
#[test]
fn every_page_the_man_page_names_can_be_made() {
    let main = String::from_utf8(machack(&["man"]).stdout).unwrap();
    let named: Vec<String> = main
        .split_whitespace()
        .filter_map(|w| w.strip_suffix("(1)"))
        .filter_map(|w| w.strip_prefix("machack\\-"))
        .map(|w| w.replace("\\-", "-"))
        .collect();
    assert!(named.len() >= 15, "{named:?}");
    for sub in &named {
        let page = String::from_utf8(machack(&["man", sub]).stdout).unwrap();
        assert!(
            page.contains(&format!(".TH machack-{sub} 1")),
            "{sub}: {page}"
        );
        let help = String::from_utf8(machack(&[sub, "--help"]).stdout).unwrap();
        for flag in help.split_whitespace().filter(|w| w.starts_with("--")) {
            let flag = flag.trim_end_matches(',').split(['=', '<']).next().unwrap();
            let roff = flag.replace('-', "\\-");
            assert!(page.contains(&roff), "{sub}: {flag} missing from its page");
        }
    }
    let err = exits(2, &["man", "perfect"]);
    assert!(
        err.contains("'perfect' is not a subcommand") && err.contains("perft"),
        "{err}"
    );
    let book_show = String::from_utf8(machack(&["man", "book", "show"]).stdout).unwrap();
    assert!(book_show.contains(".TH machack-book-show 1"), "{book_show}");
    let dir = std::env::temp_dir().join(format!("machack-man-{}", std::process::id()));
    exits(0, &["man", "--dir", dir.to_str().unwrap()]);
    let mut pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    let _ = std::fs::remove_dir_all(&dir);
    for page in [
        "machack.1",
        "machack-perft.1",
        "machack-book-show.1",
        "machack-scope.1",
    ] {
        assert!(pages.iter().any(|p| p == page), "{page} not in {pages:?}");
    }
}

#[test]
fn completion_scripts_are_made_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef machack"),
        ("fish", "complete -c machack"),
    ] {
        let out = machack(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(
            script.contains(marker) && script.contains("plausible"),
            "{shell}: {script}"
        );
    }
    exits(2, &["completions", "tcsh"]);
}

/// Where bash is installed, the script it gets is valid bash.
#[test]
fn the_bash_script_parses() {
    if Command::new("bash").arg("--version").output().is_err() {
        eprintln!("skipped: no bash");
        return;
    }
    let script = tmp(
        "completion.bash",
        &String::from_utf8_lossy(&machack(&["completions", "bash"]).stdout),
    );
    let out = Command::new("bash").args(["-n", &script]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn eval_of_the_start_does_not_call_home_pieces_trapped() {
    let out = machack(&["eval"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("trapped"), "{text}");
    assert!(
        text.contains("no safe move    white: Ra1 Bc1 Qd1 Bf1 Rh1"),
        "{text}"
    );
}
