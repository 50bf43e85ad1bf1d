//! The scope: a web page that shows machack thinking (issue 22). In 1967 the program's
//! reasoning was on a DEC 340 display (docs/design.md §8, the debugging aids); today it is a page
//! served by `machack scope`.
//!
//! - `assets`: the page (HTML, script, style, pieces), embedded at build time;
//! - `guard`: which WebSocket upgrades are let in (Host and Origin checks);
//! - `socket`: one WebSocket at `/ws` per tab, one `session` per socket;
//! - `messages`: the small typed message set the page and the server speak;
//! - `session`, `thinking`, `level`: one tab's game, its searches watched live, its clocks;
//! - `settings`: the page's choices (profile, strength, lines), checked before applied;
//! - `views`, `aids`: what the page draws, computed here (the page is a thin client);
//! - `review`: "Review a game", every move annotated by `crate::annotate`.
//!
//! The server is axum on tokio; the engine is the same [`crate::engine::Engine`] the
//! protocols drive. Left out: accounts, saving games on the server, several games per tab.

mod aids;
mod assets;
mod guard;
mod level;
pub mod messages;
mod replay;
mod review;
mod session;
mod settings;
mod socket;
mod thinking;
mod views;

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use axum::Router;
use axum::extract::{State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use guard::Allowed;
pub use messages::MAX_MESSAGE;
pub use replay::WATCH_STEP;
pub use session::INFO_INTERVAL;
pub use socket::{MAX_SESSIONS, Sessions};

/// The port `machack scope` listens on unless told otherwise (0: any free port).
pub const DEFAULT_PORT: u16 = 8067;

/// Where the scope listens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
        }
    }
}

/// What every request handler shares.
#[derive(Debug, Clone)]
struct App {
    allowed: Allowed,
    sessions: Sessions,
}

/// A bound scope server, not yet serving.
pub struct Server {
    listener: tokio::net::TcpListener,
    addr: SocketAddr,
    sessions: Sessions,
}

impl Server {
    /// Binds the address of `config` (port 0: a free port).
    pub async fn bind(config: Config) -> io::Result<Server> {
        let listener = tokio::net::TcpListener::bind((config.host, config.port)).await?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            addr,
            sessions: Sessions::default(),
        })
    }

    /// The address bound.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address on this machine; `localhost` when the scope listens on every
    /// address.
    pub fn url(&self) -> String {
        if self.addr.ip().is_unspecified() {
            format!("http://localhost:{}/", self.addr.port())
        } else {
            format!("http://{}/", self.addr)
        }
    }

    /// The page's address for other machines when the scope listens on every address and
    /// this machine has a route out ([`other_machines_url`]).
    pub fn other_machines_url(&self) -> Option<String> {
        other_machines_url(self.addr, outbound_ip(self.addr.ip()))
    }

    /// The open sessions (one per connected tab).
    pub fn sessions(&self) -> Sessions {
        self.sessions.clone()
    }

    /// Serves until the process ends.
    pub async fn run(self) -> io::Result<()> {
        let app = App {
            allowed: Allowed::for_addr(self.addr),
            sessions: self.sessions,
        };
        axum::serve(self.listener, router(app)).await
    }
}

/// The page's address for other machines when the scope is bound to `addr`: on every
/// address (`0.0.0.0`, `::`), `outbound`, the address this machine is reached by, with the
/// port (`http://192.168.1.5:8067/`); none when the scope is bound to one address (its
/// [`Server::url`] is that address) or no outbound address is known.
pub fn other_machines_url(addr: SocketAddr, outbound: Option<IpAddr>) -> Option<String> {
    if !addr.ip().is_unspecified() {
        return None;
    }
    let ip = outbound.filter(|ip| !ip.is_unspecified() && !ip.is_loopback())?;
    Some(format!("http://{}/", SocketAddr::new(ip, addr.port())))
}

/// The address this machine sends from when it talks to other machines: a UDP socket
/// "connected" to a documentation address (RFC 5737, RFC 3849) takes the route's source
/// address; connecting a UDP socket sends no packet. None on a machine with no route, or
/// unless `bound` is an unspecified address (else the scope is reached by `bound` itself).
pub fn outbound_ip(bound: IpAddr) -> Option<IpAddr> {
    if !bound.is_unspecified() {
        return None;
    }
    let (local, remote): (SocketAddr, SocketAddr) = match bound {
        IpAddr::V4(_) => (
            (Ipv4Addr::UNSPECIFIED, 0).into(),
            (Ipv4Addr::new(192, 0, 2, 1), 9).into(),
        ),
        IpAddr::V6(_) => (
            (Ipv6Addr::UNSPECIFIED, 0).into(),
            (Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1), 9).into(),
        ),
    };
    let socket = std::net::UdpSocket::bind(local).ok()?;
    socket.connect(remote).ok()?;
    Some(socket.local_addr().ok()?.ip())
}

/// The routes: the page's files, the WebSocket, 404 for the rest.
fn router(app: App) -> Router {
    let mut r = Router::new().route("/ws", get(upgrade));
    for asset in assets::ASSETS {
        r = r.route(asset.path, get(|| async { assets::respond(asset) }));
    }
    r.fallback(assets::not_found).with_state(app)
}

/// The WebSocket upgrade: checked against the served address, then one session.
async fn upgrade(State(app): State<App>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if let Err(why) = app.allowed.check(text(header::HOST), text(header::ORIGIN)) {
        return (StatusCode::FORBIDDEN, format!("{why}\n")).into_response();
    }
    let sessions = app.sessions.clone();
    // The transport takes up to four times the cap, so that a message over it is read
    // and answered with a close frame that says why (1009); beyond that the WebSocket
    // library refuses it, and the socket still closes with 1009 when it can.
    ws.max_message_size(4 * MAX_MESSAGE)
        .max_frame_size(4 * MAX_MESSAGE)
        .on_upgrade(move |socket| socket::serve(socket, sessions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_gets_a_url_other_machines_can_use() {
        let any = "0.0.0.0:8067".parse().unwrap();
        let lan = Some("192.168.1.5".parse().unwrap());
        let other = |addr: &str, ip| other_machines_url(addr.parse().unwrap(), ip);
        assert_eq!(
            other_machines_url(any, lan).as_deref(),
            Some("http://192.168.1.5:8067/")
        );
        assert_eq!(other_machines_url(any, None), None);
        assert_eq!(
            other("0.0.0.0:8067", Some(IpAddr::V4(Ipv4Addr::LOCALHOST))),
            None,
            "loopback is no use to another machine"
        );
        assert_eq!(
            other("[::]:8067", Some("2001:db8::7".parse().unwrap())).as_deref(),
            Some("http://[2001:db8::7]:8067/")
        );
        assert_eq!(other("127.0.0.1:8067", lan), None, "loopback only");
        assert_eq!(other("192.168.1.5:80", lan), None, "its own URL is for all");
    }

    #[test]
    fn the_outbound_address_is_asked_only_for_every_address() {
        assert_eq!(outbound_ip(IpAddr::V4(Ipv4Addr::LOCALHOST)), None);
        // Where the machine has a route out, the address is a real one of its own.
        if let Some(ip) = outbound_ip(IpAddr::V4(Ipv4Addr::UNSPECIFIED)) {
            assert!(!ip.is_unspecified(), "{ip}");
            assert!(
                std::net::UdpSocket::bind((ip, 0)).is_ok(),
                "{ip} is this machine's"
            );
        }
    }
}
