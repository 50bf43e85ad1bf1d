//! cargo-fuzz target `polyglot`: see `machack_fuzz::polyglot` in `fuzz/harness.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| machack_fuzz::polyglot(data));
