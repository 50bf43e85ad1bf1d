//! The feedover condition (docs/design.md §6.2): at the end of the basic search, whether the
//! position is too unsettled to evaluate statically, so the plausible move generator is applied
//! again. The condition is true if
//! 1. the side to move has a piece en prise and either it is in check or that piece is
//!    trapped or pinned; or
//! 2. the side to move has two or more pieces en prise; or
//! 3. each side has exactly one piece en prise, and the one of the side not to move is
//!    trapped or pinned while the mover's is not.
//!
//! The paper's reasons: the mover could save one piece simply en prise, but perhaps not
//! two, nor one that is trapped or pinned, nor one while also escaping a check; and in the
//! third case the mover may save its piece instead of capturing, after which the opponent
//! may fail to save his. When several cases hold, the first in this order is reported.
//! En prise, trapped and pinned are those of [`crate::attack`].

use shakmaty::{Chess, Position};

use crate::attack::Analysis;

/// Which of the paper's three cases made the feedover condition true.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feedover {
    /// 1. The side to move has a piece en prise and is in check, or that piece is trapped
    ///    or pinned.
    EnPriseAndConstrained,
    /// 2. The side to move has two or more pieces en prise.
    TwoEnPrise,
    /// 3. Each side has one piece en prise; the opponent's is trapped or pinned, ours not.
    OpponentsPieceCannotEscape,
}

impl Feedover {
    /// The case's number in the paper (1, 2 or 3).
    pub fn case(self) -> u8 {
        match self {
            Feedover::EnPriseAndConstrained => 1,
            Feedover::TwoEnPrise => 2,
            Feedover::OpponentsPieceCannotEscape => 3,
        }
    }

    /// A short name for output (`en_prise_and_constrained`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Feedover::EnPriseAndConstrained => "en_prise_and_constrained",
            Feedover::TwoEnPrise => "two_en_prise",
            Feedover::OpponentsPieceCannotEscape => "opponents_piece_cannot_escape",
        }
    }

    /// The case in words.
    pub fn describe(self) -> &'static str {
        match self {
            Feedover::EnPriseAndConstrained => {
                "the side to move has a piece en prise and is in check, or that piece is trapped or pinned"
            }
            Feedover::TwoEnPrise => "the side to move has two or more pieces en prise",
            Feedover::OpponentsPieceCannotEscape => {
                "each side has one piece en prise; the opponent's is trapped or pinned, the mover's is not"
            }
        }
    }
}

/// Tests the feedover condition of `pos` (whose analysis is `analysis`).
pub fn feedover(pos: &Chess, analysis: &Analysis) -> Option<Feedover> {
    let us = pos.turn();
    let ours = analysis.en_prise(us);
    if ours.is_empty() {
        return None;
    }
    let stuck = |c| analysis.trapped(c) | analysis.pinned(c);
    if pos.is_check() || (ours & stuck(us)).any() {
        return Some(Feedover::EnPriseAndConstrained);
    }
    if ours.more_than_one() {
        return Some(Feedover::TwoEnPrise);
    }
    let theirs = analysis.en_prise(!us);
    if theirs.count() == 1 && (theirs & stuck(!us)).any() {
        // Ours (exactly one) is neither trapped nor pinned, else case 1 held.
        return Some(Feedover::OpponentsPieceCannotEscape);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn fo(fen: &str) -> Option<Feedover> {
        let p: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        feedover(&p, &Analysis::new(&p))
    }

    #[test]
    fn quiet_start_has_no_feedover() {
        assert_eq!(
            fo("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        );
    }

    #[test]
    fn case_one_is_reported_before_case_two() {
        // Two knights forked by a pawn (case 2) while in check from the rook a1 (case 1):
        // the paper's first case is the one reported.
        let f = fo("4k3/8/8/3p4/2N1N3/8/8/r3K3 w - - 0 1");
        assert_eq!(f, Some(Feedover::EnPriseAndConstrained));
        assert_eq!(f.map(Feedover::case), Some(1));
    }

    #[test]
    fn only_the_side_to_move_counts_for_cases_one_and_two() {
        // Black's knights are forked, but it is White's move and White has nothing en
        // prise: no feedover (White simply takes).
        assert_eq!(fo("4k3/8/8/2n1n3/3P4/8/8/4K3 w - - 0 1"), None);
        assert_eq!(
            fo("4k3/8/8/2n1n3/3P4/8/8/4K3 b - - 0 1"),
            Some(Feedover::TwoEnPrise)
        );
    }
}
