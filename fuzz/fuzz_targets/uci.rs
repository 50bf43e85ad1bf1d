//! cargo-fuzz target `uci`: see `machack_fuzz::uci_lines` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::uci_lines(data));
