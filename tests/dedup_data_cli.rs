//! `machack dedup-data` writes the positions of datagen files each once, the first time it
//! comes with its score and result, as text lines or bullet records; a missing file, a
//! cut bullet file or a bad line stops it with the file named and no output left.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

#[path = "common/cli.rs"]
mod cli;
use cli::run;

/// A scratch folder of its own for each test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("machack-dedup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Two quick self-play games of `seed` written to `path`.
fn datagen(seed: &str, path: &Path) {
    let (code, _, err) = run(&[
        "datagen",
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        seed,
        "--out",
        s(path),
    ]);
    assert_eq!(code, 0, "{err}");
}

/// The first `n` fields of a text line's FEN: 4 tell positions apart in text, 2 (board
/// and side to move) in bullet's records.
fn fields(line: &str, n: usize) -> String {
    line.split(' ').take(n).collect::<Vec<_>>().join(" ")
}

/// The lines of `text` whose position (`n` FEN fields) comes for the first time.
fn first_occurrences(text: &str, n: usize) -> Vec<&str> {
    let mut seen = HashSet::new();
    text.lines().filter(|l| seen.insert(fields(l, n))).collect()
}

/// Board and side to move, score and result of a line (the result as `stream` reads it).
fn bullet_view(line: &str) -> (String, String, String) {
    let mut words = line.rsplitn(3, ' ');
    let (score, result) = (words.next().unwrap(), words.next().unwrap());
    (fields(line, 2), result.to_string(), score.to_string())
}

/// `machack dedup-data args`: its exit code, summary line and error.
fn dedup(args: &[&str]) -> (i32, String, String) {
    run(&[&["dedup-data"], args].concat())
}

#[test]
fn repeats_within_a_file_and_across_files_are_dropped_first_occurrence_kept() {
    let dir = scratch("text");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    datagen("1", &a);
    datagen("2", &b);
    let (a_text, b_text) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    // A file repeated after itself: every position of the copy is a repeat.
    let twice = dir.join("twice.txt");
    std::fs::write(&twice, format!("{a_text}{a_text}")).unwrap();
    let n = a_text.lines().count();
    assert!(n > 20 && b_text.lines().count() > 20);
    let out = dir.join("distinct.txt");
    let (code, summary, err) = dedup(&[s(&twice), s(&b), "--out", s(&out)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    let all = format!("{a_text}{a_text}{b_text}");
    let expected = first_occurrences(&all, 4);
    let read = all.lines().count();
    assert_eq!(
        summary,
        format!(
            "read {read} positions from 2 files, wrote {}, dropped {} repeated\n",
            expected.len(),
            read - expected.len()
        )
    );
    assert!(read - expected.len() >= n, "the copy is dropped whole");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().collect::<Vec<_>>(), expected);
    // Run again on its own output, nothing more goes.
    let again = dir.join("again.txt");
    let (code, summary, _) = dedup(&[s(&out), "--out", s(&again)]);
    assert_eq!(code, 0);
    let m = expected.len();
    assert_eq!(
        summary,
        format!("read {m} positions from 1 file, wrote {m}, dropped 0 repeated\n")
    );
    assert_eq!(std::fs::read_to_string(&again).unwrap(), written);
    // The output may be an input: it is written beside and renamed at the end.
    let (code, _, err) = dedup(&[s(&twice), "--out", s(&twice)]);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read_to_string(&twice).unwrap();
    assert_eq!(
        kept.lines().collect::<Vec<_>>(),
        first_occurrences(&a_text, 4)
    );
    let names = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(names, 5, "no .part file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn text_to_bullet_and_back_keeps_the_positions_their_scores_and_results() {
    let dir = scratch("bullet");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    datagen("3", &a);
    datagen("3", &b);
    let all = std::fs::read_to_string(&a).unwrap() + &std::fs::read_to_string(&b).unwrap();
    // Bullet's records keep the board and side to move: positions differing only in
    // castling rights or en passant are one there.
    let expected: Vec<_> = first_occurrences(&all, 2)
        .into_iter()
        .map(bullet_view)
        .collect();
    let bin = dir.join("distinct.bin");
    let (code, summary, err) = dedup(&[s(&a), s(&b), "--out", s(&bin)]);
    assert_eq!(code, 0, "{err}");
    let m = expected.len();
    let read = all.lines().count();
    assert!(summary.contains(&format!("read {read} positions from 2 files, wrote {m}, ")));
    assert_eq!(std::fs::metadata(&bin).unwrap().len(), 32 * m as u64);
    // Back to text, with the bullet file given twice: nothing is added.
    let back = dir.join("back.txt");
    let (code, summary, err) = dedup(&[s(&bin), s(&bin), "--out", s(&back)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        summary,
        format!(
            "read {} positions from 2 files, wrote {m}, dropped {m} repeated\n",
            2 * m
        )
    );
    let back_text = std::fs::read_to_string(&back).unwrap();
    let got: Vec<_> = back_text.lines().map(bullet_view).collect();
    assert_eq!(got, expected);
    // `--format` rules over the name; bullet to bullet is byte for byte.
    let again = dir.join("again.data");
    let (code, _, err) = dedup(&[s(&back), "--format", "bullet", "--out", s(&again)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&bin).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_a_cut_record_or_a_bad_line_is_named_and_leaves_no_output() {
    let dir = scratch("bad");
    let good = dir.join("good.txt");
    datagen("1", &good);
    let bin = dir.join("good.bin");
    assert_eq!(dedup(&[s(&good), "--out", s(&bin)]).0, 0);
    let mut bytes = std::fs::read(&bin).unwrap();
    let records = bytes.len() / 32;
    bytes.truncate(bytes.len() - 5);
    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &bytes).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "8/8/8/8/8/8/8/4K2k w - - 0 1 1-0 cp=3\n\n8/8/8/8/8/8/8/4K2x b - - 0 1 1-0 cp=3\n",
    )
    .unwrap();
    let missing = dir.join("missing.txt");
    let cases = [
        (s(&missing), "missing.txt: No such file".to_string()),
        (
            s(&cut),
            format!("cut.bin: record {records}: the file ends inside it (27 bytes left over"),
        ),
        (s(&bad), "bad.txt: line 3: malformed FEN".to_string()),
    ];
    for (input, says) in &cases {
        for out in [dir.join("out.txt"), dir.join("out.bin")] {
            let (code, summary, err) = dedup(&[s(&good), input, "--out", s(&out)]);
            assert_eq!(code, 1, "{input}: {err}");
            assert!(err.contains(says.as_str()), "{err}");
            assert_eq!(summary, "");
            let part = format!("{}.part", out.display());
            assert!(!out.exists() && !Path::new(&part).exists(), "{input}");
        }
    }
    // No file to write, or no --out: usage.
    assert_eq!(dedup(&["--out", s(&dir.join("o.txt"))]).0, 2);
    assert_eq!(dedup(&[s(&good)]).0, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_man_page_and_completions_list_it() {
    let (code, page, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(page.contains("dedup\\-data"), "{page}");
    let (code, script, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(script.contains("dedup-data"));
}
