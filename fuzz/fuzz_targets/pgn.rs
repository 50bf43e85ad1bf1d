//! cargo-fuzz target `pgn`: see `machack_fuzz::pgn` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::pgn(data));
