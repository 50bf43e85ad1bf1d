//! cargo-fuzz target `fen`: see `machack_fuzz::fen` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::fen(data));
