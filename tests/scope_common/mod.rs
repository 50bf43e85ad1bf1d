//! What the scope's tests share: a server started in-process.

use machack::scope::{Config, Server, Sessions};

/// Starts a scope on a free loopback port: its address (host:port) and its session count.
pub async fn start() -> (String, Sessions) {
    let server = Server::bind(Config {
        port: 0,
        ..Config::default()
    })
    .await
    .unwrap();
    let addr = server.local_addr().to_string();
    let sessions = server.sessions();
    tokio::spawn(server.run());
    (addr, sessions)
}
