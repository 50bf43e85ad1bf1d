//! `machack datagen` writes self-play positions with results and scores that `machack
//! tune` and `machack train-net` read, the same for the same seed on any number of threads;
//! `train-net` writes checkpoints the engine reads; bad flags are usage errors.

use std::process::Output;

#[path = "common/cli.rs"]
mod cli;
use cli::machack;

/// `machack train-net DATA --out OUT` and `flags`.
fn train_net(data: &str, out: &str, flags: &[&str]) -> Output {
    machack(&[&["train-net", data, "--out", out], flags].concat())
}

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
    let again = machack(&[&args[..], &["--threads", "2"]].concat());
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
    let net = dir.join("net.nnue");
    let net = net.to_str().unwrap();
    let train = train_net(file, net, &["--epochs", "2", "--batch", "64"]);
    assert!(train.status.success(), "{train:?}");
    let report = String::from_utf8(train.stderr).unwrap();
    assert!(report.contains("epoch 2 fitted"), "{report}");
    let bytes = std::fs::read(net).unwrap();
    assert!(machack::search::modern::network::Network::read(&bytes).is_ok());
    // Training on from the embedded network starts where it stands: below the error of
    // the hand-written evaluation alone, which a new residual network starts from.
    let nnue = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/modern.nnue");
    let first_error = |extra: &[&str]| {
        let out = train_net(
            file,
            net,
            &[&["--epochs", "1", "--check", "0.3"], extra].concat(),
        );
        assert!(out.status.success(), "{out:?}");
        let report = String::from_utf8(out.stderr).unwrap();
        let line = report.lines().find(|l| l.starts_with("epoch 0")).unwrap();
        line.rsplit(' ').next().unwrap().parse::<f64>().unwrap()
    };
    let (fresh, warm) = (first_error(&[]), first_error(&["--init", nnue]));
    assert!(warm < fresh, "{warm} against {fresh}");
    let bad = machack(&["train-net", file, "--out", net, "--init", file]);
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(err.contains("not a machack network file"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_names_a_bad_line_or_a_missing_file() {
    let dir = std::env::temp_dir().join(format!("machack-train-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "8/8/8/8/8/8/8/4K2k w - - 0 1 1-0 cp=3\nnot a position 1-0\n",
    )
    .unwrap();
    let out_file = dir.join("out.nnue");
    let out_file = out_file.to_str().unwrap();
    let out = machack(&["train-net", bad.to_str().unwrap(), "--out", out_file]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.txt: line 2"), "{err}");
    let out = machack(&["train-net", "no-such-file.txt", "--out", out_file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no-such-file.txt")
    );
    assert!(
        !std::path::Path::new(out_file).exists(),
        "nothing is written"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_writes_a_whole_network_every_k_passes() {
    let dir = std::env::temp_dir().join(format!("machack-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("tiny.txt");
    std::fs::write(
        &data,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1/2-1/2 cp=30\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 1-0 cp=45\n\
         4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 1-0 cp=120\n\
         4k3/4p3/8/8/8/8/8/3QK3 b - - 0 1 1-0 cp=900\n",
    )
    .unwrap();
    let out = dir.join("net.nnue");
    let train = |extra: &[&str]| {
        let base = ["--epochs", "2", "--batch", "2", "--hidden", "8"];
        train_net(
            data.to_str().unwrap(),
            out.to_str().unwrap(),
            &[&base, extra].concat(),
        )
    };
    let run = train(&["--checkpoint-every", "1"]);
    assert!(run.status.success(), "{run:?}");
    let last = std::fs::read(&out).unwrap();
    for epoch in [1, 2] {
        let file = dir.join(format!("net-e{epoch}.nnue"));
        let bytes = std::fs::read(&file).unwrap();
        assert!(machack::search::modern::network::Network::read(&bytes).is_ok());
        assert_eq!(bytes == last, epoch == 2, "epoch {epoch}");
        let net = machack(&["net", file.to_str().unwrap()]);
        assert!(net.status.success(), "{net:?}");
    }
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 4, "no partial file is left: {names:?}");
    assert_eq!(train(&["--checkpoint-every", "0"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn zero_games_or_nodes_are_usage_errors() {
    for bad in [["--games", "0"], ["--nodes", "0"], ["--threads", "0"]] {
        let out = machack(&[&["datagen", "--games", "1"][..], &bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn bullet_records_hold_what_the_text_lines_say_and_train_net_reads_them() {
    use machack::train::data::{Format, stream};
    let dir = std::env::temp_dir().join(format!("machack-datagen-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (text, bin) = (dir.join("p.txt"), dir.join("p.bin"));
    let args = ["datagen", "--games", "1", "--nodes", "300", "--seed", "5"];
    let out = machack(&[&args[..], &["--out", text.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{out:?}");
    let out = machack(
        &[
            &args[..],
            &["--format", "bullet", "--out", bin.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{out:?}");
    let lines: Vec<_> = stream(&text, Format::Text, 0).unwrap().collect();
    let records: Vec<_> = stream(&bin, Format::Bullet, 0).unwrap().collect();
    assert!(lines.len() > 10);
    assert_eq!(
        std::fs::metadata(&bin).unwrap().len(),
        32 * lines.len() as u64
    );
    assert_eq!(lines.len(), records.len());
    let board = |l: &machack::train::data::Labelled| {
        let fen = shakmaty::fen::Fen::from_position(&l.pos, shakmaty::EnPassantMode::Legal);
        fen.to_string()
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (l, r) in lines.iter().zip(&records) {
        let (l, r) = (l.as_ref().unwrap(), r.as_ref().unwrap());
        assert_eq!((board(l), l.score, l.result), (board(r), r.score, r.result));
    }
    let net = dir.join("net.nnue");
    let train = train_net(
        bin.to_str().unwrap(),
        net.to_str().unwrap(),
        &["--epochs", "1", "--chunk", "7"],
    );
    assert!(train.status.success(), "{train:?}");
    let bytes = std::fs::read(&net).unwrap();
    assert!(machack::search::modern::network::Network::read(&bytes).is_ok());
    let no_file = machack(&[&args[..], &["--format", "bullet"]].concat());
    assert_eq!(no_file.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_writes_squared_units_and_output_buckets_and_refuses_another_kind() {
    let dir = std::env::temp_dir().join(format!("machack-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("tiny.txt");
    let written = machack(&[
        "datagen",
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        "5",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(written.status.success(), "{written:?}");
    let out = dir.join("net.nnue");
    let train = |extra: &[&str]| {
        let base = ["--epochs", "1", "--batch", "16"];
        train_net(
            data.to_str().unwrap(),
            out.to_str().unwrap(),
            &[&base, extra].concat(),
        )
    };
    let new = ["--hidden", "16", "--standalone"];
    let run = train(&[&new[..], &["--screlu", "--output-buckets", "8"]].concat());
    assert!(run.status.success(), "{run:?}");
    let net = machack(&["net", out.to_str().unwrap()]);
    let shown = String::from_utf8(net.stdout).unwrap();
    assert!(
        shown.ends_with("(16 hidden units, standalone, SCReLU, 8 output buckets)\n"),
        "{shown}"
    );
    // The engine plays with it.
    let set = format!("setoption name EvalFile value {}", out.display());
    let played = machack(&[&set, "position startpos moves e2e4", "go depth 5", "quit"]);
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
    // Trained further as its kind, not as another.
    let init = ["--init", out.to_str().unwrap()];
    let again = train(&[&init[..], &["--screlu", "--output-buckets", "8"]].concat());
    assert!(again.status.success(), "{again:?}");
    let other = train(&init);
    assert_eq!(other.status.code(), Some(1));
    let err = String::from_utf8(other.stderr).unwrap();
    assert!(
        err.contains("the network is standalone, SCReLU, 8 output buckets, not the standalone, CReLU, 1 output bucket asked for")
            && err.contains("(--screlu --output-buckets 8)"),
        "{err}"
    );
    assert_eq!(train(&["--output-buckets", "33"]).status.code(), Some(2));
    assert_eq!(train(&["--output-buckets", "0"]).status.code(), Some(2));
    // A new network of another kind is fine.
    assert!(train(&new).status.success());
    // One of the king's half, new or from one that mirrors nothing, which plays; not
    // back the other way.
    let half = train(&[&new[..], &["--king-half"]].concat());
    assert!(half.status.success(), "{half:?}");
    let shown = |path: &std::path::Path| {
        let net = machack(&["net", path.to_str().unwrap()]);
        String::from_utf8(net.stdout).unwrap()
    };
    let text = shown(&out);
    assert!(
        text.ends_with("standalone, CReLU, 1 output bucket, king's half)\n"),
        "{text}"
    );
    let moves = "position startpos moves e2e4 e7e5 e1e2";
    let played = machack(&[&set, moves, "go depth 5", "quit"]);
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
    let back = train(&init);
    assert_eq!(back.status.code(), Some(1));
    let err = String::from_utf8(back.stderr).unwrap();
    assert!(err.contains("(--king-half)"), "{err}");
    assert!(train(&new).status.success());
    let plain = dir.join("plain.nnue");
    std::fs::copy(&out, &plain).unwrap();
    let from_plain = ["--init", plain.to_str().unwrap(), "--king-half"];
    assert!(train(&from_plain).status.success());
    assert!(shown(&out).ends_with("king's half)\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 3-piece tables of the tests.
const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

/// A line's FEN and score, without the game's result.
fn position_and_score(line: &str) -> (String, String) {
    let mut words = line.rsplitn(3, ' ');
    let (score, _result, fen) = (words.next(), words.next(), words.next());
    (fen.unwrap().to_owned(), score.unwrap().to_owned())
}

#[test]
fn datagen_with_syzygy_ends_a_game_in_the_tables_and_writes_none_of_their_positions() {
    // Game 1 of seed 143 at 300 nodes reaches three pieces.
    let args = ["datagen", "--games", "1", "--nodes", "300", "--seed", "143"];
    let with = machack(&[&args[..], &["--syzygy", TABLES]].concat());
    assert!(with.status.success(), "{with:?}");
    let err = String::from_utf8(with.stderr).unwrap();
    assert!(err.contains("plies (tablebase)"), "{err}");
    assert!(err.contains("1 ended by the tablebases"), "{err}");
    let with = String::from_utf8(with.stdout).unwrap();
    assert!(with.lines().count() > 20, "{with}");
    for line in with.lines() {
        let (fen, _) = position_and_score(line);
        let pos = machack::rules::parse_fen(&fen).unwrap().0;
        let pieces = shakmaty::Position::board(&pos).occupied().count();
        assert!(pieces > 3, "a position of the tables written: {line}");
    }
    // Without the tables the same game goes on: its first positions are the same.
    let without = machack(&args);
    assert!(without.status.success(), "{without:?}");
    let err = String::from_utf8(without.stderr).unwrap();
    assert!(!err.contains("tablebase"), "{err}");
    let without = String::from_utf8(without.stdout).unwrap();
    let (with, without): (Vec<_>, Vec<_>) = (
        with.lines().map(position_and_score).collect(),
        without.lines().map(position_and_score).collect(),
    );
    assert!(
        without.len() > with.len(),
        "{} {}",
        without.len(),
        with.len()
    );
    assert_eq!(without[..with.len()], with[..]);
    // Threads change nothing.
    let three = [
        "datagen", "--games", "3", "--nodes", "300", "--syzygy", TABLES,
    ];
    let one = machack(&three);
    let two = machack(&[&three[..], &["--threads", "2"]].concat());
    assert!(one.status.success() && two.status.success());
    assert!(!one.stdout.is_empty());
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn datagen_refuses_a_missing_or_empty_tablebase_directory_before_playing() {
    let dir = std::env::temp_dir().join(format!("machack-datagen-tb-{}", std::process::id()));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = dir.join("never.txt");
    let missing = dir.join("no-such-dir");
    for (tables, code, says) in [
        (
            missing.to_str().unwrap(),
            1,
            "cannot read tablebase directory",
        ),
        (empty.to_str().unwrap(), 1, "no Syzygy table in"),
        ("", 2, "no directory given"),
    ] {
        let run = machack(&[
            "datagen",
            "--games",
            "1",
            "--syzygy",
            tables,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(code), "{tables}: {run:?}");
        let err = String::from_utf8(run.stderr).unwrap();
        assert!(err.contains("--syzygy") && err.contains(says), "{err}");
        assert!(!err.contains("game 1/1"), "no game is played: {err}");
        assert!(!out.exists(), "no file is written");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
