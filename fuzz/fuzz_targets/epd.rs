//! cargo-fuzz target `epd`: see `machack_fuzz::epd` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::epd(data));
