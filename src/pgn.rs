//! Portable Game Notation: writing a game as standard PGN and reading games with
//! `pgn-reader`.
//!
//! Writing gives the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) in
//! that order, then any further tags (`SetUp`/`FEN` when the game did not start from the
//! initial position), then the moves in SAN with move numbers, an optional `{comment}`
//! after any move (the console puts `{book}` on book moves and the value on its searched
//! moves), and the result, wrapped at 79 columns.
//!
//! Reading takes the main line of every game: variations, comments and NAGs are ignored.
//! `pgn-reader` does the parsing; it does not tell where in the file it is, so the file is
//! first cut into games at the tag lines that follow a game's movetext, and a small token
//! scan of one game's movetext finds the line of the move that failed. A token that is not a
//! move (which `pgn-reader` would pass over in silence) is reported too, so a malformed game
//! is named by its number and line and is never half-read.

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome as PgnOutcome, RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, fen::Fen, san::San};
use thiserror::Error;

use crate::rules::{self, Game};

/// Tags written first, in this order (PGN standard 8.1.1).
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The longest line written.
const LINE_WIDTH: usize = 79;

/// Why a PGN file or game could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    Io { path: String, reason: String },
    /// The text holds no game.
    #[error("no game in the PGN text")]
    NoGames,
    /// The game asked for is not in the file.
    #[error("there is no game {wanted}: the file holds {found}")]
    NoSuchGame { wanted: usize, found: usize },
    /// The FEN tag does not hold a legal position.
    #[error("game {game}, line {line}: FEN tag: {reason}")]
    Fen {
        game: usize,
        line: usize,
        reason: String,
    },
    /// A move of the main line is not legal in its position.
    #[error("game {game}, line {line}: move {number} '{text}' is not legal here")]
    IllegalMove {
        game: usize,
        line: usize,
        number: String,
        text: String,
    },
    /// pgn-reader could not read the game (an unterminated comment, say).
    #[error("game {game}, from line {line}: {reason}")]
    Syntax {
        game: usize,
        line: usize,
        reason: String,
    },
    /// A token of the movetext is neither a move, a move number, a NAG nor a result.
    #[error("game {game}, line {line}: '{text}' is not a move")]
    NotAMove {
        game: usize,
        line: usize,
        text: String,
    },
}

/// One game as read: its tags in file order, the game (start position and main line) and
/// the result token or tag (`1-0`, `0-1`, `1/2-1/2`, `*`).
#[derive(Debug, Clone)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub game: Game,
    pub result: String,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Writes `game` as PGN. `tags` supplies values for the Seven Tag Roster (missing ones are
/// `?`, the Result is `result`) and any further tags; `comments[i]` is written after move
/// `i` of the game when present.
pub fn write_game(
    game: &Game,
    tags: &[(String, String)],
    comments: &[Option<String>],
    result: &str,
) -> String {
    let mut out = String::new();
    let value = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str())
    };
    for name in SEVEN_TAG_ROSTER {
        let v = if name == "Result" {
            result
        } else {
            value(name)
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(v)));
    }
    let start = game.start();
    let from_start = *start == Chess::default();
    for (name, v) in tags {
        if SEVEN_TAG_ROSTER.contains(&name.as_str()) || name == "SetUp" || name == "FEN" {
            continue;
        }
        out.push_str(&format!("[{name} \"{}\"]\n", escape(v)));
    }
    if !from_start {
        let fen = Fen::from_position(start, EnPassantMode::Legal);
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut pos = start.clone();
    for (i, &m) in game.moves().iter().enumerate() {
        // The move number stays on the line of its move.
        let number = pos.fullmoves();
        let san = SanPlus::from_move(pos.clone(), m);
        if pos.turn() == Color::White {
            tokens.push(format!("{number}. {san}"));
        } else if i == 0 || comments.get(i - 1).is_some_and(Option::is_some) {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.to_string());
        }
        if let Some(Some(c)) = comments.get(i) {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        pos.play_unchecked(m);
    }
    tokens.push(result.to_string());

    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

fn escape(v: &str) -> String {
    // A tag value is one line: a line break read inside a quoted value (pgn-reader allows
    // it) would otherwise start a new tag line when written back.
    v.replace(['\n', '\r'], " ")
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

/// Reads every game of a PGN file: each game or the error that stopped it.
pub fn read_file(path: &std::path::Path) -> Result<Vec<Result<PgnGame, PgnError>>, PgnError> {
    let bytes = std::fs::read(path).map_err(|e| PgnError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(read_games(&String::from_utf8_lossy(&bytes)))
}

/// Reads game `n` (from 1) of a PGN file.
pub fn read_file_game(path: &std::path::Path, n: usize) -> Result<PgnGame, PgnError> {
    let games = read_file(path)?;
    if games.is_empty() {
        return Err(PgnError::NoGames);
    }
    let found = games.len();
    games
        .into_iter()
        .nth(n.wrapping_sub(1))
        .ok_or(PgnError::NoSuchGame { wanted: n, found })?
}

/// Reads every game of a PGN text: each game or the error that stopped it, in order.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut out = Vec::new();
    for chunk in split_games(text) {
        let mut reader = Reader::new(chunk.text.as_bytes());
        loop {
            let number = out.len() + 1;
            let mut visitor = Collect;
            match reader.read_game(&mut visitor) {
                Ok(Some(raw)) => out.push(finish(raw, number, &chunk)),
                Ok(None) => break,
                Err(e) => {
                    out.push(Err(PgnError::Syntax {
                        game: number,
                        line: chunk.first_line,
                        reason: e.to_string(),
                    }));
                    break;
                }
            }
        }
    }
    out
}

/// One game's text and the file line it starts on.
struct Chunk<'a> {
    text: &'a str,
    first_line: usize,
}

/// Cuts the text into games: a new game starts at a tag line after movetext.
fn split_games(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1usize;
    let mut seen_movetext = false;
    let mut offset = 0usize;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim_start_matches('\u{feff}').trim();
        if t.starts_with('[') {
            if seen_movetext {
                chunks.push(Chunk {
                    text: &text[start..offset],
                    first_line: start_line,
                });
                start = offset;
                start_line = i + 1;
                seen_movetext = false;
            }
        } else if !t.is_empty() && !t.starts_with('%') {
            seen_movetext = true;
        }
        offset += line.len();
    }
    if !text[start..].trim().is_empty() {
        chunks.push(Chunk {
            text: &text[start..],
            first_line: start_line,
        });
    }
    chunks
}

