//! The console over pipes, as a script drives it: draw claims offered and made under the
//! FIDE rules, a malformed PGN reported with its game and line, resignation saved in the
//! PGN, a bare `machack` handing a GUI's first line to its protocol, help from the command
//! table, a wrong move answered with what is wrong and what is legal, and input of every
//! wrong kind answered without breaking the console; and the console's own words (issue
//! 23): settings answer as the console, never with the protocols' option names, a PGN given
//! as a book is named, `save` counts moves, a script is never asked whether to save, no
//! progress line on a pipe, values said from White's side; and after a modern search,
//! `record`, `stats` and `tree` show the modern search's own figures.

use std::io::Write;
use std::process::{Command, Stdio};

fn console(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .arg("--ascii")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn threefold_is_offered_and_claimed() {
    let out =
        console("play both\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\ndraw?\nboard\nNf3\nquit\n");
    assert_eq!(
        out.matches("You may claim a draw (threefold repetition)")
            .count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("Draw claimed (threefold repetition): 1/2-1/2."),
        "{out}"
    );
    assert!(
        out.contains("Game over: 1/2-1/2 (draw claimed by threefold repetition)"),
        "{out}"
    );
    assert!(out.contains("The game is over (1/2-1/2)"), "{out}");
}

#[test]
fn a_claim_with_the_declared_move() {
    // After seven shuffles the eighth, declared with draw?, makes the third occurrence.
    let out = console("play both\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\ndraw? Ng8\nquit\n");
    assert!(
        out.contains("Draw claimed (threefold repetition): 1/2-1/2."),
        "{out}"
    );
}

#[test]
fn checkmate_ends_the_game() {
    let out = console("play both\nP-KB3\nP-K4\nP-KN4\nQ-R5\nmoves\nquit\n");
    assert!(out.contains("Game over: 0-1 (checkmate)"), "{out}");
    assert!(out.contains("No legal moves."), "{out}");
}

#[test]
fn malformed_pgn_is_reported_and_the_console_goes_on() {
    let bad = data("console_bad.pgn");
    let out = console(&format!("load {bad} 2\nload {bad} 3\nload {bad}\nquit\n"));
    assert!(
        out.contains("Cannot load: game 2, line 20: move 4. 'Bxf7' is not legal here."),
        "{out}"
    );
    assert!(
        out.contains("there is no game 3: the file holds 2"),
        "{out}"
    );
    assert!(out.contains("Loaded game 1"), "{out}");
}

#[test]
fn loading_a_finished_game_and_resigning() {
    let games = data("console_games.pgn");
    let dir = std::env::temp_dir().join(format!("machack-console-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("resigned.pgn");
    let out = console(&format!(
        "load {games} 3\nnotation san\nboard\nload {games} 4\nresign\nsave {}\nquit\n",
        saved.display()
    ));
    assert!(out.contains("Loaded game 3"), "{out}");
    assert!(out.contains("Game over: 1-0 (checkmate)"), "{out}");
    assert!(out.contains("11. Bd8#"), "{out}");
    // The Lucena game was recorded 1-0 without mate: play goes on, the person has Black.
    assert!(out.contains("recorded 1-0"), "{out}");
    assert!(out.contains("Black resigns: 1-0."), "{out}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"Black resigns\"]"), "{text}");
    assert!(
        text.contains("[FEN \"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1\"]"),
        "{text}"
    );
    assert!(
        text.contains("7. Rb4") && text.trim_end().ends_with("1-0"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gui_first_line_gets_its_protocol() {
    let out = console("uci\nquit\n");
    assert!(out.contains("uciok"), "{out}");
    assert!(!out.contains("type a move"), "{out}");
}

#[test]
fn a_polyglot_book_file_is_taken_or_refused() {
    let bin = std::env::temp_dir().join(format!("machack-console-{}.bin", std::process::id()));
    let built = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(["book", "build", &data("book_games.pgn"), "--out"])
        .arg(&bin)
        .output()
        .unwrap();
    assert!(built.status.success());
    let out = console(&format!(
        "book file /no/such/book.bin\nbook file {}\nbook\nquit\n",
        bin.display()
    ));
    std::fs::remove_file(&bin).ok();
    assert!(out.contains("/no/such/book.bin"), "{out}");
    assert!(out.contains("Book file set to"), "{out}");
    assert!(out.contains("book takes on, off or file PATH."), "{out}");
}

#[test]
fn help_comes_from_the_table_and_a_typo_gets_the_nearest_command() {
    let out = console("help\nhepl\nxyzzy\nUNDO\nquit\n");
    assert!(out.contains("Playing:"), "{out}");
    assert!(out.contains("  undo (takeback)"), "{out}");
    assert!(out.contains("  trace MOVE"), "{out}");
    assert!(
        out.contains("'hepl' is neither a move nor a command; did you mean 'help'?"),
        "{out}"
    );
    assert!(
        out.contains("'xyzzy' is neither a move nor a command; type 'help'"),
        "{out}"
    );
    assert!(out.contains("There is no move to take back."), "{out}");
}

#[test]
fn a_wrong_move_says_what_is_wrong_and_what_is_legal() {
    let out = console("play both\ne3e4\nK-K2\nO-O\ne4\ne5\nN-B3\nQ-R5\nP-Q3\nQxBP\nNf6\nquit\n");
    assert!(
        out.contains("'e3e4' is not a legal move here: there is no piece on e3."),
        "{out}"
    );
    assert!(
        out.contains("'K-K2' is not a legal move here: no king of yours can go there."),
        "{out}"
    );
    assert!(
        out.contains(
            "'O-O' is not a legal move here: there are pieces between the king and the rook."
        ),
        "{out}"
    );
    assert!(out.contains("'moves' lists all 20."), "{out}");
    assert!(
        out.contains("'N-B3' could be any of N-QB3, N-KB3: say which."),
        "{out}"
    );
    // 3. QxP+ (Qxf7+): Black is in check and Nf6 does not answer it.
    assert!(
        out.contains("'Nf6' is not a legal move here: you are in check."),
        "{out}"
    );
    assert!(
        out.contains("Your legal moves: KxQ; 'moves' lists all 1."),
        "{out}"
    );
}

#[test]
fn nothing_typed_breaks_the_console() {
    let long = "x".repeat(300 * 1024);
    let lines = [
        "",
        "   ",
        "draw? xx",
        "load",
        "load   7",
        "fen garbage",
        "fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "level 1 2",
        "level x y z",
        "widths ,,,",
        "depth -1",
        "depth 99999999999",
        "eval zz",
        "trace",
        "trace O-O-O-O",
        "\u{2654}",
        &long,
        "play",
        "notation",
        "book file",
        "save",
        "save /no/such/dir/x.pgn",
        "e7e8q",
        "P-K8=Q",
        "a1a1",
        "0000",
        "@e4",
        "Q@e4",
        "--",
        "P-K4 P-K4",
        "undo 3",
        "moves",
        "b",
    ];
    let out = console(&(lines.join("\n") + "\nquit\n"));
    assert!(out.contains("Bad FEN"), "{out}");
    assert!(out.contains("is too long"), "{out}");
}

#[test]
fn history_flip_clock_pgn_and_the_book_in_the_console_s_words() {
    let dir = std::env::temp_dir().join(format!("machack-console-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("three.pgn");
    let out = console(&format!(
        "play both\nhistory\nclock\ne4\ne5\nNf3\nhistory\nflip\nlevel 40 5 0\nclock\nbook off\n\
         book on\npgn\nsave {}\nquit\n",
        saved.display()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.contains("No moves yet."), "{out}");
    assert!(
        out.contains("No clocks; 'level 50 120 0' sets 1967's control."),
        "{out}"
    );
    assert!(
        out.contains("\n  1. P-K4         P-K4\n  2. N-KB3\n"),
        "{out}"
    );
    // Flipped: Black's side at the bottom, rank 1 on top.
    assert!(out.contains(" 1  R . B K Q B N R"), "{out}");
    assert!(out.contains("    h g f e d c b a"), "{out}");
    assert!(
        out.contains("clock: White 5:00  Black 5:00  (40 moves to the control)"),
        "{out}"
    );
    assert!(out.contains("The opening book is off."), "{out}");
    assert!(out.contains("The opening book is on."), "{out}");
    assert!(!out.contains("OwnBook"), "{out}");
    assert!(out.contains("[White \"Person\"]"), "{out}");
    assert!(out.contains("1. e4 e5 2. Nf3 *"), "{out}");
    assert!(out.contains("Saved 2 moves to"), "{out}");
}

#[test]
fn set_lists_and_sets_the_engine_options_from_their_table() {
    let out = console(
        "set\nset Contempt 20\nset Contempt lots\nset Nonesuch 3\nset Clear Hash\nset\nquit\n",
    );
    // Every option row is listed with its range, default and help.
    for name in [
        "Hash (1 to 4096, default 16)",
        "Profile (one of",
        "Contempt (",
    ] {
        assert!(out.contains(name), "no '{name}' in the list:\n{out}");
    }
    // ...and its value now: the console plays 1967-tournament, not the table's default.
    let profile = |listing: &str| {
        let line = listing
            .lines()
            .find(|l| l.contains("Profile (one of"))
            .unwrap();
        line[line.find("[now:").unwrap()..].to_string()
    };
    let (first, second) = out.split_once("Clear Hash done.").unwrap();
    assert_eq!(profile(first), "[now: 1967-tournament]", "{out}");
    assert!(first.contains("Hash (1 to 4096, default 16)") && first.contains("[now: 16]"));
    let button = first.lines().find(|l| l.contains("Clear Hash (")).unwrap();
    assert!(!button.contains("[now:"), "a button has no value: {button}");
    let contempt = second.lines().find(|l| l.contains("Contempt (")).unwrap();
    assert!(contempt.ends_with("[now: 20]"), "{contempt}");
    assert!(out.contains("Contempt set to 20."), "{out}");
    assert!(out.contains("'lots' is not a whole number"), "{out}");
    assert!(out.contains("no option named 'Nonesuch'"), "{out}");
    assert!(out.contains("Clear Hash done."), "{out}");
}

#[test]
fn settings_answer_in_the_consoles_words() {
    let dir = std::env::temp_dir().join(format!("machack-newcomer-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n").unwrap();
    let out = console(&format!(
        "book off\nbook on\ndepth 99\nwidths 0\nprofile x\nbook file {}\nquit\n",
        pgn.display()
    ));
    for said in [
        "The opening book is off.",
        "The opening book is on.",
        "depth: 99 is outside 0..=64.",
        "widths: '0' is not a width from 1 to 256.",
        "profile: unknown profile 'x'",
        "this looks like PGN, not a Polyglot book; make a book from it with `machack book build",
    ] {
        assert!(out.contains(said), "'{said}' not in:\n{out}");
    }
    for leak in ["OwnBook", "option '", "BookFile", "truncated Polyglot"] {
        assert!(!out.contains(leak), "'{leak}' in:\n{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_counts_moves_and_a_script_is_not_asked_to_save() {
    let dir = std::env::temp_dir().join(format!("machack-newcomer-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("g.pgn");
    let out = console(&format!(
        "play both\ne4\ne5\nNf3\nsave {}\nNc6\nquit\n",
        pgn.display()
    ));
    assert!(out.contains("Saved 2 moves to"), "{out}");
    assert!(!out.contains("not saved"), "{out}");
    assert!(!out.contains("machack is thinking"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn values_are_said_from_whites_side() {
    let out = console("book off\ndepth 2\ne4\nquit\n");
    let line = out
        .lines()
        .find(|l| l.starts_with("machack plays 1. ..."))
        .expect("machack moves");
    assert!(
        ["(White is better)", "(Black is better)", "(about even)"]
            .iter()
            .any(|w| line.contains(w)),
        "{line}"
    );
}

/// Black to move, a queen down: every value the aids print is White's, and says so.
#[test]
fn the_aids_tell_a_black_search_from_whites_side() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    for profile in ["1967", "modern"] {
        let out = console(&format!(
            "profile {profile}\nbook off\ndepth 4\nfen {fen}\ngo\nrecord\ntree\nquit\n"
        ));
        let header = out
            .lines()
            .find(|l| l.starts_with("Last search from"))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            header.ends_with("values from White's point of view):"),
            "{header}"
        );
        let best = out
            .lines()
            .find(|l| l.trim_start().starts_with("1. "))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            best.contains(" +"),
            "{profile}: White is a queen up: {best}"
        );
        let tree = out
            .lines()
            .find(|l| l.starts_with("Principal variation, value +"))
            .unwrap_or_else(|| panic!("{profile}: {out}"));
        assert!(tree.contains("(White's point of view"), "{tree}");
    }
}

#[test]
fn level_elo_plays_within_the_levels_budget_and_off_restores_full_strength() {
    let budget = machack::search::modern::level::level(1000).nodes;
    let nodes = |out: &str| -> Vec<u64> {
        out.lines()
            .filter(|l| l.starts_with("machack plays"))
            .filter_map(|l| {
                let before = l.split(" nodes").next()?;
                before.rsplit(' ').next()?.parse().ok()
            })
            .collect()
    };
    let out = console("book off\nlevel elo 900\ngo\nquit\n");
    assert!(
        out.contains("Playing the modern profile at about 1000 Elo."),
        "{out}"
    );
    let weak = nodes(&out);
    assert!(weak.len() == 1 && weak[0] <= budget, "{out}");
    let out = console("book off\nlevel elo 1000\nlevel elo off\ngo\nquit\n");
    assert!(out.contains("Full strength."), "{out}");
    assert!(nodes(&out).iter().all(|&n| n > 10 * budget), "{out}");
    let out = console("level elo strong\nquit\n");
    assert!(
        out.contains("level elo takes a strength from 1000"),
        "{out}"
    );
}

/// The line of `out` that starts with `head` and the indented rows under it (the aids
/// print a header, then rows).
fn section<'a>(out: &'a str, head: &str) -> Vec<&'a str> {
    let mut lines = out.lines().skip_while(|l| !l.starts_with(head));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no '{head}' in {out}"));
    std::iter::once(first)
        .chain(lines.take_while(|l| l.starts_with("  ")))
        .collect()
}

/// The number after `name` in the row of `rows` that starts with it.
fn figure(rows: &[&str], name: &str) -> u64 {
    let row = rows
        .iter()
        .find_map(|l| l.trim_start().strip_prefix(name))
        .unwrap_or_else(|| panic!("no row {name} in {rows:?}"));
    let digits: String = row
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap_or_else(|_| panic!("{name}: {row}"))
}

#[test]
fn stats_after_a_modern_search_are_the_modern_searchs() {
    let out = console("profile modern\nbook off\ndepth 8\ngo\nstats\nquit\n");
    let rows = section(&out, "Statistics of the last search:");
    assert!(figure(&rows, "nodes") > 1000, "{rows:?}");
    let table = rows
        .iter()
        .find(|l| l.trim_start().starts_with("transposition table"))
        .unwrap();
    let hits: u64 = table
        .split("hits ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(hits > 0, "{table}");
    assert!(
        rows.iter()
            .any(|l| l.contains("null move") && l.contains("cut-offs"))
    );
    assert!(!out.contains("feedovers"), "no 1967 counters: {rows:?}");
    // The 1967 search keeps the paper's counters.
    let out = console("book off\ndepth 3\ngo\nstats\nquit\n");
    let rows = section(&out, "Statistics of the last search:");
    assert!(figure(&rows, "plausible move generations") > 0, "{rows:?}");
    assert!(rows.iter().any(|l| l.contains("feedovers")));
}

#[test]
fn record_after_a_modern_search_lists_every_root_move_with_its_value() {
    let out = console("profile modern\nbook off\ndepth 8\ngo\nrecord\nquit\n");
    let rows = section(&out, "Last search from");
    assert!(
        rows[0].contains("(20 top-level moves at depth 8, best "),
        "{rows:?}"
    );
    assert!(
        rows[1].contains("order") && rows[1].contains("nodes"),
        "{rows:?}"
    );
    let moves: Vec<&str> = rows[2..]
        .iter()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .copied()
        .collect();
    assert_eq!(moves.len(), 20, "{rows:?}");
    // Every move has a value (the best exact, the others as bounds or "no better" than
    // the best), none "not searched".
    assert!(
        moves
            .iter()
            .all(|l| (l.contains('(') || l.contains("no better")) && !l.contains("not searched")),
        "{rows:?}"
    );
    assert!(!moves[0].contains("<="), "{}", moves[0]);
}

#[test]
fn tree_after_a_modern_search_shows_the_modern_evaluation() {
    let out = console("profile modern\nbook off\ndepth 8\ngo\ntree\neval e4\nquit\n");
    let rows = section(&out, "Principal variation, value");
    let line: Vec<&&str> = rows.iter().filter(|l| l.contains(" eval ")).collect();
    assert!(line.len() >= 2, "one value per move of the line: {rows:?}");
    assert!(!rows.iter().any(|l| l.contains("static")), "{rows:?}");
    let terms = section(&out, "Modern evaluation terms at the end of the variation");
    assert!(terms.iter().any(|l| l.contains("tempo")), "{terms:?}");
    assert!(terms.iter().any(|l| l.contains("mobility")), "{terms:?}");
    assert!(
        terms.last().unwrap().contains("= the evaluation"),
        "{terms:?}"
    );
    assert!(!out.contains("piece-ratio change"), "no 1967 terms");
    // `eval MOVE` reads the modern record: the terms at the end of the move's line.
    let after: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("At the end of P-K4's variation: 1. P-K4"))
        .collect();
    assert!(after[1].starts_with("Modern evaluation terms"), "{out}");
    assert!(
        after
            .iter()
            .any(|l| l.starts_with("Backed-up value of P-K4: "))
    );
    // After a 1967 search the tree keeps the 1967 evaluator.
    let out = console("book off\ndepth 3\ngo\ntree\nquit\n");
    assert!(
        out.contains(" static ") && out.contains("R  piece-ratio change"),
        "{out}"
    );
}
