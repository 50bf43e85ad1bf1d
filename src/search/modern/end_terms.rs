//! Debugging aid 3 of the modern search: the modern evaluator's terms at the end of a line,
//! one per field of its weight table. `crate::aids` makes them after a search, only when
//! someone looks (the console, `machack search`, the scope page); the search itself never
//! computes them.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use super::eval::trace::{self, Term, Trace};
use super::eval::{DEFAULT, FULL_SCALE, MAX_PHASE, evaluate};

/// The modern evaluation of one position split into its terms (White's point of view,
/// centipawns).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndTerms {
    /// The game phase that blends the middlegame and endgame sums, 0 ..=
    /// [`super::eval::MAX_PHASE`].
    pub phase: u8,
    /// [`super::eval::MAX_PHASE`], the phase of the full board (for readers of the JSON).
    pub max_phase: i32,
    /// The endgame scale in [`super::eval::FULL_SCALE`]ths.
    pub scale: u8,
    /// [`super::eval::FULL_SCALE`], the scale of an ending that is not drawish.
    pub full_scale: i32,
    /// Every field of the table that counts here, in the table's order.
    pub terms: Vec<Term>,
    /// The evaluation itself: the terms' values add up to it, give or take the rounding
    /// of the blend.
    pub eval: i32,
}

/// The modern evaluator's terms at the end of `line` played from `pos` (stops at the first
/// move that is not legal there, which a line the search made never has).
pub fn end_terms(pos: &Chess, line: &[Move]) -> EndTerms {
    let mut end = pos.clone();
    for &m in line {
        if !end.is_legal(m) {
            break;
        }
        end.play_unchecked(m);
    }
    let trace = Trace::of(&end, &trace::indices(), &DEFAULT);
    let eval = evaluate(&end);
    EndTerms {
        phase: trace.phase,
        max_phase: MAX_PHASE,
        scale: trace.scale,
        full_scale: FULL_SCALE,
        terms: trace.terms(&DEFAULT),
        eval: end.turn().fold_wb(eval, -eval),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    /// `moves` (coordinates) from the start.
    fn line(moves: &[&str]) -> Vec<Move> {
        let mut pos = Chess::default();
        moves
            .iter()
            .map(|text| {
                let m = notation::read_move(&pos, text).unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn the_terms_add_up_to_the_evaluation_at_the_line_end() {
        let moves = line(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
        let t = end_terms(&Chess::default(), &moves);
        let sum: f64 = t.terms.iter().map(|t| t.value).sum();
        assert!(
            (sum - f64::from(t.eval)).abs() <= 2.0,
            "{sum} vs {}",
            t.eval
        );
        // Black to move after Nc3 hits the queen: White's tempo is gone, the material even.
        assert!(t.terms.iter().any(|t| t.name == "tempo" && t.value < 0.0));
        assert!(t.terms.iter().all(|t| t.name != "material"), "{t:?}");
        assert_eq!(t.phase, 24);
    }

    #[test]
    fn an_illegal_move_ends_the_line() {
        let moves = line(&["e2e4", "e7e5"]);
        let short = end_terms(&Chess::default(), &moves[..1]);
        // e7e5 again after e2e4 e7e5 is not legal: the line stops before it.
        let stopped = end_terms(&Chess::default(), &[moves[0], moves[1], moves[1]]);
        assert_eq!(stopped, end_terms(&Chess::default(), &moves));
        assert_ne!(short, stopped);
        assert_eq!(
            end_terms(&Chess::default(), &[]).eval,
            evaluate(&Chess::default())
        );
    }
}
