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

/// Every file the page is made of.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_str!("assets/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/app.js"),
    },
    Asset {
        path: "/board.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/board.js"),
    },
    Asset {
        path: "/panels.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/panels.js"),
    },
    Asset {
        path: "/tree.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/tree.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("assets/style.css"),
    },
    Asset {
        path: "/pieces.svg",
        content_type: "image/svg+xml",
        body: include_str!("assets/pieces.svg"),
    },
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
