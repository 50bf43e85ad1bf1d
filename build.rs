//! Chooses the evaluation network the binary embeds: `nets/modern.nnue`, or the file
//! `MACHACK_EVALFILE` names (the makefile sets it from `EVALFILE=PATH`, as OpenBench
//! workers build with a network of their test). The network module reads the path from
//! `MACHACK_NETWORK` and checks the file's layout when it compiles.

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=MACHACK_EVALFILE");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let network = match std::env::var_os("MACHACK_EVALFILE") {
        Some(path) if !path.is_empty() => manifest.join(path),
        _ => manifest.join("nets").join("modern.nnue"),
    };
    assert!(
        network.is_file(),
        "EVALFILE: no network file at {}",
        network.display()
    );
    println!("cargo::rerun-if-changed={}", network.display());
    println!("cargo::rustc-env=MACHACK_NETWORK={}", network.display());
}
