//! cargo-fuzz target `read_move`: see `machack_fuzz::read_move` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::read_move(data));
