//! Running the `machack` binary from a test. Included with `#[path]`; each includer uses a
//! subset of it.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `machack args` to its end.
pub fn machack(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .output()
        .expect("machack runs")
}

/// Runs `machack args`: its exit code (-1 when killed), standard output and error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = machack(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
