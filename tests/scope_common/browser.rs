//! What the scope's browser tests share: the scope binary and headless Chromium driven
//! through WebDriver (`chromedriver`), and ways to wait for and click the page. Included
//! by path where needed (`#[path = "scope_common/browser.rs"] mod browser;`).

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

/// A child process killed when the test ends, however it ends.
pub struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The first of `names` on the PATH.
fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names.iter().find_map(|n| {
        std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

/// Starts `machack scope` on a free port and reads the URL it prints.
fn start_scope() -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(["scope", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .trim_start_matches("machack scope: ")
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (Killed(child), url)
}

/// Starts chromedriver and connects a headless Chromium session to it.
async fn browser(driver: &Path, chromium: &Path) -> (Killed, Client) {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let child = Killed(child);
    let caps = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1250", "--hide-scrollbars"],
        }
    });
    let caps = caps.as_object().unwrap().clone();
    let started = Instant::now();
    loop {
        let connected = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match connected {
            Ok(c) => return (child, c),
            Err(e) if started.elapsed() > Duration::from_secs(15) => {
                panic!("chromedriver did not start: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// The scope open in a browser: the scope and chromedriver processes, the client and the
/// page's URL; None, saying so, where chromium or chromedriver is missing.
pub async fn opened() -> Option<(Killed, Killed, Client, String)> {
    let (Some(driver), Some(chromium)) = (
        which(&["chromedriver"]),
        which(&["chromium", "chromium-browser", "google-chrome"]),
    ) else {
        eprintln!(
            "SKIPPED scope browser test: chromium and chromedriver are not installed \
             (apt-get install chromium chromium-driver)"
        );
        return None;
    };
    let (scope, url) = start_scope();
    let (driver_process, c) = browser(&driver, &chromium).await;
    c.goto(&url).await.unwrap();
    until(
        &c,
        "the connection",
        "return document.getElementById('profile').options.length >= 2",
    )
    .await;
    Some((scope, driver_process, c, url))
}

/// Whether the search has answered and ended: its answer shown, Stop greyed out.
pub const ANSWERED: &str = "return !!document.querySelector('#thinking .answer') \
     && document.getElementById('stop').disabled";

/// Waits until the script returns true (at most 20 s).
pub async fn until(c: &Client, what: &str, script: &str) {
    let started = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        if v.as_bool() == Some(true) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "waited for {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The text of the element with this id.
pub async fn text(c: &Client, id: &str) -> String {
    let e = c.find(Locator::Id(id)).await.unwrap();
    e.text().await.unwrap()
}

/// Clicks the element; again if the page redrew it between finding and clicking.
pub async fn click(c: &Client, css: &str) {
    for _ in 0..20 {
        let e = c.find(Locator::Css(css)).await.unwrap();
        match e.click().await {
            Ok(_) => return,
            Err(e) if e.is_stale_element_reference() => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("click {css}: {e}"),
        }
    }
    panic!("{css} kept being redrawn");
}
