//! `machack convert-data` turns an OpenBench datagen workload's scored games into training
//! data: the quiet, scored positions with the game's result, as text or bullet records.

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

const PGN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/openbench_datagen.pgn"
);

#[test]
fn scored_quiet_positions_become_data_in_both_formats() {
    let out = machack(&["convert-data", PGN]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The book move, the captures, the position in check and the game without a result
    // give nothing; the scores are White's, the last a mate.
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines.iter().all(|l| l.contains(" 1-0 cp=")), "{text}");
    assert!(lines[0].ends_with(" b KQkq - 1 2 1-0 cp=-20"), "{text}");
    assert!(
        lines[5].ends_with("cp=120") && lines[6].ends_with("cp=3000"),
        "{text}"
    );
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("7 positions from 2 games"), "{summary}");

    let dir = std::env::temp_dir().join(format!("machack-convert-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("games.bin");
    let out = machack(&["convert-data", PGN, "--out", bin.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    use machack::train::data::{Format, stream};
    let records: Vec<_> = stream(&bin, Format::Bullet, 0)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(records.len(), 7);
    assert_eq!((records[6].score, records[6].result), (Some(3000), 1.0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_illegal_move_or_a_missing_file_is_named() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book_games.pgn");
    let out = machack(&["convert-data", book]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("game 7: move Ke3 is not legal here"), "{err}");
    let out = machack(&["convert-data", "no-such.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    let out = machack(&["convert-data", PGN, "--format", "bullet"]);
    assert_eq!(out.status.code(), Some(2));
}
