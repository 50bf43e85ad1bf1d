//! What an OpenBench worker asks of the binary (docs/openbench.md): the bench it checks
//! against the commit, UCI commands given as arguments, the tunables its SPSA runs set by
//! `setoption`, the openings `genfens` writes for datagen, and networks as `EvalFile`s.

#[path = "common/cli.rs"]
mod cli;

use cli::run;

/// The nodes of the last full `info` line of `go depth 9` after `setoptions`, run as
/// command-line arguments.
fn nodes_at_depth_9(setoptions: &[&str]) -> u64 {
    let mut args = vec!["setoption name OwnBook value false"];
    args.extend_from_slice(setoptions);
    args.extend([
        "position startpos moves e2e4 c7c5 g1f3",
        "go depth 9",
        "quit",
    ]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let last = out
        .lines()
        .rev()
        .find(|l| l.starts_with("info depth 9 ") && l.contains(" nodes "))
        .unwrap_or_else(|| panic!("no depth 9: {out}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn the_bench_prints_the_signature_last_as_openbench_reads_it() {
    let (code, out, err) = run(&["bench"]);
    assert_eq!(code, 0, "{err}");
    let last: Vec<&str> = out.lines().last().unwrap().split_whitespace().collect();
    assert_eq!(last.len(), 4, "{out}");
    assert_eq!((last[1], last[3]), ("nodes", "nps"));
    assert_eq!(
        last[0].parse::<u64>().unwrap(),
        machack::search::bench::SIGNATURE
    );
}

#[test]
fn tunables_set_by_name_reach_the_search() {
    let default = nodes_at_depth_9(&[]);
    assert_eq!(
        nodes_at_depth_9(&[]),
        default,
        "a fixed depth is deterministic"
    );
    for option in [
        "setoption name lmr_base value 150",
        "setoption name network_scale value 600",
        "setoption name reverse_futility_margin value 200",
        "setoption name history_max value 4096",
    ] {
        assert_ne!(nodes_at_depth_9(&[option]), default, "{option}");
    }
}

#[test]
fn a_bad_tunable_is_refused_and_the_search_goes_on() {
    let (code, out, _) = run(&[
        "setoption name aspiration_window value 0",
        "setoption name lmr_divisor value x",
        "go depth 3",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "info string error setoption: option 'aspiration_window': 0 is outside 5..=100"
        ) && out.contains(
            "info string error setoption: option 'lmr_divisor': 'x' is not a whole number"
        ) && out.contains("bestmove "),
        "{out}"
    );
}

#[test]
fn spsa_lists_every_tunable_in_openbench_input_format() {
    let (code, out, err) = run(&["spsa"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), machack::search::modern::params::TUNABLES.len());
    for line in lines {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!((fields.len(), fields[1]), (7, "int"), "{line}");
        let n: Vec<f64> = fields[2..].iter().map(|f| f.parse().unwrap()).collect();
        assert!(n[1] <= n[0] && n[0] <= n[2] && n[3] > 0.0, "{line}");
        // Every line is a setoption the engine takes.
        let set = format!("setoption name {} value {}", fields[0], fields[2]);
        let (_, reply, _) = run(&[set.as_str(), "quit"]);
        assert!(reply.is_empty(), "{set}: {reply}");
    }
}

/// A network file unlike the embedded one: its output bias moved (still a valid file).
fn other_network(dir: &std::path::Path) -> std::path::PathBuf {
    let mut bytes =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/modern.nnue")).unwrap();
    let at = bytes.len() - 4;
    let bias = i32::from_le_bytes(bytes[at..].try_into().unwrap()) + 20 * 255 * 64 / 400;
    bytes[at..].copy_from_slice(&bias.to_le_bytes());
    let path = dir.join("other.nnue");
    std::fs::write(&path, &bytes).unwrap();
    path
}

#[test]
fn an_eval_file_plays_by_its_name_and_a_bad_one_leaves_the_network_in_use() {
    let dir = std::env::temp_dir().join(format!("machack-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let other = other_network(&dir);
    let name = machack::search::modern::network::name_of(&std::fs::read(&other).unwrap());
    let set = format!("setoption name EvalFile value {}", other.display());
    let (_, out, _) = run(&[set.as_str(), "quit"]);
    assert_eq!(
        out.trim(),
        format!("info string EvalFile network {name} ({})", other.display())
    );
    let (_, out, _) = run(&["net", other.to_str().unwrap()]);
    assert_eq!(
        out.trim(),
        format!(
            "network {name} {} (128 hidden units, residual, CReLU, 1 output bucket)",
            other.display()
        )
    );
    // It plays: another evaluation searches another tree...
    let default = nodes_at_depth_9(&[]);
    let with_other = nodes_at_depth_9(&[set.as_str()]);
    assert_ne!(with_other, default);
    // ...a file that is not a network is refused and the one in use stays...
    let junk = dir.join("junk.nnue");
    std::fs::write(&junk, b"MHNN but not a network").unwrap();
    let refused = format!("setoption name EvalFile value {}", junk.display());
    let (_, out, _) = run(&[set.as_str(), refused.as_str(), "quit"]);
    assert!(
        out.contains("info string error setoption: option 'EvalFile': ")
            && out.contains("junk.nnue: network file version"),
        "{out}"
    );
    assert_eq!(
        nodes_at_depth_9(&[set.as_str(), refused.as_str()]),
        with_other
    );
    // ...and an empty EvalFile is the embedded network again.
    let empty = "setoption name EvalFile value";
    assert_eq!(nodes_at_depth_9(&[set.as_str(), empty]), default);
    let (code, _, err) = run(&["net", junk.to_str().unwrap()]);
    assert!(
        code == 1 && err.contains("junk.nnue: network file version"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The FENs of `genfens` run as OpenBench runs it, read as its client reads them.
fn genfens(args: &str) -> Vec<String> {
    let command = format!("genfens {args}");
    let (code, out, err) = run(&[command.as_str(), "quit"]);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .filter(|l| l.starts_with("info string genfens "))
        .map(|l| l.split("genfens ").nth(1).unwrap().trim_end().to_string())
        .collect()
}

#[test]
fn genfens_writes_legal_distinct_openings_the_same_for_a_seed() {
    use shakmaty::Position;
    let a = genfens("40 seed 1234567 book None ");
    assert_eq!(a.len(), 40);
    assert_eq!(genfens("40 seed 1234567 book None"), a);
    let b = genfens("40 seed 1234568 book None");
    assert!(a.iter().all(|f| !b.contains(f)));
    let distinct: std::collections::HashSet<&String> = a.iter().chain(&b).collect();
    assert_eq!(distinct.len(), 80);
    for fen in &a {
        // OpenBench turns the two clocks into hmvc and fmvn: six fields.
        assert_eq!(fen.split(' ').count(), 6, "{fen}");
        let (pos, warnings) = machack::rules::parse_fen(fen).unwrap();
        assert!(
            warnings.is_empty() && !pos.legal_moves().is_empty(),
            "{fen}"
        );
    }
}

#[test]
fn genfens_starts_from_a_books_positions() {
    let dir = std::env::temp_dir().join(format!("machack-genfens-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // OpenBench's books: EPD lines with their clocks as operations, or PGN games.
    let epd = dir.join("book.epd");
    std::fs::write(
        &epd,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3;\n",
    )
    .unwrap();
    let pgn = dir.join("book.pgn");
    std::fs::write(&pgn, "[Event \"?\"]\n\n1. d4 d5 2. c4 e6 *\n").unwrap();
    for (book, start) in [(&epd, 4), (&pgn, 4)] {
        let fens = genfens(&format!("6 seed 9 book {} plies 1", book.display()));
        assert_eq!(fens.len(), 6, "{fens:?}");
        for fen in fens {
            // One or two random plies after the book's position.
            let (pos, _) = machack::rules::parse_fen(&fen).unwrap();
            let ply = machack::rules::game_ply(&pos);
            assert!(ply == start + 1 || ply == start + 2, "{fen}");
        }
    }
    let fens = genfens(&format!("3 seed 9 book {}", dir.join("none.epd").display()));
    assert!(fens.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
