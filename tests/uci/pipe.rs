//! Drives the `machack` binary over pipes for the protocol tests: send lines, wait for
//! lines matching a predicate with a timeout, and time the answers.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// Every line read so far, for failure messages.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts `machack` with these arguments.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("machack starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    /// Sends one line; returns the instant just before it was written.
    pub fn send(&mut self, line: &str) -> Instant {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let t = Instant::now();
        self.stdin.write_all(&bytes).unwrap();
        self.stdin.flush().unwrap();
        t
    }

    /// Sends raw bytes.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for a line satisfying `pred`; returns it and when it arrived. Panics on timeout
    /// or when the engine exits.
    pub fn expect(
        &mut self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> (String, Instant) {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    self.seen.push(line.clone());
                    if pred(&line) {
                        return (line, at);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no {what} within {timeout:?}; last lines: {:?}",
                        self.tail()
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "engine exited waiting for {what}; last lines: {:?}",
                        self.tail()
                    )
                }
            }
        }
    }

    /// Waits for a line starting with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> (String, Instant) {
        let p = prefix.to_string();
        self.expect(prefix, timeout, move |l| l.starts_with(&p))
    }

    /// Asserts that no line satisfying `pred` comes within `wait`; returns the lines read.
    pub fn expect_none(
        &mut self,
        what: &str,
        wait: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return got;
            }
            match self.lines.recv_timeout(left) {
                Ok((_, line)) => {
                    self.seen.push(line.clone());
                    assert!(!pred(&line), "unexpected {what}: {line}");
                    got.push(line);
                }
                Err(RecvTimeoutError::Timeout) => return got,
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited"),
            }
        }
    }

    /// Every line that arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        self.expect_none("anything", wait, |_| false)
    }

    fn tail(&self) -> Vec<String> {
        let n = self.seen.len();
        self.seen[n.saturating_sub(8)..].to_vec()
    }

    /// A UCI engine after the handshake, the book off and these options set, ready.
    pub fn uci_with(options: &[(&str, &str)]) -> Engine {
        let long = Duration::from_secs(30);
        let mut e = Engine::start(&["uci"]);
        e.send("uci");
        e.expect_prefix("uciok", long);
        e.send("setoption name OwnBook value false");
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"));
        }
        e.send("isready");
        e.expect_prefix("readyok", long);
        e
    }

    /// Sends `quit` and waits for the process to exit.
    pub fn quit(mut self, quit: &str) {
        let _ = self.stdin.write_all(format!("{quit}\n").as_bytes());
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "engine did not quit");
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn secs(n: f64) -> Duration {
    Duration::from_secs_f64(n)
}
