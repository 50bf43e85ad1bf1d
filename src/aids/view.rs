//! Whose side a value is told from. A search values a position for the side to move (the
//! mover), as UCI does; a person reads values from White's side, as the console, the
//! command line and the scope print them unless asked otherwise: `+0.35` is good for
//! White whoever moves, and a mate names the side that mates.

use serde::Serialize;
use shakmaty::Color;

use crate::search::{Bound, Score};

/// The side a value is told from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PointOfView {
    /// Good for White is positive.
    #[default]
    White,
    /// Good for the side to move is positive.
    Mover,
}

impl PointOfView {
    /// `s`, a value for `mover`, told from this point of view, with its bound (an upper
    /// bound for the mover is a lower bound for White when the value turns).
    pub fn value(self, s: Score, bound: Option<Bound>, mover: Color) -> (Score, Option<Bound>) {
        if self == PointOfView::Mover || mover == Color::White {
            return (s, bound);
        }
        let turned = match s {
            Score::Value(v) => Score::Value(-v),
            Score::Mate(n) => Score::Mate(-n),
        };
        let bound = bound.map(|b| match b {
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
            Bound::Exact => Bound::Exact,
        });
        (turned, bound)
    }

    /// `s`, a value for `mover`, as text from this point of view: pawns with their sign
    /// (`+0.35`), or who mates (`White mates in 2`; from the mover's side `mate in 2`,
    /// `mated in 2`); a bound goes before it (`<=+0.35`).
    pub fn text(self, s: Score, bound: Option<Bound>, mover: Color) -> String {
        let (told, bound) = self.value(s, bound, mover);
        let sign = bound.map_or("", Bound::sign);
        match (self, told) {
            (PointOfView::White, Score::Mate(n)) => {
                let side = if n > 0 { "White" } else { "Black" };
                format!("{sign}{side} mates in {}", n.abs())
            }
            _ => format!("{sign}{told}"),
        }
    }

    /// A top-level move's value `s` (for `mover`) as text beside the best move's value
    /// `best`: `no better` when that is all it says ([`no_better`]), else [`Self::text`].
    pub fn row_text(self, s: Score, bound: Option<Bound>, best: Score, mover: Color) -> String {
        if no_better(s, bound, best) {
            return "no better".into();
        }
        self.text(s, bound, mover)
    }

    /// The words a label uses: `White's point of view`.
    pub fn label(self) -> &'static str {
        match self {
            PointOfView::White => "White's point of view",
            PointOfView::Mover => "the side to move's point of view",
        }
    }
}

/// Whether a top-level move's value `s` says only that the move is no better than the best
/// one (valued `best`): an upper bound at or above `best`, which a search with a narrow
/// window proves of most moves.
pub fn no_better(s: Score, bound: Option<Bound>, best: Score) -> bool {
    bound == Some(Bound::Upper) && s.value() >= best.value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_for_black_turns_for_white_and_its_bound_with_it() {
        let w = PointOfView::White;
        assert_eq!(
            w.value(Score::Value(-64), Some(Bound::Upper), Color::Black),
            (Score::Value(64), Some(Bound::Lower))
        );
        assert_eq!(
            w.text(Score::Value(-64), Some(Bound::Upper), Color::Black),
            ">=+0.50"
        );
        assert_eq!(w.text(Score::Value(-64), None, Color::White), "-0.50");
        assert_eq!(
            w.text(Score::Mate(2), None, Color::Black),
            "Black mates in 2"
        );
        assert_eq!(
            w.text(Score::Mate(-1), None, Color::Black),
            "White mates in 1"
        );
        assert_eq!(
            w.text(Score::Mate(3), None, Color::White),
            "White mates in 3"
        );
        // Beside a mate in one, a move that fails low is no better, not "at most mate in 1".
        let best = Score::Mate(1);
        assert_eq!(
            w.row_text(best, Some(Bound::Upper), best, Color::White),
            "no better"
        );
        assert_eq!(
            w.row_text(Score::Value(90), Some(Bound::Upper), best, Color::White),
            "<=+0.70"
        );
        assert_eq!(
            w.row_text(best, None, best, Color::White),
            "White mates in 1"
        );
        let m = PointOfView::Mover;
        assert_eq!(
            m.text(Score::Value(-64), Some(Bound::Upper), Color::Black),
            "<=-0.50"
        );
        assert_eq!(m.text(Score::Mate(-1), None, Color::Black), "mated in 1");
    }
}
