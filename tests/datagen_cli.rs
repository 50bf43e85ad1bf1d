//! `machack datagen` writes self-play positions with results and scores that `machack
//! tune` reads, the same for the same seed; bad flags are usage errors.

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

#[test]
fn datagen_output_is_repeatable_and_tune_reads_it() {
    let dir = std::env::temp_dir().join(format!("machack-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    let file = file.to_str().unwrap();
    let args = ["datagen", "--games", "2", "--nodes", "400", "--seed", "3"];
    let first = machack(&[&args[..], &["--out", file]].concat());
    assert!(first.status.success(), "{first:?}");
    let written = std::fs::read_to_string(file).unwrap();
    let again = machack(&args);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), written);
    assert!(written.lines().count() > 20, "{written}");
    for line in written.lines() {
        let mut words = line.rsplitn(3, ' ');
        let (score, result, fen) = (words.next(), words.next(), words.next());
        let cp = score.and_then(|s| s.strip_prefix("cp="));
        assert!(cp.is_some_and(|cp| cp.parse::<i32>().is_ok()), "{line}");
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result.unwrap()),
            "{line}"
        );
        assert!(machack::rules::parse_fen(fen.unwrap()).is_ok(), "{line}");
    }
    let summary = String::from_utf8(first.stderr).unwrap();
    assert!(summary.contains("positions from 2 games"), "{summary}");
    let tune = machack(&[
        "tune",
        "--data",
        file,
        "--epochs",
        "1",
        "--check",
        "0.25",
        "--score-weight",
        "0.5",
    ]);
    assert!(tune.status.success(), "{tune:?}");
    let table = String::from_utf8(tune.stdout).unwrap();
    assert!(table.contains("DEFAULT"), "{table}");
    assert!(
        table.contains("checked"),
        "the held-back error is reported: {table}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn zero_games_or_nodes_are_usage_errors() {
    for bad in [["--games", "0"], ["--nodes", "0"]] {
        let out = machack(&[&["datagen", "--games", "1"][..], &bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
