//! The docs' examples are run: every `machack` command in a ```sh block of README.md and
//! docs/*.md is executed as a newcomer would type it (from the repository's top, `machack`
//! on PATH), and must exit 0 without a panic. A comment with `→` states what it prints —
//! `machack perft 5   # → nodes 4865609`, or a comment line `# → ...` right under the
//! command — and the output must contain what follows the arrow (`...` skips any text). A command
//! that cannot run here (it needs another program, the network, a person at the keyboard,
//! or minutes of CPU) is listed in [`NOT_RUN`] with the reason; a command neither run nor
//! listed fails the test, so a new example is checked from the day it is written.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Commands left out, by a piece of their text, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "datagen --games 5000",
        "hours of self-play (the network's recipe)",
    ),
    ("datagen --games 100 ", "a minute of self-play"),
    ("train-net part-", "needs the recipe's self-play data"),
    ("train-net positions.txt", "needs self-play data"),
    ("train-net FILE...", "the synopsis, not a command"),
    (
        "--seed 1 --threads 8 --format bullet",
        "hours of self-play (data for bullet)",
    ),
    (
        "machack-bullet.nnue",
        "needs a network trained with bullet on a GPU",
    ),
    ("tune --data", "needs self-play data"),
    ("--file gnuchess.bin", "needs GNU Chess's book file"),
    (
        "status --pgn games.pgn [--json]",
        "the synopsis, not a command",
    ),
    ("scope", "serves a web page until stopped"),
    ("\"FEN\"", "a placeholder position"),
    ("FILE.epd", "a placeholder file"),
];

/// What a bare `machack` line is for: the console and the protocols wait for a person or
/// a GUI.
const WAITS_FOR_INPUT: &[&str] = &["machack", "machack uci", "machack xboard"];

/// One example: where it is, the command and what it should print.
#[derive(Debug)]
struct Example {
    place: String,
    command: String,
    expect: Option<String>,
}

/// The markdown files whose examples are run.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// Splits a shell line into its command and its comment (a `#` after a space, outside
/// quotes).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if prev == ' ' => {
                return (line[..i].trim_end(), Some(line[i + 1..].trim()));
            }
            _ => {}
        }
        prev = c;
    }
    (line.trim_end(), None)
}

/// Whether a command runs machack: some stage of its pipeline starts with it.
fn runs_machack(command: &str) -> bool {
    command.split('|').any(|stage| {
        // Variables set for the command (`NAME=value`) come before it.
        let first = stage
            .split_whitespace()
            .find(|w| !w.contains('='))
            .unwrap_or("");
        first == "machack" || first.ends_with("/machack")
    })
}

/// Every example of one markdown file.
fn examples(path: &Path, root: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.strip_prefix(root).unwrap().display().to_string();
    let mut found: Vec<Example> = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && trimmed == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(expect) = trimmed.strip_prefix("# →") {
            if let Some(last) = found.last_mut() {
                last.expect = Some(expect.trim().to_string());
            }
            continue;
        }
        let (command, comment) = split_comment(trimmed);
        if let Some(joined) = command.strip_suffix('\\') {
            pending.push_str(joined);
            continue;
        }
        let command = std::mem::take(&mut pending) + command;
        if !runs_machack(&command) {
            continue;
        }
        found.push(Example {
            place: format!("{name}:{}", i + 1),
            command,
            expect: comment
                .and_then(|c| c.split_once('→'))
                .map(|(_, e)| e.trim().to_string()),
        });
    }
    found
}

/// Whether `output` holds `expect`'s pieces in order (`...` between them skips text).
fn contains_in_order(output: &str, expect: &str) -> bool {
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let output = flat(output);
    let mut rest = output.as_str();
    for piece in expect.split("...").map(flat).filter(|p| !p.is_empty()) {
        match rest.find(&piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// A scratch folder the examples run in: `machack` and `target/release/machack` are the
/// binary under test, the repository's data folders are linked in, and the files the
/// examples name as their own input are there.
fn sandbox(root: &Path) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("machack-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = dir.join("target/release");
    std::fs::create_dir_all(&bin).unwrap();
    let exe = Path::new(env!("CARGO_BIN_EXE_machack"));
    std::os::unix::fs::symlink(exe, bin.join("machack")).unwrap();
    for folder in ["tests", "nets", "scripts", "docs"] {
        std::os::unix::fs::symlink(root.join(folder), dir.join(folder)).unwrap();
    }
    let games = root.join("tests/data/book_games.pgn");
    std::fs::copy(games, dir.join("games.pgn")).unwrap();
    std::fs::write(
        dir.join("game.txt"),
        "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5\n",
    )
    .unwrap();
    dir
}

/// Runs one example in `dir`; the error says what went wrong.
fn run(example: &Example, dir: &Path) -> Result<Duration, String> {
    let path = format!(
        "{}:{}",
        dir.join("target/release").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&example.command)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let limit = Duration::from_secs(120);
    while child.try_wait().map_err(|e| e.to_string())?.is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            return Err(format!("took over {limit:?}: list it in NOT_RUN"));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || stderr.contains("panicked") {
        return Err(format!("ended with {}: {stderr}", out.status));
    }
    if let Some(expect) = &example.expect
        && !contains_in_order(&format!("{stdout}{stderr}"), expect)
    {
        let shown: String = stdout.chars().take(2000).collect();
        return Err(format!("should print '{expect}', printed:\n{shown}"));
    }
    Ok(start.elapsed())
}

#[test]
fn every_example_in_the_docs_runs_and_prints_what_it_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = sandbox(root);
    let mut used = vec![false; NOT_RUN.len()];
    let mut to_run = Vec::new();
    for example in documents(root).iter().flat_map(|doc| examples(doc, root)) {
        let skip = NOT_RUN
            .iter()
            .position(|(piece, _)| example.command.contains(piece));
        match skip {
            Some(k) => used[k] = true,
            None if WAITS_FOR_INPUT.contains(&example.command.as_str()) => {}
            None => to_run.push(example),
        }
    }
    // Two at a time, the machine's cores.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(example) = to_run.get(next.fetch_add(1, Ordering::Relaxed)) {
                    match run(example, &dir) {
                        Ok(took) => eprintln!(
                            "{:>6.1} s  {}  {}",
                            took.as_secs_f64(),
                            example.place,
                            example.command
                        ),
                        Err(e) => failures
                            .lock()
                            .unwrap()
                            .push(format!("{}: `{}`: {e}", example.place, example.command)),
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let stale: Vec<&str> = NOT_RUN
        .iter()
        .zip(&used)
        .filter(|(_, used)| !**used)
        .map(|((piece, _), _)| *piece)
        .collect();
    assert!(
        stale.is_empty(),
        "NOT_RUN entries no example needs: {stale:?}"
    );
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(to_run.len() >= 20, "only {} examples ran", to_run.len());
}

#[test]
fn comments_and_expectations_are_read() {
    assert_eq!(
        split_comment(r#"machack search --fen "a # b" --json   # → "best""#),
        (
            r#"machack search --fen "a # b" --json"#,
            Some(r#"→ "best""#)
        )
    );
    assert!(runs_machack("echo 1. e4 | machack convert --to uci"));
    assert!(!runs_machack(
        "python3 scripts/match.py 'uci:target/release/machack'"
    ));
    assert!(!runs_machack("M=target/release/machack"));
    assert!(runs_machack("RUST_LOG=1 machack perft 2"));
    assert!(contains_in_order("a b\n  c d e", "b c ... e"));
    assert!(!contains_in_order("a b c", "c ... a"));
}
