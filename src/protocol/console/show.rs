//! What the console draws: the board (Unicode or ASCII) with the game history beside it,
//! the clocks, and the 1967 evaluation terms.

use shakmaty::{ByColor, Chess, Color, File, Move, Piece, Position, Rank, Square};

use crate::aids::{self, BoardTerms, MoveText, PointOfView};
use crate::notation::{self, Notation};
use crate::rules::Game;
use crate::search::{Bound, Score};

/// How many full moves of history stand beside the board.
const HISTORY_ROWS: usize = 9;

/// The Unicode chess symbols of each side, pawn to king (`Role as usize - 1`).
const GLYPHS: ByColor<[char; 6]> = ByColor {
    white: ['♙', '♘', '♗', '♖', '♕', '♔'],
    black: ['♟', '♞', '♝', '♜', '♛', '♚'],
};

/// The glyph of a piece: Unicode chess symbols, or the FEN letter in ASCII.
fn glyph(piece: Piece, unicode: bool) -> char {
    if !unicode {
        return piece.char();
    }
    GLYPHS.get(piece.color)[piece.role as usize - 1]
}

/// The board seen from `bottom`'s side, with the last full moves of the history to its
/// right. One string per line.
pub fn board(game: &Game, notation: Notation, unicode: bool, bottom: Color) -> Vec<String> {
    let pos = game.position();
    let empty = if unicode { '·' } else { '.' };
    let ranks: Vec<Rank> = match bottom {
        Color::White => Rank::ALL.iter().rev().copied().collect(),
        Color::Black => Rank::ALL.to_vec(),
    };
    let files: Vec<File> = match bottom {
        Color::White => File::ALL.to_vec(),
        Color::Black => File::ALL.iter().rev().copied().collect(),
    };
    let history = history_rows(game, notation);
    let shown = &history[history.len().saturating_sub(HISTORY_ROWS)..];
    let mut lines = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let mut row = format!(" {} ", rank.char());
        for &file in &files {
            let c = pos
                .board()
                .piece_at(Square::from_coords(file, *rank))
                .map_or(empty, |p| glyph(p, unicode));
            row.push(' ');
            row.push(c);
        }
        if let Some(h) = shown.get(i) {
            row.push_str("     ");
            row.push_str(h);
        }
        lines.push(row);
    }
    let mut foot = String::from("   ");
    for file in files {
        foot.push(' ');
        foot.push(file.char());
    }
    if let Some(h) = shown.get(8) {
        foot.push_str("     ");
        foot.push_str(h);
    }
    lines.push(foot);
    lines
}

/// The game's moves, one line per move number: `12. P-QB4      PxP`.
pub fn history_rows(game: &Game, notation: Notation) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut pos = game.start().clone();
    for &m in game.moves() {
        let text = notation::write_move(&pos, m, notation);
        let number = pos.fullmoves();
        match pos.turn() {
            Color::White => rows.push(format!("{number:>3}. {text:<12}")),
            Color::Black => {
                if rows.is_empty() {
                    rows.push(format!("{number:>3}. {:<12}", "..."));
                }
                if let Some(last) = rows.last_mut() {
                    last.push(' ');
                    last.push_str(&text);
                }
            }
        }
        pos.play_unchecked(m);
    }
    rows
}

/// A move with its number, as a scoresheet writes it: `12. P-QB4` or `12. ... PxP`.
pub fn numbered(pos: &Chess, m: Move, notation: Notation) -> String {
    numbered_text(&MoveText::new(pos, m), notation)
}

/// A move of a record with its number.
pub fn numbered_text(m: &MoveText, notation: Notation) -> String {
    let text = m.text(notation);
    if m.white {
        format!("{}. {text}", m.number)
    } else {
        format!("{}. ... {text}", m.number)
    }
}

/// A line of moves from `pos` in the notation, numbered.
pub fn line(pos: &Chess, moves: &[Move], notation: Notation) -> String {
    line_of(&aids::line(pos, moves), notation)
}

/// A line of a record in the notation, numbered: the first move, and White's moves.
pub fn line_of(line: &[MoveText], notation: Notation) -> String {
    let parts: Vec<String> = (line.iter().enumerate())
        .map(|(i, m)| match (m.white, i) {
            (false, 0) | (true, _) => numbered_text(m, notation),
            (false, _) => m.text(notation).to_string(),
        })
        .collect();
    parts.join(" ")
}

/// A value in pawns with its 1967 units: `+0.25 (32)`.
pub fn value(v: i32) -> String {
    format!("{:+.2} ({v})", f64::from(v) / 128.0)
}

