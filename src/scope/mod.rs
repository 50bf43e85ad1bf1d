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
mod review;
mod session;
mod settings;
mod socket;
mod thinking;
mod views;

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::Router;
use axum::extract::{State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use guard::Allowed;
pub use messages::MAX_MESSAGE;
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

    /// The page's address; `localhost` when the scope listens on every address.
    pub fn url(&self) -> String {
        if self.addr.ip().is_unspecified() {
            format!("http://localhost:{}/", self.addr.port())
        } else {
            format!("http://{}/", self.addr)
        }
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
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| socket::serve(socket, sessions))
}
