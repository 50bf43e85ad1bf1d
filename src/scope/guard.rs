//! Safe by default: which WebSocket upgrades the scope accepts.
//!
//! A page on another site may open a WebSocket to any address the browser reaches,
//! localhost included, and a DNS-rebinding site may even do it under a name of its own
//! that points at 127.0.0.1. So an upgrade must name the served address in `Host` (on a
//! loopback address: `127.0.0.1:PORT`, `[::1]:PORT` or `localhost:PORT`), and the page
//! that asks must come from that same origin (`Origin: http://` + the `Host`). A client
//! that is not a browser sends no `Origin`; it reaches the scope only from where it could
//! reach the port anyway, so it is let in.

use std::net::SocketAddr;

/// The hosts an upgrade may name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// `None`: any host (the scope listens on every address, so it cannot know the names
    /// it is reached by); the Origin must still match the Host.
    hosts: Option<Vec<String>>,
}

impl Allowed {
    /// The hosts that name `addr`, the address the scope listens on.
    pub fn for_addr(addr: SocketAddr) -> Allowed {
        let port = addr.port();
        let ip = addr.ip();
        if ip.is_unspecified() {
            return Allowed { hosts: None };
        }
        let mut hosts = vec![addr.to_string()];
        if ip.is_loopback() {
            hosts.push(format!("localhost:{port}"));
        }
        Allowed { hosts: Some(hosts) }
    }

    /// Whether an upgrade with these `Host` and `Origin` headers may proceed; the reason
    /// when not.
    pub fn check(&self, host: Option<&str>, origin: Option<&str>) -> Result<(), String> {
        let host = host.ok_or("the upgrade has no Host header")?.trim();
        let known = self
            .hosts
            .as_ref()
            .is_none_or(|hosts| hosts.iter().any(|h| h.eq_ignore_ascii_case(host)));
        if !known {
            return Err(format!(
                "Host '{}' is not the address the scope serves",
                crate::engine::short(host)
            ));
        }
        match origin {
            None => Ok(()),
            Some(o) if o.trim().eq_ignore_ascii_case(&format!("http://{host}")) => Ok(()),
            Some(o) => Err(format!(
                "Origin '{}' is not the scope's own page",
                crate::engine::short(o)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asserts, for each (Host, Origin, allowed) of `cases`, whether `a` lets it through.
    fn verdicts(a: &Allowed, cases: &[(Option<&str>, Option<&str>, bool)]) {
        for &(host, origin, allowed) in cases {
            let verdict = a.check(host, origin);
            assert_eq!(verdict.is_ok(), allowed, "{host:?} {origin:?}: {verdict:?}");
        }
    }

    #[test]
    fn loopback_accepts_its_own_names_only() {
        let a = Allowed::for_addr("127.0.0.1:8067".parse().unwrap());
        let local = Some("http://localhost:8067");
        verdicts(
            &a,
            &[
                (Some("127.0.0.1:8067"), None, true),
                (Some("localhost:8067"), local, true),
                (Some("LOCALHOST:8067"), local, true),
                // DNS rebinding: a foreign name resolving to us.
                (Some("evil.example:8067"), None, false),
                (Some("127.0.0.1:9999"), None, false),
                (None, None, false),
                (Some("127.0.0.1:8067"), Some("http://evil.example"), false),
                // The origin must be the host the page was loaded from.
                (Some("127.0.0.1:8067"), local, false),
                (Some("127.0.0.1:8067"), Some("null"), false),
            ],
        );
    }

    #[test]
    fn every_address_still_wants_a_matching_origin() {
        let a = Allowed::for_addr("0.0.0.0:8067".parse().unwrap());
        verdicts(
            &a,
            &[
                (Some("chess.lan:8067"), Some("http://chess.lan:8067"), true),
                (Some("chess.lan:8067"), Some("http://evil.example"), false),
            ],
        );
        let v6 = Allowed::for_addr("[::1]:8067".parse().unwrap());
        verdicts(
            &v6,
            &[(Some("[::1]:8067"), Some("http://[::1]:8067"), true)],
        );
    }
}
