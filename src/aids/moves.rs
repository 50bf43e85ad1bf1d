//! Moves and values as the records carry them: a move in every notation a front end may
//! show (so a record can be written in any of them without the position), and a value
//! with a number to draw bars with.

use serde::Serialize;
use shakmaty::{Chess, Color, Move, Position};

use crate::engine::legal_prefix;
use crate::notation::{self, Notation};
use crate::search::Score;

/// One move in every notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveText {
    pub uci: String,
    pub san: String,
    pub descriptive: String,
    /// The full-move number and whether White made it, for numbering a line.
    pub number: u32,
    pub white: bool,
}

impl MoveText {
    /// `m`, legal in `pos`, in every notation.
    pub fn new(pos: &Chess, m: Move) -> MoveText {
        MoveText {
            uci: notation::write_move(pos, m, Notation::Uci),
            san: notation::write_move(pos, m, Notation::San),
            descriptive: notation::write_move(pos, m, Notation::Descriptive),
            number: pos.fullmoves().get(),
            white: pos.turn() == Color::White,
        }
    }

    /// The move in `notation`.
    pub fn text(&self, notation: Notation) -> &str {
        match notation {
            Notation::Uci => &self.uci,
            Notation::San => &self.san,
            Notation::Descriptive => &self.descriptive,
        }
    }
}

/// A line of moves from `pos`, up to its first illegal move.
pub fn line(pos: &Chess, moves: &[Move]) -> Vec<MoveText> {
    let mut p = pos.clone();
    legal_prefix(pos, moves)
        .into_iter()
        .map(|m| {
            let text = MoveText::new(&p, m);
            p.play_unchecked(m);
            text
        })
        .collect()
}

/// A value as a page shows it: a number to draw bars with, and the mate it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    /// Pawn = 128; a mate counts as ±100000.
    pub value: i32,
    /// Moves to mate (negative: mated), when it is a mate.
    pub mate: Option<i32>,
}

impl From<Score> for ScoreView {
    fn from(s: Score) -> Self {
        match s {
            Score::Value(v) => ScoreView {
                value: v,
                mate: None,
            },
            Score::Mate(n) => ScoreView {
                value: if n > 0 { 100_000 - n } else { -100_000 - n },
                mate: Some(n),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_in_every_notation() {
        let pos = Chess::default();
        let m = crate::notation::read_move(&pos, "Nf3").unwrap();
        let t = MoveText::new(&pos, m);
        assert_eq!(
            (t.uci.as_str(), t.san.as_str(), t.descriptive.as_str()),
            ("g1f3", "Nf3", "N-KB3")
        );
        assert!(t.white);
        let l = line(&pos, &[m, m]);
        assert_eq!(l.len(), 1, "a line stops at its first illegal move");
    }

    #[test]
    fn a_move_is_read_back_in_the_notation_asked_for() {
        let pos = Chess::default();
        let t = MoveText::new(&pos, notation::read_move(&pos, "e4").unwrap());
        let texts = [Notation::Uci, Notation::San, Notation::Descriptive].map(|n| t.text(n));
        assert_eq!(texts, ["e2e4", "e4", "P-K4"]);
    }

    #[test]
    fn mates_count_beyond_every_value() {
        let v = ScoreView::from(Score::Mate(2));
        assert!(v.value > 10_000 && v.mate == Some(2));
        assert!(ScoreView::from(Score::Mate(-1)).value < -10_000);
    }
}
