//! `machack net import` turns a network file bullet saved into a machack network that
//! `machack net` checks and `EvalFile` plays with; a file of the wrong size is refused.

#[path = "common/cli.rs"]
mod cli;
use cli::run;

/// A bullet quantised file of a network of `hidden` units (768 inputs for each side, one
/// output): the first layer's weights input by input, its biases, the output weights, the
/// output bias, i16 little-endian, padded with filler to a multiple of 64 bytes.
fn bullet_file(hidden: usize, seed: u64) -> Vec<u8> {
    let mut k = seed;
    let mut draw = |spread: u64| {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((k >> 33) % (2 * spread + 1)) as i16 - spread as i16
    };
    let mut words: Vec<i16> = (0..768 * hidden).map(|_| draw(40)).collect();
    words.extend((0..hidden).map(|_| draw(50) + 60));
    words.extend((0..2 * hidden).map(|_| draw(100)));
    words.push(draw(2000));
    let mut out: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    while !out.len().is_multiple_of(64) {
        out.push(b"bullet"[out.len() % 6]);
    }
    out
}

#[test]
fn an_imported_network_is_checked_named_and_played() {
    let dir = std::env::temp_dir().join(format!("machack-net-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("quantised.bin");
    std::fs::write(&bin, bullet_file(32, 11)).unwrap();
    let nnue = dir.join("bullet.nnue");
    let (code, out, err) = run(&[
        "net",
        "import",
        bin.to_str().unwrap(),
        "--out",
        nnue.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (name, rest) = out
        .trim()
        .strip_prefix("network ")
        .and_then(|s| s.split_once(' '))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        rest,
        format!("{} (32 hidden units, standalone)", nnue.display())
    );
    assert!(
        name.len() == 8 && name.chars().all(|c| c.is_ascii_hexdigit()),
        "{name}"
    );
    let (code, out, err) = run(&["net", nnue.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        format!(
            "network {name} {} (32 hidden units, standalone, CReLU, 1 output bucket)",
            nnue.display()
        )
    );
    // The engine plays with it.
    let set = format!("setoption name EvalFile value {}", nnue.display());
    let (code, out, _) = run(&[set.as_str(), "go depth 4", "quit"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("info string EvalFile network {name}"))
            && out.lines().any(|l| l.starts_with("bestmove ")),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_the_wrong_size_is_refused() {
    let dir = std::env::temp_dir().join(format!("machack-net-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("short.bin");
    let file = bullet_file(32, 12);
    std::fs::write(&bin, &file[..file.len() - 64]).unwrap();
    let nnue = dir.join("out.nnue");
    let args = [
        "net",
        "import",
        bin.to_str().unwrap(),
        "--out",
        nnue.to_str().unwrap(),
    ];
    let (code, out, err) = run(&args);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("short.bin: ") && err.contains(" bytes is not the size of a bullet network"),
        "{err}"
    );
    assert!(!nnue.exists());
    std::fs::write(&bin, &file).unwrap();
    let (code, _, err) = run(&[&args[..], &["--hidden", "64"]].concat());
    assert_eq!(code, 1);
    assert!(
        err.contains("32 hidden units, not the 64 of --hidden"),
        "{err}"
    );
    let (code, _, _) = run(&args[..3]);
    assert_eq!(code, 2, "--out is needed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_network_of_squared_units_imports_with_screlu_within_its_bound() {
    let dir = std::env::temp_dir().join(format!("machack-net-screlu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = dir.join("quantised.bin");
    // Output weights of ±100: within the bound of 32 squared units (128).
    std::fs::write(&bin, bullet_file(32, 13)).unwrap();
    let nnue = dir.join("screlu.nnue");
    let import = |file: &std::path::Path| {
        run(&[
            "net",
            "import",
            file.to_str().unwrap(),
            "--out",
            nnue.to_str().unwrap(),
            "--screlu",
        ])
    };
    let (code, out, err) = import(&bin);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.trim().ends_with(&format!(
            "{} (32 hidden units, standalone, SCReLU)",
            nnue.display()
        )),
        "{out}"
    );
    let (code, out, _) = run(&["net", nnue.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.trim()
            .ends_with("(32 hidden units, standalone, SCReLU, 1 output bucket)"),
        "{out}"
    );
    // An output weight beyond the bound: refused, nothing written.
    std::fs::remove_file(&nnue).unwrap();
    let mut heavy = bullet_file(32, 13);
    let first_output = 2 * (768 * 32 + 32);
    heavy[first_output..first_output + 2].copy_from_slice(&200i16.to_le_bytes());
    std::fs::write(&bin, &heavy).unwrap();
    let (code, _, err) = import(&bin);
    assert_eq!(code, 1);
    assert!(
        err.contains("output weight of 200") && err.contains("could overflow"),
        "{err}"
    );
    assert!(!nnue.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
