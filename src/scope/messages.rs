//! The scope's message set (docs/style.md point 16): what the page may ask over the WebSocket and
//! what the server answers, each a JSON object with a `type` field. The page only draws
//! and sends; every chess fact comes from the server.
//!
//! Reading a message never panics: anything that is not one of [`Request`]'s shapes, or
//! is over [`MAX_MESSAGE`] bytes, is a [`BadMessage`] the socket answers with an `error`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::aids::{DoneView, InspectView};
use super::views::{GameView, InfoView, ProfileView, Side};
use crate::annotate::{Matches, MoveNote};

/// The largest message the page may send, in bytes (a pasted PGN of a long game fits).
pub const MAX_MESSAGE: usize = 256 * 1024;

/// What the page asks of its session.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// A new game from the start; `human` plays this colour (default: as before).
    NewGame { human: Option<Side> },
    /// The human's move, in any notation machack reads (the page sends UCI).
    Move {
        #[serde(rename = "move")]
        text: String,
    },
    /// Take back the last move of the human (and machack's reply to it).
    Undo,
    /// Set up a position from FEN; the game starts there.
    SetFen { fen: String },
    /// Load the first game of a PGN text.
    LoadPgn { pgn: String },
    /// Change how the game is played; every field is optional.
    Settings(Settings),
    /// machack plays the side to move now.
    Go,
    /// Search the position without playing (look inside it), to the profile's depth or
    /// to `depth` plies.
    Analyse { depth: Option<u32> },
    /// Stop the search: machack plays (or the analysis reports) what it has.
    Stop,
    /// The debugging aids for a position: the game after `ply` moves (default: now), then
    /// `path`, moves in UCI.
    Inspect {
        ply: Option<usize>,
        #[serde(default)]
        path: Vec<String>,
    },
    /// The human claims a draw (threefold repetition or fifty moves).
    ClaimDraw,
    /// The human offers machack a draw.
    OfferDraw,
    /// The human resigns.
    Resign,
    /// Review a game: load `pgn` if given (its first game), then annotate every move of
    /// the tab's game with the tab's profile, to `depth` plies if given.
    Review {
        pgn: Option<String>,
        depth: Option<u32>,
    },
}

/// A change of how the game is played: every field optional, the whole checked before
/// any of it is applied.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// `1967`, `1967-tournament` or `modern`.
    pub profile: Option<String>,
    pub human: Option<Side>,
    pub book: Option<bool>,
    /// `depth` (the profile's depth, no clock), `st SECONDS` (time a move) or
    /// `level MOVES MINUTES INC` (a clock; 1967's control is `level 50 120 0`).
    pub level: Option<String>,
    /// Play the modern profile at `elo` (`UCI_LimitStrength`); false: full strength.
    pub limit_strength: Option<bool>,
    /// The strength to play at, 1000 to 2500 (`UCI_Elo`).
    pub elo: Option<u32>,
    /// How many best lines the search reports, 1 to 5 (`MultiPV`).
    pub multipv: Option<u32>,
    /// The watch pace: a 1967 search shown one top-level move at a time before it
    /// answers.
    pub watch: Option<bool>,
}

/// What the server sends the page.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// Sent once on connecting: what the page may offer.
    Hello {
        version: &'static str,
        profiles: Vec<ProfileView>,
    },
    /// The game as it stands, after every change.
    State(Box<GameView>),
    /// Live progress of a search (at most ten a second).
    Info(Box<InfoView>),
    /// A search ended: the move, the record of the top level and the statistics.
    Done(Box<DoneView>),
    /// The debugging aids for one position.
    Inspect(Box<InspectView>),
    /// A review began: the profile, the depth, the moves to annotate.
    ReviewStart {
        profile: &'static str,
        depth: u32,
        moves: usize,
    },
    /// One move reviewed (in order).
    ReviewMove(Box<MoveNote>),
    /// The review ended: `White matches K of N, Black matches K of N`; `stopped` when it
    /// ended before the last move.
    ReviewDone {
        summary: String,
        matches: Matches,
        stopped: bool,
    },
    /// A request failed; the session goes on.
    Error { message: String },
}

/// Where a session's replies go (the socket writes them to the page).
pub type Events = tokio::sync::mpsc::UnboundedSender<Reply>;

/// Why a message from the page could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BadMessage {
    #[error("message too long: {0} bytes, at most {MAX_MESSAGE}")]
    TooLong(usize),
    #[error("the scope speaks JSON text messages, not binary ones")]
    Binary,
    #[error("not a message the scope knows: {0}")]
    Unknown(String),
}

impl Request {
    /// Reads one message of the page.
    pub fn parse(text: &str) -> Result<Request, BadMessage> {
        if text.len() > MAX_MESSAGE {
            return Err(BadMessage::TooLong(text.len()));
        }
        serde_json::from_str(text).map_err(|e| BadMessage::Unknown(e.to_string()))
    }
}

impl Reply {
    /// The error reply for `message`.
    pub fn error(message: impl std::fmt::Display) -> Reply {
        Reply::Error {
            message: message.to_string(),
        }
    }

    /// The JSON text sent over the socket.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"error","message":"cannot write a reply: {e}"}}"#)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_from_json() {
        assert_eq!(
            Request::parse(r#"{"type":"move","move":"e2e4"}"#),
            Ok(Request::Move {
                text: "e2e4".into()
            })
        );
        assert_eq!(
            Request::parse(r#"{"type":"inspect","ply":3}"#),
            Ok(Request::Inspect {
                ply: Some(3),
                path: vec![]
            })
        );
        assert_eq!(
            Request::parse(r#"{"type":"new_game","human":"black"}"#),
            Ok(Request::NewGame {
                human: Some(Side::Black)
            })
        );
        assert_eq!(Request::parse(r#"{"type":"undo"}"#), Ok(Request::Undo));
        assert_eq!(
            Request::parse(r#"{"type":"settings","profile":"modern","elo":1800,"multipv":3}"#),
            Ok(Request::Settings(Settings {
                profile: Some("modern".into()),
                elo: Some(1800),
                multipv: Some(3),
                ..Settings::default()
            }))
        );
        assert_eq!(
            Request::parse(r#"{"type":"review","depth":2}"#),
            Ok(Request::Review {
                pgn: None,
                depth: Some(2)
            })
        );
    }

    #[test]
    fn bad_messages_are_errors_not_panics() {
        for text in [
            "",
            "nonsense",
            "{}",
            r#"{"type":"castle_queenside"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"move","move":7}"#,
            r#"{"type":"set_fen","fen":"8/8/8/8/8/8/8/8 w - - 0 1","moves":[]}"#,
            r#"{"type":"inspect","ply":-1}"#,
            r#"{"type":"settings","elo":-5}"#,
            r#"{"type":"settings","elo":"strong"}"#,
            r#"{"type":"settings","multipv":1.5}"#,
            r#"{"type":"settings","strength":1800}"#,
            "[1,2,3]",
        ] {
            assert!(
                matches!(Request::parse(text), Err(BadMessage::Unknown(_))),
                "{text}"
            );
        }
        let long = format!(
            r#"{{"type":"load_pgn","pgn":"{}"}}"#,
            "x".repeat(MAX_MESSAGE)
        );
        assert!(matches!(Request::parse(&long), Err(BadMessage::TooLong(_))));
    }

    #[test]
    fn replies_write_their_type() {
        let json = Reply::error("no").to_json();
        assert_eq!(json, r#"{"type":"error","message":"no"}"#);
    }
}
