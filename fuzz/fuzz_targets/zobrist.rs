//! cargo-fuzz target `zobrist`: see `machack_fuzz::zobrist` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::zobrist(data));
