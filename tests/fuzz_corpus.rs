//! The fuzz corpus as a `cargo test`: every parser of the fuzz harness (`fuzz/harness.rs`,
//! the same code the cargo-fuzz targets run) over every file of `tests/data/fuzz/` — the seed
//! corpus and every crash reproducer found so far — with no panic. Runs on stable, so a
//! machine without nightly still keeps fixed crashes fixed.
//!
//! Files under `tests/data/fuzz/TARGET/` are fed to that target; every file is also fed to
//! every other target (cheap, and a FEN makes a fine malformed UCI line). Then each target
//! gets a few hundred seeded mutations of its seeds, a small stand-in for the fuzzer.

#[allow(dead_code)]
#[path = "../fuzz/harness.rs"]
mod harness;

use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz")
}

/// Every file under `dir`, recursively, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(read) = fs::read_dir(dir) else {
        return out;
    };
    for entry in read.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn target_dir(name: &str) -> PathBuf {
    corpus_root().join(name)
}

#[test]
fn every_target_has_seeds() {
    for (name, _) in harness::TARGETS {
        let seeds = files(&target_dir(name));
        assert!(
            seeds.len() >= 3,
            "tests/data/fuzz/{name} holds {} files; the seed corpus needs at least 3",
            seeds.len()
        );
    }
}

#[test]
fn every_file_through_its_own_target() {
    let mut ran = 0;
    for (name, run) in harness::TARGETS {
        for path in files(&target_dir(name)) {
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            run(&data);
            ran += 1;
        }
    }
    assert!(ran >= 24, "only {ran} corpus files ran");
}

#[test]
fn every_file_through_every_other_target() {
    let all = files(&corpus_root());
    for (name, run) in harness::TARGETS {
        for path in &all {
            if path.starts_with(target_dir(name)) {
                continue;
            }
            let data = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            // The protocol targets start searches; keep their share small.
            if matches!(name, "uci" | "xboard") && data.len() > 2048 {
                continue;
            }
            run(&data);
        }
    }
}

/// Bytes the mutator likes to insert: separators, digits, chess letters, UTF-8 fragments.
const DICTIONARY: &[&[u8]] = &[
    b" ",
    b"\n",
    b"/",
    b"-",
    b"x",
    b"=",
    b"0",
    b"9",
    b"99999999999999999999",
    b"-1",
    b"K",
    b"Q",
    b"N",
    b"P",
    b"p",
    b"e8",
    b"O-O",
    b"moves ",
    b"go ",
    b"fen ",
    b"\xff",
    b"\xc3\xa9",
    b"\0",
    b"(",
    b")",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b";",
    b"ch",
    b"e.p.",
    b"/Q",
    b"KB",
    b"QR",
];

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(6) {
        let at = rng.below(data.len() + 1);
        match rng.below(5) {
            0 if !data.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(data.len());
                data.drain(at.min(end)..end);
            }
            1 => {
                let word = DICTIONARY[rng.below(DICTIONARY.len())];
                data.splice(at..at, word.iter().copied());
            }
            2 if !data.is_empty() => {
                let i = at.min(data.len() - 1);
                data[i] = rng.next() as u8;
            }
            3 if !data.is_empty() => {
                // Duplicate a slice (long lines, repeated moves).
                let start = rng.below(data.len());
                let end = (start + 1 + rng.below(32)).min(data.len());
                let copy: Vec<u8> = data[start..end].to_vec();
                data.splice(at..at, copy);
            }
            _ => data.insert(at, rng.next() as u8),
        }
    }
    data
}

#[test]
fn seeded_mutations_of_the_seeds() {
    for (t, (name, run)) in harness::TARGETS.iter().enumerate() {
        let seeds: Vec<Vec<u8>> = files(&target_dir(name))
            .iter()
            .filter_map(|p| fs::read(p).ok())
            .collect();
        let rounds = if matches!(*name, "uci" | "xboard") {
            60
        } else {
            400
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1));
        for _ in 0..rounds {
            let seed = &seeds[rng.below(seeds.len())];
            let data = mutate(&mut rng, seed);
            run(&data);
        }
    }
}
