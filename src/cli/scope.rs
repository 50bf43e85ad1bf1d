//! `machack scope`: serves the web page that shows machack thinking (see `crate::scope`).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};

use clap::Args;

use super::CliError;
use crate::scope::{Config, DEFAULT_PORT, Server};

#[derive(Debug, Args)]
pub struct ScopeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// Address to listen on: loopback unless you mean to let other machines in.
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_host)]
    host: IpAddr,
    /// Open the page in the system's browser.
    #[arg(long)]
    open: bool,
}

/// An IP address, or `localhost`.
fn parse_host(text: &str) -> Result<IpAddr, String> {
    if text.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    text.parse()
        .map_err(|_| format!("'{text}' is not an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0)"))
}

/// Serves the scope until the process is stopped; prints its URL first.
pub fn run(args: &ScopeArgs) -> Result<(), CliError> {
    if !args.host.is_loopback() {
        eprintln!(
            "machack: warning: listening on {}, not loopback: other machines can reach the \
             scope and make this one search",
            args.host
        );
    }
    give_back_large_blocks();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(Config {
            host: args.host,
            port: args.port,
        })
        .await?;
        let url = server.url();
        println!("machack scope: {url}");
        if let Some(other) = server.other_machines_url() {
            println!("machack scope from other machines: {other}");
        }
        std::io::stdout().flush()?;
        if args.open {
            open_browser(&url);
        }
        server.run().await
    })?;
    Ok(())
}

/// Makes every large block (a tab's hash table, 16 MiB) a mapping of its own, given back to
/// the system when freed: glibc otherwise raises its mapping threshold at the first such
/// block freed and serves the next from heaps that keep what a closed tab freed (issue 63).
fn give_back_large_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: sets a tuning parameter of malloc before any other thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// Asks the system to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    if let Err(e) = command.arg(url).spawn() {
        eprintln!("machack: warning: cannot open a browser ({e}); open {url} yourself");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_addresses_or_localhost() {
        assert_eq!(parse_host("localhost"), Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)));
        assert_eq!(parse_host("::1").unwrap().to_string(), "::1");
        assert!(parse_host("example.com").is_err());
    }
}
