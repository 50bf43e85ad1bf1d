//! The page, embedded at build time (one binary, nothing fetched at run time): the HTML,
//! the script, the style sheet and the pieces, each a file in `src/scope/assets/` that
//! reads without a build tool.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// One embedded file: its path on the server, its type and its text.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static str,
}

/// An [`Asset`] of the file `assets/NAME`, served at `/NAME`.
macro_rules! asset {
    ($path:literal, $name:literal, $type:literal) => {
        Asset {
            path: $path,
            content_type: $type,
            body: include_str!(concat!("assets/", $name)),
        }
    };
}

/// Every file the page is made of.
pub const ASSETS: &[Asset] = &[
    asset!("/", "index.html", "text/html; charset=utf-8"),
    asset!("/app.js", "app.js", "text/javascript; charset=utf-8"),
    asset!("/board.js", "board.js", "text/javascript; charset=utf-8"),
    asset!("/panels.js", "panels.js", "text/javascript; charset=utf-8"),
    asset!("/tree.js", "tree.js", "text/javascript; charset=utf-8"),
    asset!("/review.js", "review.js", "text/javascript; charset=utf-8"),
    asset!("/graph.js", "graph.js", "text/javascript; charset=utf-8"),
    asset!("/style.css", "style.css", "text/css; charset=utf-8"),
    asset!("/pieces.svg", "pieces.svg", "image/svg+xml"),
];

/// The page's own files only: no inline script, no other site, not framed by another.
const POLICY: &str = "default-src 'self'; connect-src 'self'; img-src 'self' data:; \
                      frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The response for `asset`.
pub fn respond(asset: &Asset) -> Response {
    let mut r = asset.body.into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// Anything else: 404.
pub async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        "not found: the scope serves / and /ws\n",
    )
        .into_response()
}
