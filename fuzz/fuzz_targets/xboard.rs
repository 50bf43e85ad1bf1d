//! cargo-fuzz target `xboard`: see `machack_fuzz::xboard_lines` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::xboard_lines(data));
