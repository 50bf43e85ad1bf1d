//! Aid 3, the evaluation of a node term by term: the 1967 static board evaluator's terms of
//! any position, with what it saw there (the pawns' verdicts, the pieces en prise, pinned
//! or without a safe move, the feedover condition); and after a search, the terms at the
//! end of its lines and the value after each move, by the evaluator that search used.

use serde::Serialize;
use shakmaty::{Bitboard, ByColor, Chess, Move, Position};

use crate::attack::Analysis;
use crate::engine::legal_prefix;
use crate::eval::{Root, Terms, pawn_verdict, static_board_evaluator};
use crate::feedover::feedover;
use crate::search::modern::{end_terms, eval, to_score};
use crate::search::{Evaluator, Score};

pub use crate::eval::PawnVerdict;
pub use crate::feedover::Feedover;
/// The modern evaluator's terms of one position, one per field of its weight table that
/// counts there (centipawns before the blend, with the phase and endgame scale).
pub use crate::search::modern::EndTerms as ModernTerms;

/// The 1967 static board evaluation, S = B + R + P + K + C, term by term (White's point of
/// view, pawn = 128).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BoardTerms {
    pub b: i32,
    pub r: i32,
    pub p: i32,
    pub k: i32,
    pub c: i32,
    pub s: i32,
}

impl BoardTerms {
    /// The terms of `pos`, the piece-ratio term R measured against the search root `root`.
    pub fn of(pos: &Chess, root: &Chess) -> BoardTerms {
        BoardTerms::against(pos, &Root::new(root))
    }

    pub(super) fn against(pos: &Chess, root: &Root) -> BoardTerms {
        BoardTerms::from(&static_board_evaluator(pos, root))
    }
}

impl From<&Terms> for BoardTerms {
    fn from(t: &Terms) -> Self {
        BoardTerms {
            b: t.b,
            r: t.r,
            p: t.p,
            k: t.k,
            c: t.c,
            s: t.s(),
        }
    }
}

/// Everything the 1967 evaluator sees in one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    pub terms: BoardTerms,
    /// The verdicts on every pawn.
    pub pawns: Vec<PawnVerdict>,
    /// The pieces of each side en prise, pinned, and with no safe move (the paper's
    /// "trapped", which every piece still shut in on its home square is).
    pub en_prise: ByColor<Bitboard>,
    pub pinned: ByColor<Bitboard>,
    pub trapped: ByColor<Bitboard>,
    /// The feedover condition, if the position meets one.
    pub feedover: Option<Feedover>,
}

impl Evaluation {
    /// What the evaluator sees in `pos`, with `root` as the search root.
    pub fn of(pos: &Chess, root: &Chess) -> Evaluation {
        let analysis = Analysis::new(pos);
        let board = pos.board();
        let sides = |set: &dyn Fn(shakmaty::Color) -> Bitboard| ByColor::new_with(set);
        Evaluation {
            terms: BoardTerms::of(pos, root),
            pawns: (board.pawns().into_iter())
                .filter_map(|sq| pawn_verdict(board, sq))
                .collect(),
            en_prise: sides(&|c| analysis.en_prise(c)),
            pinned: sides(&|c| analysis.pinned(c)),
            trapped: sides(&|c| analysis.trapped(c)),
            feedover: feedover(pos, &analysis),
        }
    }
}

/// The evaluation at the end of a line term by term, by the evaluator of the search that
/// made the line (White's point of view): `{"evaluator":"1967","b",..,"s"}` (pawn = 128) or
/// `{"evaluator":"modern","phase","scale","terms":[{"name","mg","eg","value"}],"eval"}`
/// (centipawns).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "evaluator")]
pub enum EndTerms {
    #[serde(rename = "1967")]
    Board(BoardTerms),
    #[serde(rename = "modern")]
    Modern(ModernTerms),
}

impl EndTerms {
    /// The terms at the end of `line` played from the search root `root` (up to its first
    /// illegal move, which a line a search made never has), by `evaluator`.
    pub fn at(evaluator: Evaluator, root: &Chess, line: &[Move]) -> EndTerms {
        match evaluator {
            Evaluator::StaticBoard => {
                let mut end = root.clone();
                for m in legal_prefix(root, line) {
                    end.play_unchecked(m);
                }
                EndTerms::Board(BoardTerms::of(&end, root))
            }
            Evaluator::Modern => EndTerms::Modern(end_terms(root, line)),
        }
    }
}

/// A value of the modern evaluator (centipawns) in the 1967 units (pawn = 128) every value
/// is shown in.
pub fn from_centipawns(cp: i32) -> Score {
    to_score(cp)
}

/// The value `evaluator` gives `pos` on its own (White's point of view, pawn = 128), R of
/// the 1967 value measured against the search root `root`.
pub(super) fn static_value(evaluator: Evaluator, pos: &Chess, root: &Root) -> Score {
    match evaluator {
        Evaluator::StaticBoard => Score::Value(BoardTerms::against(pos, root).s),
        Evaluator::Modern => {
            let v = eval::evaluate(pos);
            to_score(pos.turn().fold_wb(v, -v))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    #[test]
    fn the_terms_add_up_and_the_evaluator_says_what_it_saw() {
        // White's rook on d4 is attacked by the pawn on e5 and defended by nothing.
        let (pos, _) = parse_fen("4k3/8/8/4p3/3R4/8/PP6/4K3 w - - 0 1").unwrap();
        let e = Evaluation::of(&pos, &pos);
        let t = e.terms;
        assert_eq!(t.s, t.b + t.r + t.p + t.k + t.c);
        assert_eq!(t.r, 0, "no change of material since the root");
        assert!(e.en_prise.white.contains(shakmaty::Square::D4));
        assert!(e.en_prise.black.is_empty());
        assert_eq!(e.pawns.len(), 3);
        assert!(e.pawns.iter().any(|p| p.isolated && p.passed));
    }
}
