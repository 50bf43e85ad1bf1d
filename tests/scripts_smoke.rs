//! A smoke test of every Python tool in `scripts/` (scripts/README.md): each answers
//! `--help`, and each that has a tiny real run does it once, against the machack this test
//! was built with. The scripts need Python 3 and python-chess (scripts/requirements.txt,
//! which .ci/run installs); where either is missing the tests that need them say so and
//! pass without running.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const MACHACK: &str = env!("CARGO_BIN_EXE_machack");

/// A won ending for the side to move, so that a game between two machacks ends in a few
/// seconds, by mate: as a FEN, and as the one opening of a match.
const KQK: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";
const KQK_EPD: &str = "8/8/8/4k3/8/8/8/4K2Q w - - id \"KQK\";\n";

/// Every script, with the test here that runs it for real, or why only its `--help` runs.
const SCRIPTS: &[(&str, &str)] = &[
    (
        "annotate_check.py",
        "annotate_check_passes_machack_annotate",
    ),
    ("clock_margin.py", "match_then_clock_margin_and_conversion"),
    ("console_game.py", "console_game_plays_and_saves_the_game"),
    ("conversion.py", "match_then_clock_margin_and_conversion"),
    (
        "fidelity.py",
        "help only: its smallest run searches every paper game with every profile (about 20 s)",
    ),
    (
        "fit_factors.py",
        "help only: its smallest run dumps and fits every training set (about 15 s) into target/fit",
    ),
    ("latency.py", "latency_measures_both_protocols"),
    ("match.py", "match_then_clock_margin_and_conversion"),
    (
        "only_moves.py",
        "only_moves_writes_a_suite_with_machack_judging",
    ),
    ("overshoot.py", "overshoot_answers_tiny_clocks"),
    (
        "pychess_check.py",
        "pychess_check_analyses_and_plays_both_protocols",
    ),
    (
        "repetition_oracle.py",
        "repetition_oracle_agrees_with_python_chess",
    ),
    (
        "sacrifices.py",
        "sacrifices_weighs_exchanges_and_mines_games_with_machack_judging",
    ),
    (
        "scope_screenshots.py",
        "scope_screenshots_takes_the_docs_four_pictures",
    ),
    ("suite_uci.py", "suite_uci_counts_solved_positions"),
    ("time_to_depth.py", "time_to_depth_counts_nodes"),
    ("wrap_comments.py", "wrap_comments_rewraps_a_long_comment"),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// True when python3 can import `modules`; otherwise says why the caller skips, on stderr
/// itself so that the line shows though the test harness captures `eprintln!`.
fn python_has(test: &str, modules: &str) -> bool {
    let out = Command::new("python3")
        .args(["-c", &format!("import {modules}")])
        .output();
    let why = match out {
        Err(e) => format!("python3 cannot be run ({e})"),
        Ok(o) if !o.status.success() => format!(
            "python3 cannot import {modules} (pip install -r scripts/requirements.txt): {}",
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .last()
                .unwrap_or("")
        ),
        Ok(_) => return true,
    };
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
    false
}

/// Runs `python3 scripts/SCRIPT ARGS` from the repository's root, asserts it succeeded
/// and returns what it printed.
fn script(name: &str, args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(root().join("scripts").join(name))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("python3 {name}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "python3 scripts/{name} {args:?} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A scratch directory of one test, removed when the test is done with it.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("scripts-smoke-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The path of `name` inside, as text for a script's arguments.
    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    fn write(&self, name: &str, text: &str) -> String {
        std::fs::write(self.0.join(name), text).unwrap();
        self.path(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn script_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("scripts"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".py"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_script_is_listed_here_and_in_the_readme() {
    let listed: Vec<String> = SCRIPTS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(
        script_files(),
        listed,
        "scripts/*.py against SCRIPTS in this file"
    );
    let readme = std::fs::read_to_string(root().join("scripts/README.md")).unwrap();
    for (name, _) in SCRIPTS {
        assert!(
            readme.contains(&format!("### {name}\n")),
            "scripts/README.md: no section {name}"
        );
        assert!(
            readme.contains(&format!("scripts/{name} ")),
            "scripts/README.md: no example of {name}"
        );
    }
    let requirements = std::fs::read_to_string(root().join("scripts/requirements.txt")).unwrap();
    for line in requirements
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        assert!(
            line.contains("=="),
            "scripts/requirements.txt: {line:?} is not pinned"
        );
    }
}

/// Runs each script as `__main__` with `--help` in one Python process (one interpreter
/// start instead of fifteen: most of this test's time) and prints, per script, a line
/// `== NAME exit CODE` and what it printed.
const HELP_OF_EACH: &str = r#"
import contextlib, io, os, runpy, sys
for path in sys.argv[1:]:
    out, code = io.StringIO(), "none"
    sys.argv = [path, "--help"]
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        code = e.code
    print(f"== {os.path.basename(path)} exit {code}")
    print(out.getvalue())
"#;

#[test]
fn every_script_answers_help() {
    if !python_has("every_script_answers_help", "chess") {
        return;
    }
    let numeric = python_has("every_script_answers_help (fit_factors.py)", "numpy, scipy");
    let names: Vec<String> = script_files()
        .into_iter()
        .filter(|n| numeric || n != "fit_factors.py")
        .collect();
    let out = Command::new("python3")
        .args(["-c", HELP_OF_EACH])
        .args(names.iter().map(|n| format!("scripts/{n}")))
        .current_dir(root())
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in &names {
        let (_, after) = report
            .split_once(&format!("== {name} exit "))
            .unwrap_or_else(|| panic!("{report}"));
        let help = after.split("\n== ").next().unwrap();
        assert!(help.starts_with("0\nusage: "), "{name} --help:\n{help}");
    }
}

#[test]
fn doctests_of_the_scripts_pass() {
    if !python_has("doctests_of_the_scripts_pass", "chess") {
        return;
    }
    let mut ran = 0;
    for name in script_files() {
        let text = std::fs::read_to_string(root().join("scripts").join(&name)).unwrap();
        if text.contains(">>> ") {
            let out = Command::new("python3")
                .args(["-m", "doctest", "-v", &format!("scripts/{name}")])
                .current_dir(root())
                .output()
                .unwrap();
            let report = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "doctest {name}:\n{report}");
            assert!(report.contains("Test passed."), "doctest {name}:\n{report}");
            ran += 1;
        }
    }
    assert!(ran >= 3, "doctests found in only {ran} scripts");
}

#[test]
fn match_then_clock_margin_and_conversion() {
    if !python_has("match_then_clock_margin_and_conversion", "chess") {
        return;
    }
    let dir = Scratch::new("match");
    let openings = dir.write("kqk.epd", KQK_EPD);
    let pgn = dir.path("games.pgn");
    let uci = format!("uci:{MACHACK}");
    let xboard = format!("xboard:{MACHACK} xboard");
    let report = script(
        "match.py",
        &[
            &uci,
            &xboard,
            "--games",
            "2",
            "--tc",
            "2+0.02",
            "--openings",
            &openings,
            "--pgn",
            &pgn,
            "--quiet",
        ],
    );
    // A KQ-K game ends in mate at once on an idle machine; under load a flag or a
    // repetition may end it first, so only what load cannot change is asserted.
    assert!(report.contains("\"games\":2,"), "{report}");
    let clean = "\"illegal\":0,\"crash\":0,\"protocol\":0}";
    assert_eq!(report.matches(clean).count(), 2, "{report}");
    // How near the flag came and which moves carried a score depend on the machine's
    // load; what the readers must get right is the games and their results.
    let margin = script("clock_margin.py", &[&pgn, "--engine", "machack"]);
    assert!(margin.contains(": 2 games, "), "{margin}");
    assert!(
        margin.contains(", games flagged without grace "),
        "{margin}"
    );
    let conversion = script("conversion.py", &[&pgn, "--engine", "machack"]);
    assert!(
        conversion.starts_with("2 games of machack\n"),
        "{conversion}"
    );
    // Both sides are machack, so "its" side is White, which has the queen: it is never
    // behind, and the games it held +2.00 in add up by their results.
    let tally = |lead: &str| -> Vec<u32> {
        let line = conversion
            .lines()
            .find(|l| l.starts_with(&format!("at {lead} or beyond for 8 moves in a row: ")))
            .unwrap_or_else(|| panic!("{conversion}"));
        line.split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .skip(3) // the lead (2, 00) and the run (8)
            .collect()
    };
    let ahead = tally("+2.00");
    assert!(
        ahead[0] <= 2 && ahead[1] + ahead[2] + ahead[3] == ahead[0],
        "{conversion}"
    );
    assert_eq!(tally("-2.00"), [0, 0, 0, 0], "{conversion}");
}

#[test]
fn suite_uci_counts_solved_positions() {
    if !python_has("suite_uci_counts_solved_positions", "chess") {
        return;
    }
    let dir = Scratch::new("suite");
    let wac = std::fs::read_to_string(root().join("tests/data/wac.epd")).unwrap();
    let three: String = wac.lines().take(3).map(|l| format!("{l}\n")).collect();
    let suite = dir.write("wac3.epd", &three);
    let engine = format!("'{MACHACK}' uci");
    let again = format!("'{MACHACK}' uci:@name=again");
    let report = script(
        "suite_uci.py",
        &[&suite, "--movetime", "50", &engine, &again],
    );
    for name in ["machack 0.1.0", "again"] {
        let line = report
            .lines()
            .find(|l| l.starts_with(&format!("{name} solved ")))
            .unwrap_or_else(|| panic!("{report}"));
        assert!(line.ends_with(" of 3"), "{report}");
    }
}

#[test]
fn only_moves_writes_a_suite_with_machack_judging() {
    if !python_has("only_moves_writes_a_suite_with_machack_judging", "chess") {
        return;
    }
    let dir = Scratch::new("only-moves");
    let out = dir.path("only.epd");
    let judge = format!("'{MACHACK}' uci");
    script(
        "only_moves.py",
        &[
            &out,
            "1",
            "tests/data/paper_games.pgn",
            "--sample",
            "0.2",
            "--stockfish",
            &judge,
        ],
    );
    let suite = std::fs::read_to_string(&out).unwrap();
    assert!(suite.lines().count() <= 1, "{suite}");
    for line in suite.lines() {
        assert!(
            line.contains(" bm ") && line.contains("id \"G.0000\"; c0 \"gap "),
            "{line}"
        );
    }
}

#[test]
fn sacrifices_weighs_exchanges_and_mines_games_with_machack_judging() {
    let test = "sacrifices_weighs_exchanges_and_mines_games_with_machack_judging";
    if !python_has(test, "chess") {
        return;
    }
    // The static exchange that sorts a sacrifice from a capture: a knight taking a pawn a
    // pawn defends loses 200, an undefended one wins 100, and a rook taking a pawn wins it
    // when the rook behind it (an x-ray) deters the recapture.
    let out = Command::new("python3")
        .args([
            "-c",
            "import sys; sys.path.insert(0, 'scripts'); import chess; \
             from sacrifices import exchange as x; \
             b = lambda f: chess.Board(f); m = chess.Move.from_uci; \
             print(x(b('4k3/8/3p4/4p3/3N4/8/8/4K3 w - - 0 1'), m('d4e5')), \
                   x(b('4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1'), m('d4e5')), \
                   x(b('3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1'), m('d2d6')), \
                   x(b('3rk3/8/3p4/8/8/8/3R4/4K3 w - - 0 1'), m('d2d6')))",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "-200 100 100 -400"
    );
    let dir = Scratch::new("sacrifices");
    let prefix = dir.path("sac");
    let judge = format!("'{MACHACK}' uci");
    script(
        "sacrifices.py",
        &[
            &prefix,
            "tests/data/paper_games.pgn",
            "--depth",
            "3",
            "--screen",
            "2",
            "--gap",
            "50",
            "--stockfish",
            &judge,
        ],
    );
    for (half, parity) in [("train", 0), ("check", 1)] {
        let suite = std::fs::read_to_string(format!("{prefix}_{half}.epd")).unwrap();
        for line in suite.lines() {
            assert!(line.contains(" bm ") && line.contains("; c0 \""), "{line}");
            let id = line.split("id \"paper_games.").nth(1).expect(line);
            let game: usize = id.split('.').next().unwrap().parse().unwrap();
            assert_eq!(game % 2, parity, "{line}");
        }
    }
}

#[test]
fn annotate_check_passes_machack_annotate() {
    if !python_has("annotate_check_passes_machack_annotate", "chess") {
        return;
    }
    let dir = Scratch::new("annotate");
    let games = "tests/data/annotate_short.pgn";
    let out = Command::new(MACHACK)
        .args(["annotate", games])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let annotated = dir.write("annotated.pgn", &String::from_utf8_lossy(&out.stdout));
    let report = script("annotate_check.py", &[games, &annotated]);
    assert_eq!(
        report
            .lines()
            .filter(|l| l.starts_with("game ") && l.ends_with(": ok"))
            .count(),
        2,
        "{report}"
    );
}

#[test]
fn console_game_plays_and_saves_the_game() {
    if !python_has("console_game_plays_and_saves_the_game", "chess") {
        return;
    }
    let dir = Scratch::new("console");
    let transcript = dir.path("game.txt");
    script("console_game.py", &[MACHACK, &transcript, "4"]);
    let text = std::fs::read_to_string(&transcript).unwrap();
    assert!(text.starts_with("> level 50 120 0\n"), "{text}");
    assert!(
        text.contains("> resign\n") || text.contains("Game over:"),
        "{text}"
    );
    let pgn = std::fs::read_to_string(dir.path("game.pgn")).unwrap();
    assert!(pgn.starts_with("[Event "), "{pgn}");
}

/// Whether every program of `names` is on the PATH; otherwise says why the caller skips.
fn on_path(test: &str, names: &[&str]) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let missing: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !std::env::split_paths(&path).any(|d| d.join(n).is_file()))
        .collect();
    if missing.is_empty() {
        return true;
    }
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {} not installed (apt-get install chromium chromium-driver)",
        missing.join(" and ")
    );
    false
}

#[test]
fn scope_screenshots_takes_the_docs_four_pictures() {
    let test = "scope_screenshots_takes_the_docs_four_pictures";
    if !python_has(test, "json") || !on_path(test, &["chromium", "chromedriver"]) {
        return;
    }
    let dir = Scratch::new("screenshots");
    let out = dir.path("");
    let report = script(
        "scope_screenshots.py",
        &["--machack", MACHACK, "--out", &out],
    );
    for (name, size) in [
        ("scope-play.png", (1280, 800)),
        ("scope-analysis.png", (1280, 800)),
        ("scope-review.png", (1280, 800)),
        ("scope-phone.png", (390, 844)),
    ] {
        let png =
            std::fs::read(dir.0.join(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{report}"));
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name} is no PNG");
        let dimension = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((dimension(16), dimension(20)), size, "{name}'s size");
        assert!(png.len() < 250 * 1024, "{name}: {} bytes", png.len());
    }
}

#[test]
fn repetition_oracle_agrees_with_python_chess() {
    if !python_has("repetition_oracle_agrees_with_python_chess", "chess") {
        return;
    }
    let report = script("repetition_oracle.py", &["20", "--engine", MACHACK]);
    assert!(
        report.trim_end().ends_with(" checks, 0 mismatches"),
        "{report}"
    );
}

#[test]
fn latency_measures_both_protocols() {
    if !python_has("latency_measures_both_protocols", "chess") {
        return;
    }
    let report = script("latency.py", &["--engine", MACHACK, "--n", "2"]);
    for what in [
        "UCI isready -> readyok",
        "UCI stop -> bestmove",
        "xboard ping -> pong",
    ] {
        assert!(report.contains(what), "{report}");
    }
}

#[test]
fn overshoot_answers_tiny_clocks() {
    if !python_has("overshoot_answers_tiny_clocks", "chess") {
        return;
    }
    let report = script(
        "overshoot.py",
        &[MACHACK, "--positions", "2", "--clocks", "20,50"],
    );
    assert!(report.contains("clock 20 ms: median "), "{report}");
    assert!(report.contains("clock 50 ms: median "), "{report}");
}

#[test]
fn time_to_depth_counts_nodes() {
    if !python_has("time_to_depth_counts_nodes", "chess") {
        return;
    }
    let report = script(
        "time_to_depth.py",
        &["--engine", MACHACK, "--depth", "4", "--runs", "1"],
    );
    assert!(report.contains("position 6: 1 thread "), "{report}");
    assert!(report.contains("nodes: 2 threads need "), "{report}");
}

#[test]
fn pychess_check_analyses_and_plays_both_protocols() {
    if !python_has("pychess_check_analyses_and_plays_both_protocols", "chess") {
        return;
    }
    let report = script(
        "pychess_check.py",
        &["--engine", MACHACK, "--clock", "1", "--start", KQK],
    );
    assert!(report.contains("uci: self-play game ok"), "{report}");
    assert!(report.contains("xboard: self-play game ok"), "{report}");
    assert!(
        report.trim_end().ends_with("python-chess check passed"),
        "{report}"
    );
}

#[test]
fn wrap_comments_rewraps_a_long_comment() {
    if !python_has("wrap_comments_rewraps_a_long_comment", "re") {
        return;
    }
    let dir = Scratch::new("wrap");
    let file = dir.write(
        "long.rs",
        "/// one two three four five six seven\nfn f() {}\n",
    );
    let changed = script("wrap_comments.py", &["--width", "20", &file]);
    assert_eq!(changed.trim(), file);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text,
        "/// one two three\n/// four five six\n/// seven\nfn f() {}\n"
    );
}
