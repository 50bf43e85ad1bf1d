//! `machack plausible-suite`: the shares and points on a suite whose ranks are known
//! (tests/data/suite_ranks.epd: one position, five best moves), and its errors.

use std::process::Command;

fn machack(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .output()
        .expect("run machack")
}

#[test]
fn counts_the_ranks_and_points_of_both_orderings() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/suite_ranks.epd");
    let out = machack(&["plausible-suite", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    // Plausibility: ranks 2, 1, 3, 10, 20. Its first move Rxd5+ earns 60 points.
    assert!(lines[0].starts_with("plausibility (1967)"), "{text}");
    for part in [
        "first  20.0%",
        "top 6  60.0%",
        "top 15  80.0%",
        "points  60.0 of 100",
        "(5 positions)",
    ] {
        assert!(lines[0].contains(part), "{part} in {}", lines[0]);
    }
    // MVV-LVA + checks: exd5 first (100 points), Rxd5+ second, Ra8+ third.
    assert!(lines[1].starts_with("MVV-LVA + checks"), "{text}");
    for part in ["first  20.0%", "points 100.0 of 100", "(5 positions)"] {
        assert!(lines[1].contains(part), "{part} in {}", lines[1]);
    }
}

#[test]
fn a_bad_record_or_a_suite_without_bm_is_an_error() {
    let dir = std::env::temp_dir().join(format!("machack-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.epd");
    std::fs::write(
        &bad,
        "4k3/8/8/8/8/8/8/4K2R w K - bm O-O;\n4k3/8/8/8/8/8/8/4K2R w K - bm Qh5;\n",
    )
    .unwrap();
    let out = machack(&["plausible-suite", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("EPD line 2"));
    let none = dir.join("none.epd");
    std::fs::write(&none, "4k3/8/8/8/8/8/8/4K2R w K - am Kd1;\n").unwrap();
    let out = machack(&["plausible-suite", none.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no record with a bm"));
    std::fs::remove_dir_all(&dir).ok();
}
