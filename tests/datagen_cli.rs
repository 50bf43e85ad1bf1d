//! `machack datagen` writes self-play positions with results that `machack tune` reads, the
//! same for the same seed; bad flags are usage errors.

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
        let result = line.rsplit(' ').next().unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{line}");
        let fen = line.rsplit_once(' ').unwrap().0;
        assert!(machack::rules::parse_fen(fen).is_ok(), "{line}");
    }
    let summary = String::from_utf8(first.stderr).unwrap();
    assert!(summary.contains("positions from 2 games"), "{summary}");
    let tune = machack(&["tune", "--data", file, "--epochs", "1", "--check", "0.25"]);
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