/// Values within this of 0 (an eighth of a pawn) are called about even.
const EVEN: i32 = 16;

/// A search score of `side` (the side to move) as a person reads it: from White's side,
/// in pawns, with the sign said in words, e.g. `+0.35 (White is better)`.
pub fn verdict(s: Score, side: Color) -> String {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    match s {
        Score::Value(v) => {
            let white = if side == Color::White { v } else { -v };
            let words = match white {
                w if w.abs() < EVEN => "about even",
                w if w > 0 => "White is better",
                _ => "Black is better",
            };
            format!("{:+.2} ({words})", f64::from(white) / 128.0)
        }
        Score::Mate(n) if n >= 0 => format!("{} mates in {n}", name(side)),
        Score::Mate(n) => format!("{} mates in {}", name(!side), -n),
    }
}

/// A search score: pawns, or mate.
pub fn score(s: Score) -> String {
    match s {
        Score::Value(v) => value(v),
        other => other.to_string(),
    }
}

/// The evaluation terms, one per line (White's point of view).
pub fn terms(t: &BoardTerms) -> Vec<String> {
    vec![
        format!("  B  material balance      {}", value(t.b)),
        format!("  R  piece-ratio change    {}", value(t.r)),
        format!("  P  pawn structure        {}", value(t.p)),
        format!("  K  king safety           {}", value(t.k)),
        format!("  C  centre control        {}", value(t.c)),
        format!("  S  = B + R + P + K + C   {}", value(t.s)),
    ]
}

/// A duration as `h:mm:ss` or `m:ss`.
pub fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A value of the side to move `mover`, told from White's side with its bound (`<=` when
/// it is at most that, `>=` at least), or `no better` when that is all it says beside the
/// best move's value `best`.
pub fn told(s: Score, bound: Option<Bound>, best: Score, mover: Color) -> String {
    let white = PointOfView::White;
    match white.value(s, bound, mover) {
        _ if aids::no_better(s, bound, best) => "no better".into(),
        (Score::Value(v), b) => format!("{}{}", b.map_or("", Bound::sign), value(v)),
        (Score::Mate(_), _) => white.text(s, bound, mover),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::testing::game;

    #[test]
    fn verdicts_are_from_whites_side_with_the_sign_in_words() {
        assert_eq!(
            verdict(Score::Value(45), Color::White),
            "+0.35 (White is better)"
        );
        assert_eq!(
            verdict(Score::Value(45), Color::Black),
            "-0.35 (Black is better)"
        );
        assert_eq!(
            verdict(Score::Value(-3), Color::Black),
            "+0.02 (about even)"
        );
        assert_eq!(verdict(Score::Mate(2), Color::Black), "Black mates in 2");
        assert_eq!(verdict(Score::Mate(-1), Color::Black), "White mates in 1");
    }

    #[test]
    fn board_ascii_and_unicode_with_history() {
        let g = game(&["e4", "e5", "Nf3"]);
        let lines = board(&g, Notation::Descriptive, false, Color::White);
        assert_eq!(lines.len(), 9);
        assert!(lines[0].starts_with(" 8  r n b q k b n r"), "{}", lines[0]);
        assert!(lines[4].starts_with(" 4  . . . . P . . ."), "{}", lines[4]);
        assert!(lines[0].contains("1. P-K4"), "{}", lines[0]);
        assert!(lines[0].ends_with("P-K4"), "{}", lines[0]);
        assert!(lines[1].contains("2. N-KB3"), "{}", lines[1]);
        assert!(lines[8].starts_with("    a b c d e f g h"));
        let uni = board(&g, Notation::San, true, Color::Black);
        assert!(uni[0].starts_with(" 1  ♖ · ♗ ♔ ♕ ♗ ♘ ♖"), "{}", uni[0]);
        assert!(uni[0].contains("1. e4"));
        assert!(uni[8].starts_with("    h g f e d c b a"));
    }

    #[test]
    fn lines_and_values() {
        let pos = Chess::default();
        let g = game(&["e4", "e5"]);
        assert_eq!(line(&pos, g.moves(), Notation::San), "1. e4 e5");
        assert_eq!(line(g.position(), &[], Notation::San), "");
        assert_eq!(value(-64), "-0.50 (-64)");
        assert_eq!(clock(std::time::Duration::from_secs(7200)), "2:00:00");
        assert_eq!(clock(std::time::Duration::from_secs(65)), "1:05");
    }
}