/// What the visitor gathers from one game.
struct Raw {
    tags: Vec<(String, String)>,
    /// The main line's moves, as read.
    sans: Vec<SanPlus>,
    outcome: Option<String>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Raw;
    type Output = Raw;

    fn begin_tags(&mut self) -> ControlFlow<Raw, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Raw> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Raw, Raw> {
        ControlFlow::Continue(Raw {
            tags,
            sans: Vec::new(),
            outcome: None,
        })
    }

    fn san(&mut self, raw: &mut Raw, san_plus: SanPlus) -> ControlFlow<Raw> {
        raw.sans.push(san_plus);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, raw: &mut Raw, outcome: PgnOutcome) -> ControlFlow<Raw> {
        raw.outcome = Some(
            match outcome {
                PgnOutcome::Known(KnownOutcome::Decisive {
                    winner: Color::White,
                }) => "1-0",
                PgnOutcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
                PgnOutcome::Known(KnownOutcome::Draw) => "1/2-1/2",
                PgnOutcome::Unknown => "*",
            }
            .to_string(),
        );
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, raw: Raw) -> Raw {
        raw
    }
}

/// Replays a game read by `pgn-reader`, checking every token of its main line.
fn finish(raw: Raw, number: usize, chunk: &Chunk<'_>) -> Result<PgnGame, PgnError> {
    let tokens = scan_movetext(chunk.text);
    if let Some(bad) = tokens.iter().find(|t| !t.is_move) {
        return Err(PgnError::NotAMove {
            game: number,
            line: chunk.first_line + bad.line,
            text: bad.text.clone(),
        });
    }
    let fen_line = chunk
        .text
        .lines()
        .position(|l| l.trim_start().starts_with("[FEN"))
        .map_or(chunk.first_line, |i| chunk.first_line + i);
    let start = match raw.tags.iter().find(|(n, _)| n == "FEN") {
        None => Chess::default(),
        Some((_, fen)) => {
            rules::parse_fen(fen)
                .map_err(|e| PgnError::Fen {
                    game: number,
                    line: fen_line,
                    reason: e.to_string(),
                })?
                .0
        }
    };
    let mut game = Game::new(start);
    for (i, san) in raw.sans.iter().enumerate() {
        let pos = game.position();
        let number_text = format!(
            "{}{}",
            pos.fullmoves(),
            if pos.turn() == Color::White {
                "."
            } else {
                "..."
            }
        );
        let m: Option<Move> = san.san.to_move(pos).ok();
        match m {
            Some(m) if game.play(m) => {}
            _ => {
                let line = tokens.get(i).map_or(0, |t| t.line);
                return Err(PgnError::IllegalMove {
                    game: number,
                    line: chunk.first_line + line,
                    number: number_text,
                    text: san.to_string(),
                });
            }
        }
    }
    let tag_result = raw
        .tags
        .iter()
        .find(|(n, _)| n == "Result")
        .map(|(_, v)| v.trim().to_string())
        // Only a real result token: a malformed tag (`"1"`) would be written back as
        // movetext that does not read.
        .filter(|v| matches!(v.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*"));
    let result = raw.outcome.or(tag_result).unwrap_or_else(|| "*".into());
    Ok(PgnGame {
        tags: raw.tags,
        game,
        result,
    })
}

/// One main-line token of a game's movetext and its line (0-based within the game).
struct Token {
    text: String,
    line: usize,
    is_move: bool,
}

/// The main-line move tokens of one game's text, in order, skipping tag lines, comments,
/// variations, NAGs, annotation marks, move numbers and results. Tokens that are none of
/// these and do not read as SAN are kept with `is_move` false.
fn scan_movetext(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut line = 0usize;
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let mut at_line_start = true;
    while let Some(c) = chars.next() {
        let starts_line = at_line_start;
        at_line_start = c == '\n';
        match c {
            '\n' => line += 1,
            '[' | '%' if starts_line && depth == 0 => {
                // A tag line or an escaped line: skip to its end.
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        at_line_start = true;
                        break;
                    }
                }
            }
            '{' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        at_line_start = true;
                        break;
                    }
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if c.is_whitespace() => {}
            c => {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || matches!(n, '{' | '(' | ')' | ';') {
                        break;
                    }
                    word.push(n);
                    chars.next();
                }
                if depth > 0 {
                    continue;
                }
                if let Some(token) = move_token(&word) {
                    // Castling written with zeros is read by pgn-reader too.
                    let letters = token.replace('0', "O");
                    let is_move = token.parse::<SanPlus>().is_ok()
                        || (token.starts_with("0-0") && letters.parse::<SanPlus>().is_ok())
                        || matches!(token.parse::<San>(), Ok(San::Null));
                    tokens.push(Token {
                        text: token.to_string(),
                        line,
                        is_move,
                    });
                }
            }
        }
    }
    tokens
}

