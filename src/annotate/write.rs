//! The annotations written out: as PGN, each move followed by its comment and, where
//! machack would have played otherwise, a variation with its line; or as a table, one row
//! a move. Both carry the summary line of matches: the PGN before its first move, the
//! table at its end.

use shakmaty::Chess;

use super::game::{Matches, MoveNote};
use crate::pgn;
use crate::rules::Game;

/// The longest PGN line written.
const LINE_WIDTH: usize = 79;

/// One game as PGN: its tags (the Seven Tag Roster first, `Annotator` set to `annotator`),
/// the summary of matches as the comment before the first move, then the moves with
/// comments and variations, then `result`.
pub fn pgn(
    tags: &[(String, String)],
    start: &Chess,
    notes: &[MoveNote],
    annotator: &str,
    result: &str,
) -> String {
    // The tags as the crate's PGN writer writes them (the roster, the rest, SetUp/FEN).
    let mut tags: Vec<(String, String)> = tags
        .iter()
        .filter(|(n, _)| n != "Annotator")
        .cloned()
        .collect();
    tags.push(("Annotator".into(), annotator.into()));
    let full = pgn::write_game(&Game::new(start.clone()), &tags, &[], result);
    let mut out = full
        .split_once("\n\n")
        .map_or(full.clone(), |(head, _)| head.to_string());
    out.push('\n');
    out.push('\n');
    let mut tokens = vec![format!("{{{}}}", Matches::of(notes).line())];
    for n in notes {
        tokens.push(numbered(n));
        tokens.push(format!("{{{}}}", clean(&pgn_comment(n))));
        if !n.matches && !n.line.is_empty() {
            tokens.push(variation(n));
        }
    }
    tokens.push(result.to_string());
    out.push_str(&wrap(&tokens));
    out.push_str("\n\n");
    out
}

/// `12. e4` or `12... e5`: a Black move always follows a comment, so it is numbered.
fn numbered(n: &MoveNote) -> String {
    let dots = if n.white { "." } else { "..." };
    format!("{}{dots} {}", n.number, n.played)
}

/// The comment after a played move: rank, value difference, the trace's words.
fn pgn_comment(n: &MoveNote) -> String {
    format!(
        "rank {} of {}, diff {}: {}",
        n.rank,
        n.legal,
        n.diff_text(),
        n.comment
    )
}

/// Machack's line as a variation replacing the played move, its value (White's point of
/// view) in a comment.
fn variation(n: &MoveNote) -> String {
    let mut parts = Vec::with_capacity(n.line.len() + 1);
    let mut number = n.number;
    let mut white = n.white;
    for (i, san) in n.line.iter().enumerate() {
        parts.push(match (white, i) {
            (true, _) => format!("{number}. {san}"),
            (false, 0) => format!("{number}... {san}"),
            (false, _) => san.clone(),
        });
        if !white {
            number += 1;
        }
        white = !white;
    }
    parts.push(format!("{{machack {}}}", clean(&n.machack_score)));
    format!("({})", parts.join(" "))
}

/// A comment's text with nothing that ends a PGN comment early.
fn clean(text: &str) -> String {
    text.replace('}', ")")
}

/// Tokens joined by spaces into lines of at most `LINE_WIDTH` (a longer token stands
/// alone).
fn wrap(tokens: &[String]) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for t in tokens.iter().flat_map(|t| t.split(' ')) {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + t.len() > LINE_WIDTH {
            lines.push(t.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(t);
        }
    }
    lines.join("\n")
}

/// One game as a table: a row a move, then the summary line.
pub fn table(notes: &[MoveNote]) -> String {
    let mut out = format!(
        "{:<7} {:<8} {:>7} {:<8} {:>9}  {}\n",
        "move", "played", "rank", "machack", "diff", "comment"
    );
    for n in notes {
        let number = format!("{}{}", n.number, if n.white { "." } else { "..." });
        out.push_str(&format!(
            "{:<7} {:<8} {:>7} {:<8} {:>9}  {}\n",
            number,
            n.played,
            format!("{}/{}", n.rank, n.legal),
            n.machack,
            n.diff_text(),
            n.comment
        ));
    }
    out.push_str(&Matches::of(notes).line());
    out.push('\n');
    out
}
