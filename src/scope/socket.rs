//! The live connection: one WebSocket at `/ws` per tab, one session per socket.
//!
//! The socket task reads the page's messages (a malformed one gets an `error` reply and
//! the connection stays open) and writes the session's replies. The session runs on a
//! thread of its own; when the socket ends for any reason, dropping [`CloseOnDrop`] tells
//! it to stop its search and end.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};

use super::messages::{BadMessage, MAX_MESSAGE, Reply, Request};
use super::session::{Command, Session};

/// The most tabs served at once (each has an engine and a search thread).
pub const MAX_SESSIONS: usize = 32;

/// Counts the open sessions.
#[derive(Debug, Clone, Default)]
pub struct Sessions(Arc<AtomicUsize>);

/// One session's place in the count, given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Sessions {
    fn take(&self) -> Option<Slot> {
        let n = self.0.fetch_add(1, Ordering::SeqCst);
        let slot = Slot(Arc::clone(&self.0));
        (n < MAX_SESSIONS).then_some(slot)
    }

    /// How many sessions are open.
    pub fn open(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// Tells the session to end when the socket task ends, however it ends.
struct CloseOnDrop(mpsc::Sender<Command>);

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        let _ = self.0.send(Command::Close);
    }
}

async fn send(socket: &mut WebSocket, reply: &Reply) -> bool {
    socket
        .send(Message::Text(reply.to_json().into()))
        .await
        .is_ok()
}

/// Closes the socket with 1009 (message too big) and `why`, cut to fit a close frame.
async fn too_big(socket: &mut WebSocket, why: String) {
    let mut reason = why;
    while reason.len() > 120 {
        reason.pop();
    }
    let frame = CloseFrame {
        code: close_code::SIZE,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// Serves one tab until its socket closes.
pub async fn serve(mut socket: WebSocket, sessions: Sessions) {
    let Some(slot) = sessions.take() else {
        let busy = Reply::error(format!(
            "the scope already serves {MAX_SESSIONS} tabs: close one"
        ));
        send(&mut socket, &busy).await;
        return;
    };
    let (events, mut replies) = tokio::sync::mpsc::unbounded_channel();
    let (commands, inbox) = mpsc::channel();
    let session = Session::new(events.clone(), commands.clone());
    let spawned = std::thread::Builder::new()
        .name("machack-scope".into())
        .spawn(move || {
            session.run(inbox);
            // The tab's place is given back only once its search has ended.
            drop(slot);
        });
    if let Err(e) = spawned {
        send(
            &mut socket,
            &Reply::error(format!("no thread for a game: {e}")),
        )
        .await;
        return;
    }
    let _close = CloseOnDrop(commands.clone());
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let request = match incoming {
                    Some(Ok(Message::Text(text))) => Request::parse(&text),
                    Some(Ok(Message::Binary(_))) => Err(BadMessage::Binary),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Err(e)) if e.to_string().contains("Space limit exceeded") => {
                        too_big(&mut socket, format!("message too long: at most {MAX_MESSAGE} bytes")).await;
                        break;
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                match request {
                    Ok(r) => {
                        if commands.send(Command::Request(r)).is_err() {
                            break;
                        }
                    }
                    Err(e @ BadMessage::TooLong(_)) => {
                        too_big(&mut socket, e.to_string()).await;
                        break;
                    }
                    Err(e) => {
                        let _ = events.send(Reply::error(e));
                    }
                }
            }
            outgoing = replies.recv() => match outgoing {
                Some(reply) => {
                    if !send(&mut socket, &reply).await {
                        break;
                    }
                }
                None => break,
            },
        }
    }
}