/// The move part of a movetext word, or None for a move number, NAG, result or mark.
fn move_token(word: &str) -> Option<&str> {
    if word.starts_with('$') || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
        return None;
    }
    // A move number, possibly glued to the move: `12.`, `12...`, `12.e4`.
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    };
    let rest = rest.trim_end_matches(['!', '?']);
    (!rest.is_empty()).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;
    use crate::notation::testing::game as game_of;

    #[test]
    fn writes_roster_numbers_comments_and_result() {
        let g = game_of(&["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        let tags = vec![("White".to_string(), "Person".to_string())];
        let comments = vec![
            Some("book".into()),
            Some("book".into()),
            None,
            Some("+0.20/5".into()),
        ];
        let text = write_game(&g, &tags, &comments, "*");
        assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"Person\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"));
        assert!(
            text.contains("1. e4 {book} 1... e5 {book} 2. Nf3 Nc6 {+0.20/5} 3. Bb5 *"),
            "{text}"
        );
        let back = read_games(&text);
        assert_eq!(back.len(), 1);
        let back = back[0].as_ref().unwrap();
        assert_eq!(back.game.moves(), g.moves());
        assert_eq!(back.tag("White"), Some("Person"));
        assert_eq!(back.result, "*");
    }

    #[test]
    fn round_trips_a_game_from_fen_with_black_to_move() {
        let (pos, _) = rules::parse_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40").unwrap();
        let mut g = Game::new(pos);
        for m in ["Kd7", "e4", "Kc6"] {
            let mv = notation::read_move(g.position(), m).unwrap();
            g.play(mv);
        }
        let text = write_game(&g, &[], &[], "1/2-1/2");
        assert!(text.contains("[SetUp \"1\"]"));
        assert!(text.contains("40... Kd7 41. e4 Kc6 1/2-1/2"), "{text}");
        let back = read_games(&text).remove(0).unwrap();
        assert_eq!(back.game.moves(), g.moves());
        assert_eq!(back.game.start(), g.start());
        assert_eq!(back.result, "1/2-1/2");
    }

    #[test]
    fn malformed_games_name_game_and_line() {
        let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 d5\n2. Qxd5 *\n\n[Event \"c\"]\n\n1. e4 zz9 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 3);
        assert!(games[0].is_ok());
        assert_eq!(
            games[1].as_ref().unwrap_err().to_string(),
            "game 2, line 9: move 2. 'Qxd5' is not legal here"
        );
        assert_eq!(
            games[2].as_ref().unwrap_err().to_string(),
            "game 3, line 13: 'zz9' is not a move"
        );
    }

    #[test]
    fn variations_comments_and_nags_are_ignored() {
        let text = "[Event \"x\"]\n\n1. e4 {best by test} (1. d4 d5 (1... Nf6)) 1... c5 $1 2. Nf3!? ; rest\nd6 3. d4 1-0\n";
        let g = read_games(text).remove(0).unwrap();
        let sans: Vec<String> = {
            let mut pos = g.game.start().clone();
            g.game
                .moves()
                .iter()
                .map(|&m| {
                    let s = notation::write_move(&pos, m, notation::Notation::San);
                    pos.play_unchecked(m);
                    s
                })
                .collect()
        };
        assert_eq!(sans, ["e4", "c5", "Nf3", "d6", "d4"]);
        assert_eq!(g.result, "1-0");
    }

    #[test]
    fn missing_game_and_empty_text() {
        assert!(read_games("").is_empty());
        assert!(read_games("\n\n").is_empty());
    }
}
