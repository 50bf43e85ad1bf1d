//! The opening book: the built-in lines, Polyglot files written by `machack book build`
//! and read back, and bad files.

use std::path::{Path, PathBuf};
use std::process::Command;

use machack::book::polyglot::{ENTRY_SIZE, Entry};
use machack::book::{Book, BookError, Choice, PolyglotBook, builtin, polyglot_key};
use machack::notation::read_move;
use shakmaty::{Chess, Move, Position};

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

fn play(moves: &str) -> (Chess, Vec<Move>) {
    let mut pos = Chess::default();
    let mut played = Vec::new();
    for text in moves.split_whitespace() {
        let m = read_move(&pos, text).unwrap_or_else(|e| panic!("{moves}: {e}"));
        pos.play_unchecked(m);
        played.push(m);
    }
    (pos, played)
}

fn san_moves(book: &Book, pos: &Chess) -> Vec<String> {
    book.moves(pos)
        .iter()
        .map(|m| machack::notation::write_move(pos, m.mv, machack::notation::Notation::San))
        .collect()
}

fn tmp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

#[test]
fn every_builtin_line_is_legal() {
    let book = builtin();
    assert!(
        book.problems().is_empty(),
        "skipped lines: {:?}",
        book.problems()
    );
    assert!(book.lines().len() >= 600, "{} lines", book.lines().len());
    for line in book.lines() {
        let mut pos = Chess::default();
        for &m in &line.moves {
            assert!(pos.is_legal(m), "{}:{} {}", line.file, line.line, line.name);
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn builtin_book_holds_over_5000_entries_to_a_good_depth() {
    let stats = builtin().stats();
    assert!(stats.entries >= 5000, "only {} entries", stats.entries);
    let (_, deepest) = stats.deepest.expect("a deepest line");
    assert!(deepest >= 16, "deepest line is {deepest} plies");
    let lines = builtin().lines();
    let short = lines.iter().filter(|l| l.moves.len() < 10).count();
    assert!(
        short * 20 < lines.len(),
        "{short} lines shorter than 10 plies"
    );
}

#[test]
fn start_position_and_main_replies_are_in_book() {
    let book = Book::builtin();
    let start = san_moves(&book, &Chess::default());
    for m in ["e4", "d4", "c4", "Nf3"] {
        assert!(
            start.contains(&m.to_string()),
            "1.{m} missing from {start:?}"
        );
    }
    let cases: [(&str, &[&str]); 4] = [
        ("e4", &["e5", "c5", "e6", "c6", "d6", "d5", "Nf6"]),
        ("d4", &["d5", "Nf6", "f5"]),
        ("c4", &["e5", "c5", "Nf6", "e6", "c6"]),
        ("Nf3", &["d5", "Nf6", "c5"]),
    ];
    for (first, replies) in cases {
        let (pos, _) = play(first);
        let have = san_moves(&book, &pos);
        for r in replies {
            assert!(
                have.contains(&r.to_string()),
                "1.{first} {r} missing: {have:?}"
            );
        }
    }
    // Main lines go on well past the opening moves.
    for line in [
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5",
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
        "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O",
        "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4",
        "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5",
    ] {
        let (pos, _) = play(line);
        assert!(!book.moves(&pos).is_empty(), "out of book after {line}");
    }
}

#[test]
fn a_transposition_finds_the_book() {
    // The Queen's Gambit Declined by a move order no book line uses.
    let order = "Nf3 d5 d4 Nf6 c4 e6 Nc3";
    let (pos, played) = play(order);
    let book = builtin();
    assert!(
        !book
            .lines()
            .iter()
            .any(|l| l.moves.len() >= played.len() && l.moves[..played.len()] == played[..]),
        "some line plays {order} in this order"
    );
    let moves = Book::builtin().moves(&pos);
    assert!(!moves.is_empty(), "QGD position not found after {order}");
    let (qgd, _) = play("d4 d5 c4 e6 Nc3 Nf6 Nf3");
    assert_eq!(polyglot_key(&pos), polyglot_key(&qgd));
    assert!(moves.iter().all(|m| !m.names.is_empty()));
}

#[test]
fn pick_returns_legal_moves_deterministically() {
    let book = Book::builtin();
    let (pos, _) = play("e4 e5 Nf3 Nc6");
    let best = book.pick(&pos, Choice::Best).expect("in book");
    assert!(pos.is_legal(best));
    for seed in 0..50 {
        let a = book.pick(&pos, Choice::Random { seed });
        assert_eq!(a, book.pick(&pos, Choice::Random { seed }));
        assert!(pos.is_legal(a.expect("in book")));
    }
    // Moves of weight 0 are known but never chosen: the Latvian Gambit.
    let (pos, _) = play("e4 e5 Nf3");
    let f5 = read_move(&pos, "f5").unwrap();
    assert!(book.moves(&pos).iter().any(|m| m.mv == f5 && m.weight == 0));
    for seed in 0..200 {
        assert_ne!(book.pick(&pos, Choice::Random { seed }), Some(f5));
    }
    // Out of book.
    let (pos, _) = play("h4 h5 a4 a5");
    assert!(book.pick(&pos, Choice::Best).is_none());
}

#[test]
fn book_build_writes_a_polyglot_file_our_reader_reads() {
    let out = tmp("games.bin");
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book_games.pgn");
    let run = machack(&["book", "build", pgn, "--out", out.to_str().unwrap()]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("games 7"), "{stdout}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("1 games"));

    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(bytes.len() % ENTRY_SIZE, 0);
    let keys: Vec<u64> = bytes
        .chunks_exact(ENTRY_SIZE)
        .map(|c| Entry::from_bytes(c.try_into().unwrap()).key)
        .collect();
    assert!(
        keys.windows(2).all(|w| w[0] <= w[1]),
        "entries sorted by key"
    );

    let book = Book::open(&out).expect("reads back");
    let weight = |pos: &Chess, san: &str| {
        let m = read_move(pos, san).unwrap();
        book.moves(pos).iter().find(|b| b.mv == m).map(|b| b.weight)
    };
    let start = Chess::default();
    // 1.e4: won 3 (2 points each), drawn 1, lost 2 (the illegal game counts to its bad move).
    assert_eq!(weight(&start, "e4"), Some(7));
    assert_eq!(weight(&start, "d4"), Some(2));
    let (after_e4, _) = play("e4");
    assert_eq!(weight(&after_e4, "e5"), Some(1));
    assert_eq!(weight(&after_e4, "c5"), Some(2));
    assert_eq!(weight(&after_e4, "Nf6"), Some(2));
    // Castling is stored as king-takes-rook and read back as the legal castling move.
    let (pos, _) = play("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
    assert_eq!(weight(&pos, "O-O"), Some(2));
    let (pos, _) = play("e4 Nf6 e5 d5 exd6 Qxd6 d4 Bf5 Nc3 Nc6 Be3");
    assert_eq!(weight(&pos, "O-O-O"), Some(2));
    assert_eq!(
        book.pick(&start, Choice::Best),
        read_move(&start, "e4").ok()
    );

    // --max-ply and --min-games.
    let small = tmp("small.bin");
    let run = machack(&[
        "book",
        "build",
        pgn,
        "--out",
        small.to_str().unwrap(),
        "--max-ply",
        "2",
        "--min-games",
        "2",
    ]);
    assert!(run.status.success());
    let Book::Polyglot(small_book) = Book::open(&small).unwrap() else {
        unreachable!()
    };
    // e4 (6 games) and e4 e5 (4 games, 1 point); nothing past ply 2.
    assert_eq!(small_book.entries().len(), 2);
    let _ = std::fs::remove_file(out);
    let _ = std::fs::remove_file(small);
}

#[test]
fn builtin_book_exports_to_polyglot_and_reads_back() {
    let out = tmp("builtin.bin");
    let run = machack(&["book", "build", "--builtin", "--out", out.to_str().unwrap()]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let Book::Polyglot(book) = Book::open(&out).unwrap() else {
        unreachable!()
    };
    assert_eq!(book.entries().len(), builtin().entries());
    let (pos, _) = play("d4 Nf6 c4 g6 Nc3 d5");
    let listed = |b: &Book| {
        let mut v: Vec<(String, u32)> = b
            .moves(&pos)
            .iter()
            .map(|m| {
                (
                    m.mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                    m.weight,
                )
            })
            .collect();
        v.sort();
        v
    };
    let from_file = listed(&Book::Polyglot(book));
    let built_in = listed(&Book::builtin());
    assert!(!built_in.is_empty());
    assert_eq!(from_file, built_in);
    let _ = std::fs::remove_file(out);
}

#[test]
fn truncated_and_garbage_files_are_clear_errors() {
    let good = Entry {
        key: polyglot_key(&Chess::default()),
        raw_move: (12 << 6) | 28,
        weight: 1,
        learn: 0,
    };
    let truncated = tmp("truncated.bin");
    let mut bytes = good.to_bytes().to_vec();
    bytes.extend_from_slice(&good.to_bytes()[..7]);
    std::fs::write(&truncated, &bytes).unwrap();
    match Book::open(&truncated) {
        Err(BookError::Truncated { offset, len, path }) => {
            assert_eq!((offset, len), (16, 23));
            assert_eq!(path, truncated);
        }
        other => panic!("expected a truncation error, got {other:?}"),
    }
    let run = machack(&["book", "show", "--file", truncated.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("truncated") && err.contains("offset 16"),
        "{err}"
    );
    assert!(err.contains(truncated.to_str().unwrap()), "{err}");

    // Garbage: pseudo-random bytes, a whole number of entries.
    let garbage = tmp("garbage.bin");
    let mut x: u64 = 0x1234_5678_9abc_def0;
    let bytes: Vec<u8> = (0..16 * 64)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    std::fs::write(&garbage, &bytes).unwrap();
    let err = Book::open(&garbage).unwrap_err();
    assert!(matches!(err, BookError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("offset"), "{err}");
    let run = machack(&["book", "stats", "--file", garbage.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1));

    // A missing file is an I/O error naming the path.
    let missing = tmp("missing.bin");
    let err = PolyglotBook::open(&missing).unwrap_err();
    assert!(err.to_string().contains("missing.bin"), "{err}");
    let _ = std::fs::remove_file(truncated);
    let _ = std::fs::remove_file(garbage);
}

/// Runs machack with `input` on its standard input; its standard output.
fn machack_fed(args: &[&str], input: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("machack runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_pgn_given_as_the_book_file_is_named_in_every_protocol() {
    let pgn = tmp("as-book.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n").unwrap();
    let path = pgn.to_str().unwrap();
    let err = Book::open(&pgn).unwrap_err();
    assert!(matches!(err, BookError::Pgn { .. }), "{err:?}");
    let sessions = [
        (
            vec!["uci"],
            format!("uci\nsetoption name BookFile value {path}\nisready\nquit\n"),
        ),
        (
            vec!["xboard"],
            format!("xboard\nprotover 2\noption BookFile={path}\nping 1\nquit\n"),
        ),
        (vec!["--ascii"], format!("set BookFile {path}\nquit\n")),
    ];
    for (args, input) in sessions {
        let out = machack_fed(&args, &input);
        assert!(
            out.contains("this looks like PGN") && out.contains("machack book build"),
            "{args:?}:\n{out}"
        );
        assert!(!out.contains("truncated"), "{args:?}:\n{out}");
    }
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn cli_stats_and_show() {
    let run = machack(&["book", "stats"]);
    assert!(run.status.success());
    let stdout = String::from_utf8_lossy(&run.stdout);
    let entries: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("entries "))
        .expect("an entries line")
        .parse()
        .unwrap();
    assert!(entries >= 5000);
    assert!(stdout.contains("deepest"));

    let run = machack(&["book", "show", "--json", "--moves", "e4", "e5", "Nf3"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let moves = json.as_array().unwrap();
    assert!(
        moves
            .iter()
            .any(|m| m["san"] == "Nc6" && m["uci"] == "b8c6")
    );
    assert!(moves.iter().all(|m| m["weight"].is_u64()));

    let run = machack(&["book", "show", "--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"]);
    assert!(String::from_utf8_lossy(&run.stdout).contains("out of book"));

    let run = machack(&["book", "show", "--moves", "e4", "Ke7"]);
    assert_eq!(run.status.code(), Some(1));
}

/// Debian's `gnuchess-book` ships a Polyglot book; where it is installed, we read it whole.
#[test]
fn reads_the_gnuchess_book_where_installed() {
    let path = Path::new("/usr/share/games/gnuchess/book.bin");
    if !path.exists() {
        eprintln!(
            "skipped: {} not installed (apt-get install gnuchess-book)",
            path.display()
        );
        return;
    }
    let book = Book::open(path).expect("the gnuchess book reads");
    let start = Chess::default();
    let moves = san_moves(&book, &start);
    assert!(moves.contains(&"e4".to_string()) && moves.contains(&"d4".to_string()));
    let (pos, _) = play("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6");
    let moves = san_moves(&book, &pos);
    assert!(moves.contains(&"O-O".to_string()), "{moves:?}");
}
